package engine

// Parity cases for assignment, evaluation order and loop variables
// (fix_rangevars.go, fix_loopvar.go, fix_assignorder.go): whole programs
// with compiled Go's output, run by TestGoParity as one cell and as a
// notebook (`-gorun` checks the pins against go run).
func init() {
	parityCases = append(parityCases,
		parityCase{
			name: "range loops written with =",
			prog: `package main

import "fmt"

type S struct{ f, g int }

func main() {
	x := []int{10, 20}
	y := []int{99}
	i := 1
	for i, x[i] = range y {
		break
	}
	fmt.Println(i, x)
	var k, v int
	for k, v = range []int{5, 6} {
	}
	var s S
	for s.f, s.g = range []int{7, 8} {
	}
	fmt.Println(k, v, s)
	p := new(int)
	for *p = range "abc" {
	}
	m := map[string]int{}
	for m["k"] = range 4 {
	}
	var j int
	var r rune
	for j, r = range "hé" {
	}
	fmt.Println(*p, m, j, r)
	ch := make(chan int, 2)
	ch <- 3
	ch <- 4
	close(ch)
	var c int
	for c = range ch {
	}
	var n int
	for n = range 0 {
	}
	fmt.Println(c, n)
}
`,
			out: "0 [10 99]\n1 6 {1 8}\n2 map[k:3] 1 233\n4 0\n",
		},
		parityCase{
			name: "a loop body assigning its iteration variables",
			prog: `package main

import "fmt"

func main() {
	for i := range []int{1, 2, 3, 4} {
		if i == 1 {
			i = 2
		}
		fmt.Print(i, " ")
	}
	fmt.Println()
	for i := range 5 {
		if i == 1 {
			i = 3
		}
		fmt.Print(i, " ")
	}
	fmt.Println()
	for i, v := range "abc" {
		v++
		i += 5
		fmt.Print(i, string(v), " ")
	}
	fmt.Println()
	var fs []func() int
	for i := 0; i < 5; i++ {
		fs = append(fs, func() int { return i })
		if i == 1 {
			i++
			continue
		}
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	var gs []func() int
	for i := 0; i < 3; i++ {
		gs = append(gs, func() int { i += 10; return i })
	}
	fmt.Println(gs[0](), gs[0](), gs[1](), gs[2]())
}
`,
			out: "0 2 2 3 \n0 3 2 3 4 \n5b 6c 7d \n0 2 3 4 \n10 20 11 12\n",
		},
		parityCase{
			name: "several values with composite literals, calls and receives",
			prog: `package main

import "fmt"

type P struct{ X, Y int }

var gx []int

func f(i int) int     { return gx[i] }
func id(x int) int    { return x }
func two() (int, int) { return 10, 20 }

func swap() (a, b int) {
	a, b = 1, 2
	return b, a
}

func main() {
	n := 7
	c, d := []int{1}, n
	e, g := P{1, 2}, n
	var k, l = map[string]int{"a": 1}, n
	fmt.Println(c, d, e, g, k, l)
	var m []int
	var o int
	m, o = []int{1}, n
	fmt.Println(m, o)
	x := []int{1, 2, 3}
	y := x
	gx = x
	x[1], y[0] = f(0), f(1)
	fmt.Println(x)
	a, b := 1, 2
	a, b = b, id(a)
	fmt.Println(a, b)
	ch := make(chan int, 1)
	ch <- 9
	a, b = <-ch, a
	fmt.Println(a, b)
	i, arr := 0, []int{0, 0}
	i, arr[i] = id(1), 9
	fmt.Println(i, arr)
	key, mp := 0, map[int]int{}
	key, mp[key] = 1, 2
	fmt.Println(key, mp)
	fmt.Println(swap())
	p := &P{1, 2}
	p.X, p.Y = id(p.Y), id(p.X)
	fmt.Println(*p)
}
`,
			out: "[1] 7 {1 2} 7 map[a:1] 7\n[1] 7\n[2 1 3]\n2 1\n9 2\n1 [9 0]\n1 map[0:2]\n2 1\n{2 1}\n",
		},
		parityCase{
			name: "calls run before the operands they change are read",
			prog: `package main

import "fmt"

var n int

func bump() int { n++; return 10 }

func main() {
	one, two := 1, 2
	x := &one
	*x += func() int { x = &two; return 10 }()
	fmt.Println(one, two)
	s1, s2 := []int{1}, []int{2}
	y := s1
	y[0] += func() int { y = s2; return 10 }()
	fmt.Println(s1, s2)
	m1, m2 := map[int]int{0: 1}, map[int]int{0: 2}
	z := m1
	z[0] += func() int { z = m2; return 10 }()
	fmt.Println(m1, m2)
	i := 0
	a := []int{1, 2}
	a[i] = func() int { i = 1; return 10 }()
	fmt.Println(a)
	s := []int{0, 0, 0, 0}
	s[n] = bump()
	var v int
	v, s[n] = bump(), bump()
	fmt.Println(s, v, n)
}
`,
			out: "1 12\n[1] [12]\nmap[0:1] map[0:12]\n[1 10]\n[0 10 0 10] 10 3\n",
		},
		parityCase{
			name: "defer evaluates its call when it executes",
			prog: `package main

import (
	"fmt"
	"strings"
	"sync"
)

type T struct{ n int }

func (t T) show()   { fmt.Print("v", t.n, " ") }
func (t *T) pshow() { fmt.Print("p", t.n, " ") }

func show(tag string, x int) { fmt.Print(tag, x, " ") }

func args() {
	x := 1
	s := []int{1}
	defer fmt.Println()
	defer show("ident", x)
	defer show("elem", s[0])
	defer func(v int) { show("lit", v) }(x)
	x, s[0] = 2, 2
}

func receivers() {
	var a, b strings.Builder
	w := &a
	defer func() { fmt.Println("a:", a.String(), "b:", b.String()) }()
	defer w.WriteString("x")
	w = &b
	var g1, g2 sync.WaitGroup
	g1.Add(1)
	wg := &g1
	defer func() { g1.Wait(); fmt.Println("g1 done") }()
	defer wg.Done()
	wg = &g2
	t := T{1}
	defer t.show()
	defer t.pshow()
	t.n = 2
}

func loops() {
	defer fmt.Println()
	for i := 0; i < 3; i++ {
		t := T{i}
		j := i * 10
		defer t.show()
		defer t.pshow()
		defer func() { fmt.Print(i, j, " ") }()
		defer fmt.Print(j, " ")
	}
}

func cleanups() (out []string) {
	n := 1
	cleanup := func() { out = append(out, fmt.Sprint("cleanup ", n)) }
	defer cleanup()
	n = 2
	return []string{"body"}
}

func main() {
	args()
	receivers()
	loops()
	fmt.Println(cleanups())
	x := 1
	defer fmt.Println("main", x)
	x = 2
}
`,
			out: "lit1 elem1 ident1 \np2 v1 g1 done\na: x b: \n20 2 20 p2 v2 10 1 10 p1 v1 0 0 0 p0 v0 \n[body cleanup 2]\nmain 1\n",
		},
		parityCase{
			name: "switch case lists, append and select operands",
			prog: `package main

import "fmt"

func f(s string, b bool) bool { fmt.Print(s, " "); return b }

func makec(px *int) chan bool { *px = 42; return make(chan bool) }

func main() {
	for _, b := range []byte("A5z") {
		switch {
		case '0' <= b && b <= '9', 'A' <= b && b <= 'Z':
			fmt.Println("alnum", string(b))
		default:
			fmt.Println("other", string(b))
		}
	}
	switch {
	case f("a", false), f("b", true), f("c", true):
		fmt.Println("matched")
	}
	s := make([]byte, 5, 6)
	copy(s, "12346")
	s = append(s[:len(s)-1], '5', s[len(s)-1])
	x := []int{1, 2, 3}
	x = append(x[:0], x[2], x[1], x[0])
	fmt.Println(string(s), x)
	c := make(chan int, 1)
	v := 0
	select {
	case c <- v:
	case <-makec(&v):
	}
	fmt.Println(<-c, v)
	ch := make(chan int, 1)
	var ps []*int
	for i := 0; i < 3; i++ {
		ch <- i
		select {
		case got := <-ch:
			ps = append(ps, &got)
		}
	}
	fmt.Println(*ps[0], *ps[1], *ps[2])
}
`,
			out: "alnum A\nalnum 5\nother z\na b matched\n123456 [3 2 1]\n0 42\n0 1 2\n",
		},
	)
}
