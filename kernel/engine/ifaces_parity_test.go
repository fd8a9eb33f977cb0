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
	})
}
