// Found by TestGoFuzz (make fuzz-go): progen seed 774289965357, unit 5,
// and ten more programs (22 crashes in script and notebook modes in ten
// minutes, the most frequent left), reduced by hand.
//
// A composite literal of a named slice type with methods assigned to a
// variable of an interface type with methods panics: reflect.Set: value
// of type []float64 is not assignable to type interp.valueInterface
// (yaegi v0.16.1 alone does it; through a variable it works). Go prints
// L#3 L#1.

package main

import "fmt"

type L []float64

func (r L) String() string { return fmt.Sprintf("L#%d", len(r)) }

type I interface{ String() string }

func main() {
	var i I
	i = L{1, 2, 3}
	a := i.String()
	l := L{1}
	i = l
	fmt.Println(a, i.String())
}
