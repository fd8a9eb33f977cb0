package engine

// A deferred call's function value is evaluated when the defer statement
// runs, and a nil one panics when the call runs, where the function's
// other deferred calls still run and may recover (fix_deferargs.go's
// computedFunc; fixedbugs/issue8047.go of Go's tests). Pinned with go1.26
// `go run`.
func init() {
	parityCases = append(parityCases,
		parityCase{
			// fs[i](), f()(), a field, a generic instance, (func())(nil)(), in loops
			name: "computed deferred function values",
			prog: `package main

import "fmt"

type S struct{ fn func() }

func mk(name string) func() {
	fmt.Println("mk", name)
	return func() { fmt.Println("run", name) }
}

func gen[T any](v T) { fmt.Println("gen", v) }

func run() {
	defer func() { fmt.Println("recovered:", recover()) }()
	fs := []func(){mk("a"), mk("b")}
	defer fs[0]()
	fs[0] = mk("c")
	s := S{fn: mk("field")}
	defer s.fn()
	s.fn = nil
	defer mk("now")()
	defer gen[int](7)
	defer ((func())(nil))()
	for i := range 2 {
		defer mk(fmt.Sprint("loop", i))()
	}
	fmt.Println("body")
}

func nilLoop() (n int) {
	defer func() {
		r := recover()
		fmt.Println("nilLoop recovered:", r != nil, n)
	}()
	var f func()
	for i := 0; i < 2; i++ {
		n++
		defer f()
	}
	return
}

func main() {
	run()
	fmt.Println(nilLoop())
}
`,
			out: "mk a\n" +
				"mk b\n" +
				"mk c\n" +
				"mk field\n" +
				"mk now\n" +
				"mk loop0\n" +
				"mk loop1\n" +
				"body\n" +
				"run loop1\n" +
				"run loop0\n" +
				"gen 7\n" +
				"run now\n" +
				"run field\n" +
				"run a\n" +
				"recovered: runtime error: invalid memory address or nil pointer dereference\n" +
				"nilLoop recovered: true 2\n" +
				"2\n",
		},
		parityCase{
			// a variable reassigned after the defer, in loops, a parameter, a package variable
			name: "deferred calls of variables holding functions",
			prog: `package main

import "fmt"

func a() { fmt.Println("a") }
func b() { fmt.Println("b") }

var global = a

func one() {
	f := a
	defer f()
	f = b
	global = b
	defer global()
	global = a
}

func loop() {
	fs := []func(){a, b, a}
	for _, f := range fs {
		defer f()
	}
	g := a
	for i := 0; i < 2; i++ {
		defer g()
		g = b
	}
}

func param(f func(), n int) {
	defer f()
	if n > 0 {
		param(b, n-1)
	}
}

func main() {
	one()
	loop()
	param(a, 2)
	func() {
		cleanup := func() { fmt.Println("cleanup") }
		defer cleanup()
	}()
}
`,
			out: "b\n" +
				"a\n" +
				"b\n" +
				"a\n" +
				"a\n" +
				"b\n" +
				"a\n" +
				"b\n" +
				"b\n" +
				"a\n" +
				"cleanup\n",
		},
		parityCase{
			// In a notebook, main's defers are the cell's top-level ones
			// (fix_defer.go's runner): a panic out of one does not stop the
			// others, and a later one recovers the latest panic.
			name: "panics out of main's deferred calls",
			prog: `package main

import "fmt"

func main() {
	defer func() {
		fmt.Println("first recovered:", recover())
	}()
	defer func() {
		fmt.Println("second runs")
	}()
	defer func() {
		panic("from a deferred call")
	}()
	defer ((func())(nil))()
	defer func() {
		fmt.Println("last deferred recovered:", recover())
	}()
	fmt.Println("body")
	panic("body panic")
}
`,
			out: "body\n" +
				"last deferred recovered: body panic\n" +
				"second runs\n" +
				"first recovered: from a deferred call\n",
		},
	)
}
