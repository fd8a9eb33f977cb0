package engine

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// panicPosCases are whole programs (func main last) that panic inside a
// function. line is the line compiled Go's traceback gives for the
// innermost main.* frame (`go test -run TestPanicPosition -gorun` checks
// the pins with go run); at is what the engine must claim, "L:C", or ""
// when it must name the function instead (in, e.g. "main.f") because it
// cannot be sure of the line.
var panicPosCases = []struct {
	name, prog string
	line       int    // compiled Go's line of the innermost main.* frame
	at, in     string // the engine's claim: a position, or the function it names
	nbAt       string // the position in notebook mode when not "cell 1, " + at
}{
	{
		name: "compiled call in a function",
		prog: "package main\n\nimport \"strings\"\n\nfunc f() {\n\ta := 1\n\t_ = a\n\tstrings.Repeat(\"x\", -1)\n}\n\nfunc main() {\n\tf()\n}\n",
		line: 8, at: "8:2",
	},
	{
		name: "panic in a function",
		prog: "package main\n\nfunc g(n int) int {\n\tn++\n\tif n > 1 {\n\t\tpanic(\"boom\")\n\t}\n\treturn n\n}\n\nfunc main() {\n\tg(1)\n}\n",
		line: 6, at: "6:3",
	},
	{
		name: "nested calls: the innermost function",
		prog: "package main\n\nimport \"strconv\"\n\nfunc inner(s string) int {\n\tn, _ := strconv.Atoi(s)\n\tvar m map[string]int\n\tm[s] = n\n\treturn n\n}\n\nfunc outer() int {\n\tx := 1\n\treturn inner(\"7\") + x\n}\n\nfunc main() {\n\touter()\n}\n",
		line: 8, at: "8:2",
	},
	{
		name: "method with a pointer receiver",
		prog: "package main\n\nimport \"strings\"\n\ntype T struct{ n int }\n\nfunc (t *T) M() string {\n\tt.n--\n\treturn strings.Repeat(\"x\", t.n)\n}\n\nfunc main() {\n\tt := &T{}\n\tt.M()\n}\n",
		line: 9, at: "9:2", // the statement: two of its parts may panic
	},
	{
		name: "in a loop and a switch of a function",
		prog: "package main\n\nimport \"fmt\"\n\nfunc f(xs []int) {\n\tfor i := range 3 {\n\t\tswitch {\n\t\tcase i == 2:\n\t\t\tfmt.Println(xs[i])\n\t\t}\n\t}\n}\n\nfunc main() {\n\tf([]int{1, 2})\n}\n",
		line: 9, at: "9:16", // the index check knows the index (fix_indexcheck.go)
	},
	{
		name: "a function literal",
		prog: "package main\n\nimport \"strings\"\n\nfunc main() {\n\tf := func(n int) {\n\t\tn--\n\t\tstrings.Repeat(\"x\", n)\n\t}\n\tf(0)\n}\n",
		line: 8, at: "8:3", nbAt: "3:2", // main's body is the second cell
	},
	{
		// The division panics after g returned: the recorded statement is
		// g's, so the engine names f rather than claim a line.
		name: "a panic after a call returned in the same statement",
		prog: "package main\n\nfunc g() int {\n\tx := []int{2}\n\treturn x[0] - 2\n}\n\nfunc f() int {\n\ty := 1\n\treturn y / g()\n}\n\nfunc main() {\n\tf()\n}\n",
		line: 10, in: "main.f",
	},
	{
		// Recursion: the inner call's statements are f's too.
		name: "a recursive function",
		prog: "package main\n\nfunc f(n int) int {\n\tif n == 0 {\n\t\treturn 0\n\t}\n\tz := n - n\n\treturn f(n-1) / z\n}\n\nfunc main() {\n\tf(2)\n}\n",
		line: 8, in: "main.f",
	},
	{
		// A switch whose case expressions may panic on other lines.
		name: "a switch with cases that may panic",
		prog: "package main\n\nfunc f(xs []int) int {\n\tn := len(xs)\n\tswitch {\n\tcase xs[0] > 0:\n\t\treturn 1\n\tcase xs[n] > 0:\n\t\treturn 2\n\t}\n\treturn n\n}\n\nfunc main() {\n\tf([]int{0})\n}\n",
		line: 8, in: "main.f",
	},
	{
		// The frames of the recovered panic are not the second one's.
		name: "a panic after a recovered one",
		prog: "package main\n\nimport \"strings\"\n\nfunc f() {\n\ta := 1\n\t_ = a\n\tstrings.Repeat(\"x\", -1)\n}\n\nfunc g() {\n\ta := 1\n\t_ = a\n\tpanic(\"boom\")\n}\n\nfunc main() {\n\tdefer func() { recover(); g() }()\n\tf()\n}\n",
		line: 14, at: "14:2",
	},
	{
		// The argument calls String, a statement of the cell, first.
		name: "panic with an argument that calls a method of the cell",
		prog: "package main\n\nimport \"fmt\"\n\ntype P struct{ x int }\n\nfunc (p P) String() string {\n\ts := fmt.Sprint(p.x)\n\treturn \"P\" + s\n}\n\nfunc f(p P) {\n\tif p.x > 0 {\n\t\tpanic(fmt.Sprintf(\"bad %v\", p))\n\t}\n}\n\nfunc main() {\n\tf(P{1})\n}\n",
		line: 14, at: "14:3",
	},
	{
		name: "a one-line function",
		prog: "package main\n\nfunc at(xs []int, i int) int { return xs[i] }\n\nfunc main() {\n\tat(nil, 2)\n}\n",
		line: 3, at: "3:",
	},
}

func TestPanicPosition(t *testing.T) {
	for _, c := range panicPosCases {
		t.Run(c.name, func(t *testing.T) {
			if *goRun {
				if got := compiledPanicLine(t, c.prog); got != c.line {
					t.Errorf("pinned line %d is stale: compiled Go panics at line %d", c.line, got)
				}
			}
			if c.at != "" && !strings.HasPrefix(c.at, strconv.Itoa(c.line)+":") {
				t.Fatalf("case: at %q is not on Go's line %d", c.at, c.line)
			}
			for _, mode := range []string{"script", "notebook"} {
				cells := []string{c.prog}
				if mode == "notebook" {
					cells = notebookCells(t, c.prog)
				}
				_, name, value := runCells(t, cells)
				if name != "Panic" {
					t.Fatalf("%s: %s %q, want a Panic", mode, name, value)
				}
				at := c.at
				if mode == "notebook" && c.at != "" {
					at = "cell 1, " + c.at
					if c.nbAt != "" {
						at = c.nbAt
					}
				}
				switch {
				case c.at != "" && !strings.Contains(value, " [at "+at):
					t.Errorf("%s: %q, want the position [at %s...]", mode, value, at)
				case c.in != "" && !strings.HasSuffix(value, " [in "+c.in+"]"):
					t.Errorf("%s: %q, want [in %s] (no position the engine cannot be sure of)", mode, value, c.in)
				}
			}
		})
	}
}

// A function running while a goroutine of a cell runs too: another
// goroutine may have written the recorded position, so only the function
// is named; the goroutine's own panic names its function.
func TestPanicPositionWithGoroutines(t *testing.T) {
	e := newEngine(t)
	run(t, e, "stop := make(chan bool)\ngo func() {\n\t<-stop\n}()")
	err := runErr(t, e, "func f(m map[int]int) {\n\tn := 1\n\tm[n] = 2\n}\nf(nil)")
	if err.Value != "assignment to entry in nil map [in main.f]" {
		t.Errorf("with a live goroutine: %q", err.Value)
	}
	run(t, e, "close(stop)\ntime.Sleep(50 * time.Millisecond)")
	// No goroutine alive any more: the next cell claims the line.
	err = runErr(t, e, "f(nil)")
	if err.Value != "assignment to entry in nil map [at cell 2, 3:2]" {
		t.Errorf("after the goroutine ended: %q", err.Value)
	}
	err = runErr(t, e, "done := make(chan bool)\ngo func() {\n\tdefer close(done)\n\tn := 0\n\t_ = 1 / n\n}()\n<-done\ntime.Sleep(time.Minute)")
	got := strings.Join(err.Traceback, "\n")
	if err.Value != "runtime error: integer divide by zero [in the goroutine started at 2:1]" || !strings.Contains(got, "    in main.func") || regexp.MustCompile(`at \d+:\d+ in main.func`).MatchString(got) {
		t.Errorf("goroutine panic: %q\n%s", err.Value, got)
	}
}

// A top-level compound statement (a function literal of the engine):
// the statement inside it that panicked.
func TestPanicPositionTopLevelCompound(t *testing.T) {
	e := newEngine(t)
	err := runErr(t, e, "xs := []string{\"a\", \"b\"}\nfor i := range 3 {\n\t_ = i\n\tfmt.Println(strings.Repeat(xs[0], 1-i))\n}")
	if err.Value != "strings: negative Repeat count [at 4:2]" {
		t.Errorf("%q", err.Value)
	}
}

// compiledPanicLine runs prog with go run and returns the line of the
// innermost main.* frame of its panic traceback.
func compiledPanicLine(t *testing.T, prog string) int {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "main.go")
	if err := os.WriteFile(file, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", file)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GO111MODULE=off", "GOFLAGS=")
	out, _ := cmd.CombinedOutput()
	m := regexp.MustCompile(`(?m)^main\.[^\n]*\n\t[^\n]*main\.go:(\d+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("no main frame in go run's output:\n%s", out)
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

// A deferred function literal that runs while the panic unwinds does not
// move the position.
func TestPanicPositionDeferredLiteral(t *testing.T) {
	e := newEngine(t)
	err := runErr(t, e, "func f(m map[string]int) {\n\tdefer func() {\n\t\tfmt.Println(\"cleanup\", len(m))\n\t}()\n\tn := 1\n\tm[\"a\"] = n\n}\nf(nil)")
	if err.Value != "assignment to entry in nil map [at 6:2]" {
		t.Errorf("%q", err.Value)
	}
	err = runErr(t, e, "func g() {\n\tdefer func() {\n\t\tn := 0\n\t\tfmt.Println(1 / n)\n\t}()\n\tfmt.Println(\"g\")\n}\ng()")
	if err.Value != "runtime error: integer divide by zero [in main.g.func]" {
		t.Errorf("a panic in the deferred literal: %q", err.Value)
	}
}

// A function literal in a top-level var's value records nothing (yaegi
// would report a definition loop: text/template's ExampleTemplate_funcs
// in a notebook); its panic names the function.
func TestPanicPositionVarLiteral(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, "var funcs = map[string]any{\"repeat\": func(s string) string { return strings.Repeat(s, 2) }}\nfmt.Println(len(funcs))")
	if s.out() != "1\n" {
		t.Errorf("%q", s.out())
	}
	err := runErr(t, e, "var h = func(n int) string {\n\tn--\n\treturn strings.Repeat(\"x\", n)\n}\nh(0)")
	if err.Value != "strings: negative Repeat count [in main.func]" {
		t.Errorf("%q", err.Value)
	}
}
