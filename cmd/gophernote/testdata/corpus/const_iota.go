package main

import "fmt"

const (
	A = iota
	B = iota
	C = iota
)

const (
	X = iota * 10
	Y
	Z
)

func main() {
	fmt.Println(A, B, C)
	fmt.Println(X, Y, Z)
}
