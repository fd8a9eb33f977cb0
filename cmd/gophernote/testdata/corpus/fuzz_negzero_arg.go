// Found by TestGoFuzz (make fuzz-go): progen seed 4, unit 4 (a silent
// difference in script and notebook modes), reduced by hand.
//
// A negative zero passed to an interpreted function arrives as +0 (yaegi
// v0.16.1 alone does it), and so min and max, which the engine lowers to
// interpreted helpers, lose the sign: Go prints -0 true -0 -0, gophernote
// 0 false 0 0.

package main

import (
	"fmt"
	"math"
)

func id(x float64) float64 { return x }

func main() {
	z := 0.0
	f := z * -1
	fmt.Println(id(f), math.Signbit(id(f)), min(f, f), max(f, f))
}
