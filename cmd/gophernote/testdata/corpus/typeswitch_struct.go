// A type switch that binds no variable, over cell struct types: yaegi
// v0.16.1 took no case naming a struct type (issue 12; fix_typeswitch.go).
package main

import "fmt"

type Circle struct{ R float64 }

type Square struct{ S float64 }

func area(s any) float64 {
	switch s.(type) {
	case Circle:
		return 3 * s.(Circle).R * s.(Circle).R
	case Square:
		return s.(Square).S * s.(Square).S
	}
	return -1
}

func main() {
	shapes := []any{Circle{1}, Square{2}, "x"}
	for _, s := range shapes {
		fmt.Println(area(s))
	}
	var v any = Square{3}
	switch v.(type) {
	case int, string:
		fmt.Println("basic")
	case Circle, Square:
		fmt.Println("shape")
	default:
		fmt.Println("default")
	}
}
