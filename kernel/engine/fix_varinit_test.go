package engine

import (
	"strings"
	"testing"

	"github.com/gophernote/gophernote/kernel/cell"
)

// A top-level var whose value reads a variable of an earlier cell (or of a
// statement of the same cell) runs: yaegi alone fails with "variable
// definition loop".
func TestVarFromSessionVariable(t *testing.T) {
	for _, c := range []struct {
		name  string
		cells []string
		want  string
	}{
		{"untyped", []string{"x := 3", "var y = x\ny"}, "3"},
		{"no index", []string{"x := 3", "var y = x + 1\ny"}, "4"},
		{"typed", []string{"x := 3", "var y float64 = float64(x) / 2\ny"}, "1.5"},
		{"typed interface", []string{"x := 3", "var y any = x\nfmt.Sprintf(\"%T %v\", y, y)"}, "int 3"},
		{"grouped", []string{"x := 3", "var (\n\ta = x\n\tb = 2\n\tc int64 = int64(x) * 10\n)\nfmt.Sprint(a, b, c)"}, "3 2 30"},
		{"multiple names", []string{"x := 3\nw := 4", "var a, b = x, w*2\na*100 + b"}, "308"},
		{"multiple names typed", []string{"x := 3", "var a, b int = x, 7\na + b"}, "10"},
		{"multi-value call", []string{"x := 3", "var q, r = func() (int, int) { return x / 2, x % 2 }()\nq*10 + r"}, "11"},
		{"var of earlier cell", []string{"var x = 5", "var y = x * 2\ny"}, "10"},
		{"same-cell statement", []string{"x := 3\nvar y = x * 3\ny"}, "9"},
		{"func literal", []string{"x := 3", "var f = func() int { return x * 5 }\nf()"}, "15"},
		{"blank", []string{"x := 3", "var _ = x\n1"}, "1"},
		{"later func uses it", []string{"x := 3", "var y = x\nfunc f() int { return y * 2 }\nf()"}, "6"},
		{"earlier func uses it", []string{"x := 3", "func f() int { return y * 2 }\nvar y = x\nf()"}, "6"},
		{"typed, used by func", []string{"x := 3", "func f() int { return y * 2 }\nvar y int = x\nf()"}, "6"},
		{"value from a cell func", []string{"x := 3", "var y = sq(x)\nfunc sq(v int) int { return v * v }\ny"}, "9"},
		{"from a cell func, used by a func", []string{"x := 3", "func h() int { return y + 1 }\nvar y = sq(x)\nfunc sq(v int) int { return v * v }\nh()"}, "10"},
		{"two results, used by a func", []string{"x := 3", "func h() string { return fmt.Sprint(q, r) }\nvar q, r = div(x)\nfunc div(v int) (int, bool) { return v / 2, v%2 == 1 }\nh()"}, "1 true"},
		{"composite literal, used by a method", []string{"x := 3", "type pt struct{ X, Y int }\nfunc (p pt) sum() int { return p.X + p.Y + len(tags) }\nvar p0 = pt{x, int(k)}\nvar tags = []string{fmt.Sprint(x)}\nconst k = 2\np0.sum()"}, "6"},
		{"var of an earlier run of the cell", []string{"var a = 1\nn := 5\nfunc f() int { return n }\nvar b = a * 2\nb + f()"}, "7"},
		{"chained", []string{"x := 3", "var z = y * 2\nvar y = x\nz"}, "6"},
		{"through a func", []string{"x := 3", "func g() int { return y }\nvar z = g() + 1\nvar y int = x\nz"}, "4"},
		{"through a func, untyped", []string{"x := 3", "func g() int { return y }\nvar z = g() + 1\nvar y = x\nz"}, "4"},
		{"interpreted type", []string{"type T struct{ A int }\nt := T{4}", "var u = t\nvar v T = t\nu.A + v.A"}, "8"},
		{"redefined", []string{"x := 3", "var y = x", "var y = x + 10\ny"}, "13"},
		{"then a statement", []string{"x := 3", "var y = x", "y := 7\ny"}, "7"},
	} {
		e := newEngine(t)
		var r cell.Result
		for _, code := range c.cells {
			_, r = run(t, e, code)
		}
		if got := text(r); got != c.want {
			t.Errorf("%s: %q = %q, want %q", c.name, c.cells, got, c.want)
		}
	}
}

// Package-level vars that worked before keep their semantics: vars used by
// the functions of their cell, vars initialised from functions (also ones
// reading session variables), vars from vars of the same cell.
func TestVarDeclarationsStillWork(t *testing.T) {
	e := newEngine(t)
	_, r := run(t, e, `func count() int { return len(names) }
var names = []string{"a", "b"}
var n = count()
var m = n * 2
fmt.Sprint(n, m, count())`)
	if got, want := text(r), "2 4 2"; got != want {
		t.Errorf("same-cell vars: %q, want %q", got, want)
	}
	_, r = run(t, e, `x := 10
func plusX(v int) int { return v + x }
var p = plusX(1)
p`)
	if got, want := text(r), "11"; got != want {
		t.Errorf("var from a func reading a session variable: %q, want %q", got, want)
	}
	// The earlier cell's var keeps its value and is readable.
	_, r = run(t, e, `var q = p + m
names = append(names, "c")
fmt.Sprint(q, count())`)
	if got, want := text(r), "15 3"; got != want {
		t.Errorf("later cell: %q, want %q", got, want)
	}
}

// Errors in converted vars keep their cell positions.
func TestVarFromSessionVariableErrors(t *testing.T) {
	e := newEngine(t)
	run(t, e, "x := []int{1, 2}")
	err := runErr(t, e, "var y string = x\ny")
	if err.Name != "CompileError" || !strings.HasPrefix(err.Value, "1:16: ") {
		t.Errorf("compile error: %s %q", err.Name, err.Value)
	}
	err = runErr(t, e, "\nvar z = x[5]\nz")
	if err.Name != "Panic" || !strings.Contains(err.Value, "[at 2:5]") {
		t.Errorf("panic: %s %q", err.Name, err.Value)
	}
}
