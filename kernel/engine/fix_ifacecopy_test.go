package engine

// Parity cases (TestGoParity) of fix_ifacecopy.go: a value of a type with
// methods put into an interface is a copy (struct, pointer, named float,
// array; variables, call results in a loop, &T{} in a loop, map keys,
// channel sends, a returned error), and of a grouped var declaration
// whose later specs slice and index the earlier ones (checkAnchor). The
// pinned outputs are go run's.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "a value put into an interface is a copy",
		prog: `package main

import (
	"errors"
	"fmt"
	"sort"
)

type T struct{ n int }

func (t T) Get() int { return t.n }

type P struct{ n int }

func (p *P) Get() int { return p.n }

type G interface{ Get() int }

type C float64

func (c C) String() string { return fmt.Sprintf("C%.0f", float64(c)) }

type Str interface{ String() string }

type A [2]int

func (a A) Get() int { return a[0] + a[1] }

type E struct{ msg string }

func (e *E) Error() string { return e.msg }

func mk(i int) T { return T{i} }

func fail(e *E) error { return e }

type byN []T

func (b byN) Len() int           { return len(b) }
func (b byN) Less(i, j int) bool { return b[i].n < b[j].n }
func (b byN) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

func main() { run() }

func run() {
	t := T{5}
	var a any = t
	var g G = t
	m := map[string]G{"t": t}
	ch := make(chan G, 1)
	ch <- t
	t.n = 6
	fmt.Println(a.(T).n, g.Get(), m["t"].Get(), (<-ch).Get())

	var gs []G
	var xs []any
	for i := range 3 {
		gs = append(gs, mk(i), &P{i * 10})
		t.n = i * 100
		xs = append(xs, t)
	}
	for _, x := range gs {
		fmt.Print(x.Get(), " ")
	}
	fmt.Println(xs...)

	c := C(1)
	var s Str = c
	c = 2
	arr := A{1, 2}
	var h G = arr
	arr[0] = 10
	fmt.Println(s.String(), h.Get(), c, arr)

	e := &E{"first"}
	err := fail(e)
	e = &E{"second"}
	fmt.Println(err, errors.Is(err, err), e)

	ns := byN{{3}, {1}, {2}}
	sort.Sort(ns)
	fmt.Println(ns)

	keys := map[any]int{}
	k := T{1}
	keys[k] = 1
	k.n = 2
	keys[k] = 2
	fmt.Println(len(keys), keys[T{1}], keys[T{2}])
}
`,
		out: "5 5 5 5\n0 0 1 10 2 20 {0} {100} {200}\nC1 3 C2 [10 2]\nfirst true second\n[{1} {2} {3}]\n2 1 2\n",
	}, parityCase{
		name: "a grouped var declaration slicing and indexing its earlier specs",
		prog: `package main

import "fmt"

func main() {
	var (
		s    = "abcd"
		sub  = s[1:3]
		xs   = []int{1, 2, 3}
		x    = xs[2]
		k    = uint(3)
		sh   = 1 << k
		m    = map[any]int{x: sh}
		tail = xs[x-2:]
	)
	fmt.Println(sub, x, sh, m, tail)
}
`,
		out: "bc 3 8 map[3:8] [2 3]\n",
	})
}
