// Found by TestGoFuzz (make fuzz-go): progen seed 1022, unit 5 (a silent
// difference in script and notebook modes), minimized automatically and
// reduced by hand.
//
// A named result of a struct type assigned a composite literal is
// returned as the zero value (yaegi v0.16.1 alone does it; a local
// variable assigned the same way is returned right): Go prints {9} {9},
// gophernote {0} {9}.

package main

import "fmt"

type S struct {
	K uint16
}

func named() (r S) {
	r = S{9}
	return r
}

func local() S {
	var r S
	r = S{9}
	return r
}

func main() {
	fmt.Println(named(), local())
}
