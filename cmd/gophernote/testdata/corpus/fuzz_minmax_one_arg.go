// Found by TestGoFuzz (make fuzz-go): progen seeds 1000 (unit 6), 3 (unit
// 1) and hundreds more, crashes in script and notebook modes, reduced by
// hand.
//
// min or max of one non-constant argument crashes the interpreter while
// compiling the cell ("CFG post-order panic: runtime error: index out of
// range [1] with length 1"): the engine lowers it to its variadic generic
// helper called with no variadic arguments, which yaegi's type inference
// cannot take (yaegi v0.16.1 crashes the same way on any such call). Go
// prints 3 3.

package main

import "fmt"

func main() {
	x := 3
	fmt.Println(max(x), min(x))
}
