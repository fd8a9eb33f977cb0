// Issue 12: an index out of range reported "reflect: slice index out of
// range" (Go: index out of range [15] with length 10).
package main

import "fmt"

func main() {
	s := make([]int, 10)
	i := 15
	fmt.Println("len", len(s))
	fmt.Println(s[i])
}
