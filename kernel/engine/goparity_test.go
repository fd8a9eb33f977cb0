package engine

import (
	"context"
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Parity with compiled Go: each case is a whole Go program with the
// output compiled Go gives for it, pinned here. The test runs the program
// in the engine two ways — as one cell (a pasted file) and as a notebook
// (everything but func main in one cell, main's body in the next) — and
// compares. `go test -run TestGoParity -gorun` also runs every program
// with `go run` and checks the pins (slow: one build per program).
var goRun = flag.Bool("gorun", false, "check the pinned outputs of TestGoParity against `go run`")

type parityCase struct {
	name string
	prog string
	// out is compiled Go's stdout; panic is the first line of its panic
	// message ("" when it does not panic). The engine must give the same
	// stdout and a Panic error starting with the same message.
	out, panic string
}

var parityCases = []parityCase{
	{
		name: "assignments to a compiled package's variables",
		prog: `package main

import (
	"fmt"
	"runtime"
)

func main() {
	old := runtime.MemProfileRate
	runtime.MemProfileRate = 0
	fmt.Println(runtime.MemProfileRate)
	runtime.MemProfileRate++
	runtime.MemProfileRate += 10
	(runtime.MemProfileRate) *= 2
	var n int
	n, runtime.MemProfileRate = runtime.MemProfileRate, old
	fmt.Println(n, runtime.MemProfileRate == old)
}
`,
		out: "0\n22 true\n",
	},
	{
		name: "structs with several blank fields",
		prog: `package main

import "fmt"

type T struct {
	_ int
	X interface{}
	_ string
	Y float64
}

type U struct {
	_, _ int
	Z    string
}

func main() {
	m := map[T]int{}
	m[T{X: 1, Y: 2}] = 1
	m[T{X: 2, Y: 3}] = 2
	m[T{X: 1, Y: 2}] = 3
	fmt.Println(len(m), m[T{X: 1, Y: 2}])
	t := T{X: "a", Y: 1.5}
	fmt.Printf("%v %+v\n", t, t)
	fmt.Printf("%#v\n", U{Z: "z"})
	fmt.Println(U{Z: "q"} == U{Z: "q"})
}
`,
		out: "2 3\n{0 a  1.5} {_:0 X:a _: Y:1.5}\nmain.U{_:0, _:0, Z:\"z\"}\ntrue\n",
	},
	{
		name: "unsafe.Offsetof of promoted fields and through pointers",
		prog: `package main

import (
	"fmt"
	"unsafe"
)

type Inner struct {
	B byte
	C int64
}

type Mid struct {
	S string
	Inner
}

type Outer struct {
	A int16
	Mid
	Z bool
}

var o Outer
var p *Outer // nil: Offsetof does not evaluate it

const k = unsafe.Offsetof(o.C)

func main() {
	fmt.Println(unsafe.Offsetof(o.C), unsafe.Offsetof(p.C), unsafe.Offsetof(o.Mid.C), unsafe.Offsetof(o.Inner.C))
	fmt.Println(unsafe.Offsetof(o.B), unsafe.Offsetof(p.Z), unsafe.Offsetof(o.A), k)
	var a [unsafe.Offsetof(p.S) + 1]int
	fmt.Printf("%d %T\n", len(a), unsafe.Offsetof(o.C))
}
`,
		out: "32 32 24 8\n24 40 0 32\n9 uintptr\n",
	},
	{
		name: "predeclared names declared again",
		prog: `package main

import "fmt"

const (
	append = 1
	true   = append + 1
)

var int = 3

var nil, iota = 4, 5

var cap = len("abcdef")

func twice() float64 {
	var float64 = 2.5 // a local hides the universe's name too
	return float64 * 2
}

func main() {
	int += append
	fmt.Println(append, true, int, nil, iota, cap, twice())
	s := []string{"x"}
	fmt.Println(len(s), copy(s, []string{"y"}), s)
}
`,
		out: "1 2 4 4 5 6 5\n1 1 [y]\n",
	},
	{
		name: "builtins called with a multi-value call",
		prog: `package main

import "fmt"

func two() (int, int)              { return 1, 2 }
func sl() ([]int, int, int)        { return []int{0}, 7, 8 }
func cp() ([]byte, string)         { return make([]byte, 2), "xyz" }
func cx() (float64, float64)       { return 3, 4 }
func mp() (map[string]int, string) { return m, "a" }

type Pt struct{ X, Y float32 }

func pts() ([]Pt, Pt) { return nil, Pt{1, 2} }

var m = map[string]int{"a": 1, "b": 2}

func main() {
	fmt.Println(max(two()), min(two()))
	fmt.Println(append(sl()))
	fmt.Println(copy(cp()))
	copy(cp())
	fmt.Println(complex(cx()))
	delete(mp())
	fmt.Println(len(m))
	x := append(sl())
	fmt.Printf("%T %v %v\n", x, x, append(pts()))
}
`,
		out: "2 1\n[0 7 8]\n2\n(3+4i)\n1\n[]int [0 7 8] [{1 2}]\n",
	},
	{
		name: "blank declarations",
		prog: `package main

import (
	"fmt"
	. "strings"
)

type _ Reader // keeps the dot import used

type _ int

type (
	_ struct{ x int }
	P struct{ x, y int }
	_ = P
)

var _ = fmt.Sprint("side effect")

const _, _ = 1, 2

func _() { panic("never called") }

func (P) _() {}

func main() {
	type _ string
	p := P{1, 2}
	fmt.Println(p.x+p.y, Repeat("ab", 2))
}
`,
		out: "3 abab\n",
	},
	{
		name: "recursive types through structs and interfaces",
		prog: `package main

import "fmt"

type List struct {
	next *List
	v    int
}

type Expr interface{ Simplify() Expr }

type Num int

func (n Num) Simplify() Expr { return n / 2 }

type Step func(int) Next

type Next struct{ step Step }

type Tree struct{ kids map[string]*Tree }

func main() {
	l := &List{v: 1, next: &List{v: 2}}
	fmt.Println(l.v + l.next.v)
	var e Expr = Num(10)
	fmt.Println(e.Simplify().Simplify())
	var count Step
	count = func(n int) Next {
		if n == 0 {
			return Next{}
		}
		fmt.Print(n, " ")
		return Next{step: count}
	}
	for nx, n := count(3), 2; nx.step != nil; n-- {
		nx = nx.step(n)
	}
	fmt.Println()
	t := Tree{kids: map[string]*Tree{"a": {kids: map[string]*Tree{"b": {}}}}}
	fmt.Println(len(t.kids["a"].kids))
}
`,
		out: "3\n2\n3 2 1 \n1\n",
	},
	{
		name: "const group with iota and implicit repetition",
		prog: `package main

import "fmt"

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
)

const (
	A = iota
	B = iota
	C = iota
)

const (
	_  = iota
	KB = 1 << (10 * iota)
	MB
)

func main() {
	fmt.Println(A, B, C)
	fmt.Println(Sunday, Monday, Tuesday, KB, MB)
}
`,
		out: "0 1 2\n0 1 2 1024 1048576\n",
	},
	{
		name: "custom error types with %w, errors.As, errors.Is and Unwrap",
		prog: `package main

import (
	"errors"
	"fmt"
)

type MyErr struct{ Code int }

func (e *MyErr) Error() string { return fmt.Sprint("code ", e.Code) }

type Outer struct{ In error }

func (o Outer) Error() string { return "outer: " + o.In.Error() }
func (o Outer) Unwrap() error { return o.In }

type Named string

func (n Named) Error() string { return "named " + string(n) }

var ErrSentinel = &MyErr{99}

func find(k string) error {
	if k == "" {
		return fmt.Errorf("find: %w", ErrSentinel)
	}
	return Named(k)
}

func main() {
	err := fmt.Errorf("wrap: %w", &MyErr{3})
	fmt.Println(err)
	var me *MyErr
	fmt.Println(errors.As(err, &me), me.Code)
	fmt.Println(&MyErr{1})
	o := Outer{&MyErr{6}}
	fmt.Println(o, errors.Unwrap(o))
	w3 := fmt.Errorf("top: %w", o)
	var me2 *MyErr
	fmt.Println(w3, errors.As(w3, &me2), me2)
	fmt.Println(errors.Is(find(""), ErrSentinel), errors.Is(err, ErrSentinel))
	fmt.Printf("%v|%s|%q\n", &MyErr{5}, &MyErr{5}, &MyErr{5})
	var target *Outer
	fmt.Println(errors.As(w3, &target))
	var n Named
	fmt.Println(errors.As(fmt.Errorf("x: %w", find("k")), &n), n)
	if err := find("z"); err != nil {
		fmt.Println("error:", err)
	}
}
`,
		out: "wrap: code 3\ntrue 3\ncode 1\nouter: code 6 code 6\ntop: outer: code 6 true code 6\ntrue false\ncode 5|code 5|\"code 5\"\nfalse\ntrue named k\nerror: named z\n",
	},
	{
		name: "top-level define from os.Args",
		prog: `package main

import (
	"fmt"
	"os"
)

func main() {
	x := os.Args[0]
	n := len(os.Args)
	fmt.Println(len(x) > 0, n > 0)
}
`,
		out: "true true\n",
	},
	{
		name: "top-level defer recovers a later panic",
		prog: `package main

import "fmt"

func main() {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println("recovered:", r)
		}
	}()
	fmt.Println("before")
	panic("boom")
}
`,
		out: "before\nrecovered: boom\n",
	},
	{
		name: "recover sees Go's runtime error text",
		prog: `package main

import "fmt"

type shape interface{ Area() float64 }

func area(s shape) (a float64, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("caught: %v", r)
		}
	}()
	return s.Area(), nil
}

func main() {
	var s shape
	fmt.Println(area(s))
}
`,
		out: "0 caught: runtime error: invalid memory address or nil pointer dereference\n",
	},
	{
		name: "method call on a nil interface",
		prog: `package main

type shape interface{ Area() float64 }

func main() {
	var s shape
	println(s.Area())
}
`,
		panic: "runtime error: invalid memory address or nil pointer dereference",
	},
	{
		name: "failed type assertion",
		prog: `package main

func main() {
	var x any = "s"
	n := x.(int)
	println(n)
}
`,
		panic: "interface conversion: interface {} is string, not int",
	},
	{
		name: "pointer-receiver method set through an interface",
		prog: `package main

import "fmt"

type counter interface{ Inc() int }

type c struct{ n int }

func (c *c) Inc() int { c.n++; return c.n }

func main() {
	var x counter = &c{}
	x.Inc()
	fmt.Println(x.Inc())
}
`,
		out: "2\n",
	},
	{
		name: "comma-ok forms",
		prog: `package main

import "fmt"

type point struct{ x, y int }

func main() {
	m := map[string]int{"a": 1}
	v, ok := m["a"]
	w, ok2 := m["b"]
	fmt.Println(v, ok, w, ok2)
	var i any = 3
	n, isInt := i.(int)
	s, isStr := i.(string)
	fmt.Println(n, isInt, s == "", isStr)
	ch := make(chan int, 1)
	ch <- 4
	r, open := <-ch
	close(ch)
	r2, open2 := <-ch
	fmt.Println(r, open, r2, open2)
	ps := map[string]point{"o": {1, 2}}
	p, found := ps["o"]
	fmt.Println(p, found)
}
`,
		out: "1 true 0 false\n3 true true false\n4 true 0 false\n{1 2} true\n",
	},
	{
		name: "generic functions with inferred type arguments, over compiled values",
		prog: `package main

import (
	"fmt"
	"strings"
)

func Map[T, U any](xs []T, f func(T) U) []U {
	var r []U
	for _, x := range xs {
		r = append(r, f(x))
	}
	return r
}

func Filter[T any](xs []T, keep func(T) bool) []T {
	var r []T
	for _, x := range xs {
		if keep(x) {
			r = append(r, x)
		}
	}
	return r
}

func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

func main() {
	words := strings.Fields("a bb ccc")
	fmt.Println(Map(words, func(s string) int { return len(s) }))
	fmt.Println(Map([]int{1, 2}, func(i int) string { return fmt.Sprint(i * 2) }))
	evens := Filter([]int{1, 2, 3, 4}, func(n int) bool { return n%2 == 0 })
	total := Reduce(evens, 0.5, func(a float64, n int) float64 { return a + float64(n) })
	fmt.Println(evens, total)
}
`,
		out: "[1 2 3]\n[2 4]\n[2 4] 6.5\n",
	},
	{
		name: "%T, %+v, %#v and json of cell types",
		prog: `package main

import (
	"encoding/json"
	"errors"
	"fmt"
)

type P struct{ x, y int }

type T struct{ S string }

type Q struct{ S string }

type Celsius float64

type N struct {
	Name string ` + "`json:\"name\"`" + `
	age  int    ` + "`json:\"age\"`" + `
}

func main() {
	fmt.Printf("%+v %v %#v\n", P{1, 2}, P{1, 2}, P{1, 2})
	b, _ := json.Marshal(struct {
		A int
		b int
	}{1, 2})
	fmt.Println(string(b))
	fmt.Printf("%T %T %T\n", &T{}, T{}, []T{})
	var i any = T{"x"}
	fmt.Printf("%T %+v\n", i, i)
	fmt.Printf("%T %T %T\n", Celsius(1), Q{}, T{})
	n := N{"a", 3}
	fmt.Printf("%+v\n", n)
	nb, _ := json.Marshal(n)
	fmt.Println(string(nb))
	fmt.Printf("%#v\n", []P{{1, 2}})
	fmt.Printf("%T %T %T %T %T\n", 1, "s", 2.5, map[string]P{}, nil)
	err := fmt.Errorf("bad %T", P{})
	fmt.Println(err, errors.Unwrap(err) == nil)
	s := fmt.Sprintf("%8T|%-8T|", 1, "s")
	fmt.Println(s)
}
`,
		out: "{x:1 y:2} {1 2} main.P{x:1, y:2}\n{\"A\":1}\n*main.T main.T []main.T\nmain.T {S:x}\nmain.Celsius main.Q main.T\n{Name:a age:3}\n{\"name\":\"a\"}\n[]main.P{main.P{x:1, y:2}}\nint string float64 map[string]main.P <nil>\nbad main.P true\n     int|string  |\n",
	},
	{
		name: "index out of range in a loop",
		prog: `package main

import "fmt"

func main() {
	xs := []int{1, 2, 3}
	sum := 0
	for i := 0; i <= len(xs); i++ {
		sum += xs[i]
		fmt.Println(sum)
	}
}
`,
		out:   "1\n3\n6\n",
		panic: "runtime error: index out of range [3] with length 3",
	},
	{
		name: "index out of range recovered",
		prog: `package main

import "fmt"

func at(s string, i int) (b byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	return s[i], nil
}

func main() {
	fmt.Println(at("abc", 1))
	fmt.Println(at("abc", 5))
	fmt.Println(at("abc", -1))
}
`,
		out: "98 <nil>\n0 runtime error: index out of range [5] with length 3\n0 runtime error: index out of range [-1]\n",
	},
	{
		name: "parenthesized name in a condition",
		prog: `package main

import "fmt"

func main() {
	i, ok := 5, false
	if (i) > 3 || ok {
		fmt.Println("big")
	}
	fmt.Println((i) >= 3 && !ok)
}
`,
		out: "big\ntrue\n",
	},
	{
		name: "range loops over operands only types tell apart",
		prog: `package main

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

type box struct{ n uint8 }

func count() int { return 3 }

func main() {
	b := box{2}
	words := strings.Fields("a bb")
	total := 0
	for i := range count() {
		total += i
	}
	for range b.n {
		total += 10
	}
	for i := range utf8.RuneCountInString("héllo") {
		total += i
	}
	for _, w := range words {
		total += len(w)
	}
	fmt.Println(total)
}
`,
		out: "36\n",
	},
	{
		name: "interfaces holding cell values with methods equal those values",
		prog: `package main

import "fmt"

type W struct{}

func (*W) M() {}

type V struct{ x int }

func (V) M() {}

type I interface{ M() }

func index(xs []I, x I) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

func main() {
	b := W{}
	var f any = &b
	v := V{1}
	var i I = v
	fmt.Println(f == &b, &b != f, i == V{1}, i == I(V{2}), any(v) == i)
	fmt.Println(index([]I{&b, V{2}, v}, V{1}), index([]I{v}, &b))
	var s1, s2 any = []int{1}, []int{1}
	fmt.Println(s1 == s2)
}
`,
		out:   "true false true false true\n2 -1\n",
		panic: "runtime error: comparing uncomparable type []int",
	},
	{
		name: "interface values compared with pointers to cell types",
		prog: `package main

import "fmt"

type W struct{ a int }

func (w *W) Inc() { w.a++ }

type Incer interface{ Inc() }

type N int

func (n *N) Inc() { *n++ }

func find(xs []Incer, p *W) int {
	for i, x := range xs {
		if x == p {
			return i
		}
	}
	return -1
}

func main() {
	b, c := W{}, W{}
	var f any = &b
	var n N
	xs := []Incer{&c, &b, &n}
	fmt.Println(f == &b, &b == f, f != &c, f == &W{})
	fmt.Println(find(xs, &b), find(xs, &c), find(xs, &W{}), xs[2] == &n)
	switch f {
	case &c:
		fmt.Println("c")
	case &b:
		fmt.Println("b")
	}
	var none Incer
	fmt.Println(none == &b, none == (*W)(nil))
}
`,
		out: "true true true false\n1 0 -1 true\nb\nfalse false\n",
	},
	{
		name: "switch on interface values and computed case values",
		prog: `package main

import (
	"errors"
	"fmt"
)

type name struct{ s string }

var errA = errors.New("a")

func kind(i any, t int) string {
	switch i {
	case 1, t:
		return "one or t"
	case "s", name{"n"}:
		return "string"
	case nil:
		return "nil"
	case 2.5:
		return "float"
	}
	return "other"
}

func calls(n int) int { fmt.Print("call ", n, " "); return n }

func computed(t int) {
	switch t {
	case calls(1), calls(2), t + 1:
		fmt.Println("one or two")
	case calls(3), calls(4):
		fmt.Println("three or four")
	default:
		fmt.Println("default")
	}
	b := t > 2
	switch b {
	case t == 1, t == 4:
		fmt.Println("b is t == 1 or t == 4")
	}
}

func main() {
	for _, v := range []any{1, 7, "s", name{"n"}, nil, 2.5, int8(1), "x"} {
		fmt.Println(kind(v, 7))
	}
	var err error = errA
	switch err {
	case nil:
		fmt.Println("no error")
	case errA:
		fmt.Println("errA")
	}
L:
	switch s := any(name{"q"}); s {
	case name{"q"}:
		fmt.Println("q")
		break L
	default:
		fmt.Println("default")
	}
	for _, t := range []int{2, 4, 5, 0} {
		computed(t)
	}
}
`,
		out: "one or t\none or t\nstring\nstring\nnil\nfloat\nother\nother\nerrA\nq\ncall 1 call 2 one or two\nb is t == 1 or t == 4\ncall 1 call 2 call 3 call 4 three or four\nb is t == 1 or t == 4\ncall 1 call 2 call 3 call 4 default\ncall 1 call 2 call 3 call 4 default\nb is t == 1 or t == 4\n",
	},
}

func TestGoParity(t *testing.T) { testParity(t, parityCases) }

// testParity runs each case as a script and as a notebook against
// compiled Go's pinned output (checked with -gorun).
func testParity(t *testing.T, cases []parityCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if *goRun {
				out, pan := runCompiled(t, c.prog)
				if out != c.out || pan != c.panic {
					t.Errorf("pinned output is stale: go run gives stdout %q panic %q; pinned %q, %q", out, pan, c.out, c.panic)
				}
			}
			for _, mode := range []string{"script", "notebook"} {
				cells := []string{c.prog}
				if mode == "notebook" {
					cells = notebookCells(t, c.prog)
					if cells == nil {
						continue
					}
				}
				out, errName, errValue := runCells(t, cells)
				if out != c.out {
					t.Errorf("%s: stdout %q, compiled Go prints %q", mode, out, c.out)
				}
				switch {
				case c.panic == "" && errName != "":
					t.Errorf("%s: %s: %s; compiled Go runs without error", mode, errName, errValue)
				case c.panic != "" && (errName != "Panic" || !strings.HasPrefix(errValue, c.panic)):
					t.Errorf("%s: error %s: %q; compiled Go panics with %q", mode, errName, errValue, c.panic)
				}
			}
		})
	}
}

// runCells runs cells in a fresh engine and returns the stdout of all of
// them and the first error.
func runCells(t *testing.T, cells []string) (out, errName, errValue string) {
	t.Helper()
	e := newEngine(t)
	s := &fakeSink{}
	for _, c := range cells {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		r := e.Execute(ctx, c, s)
		cancel()
		if r.Err != nil {
			return s.out(), r.Err.Name, r.Err.Value
		}
	}
	return s.out(), "", ""
}

// notebookCells splits a program into a cell with everything but func
// main and a cell with main's body; nil when the program has no main.
func notebookCells(t *testing.T, prog string) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", prog, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != "main" || fd.Recv != nil {
			continue
		}
		start, end := fset.Position(fd.Pos()).Offset, fset.Position(fd.End()).Offset
		lb, rb := fset.Position(fd.Body.Lbrace).Offset, fset.Position(fd.Body.Rbrace).Offset
		first := prog[:start] + prog[end:]
		var body []string
		for _, l := range strings.Split(prog[lb+1:rb], "\n") {
			body = append(body, strings.TrimPrefix(l, "\t"))
		}
		return []string{first, strings.TrimSpace(strings.Join(body, "\n"))}
	}
	return nil
}

// runCompiled runs prog with `go run` and returns its stdout and the
// first line of its panic message.
func runCompiled(t *testing.T, prog string) (out, pan string) {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "main.go")
	if err := os.WriteFile(file, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", file)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GO111MODULE=off", "GOFLAGS=")
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err != nil {
		msg := stderr.String()
		if i := strings.Index(msg, "panic: "); i >= 0 {
			line, _, _ := strings.Cut(msg[i+len("panic: "):], "\n")
			return stdout.String(), strings.TrimSuffix(line, " [recovered]")
		}
		if _, ok := err.(*exec.ExitError); !ok || !strings.Contains(msg, "exit status") {
			t.Fatalf("go run: %v\n%s", err, msg)
		}
	}
	return stdout.String(), ""
}
