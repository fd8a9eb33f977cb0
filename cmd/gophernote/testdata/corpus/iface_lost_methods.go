// A value of a cell type with a String method stored in an interface
// variable: yaegi stores it without its methods, and fmt printed {3}
// (Go: P3). Refused with an error naming the type.
package main

import "fmt"

type P struct{ X int }

func (p P) String() string { return fmt.Sprint("P", p.X) }

func main() {
	p := P{1}
	fmt.Println(p, []fmt.Stringer{p})
	var a any = P{3}
	fmt.Println(a)
}
