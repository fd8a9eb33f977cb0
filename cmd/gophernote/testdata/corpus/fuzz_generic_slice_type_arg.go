// Found by TestGoFuzz (make fuzz-go): progen seed 5001, unit 1 (a crash
// in script and notebook modes), minimized automatically and reduced by
// hand.
//
// A value of an instantiated generic slice type (List[string]) passed to
// a generic variadic parameter (xs ...T) fails with the interpreter's own
// wrong compile error ("cannot convert expression of type string to type
// int"): T is List[string] in Go, which prints [x y] 2.

package main

import "fmt"

func First[T any](xs ...T) T {
	return xs[0]
}

type List[T any] []T

func main() {
	x := First(List[string]{"x", "y"})
	fmt.Println(x, len(x))
}
