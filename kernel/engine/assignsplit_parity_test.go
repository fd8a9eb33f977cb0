package engine

// Parity cases for multiple assignments whose later places panic
// (fix_assignsplit.go) and for recovered values (fix_panics.go): whole
// programs with compiled Go's output, run by TestGoParity.
func init() {
	parityCases = append(parityCases,
		parityCase{
			// Calls as the operands of places (*p() = v) are moved before
			// the statement once (range4.go of Go's tests: an undefined
			// temporary). Pinned with go1.26 go run.
			name: "places whose operands are calls, in a multiple assignment and a range over func",
			prog: `package main

import "fmt"

var trace []string

func ptr(name string, p *int) *int {
	trace = append(trace, name)
	return p
}

type S struct{ x int }

func sp(name string, s *S) *S {
	trace = append(trace, name)
	return s
}

func sl(name string, s []int) []int {
	trace = append(trace, name)
	return s
}

func val(name string, v int) int {
	trace = append(trace, name)
	return v
}

func iter(yield func(int, int) bool) {
	for i := range 2 {
		if !yield(i, 10*i) {
			return
		}
	}
}

func main() {
	var i, v int
	*ptr("p1", &i), *ptr("p2", &v) = val("v1", 1), val("v2", 2)
	fmt.Println(i, v, trace)
	trace = nil
	var s S
	xs := make([]int, 3)
	sp("s", &s).x, sl("xs", xs)[val("k", 1)] = val("a", 5), val("b", 6)
	fmt.Println(s, xs, trace)
	trace = nil
	for *ptr("k", &i), *ptr("v", &v) = range iter {
		fmt.Println(i, v)
	}
	fmt.Println(trace)
	trace = nil
	func() {
		defer func() { fmt.Println("recovered:", recover() != nil, i, trace) }()
		*ptr("q1", &i), sl("nil", nil)[val("k", 0)] = 7, 8
	}()
}
`,
			out: "1 2 [p1 p2 v1 v2]\n" +
				"{5} [0 6 0] [s xs k a b]\n" +
				"0 0\n" +
				"1 10\n" +
				"[k v k v]\n" +
				"recovered: true 7 [q1 nil k]\n",
		},
		parityCase{
			name: "a multiple assignment assigns the places before one that panics",
			prog: `package main

import "fmt"

type P struct{ i int }

type T struct{ x struct{ y int } }

type TP *struct{ x struct{ y int } }

var g int

func try(name string, f func()) {
	defer func() { fmt.Println(name, recover() != nil) }()
	f()
}

func main() {
	m := map[int]int{}
	var s []int
	try("slice", func() { m[1], s[0] = 1, 1 })
	var p *P
	try("field", func() { m[2], p.i = 2, 2 })
	var ip *int
	try("star", func() { m[3], *ip = 3, 3 })
	arr := [2]int{}
	k := 5
	try("array", func() { g, arr[k] = 9, 1 })
	var npa *[2]int
	try("nil array", func() { m[4], npa[0] = 4, 1 })
	fmt.Println(len(m), g)

	i := 0
	x := []int{0, 0}
	i, x[i] = 1, 2
	fmt.Println(i, x)
	var t T
	tp := &t
	tp, tp.x.y = new(T), 7
	fmt.Println(t.x.y, tp.x.y)
	y := struct{ y int }{0}
	var q TP = &struct{ x struct{ y int } }{y}
	pq := q
	pq, pq.x.y = nil, 8
	fmt.Println(q.x.y, pq == nil)
	a, b := []int{1, 2}, 0
	a[0], a[1] = a[1], a[0]
	b, a[b] = 1, 5
	fmt.Println(a, b)
	var e error = fmt.Errorf("e")
	var n int
	e, n = nil, 3
	fmt.Println(e == nil, n)
	g, s[k] = 10, 1
}
`,
			out:   "slice true\nfield true\nstar true\narray true\nnil array true\n4 9\n1 [2 0]\n7 0\n8 true\n[5 1] 1\ntrue 3\n",
			panic: "runtime error: index out of range [5] with length 0",
		},
		parityCase{
			name: "a recovered value compares and asserts as the value panicked",
			prog: `package main

import (
	"errors"
	"fmt"
)

type S struct{ a, b int }

func try(f func()) (r any) {
	defer func() { r = recover() }()
	f()
	return nil
}

func main() {
	r := try(func() { panic("x") })
	s, ok := r.(string)
	fmt.Println(r == "x", s, ok)
	r = try(func() { panic(1) })
	switch v := r.(type) {
	case int:
		fmt.Println("int", v)
	default:
		fmt.Println("other")
	}
	r = try(func() { panic(S{1, 2}) })
	st, ok := r.(S)
	fmt.Println(st, ok, r == S{1, 2})
	r = try(func() { panic(&S{3, 4}) })
	ps, ok := r.(*S)
	fmt.Println(ps.b, ok)
	r = try(func() { panic(errors.New("boom")) })
	fmt.Println(r.(error).Error())
	func() {
		defer func() {
			defer func() { fmt.Println(recover() == 2) }()
			panic(2)
		}()
	}()
}
`,
			out: "true x true\nint 1\n{1 2} true true\n4 true\nboom\ntrue\n",
		},
	)
}
