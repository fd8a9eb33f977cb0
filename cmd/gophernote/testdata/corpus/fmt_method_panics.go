// A String or Error method that panics prints as fmt's
// %!v(PANIC=String method: ...), alone and as a slice's element; a nil
// pointer element whose method panics prints <nil>. The interpreter's
// wrappers named their Format method instead.
package main

import (
	"errors"
	"fmt"
)

type Kind int

func (k Kind) String() string {
	if k == 4 {
		panic(fmt.Sprint("kind ", int(k)))
	}
	return [...]string{"?", "S", "M", "L"}[k]
}

type Bad struct{ n int }

func (b Bad) Error() string {
	if b.n == 0 {
		panic(errors.New("zero"))
	}
	return "bad"
}

type R struct{}

func (*R) String() string { panic("r") }

func main() {
	fmt.Println(Kind(4), []Kind{1, 4})
	fmt.Printf("%5s|%q\n", []Bad{{1}, {0}}, Bad{0})
	fmt.Println([]*R{nil, {}}, &R{})
}
