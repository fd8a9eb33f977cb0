// Generic functions over constraint type sets: operators, core types,
// conversions and constants computed in the type argument's arithmetic.
package main

import (
	"fmt"
	"strings"
	"time"
)

type Number interface {
	~int | ~int8 | ~int64 | ~uint8 | ~float32 | ~float64
}

type Celsius float64

type Small int8

func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func Max[T ~int | ~float64 | ~string](a, b T) T {
	if a > b {
		return a
	}
	return b
}

// Core types: S's core type is []E.
func Scale[S ~[]E, E Number](s S, k E) S {
	out := make(S, 0, len(s))
	for _, x := range s {
		out = append(out, x*k)
	}
	return out
}

// Constants converted to a type parameter are values of T, computed in
// T's arithmetic (int8 wraps, float32 rounds).
func Shift[T ~int8 | ~int64](x T) T { return x << 7 }

func Wrap[T ~uint8 | ~int](x T) T { return x - T(1) }

func Thirds[T ~float32 | ~float64]() T { return T(0.1) * 3 }

func Zero[T any]() (T, bool) {
	var z T
	return z, true
}

func Join[T ~string](xs []T, sep T) T {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteString(string(sep))
		}
		b.WriteString(string(x))
	}
	return T(b.String())
}

func Count[K comparable](xs []K) map[K]int {
	m := map[K]int{}
	for _, x := range xs {
		m[x]++
	}
	return m
}

type Name string

type Temps []Celsius

func main() {
	fmt.Println(Sum(1, 2, 3), Sum(1.5, 2.25), Sum[Celsius](20, 1.5), Sum[uint8](200, 100))
	fmt.Println(Max(3, 7), Max(2.5, -1), Max("go", "gopher"))
	t := Scale(Temps{1, 2.5}, 2)
	fmt.Printf("%v %T\n", t, t)
	fmt.Println(Shift[int8](1), Shift[Small](3), Shift[int64](1))
	fmt.Println(Wrap[uint8](0), Wrap(0))
	fmt.Println(Thirds[float32](), Thirds[float64]())
	z, ok := Zero[*int]()
	s, _ := Zero[string]()
	d, _ := Zero[time.Duration]()
	fmt.Println(z == nil, ok, s == "", d)
	fmt.Println(Join([]Name{"a", "b", "c"}, "-"))
	c := Count([]string{"x", "y", "x"})
	fmt.Println(c["x"], c["y"], len(c))
	fmt.Println(Sum(time.Second, 2*time.Millisecond))
}
