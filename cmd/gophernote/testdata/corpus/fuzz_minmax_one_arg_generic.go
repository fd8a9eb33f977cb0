// Found by TestGoFuzz (make fuzz-go): progen seed 2, units 5 and 4, a
// crash in script and notebook modes, reduced by hand.
//
// The most frequent face of minmax-one-arg (fuzz_minmax_one_arg.go): min
// or max of one non-constant argument in a cell that also declares a
// generic type with methods fails with the interpreter's own wrong compile
// error "undefined: T" at the method's receiver, not at the call. Go
// prints {3} 7.

package main

import "fmt"

type Acc[T int | float64] struct {
	Total T
}

func (a *Acc[T]) Add(v T) { a.Total += v }

func main() {
	var a Acc[int]
	a.Add(3)
	b := byte(7)
	fmt.Println(a, min(b))
}
