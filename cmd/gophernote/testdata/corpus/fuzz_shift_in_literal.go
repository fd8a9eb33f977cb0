// Found by TestGoFuzz (make fuzz-go): progen seed 5087, unit 4, and others
// (crashes in script and notebook modes), minimized automatically and
// reduced by hand.
//
// An untyped constant shifted by a non-constant count takes the type its
// context gives it; as an element of a composite literal or an argument of
// a sized integer type ([]int8{1 << k}, f(1 << k)) the interpreter computes
// an int and panics storing it ("reflect.Set: value of type int is not
// assignable to type int8", "reflect: Call using int as type int8"; yaegi
// v0.16.1 alone does it); in a declaration or an assignment it is right.
// Go prints [92 63] [2] 2.

package main

import "fmt"

func main() {
	var n int64 = 0
	a := []int8{'\\', 63 << (n & 127)}
	var k uint = 1
	b := []int8{1 << k}
	f := func(x int8) int8 { return x }
	fmt.Println(a, b, f(1<<k))
}
