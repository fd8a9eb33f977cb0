// Found by TestGoFuzz (make fuzz-go): progen seed 1016, unit 5 (a silent
// difference in script and notebook modes), minimized automatically and
// reduced by hand.
//
// A division of untyped integer constants given a float type by its
// context is an integer division in Go (issue 19's var r float64 = 3 / 2);
// the interpreter divides in floating point in declarations and
// op-assignments (an argument is right): Go prints 1 -0 1 1, gophernote
// 1.5 -4.8894435178696745e-09 1.5 1.

package main

import (
	"fmt"
	"math"
)

func half(x float64) float64 { return x }

func main() {
	var r float64 = 3 / 2
	z := 0.0
	f := -z
	f -= (7 + 14) / math.MaxUint32
	g := 1.0
	g *= 3 / 2
	fmt.Println(r, f, g, half(3/2))
}
