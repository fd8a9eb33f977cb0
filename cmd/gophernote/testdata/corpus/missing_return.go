// Issue 12: a func with a missing return compiled and returned 0.
package main

import "fmt"

func sign(x int) int {
	if x > 0 {
		return 1
	} else if x < 0 {
		return -1
	}
}

func main() {
	fmt.Println(sign(3))
}
