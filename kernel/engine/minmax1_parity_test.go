package engine

// min and max of one argument are the argument (fix_builtins.go).
// Pinned with go1.26 `go run`.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "min and max of one argument",
		prog: `package main

import (
	"fmt"
	"math"
)

type K int8

func main() {
	m := map[string]rune{"a": 20}
	m[fmt.Sprint(max(m["b"]))] = 4
	fmt.Println(m, min(m["a"]), max(K(3)))
	f := math.NaN()
	fmt.Println(min(f), max(-0.0*f), min(math.Copysign(0, -1)))
	s := "go"
	fmt.Println(max(s+"!"), len(min(s)))
	const c = 7
	var u uint8 = max(c)
	fmt.Println(u, min(c)/2)
}
`,
		out: "map[0:4 a:20] 20 3\nNaN NaN -0\ngo! 2\n7 3\n",
	})
}
