// Found by TestGoFuzz (make fuzz-go): progen seed 2, unit 7, a crash in
// script and notebook modes, minimized automatically and reduced by hand.
//
// In a generic function, a variable defined from a constant converted to
// the type parameter (t := T(64)) crashes the interpreter while compiling
// the call ("CFG post-order panic: runtime error: invalid memory address
// or nil pointer dereference"); a + T(64) and t := T(v) of a variable v
// work. In a cell that also declares a generic type with methods it shows
// as "undefined: T" at the method's receiver. Go prints 64.

package main

import "fmt"

type N uint32

type Number interface{ ~uint32 }

func Arith[T Number](a, b T) T {
	t := T(64)
	return t
}

func main() {
	fmt.Println(Arith(N(0), N(0)))
}
