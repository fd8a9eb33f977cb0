// Found by hand (2026-12-03): yaegi's assignment of several values into
// interface variables, one of a type with methods, lost another value (k,
// e = "a", S{4} left k nil) or panicked in reflect.Set; a map literal of
// map[any] held a key of a type with methods in its wrapper, which the
// same key used elsewhere missed; a type switch on an interface value with
// methods missed its case interface{ bar() int }, and case any crashed on
// a nil operand. Go prints what the comments say.

package main

import "fmt"

type S struct{ X int }

func (s S) M() int { return s.X }

type V int

func (v V) M() int { return int(v) }

type fooer interface{ M() int }

func kind(i fooer) string {
	switch i.(type) {
	case interface{ Twice() int }:
		return "twice"
	case interface{ M() int }:
		return "m"
	}
	return "none"
}

func anyCase(i any) string {
	switch v := i.(type) {
	case any:
		return fmt.Sprint("any ", v)
	}
	return "nil"
}

func main() {
	var k, e any
	k, e = "a", S{4} // a {4}
	fmt.Println(k, e)
	k, e = "b", V(5) // b 5
	fmt.Println(k, e)
	m := map[any]int{S{1}: 1, V(2): 2} // 1 2 2
	fmt.Println(m[S{1}], m[V(2)], len(m))
	var key any = S{1}
	m[key] = 10 // 10 2
	fmt.Println(m[S{1}], len(m))
	fmt.Println(kind(S{3}), kind(V(3)), kind(nil)) // m m none
	fmt.Println(anyCase(nil), anyCase(3))          // nil any 3
	c := make(chan int, 1)
	var r <-chan int = c
	fmt.Println(c == r) // true
}
