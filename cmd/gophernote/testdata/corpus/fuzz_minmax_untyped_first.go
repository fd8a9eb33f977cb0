// Found by TestGoFuzz (make fuzz-go): progen seeds 5005 (unit 3) and 5008
// (unit 0), crashes in script and notebook modes, minimized automatically
// and reduced by hand.
//
// min or max whose first argument is an untyped constant expression (not
// a literal) and a later one typed is refused by the interpreter with its
// own wrong compile error ("cannot use type int32 as type untyped int"):
// the engine moves only a literal out of first place, and its helper's
// type parameter is inferred from the first argument. Go prints -519 90 4.

package main

import "fmt"

func main() {
	var r rune = 'Z'
	fmt.Println(min(16-535, r), max(2*3, r))
	var b uint8 = 7
	fmt.Println(min(1<<2, b))
}
