// Found by TestGoFuzz (make fuzz-go): progen seed 281659544025, unit 3, a
// silent difference in notebook mode (also as a script), minimized
// automatically and reduced by hand.
//
// A constant declared with min or max of constants (const c uint32 =
// max(uint32(92), 1e3); const d = max(3, 7.5)) is 0: the same call
// outside a constant declaration is right. Go prints 250, 7.5 and
// 250 1000. (In a notebook's statement cell, the engine refuses such a
// constant; here it is in a function.)

package main

import "fmt"

func show() {
	const c uint32 = max(uint32(92), 1e3) >> 2
	fmt.Println(c)
	const d = max(3, 7.5)
	fmt.Println(d)
	fmt.Println(c, max(uint32(92), 1e3))
}

func main() {
	show()
}
