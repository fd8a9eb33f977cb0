// Found by TestGoFuzz (make fuzz-go): progen seed 5052, unit 7 (a crash in
// notebook mode), minimized automatically and reduced by hand.
//
// In a statement cell (main's body as a notebook cell), s := Zero[S]()
// of a struct type S with a method and a map field panics ("interface
// conversion: map[string]int is not struct { Val string; A map[string]int
// }: missing method"); inside a function it works. Go prints true 0.

package main

import "fmt"

type S struct {
	Val string
	A   map[string]int
}

func (r S) Error() string { return "S" }

func Zero[T any]() T {
	var z T
	return z
}

func main() {
	s := Zero[S]()
	fmt.Println(s.Val == "", len(s.A))
}
