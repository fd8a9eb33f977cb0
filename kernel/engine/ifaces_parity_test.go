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
	})
}
