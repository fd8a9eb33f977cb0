// Found by TestGoFuzz (make fuzz-go): progen seed 5000, unit 6, and
// about a hundred more (crashes in script and notebook modes), minimized
// automatically and reduced by hand.
//
// A call of a generic function with two or more type parameters as an
// element of a composite literal ([]int{Pick(1, "a")}, also with explicit
// type arguments) fails with the interpreter's own wrong compile error
// "not a generic type: func(main.T,main.U) main.T"; one type parameter
// works. Go prints [1].

package main

import "fmt"

func Pick[T, U any](a T, b U) T { return a }

func main() {
	s := []int{Pick(1, "a")}
	fmt.Println(s)
}
