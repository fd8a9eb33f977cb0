package main

import "fmt"

func main() {
	fmt.Println("before the panic")
	var xs []int
	fmt.Println(xs[5])
}
