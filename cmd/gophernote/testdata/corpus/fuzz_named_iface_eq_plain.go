// Found by TestGoFuzz (make fuzz-go): progen seed 1032, unit 4 (a silent
// difference in script and notebook modes), minimized automatically and
// reduced by hand; split from fuzz_named_iface_eq.go.
//
// A value of a named non-struct cell type without methods stored in an
// interface is a bare value of its underlying type, so it equals a value
// of that type held in an interface. Go prints true false, gophernote
// true true.

package main

import "fmt"

type M uint32

func main() {
	c := M(3)
	var k any = c
	fmt.Println(k == c, k == any(uint32(3)))
}
