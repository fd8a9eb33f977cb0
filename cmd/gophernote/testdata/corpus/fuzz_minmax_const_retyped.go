// Found by TestGoFuzz (make fuzz-go): progen seed 2, unit 2, a crash in
// script and notebook modes, reduced by hand.
//
// After min or max of untyped constants (here the named constant c and
// 3), a later use of c in a typed context fails with the interpreter's own
// wrong compile error ("cannot use type untyped rune as type uint8 in
// assignment"): the call leaves c with the type of the helper's
// instantiation. A generic call Id(c) does not, nor min(c, rune(3)).
// Go prints 3 and 6.

package main

import "fmt"

func main() {
	const c = 'a' % 7
	fmt.Println(min(c, 3))
	var x uint8
	x = c
	fmt.Println(x)
}
