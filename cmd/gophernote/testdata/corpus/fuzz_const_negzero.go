// Found by TestGoFuzz (make fuzz-go): progen seed 4, unit 0 (a silent
// difference in script and notebook modes), reduced by hand.
//
// A constant expression negating a typed zero (-float32(0.0)) is -0 at
// run time; Go's constants are exact and have no negative zero, so Go
// prints 0 false, gophernote -0 true.

package main

import (
	"fmt"
	"math"
)

func main() {
	f := float64(-float32(0.0))
	fmt.Println(f, math.Signbit(f))
}
