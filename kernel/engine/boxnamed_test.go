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

// A compiled function that inspects its any argument (reflect) is handed
// the value a box stands for, as before boxes: reflect.DeepEqual of a
// boxed C(1) and C(1) holds, and reflect sees a float64's kind (Go: true,
// float64; reflect.TypeOf names float64 where Go names main.C, the known
// limit of non-struct types in reflect).
func TestBoxUnboxedForReflect(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, "type C float64\nxs := []any{C(1), C(2)}\nvar a any = C(1.5)\nfmt.Println(reflect.DeepEqual(xs[0], C(1)), reflect.ValueOf(a).Kind(), xs[1] == any(C(2)))")
	if got, want := s.out(), "true float64 true\n"; got != want {
		t.Fatalf("stdout %q, want %q", got, want)
	}
}
