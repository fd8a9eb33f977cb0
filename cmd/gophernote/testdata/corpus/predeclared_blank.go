// Names Go lets a program declare again or leave blank: constants and
// variables named like predeclared identifiers (rename.go), blank types
// (type _ T) and several blank struct fields (padding), builtins given a
// multi-value call as their arguments, and unsafe.Offsetof of promoted
// fields. yaegi crashed compiling each, or (var nil, append(g())) gave
// another value.
package main

import (
	"fmt"
	"sort"
	"unsafe"
)

const (
	len  = 3 // hides the builtin len in this package
	true = len * 2
)

var nil, iota = "nil here", 7

type _ int

type (
	_      struct{ hidden bool }
	Header struct {
		Kind byte
		_    [3]byte // padding
		Size uint32
		_    uint64
	}
	Frame struct {
		ID int16
		Header
	}
)

func split(s []string) ([]string, string, string) {
	return s[:1], s[1] + "!", s[2] + "?"
}

func pair() (float64, float64) { return 1.5, -2 }

func minmax() (int, int) { return 4, 9 }

func main() {
	fmt.Println(len, true, nil, iota)
	words := []string{"a", "b", "c"}
	out := append(split(words))
	sort.Strings(out)
	fmt.Println(out, complex(pair()), max(minmax()), min(minmax()))
	h := Header{Kind: 1, Size: 40}
	fmt.Printf("%v %+v\n", h, h)
	seen := map[Header]int{h: 1}
	seen[Header{Kind: 1, Size: 40}]++
	fmt.Println(seen[h], h == Header{Kind: 1, Size: 40})
	var f *Frame
	fmt.Println(unsafe.Offsetof(f.Size), unsafe.Offsetof(f.Header), unsafe.Sizeof(h))
}
