// Found by TestGoFuzz (make fuzz-go): progen seed 316460436585, unit 6 (a
// silent difference in script and notebook modes), minimized by hand.
//
// A range loop over a string gives as index the byte offset of each
// rune, a byte of invalid UTF-8 one byte wide: Go prints 0 1 2 and 0 2,
// the interpreter counted U+FFFD as three bytes (0 1 4) and, with only an
// index, gave the runes' ordinals (0 1).

package main

import "fmt"

func main() {
	for i, r := range "a\x80b" {
		fmt.Print(i, ":", r, " ")
	}
	fmt.Println()
	for i := range "éa" {
		fmt.Print(i, " ")
	}
	fmt.Println()
}
