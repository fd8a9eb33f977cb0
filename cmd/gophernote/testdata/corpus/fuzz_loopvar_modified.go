// Found by TestGoFuzz (make fuzz-go): progen seeds 1019 (unit 0) and 1024
// (unit 6), silent differences in script and notebook modes, minimized
// automatically.
//
// A three-clause loop whose body changes the loop variable keeps one
// variable for all iterations: closures made in it see its last value
// instead of each iteration's (Go 1.22 copies the variable into the next
// iteration): Go prints 2 5 8 11, gophernote 12 12 12 12.

package main

import "fmt"

func main() {
	var fs []func() int
	for i := 0; i < 10; i++ {
		fs = append(fs, func() int { return i })
		i += 2
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
}
