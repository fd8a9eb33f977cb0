package engine

import "testing"

// TestBlankTypes: type _ T declares nothing, at the top level of a cell,
// in a group, as a top-level statement, again in a later cell with
// another type, and keeps a dot import used (compiled Go runs all of
// these; TestGoParity's "blank declarations" pins its output).
func TestBlankTypes(t *testing.T) {
	e := newEngine(t)
	run(t, e, "type _ int\ntype (\n\tA int\n\t_ struct{ x int }\n\tB = A\n)\nfunc f() int { type _ string; return 2 }")
	run(t, e, "type _ []string")
	_, r := run(t, e, "type _ = A\nx := B(3) + A(f())\nx")
	if text(r) != "5" {
		t.Errorf("after blank types: %s", text(r))
	}
	_, r = run(t, e, "type (\n\t_ int\n\tC int\n)\nC(4)")
	if text(r) != "4" {
		t.Errorf("blank type in a group with C: %s", text(r))
	}
}
