// Found by TestGoFuzz (make fuzz-go): progen seeds 1012 (unit 0) and 1023
// (unit 3), silent differences in script and notebook modes, reduced by
// hand.
//
// A closure deferred in a loop body sees one variable for all iterations
// instead of Go 1.22's per-iteration loop variable (closures stored in a
// slice get their own): Go prints 2 1 0 and 20 15 10 5 0, gophernote
// 2 2 2 and 20 20 20 20 20.

package main

import "fmt"

func main() {
	func() {
		for i := 0; i < 3; i++ {
			defer func() { fmt.Print(i, " ") }()
		}
	}()
	fmt.Println()
	func() {
		for i := range 5 {
			defer func() { fmt.Print(i*5, " ") }()
		}
	}()
	fmt.Println()
}
