// Found by TestGoFuzz (make fuzz-go): progen seed 1003, unit 2 (a silent
// difference in script and notebook modes), minimized automatically and
// reduced by hand.
//
// A recovered slice-bounds panic prints the engine's text instead of
// Go's: Go prints "runtime error: slice bounds out of range [4:1]",
// gophernote "... out of range (the interpreter does not report the
// bounds)"; the program computes with the value recover returns.

package main

import "fmt"

func main() {
	defer func() {
		r := recover()
		fmt.Println("recovered:", r)
	}()
	xs := []int{1, 2, 3}
	lo := 4
	fmt.Println(xs[lo:1])
}
