// Found by TestGoFuzz (seed 2008, unit 4; 2026-12-03) and minimized by
// hand: min and max with a variable argument in a var declaration with a
// type (var d int = min(5, x)) gave the zero value. The engine calls its
// interpreted generic helper _gnMin there, and yaegi v0.16 returns the
// zero value from a variadic generic function called in a var declaration
// (var d int = gm(x, 5), also var d = int(gm(x, 5))) once the helper is
// instantiated that way; d := min(5, x) is right. Go prints 1 1.5 -1 1.

package main

import "fmt"

func main() { run() }

// run keeps the declarations in a function: at a notebook cell's top level
// a var initialized by min is refused (a generic call in a package-level
// var), which is not this class.
func run() {
	x := 1
	var d int = min(5, x)
	y := 1.5
	var e float64 = max(y, 0.5)
	var f int = -min(x, 3)
	g := min(5, x)
	fmt.Println(d, e, f, g)
}
