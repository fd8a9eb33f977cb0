// Found by TestGoFuzz (make fuzz-go): progen seed 5045, unit 5 (a crash in
// script and notebook modes), minimized automatically and reduced by hand.
//
// The same root cause as fuzz_untyped_int_division.go, seen as a crash: an
// untyped constant expression given a float type by a var declaration is
// evaluated in the float type, so its integer operators fail with the
// interpreter's own compile error ("invalid operation: operator & not
// defined on float64"). Go evaluates constants exactly: it prints -14.285714285714286.

package main

import "fmt"

func main() {
	var v float64 = ((0x9 * '\n') & (15 % 829)) * ((0x2 / 0.2) / (-7))
	fmt.Println(v)
}
