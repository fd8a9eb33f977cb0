// Range over func (Go 1.23 iterators): methods and generics returning iter.Seq, returns from
// nested loops, defer, goroutines in the body, the iterator functions (fix_rangefunc.go).
package main

import (
	"fmt"
	"iter"
	"slices"
)

type Tree struct {
	L, R *Tree
	V    int
}

func (t *Tree) Walk(yield func(int) bool) bool {
	if t == nil {
		return true
	}
	return t.L.Walk(yield) && yield(t.V) && t.R.Walk(yield)
}

func (t *Tree) All() iter.Seq[int] {
	return func(yield func(int) bool) { t.Walk(yield) }
}

func First[T any](seq iter.Seq[T], pred func(T) bool) (T, bool) {
	for v := range seq {
		if pred(v) {
			return v, true
		}
	}
	var zero T
	return zero, false
}

func Sum[T int | float64](seq iter.Seq[T]) (s T) {
	for v := range seq {
		s += v
	}
	return
}

func named() (n int, err error) {
	for v := range slices.Values([]int{1, 2, 3}) {
		n += v
		if v == 2 {
			return
		}
	}
	return 99, nil
}

func main() {
	t := &Tree{L: &Tree{V: 1}, V: 2, R: &Tree{V: 3, R: &Tree{V: 4}}}
	for v := range t.All() {
		if v == 3 {
			break
		}
		fmt.Println("tree", v)
	}
	fmt.Println(First(t.All(), func(x int) bool { return x > 2 }))
	fmt.Println(First(slices.Values([]string{"a"}), func(x string) bool { return x == "z" }))
	fmt.Println(Sum(slices.Values([]float64{1.5, 2})))
	fmt.Println(named())
	for i := range slices.Values([]int{1, 2}) {
		i := i * 10
		fmt.Println("shadow", i)
	}
	done := make(chan int)
	for i := range slices.Values([]int{1, 2, 3}) {
		go func() { done <- i }()
	}
	s := 0
	for range 3 {
		s += <-done
	}
	fmt.Println("sum", s)
	ch := make(chan int, 1)
	for i := range slices.Values([]int{1, 2, 3}) {
		ch <- i
		select {
		case v := <-ch:
			fmt.Println("sel", v)
		}
		switch i {
		case 3:
			continue
		}
		fmt.Println("after switch", i)
	}
	f := func() int {
		for x := range slices.Values([]int{7, 8}) {
			for y := range slices.Values([]int{1, 2}) {
				if x == 8 && y == 2 {
					return x*10 + y
				}
			}
		}
		return 0
	}
	fmt.Println(f())
	x := 0
	for x = range slices.Values([]int{4, 5}) {
	}
	fmt.Println(x)
}
