// Type switches and assertions on type parameters, types declared in a
// function as type arguments, named results, generic code calling
// generic code.
package main

import (
	"fmt"
	"strconv"
)

func Kind[T any](x T) string {
	switch any(x).(type) {
	case int:
		return "int"
	case T:
		return "T"
	}
	return "?"
}

func Describe[T any](v any) string {
	switch x := v.(type) {
	case T, string:
		return fmt.Sprintf("T or string %v", x)
	case []T:
		return fmt.Sprintf("slice of %d", len(x))
	case nil:
		return "nil"
	default:
		return "other"
	}
}

type Shape interface{ Area() float64 }

type Sq struct{ s float64 }

func (q Sq) Area() float64 { return q.s * q.s }

// The assertion cannot hold for T = string: it fails, it does not stop
// the program compiling.
func As[T any](s Shape) (T, bool) {
	v, ok := s.(T)
	return v, ok
}

func Eq[T comparable](a, b T) bool { return a == b }

func Parse[T ~int | ~int64](s string) (n T, err error) {
	v, err := strconv.Atoi(s)
	n = T(v)
	return
}

func Map[T, U any](xs []T, f func(T) U) []U {
	var out []U
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Twice[T any](xs []T) []string {
	return Map(Map(xs, func(x T) T { return x }), func(x T) string { return fmt.Sprint(x, x) })
}

func main() {
	fmt.Println(Kind(1), Kind("s"), Kind(2.5))
	fmt.Println(Describe[int](3), Describe[int]("x"), Describe[int]([]int{1, 2}), Describe[int](nil), Describe[int](1.5))
	fmt.Println(Describe[string]("dup"))
	q, ok := As[Sq](Sq{2})
	s, ok2 := As[string](Sq{2})
	fmt.Println(q.Area(), ok, s == "", ok2)

	type point struct{ x, y int }
	fmt.Println(Eq(point{1, 2}, point{1, 2}), Eq(point{1, 2}, point{2, 1}))
	fmt.Printf("%T %v\n", point{}, Map([]point{{1, 2}}, func(p point) int { return p.x + p.y }))

	var n int64
	var err error
	n, err = Parse[int64]("42")
	n, err = Parse[int64]("7")
	fmt.Println(n, err)
	fmt.Println(Twice([]int{1, 2}), Twice([]string{"a"}))
}
