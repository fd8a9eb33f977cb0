package engine

import "testing"

// A top-level var declaration of a cell that calls a generic function
// with a variable a statement of the same cell defined (s := ...; var v =
// F(s)): go/types sees the declaration at package level, where s is
// undefined, so the generic call had no types to specialize ("cannot use
// generic function Arith without instantiation"); the second check gives
// s its type (stmtVarsOfDecls). Found by TestGoFuzz (progen seed 1003,
// unit 7, notebook mode).
func TestStmtVarsOfDecls(t *testing.T) {
	e := newEngine(t)
	run(t, e, "func Arith[T int32 | int64](a, b T) T { return a + b }\ntype S struct{ n rune }\nfunc (s S) Get() rune { return s.n }")
	s, _ := run(t, e, "s := int32(2)\nq := S{40}\nvar v = func() int32 { return Arith(s, 5) }()\nvar w int32 = Arith(int32(1), q.Get())\nfmt.Println(v, w)")
	if got, want := s.out(), "7 41\n"; got != want {
		t.Errorf("stdout %q, want %q", got, want)
	}
}
