// Issue 12: println and print wrote to stdout (Go: stderr).
package main

import "fmt"

func main() {
	fmt.Println("to stdout")
	println("to stderr", 1, -2, 2.5, true, 'x')
	print("no newline ", uint8(7), " ", 1e21, " ", float32(0.1), "\n")
	println(complex(1, -2))
	println()
	fmt.Println("done")
}
