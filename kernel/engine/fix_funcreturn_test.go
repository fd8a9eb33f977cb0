package engine

import "strings"

// Parity cases run as one cell and as two notebook cells (TestGoParity):
// declared functions returned as values (fix_funcreturn.go), var
// declarations among a cell's statements (fix_varorder.go), and the
// evaluation-order rewrites inside functions declared in an earlier cell
// (the spec programs range.go, fixedbugs/bug185.go, bug364.go, bug428.go,
// bug434.go, bug446.go and mapclear.go as notebooks). The pinned outputs
// are go run's (go test -run TestGoParity -gorun checks them).
func init() { parityCases = append(parityCases, funcReturnParityCases...) }

var funcReturnParityCases = []parityCase{
	{
		name: "a declared function returned as a func value",
		prog: `package main

import (
	"fmt"
	"strings"
)

func sq(x int) int { return x * x }

type F func(int) int

type T int

func (t T) M(x int) int { return int(t) + x }

func direct() func(int) int { return sq }

func viaVar() func(int) int {
	f := sq
	g := f
	return g
}

func named() F { return sq }

func two() (func(int) int, error) { return (sq), nil }

func methodExpr() func(T, int) int { return T.M }

func methodValue() func(int) int { return T(1).M }

func compiled() func(string) string { return strings.ToUpper }

func lit() func(int) int {
	return func(x int) int { return -x }
}

func inner() int {
	get := func() func(int) int { return sq }
	return get()(5)
}

func assert[_ any]() int { return 7 }

func Assert[To any]() func() int { return assert[To] }

var table = []func() int{Assert[int](), Assert[string]()}

var early = direct()

func main() {
	f, err := two()
	fmt.Println(direct()(3), viaVar()(4), named()(5), f(6), err)
	fmt.Println(methodExpr()(1, 2), methodValue()(2), compiled()("go"))
	fmt.Println(lit()(8), inner(), early(9))
	fmt.Println(table[0](), table[1](), len(table))
}
`,
		out: "9 16 25 36 <nil>\n3 3 GO\n-8 25 81\n7 7 2\n",
	},
	{
		name: "a declared function returned as an interface value",
		prog: `package main

import "fmt"

func sq(x int) int { return x * x }

func boxed() interface{} { return sq }

func boxedVar() any {
	f := sq
	return f
}

func main() {
	g, ok := boxed().(func(int) int)
	h, ok2 := boxedVar().(func(int) int)
	fmt.Println(ok, g(7), ok2, h(8))
}
`,
		out: "true 49 true 64\n",
	},
	{
		name: "a declared function returned as a defined func type",
		prog: `package main

import "fmt"

func sq(x int) int { return x * x }

type F func(int) int

func named() F { return sq }

func viaVar() F {
	var g F = sq
	return g
}

func main() {
	fmt.Println(named()(5), viaVar()(6))
}
`,
		out: "25 36\n",
	},
	{
		name: "evaluation and initialization order in functions of an earlier cell",
		prog: `package main

import (
	"fmt"
	"math"
)

type T int

func (r T) Method1() int { return a }
func (r T) Method2() int { return b }

var dummy1 = T(0).Method1()
var dummy2 = T.Method2(0)

var a = identity(1)
var b = identity(2)

func identity(a int) int { return a }

const zero = 0.0

func swap() (a, b int) {
	a, b = 1, 2
	return b, a
}

func rangeAssign() (int, []int) {
	x := []int{10, 20}
	y := []int{99}
	i := 1
	for i, x[i] = range y {
		break
	}
	return i, x
}

var s string

func accum(args ...interface{}) { s += fmt.Sprintln(args...) }

func deferred() {
	v := 0.0
	for i := 0; i < 3; i++ {
		v += 0.1
		defer accum(v)
	}
}

func main() {
	x, y := swap()
	i, xs := rangeAssign()
	fmt.Println(dummy1, dummy2, x, y, i, xs)
	bs := make([]byte, 5, 6)
	copy(bs, "12346")
	bs = append(bs[:len(bs)-1], '5', bs[len(bs)-1])
	fmt.Println(string(bs), math.Float64bits(-zero))
	m := map[int]int{1: 1, 2: 2}
	k := 42
	for k = range m {
		delete(m, k)
	}
	deferred()
	fmt.Printf("%q %d\n", s, len(m))
}
`,
		out: "1 2 2 1 0 [10 99]\n123456 0\n\"0.30000000000000004\\n0.2\\n0.1\\n\" 0\n",
	},
	{
		name: "var declarations among a cell's statements run where they are written",
		prog: `package main

import "fmt"

type I interface{}

var g = 1

func get() int { return g }

func main() {
	var i I
	i = 1
	var v = i.(int)
	var n = 1
	n = 2
	var m = n
	var c int
	c++
	var d, e = c, c * 10
	g = 5
	var h = get()
	fmt.Println(v, m, d, e, h)
}
`,
		out: "1 2 1 10 5\n",
	},
	{
		name: "var declarations reading what earlier statements wrote",
		prog: `package main

import "fmt"


var g = 1

func get() int { return g }

func main() {
	var n = 1
	n = 2
	var m = n
	var c int
	c++
	var d, e = c, c * 10
	g = 5
	var h = get()
	fmt.Println(m, d, e, h)
}
`,
		out: "2 1 10 5\n",
	},
}

func init() {
	canaries = append(canaries, canary{
		// A declared function returned as a value stays yaegi's node
		// (Go: 9).
		name:   "funcreturn",
		evals:  []string{`import "fmt"`, "func sq(x int) int { return x * x }", "func get() func(int) int { return sq }", "fmt.Print(get()(3))"},
		broken: func(out string, err error) bool { return err != nil && strings.Contains(err.Error(), "interp.node") },
	})
}
