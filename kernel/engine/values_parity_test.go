package engine

// Parity cases for values the interpreter computed differently
// (fix_assignorder.go, fix_values.go): whole programs with compiled Go's
// output, run by TestGoParity as one cell and as a notebook (`-gorun`
// checks the pins against go run).
func init() {
	parityCases = append(parityCases,
		parityCase{
			name: "a tuple assigned to a map element, a receive to a slice element",
			prog: `package main

import (
	"errors"
	"fmt"
	"strconv"
)

type T chan int

type B bool

type S struct{ f int }

var trace string

func f() string { trace += "f"; return "abc" }

func g() *error { trace += "g"; var x error; return &x }

func h() string { trace += "h"; return "123" }

func two() (int, error) { return 5, errors.New("e") }

func M() (T, T) { return make(T), make(T) }

func N() ([]int, *int) { return make([]int, 1), new(int) }

func main() {
	m := map[string]int{}
	var err error
	m["a"], err = two()
	m[f()], *g() = strconv.Atoi(h())
	fmt.Println(m, err, trace)
	var i interface{} = "y"
	ret := map[string]string{}
	var ok bool
	var b B
	ret["x"], ok = i.(string)
	ret["z"], b = i.(string)
	fmt.Println(ret, ok, b)
	mm := map[int]int{7: 1}
	mm[1], ok = mm[7]
	c := make(chan int, 10)
	c <- 3
	mm[3], ok = <-c
	fmt.Println(mm, ok)
	a1, a2 := M()
	s1, p1 := N()
	s1[0], *p1 = 1, 2
	s2, p2 := N()
	fmt.Println(a1 == a2, s2[0], *p2)
	for k := range 8 {
		c <- k + 1
	}
	xs := make([]int, 2)
	var arr [2]int
	p := new(int)
	var s S
	ps := &S{}
	arr[1] = <-c
	*p = <-c
	s.f = <-c
	ps.f = <-c
	xs[0] += <-c
	mm[0] += <-c
	pa := &arr
	pa[0] = <-c
	xs[1] = <-c
	fmt.Println(xs, arr, *p, s, *ps, mm)
}
`,
			out: "map[a:5 abc:123] e fgh\nmap[x:y z:y] true true\nmap[1:1 3:3 7:1] true\nfalse 0 0\n[5 8] [7 1] 2 {3} {4} map[0:6 1:1 3:3 7:1]\n",
		},
		parityCase{
			name: "new of a value",
			prog: `package main

import "fmt"

type P struct{ x, y int }

var (
	g = new(0)
	h = g
)

func main() {
	p := new(123)
	x := 42
	q := new(x)
	x = 7
	*q += 1
	a := new([2]int{1, 2})
	var i int
	v := new(i > 0)
	s := new(P{3, 4})
	f := new(1.5)
	str := new("s" + "t")
	*g = 5
	fmt.Println(*p, *q, x, *a, *v, *s, *f, *str, *h, new(x) == new(x))
	fmt.Printf("%T %T %T\n", p, f, v)
}
`,
			out: "123 43 7 [1 2] false {3 4} 1.5 st 5 false\n*int *float64 *bool\n",
		},
		parityCase{
			name: "switch cases of nil and of channels of another direction",
			prog: `package main

import "fmt"

func kind[T any]() string {
	switch []T(nil) {
	case nil:
		return "nil slice"
	}
	return "other"
}

func main() {
	ch1 := make(chan int)
	var ch2 <-chan int = ch1
	var ch3 chan<- int = make(chan int)
	switch ch1 {
	case ch3:
		fmt.Println("ch3")
	case ch2:
		fmt.Println("ch2")
	default:
		fmt.Println("none")
	}
	switch ch2 {
	case ch1:
		fmt.Println("ch1")
	default:
		fmt.Println("none")
	}
	var s []int
	switch s {
	case nil:
		fmt.Println("nil")
	default:
		fmt.Println("not nil")
	}
	s = []int{}
	switch s {
	case nil:
		fmt.Println("nil")
	default:
		fmt.Println("not nil")
	}
	var m map[string]int
	var f func()
	switch m {
	case nil:
		fmt.Println("nil map")
	}
	switch f {
	case nil:
		fmt.Println("nil func")
	}
	fmt.Println(kind[int]())
}
`,
			out: "ch2\nch1\nnil\nnot nil\nnil map\nnil func\nnil slice\n",
		},
		parityCase{
			name: "values a panic interrupts before they are assigned",
			prog: `package main

import "fmt"

var g int

type B bool

func f() (bad bool) {
	defer func() { recover() }()
	var p *int
	bad, _ = true, *p
	return
}

func g2() (bool, int) {
	defer func() { recover() }()
	var p *int
	return true, *p
}

func h() (_ bool, _ int) {
	defer func() { recover() }()
	var p *int
	return true, *p
}

func k() (a, b int) {
	defer func() { recover() }()
	a, b = 1, 2
	var s []int
	return b, a + s[3]
}

func l() (x B, n int) {
	defer func() { recover() }()
	var m map[string]int
	var i any = "s"
	x, n = true, m["a"]+i.(int)
	return
}

func gl() {
	defer func() { recover() }()
	var p *int
	g, _ = 5, *p
}

func swap() (a, b int) {
	defer func() {}()
	a, b = 1, 2
	return b, a
}

func main() {
	bad, _ := h()
	n1, n2 := k()
	x, n := l()
	gl()
	s1, s2 := swap()
	fmt.Println(f())
	fmt.Println(g2())
	fmt.Println(bad, n1, n2, x, n, g, s1, s2)
}
`,
			out: "false\nfalse 0\nfalse 1 2 false 0 0 2 1\n",
		},
		parityCase{
			name: "a promoted method or field shadowing a deeper one",
			prog: `package main

import (
	"bytes"
	"fmt"
)

type embedded string

func (s embedded) val() string { return string(s) }

type A struct {
	embedded
	n int
}

type B struct {
	A
	embedded
	n int
}

type mystruct struct{ f int }

func (t mystruct) String() string { return "FAIL" }

type C struct {
	*B
}

func main() {
	b := &B{A: A{embedded: "a", n: 1}, embedded: "b", n: 2}
	c := C{b}
	f := b.val
	fmt.Println(b.val(), b.n, c.val(), c.n, f(), b.A.val())
	type deep struct{ mystruct }
	s := struct {
		deep
		*bytes.Buffer
	}{deep{}, bytes.NewBufferString("ok")}
	fmt.Println(s.String())
}
`,
			out: "b 2 b 2 b a\nok\n",
		},
		parityCase{
			name: "a function used as a value in its own body",
			prog: `package main

import "fmt"

func f(i int) interface{} {
	if i == 0 {
		return f
	}
	g := f
	return g
}

func sum(xs ...int) (int, func(...int) (int, func(...int) int)) {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n, func(ys ...int) (int, func(...int) int) { m, _ := sum(ys...); return m, nil }
}

func self(n int) func(int) func(int) int {
	if n > 0 {
		return nil
	}
	var r func(int) func(int) func(int) int = self
	_ = r
	return nil
}

func main() {
	for i := range 2 {
		switch x := f(i).(type) {
		case func(int) interface{}:
			_, ok := x(0).(func(int) interface{})
			fmt.Println("func", ok)
		default:
			fmt.Printf("unknown %T\n", x)
		}
	}
	n, g := sum(1, 2, 3)
	m, _ := g(4, 5)
	fmt.Println(n, m, self(0) == nil)
}
`,
			out: "func true\nfunc true\n6 9 true\n",
		},
	)
}
