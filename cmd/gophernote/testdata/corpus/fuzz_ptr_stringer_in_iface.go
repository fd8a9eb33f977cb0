// Found by TestGoFuzz (make fuzz-go): progen seed 5046, unit 5 (a silent
// difference in script and notebook modes), reduced by hand.
//
// A struct value held in an interface is printed with its type's String
// method even when String has a pointer receiver (Go's fmt cannot call
// it: the value in the interface is not addressable, so it prints the
// fields): Go prints {255} {255}, gophernote S{B=255} S{B=255}.

package main

import "fmt"

type S struct{ B int }

func (r *S) String() string { return fmt.Sprintf("S{B=%v}", r.B) }

func main() {
	s := S{255}
	var a any = s
	fmt.Println(a, fmt.Sprintf("%v", a))
	fmt.Println(s, &s)
}
