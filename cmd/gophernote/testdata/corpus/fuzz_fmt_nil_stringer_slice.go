// Found by TestGoFuzz (make fuzz-go): progen seed 5062, unit 1 (a silent
// difference in script and notebook modes), reduced by hand.
//
// A nil slice of a cell type with a String method reaches fmt as a nil
// interface: Go calls String for %v (L#0) and prints the elements for %d
// ([]); gophernote prints <nil> and %!d(<nil>).

package main

import "fmt"

type L []rune

func (l L) String() string { return fmt.Sprintf("L#%d", len(l)) }

func main() {
	var x L
	y := L{1, 2}
	fmt.Printf("%d|%v|%d|%v\n", x, x, y, y)
}
