// Found by TestGoFuzz (make fuzz-go): progen seed 5048, unit 5 (a crash
// in script and notebook modes), minimized automatically and reduced by
// hand.
//
// real or imag of an untyped complex constant (imag(0.5 - 1.5i),
// real(1+2i)) crashes the interpreter while compiling the cell ("reflect:
// call of reflect.Value.Complex on interface Value"; yaegi v0.16.1 alone
// does it). Go prints -1.5 1.

package main

import "fmt"

func main() {
	x := imag(0.5 - 1.5i)
	fmt.Println(x, real(1+2i))
}
