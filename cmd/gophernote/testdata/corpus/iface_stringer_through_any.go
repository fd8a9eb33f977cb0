// Found by hand (2026-12-03) while building the boxes of fix_boxnamed.go:
// a value of a cell struct type with a String method, passed to an any
// parameter, reached fmt in yaegi's wrapper, which called String on the
// struct's last field (reflect.Set panicked inside fmt); the same in a
// package-level table of structs with an interface field (printed <nil>).
// Go calls String.

package main

import "fmt"

type S struct{ X, Y int }

func (s S) String() string { return fmt.Sprintf("S=%d", s.X) }

func pr(a any) { fmt.Println(a); fmt.Printf("%v|%s|%d\n", a, a, a) }

func main() {
	for _, row := range table {
		fmt.Println(row.x, row.s)
	}
	pr(S{1, 2})
}

type entry struct {
	x any
	s string
}

var table = [...]entry{{S{7, 8}, "a"}, {3, "b"}}
