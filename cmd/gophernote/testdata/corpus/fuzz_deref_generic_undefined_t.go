// Found by TestGoFuzz (make fuzz-go): progen seed 1, units 1 and 2, a
// crash in script and notebook modes, reduced by hand.
//
// A face of deref-generic-in-literal (fuzz_deref_generic_in_literal.go):
// dereferencing a generic call as a composite literal element in a cell
// that also declares a generic type with methods fails with the
// interpreter's own wrong compile error "undefined: T" at the method's
// receiver, not at the literal. Go prints [5] 3.

package main

import "fmt"

func Ptr[T any](v T) *T { return &v }

type Box[T any] struct{ V T }

func (b Box[T]) Get() T { return b.V }

func main() {
	s := []rune{*Ptr(rune(5))}
	fmt.Println(s, Box[int]{3}.Get())
}
