// Single-value type assertions to a cell's interface of values that lack
// one of its methods: yaegi v0.16.1 went on with a nil interface where Go
// panics (issue 19; fix_assertiface.go).
package main

import "fmt"

type Shape interface {
	Area() float64
	Name() string
}

type Sq struct{ s float64 }

func (q *Sq) Area() float64 { return q.s * q.s }
func (q *Sq) Name() string  { return "square" }

type Dot struct{}

func (*Dot) Name() string { return "dot" }

type Named interface{ Name() string }

func try(what string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(what, "panics:", r)
		}
	}()
	f()
}

func main() {
	things := []Named{&Sq{2}, &Dot{}}
	for _, t := range things {
		try(t.Name(), func() {
			s := t.(Shape)
			fmt.Println(t.Name(), "area", s.Area())
		})
	}
	var n Named
	try("nil", func() { _ = n.(Shape) })
	var e any = &Dot{}
	_, ok := e.(Shape)
	fmt.Println("comma-ok", ok)
}
