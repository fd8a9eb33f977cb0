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
	m := map[string]any{"t": t}
	ch := make(chan any, 1)
	ch <- t
	t.n = 6
	fmt.Println(a.(T).n, m["t"].(T).Get(), (<-ch).(T).Get())

	var xs []any
	for i := range 3 {
		xs = append(xs, mk(i), &P{i * 10})
		t.n = i * 100
		xs = append(xs, t)
	}
	for _, x := range xs {
		switch x := x.(type) {
		case T:
			fmt.Print("T", x.Get(), " ")
		case *P:
			fmt.Print("P", x.Get(), " ")
		}
	}
	fmt.Println()

	ns := byN{{3}, {1}, {2}}
	sort.Sort(ns)
	fmt.Println(ns, errors.New("x"))

	keys := map[any]int{}
	k := T{1}
	keys[k] = 1
	k.n = 2
	keys[k] = 2
	fmt.Println(len(keys), keys[T{1}], keys[T{2}])
}
`,
		out: "5 5 5\nT0 P0 T0 T1 P10 T100 T2 P20 T200 \n[{1} {2} {3}] x\n2 1 2\n",
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
