package engine

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gophernote/gophernote/kernel/engine/internal/modbuild"
)

func TestCompiledCell(t *testing.T) {
	moduleEnv(t, "")
	e := newEngine(t)
	s, _ := mustLong(t, e, `%%compile acc
import "fmt"

// Acc accumulates floats.
type Acc struct{ n int; sum float64 }

// Add adds x.
func (a *Acc) Add(x float64) { a.n++; a.sum += x }

func (a Acc) String() string { return fmt.Sprintf("Acc(n=%d, mean=%g)", a.n, a.sum/float64(a.n)) }

func sum[T int | float64](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

// Loop adds 0.5 n times.
func Loop(n int) float64 {
	xs := make([]float64, 0, 4)
	xs = append(xs, 0)
	s := 0.0
	for i := 0; i < n; i++ {
		s += 0.5
	}
	return s + sum(xs)
}`)
	if d := displayText(s); !strings.Contains(d, "package acc compiled") {
		t.Errorf("displays %q", d)
	}
	s, r := mustLong(t, e, `import "acc"
a := &acc.Acc{}
a.Add(1)
a.Add(2)
fmt.Println(a, *a)
acc.Loop(3_000_000)`)
	if got := s.out(); got != "Acc(n=2, mean=1.5) Acc(n=2, mean=1.5)\n" {
		t.Errorf("stdout %q", got)
	}
	if got := text(r); got != "1.5e+06" {
		t.Errorf("value %q", got)
	}
	data, found := e.Inspect("acc.Loop", len("acc.Loop"), 0)
	if txt, _ := data["text/plain"].(string); !found || !strings.Contains(txt, "Loop adds 0.5 n times.") {
		t.Errorf("inspect: %v %q", found, txt)
	}
	// Re-running with another body replaces the package for later cells and
	// says what keeps the old one.
	s, _ = mustLong(t, e, `%%compile acc
// Loop adds 1 n times.
func Loop(n int) float64 { return float64(n) }`)
	if got := s.out(); !strings.Contains(got, "package acc replaced") || !strings.Contains(got, "a (*acc.Acc)") {
		t.Errorf("replacement note %q", got)
	}
	_, r = mustLong(t, e, `acc.Loop(7)`)
	if got := text(r); got != "7" {
		t.Errorf("new version: %q", got)
	}
	// A removed name is gone for later cells.
	if err := runErr(t, e, `acc.Acc{}`); !strings.HasPrefix(err.Value, "1:5: undefined: acc.Acc (compiled cell acc, last compiled in cell 3, has no exported Acc)") {
		t.Errorf("removed type: %v", err)
	}
	// A generic function is for compiled code.
	mustLong(t, e, "%%compile gen\n\n// Sum adds.\nfunc Sum[T int | float64](xs []T) (s T) {\n\tfor _, x := range xs {\n\t\ts += x\n\t}\n\treturn s\n}\n\nvar SumFloat = Sum[float64]")
	if err := runErr(t, e, "import \"gen\"\ngen.Sum([]int{1, 2})"); !strings.Contains(err.Value, "2:5: gen.Sum is generic, and an interpreted cell cannot instantiate compiled generic code") {
		t.Errorf("generic: %v", err)
	}
	if _, r := mustLong(t, e, "gen.SumFloat([]float64{1, 2.5})"); text(r) != "3.5" {
		t.Errorf("instantiation: %q", text(r))
	}
}

func TestCompiledCellErrors(t *testing.T) {
	moduleEnv(t, "")
	e := newEngine(t)
	cases := []struct{ code, want string }{
		{"%%compile bad\n\nfunc F() int {\n\treturn \"x\"\n}", `4:9: cannot use "x" (untyped string constant) as int value in return statement`},
		{"%%compile strings\nfunc F() {}", "1:1: %%compile strings: a standard package has that import path"},
		{"%%compile main\nfunc F() {}", "a compiled cell cannot be package main"},
		{"%%compile self\nimport \"self\"\nfunc F() {}", "2:8: import cycle between compiled cells: self imports itself"},
		{"%%compile wrong\npackage other\nfunc F() {}", "2:9: the cell says package other"},
	}
	for _, c := range cases {
		_, r := runLong(t, e, c.code)
		if r.Err == nil || !strings.Contains(r.Err.Value, c.want) {
			t.Errorf("%q: got %v, want %q", c.code, r.Err, c.want)
		}
	}
	// A cycle through two cells.
	mustLong(t, e, "%%compile ca\nfunc A() int { return 1 }")
	mustLong(t, e, "%%compile cb\nimport \"ca\"\nfunc B() int { return ca.A() + 1 }")
	_, r := runLong(t, e, "%%compile ca\nimport \"cb\"\nfunc A() int { return cb.B() }")
	if r.Err == nil || !strings.Contains(r.Err.Value, "import cycle between compiled cells: ca imports cb, which imports ca") {
		t.Errorf("cycle: %v", r.Err)
	}
	_, r = mustLong(t, e, "import \"cb\"\ncb.B()")
	if text(r) != "2" {
		t.Errorf("cb.B() = %q", text(r))
	}
}

func TestCompiledCellImports(t *testing.T) {
	moduleEnv(t, "")
	e := newEngine(t)
	mustLong(t, e, `import "example.com/greet"`)
	mustLong(t, e, "%%compile base\n\n// Scale multiplies.\nfunc Scale(x float64) float64 { return 10 * x }")
	mustLong(t, e, `%%compile mix
import (
	"base"
	"example.com/greet"
	"github.com/gophernote/gophernote/fitlib/passk"
	"gonum.org/v1/gonum/floats"
	"fmt"
	"strings"
)

// Report combines a module, fitlib, gonum and another compiled cell.
func Report() string {
	p, err := passk.PassAtK(5, 2, 2)
	if err != nil {
		return err.Error()
	}
	return greet.Hello("mix") + " " + fmt.Sprint(base.Scale(floats.Sum([]float64{0.25, 0.5})), " ", p)
}

var _ = strings.ToUpper`)
	_, r := mustLong(t, e, "import \"mix\"\nmix.Report() + \" / \" + greet.Hello(\"i\")")
	if got := text(r); got != "HELLO, mix!! 7.5 0.7 / HELLO, i!!" {
		t.Errorf("got %q", got)
	}
}

// TestKernelSourceMismatch points the builds at a copy of the kernel's
// source: its packages compile to other files than the binary's, so the
// plugin cannot load, and the error says why and what to do.
func TestKernelSourceMismatch(t *testing.T) {
	moduleEnv(t, "")
	root := moduleRoot(t)
	dst := t.TempDir()
	out, err := exec.Command("git", "-C", root, "ls-files", "go.mod", "go.sum", "fitlib").Output()
	if err != nil {
		t.Skip("not a git checkout:", err)
	}
	for _, f := range strings.Fields(string(out)) {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dst, f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv(modbuild.SrcEnv, dst)
	e := newEngine(t)
	_, r := runLong(t, e, "%%compile usesfit\nimport \"github.com/gophernote/gophernote/fitlib/passk\"\nfunc P() (float64, error) { return passk.PassAtK(5, 2, 2) }")
	want := "the kernel's source in " + dst + " (found by $" + modbuild.SrcEnv + ") is not the source this kernel binary was built from"
	if r.Err == nil || !strings.Contains(r.Err.Value, want) || !strings.Contains(r.Err.Value, "rebuild the kernel from it") {
		t.Fatalf("got %v", r.Err)
	}
	if _, r := run(t, e, "1 + 2"); text(r) != "3" {
		t.Fatal("session unusable")
	}
}

func moduleRoot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Dir(strings.TrimSpace(string(out)))
}

func TestEngineMagicsIsComplete(t *testing.T) {
	e := newEngine(t)
	for code, want := range map[string]string{
		"%%compile k\nfunc F() {":              "incomplete",
		"%%compile k\nfunc F() {}":             "complete",
		"%%compile k\ntype T struct{ x int }":  "complete",
		"%go get example.com/m@v1.0.0":         "complete",
		"%go get example.com/m@v1.0.0\nx := [": "incomplete",
	} {
		if got, _ := e.IsComplete(code); got != want {
			t.Errorf("IsComplete(%q) = %s, want %s", code, got, want)
		}
	}
}
