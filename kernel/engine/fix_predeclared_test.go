package engine

import "testing"

// TestPredeclaredNames: session constants and variables named like
// predeclared identifiers, declared in one cell and used in later ones,
// by declarations and statements; the universe's names stay usable where
// no session name hides them (compiled Go's output for the same program
// is pinned in TestGoParity's "predeclared names declared again").
func TestPredeclaredNames(t *testing.T) {
	e := newEngine(t)
	run(t, e, "const append = 1\nvar int = 2\nvar nil = 3\nconst (\n\tiota = 10\n\ttrue = iota + 1\n)")
	run(t, e, "x := 5\nvar cap = x\nlen := 4\nfunc f() int8 { var int int8 = 7; return int }")
	_, r := run(t, e, "fmt.Sprint(append + int + nil + len + cap + iota + true, f())")
	if text(r) != "36 7" {
		t.Errorf("sum of the session's predeclared names: %s", text(r))
	}
	_, r = run(t, e, "int = 20\nfunc g() string { return fmt.Sprint(int, copy([]byte{0}, \"ab\"), string(rune(65))) }\ng()")
	if text(r) != "20 1A" {
		t.Errorf("assigned again, and universe names beside: %s", text(r))
	}
}
