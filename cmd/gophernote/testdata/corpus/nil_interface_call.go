// Issue 12: a method call on a nil interface reported "reflect: call of
// reflect.Value.Interface on zero Value".
package main

import "fmt"

type Shape interface{ Area() float64 }

func main() {
	var s Shape
	fmt.Println("calling")
	fmt.Println(s.Area())
}
