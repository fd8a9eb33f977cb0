// Found by TestGoFuzz (make fuzz-go): progen seeds 5002 (unit 1), 4 (unit
// 0) and many more, silent differences in script and notebook modes,
// reduced by hand.
//
// The arguments of a deferred call are evaluated when the call runs, not
// when the defer statement executes (yaegi v0.16.1 alone does it): Go
// prints named 3, literal 3, main 3; gophernote named 0, literal 0, main 0.

package main

import "fmt"

func named() {
	y := 3
	defer fmt.Println("named", y)
	y = 0
}

func main() {
	named()
	func() {
		y := 3
		defer fmt.Println("literal", y)
		y = 0
	}()
	y := 3
	defer fmt.Println("main", y)
	y = 0
}
