package engine

// Values of empty struct types, and of types declared inside functions,
// keep their types in interfaces (fix_boxnamed.go, fix_hoisttypes.go):
// assertions, type switches, ==, map and context keys, %T and the
// messages of failed assertions are Go's. Pinned with go1.26 `go run`.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "empty struct and local types in interfaces",
		prog: `package main

import (
	"context"
	"fmt"
)

type E struct{}
type F struct{}
type key struct{}
type other struct{}

func (E) String() string { return "E!" }

type Namer interface{ Name() string }
type N[A any] struct{}

func (N[A]) Name() string { return "N" }

var saved any

func keep() {
	type T struct{}
	saved = T{}
}

func check() {
	defer func() { fmt.Println("recovered:", recover()) }()
	type T struct{}
	_ = saved.(T)
}

func try(f func()) {
	defer func() { fmt.Println("recovered:", recover()) }()
	f()
}

type P struct{ A int }
type Kind int

func main() {
	var a, b any = E{}, F{}
	fmt.Println(a, b, a == b, a == any(E{}))
	_, ok := a.(F)
	fmt.Println(ok)
	switch b.(type) {
	case E:
		fmt.Println("case E")
	case F:
		fmt.Println("case F")
	}
	m := map[any]int{E{}: 1, F{}: 2, struct{}{}: 3}
	fmt.Println(len(m), m[E{}], m[F{}], m[struct{}{}])
	fmt.Printf("%T %T %v %+v\n", a, b, a, b)

	ctx := context.WithValue(context.Background(), key{}, "k")
	fmt.Println(ctx.Value(key{}), ctx.Value(other{}))

	var n any = N[int]{}
	_, ok = n.(N[bool])
	fmt.Println(ok, n.(Namer).Name())
	fmt.Printf("%T\n", n)

	keep()
	check()

	type Local int
	var l any = Local(3)
	_, isInt := l.(int)
	fmt.Printf("%T %v %v\n", l, l, isInt)
	switch l.(type) {
	case int:
		fmt.Println("case int")
	case Local:
		fmt.Println("case Local")
	}

	try(func() { var x any = P{1}; _ = x.(string) })
	try(func() { var x any = Kind(1); _ = x.(string) })
	try(func() { var x any = "s"; _ = x.(Kind) })
	try(func() { var x any; _ = x.(Kind) })
	try(func() { var x any = Local(1); _ = x.(Kind) })
}
`,
		out: "E! {} false true\n" +
			"false\n" +
			"case F\n" +
			"3 1 2 3\n" +
			"main.E main.F E! {}\n" +
			"k <nil>\n" +
			"false N\n" +
			"main.N[int]\n" +
			"recovered: interface conversion: interface {} is main.T, not main.T (types from different scopes)\n" +
			"main.Local 3 false\n" +
			"case Local\n" +
			"recovered: interface conversion: interface {} is main.P, not string\n" +
			"recovered: interface conversion: interface {} is main.Kind, not string\n" +
			"recovered: interface conversion: interface {} is string, not main.Kind\n" +
			"recovered: interface conversion: interface {} is nil, not main.Kind\n" +
			"recovered: interface conversion: interface {} is main.Local, not main.Kind\n",
	})
}

// A value method called through an interface holding a nil *T panics
// with Go's wrapper's message (runtime.panicwrap; fixedbugs/issue19040
// of Go's tests); called directly, it dereferences nil. call is not
// inlined, so Go's call dispatches through the interface.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "value method through a nil pointer in an interface",
		prog: `package main

import "fmt"

type T int

type I interface{ F() }

func (t T) F() {}

func try(f func()) {
	defer func() { fmt.Println(recover()) }()
	f()
}

//go:noinline
func call(i I) { i.F() }

var (
	t *T
	i I = t
)

func main() {
	try(func() { i.F() })
	var t2 *T
	try(func() { call(t2) })
	is := []I{t2}
	try(func() { is[0].F() })
	try(func() { t2.F() })
}
`,
		out: "value method main.T.F called using nil *T pointer\n" +
			"value method main.T.F called using nil *T pointer\n" +
			"value method main.T.F called using nil *T pointer\n" +
			"runtime error: invalid memory address or nil pointer dereference\n",
	})
}

// A *E of an empty struct type E goes bare into a compiled package's
// interface with methods (io.Reader), and fmt calls its String method
// there; a nil *Int whose String has a value receiver prints <nil>
// (fmt's catchPanic). From fixedbugs/issue15528 of Go's tests.
func init() {
	parityCases = append(parityCases, parityCase{
		name: "fmt of empty struct pointers in compiled interfaces",
		prog: `package main

import (
	"fmt"
	"io"
)

type RWS struct{}

func (x *RWS) Read(p []byte) (n int, err error) { return }
func (x *RWS) String() string                   { return "rws" }

type Int int

func (i Int) String() string { return fmt.Sprintf("Int=%d", int(i)) }

func main() {
	var r io.Reader = &RWS{}
	fmt.Println(r)
	fmt.Printf("%T %v\n", r, r)
	var a any = &RWS{}
	fmt.Println(a)
	var n any = (*Int)(nil)
	fmt.Printf("%T %v|%6v|\n", n, n, n)
}
`,
		out: "rws\n" +
			"*main.RWS rws\n" +
			"rws\n" +
			"*main.Int <nil>|<nil>|\n",
	})
}
