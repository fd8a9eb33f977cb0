// Found by TestGoFuzz (make fuzz-go): progen seeds 1011 (unit 0) and 1046
// (unit 4), silent differences in script and notebook modes, reduced by
// hand.
//
// fmt's text for a verb that does not fit a value of a named non-struct
// cell type named the underlying type (the value reaches fmt without its
// type): Go prints %!s(main.N=1.5), gophernote printed %!s(float64=1.5);
// the fmt pass now hands such an argument of a constant format to its
// proxy with the type's name (fix_fmt.go, badVerbNamed).

package main

import "fmt"

type N float64

func main() {
	n := N(1.5)
	fmt.Printf("%s|%d\n", n, n)
}
