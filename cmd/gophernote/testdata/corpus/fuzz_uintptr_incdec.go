// Found by TestGoFuzz (make fuzz-go): progen seed 1027, unit 0 (a silent
// difference in script mode: the program printed nothing more and exited
// 0), minimized automatically and reduced by hand.
//
// x++ or x-- on a uintptr (or a type whose underlying type is uintptr,
// also a map entry m[k]++) returns from the enclosing function: the rest
// of the function is skipped without an error (yaegi v0.16.1 alone does
// it). Go prints "in f 6", "after f", "map[a:1]"; gophernote only
// "after f".

package main

import "fmt"

type N uintptr

func f() {
	var x uintptr = 5
	x++
	fmt.Println("in f", x)
}

func g() {
	m := map[string]N{}
	m["a"]++
	fmt.Println(m)
}

func main() {
	f()
	fmt.Println("after f")
	g()
}
