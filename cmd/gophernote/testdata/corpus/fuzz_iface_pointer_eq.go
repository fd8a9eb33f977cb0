// Found by TestGoFuzz (make fuzz-go): progen seed 1004, unit 7 (a silent
// difference in script and notebook modes), minimized automatically.
//
// An interface holding a pointer to a cell struct type with a method does
// not compare equal to the same pointer (issue 19's var f any = &b;
// f == &b): Go prints true, gophernote false.

package main

import "fmt"

type S struct {
	Name string
}

func (r *S) Set() {}

func main() {
	b := S{}
	var f any = &b
	fmt.Println(f == &b, f)
}
