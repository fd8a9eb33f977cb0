package engine

import "testing"

// Re-running a cell that declares a boxed type (and a struct type with a
// String method, whose out function it registers) is re-running an
// identical cell: the boxes' declarations are the engine's text, compared
// as such (units.go's origText), not refused as redefinitions.
func TestBoxedTypeCellRerun(t *testing.T) {
	e := newEngine(t)
	cell := "type K int\nfunc (k K) String() string { return \"k\" }\ntype P struct{ X int }\nfunc (p P) String() string { return \"p\" }\nvar a any = K(1)\n_, ok := a.(K)\nfmt.Println(a, ok, any(P{2}))"
	for i := range 3 {
		s, _ := run(t, e, cell)
		if got, want := s.out(), "k true p\n"; got != want {
			t.Fatalf("run %d: stdout %q, want %q", i+1, got, want)
		}
	}
}
