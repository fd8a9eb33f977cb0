// Found by TestGoFuzz (make fuzz-go): progen seed 1032, unit 4 (a silent
// difference in script and notebook modes), minimized automatically and
// reduced by hand.
//
// A value of a named non-struct cell type with methods stored in an
// interface: yaegi keeps it bare in one place (var h any = b) and in its
// wrapper in another (any(b)), so h == any(b) answered false. The engine
// now refuses that comparison at run time (the bare value may be an N or
// a plain uint32 of the same value); unequal values still answer false.
// Go prints true true false.

package main

import "fmt"

type N uint32

func (r N) Get() int { return int(r) }

func main() {
	b := N(10)
	var h any = b
	fmt.Println(h == b, h == any(b), h == any(uint32(10)))
}
