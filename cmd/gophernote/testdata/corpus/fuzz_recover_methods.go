// Found by TestGoFuzz (make fuzz-go): progen seed 1, unit 4 (a silent
// difference in script and notebook modes), reduced by hand.
//
// The value recover returns has lost the methods of its cell type: a
// recovered error value of a struct type prints as the struct ({1})
// instead of through its Error method (E1!). yaegi v0.16.1 alone does it.

package main

import "fmt"

type E struct{ N int }

func (e E) Error() string { return fmt.Sprintf("E%d!", e.N) }

func main() {
	func() {
		defer func() {
			r := recover()
			fmt.Println("inner:", r)
		}()
		panic(E{1})
	}()
	func() {
		defer func() {
			defer func() { fmt.Println("outer:", recover()) }()
			r := recover()
			fmt.Println("inner2:", r)
			panic(fmt.Sprint("again: ", r))
		}()
		panic(E{2})
	}()
}
