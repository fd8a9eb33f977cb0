// Found by TestGoFuzz (make fuzz-go): progen seed 774289965346, unit 1,
// and a dozen more (crashes in script and notebook modes), reduced by
// hand.
//
// A receive with a blank ok into an element, a field or *p (s[1], _ =
// <-c) stored the value as the ok: reflect: call of
// reflect.Value.SetBool on ptr Value (yaegi v0.16.1 alone does it).
// Go prints true true true.

package main

import "fmt"

type S struct{ f bool }

func main() {
	sl := make([]bool, 2)
	ch := make(chan bool, 3)
	ch <- true
	ch <- true
	ch <- true
	sl[1], _ = <-ch
	var s S
	s.f, _ = <-ch
	p := new(bool)
	*p, _ = <-ch
	fmt.Println(sl[1], s.f, *p)
}
