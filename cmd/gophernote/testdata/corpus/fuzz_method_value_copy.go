// Found by TestGoFuzz (make fuzz-go): progen seed 1000, unit 5 (a silent
// difference in script and notebook modes), minimized automatically.
//
// A method value with a value receiver (mv := m.String) copies the
// receiver when it is evaluated; the interpreter reads the variable when
// the method value is called: Go prints N(0), gophernote N(1).

package main

import "fmt"

type N int8

func (r *N) Inc() { *r++ }

func (r N) String() string { return fmt.Sprintf("N(%d)", int8(r)) }

func main() {
	m := N(0)
	mv := m.String
	m.Inc()
	fmt.Println(mv())
}
