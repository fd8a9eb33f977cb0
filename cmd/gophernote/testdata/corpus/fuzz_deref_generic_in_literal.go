// Found by TestGoFuzz (make fuzz-go): progen seeds 5015 (unit 0) and 5018
// (unit 6), crashes in script and notebook modes, minimized automatically
// and reduced by hand.
//
// Dereferencing the result of a generic function call as an element of a
// composite literal ([]int{*Ptr(7)}) crashes the interpreter while
// compiling the cell (yaegi v0.16.1 alone crashes with a nil pointer
// dereference); the same call outside a literal works. Go prints [7].

package main

import "fmt"

func Ptr[T any](v T) *T { return &v }

func main() {
	s := []int{*Ptr(7)}
	fmt.Println(s)
}
