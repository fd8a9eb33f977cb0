// Generic types with methods: recursive types, instances inside
// instances, embedded instances, method values and expressions, generic
// interfaces, and how fmt prints instances.
package main

import (
	"fmt"
	"sort"
	"strings"
)

type List[T any] struct {
	next *List[T]
	val  T
}

func (l *List[T]) Push(v T) *List[T] { return &List[T]{l, v} }

func (l *List[T]) Each(f func(T)) {
	for ; l != nil; l = l.next {
		f(l.val)
	}
}

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) String() string { return fmt.Sprint(p.Key, "=", p.Val) }

type Tree[T interface{ ~int | ~string }] struct {
	Left, Right *Tree[T]
	Val         T
}

func (t *Tree[T]) Insert(v T) *Tree[T] {
	if t == nil {
		return &Tree[T]{Val: v}
	}
	if v < t.Val {
		t.Left = t.Left.Insert(v)
	} else {
		t.Right = t.Right.Insert(v)
	}
	return t
}

func (t *Tree[T]) Walk(f func(T)) {
	if t == nil {
		return
	}
	t.Left.Walk(f)
	f(t.Val)
	t.Right.Walk(f)
}

type Set[T comparable] map[T]struct{}

func (s Set[T]) Add(v T)           { s[v] = struct{}{} }
func (s Set[T]) Has(v T) bool      { _, ok := s[v]; return ok }
func (s Set[T]) Len() int          { return len(s) }
func NewSet[T comparable]() Set[T] { return Set[T]{} }

type Getter[T any] interface{ Get() T }

type Box[T any] struct{ v T }

func (b Box[T]) Get() T { return b.v }

func Extract[T any](g Getter[T]) T { return g.Get() }

// An embedded instance: its field is named Box, its methods promoted.
type Labeled struct {
	Box[string]
	Label string
}

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

func Keys[K comparable, V any](m map[K]V) []K {
	ks := make([]K, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

func main() {
	var l *List[Pair[string, int]]
	l = l.Push(Pair[string, int]{"a", 1}).Push(Pair[string, int]{"b", 2})
	l.Each(func(p Pair[string, int]) { fmt.Print(p, " ") })
	fmt.Println()
	fmt.Printf("%T %T\n", l, l.val)
	p := Pair[int, []string]{7, []string{"x"}}
	fmt.Printf("%v %+v %s\n", p, p, p)
	fmt.Printf("%#v\n", Box[int]{3})

	var t *Tree[string]
	for _, w := range strings.Fields("m c x a d") {
		t = t.Insert(w)
	}
	var words []string
	t.Walk(func(s string) { words = append(words, s) })
	fmt.Println(words)

	s := NewSet[int]()
	s.Add(1)
	s.Add(1)
	s.Add(2)
	fmt.Println(s.Len(), s.Has(2), s.Has(3))

	fmt.Println(Extract[int](Box[int]{5}), Extract(Getter[string](Box[string]{"g"})))
	lb := Labeled{Box[string]{"v"}, "l"}
	fmt.Println(lb.Get(), lb.Box.v, lb.Label)

	get := Box[float64].Get
	bound := Box[string]{"bound"}.Get
	push := (*Stack[int]).Push
	var st Stack[int]
	push(&st, 4)
	st.Push(5)
	top, ok := st.Pop()
	fmt.Println(get(Box[float64]{1.5}), bound(), top, ok, len(st.items))

	ks := Keys(map[string]bool{"b": true, "a": false})
	sort.Strings(ks)
	fmt.Println(ks)
}
