// Issue 12: `ch := make(chan int); ch <- 1` hung `gophernote run` forever
// (Go: all goroutines are asleep - deadlock!).
package main

import "fmt"

func main() {
	fmt.Println("before")
	ch := make(chan int)
	ch <- 1
	fmt.Println("never")
}
