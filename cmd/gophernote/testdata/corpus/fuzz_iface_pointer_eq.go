// Found by TestGoFuzz (make fuzz-go): progen seeds 1004 (unit 7) and 5030
// (unit 2), silent differences in script and notebook modes, minimized
// automatically and reduced by hand.
//
// An interface holding a pointer to a cell type with methods is not equal
// to that pointer, nor a typed nil to the same typed nil (issue 19's
// var f any = &b; f == &b); without methods it is: Go prints true true
// true, gophernote false false true.

package main

import "fmt"

type S struct {
	Name string
}

func (r *S) Set() {}

type P struct{ A int }

func main() {
	b := S{}
	var f any = &b
	var p *S
	var i any = p
	c := P{}
	var g any = &c
	fmt.Println(f == &b, i == (*S)(nil), g == &c)
}
