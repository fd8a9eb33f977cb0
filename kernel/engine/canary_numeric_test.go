package engine

// Canaries of the workarounds for constants and numeric operations
// (fix_consts.go and the passes after it) and for assignment and
// evaluation order (fix_rangevars.go, fix_assignorder.go); see
// canary_test.go.
func init() {
	canaries = append(canaries,
		canary{
			// An untyped constant expression takes its context's type
			// before it is evaluated (Go: 1).
			name:   "consts",
			evals:  []string{`import "fmt"`, "var r float64 = 3 / 2", "fmt.Print(r)"},
			broken: func(out string, err error) bool { return out == "1.5" },
		},
		canary{
			// The untyped left operand of a non-constant shift gets the
			// wrong type: reflect panics (Go: 48).
			name:   "consts/shift",
			evals:  []string{`import "fmt"`, "func f(v uint) uint { return v >> ((1 >> v) + (1 >> v)) }", "fmt.Print(f(48))"},
			broken: errContains("reflect: call of reflect.Value.Uint on int Value"),
		},
		canary{
			// Untyped constants beyond int64 crash the compiler.
			name:   "consts/big",
			evals:  []string{`import "fmt"`, "const huge = 1 << 100", "fmt.Print(huge > huge-1)"},
			broken: errContains("overflows int64"),
		},
		canary{
			// A negative constant too small for a float64 is a negative
			// zero (Go rounds the exact constant: 0).
			name:   "consts/negzero",
			evals:  []string{`import ("fmt"; "math")`, "var m = -1e-10000", "fmt.Print(math.Signbit(m))"},
			broken: func(out string, err error) bool { return out == "true" },
		},
		canary{
			// A const spec repeating string(iota + 'a') is a definition
			// loop (Go: "a b").
			name:   "consts/iota",
			evals:  []string{`import "fmt"`, "const (\n\ta = string(iota + 'a')\n\tb\n)", "fmt.Print(a, b)"},
			broken: errContains("constant definition loop"),
		},
		canary{
			// A uint64 switch case written as a float constant (1e16)
			// also matches 1e16+1 (Go: false).
			name:   "consts/floatcase",
			evals:  []string{`import "fmt"`, "func f(x uint64) bool { switch x { case 1e16: return true }; return false }", "fmt.Print(f(10000000000000001))"},
			broken: func(out string, err error) bool { return out == "true" },
		},
		canary{
			// A comparison returned as an interface panics in reflect
			// (Go: false).
			name:   "opconv",
			evals:  []string{`import "fmt"`, "func t(x, y float64) any { return x > y }", "fmt.Print(t(1, 2))"},
			broken: errContains("SetBool"),
		},
		canary{
			// The ok of a comma-ok assignment to an interface panics in
			// reflect (Go: false).
			name:   "opconv/commaok",
			evals:  []string{`import "fmt"`, "func f() any { var ok any; m := map[int]int{}; _, ok = m[1]; return ok }", "fmt.Print(f())"},
			broken: errContains("SetBool"),
		},
		canary{
			// A receive into an element with a blank ok stores the value
			// as the ok: reflect panics (Go: true).
			name:   "opconv/recvblank",
			evals:  []string{`import "fmt"`, "func f() { s := make([]bool, 1); c := make(chan bool, 1); c <- true; s[0], _ = <-c; fmt.Print(s[0]) }", "f()"},
			broken: errContains("SetBool"),
		},
		canary{
			// A negative shift count shifts as unsigned instead of
			// panicking (Go: runtime error: negative shift amount).
			name:   "shiftcount",
			evals:  []string{`import "fmt"`, "func f(s int) int { return 1 << s }", "fmt.Print(f(-1))"},
			broken: func(out string, err error) bool { return err == nil },
		},
		canary{
			// -a assigned to an interface variable ends the function
			// silently (Go: -3).
			name:   "opconv/unary",
			evals:  []string{`import "fmt"`, "func f() (s string) { a := 3; var v any; v = -a; s = fmt.Sprint(v); return }", "fmt.Print(f(), \"|\")"},
			broken: func(out string, err error) bool { return out == "|" },
		},
		canary{
			// An interface holding a pointer to a cell type with methods
			// is not equal to the pointer (Go: true).
			name:   "ifaceeq",
			evals:  []string{`import "fmt"`, "type W struct{ x int }\nfunc (*W) M() {}", "b := W{}; var f any = &b; fmt.Print(f == &b)"},
			broken: func(out string, err error) bool { return out == "false" },
		},
		canary{
			// A package-level initializer calling a method that reads a
			// variable declared later runs first (Go: 1).
			name:   "initorder",
			evals:  []string{`import "fmt"`, "type T int\nfunc (T) Get() int { return a }\nvar dummy = T(0).Get()\nvar a = f()\nfunc f() int { return 1 }", "fmt.Print(dummy)"},
			broken: func(out string, err error) bool { return out == "0" },
		},
		canary{
			// u++ on a uintptr ends the function silently (Go: 2).
			name:   "incdec",
			evals:  []string{`import "fmt"`, "func f() (s string) { var u uintptr = 1; u++; s = fmt.Sprint(u); return }", "fmt.Print(f(), \"|\")"},
			broken: func(out string, err error) bool { return out == "|" },
		},
		canary{
			// len of a nil pointer to an array dereferences it (Go: 3).
			name:   "arraylen",
			evals:  []string{`import "fmt"`, "func f() (s string) { var p *[3]int; s = fmt.Sprint(len(p)); return }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return err != nil },
		},
		canary{
			// A && argument to an unnamed parameter inside an expression
			// writes to another frame slot (Go: 1).
			name:   "unnamedparams",
			evals:  []string{"package main\n\nvar pos = new(int)\n\nfunc A() bool { return true }\nfunc G(bool) int { *pos = 1; return 0 }\n\nfunc main() {\n\tx := G(A() && A()) + 1\n\tprintln(x)\n}\n"},
			broken: func(out string, err error) bool { return err != nil },
		},
		canary{
			// A call among several values is assigned before the values
			// after it are evaluated (Go: 2 1).
			name:   "assignorder",
			evals:  []string{`import "fmt"`, "func id(x int) int { return x }", "func f() (int, int) { a, b := 1, 2; a, b = b, id(a); return a, b }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return out == "1 1" },
		},
		canary{
			// A composite literal among several values zeroes the others
			// (Go: [1] 7).
			name:   "assignorder/complit",
			evals:  []string{`import "fmt"`, "func f() ([]int, int) { n := 7; c, d := []int{1}, n; return c, d }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return out == "[1] 0" },
		},
		canary{
			// return b, a of named results writes a before it reads it
			// (Go: 2 1).
			name:   "assignorder/return",
			evals:  []string{`import "fmt"`, "func f() (a, b int) { a, b = 1, 2; return b, a }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return out == "2 2" },
		},
		canary{
			// A map index on the left is read after the assignments before
			// it (Go: map[0:2]).
			name:   "assignorder/mapindex",
			evals:  []string{`import "fmt"`, "func f() map[int]int { k, m := 0, map[int]int{}; k, m[k] = 1, 2; return m }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return out == "map[1:2]" },
		},
		canary{
			// The left side's operands are read before the call on the
			// right (compiled Go calls first: [0 10]).
			name:   "assignorder/callsfirst",
			evals:  []string{`import "fmt"`, "var i int", "func bump() int { i++; return 10 }", "func f() []int { s := []int{0, 0}; s[i] = bump(); return s }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return out == "[10 0]" },
		},
		canary{
			// A deferred call's argument that is a variable is read when
			// the call runs (Go: 1).
			name:   "deferargs",
			evals:  []string{`import "fmt"`, "func f() { x := 1; defer fmt.Print(x); x = 2 }", "f()"},
			broken: func(out string, err error) bool { return out == "2" },
		},
		canary{
			// A deferred method call's receiver is read when the call runs
			// (Go: 1).
			name:   "deferargs/receiver",
			evals:  []string{`import "fmt"`, "type T struct{ n int }", "func (t T) show() { fmt.Print(t.n) }", "func f() { t := T{1}; defer t.show(); t.n = 2 }", "f()"},
			broken: func(out string, err error) bool { return out == "2" },
		},
		canary{
			// Deferred literals in a loop see the last iteration's
			// variables (Go: 210).
			name:   "deferargs/loop",
			evals:  []string{`import "fmt"`, "func f() { for i := 0; i < 3; i++ { j := i; defer func() { fmt.Print(j) }() } }", "f()"},
			broken: func(out string, err error) bool { return out == "222" },
		},
		canary{
			// A panic raised by a deferred call ends the deferred calls:
			// one registered before it never runs, so its recover does not
			// stop the panic (Go: r1).
			name:   "deferargs/panic",
			evals:  []string{`import "fmt"`, "func f() { defer func() { fmt.Print(\"r\", recover()) }(); defer func() { panic(1) }() }", "f()"},
			broken: func(out string, err error) bool { return err != nil && out != "r1" },
		},
		canary{
			// Assigning a composite literal to a variable gives it new
			// storage: a pointer taken before keeps the old value (Go: 2).
			name:   "assignorder/literal",
			evals:  []string{`import "fmt"`, "type T struct{ n int }", "func f() int { t := T{1}; p := &t; t = T{2}; return p.n }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return out == "1" },
		},
		canary{
			// A tagless switch case of two expressions evaluates only the
			// first (Go: yes).
			name:   "switchcases",
			evals:  []string{`import "fmt"`, "func f(x, y bool) string { switch { case x, y: return \"yes\" }; return \"no\" }", "fmt.Print(f(false, true))"},
			broken: func(out string, err error) bool { return out == "no" },
		},
		canary{
			// append reads the values to add after it wrote over them
			// (Go: [3 2 1]).
			name:   "appendargs",
			evals:  []string{`import "fmt"`, "func f() []int { x := []int{1, 2, 3}; return append(x[:0], x[2], x[1], x[0]) }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return out == "[3 2 3]" },
		},
		canary{
			// A select sends what a later case's operand stored in the
			// sent variable (Go: 0).
			name:   "selectorder",
			evals:  []string{`import "fmt"`, "func makec(px *int) chan bool { *px = 42; return make(chan bool) }", "func f() int { c := make(chan int, 1); x := 0; select { case c <- x: case <-makec(&x): }; return <-c }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return out != "0" }, // 42, or a reflect panic
		},
		canary{
			// A receive case's variable is one for every run of the
			// select (Go: 0 1).
			name:   "selectorder/casevar",
			evals:  []string{`import "fmt"`, "func f() (a, b int) { ch := make(chan int, 1); var ps []*int; for i := 0; i < 2; i++ { ch <- i; select { case x := <-ch: ps = append(ps, &x) } }; return *ps[0], *ps[1] }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return out == "1 1" },
		},
		canary{
			// A range loop written with = assigns nothing (Go: 1 6).
			name:   "rangevars",
			evals:  []string{`import "fmt"`, "func f() (k, v int) { for k, v = range []int{5, 6} {}; return }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return out == "0 0" },
		},
		canary{
			// A body assigning the key changes the iteration (Go: 4).
			name:   "rangevars/assigned",
			evals:  []string{`import "fmt"`, "func f() (n int) { for i := range []int{1, 2, 3, 4} { if i == 1 { i = 2 }; n++ }; return }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return out == "3" },
		},
	)
}
