package engine

import (
	"bytes"
	"context"
	"fmt"
	yaegiunsafe "github.com/traefik/yaegi/stdlib/unsafe"
	"os"
	"os/exec"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
	unsafeSymbols "github.com/traefik/yaegi/stdlib/unsafe"
)

// Canaries: each runs the raw construct a workaround exists for on plain
// yaegi (interp.New + stdlib.Symbols, none of the engine) and checks that
// yaegi still gets it wrong. When a yaegi release fixes the construct,
// the canary fails and names the workaround to delete. The package
// documentation's table lists every canary; TestWorkaroundTable keeps the
// two in step.

// canary is one raw construct.
type canary struct {
	name string // the row of the table in doc.go
	// evals are run in order on one interpreter; the result is of the
	// last one (earlier ones must succeed).
	evals []string
	// broken reports whether yaegi still gets it wrong, given the output
	// of the evaluations and the last one's error (a recovered panic
	// becomes an error too); detail says what it did.
	broken func(out string, err error) bool
	// symbols, when set, are loaded besides stdlib.Symbols (a compiled
	// function the construct calls).
	symbols interp.Exports
	// subprocess runs the canary in a child process: for constructs that
	// kill the process.
	subprocess bool
	// run, when set, replaces the plain evaluation.
	run func() (string, error)
	// failingSetup lets evaluations before the last one fail.
	failingSetup bool
}

var canaries = []canary{
	{
		// Top-level blocks do not scope: the inner x is the outer one.
		name:   "compound",
		evals:  []string{`import "fmt"`, "x := 1", "{ x := 2; _ = x }; fmt.Print(x)"},
		broken: func(out string, err error) bool { return out == "2" },
	},
	{
		name:   "compound/define",
		evals:  []string{"func f() (int, int) { return 1, 2 }", "if true { a, b := f(); _, _ = a, b }"},
		broken: errContains("undefined: a"),
	},
	{
		name:   "defer",
		evals:  []string{`import "fmt"`, `defer fmt.Println("deferred")`, `var later int`},
		broken: func(out string, err error) bool { return strings.Count(out, "deferred") > 1 },
	},
	{
		name:   "main",
		evals:  []string{`import "fmt"`, `func main() { fmt.Println("main ran") }`, `var later int`},
		broken: func(out string, err error) bool { return strings.Count(out, "main ran") > 1 },
	},
	{
		name: "stash",
		evals: []string{
			"func first[T any](xs []T) T { return xs[0] }",
			"x := first([]int{7, 8})",
		},
		broken: errContains("nil"),
	},
	{
		name:    "indexdefine",
		symbols: interp.Exports{"canary/canary": {"Values": reflect.ValueOf([]float64{1.5, 2.5})}},
		evals:   []string{`import "canary"`, "v := canary.Values[1]"},
		broken:  errContains("constant definition loop"),
	},
	{
		name:   "varinit",
		evals:  []string{"x := 2", "var y = x * 3"},
		broken: errContains("definition loop"),
	},
	{
		name: "finalshow",
		symbols: interp.Exports{"canary/canary": {"HasString": reflect.ValueOf(func(v any) bool {
			_, ok := v.(interface{ String() string })
			return ok
		})}},
		evals:  []string{`import ("canary"; "fmt")`, `type T struct{}; func (T) String() string { return "t" }`, `fmt.Println(canary.HasString(T{}))`},
		broken: func(out string, err error) bool { return err == nil && strings.TrimSpace(out) == "false" },
	},
	{
		name:   "rangeint",
		evals:  []string{"s := 0; for i := range 3 { s += i }"},
		broken: func(out string, err error) bool { return err != nil },
	},
	{
		name: "loopvar",
		evals: []string{`import "fmt"`, `func run() {
	var fs []func()
	for i := 0; i < 3; i++ {
		fs = append(fs, func() { fmt.Print(i) })
	}
	for _, f := range fs {
		f()
	}
}`, "run()"},
		broken: func(out string, err error) bool { return out == "333" },
	},
	{
		name:   "builtins",
		evals:  []string{"func f() int { return min(2, 1) }"},
		broken: errContains("undefined: min"),
	},
	{
		name:  "builtins/clear",
		evals: []string{"m := map[int]int{1: 1}; clear(m)"},
		broken: func(out string, err error) bool {
			return err != nil
		},
	},
	{
		name:   "slices",
		evals:  []string{`import "slices"`, "func f() { s := []int{2, 1}; slices.Sort(s) }"},
		broken: errContains("slices.Sort"),
	},
	{
		name:   "slices/Max",
		evals:  []string{`import "slices"`, "func f() int { return slices.Max([]int{2, 1}) }"},
		broken: errContains("slices.Max"),
	},
	{
		name:   "slices/mapsEqual",
		evals:  []string{`import "maps"`, `func f() bool { return maps.Equal(map[string]int{"a": 1}, map[string]int{"a": 1}) }`},
		broken: errContains("undefined type for K"),
	},
	{
		name:   "slices/IsSorted",
		evals:  []string{`import "slices"`, "func f() bool { return slices.IsSorted([]int{1, 2}) }"},
		broken: errContains("slices.IsSorted"),
	},
	{
		name:   "slices/randN",
		evals:  []string{`import "math/rand/v2"`, "func f() int { return rand.N(10) }"},
		broken: errContains("no symbol N"),
	},
	{
		name:    "variadic",
		symbols: interp.Exports{"canary/canary": {"Count": reflect.ValueOf(func(xs ...fmt.Stringer) int { return len(xs) })}},
		evals: []string{`import "canary"`, `type T struct{}; func (T) String() string { return "t" }`,
			"func f() int { return canary.Count(T{}) }", "n := f()"},
		broken: func(out string, err error) bool { return err != nil },
	},
	{
		name:       "goroutine",
		evals:      []string{`import "time"`, `go func() { panic("in goroutine") }(); time.Sleep(100 * time.Millisecond)`},
		subprocess: true,
		broken:     func(out string, err error) bool { return strings.Contains(out, "exit status") },
	},
	{
		// runtime.Goexit ends the evaluation as if the code had finished.
		name:   "goexit",
		evals:  []string{`import ("fmt"; "runtime")`, `fmt.Print(1); runtime.Goexit(); fmt.Print(2)`},
		broken: func(out string, err error) bool { return err == nil && out == "1" },
	},
	{
		// The global frame keeps what a cell's top level computed: 40
		// top-level makes of 1 MiB stay referenced after a collection,
		// redefined or not.
		name: "release",
		run: func() (string, error) {
			i := interp.New(interp.Options{})
			i.Use(stdlib.Symbols)
			heap := func() uint64 {
				runtime.GC()
				runtime.GC()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				return ms.HeapAlloc
			}
			h0 := heap()
			for n := 0; n < 40; n++ {
				if _, err := i.Eval("buf := make([]byte, 1<<20)"); err != nil {
					return "", err
				}
			}
			grown := int64(heap()) - int64(h0)
			runtime.KeepAlive(i)
			return fmt.Sprint(grown >> 20), nil
		},
		broken: func(out string, err error) bool {
			var mb int
			fmt.Sscan(out, &mb)
			return err == nil && mb >= 30
		},
	},
	{
		// An interrupted time.Sleep keeps the evaluation goroutine alive.
		name: "sleep",
		run: func() (string, error) {
			i := interp.New(interp.Options{})
			i.Use(stdlib.Symbols)
			if _, err := i.Eval(`import "time"`); err != nil {
				return "", err
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
			defer cancel()
			_, err := i.EvalWithContext(ctx, "time.Sleep(time.Second)")
			time.Sleep(100 * time.Millisecond)
			return fmt.Sprint(runningEvals()), err
		},
		broken: func(out string, err error) bool { return out != "0" },
	},
	{
		name:   "errors",
		evals:  []string{`import "fmt"`, "type E struct{}; func (*E) Error() string { return \"e\" }", `fmt.Print(fmt.Errorf("w: %w", &E{}))`},
		broken: func(out string, err error) bool { return strings.Contains(out, "%!w") },
	},
	{
		name:   "errors/As",
		evals:  []string{`import ("errors"; "fmt")`, "type E struct{}; func (*E) Error() string { return \"e\" }", "var e *E", `fmt.Print(errors.As(fmt.Errorf("w"), &e))`},
		broken: errContains("target must be interface or implement error"),
	},
	{
		// A failed import leaves the block's other packages registered.
		name:         "imports",
		evals:        []string{"import (\"fmt\"; \"no/such/pkg\")", `import "fmt"`},
		failingSetup: true,
		broken:       errContains("redeclared"),
	},
	{
		name:   "panics",
		evals:  []string{"func f() { var i interface{ M() }; i.M() }", "f()"},
		broken: errContains("reflect: call of reflect.Value"),
	},
	{
		// yaegi prints a panic's frame at the function's first statement
		// (line 2), not the statement that panicked (line 4).
		name:   "panicpos",
		evals:  []string{`import "strings"`, "func f() {\n\ta := 1\n\t_ = a\n\tstrings.Repeat(\"x\", -1)\n}", "f()"},
		broken: func(out string, err error) bool { return strings.Contains(out, "2:2: panic: main.f(...)") },
	},
	{
		name:   "panics/index",
		evals:  []string{"func f() int { s := []int{1}; i := 5; return s[i] }", "f()"},
		broken: errContains("reflect: slice index out of range"),
	},
	{
		name:   "checks",
		evals:  []string{"func f(x int) int { if x > 0 { return 1 } }", `import "fmt"`, "fmt.Print(f(0))"},
		broken: func(out string, err error) bool { return err == nil && out == "0" },
	},
	{
		name:   "checks/ptrrecv",
		evals:  []string{"type I interface{ M() int }", "type T struct{ n int }", "func (t *T) M() int { t.n++; return t.n }", `import "fmt"`, "var i I = T{}", "fmt.Print(i.M())"},
		broken: func(out string, err error) bool { return err == nil },
	},
	{
		name:   "checks/results",
		evals:  []string{"func two() (int, int) { return 1, 2 }", `import "fmt"`, "c := two()", "fmt.Print(c, two()+1)"},
		broken: func(out string, err error) bool { return err == nil && out == "1 2" },
	},
	{
		name:   "typeswitch",
		evals:  []string{"type P struct{ x int }", `import "fmt"`, "var v any = P{1}", "switch v.(type) {\ncase int:\n\tfmt.Print(\"int\")\ncase P:\n\tfmt.Print(\"P\")\n}"},
		broken: func(out string, err error) bool { return err == nil && out == "" },
	},
	{
		name:   "namedassert",
		evals:  []string{"type Kind int", `import "fmt"`, "func isKind(v any) bool { _, ok := v.(Kind); return ok }", "fmt.Print(isKind(1))"},
		broken: func(out string, err error) bool { return err == nil && out == "true" },
	},
	{
		// runtime.Caller(0) in interpreted code reports reflect's frame.
		name:   "callers",
		evals:  []string{`import "fmt"`, `import "runtime"`, "func where() string { _, f, _, _ := runtime.Caller(0); return f }", "fmt.Print(where())"},
		broken: func(out string, err error) bool { return err == nil && strings.Contains(out, "reflect") },
	},
	{
		// Finalizers of 10 dropped values: compiled Go runs all 10 after a
		// few collections; under yaegi none runs (its frames keep them).
		name: "finalizers",
		evals: []string{`import "fmt"`, `import "runtime"`, `import "time"`, `import "sync/atomic"`,
			"func alloc(n *atomic.Int32) { x := new([64]int); runtime.SetFinalizer(x, func(*[64]int) { n.Add(1) }) }",
			"func count() int32 { var n atomic.Int32; for i := 0; i < 10; i++ { alloc(&n) }; for i := 0; i < 20 && n.Load() < 10; i++ { runtime.GC(); time.Sleep(5 * time.Millisecond) }; return n.Load() }",
			"fmt.Print(count())"},
		broken: func(out string, err error) bool { return err == nil && out != "10" },
	},
	{
		// Allocations of a function that allocates nothing: 0 compiled.
		name:   "allocs",
		evals:  []string{`import "fmt"`, `import "testing"`, "func f() { x := 1; _ = x }", "fmt.Print(testing.AllocsPerRun(100, f))"},
		broken: func(out string, err error) bool { return err == nil && out != "0" },
	},
	{
		name:   "pkgvars",
		evals:  []string{`import "runtime"`, "runtime.MemProfileRate = runtime.MemProfileRate"},
		broken: errContains("int constant"),
	},
	{
		name:   "blankfields",
		evals:  []string{"type T struct{ _, _ int }", "var t T"},
		broken: errContains("duplicate field"),
	},
	{
		// Offsetof of a field promoted from an embedded struct.
		name:   "offsetof",
		evals:  []string{`import "unsafe"`, "type In struct{ B, C int32 }", "type Out struct {\n\tA int32\n\tIn\n}", "var o Out", "k := unsafe.Offsetof(o.C)"},
		broken: func(out string, err error) bool { return err != nil },
	},
	{
		// unsafe.Slice (String, StringData, SliceData too) is missing from
		// yaegi's package unsafe.
		name:    "unsafebuiltins",
		symbols: yaegiunsafe.Symbols,
		evals:   []string{`import "unsafe"`, "var a [2]int", "s := unsafe.Slice(&a[0], 2)"},
		broken:  errContains("undefined selector unsafe.Slice"),
	},
	{
		// A concrete value passed to a cell interface parameter of a call
		// that spreads its variadic argument misses yaegi's wrapper.
		name:   "spreadargs",
		evals:  []string{"type S struct{ A byte }", "func (r *S) M() int { return 1 }", "type I interface{ M() int }", "func f(i I, xs ...int) int { return i.M() + len(xs) }", "f(new(S), []int{1}...)"},
		broken: errContains("is not assignable to type interp.valueInterface"),
	},
	{
		// A failed comma-ok assertion or map read in a loop leaves the
		// value of the last iteration (Go: the zero value).
		name:   "commaokzero",
		evals:  []string{`import "fmt"`, `func f() (s string) { m := map[int]int{0: 7}; for i, x := range []any{1, "a"} { n, _ := x.(int); v, _ := m[i]; s += fmt.Sprint(n, v) }; return }`, "fmt.Print(f())"},
		broken: func(out string, err error) bool { return err == nil && out == "1 71 7" }, // Go: "1 70 0"
	},
	{
		// A Kind(1) in an any is a bare int: it asserts as an int.
		name:   "boxnamed",
		evals:  []string{`import "fmt"`, "type Kind int", "func f() bool { var a any = Kind(1); _, ok := a.(int); return ok }", "fmt.Print(f())"},
		broken: func(out string, err error) bool { return err == nil && out == "true" }, // Go: false
	},
	{
		// A fallthrough out of a default clause that is not last leaves
		// the switch.
		name:   "fallthrough",
		evals:  []string{`import "fmt"`, "func f() int { n := 0; switch { default: n++; fallthrough; case false: n += 10 }; return n }", "fmt.Print(f())"},
		broken: func(out string, err error) bool { return err == nil && out == "1" }, // Go: 11
	},
	{
		// A local T int in an any is a bare int (it asserts as an int).
		name:   "hoisttypes",
		evals:  []string{`import "fmt"`, "func f() bool { type T int; var a any = T(1); _, ok := a.(int); return ok }", "fmt.Print(f())"},
		broken: func(out string, err error) bool { return err == nil && out == "true" }, // Go: false
	},
	{
		// Two empty struct types are one in an interface.
		name:   "boxnamed/empty",
		evals:  []string{`import "fmt"`, "type E struct{}", "type F struct{}", "func f() bool { var a any = E{}; _, ok := a.(F); return ok }", "fmt.Print(f())"},
		broken: func(out string, err error) bool { return err == nil && out == "true" }, // Go: false
	},
	{
		// k, e = "a", S{4} into two interfaces, S with a method, left k nil.
		name:   "boxnamed/multiassign",
		evals:  []string{`import "fmt"`, "type S struct{ X int }", "func (s S) M() int { return s.X }", `func f() (any, any) { var k, e any; k, e = "a", S{4}; return k, e }`, "fmt.Print(f())"},
		broken: func(out string, err error) bool { return err != nil || out != "a {4}" },
	},
	{
		// A map literal's key of a type with methods misses S{1} itself.
		name:   "boxnamed/mapkeys",
		evals:  []string{`import "fmt"`, "type S struct{ X int }", "func (s S) M() int { return s.X }", "func f() int { m := map[any]int{S{1}: 1}; return m[S{1}] }", "fmt.Print(f())"},
		broken: func(out string, err error) bool { return err == nil && out == "0" }, // Go: 1
	},
	{
		// make of a receive-only channel type panics in reflect.MakeChan.
		name:   "makechan",
		evals:  []string{"type Recv <-chan int", "r := make(Recv)"},
		broken: errContains("unidirectional channel type"),
	},
	{
		// var nil = 1 hides nil in Go; yaegi reads the universe's nil.
		name:   "predeclared",
		evals:  []string{`import "fmt"`, "var nil = 1", "fmt.Print(nil)"},
		broken: func(out string, err error) bool { return err == nil && out == "<nil>" },
	},
	{
		name:   "predeclared/const",
		evals:  []string{"const append = 1"},
		broken: errContains("index out of range"),
	},
	{
		// append(g()) drops the values g returns after the slice.
		name:   "tuplebuiltin",
		evals:  []string{`import "fmt"`, "func g() ([]int, int) { return nil, 2 }", "fmt.Print(append(g()))"},
		broken: func(out string, err error) bool { return err == nil && out == "[]" },
	},
	{
		name:   "tuplebuiltin/complex",
		evals:  []string{"func h() (float64, float64) { return 1, 2 }", "c := complex(h())"},
		broken: errContains("index out of range"),
	},
	{
		name:   "blanktypes",
		evals:  []string{"type _ int"},
		broken: errContains("cannot use _ as value"),
	},
	{
		// A defined type containing itself through a pointer only.
		name:   "recursivetypes",
		evals:  []string{`import "fmt"`, "type N *N", "var n N; fmt.Print(n == nil)"},
		broken: func(out string, err error) bool { return err != nil && out == "" },
	},
	{
		name:   "commaok",
		evals:  []string{`m := map[string]int{"a": 1}`, `v, ok := m["a"]`},
		broken: errContains("nil type"),
	},
	{
		name:   "commaok/assert",
		evals:  []string{`var i any = 3`, `n, ok := i.(int)`},
		broken: errContains("nil type"),
	},
	{
		name:   "fmt",
		evals:  []string{`import "fmt"`, "type T struct{ S string }", `fmt.Printf("%T", T{})`},
		broken: func(out string, err error) bool { return out == "struct { S string }" },
	},
	{
		name:   "fmt/unexported",
		evals:  []string{`import ("encoding/json"; "fmt")`, "type P struct{ x, y int }", `b, _ := json.Marshal(P{1, 2}); fmt.Printf("%+v %s", P{1, 2}, b)`},
		broken: func(out string, err error) bool { return out == `{Xx:1 Xy:2} {"Xx":1,"Xy":2}` },
	},
	{
		name:   "parens",
		evals:  []string{"func f(i int) bool { return (i) >= 3 || false }", "f(5)"},
		broken: errContains("reflect: call of reflect.Value.Bool"),
	},
	{
		name:   "redefine",
		evals:  []string{"func f() int { return 1 }", "func g() int { return f() }", "func f() int { return 2 }", `import "fmt"`, "fmt.Print(g())"},
		broken: func(out string, err error) bool { return out == "1" },
	},
	{
		name:   "redefine/type",
		evals:  []string{"type T struct{ A int }", "type T struct{ B string }", `import "fmt"`, `fmt.Printf("%+v", T{})`},
		broken: func(out string, err error) bool { return out == "{A:0}" },
	},
	{
		// Type inference: Map(xs, f) gets U = int.
		name:   "mono/inferred",
		evals:  []string{"func Map[T, U any](xs []T, f func(T) U) []U { var r []U; for _, x := range xs { r = append(r, f(x)) }; return r }", `func g() []string { return Map([]int{1}, func(i int) string { return "x" }) }`},
		broken: errContains("cannot use"),
	},
	{
		// Inference over a value of a compiled type crashes.
		name:   "mono/compiled",
		evals:  []string{`import "os"`, "func Count[T any](xs []T) int { return len(xs) }", "func f() int { return Count(os.Args) }"},
		broken: errContains("CFG post-order panic"),
	},
	{
		// A type switch case naming the type parameter is never taken
		// (Go prints "int T").
		name:   "mono/typeswitch",
		evals:  []string{`import "fmt"`, "func kind[T any](x T) string { switch any(x).(type) { case int: return \"int\"; case T: return \"T\" }; return \"?\" }", `fmt.Print(kind(1), " ", kind("s"))`},
		broken: func(out string, err error) bool { return out != "int T" },
	},
	{
		// A variadic parameter of a type parameter.
		name:   "mono/variadic",
		evals:  []string{`import "fmt"`, "type Num interface{ ~int | ~float64 }\nfunc Sum[T Num](xs ...T) T { var s T; for _, x := range xs { s += x }; return s }", "fmt.Print(Sum(1.5, 2), Sum(1, 2))"},
		broken: errContains("undefined type for T"),
	},
	{
		// A named result starts with the old value of the variable the
		// call is assigned to (Go prints 1).
		name:   "namedresults",
		evals:  []string{`import "fmt"`, "func g() (r int) { r++; return }", "func f() { n := 0; n = g(); n = g(); fmt.Print(n) }", "f()"},
		broken: func(out string, err error) bool { return out != "1" },
	},
	{
		// A switch on an interface value (Go prints "3").
		name:   "switchiface",
		evals:  []string{`import "fmt"`, "func f() { var i any = 3; switch i { case 3: fmt.Print(\"3\") } }", "f()"},
		broken: errContains("cannot be converted"),
	},
	{
		// A case value after the first that needs computing (Go prints "ok").
		name:   "switchiface/computed",
		evals:  []string{`import "fmt"`, "func g() int { return 7 }", "func f() { t := 7; switch t { case 1, g(): fmt.Print(\"ok\") } }", "f()"},
		broken: func(out string, err error) bool { return out != "ok" },
	},
	{
		// A select case receiving into existing variables.
		name:   "selectrecv",
		evals:  []string{`import "fmt"`, "func f() { ch := make(chan int, 1); ch <- 3; var v int; var ok bool; select { case v, ok = <-ch: }; fmt.Print(v, ok) }", "f()"},
		broken: errContains("invalid Dir"),
	},
	{
		// A method expression (B.Get is func(B) int).
		name:   "methodexpr",
		evals:  []string{`import "fmt"`, "type B struct{ v int }\nfunc (b B) Get() int { return b.v }", "func f() { g := B.Get; fmt.Print(g(B{5})) }", "f()"},
		broken: func(out string, err error) bool { return out != "5" },
	},
	{
		// A generic instantiating another with its own type parameter.
		name:   "mono/nested",
		evals:  []string{"type It[T any] interface{ Iterate() }\ntype ItF[T any] func(fn func(T) bool)\nfunc (f ItF[T]) Iterate() {}\nfunc From[T any](it It[T]) { it.Iterate() }\nfunc Foo[T, R any]() { From[R](ItF[R](nil)) }", "Foo[int, int]()"},
		broken: errContains("nil pointer dereference"),
	},
	{
		name:   "rangefunc",
		evals:  []string{"func seq(yield func(int) bool) { yield(1) }", "func f() { for x := range seq { _ = x } }"},
		broken: func(out string, err error) bool { return err != nil },
	},
	{
		name:   "rangefunc/iter",
		evals:  []string{`import "iter"`},
		broken: func(out string, err error) bool { return err != nil },
	},
	{
		// ast.Print writes to the process's os.Stdout, not the
		// interpreter's Stdout (the canary's output then shows " 0  nil").
		name:   "stdstreams",
		evals:  []string{`import ("go/ast"; "go/token")`, "ast.Print(token.NewFileSet(), nil)"},
		broken: func(out string, err error) bool { return !strings.Contains(out, "nil") },
	},
	{
		name: "gobiface",
		evals: []string{`import ("bytes"; "encoding/gob"; "fmt")`, "type I interface{ M() }", "type T struct{ X int }", "func (T) M() {}",
			"var b bytes.Buffer", "var i I = T{1}", "fmt.Print(gob.NewEncoder(&b).Encode(&i))"},
		broken: func(out string, err error) bool { return strings.Contains(out, "interp.valueInterface") },
	},
	{
		// for _, d := range a over a []chan runs as a receive loop.
		name:   "rangechans",
		evals:  []string{`import "fmt"`, "a := []chan bool{make(chan bool, 2)}", "for _, d := range a { fmt.Print(cap(d)) }"},
		broken: func(out string, err error) bool { return out != "2" },
	},
	{
		// A method value reads its value receiver when called (Go: 0).
		name:   "methodcopy",
		evals:  []string{`import "fmt"`, "type K int", "func (k K) Get() int { return int(k) }", "k := K(0)", "f := k.Get", "k = 5", "fmt.Print(f())"},
		broken: func(out string, err error) bool { return out == "5" },
	},
	{
		// A range over a string gives rune ordinals, not byte offsets (Go: 02).
		name:   "rangestrings",
		evals:  []string{`import "fmt"`, `for i := range "éa" { fmt.Print(i) }`},
		broken: func(out string, err error) bool { return out == "01" },
	},
	{
		// Three distinct keys of a cell interface type make one entry (Go: 3).
		name: "ifacekeys",
		evals: []string{`import "fmt"`, "type I interface{ f() }", "type C int", "func (C) f() {}",
			"m := map[I]int{}", "for i := 0; i < 3; i++ { var k I = C(i); m[k] = 1 }", "fmt.Print(len(m))"},
		broken: func(out string, err error) bool { return out != "3" },
	},
	{
		name:   "fmtmethods",
		evals:  []string{`import "fmt"`, "type P struct{ N string }", `func (p P) String() string { return "p" + p.N }`, `fmt.Print([]P{{"a"}})`},
		broken: func(out string, err error) bool { return out == "[{a}]" },
	},
	{
		// A call's result reaches fmt without its methods (Go: K).
		name:   "fmtmethods/call",
		evals:  []string{`import "fmt"`, "type K int", `func (k K) String() string { return "K" }`, "func one() K { return 1 }", "fmt.Print(one())"},
		broken: func(out string, err error) bool { return out == "1" },
	},
	{
		// A T whose String needs *T reaches fmt with it (Go: {2}).
		name:   "fmtmethods/ptrmethod",
		evals:  []string{`import "fmt"`, "type P struct{ N int }", `func (p *P) String() string { return "P" }`, "v := P{2}", "fmt.Print(v)"},
		broken: func(out string, err error) bool { return out == "P" },
	},
	{
		// A cell value with methods in an []any reaches fmt as yaegi's
		// wrapper (its node and reflect.Value print as pointers).
		name:   "ifacevalues",
		evals:  []string{`import "fmt"`, "type Q struct{ X int }", "func (q Q) Sum() int { return q.X }", "fmt.Print([]any{Q{1}})"},
		broken: func(out string, err error) bool { return out != "[{1}]" },
	},
	{
		// A value of a non-struct type with String, converted to any,
		// reaches fmt as a bare float64.
		name:   "ifacevalues/basic",
		evals:  []string{`import "fmt"`, "type C float64", `func (c C) String() string { return "C!" }`, "fmt.Print(any(C(2)))"},
		broken: func(out string, err error) bool { return out == "2" },
	},
	{
		name:   "reflectfields",
		evals:  []string{`import ("fmt"; "reflect")`, "type U struct{ n string }", `fmt.Print(reflect.ValueOf(U{"J"}).FieldByName("n"))`},
		broken: func(out string, err error) bool { return out == "<invalid reflect.Value>" },
	},
	{
		// A tuple assigned to places one of which is a map element (Go prints 1).
		name:   "assignorder/tuplemap",
		evals:  []string{`import "fmt"`, "func two() (int, error) { return 5, nil }", "func f() { m := map[string]int{}; m[\"a\"], _ = two(); fmt.Print(len(m)) }", "f()"},
		broken: func(out string, err error) bool { return out != "1" },
	},
	{
		// A receive assigned to a slice element (Go prints 3).
		name:   "assignorder/recvelem",
		evals:  []string{`import "fmt"`, "func f() { c := make(chan int, 1); c <- 3; s := make([]int, 1); s[0] = <-c; fmt.Print(s[0]) }", "f()"},
		broken: func(out string, err error) bool { return out != "3" },
	},
	{
		// return make(T), make(T) (Go prints false).
		name:   "assignorder/returnmake",
		evals:  []string{`import "fmt"`, "func g() (chan int, chan int) { return make(chan int), make(chan int) }", "func f() { a, b := g(); fmt.Print(a == b) }", "f()"},
		broken: func(out string, err error) bool { return out != "false" },
	},
	{
		// A value after the first panics: nothing is assigned (Go prints false).
		name:   "assignorder/panicvalues",
		evals:  []string{`import "fmt"`, "func g() (r bool) { defer func() { recover() }(); var p *int; r, _ = true, *p; return }", "func f() { fmt.Print(g()) }", "f()"},
		broken: func(out string, err error) bool { return out != "false" },
	},
	{
		// A switch on a nil slice with case nil (Go prints nil).
		name:   "switchiface/nil",
		evals:  []string{`import "fmt"`, "func f() { var s []int; switch s { case nil: fmt.Print(\"nil\") } }", "f()"},
		broken: func(out string, err error) bool { return out != "nil" },
	},
	{
		// A switch on a channel with a case channel of another direction (Go prints ok).
		name:   "switchiface/chandir",
		evals:  []string{`import "fmt"`, "func f() { c := make(chan int); var r <-chan int = c; switch c { case r: fmt.Print(\"ok\") } }", "f()"},
		broken: func(out string, err error) bool { return out != "ok" },
	},
	{
		// new of a value, Go 1.26 (Go prints 123).
		name:   "newexpr",
		evals:  []string{`import "fmt"`, "func f() { p := new(123); fmt.Print(*p) }", "f()"},
		broken: func(out string, err error) bool { return out != "123" },
	},
	{
		// A promoted method a deeper one shadows (Go prints b).
		name: "promoted",
		evals: []string{`import "fmt"`, "type E string\nfunc (s E) val() string { return string(s) }\ntype A struct{ E }\ntype B struct {\n\tA\n\tE\n}",
			"func f() { b := B{A{\"a\"}, \"b\"}; fmt.Print(b.val()) }", "f()"},
		broken: func(out string, err error) bool { return out != "b" },
	},
	{
		// A function used as a value in its own body (Go prints true).
		name:   "selfref",
		evals:  []string{`import "fmt"`, "func g(i int) any { if i == 0 { return g }; return nil }", "func f() { _, ok := g(0).(func(int) any); fmt.Print(ok) }", "f()"},
		broken: func(out string, err error) bool { return out != "true" },
	},
	{
		name:   "addrindex",
		evals:  []string{"func f(p *[2]int) *int { return &p[1] }"},
		broken: errContains("cannot take address"),
	},
	{
		name:   "cmpconv",
		evals:  []string{"type ID [2]int", "func f(a ID, b [2]int) bool { return a == b }"},
		broken: errContains("mismatched types"),
	},
	{
		// A variadic generic function called in a var declaration.
		name:   "builtins/vardecl",
		evals:  []string{`import "fmt"`, "func gm[T ~int](x T, ys ...T) T { for _, y := range ys { if y < x { x = y } }; return x }", "func f() {\n\tx := 1\n\tvar d int = gm(x, 5)\n\tfmt.Print(d)\n}", "f()"},
		broken: func(out string, err error) bool { return err == nil && out == "0" }, // Go: 1
	},
	{
		// c == r of a chan int and a <-chan int.
		name:   "cmpconv/chan",
		evals:  []string{"func f(c chan int, r <-chan int) bool { return c == r }"},
		broken: errContains("mismatched types"),
	},
	{
		// A type switch on an interface value with methods misses its
		// case interface{ bar() int } for a struct value.
		name:   "switchany/iface",
		evals:  []string{`import "fmt"`, "type S struct{ x int }", "func (S) foo() {}", "func (s S) bar() int { return s.x }", "func f(i interface{ foo() }) string { switch i.(type) { case interface{ bar() int }: return \"bar\" }; return \"other\" }", "fmt.Print(f(S{1}))"},
		broken: func(out string, err error) bool { return err == nil && out == "other" }, // Go: bar
	},
	{
		// case any of a type switch binding a variable crashes on a nil
		// operand (the pass typeswitch binds one).
		name:   "switchany/caseany",
		evals:  []string{`import "fmt"`, "func f(i any) string { switch v := i.(type) { case any: _ = v; return \"any\" }; return \"nil\" }", "fmt.Print(f(nil))"},
		broken: func(out string, err error) bool { return err != nil },
	},
	{
		name:   "cmpconv/any",
		evals:  []string{"var x any", "var y interface{}", "func f() bool { return &x == &y }"},
		broken: errContains("mismatched types"),
	},
	{
		name:    "unsafelen",
		symbols: unsafeSymbols.Symbols,
		evals:   []string{`import "unsafe"`, "func f(p unsafe.Pointer, n uint8) unsafe.Pointer { return unsafe.Add(p, n) }"},
		broken:  errContains("cannot use type uint8 as type int"),
	},
	{
		name:   "blankvars",
		evals:  []string{"type S struct{ x int }", "func f() { var _ S }"},
		broken: errContains("cannot use _ as value"),
	},
	{
		name:   "localtypes",
		evals:  []string{"type T struct{ V int }", "func f() bool { type T [2]int; return T{0, 1} == T{0, 1} }"},
		broken: errContains("too many values"),
	},
	{
		name:   "localtypes/alias",
		evals:  []string{"func f() int { type A = int; return A(1) }"},
		broken: errContains("undefined: A"),
	},
	{
		name:   "localtypes/generic",
		evals:  []string{"func f() any { type G[_ any] int; return G[int](0) }"},
		broken: errContains("not implemented"),
	},
	{
		name:   "hiddenmethods",
		evals:  []string{"type T struct{}", "func (T) m() {}", "type TT struct { T; m func() }", "func f(tt TT) { tt.m = nil }"},
		broken: errContains("ambiguous selector"),
	},
	{
		name:   "selectrecv/paren",
		evals:  []string{"func f(c chan int) { select { case x, ok := (<-c): _, _ = x, ok } }"},
		broken: errContains("unsupported assign expression"),
	},
	{
		// Struct types referring to each other, built first from List
		// (its typed global), where yaegi's walk needs Element.
		name:   "structcycles",
		evals:  []string{"type Element struct { next *Element; list *List; v int }\ntype List struct { head *Element; n int }\nvar l = &List{}\nfunc push(v int) { e := &Element{list: l, v: v}; e.next = l.head; l.head = e }", "push(1)"},
		broken: errContains("reflect.Set"),
	},
	{
		// Two assignments to _ of different types at the top level.
		name:   "blankassign",
		evals:  []string{"_ = [3]int{1, 2}\n_ = map[int]int{9: 8}"},
		broken: errContains("reflect.Set"),
	},
	{
		// A select case receiving from a channel read through a pointer
		// to an array (chan/powser1.go).
		name:   "selectrecv/ptrchan",
		evals:  []string{`import "fmt"`, "func f() { dat := new([1]chan int); dat[0] = make(chan int, 1); dat[0] <- 7; select { case v := <-dat[0]: fmt.Print(v) } }", "f()"},
		broken: func(out string, err error) bool { return out != "7" },
	},
}

// errContains is a broken check: the last evaluation failed with s.
func errContains(s string) func(string, error) bool {
	return func(_ string, err error) bool { return err != nil && strings.Contains(err.Error(), s) }
}

// runCanary evaluates c on a plain interpreter.
func runCanary(c canary) (out string, err error) {
	var buf bytes.Buffer
	i := interp.New(interp.Options{Stdout: &buf, Stderr: &buf})
	if err := i.Use(stdlib.Symbols); err != nil {
		return "", err
	}
	if c.symbols != nil {
		if err := i.Use(c.symbols); err != nil {
			return "", err
		}
	}
	for n, src := range c.evals {
		err = func() (err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("panic: %v", r)
				}
			}()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			_, err = i.EvalWithContext(ctx, src)
			return err
		}()
		if err != nil && n < len(c.evals)-1 && !c.failingSetup {
			return buf.String(), fmt.Errorf("setup %q: %w", src, err)
		}
	}
	return buf.String(), err
}

// TestCanaries fails when yaegi handles a construct a workaround exists
// for: the workaround (and its table row) can then be deleted.
func TestCanaries(t *testing.T) {
	if name := os.Getenv("GOPHERNOTE_CANARY"); name != "" {
		// The child process of a subprocess canary.
		for _, c := range canaries {
			if c.name == name {
				c.subprocess = false
				_, err := runCanary(c)
				fmt.Println("canary finished:", err)
				return
			}
		}
		t.Fatalf("no canary %q", name)
	}
	for _, c := range canaries {
		t.Run(c.name, func(t *testing.T) {
			var out string
			var err error
			if c.subprocess {
				cmd := exec.Command(os.Args[0], "-test.run=^TestCanaries$")
				cmd.Env = append(os.Environ(), "GOPHERNOTE_CANARY="+c.name)
				b, runErr := cmd.CombinedOutput()
				out = string(b)
				if runErr != nil {
					out += "\n" + runErr.Error()
				}
			} else if c.run != nil {
				out, err = c.run()
			} else {
				out, err = runCanary(c)
			}
			if !c.broken(out, err) {
				t.Errorf("yaegi now handles the construct of workaround %q (output %q, error %v): "+
					"delete the workaround (see its row in the package documentation) and this canary", c.name, out, err)
			}
		})
	}
}
