// Found by TestGoFuzz (make fuzz-go): progen seeds 1002 (unit 0), 1012
// (unit 6) and 1023 (unit 3), silent differences in script and notebook
// modes, reduced by hand.
//
// In a multi-value declaration or assignment holding a composite literal
// (or, with =, a make call), the other values are lost: those declared
// are zero, those assigned keep their old value (issue 19's c, d :=
// []int{1}, n; yaegi v0.16.1 alone does it). Go prints 7 [1], [192 16]
// 32768 and [y] [] [2] [3]; gophernote 0 [1], [192 16] 0 and [x] [] [1] [3].

package main

import "fmt"

func main() {
	n := 7
	p, q := n, []int{1}
	fmt.Println(p, q)
	a, b := []uint8{0x6 << 5, 0x10}, float64(0x8000)
	fmt.Println(a, b)
	c, d := []string{"x"}, []string{"y"}
	c, d = d, make([]string, 1, 2)
	e, f := []int{1}, []int{2}
	e, f = f, []int{3}
	fmt.Println(c, d, e, f)
}
