// Found by TestGoFuzz (make fuzz-go): progen seed 1032, unit 4 (a silent
// difference in script and notebook modes), minimized automatically and
// reduced by hand.
//
// A value of a named non-struct cell type stored in an interface keeps no
// type of its own, so == on interfaces is wrong both ways (the engine
// refuses assertions and type switches on such values, not comparisons):
// a type with methods is unequal to its own value, one without equals a
// value of its underlying type. Go prints true true false / true false,
// gophernote false false false / true true.

package main

import "fmt"

type N uint32

func (r N) Get() int { return int(r) }

type M uint32

func main() {
	b := N(10)
	var h any = b
	fmt.Println(h == b, h == any(b), h == any(uint32(10)))
	c := M(3)
	var k any = c
	fmt.Println(k == c, k == any(uint32(3)))
}
