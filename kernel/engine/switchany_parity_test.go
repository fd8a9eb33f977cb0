package engine

// A type switch on an any (or a named empty interface) with cases naming
// cell interfaces (fix_switchany.go). Pinned with go1.26 `go run`.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "a type switch on an any takes the first clause whose interface the value implements",
		prog: `package main

import (
	"errors"
	"fmt"
)

type Shape interface{ Area() float64 }
type Named interface{ Name() string }

type Sq struct{ s float64 }

func (q Sq) Area() float64 { return q.s * q.s }

type Circle struct{ r float64 }

func (c *Circle) Area() float64 { return 3 * c.r * c.r }
func (c *Circle) Name() string   { return "circle" }

type Box interface{}

func mk(i int) any {
	if i%2 == 0 {
		return &Circle{float64(i)}
	}
	return Sq{float64(i)}
}

func kind(v Box) string {
	switch x := v.(type) {
	default:
		return fmt.Sprintf("other %v", x)
	case nil:
		return "nil"
	case Named:
		return "named " + x.Name()
	case Shape:
		return fmt.Sprintf("shape %.0f", x.Area())
	case int, string:
		return fmt.Sprintf("scalar %v", x)
	}
}

func first(v any) string {
	switch v.(type) {
	case Shape:
		return "Shape"
	case *Circle:
		return "*Circle" // never: Shape comes first
	}
	return "none"
}

func main() {
	var xs []any
	for i := 0; i < 4; i++ {
		xs = append(xs, mk(i))
	}
	for _, x := range xs {
		fmt.Println(kind(x), first(x))
	}
	fmt.Println(kind(nil), kind(7), kind("s"), kind(2.5), kind(errors.New("e")))
	n := 0
loop:
	for _, x := range xs {
		switch s := x.(type) {
		case Shape:
			n++
			if s.Area() > 10 {
				break loop
			}
		}
	}
	fmt.Println("n", n)
	c := &Circle{1}
	var b Box = c
	c = &Circle{5}
	fmt.Println(kind(b), kind(c))
}
`,
		out: `named circle Shape
shape 1 Shape
named circle Shape
shape 9 Shape
nil scalar 7 scalar s other 2.5 other e
n 3
named circle named circle
`,
	})
}
