package engine

import (
	"bytes"
	"context"
	"strings"
	"time"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// Canaries of the workarounds for the runtime's own output and process
// behaviour (print, println, log positions, deadlocks); see canary_test.go.
func init() {
	canaries = append(canaries,
		canary{
			// println goes to stdout, and a slice prints its elements
			// (Go: stderr, "[len/cap]0xADDR").
			name: "println",
			run: func() (string, error) {
				var stdout, stderr bytes.Buffer
				i := interp.New(interp.Options{Stdout: &stdout, Stderr: &stderr})
				if err := i.Use(stdlib.Symbols); err != nil {
					return "", err
				}
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				_, err := i.EvalWithContext(ctx, `println("x", []int{1})`)
				return "stdout=" + stdout.String() + " stderr=" + stderr.String(), err
			},
			broken: func(out string, err error) bool { return out == "stdout=x [1]\n stderr=" },
		},
		canary{
			// A receive that waits, as the left operand of &&, reads false.
			name: "recvbool",
			evals: []string{`import ("fmt"; "time")`, `func f() {
	m := make(chan bool)
	go func() { time.Sleep(10 * time.Millisecond); m <- true }()
	fmt.Print(<-m && true)
}`, "f()"},
			broken: func(out string, err error) bool { return out == "false" },
		},
		canary{
			// The log package's caller is reflect's call machinery (or,
			// in yaegi's restricted mode, its own log.New wrapper).
			name:  "logpos",
			evals: []string{`import ("fmt"; "log"; "strings")`, `var b strings.Builder`, `log.New(&b, "", log.Lshortfile).Print("x")`, `fmt.Print(b.String())`},
			broken: func(out string, err error) bool {
				return strings.HasPrefix(out, "value.go:") || strings.HasPrefix(out, "restricted.go:")
			},
		},
		canary{
			// A global from an untyped rune constant is an int.
			name:   "runeconst",
			evals:  []string{`import "fmt"`, `a := 'r'`, `fmt.Printf("%T", a)`},
			broken: func(out string, err error) bool { return out == "int" },
		},
		canary{
			// A bare return at the top level crashes compiling.
			name:   "return",
			evals:  []string{`import "fmt"`, `fmt.Print(1); return`},
			broken: errContains("CFG post-order panic"),
		},
		canary{
			// nil != x is false even when x is not nil.
			name:   "nilleft",
			evals:  []string{`import "fmt"`, `func f() bool { i := 1; return nil != &i }`, `fmt.Print(f())`},
			broken: func(out string, err error) bool { return out == "false" },
		},
		canary{
			// With an init statement, a method-call tag matches no case.
			name: "switchinit",
			evals: []string{`import ("fmt"; "reflect")`,
				`func f() { switch v := reflect.ValueOf("s"); v.Kind() { case reflect.String: fmt.Print("string"); default: fmt.Print("default") } }`, "f()"},
			broken: func(out string, err error) bool { return out == "default" },
		},
		canary{
			// encoding/json calls a cell type's MarshalJSON only on the
			// value it is given, not on one inside it.
			name: "protocols",
			evals: []string{`import ("encoding/json"; "fmt")`,
				`type T struct{ A int }`, `func (T) MarshalJSON() ([]byte, error) { return []byte("42"), nil }`,
				`b, _ := json.Marshal([]T{{1}})`, `fmt.Print(string(b))`},
			broken: func(out string, err error) bool { return out == `[{"A":1}]` },
		},
		canary{
			// iota in a group with a two-name spec counts names.
			name:   "constrepeat",
			evals:  []string{`import "fmt"`, "const (\n\tp, q = iota, iota * 2\n\tr, s = iota, iota * 2\n)", "fmt.Print(r, s)"},
			broken: func(out string, err error) bool { return out == "2 4" },
		},
		canary{
			// json sees an embedded struct field as a named field.
			name: "embedencode",
			evals: []string{`import ("encoding/json"; "fmt")`, `type B struct{ X int }`, `type A struct { B; Y int }`,
				`b, _ := json.Marshal(A{B{1}, 2})`, `fmt.Print(string(b))`},
			broken: func(out string, err error) bool { return out == `{"B":{"X":1},"Y":2}` },
		},
		canary{
			// reflect sees no methods of a cell type.
			name: "reflectmethods",
			evals: []string{`import ("fmt"; "reflect")`, `type M int`, `func (M) A() {}`,
				`fmt.Print(reflect.TypeOf(M(0)).NumMethod())`},
			broken: func(out string, err error) bool { return out == "0" },
		},
		canary{
			// x.(I) of a value lacking I's method goes on without a panic.
			name: "assertiface",
			evals: []string{`import "fmt"`, `type I interface{ Foo() }`, `type S struct{}`, `func (*S) Bar() {}`,
				`func f() (r string) { defer func() { if recover() != nil { r = "panic" } }(); var e any = &S{}; _ = e.(I); return "no panic" }`, `fmt.Print(f())`},
			broken: func(out string, err error) bool { return out == "no panic" },
		},
	)
}

// Canaries of the pass selectjumps (fix_selectjumps.go).
func init() {
	canaries = append(canaries,
		canary{
			// A plain break in a select's case leaves the loop around
			// the select: n counts 1 where Go counts 3.
			name:   "selectjumps/break",
			evals:  []string{`import "fmt"`, "func f() int { n := 0; for i := 0; i < 3; i++ { select { default: if i == 1 { break } }; n++ }; return n }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return err == nil && strings.TrimSpace(out) == "1" },
		},
		canary{
			// A continue in a select's case does nothing: the statements
			// after the select run.
			name:   "selectjumps/continue",
			evals:  []string{`import "fmt"`, "func f() int { n := 0; for i := 0; i < 3; i++ { n++; select { default: continue }; n += 100 }; return n }", "fmt.Print(f())"},
			broken: func(out string, err error) bool { return err == nil && strings.TrimSpace(out) == "303" },
		},
	)
}
