package engine

// Assertions to error, a compiled package's interface or an interface
// literal of a nil interface value answer false in the comma-ok form and
// panic as Go does in the single-value form (yaegi v0.16 dereferenced
// the missing value: fix_assertiface.go's guardNilAssertion). Pinned with
// go1.26 `go run`.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "assertions of nil interfaces to interfaces the cell does not declare",
		prog: `package main

import "fmt"

type Shape interface{ Area() float64 }

type C struct{}

func (C) Area() float64 { return 1 }
func (C) Error() string  { return "C" }

func f() {
	var x any
	_, ok := x.(error)
	fmt.Println(ok)
	e, ok := x.(fmt.Stringer)
	fmt.Println(e == nil, ok)
	var s Shape
	_, ok = s.(error)
	fmt.Println(ok)
	v, ok := s.(interface{ Unwrap() error })
	fmt.Println(v == nil, ok)
	s = C{}
	err, ok := s.(error)
	fmt.Println(err, ok)
	var st fmt.Stringer
	_, ok = st.(error)
	fmt.Println(ok)
	_ = x.(error)
}

func main() { f() }
`,
		out:   "false\ntrue false\nfalse\ntrue false\nC true\nfalse\n",
		panic: "interface conversion: interface is nil, not error",
	}, parityCase{
		name: "type switches on values of a cell's interface type",
		prog: `package main

import "fmt"

type Shape interface{ Area() float64 }
type Namer interface{ Name() string }

type Sq struct{ s float64 }

func (q Sq) Area() float64 { return q.s * q.s }
func (q Sq) Name() string   { return "sq" }

type Ci struct{ r float64 }

func (c *Ci) Area() float64 { return 3 * c.r * c.r }
func (c *Ci) Error() string  { return "ci" }

func New(i int) Shape {
	switch i {
	case 0:
		return Sq{2}
	case 1:
		return &Ci{1}
	}
	return nil
}

func desc(s Shape) string {
	switch v := s.(type) {
	default:
		return fmt.Sprint("other ", v.Area())
	case nil:
		return "nil"
	case Namer:
		return "namer " + v.Name()
	case error, fmt.Stringer:
		return "error/stringer"
	}
}

func kind(s Shape) string {
	switch s.(type) {
	case Sq:
		return "Sq"
	case *Ci:
		return "*Ci"
	}
	return "none"
}

func main() {
	for i := 0; i < 3; i++ {
		fmt.Println(desc(New(i)), kind(New(i)), kind(Shape(Sq{1})))
	}
L:
	for i := 0; i < 3; i++ {
		switch x := New(i); x.(type) {
		case Sq:
			fmt.Println("Sq", i)
			continue L
		case *Ci:
			fmt.Println("Ci")
			break L
		}
	}
	count := 0
outer:
	switch s := New(0).(type) {
	case Sq, *Ci:
		for j := 0; j < 5; j++ {
			count++
			if j == 2 {
				break outer
			}
		}
		fmt.Println("not here", s)
	}
	fmt.Println(count)
	var sh Shape = Sq{3}
	switch q := sh.(type) {
	case Sq:
		q.s = 10
		fmt.Println(q.Area(), sh.Area())
	}
}
`,
		out: "namer sq Sq Sq\nerror/stringer *Ci Sq\nnil none Sq\nSq 0\nCi\n3\n100 9\n",
	}, parityCase{
		name: "errors.Is calls a cell error's Is method, errors.Unwrap its Unwrap, through error variables",
		prog: `package main

import (
	"errors"
	"fmt"
)

var ErrBase = errors.New("base")

type IsErr struct{ n int }

func (IsErr) Error() string          { return "iserr" }
func (IsErr) Is(target error) bool { return target == ErrBase }

type WIs struct{ inner error }

func (w WIs) Error() string          { return "wis" }
func (w WIs) Is(target error) bool { return target == ErrBase }
func (w WIs) Unwrap() error        { return w.inner }

type Wrap struct{ inner error }

func (w Wrap) Error() string { return "wrap: " + w.inner.Error() }
func (w Wrap) Unwrap() error { return w.inner }

type PE struct{ n int }

func (p *PE) Error() string { return "pe" }

var ErrOther = errors.New("other")

func get() error { return IsErr{} }

func main() {
	fmt.Println(errors.Is(IsErr{}, ErrBase), errors.Is(IsErr{}, ErrOther))
	fmt.Println(errors.Is(fmt.Errorf("a: %w", IsErr{}), ErrBase))
	w := WIs{ErrOther}
	fmt.Println(errors.Is(w, ErrBase), errors.Is(w, ErrOther), errors.Unwrap(w) == ErrOther)
	fmt.Println(errors.Is(fmt.Errorf("b: %w", w), ErrOther))
	fmt.Printf("%v %s|%10v|\n", IsErr{}, w, IsErr{})
	fmt.Println(fmt.Errorf("c: %w", w))
	var e error = IsErr{}
	fmt.Println(errors.Is(e, ErrBase), errors.Is(get(), ErrBase))
	var we error = Wrap{ErrBase}
	fmt.Println(errors.Unwrap(we) == ErrBase, errors.Is(we, ErrBase), errors.Is(fmt.Errorf("d: %w", we), ErrBase))
	var pe *PE
	fmt.Println(errors.As(fmt.Errorf("x: %w", &PE{4}), &pe), pe.n)
	var ie IsErr
	fmt.Println(errors.As(errors.New("plain"), &ie))
}
`,
		out: "true false\ntrue\ntrue true true\ntrue\niserr wis|     iserr|\nc: wis\ntrue true\ntrue true true\ntrue 4\nfalse\n",
	}, parityCase{
		name: "a value put into a cell interface with methods is a copy",
		prog: `package main

import "fmt"

type Shape interface{ Area() float64 }

type Rect struct{ W, H float64 }

func (r Rect) Area() float64 { return r.W * r.H }

type Grid [2]int

func (g Grid) Area() float64 { return float64(g[0] * g[1]) }

type P struct{ a float64 }

func (p *P) Area() float64 { return p.a }

func kind(s Shape) string {
	switch v := s.(type) {
	case Rect:
		return fmt.Sprint("rect ", v.W)
	case *P:
		return "p"
	}
	return "other"
}

func f() {
	r := Rect{1, 2}
	var s Shape = r
	r.W = 10
	fmt.Println(s.Area(), kind(s))
	var xs []Shape
	for i := 0; i < 3; i++ {
		r.W = float64(i)
		xs = append(xs, r)
	}
	m := map[string]Shape{}
	g := Grid{1, 2}
	m["g"] = g
	g[0] = 5
	p := &P{1}
	var ps Shape = p
	ch := make(chan Shape, 1)
	ch <- r
	r.W = 100
	fmt.Println(xs[0].Area(), xs[1].Area(), xs[2].Area(), kind(xs[2]), m["g"].Area(), kind(m["g"]), ps.Area(), kind(ps), (<-ch).Area(), p.a)
}

func main() { f() }
`,
		out: "2 rect 1\n0 2 4 rect 2 2 other 1 p 4 1\n",
	}, parityCase{
		name: "type switches on errors holding pointers to cell types",
		prog: `package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

type PE struct{ msg string }

func (e *PE) Error() string { return e.msg }

type QE struct{ n int }

func (e *QE) Error() string { return "q" }

func classify(err error) string {
	switch e := err.(type) {
	case nil:
		return "nil"
	case *PE:
		return "pe " + e.msg
	case *QE, *fs.PathError:
		return "qe/path " + e.Error()
	default:
		return "other " + e.Error()
	}
}

func main() {
	_, oerr := os.Open("/nonexistent")
	for _, err := range []error{nil, &PE{"p"}, &QE{1}, errors.New("x"), oerr} {
		fmt.Println(classify(err))
	}
}
`,
		out: "nil\npe p\nqe/path q\nother x\nqe/path open /nonexistent: no such file or directory\n",
	})
}
