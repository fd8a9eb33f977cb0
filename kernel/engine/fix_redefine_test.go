package engine

import (
	"strings"
	"testing"
)

func TestRedefineFuncUpdatesCallers(t *testing.T) {
	e := newEngine(t)
	run(t, e, `func k() int { return 1 }
func useK() int { return k() * 10 }
func useUseK() int { return useK() + 1 }`)
	_, r := run(t, e, `useUseK()`)
	if text(r) != "11" {
		t.Fatalf("before: %q", text(r))
	}
	_, r = run(t, e, `func k() int { return 2 }
useUseK()`)
	if got := text(r); got != "21" {
		t.Errorf("after redefining k, useUseK() = %q, want 21 (callers re-evaluated transitively)", got)
	}
	// yaegi cannot replace a method: redefining a function a method uses,
	// or the method itself, is rejected with advice instead of leaving a
	// stale body.
	run(t, e, `type box struct{ v int }
func (b box) scaled() int { return b.v * k() }`)
	err := runErr(t, e, "func k() int {\n\treturn 3\n}")
	if err.Name != "CompileError" || !strings.HasPrefix(err.Value, "1:6: func k is used by method box.scaled (cell 4)") {
		t.Errorf("%s %q", err.Name, err.Value)
	}
	err = runErr(t, e, "func (b box) scaled() int { return 0 }")
	if !strings.HasPrefix(err.Value, "1:14: method box.scaled was defined in cell 4 with a different body") {
		t.Errorf("%s %q", err.Name, err.Value)
	}
	// Re-running the same cell is fine, and k is unchanged.
	_, r = run(t, e, "func (b box) scaled() int { return b.v * k() }\nbox{2}.scaled()")
	if got := text(r); got != "4" {
		t.Errorf("method = %q, want 4", got)
	}
}

func TestRedefineType(t *testing.T) {
	e := newEngine(t)
	run(t, e, `type P struct{ X int }`)
	// Same definition again (re-running a cell) is fine.
	_, r := run(t, e, "type P struct {\n\tX int\n}\nP{3}")
	if text(r) != "{3}" {
		t.Errorf("re-run: %q", text(r))
	}
	err := runErr(t, e, "x := 1\ntype P struct{ X, Y int }")
	if err.Name != "CompileError" || !strings.HasPrefix(err.Value, "2:6: type P was defined in cell 1 with a different definition") {
		t.Errorf("%s %q", err.Name, err.Value)
	}
	// Nothing of the rejected cell ran.
	_, r = run(t, e, `P{4}`)
	if text(r) != "{4}" {
		t.Errorf("after rejection: %q", text(r))
	}
}
