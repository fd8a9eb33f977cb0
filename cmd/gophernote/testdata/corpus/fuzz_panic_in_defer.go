// Found by TestGoFuzz (make fuzz-go): progen seed 5033, unit 6, and dozens
// more (crashes in script and notebook modes), minimized automatically.
//
// A panic raised by a deferred call is not recovered by a recover in a
// call deferred before it in the same function (yaegi v0.16.1 alone does
// it): the panic ends the program. Go prints recovered: raw\n.

package main

import (
	"fmt"
)

func main() {
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		defer func() { panic(`raw\n`) }()
	}()
	fmt.Println("after")
}
