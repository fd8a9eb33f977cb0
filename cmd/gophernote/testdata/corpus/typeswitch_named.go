// Assertions over a non-struct cell type: yaegi keeps no type for a Kind
// in an interface, so v.(Kind) holds for a plain int (issue 12; refused by
// fix_namedassert.go, a known gap).
package main

import "fmt"

type Kind int

func describe(v any) string {
	if k, ok := v.(Kind); ok {
		return fmt.Sprint("kind ", int(k))
	}
	return "not a kind"
}

func main() {
	fmt.Println(describe(1), describe(Kind(2)))
}
