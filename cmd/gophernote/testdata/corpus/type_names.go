// Issue 12: %T of a cell type printed *struct { S string } (Go: *main.T).
package main

import "fmt"

type T struct{ S string }

type Celsius float64

type List []int

func main() {
	fmt.Printf("%T %T %T\n", T{}, &T{}, []T{})
	fmt.Printf("%T %T\n", Celsius(1.5), List{1})
	fmt.Printf("%v %+v\n", &T{"x"}, T{"y"})
	var i any = T{"z"}
	switch v := i.(type) {
	case T:
		fmt.Println("T", v.S)
	default:
		fmt.Println("other")
	}
}
