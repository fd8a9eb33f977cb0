// Found by TestGoFuzz (make fuzz-go): progen seed 281659544025, unit 7, a
// silent difference in notebook mode (also as a script), minimized
// automatically and reduced by hand.
//
// A complex constant expression whose exact value is 0 (0 * (1i - 4)) is
// evaluated at run time in floating point, where it is (-0+0i): printed
// as such, and a division by it gives -Inf instead of +Inf. Go's constants
// are exact and have no negative zero (the class of fuzz_const_negzero.go).
// Go prints (+Inf+NaNi), then (0+0i) (+Inf+NaNi).

package main

import (
	"fmt"
	"math"
)

func main() {
	c := complex(1e3, math.NaN())
	fmt.Println(c / (0 * (complex128(1i) - 0x4)))
	z := 0 * (complex128(1i) - 4)
	fmt.Println(z, c/z)
}
