// Issue 12: each spec of a const group was declared on its own (0 0 0), and
// an implicit repetition crashed with "index out of range [-1]".
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

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
)

const (
	_  = iota
	KB = 1 << (10 * iota)
	MB
	GB
)

const (
	p, q = iota, iota * 2
	r, s
)

func main() {
	fmt.Println(A, B, C)
	fmt.Println(X, Y, Z)
	fmt.Println(Sunday, Monday, Tuesday)
	fmt.Println(KB, MB, GB)
	fmt.Println(p, q, r, s)
}
