package engine

import (
	"strings"
	"testing"
)

func TestMixedCell(t *testing.T) {
	e := newEngine(t)
	s, r := run(t, e, `x := 20
import "strings"
func double(v int) int { return 2 * v }
type pair struct{ a, b int }
const k = 2
var y = double(k)
fmt.Println(strings.Repeat("ab", 2), double(x), y, pair{1, 2})
x + y`)
	if got, want := s.out(), "abab 40 4 {1 2}\n"; got != want {
		t.Errorf("stdout = %q, want %q", got, want)
	}
	if got := text(r); got != "24" {
		t.Errorf("value = %q, want 24", got)
	}
	// Statement variables and declarations stay visible to later cells.
	_, r = run(t, e, `x = double(x) + k
x`)
	if got := text(r); got != "42" {
		t.Errorf("value = %q, want 42", got)
	}
}

func TestStatementsBeforeDeclarationsUseThem(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `fmt.Println(sq(3))
func sq(v int) int { return v * v }`)
	if got := s.out(); got != "9\n" {
		t.Errorf("stdout = %q", got)
	}
	// A declaration that uses a variable a statement defines runs after it.
	_, r := run(t, e, `n := 5
func addN(v int) int { return v + n }
addN(1)`)
	if got := text(r); got != "6" {
		t.Errorf("value = %q, want 6", got)
	}
}

func TestReimportAndAutoImport(t *testing.T) {
	e := newEngine(t)
	run(t, e, `import "math"`)
	_, r := run(t, e, `import "math"
math.Sqrt(16)`)
	if got := text(r); got != "4" {
		t.Errorf("value = %q", got)
	}
	_, r = run(t, e, `strings.ToUpper("go")`)
	if got := text(r); got != "GO" {
		t.Errorf("auto-import strings: %q", got)
	}
	s, _ := run(t, e, `fmt.Println("auto")`)
	if s.out() != "auto\n" {
		t.Errorf("auto-import fmt: %q", s.out())
	}
	// Ambiguous names resolve to the usual package.
	_, r = run(t, e, `rand.New(rand.NewSource(1)).Intn(1000) >= 0`)
	if got := text(r); got != "true" {
		t.Errorf("rand: %q", got)
	}
	_, r = run(t, e, `template.HTMLEscapeString("<a>")`)
	if got := text(r); got != "&lt;a&gt;" {
		t.Errorf("template: %q", got)
	}
	// A variable named like a package is not replaced by the package.
	_, r = run(t, e, `sort := 3
sort + 1`)
	if got := text(r); got != "4" {
		t.Errorf("variable named sort: %q", got)
	}
}

func TestFinalValueRules(t *testing.T) {
	e := newEngine(t)
	cases := []struct{ code, want string }{
		{`1 + 2`, "3"},
		{`"hi"`, "hi"},
		{`x := 3`, "<none>"},
		{`fmt.Println("p")`, "<none>"}, // (n, err): several values
		{`func f() {}; f()`, "<none>"}, // no value
		{`func g() (int, int) { return 1, 2 }; g()`, "<none>"},
		{`func h() int { return 7 }; h()`, "7"},
		{`strings.Split("a,b", ",")`, "[a b]"},
		{`[]int{1, 2}`, "[1 2]"},
		{`var z = 4`, "<none>"},
		{`if true {}`, "<none>"},
		{`fmt.Sprint(1)`, "1"},
	}
	for _, c := range cases {
		_, r := run(t, e, c.code)
		if got := text(r); got != c.want {
			t.Errorf("%q: value %q, want %q", c.code, got, c.want)
		}
	}
}

func TestCompileErrorPositions(t *testing.T) {
	e := newEngine(t)
	cases := []struct{ code, want string }{
		{"x := undefinedName", "1:6: undefined: undefinedName"},
		{"a := 1\n\tb := a +\n", "3:1:"}, // syntax error at end
		{"import \"fmt\"\nfunc f() int {\n\treturn zz\n}", "3:9: undefined: zz"},
		{"y := 1\nfor i := range 3 {\n\ty += qq\n}", "3:7: undefined: qq"},
		{"v := min(1, 2) + nope", "1:18: undefined: nope"},
		{"go func() {\n\tmissing()\n}()", "2:2: undefined: missing"},
		{"for i := range 3 { go fmt.Println(i, nope2) }", "1:38: undefined: nope2"},
		{"var g = min(1.5, 2)", "1:9: a generic call (here min) in a package-level var"},
	}
	for _, c := range cases {
		err := runErr(t, e, c.code)
		if err.Name != "CompileError" || !strings.HasPrefix(err.Value, c.want) {
			t.Errorf("%q: got %s %q, want CompileError %q...", c.code, err.Name, err.Value, c.want)
		}
	}
	// The traceback shows the line with a caret under the column.
	err := runErr(t, e, "x := 1\nif x > 0 {\n\ty := x + missing\n}")
	tb := strings.Join(err.Traceback, "\n")
	if !strings.HasSuffix(tb, "\n    \ty := x + missing\n    \t         ^") {
		t.Errorf("traceback %q", err.Traceback)
	}
	// The engine keeps working.
	_, r := run(t, e, `1`)
	if text(r) != "1" {
		t.Error("engine broken after errors")
	}
}

func TestRuntimePanic(t *testing.T) {
	e := newEngine(t)
	err := runErr(t, e, "var a []int\nfunc at(i int) int {\n\treturn a[i]\n}\nat(3)")
	if err.Name != "Panic" {
		t.Fatalf("name %q", err.Name)
	}
	if !strings.Contains(err.Value, "index out of range") || !strings.Contains(err.Value, "[at 3:") {
		t.Errorf("value %q", err.Value)
	}
	err = runErr(t, e, `panic("boom")`)
	if err.Name != "Panic" || !strings.HasPrefix(err.Value, "boom [at 1:1]") {
		t.Errorf("panic: %s %q", err.Name, err.Value)
	}
	_, r := run(t, e, `len(a)`)
	if text(r) != "0" {
		t.Errorf("after panic: %q", text(r))
	}
}

func TestFuncMainRunsOnce(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `import "fmt"

func main() {
	fmt.Println("main ran")
}`)
	if s.out() != "main ran\n" {
		t.Errorf("stdout %q", s.out())
	}
	// A later declaration cell does not run main again.
	s, _ = run(t, e, `func other() {}`)
	if s.out() != "" {
		t.Errorf("later cell printed %q", s.out())
	}
}

func TestPastedGoFile(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `package main

import "fmt"

func main() {
	fmt.Println("hello from main")
}`)
	if s.out() != "hello from main\n" {
		t.Errorf("stdout %q", s.out())
	}
}

func TestSandboxOption(t *testing.T) {
	open := newEngine(t)
	_, r := run(t, open, `import "os/exec"
exec.Command("go", "version") != nil`)
	if text(r) != "true" {
		t.Errorf("os/exec without sandbox: %q", text(r))
	}
	sb, err := New(Options{Sandbox: true})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	e := runErr(t, sb, `import "os/exec"`)
	if e.Name != "CompileError" || !strings.HasPrefix(e.Value, `1:8: package os/exec is not available in the sandbox`) {
		t.Errorf("sandboxed os/exec: %s %q", e.Name, e.Value)
	}
}
