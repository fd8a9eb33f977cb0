// Operators as a user computing bit masks and signed values writes them:
// shifts by signed counts (a negative count panics in Go, and recover
// gets the runtime error), shifts beyond the width, and operator results
// (-x, ^x, %, shifts, comparisons) stored straight into interfaces: a
// map[string]any of results, a []any row, an any result of a function.
package main

import (
	"fmt"
	"sort"
)

type Level int8

func mask(bits int) (s string) {
	defer func() {
		if r := recover(); r != nil {
			s = fmt.Sprintf("mask(%d): %v", bits, r)
		}
	}()
	var m uint64 = 1<<bits - 1
	return fmt.Sprint(m)
}

func stats(xs []int) map[string]any {
	lo, hi := xs[0], xs[0]
	sum := 0
	for _, x := range xs {
		lo, hi = min(lo, x), max(hi, x)
		sum += x
	}
	out := map[string]any{}
	out["neg"] = -sum
	out["odd"] = sum%2 == 1
	out["rem"] = sum % 7
	out["flip"] = ^lo
	out["span"] = hi - lo
	out["half"] = sum >> 1
	return out
}

func sign(x float64) any {
	if x < 0 {
		return -x
	}
	return x > 0
}

func main() {
	for _, b := range []int{0, 3, 8, 63, 64, -1} {
		fmt.Println(b, mask(b))
	}
	var l Level = -100
	var w uint = 9
	fmt.Println(l>>w, l<<w, l>>3, uint8(255)<<w, int32(l)<<24)
	s := stats([]int{4, -9, 15, 2})
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%s=%v (%T) ", k, s[k], s[k])
	}
	fmt.Println()
	row := make([]any, 3)
	a, f := 12, 2.5
	row[0], row[1], row[2] = a<<2, -f, !(a > 3)
	fmt.Println(row, sign(-1.5), sign(0), sign(2))
	var v any
	v = -a
	fmt.Printf("%v %T\n", v, v)
	shift := -2
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		x := 64
		x >>= shift
		fmt.Println("unreachable", x)
	}()
}
