package engine

import (
	"testing"
)

// Parity programs of the reflect panics fixed by the passes recvslot,
// convsel, ifaceplace, switchiface (tagless cases) and commaok (typed
// vars); outputs are compiled Go's (go test -run TestGoParity -gorun).
func init() {
	parityCases = append(parityCases,
		parityCase{
			name: "a receive defining, assigning or returned, then written again",
			prog: `package main

import "fmt"

type Ch chan int

func (c Ch) Get() int { return <-c }

func pair(c chan string) (string, string) { return <-c, <-c }

func main() {
	c := make(chan int, 8)
	for i := 1; i <= 8; i++ {
		c <- i
	}
	s := <-c
	s++
	s += 10
	var t = <-c
	t *= 3
	p := &t
	*p += 1
	var u int
	u = <-c
	u--
	v, w := <-c, <-c
	v, w = w, v
	fmt.Println(s, t, u, v, w, Ch(c).Get())
	sc := make(chan string, 2)
	sc <- "a"
	sc <- "b"
	fmt.Println(pair(sc))
	f := func() int { return <-c }
	fmt.Println(f() + 1)
}
`,
			out: "12 7 2 5 4 6\na b\n8\n",
		},
		parityCase{
			name: "a method called or taken as a value on a conversion to an interface",
			prog: `package main

import "fmt"

type Shape interface{ Area() int }

type Sq struct{ n int }

func (s *Sq) Area() int { return s.n * s.n }

type Len int

func (l Len) Area() int { return int(l) }

type Namer interface{ Name() string }

type Pair[T any] struct{ a, b T }

func (p Pair[T]) Name() string { return fmt.Sprint(p.a, "/", p.b) }

func name[T Namer](x T) string { return Namer(x).Name() }

func main() {
	fmt.Println(Shape(&Sq{3}).Area(), Shape(Len(4)).Area())
	g := (Shape)(Len(5)).Area
	fmt.Println(g())
	func() {
		fmt.Println(Shape(&Sq{2}).Area())
	}()
	fmt.Println(fmt.Stringer(nil) == nil, name(Pair[int]{1, 2}))
}
`,
			out: "9 4\n5\n4\ntrue 1/2\n",
		},
		parityCase{
			name: "a cell value assigned to an interface-typed field, element or indirection",
			prog: `package main

import "fmt"

type Source interface{ Next() int }

type counter struct{ n int }

func (c counter) Next() int { return c.n + 1 }

type ptr struct{ n int }

func (p *ptr) Next() int { p.n += 2; return p.n }

type Box struct{ src Source }

type Outer struct {
	Box
	list []Source
	byKey map[string]Source
}

type Gen[T any] struct{ src Source; v T }

func main() {
	var b Box
	b.src = counter{1}
	o := &Outer{list: make([]Source, 2), byKey: map[string]Source{}}
	o.src = counter{10}
	o.list[0], o.list[1] = counter{20}, &ptr{30}
	o.byKey["k"] = counter{40}
	var s Source
	q := &s
	*q = counter{50}
	g := Gen[string]{v: "x"}
	g.src = &ptr{60}
	fmt.Println(b.src.Next(), o.src.Next(), o.list[0].Next(), o.list[1].Next(), o.byKey["k"].Next(), s.Next(), g.src.Next(), g.v)
	b.src = nil
	fmt.Println(b.src == nil)
}
`,
			out: "2 11 21 32 41 51 62 x\ntrue\n",
		},
		parityCase{
			name: "top-level comma-ok vars of an interface type; a tagless switch's interface cases",
			prog: `package main

import "fmt"

var x any = "s"

var a, b any = x.(string)
var c, d any = x.(int)

var m = map[string]int{"k": 7}
var e, f any = m["k"]

func main() {
	fmt.Println(a, b, c, d, e, f)
	var i any = true
	var j any = 0
	for _, v := range []any{i, j, false} {
		switch {
		case v == 0:
			fmt.Println("zero")
		case v:
			fmt.Println("true")
		default:
			fmt.Println("other")
		}
	}
	switch k := any(false); {
	case k, i:
		fmt.Println("k or i")
	}
}
`,
			out: "s true 0 false 7 true\ntrue\nzero\nother\nk or i\n",
		},
		parityCase{
			name: "a cell struct value stored into an error variable, field or conversion",
			prog: `package main

import "fmt"

type NotFound struct{ key string }

func (e NotFound) Error() string { return "not found: " + e.key }

type Result struct{ err error }

type base struct{}

func (base) Error() string { return "base" }

func main() {
	var e error = NotFound{"a"}
	fmt.Println(e.Error(), e)
	e = NotFound{"b"}
	fmt.Println(e.Error())
	f := error(NotFound{"c"})
	fmt.Println(f.Error(), error(NotFound{"d"}).Error())
	var r Result
	r.err = NotFound{"e"}
	fmt.Println(r.err.Error())
	type wrapped struct{ base }
	w := error(wrapped{})
	fmt.Println(w.Error())
}
`,
			out: "not found: a not found: a\nnot found: b\nnot found: c not found: d\nnot found: e\nbase\n",
		},
		parityCase{
			name: "a method promoted from an embedded interface field",
			prog: `package main

import "fmt"

type Setter interface{ Set(int) }

type impl struct{ v int }

func (p *impl) Set(v int) { p.v = v; fmt.Println("set", v) }

type Holder struct {
	id int
	Setter
}

type Outer struct {
	name string
	Holder
}

type G[T any] struct {
	x T
	Setter
}

func main() {
	var h Holder
	h.Setter = &impl{}
	h.Set(1)
	o := &Outer{Holder: Holder{Setter: &impl{}}}
	o.Set(2)
	f := o.Set
	f(3)
	g := G[string]{Setter: &impl{}}
	g.Set(4)
}
`,
			out: "set 1\nset 2\nset 3\nset 4\n",
		},
	)
}

// TestIfaceSwitchNonStruct: a switch comparing an interface value with a
// value of a non-struct cell type without methods tells the type apart
// (its values are boxed in interfaces, fix_boxnamed.go): a float64 21.5
// is not a Celsius(21.5). Go prints 2.
func TestIfaceSwitchNonStruct(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, "type Celsius float64\nvar i any = 21.5\nswitch i {\ncase Celsius(21.5):\n\tfmt.Println(1)\ncase 21.5:\n\tfmt.Println(2)\n}\nvar c any = Celsius(21.5)\nswitch c {\ncase 21.5:\n\tfmt.Println(3)\ncase Celsius(21.5):\n\tfmt.Println(4)\n}")
	if got, want := s.out(), "2\n4\n"; got != want {
		t.Fatalf("stdout %q, want %q", got, want)
	}
}
