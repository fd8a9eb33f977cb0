// Issue 12: generic functions over values returned by compiled packages
// crashed (CFG post-order panic); a two-type-parameter Map inferred wrongly;
// maps.Equal and slices.IsSorted failed.
package main

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	"gonum.org/v1/gonum/floats"
)

type Number interface {
	~int | ~int64 | ~float64
}

func Sum[T Number](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func main() {
	xs := floats.Span(make([]float64, 5), 0, 1)
	fmt.Println(Sum(xs))
	fmt.Println(Map([]int{1, 2, 3}, strconv.Itoa))
	fmt.Println(Map(xs, func(x float64) string { return fmt.Sprintf("%.2f", x) }))
	a := map[string]int{"x": 1, "y": 2}
	b := map[string]int{"y": 2, "x": 1}
	fmt.Println(maps.Equal(a, b))
	fmt.Println(slices.IsSorted(xs), slices.IsSorted([]int{3, 1}))
}
