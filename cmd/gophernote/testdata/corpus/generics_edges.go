// Generic code at its edges: a struct core type in a composite literal, a
// generic function value, a generic alias, a pointer-method constraint,
// partly explicit type arguments, recursion, closures and channels of T,
// instances as field, map key and package-level var types.
package main

import (
	"fmt"
	"strconv"
)

type Pt struct{ X, Y int }

func New[T ~struct{ X, Y int }]() T { return T{X: 1, Y: 2} }

func Id[T any](x T) T { return x }

type Vec[T any] = []T

type Setter[T any] interface {
	*T
	Set(string)
}

type Num struct{ v int }

func (n *Num) Set(s string) { n.v, _ = strconv.Atoi(s) }

func ParseAll[T any, PT Setter[T]](ss []string) []T {
	out := make([]T, len(ss))
	for i, s := range ss {
		PT(&out[i]).Set(s)
	}
	return out
}

func Convert[To, From ~int | ~float64](xs []From) []To {
	var out []To
	for _, x := range xs {
		out = append(out, To(x))
	}
	return out
}

func Fact[T ~int](n T) T {
	if n <= 1 {
		return 1
	}
	return n * Fact(n-1)
}

type Box[T any] struct{ v T }

var cache = map[string]Box[int]{"a": {1}}

type Holder struct {
	b  Box[string]
	bs []Box[float64]
}

func Counter[T any]() func(T) int {
	n := 0
	var last T
	return func(x T) int {
		last = x
		n++
		_ = last
		return n
	}
}

func Gen[T any](xs ...T) <-chan T {
	c := make(chan T, len(xs))
	for _, x := range xs {
		c <- x
	}
	close(c)
	return c
}

func main() {
	fmt.Println(New[Pt]())
	var f func(int) int = Id
	fmt.Println(f(3))
	var v Vec[string] = []string{"a"}
	fmt.Println(len(v), v)
	fmt.Println(ParseAll[Num]([]string{"1", "22"}))
	fmt.Println(Convert[float64]([]int{1, 2}))
	fmt.Println(Fact(5))
	fmt.Println(cache["a"].v)
	h := Holder{Box[string]{"s"}, []Box[float64]{{1.5}}}
	fmt.Println(h.b.v, h.bs[0].v)
	c := Counter[string]()
	c("a")
	fmt.Println(c("b"))
	sum := 0
	for x := range Gen(1, 2, 3) {
		sum += x
	}
	fmt.Println(sum)
	m := map[Box[int]]string{{1}: "one"}
	fmt.Println(m[Box[int]{1}])
}
