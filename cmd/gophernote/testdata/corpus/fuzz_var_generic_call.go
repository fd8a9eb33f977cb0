// Found by TestGoFuzz (make fuzz-go): progen seed 1007, unit 4 (a silent
// difference in script and notebook modes), reduced by hand from the
// automatic minimization.
//
// A typed var declaration initialized by a call of a generic function
// gets the zero value (yaegi v0.16.1 alone prints 0 for
// var n int = Id[int](5)): Go prints 5 and {[2]}, gophernote 0 and {[]}.

package main

import "fmt"

type S struct {
	A []int
}

func Id[T any](x T) T { return x }

func main() {
	var n int = Id(5)
	fmt.Println(n)
	var v S = S{A: Id([]int{2})}
	fmt.Println(v)
}
