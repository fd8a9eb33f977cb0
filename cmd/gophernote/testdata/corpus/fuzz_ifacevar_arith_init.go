// Found by TestGoFuzz (make fuzz-go): progen seed 614474797467, unit 1 (a
// crash in script and notebook modes), minimized by hand.
//
// A variable declared with an interface type with methods and
// initialized by arithmetic on a named float type with methods: Go
// prints 0.75, the interpreter panics (reflect: call of
// reflect.Value.SetFloat on struct Value).

package main

import "fmt"

type N float64

func (r N) Get() string { return "g" }

type I interface{ Get() string }

func main() {
	f := 2.0
	var a I = 1.5 / N(f)
	fmt.Println(a)
}
