// Found by hand (2026-12-04) while building the pointer boxes of
// fix_boxnamed.go: a value of a cell type with a method, appended to an
// []any together with other values (or converted with any(v)), is held in
// yaegi's wrapper for a compiled interface (stdlib._fmt_Stringer), and a
// type switch on it silently took default. Go takes the case.

package main

import "fmt"

type Name string

func (n Name) String() string { return "name:" + string(n) }

type Point struct{ X, Y int }

func (p Point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

func kind(x any) string {
	switch v := x.(type) {
	case Name:
		return "Name " + string(v)
	case Point:
		return fmt.Sprint("Point ", v.X+v.Y)
	case int:
		return fmt.Sprint("int ", v)
	default:
		return fmt.Sprintf("default %T", v)
	}
}

func main() {
	var xs []any
	xs = append(xs, Name("bob"), Point{1, 2}, 3)
	xs = append(xs, any(Point{3, 4}))
	for _, x := range xs {
		fmt.Println(kind(x))
	}
	fmt.Println(kind(any(Name("al"))))
}
