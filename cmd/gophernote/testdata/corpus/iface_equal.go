// Comparisons with an interface operand: yaegi v0.16.1 compared its own
// wrappers of cell values with methods, so an interface never equalled
// the value it held (issue 19; fix_ifaceeq.go).
package main

import "fmt"

type W struct{}

func (*W) M() {}

type V struct{ x int }

func (V) M() {}

type P struct{ name string }

func (p *P) M() {}

type I interface{ M() }

type A struct{ x int }
type B struct{ x int }

func find(xs []I, x I) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

func main() {
	b := W{}
	var f any = &b
	fmt.Println(f == &b, &b == f, f != &b)

	v := V{1}
	var g any = v
	var i I = v
	var j I = V{1}
	fmt.Println(g == v, g == V{1}, g == V{2}, i == j, i == g, g == i, i == v, i != j)

	p, q := &P{"p"}, &P{"p"}
	xs := []I{q, p, v}
	fmt.Println(find(xs, p), find(xs, q), find(xs, V{1}), find(xs, V{3}))

	var a any = A{1}
	var bb any = B{1}
	fmt.Println(a == bb, a == A{1}, a == any(A{1}))

	fs := []any{&b, v, 1, "s"}
	fmt.Println(fs[0] == f, fs[1] == g, fs[2] == 1, fs[3] == "s", fs[2] == fs[3])

	var e1, e2 any
	fmt.Println(e1 == e2, e1 == nil, e1 == f)

	defer func() { fmt.Println("recovered:", recover()) }()
	var s1, s2 any = []int{1}, []int{1}
	fmt.Println(s1 == s2)
}
