// Found by TestGoFuzz (make fuzz-go): progen seed 5013, unit 3 (a crash in
// script and notebook modes), minimized automatically and reduced by hand.
//
// Storing a struct value of a cell type into a map whose values are of an
// interface type with methods (m["k"] = S{}) panics in the interpreter
// ("reflect.Set: value of type interp.valueInterface is not assignable to
// type struct { K int32 }"; yaegi v0.16.1 alone does it); a map literal
// with an interface variable works. Go prints 1 S.

package main

import "fmt"

type S struct{ K rune }

func (r S) String() string { return "S" }

type I interface{ String() string }

func main() {
	m := map[string]I{}
	m["k"] = S{}
	fmt.Println(len(m), m["k"].String())
}
