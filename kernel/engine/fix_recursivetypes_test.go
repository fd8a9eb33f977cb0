package engine

import (
	"strings"
	"testing"
)

// TestRecursiveTypesRefused: defined types whose cycle has no struct or
// interface on it are refused at the type's name (yaegi crashes compiling
// their uses, or overflows its stack); cycles through a struct or an
// interface still run (their output is compiled Go's, pinned in
// TestGoParity's "recursive types through structs and interfaces").
func TestRecursiveTypesRefused(t *testing.T) {
	e := newEngine(t)
	cases := []struct{ code, pos, path string }{
		{"type Number *Number\nvar n Number", "1:6", "through *Number,"},
		{"x := 1\ntype F func(string) F", "2:6", "through a func of F,"},
		{"type L []L", "1:6", "through []L,"},
		{"type M map[string]*M", "1:6", "through a map of *M,"},
		{"type C chan C", "1:6", "through chan C,"},
		{"type A [2]*A", "1:6", "through [2]*A,"},
		{"type P *Q\ntype Q []P", "1:6", "through *Q, which is []P,"},
		{"func f() {\n\ttype G func(int, G) (int, int)\n}", "2:7", "through a func of G,"},
	}
	for _, c := range cases {
		err := runErr(t, e, c.code)
		want := c.pos + ": recursive type "
		if err.Name != "CompileError" || !strings.HasPrefix(err.Value, want) || !strings.Contains(err.Value, c.path) || !strings.Contains(err.Value, "through a struct field") {
			t.Errorf("%q: got %s %q\nwant CompileError %q... %q", c.code, err.Name, err.Value, want, c.path)
		}
	}
	// The refusals left the session usable, and these cycles run.
	_, r := run(t, e, "type Node struct{ next *Node; v int }\ntype I interface{ M() I }\ntype K int\nfunc (k K) M() I { return k + 1 }\ntype H func(int) R\ntype R struct{ h H }\nn := &Node{next: &Node{v: 2}}\nvar i I = K(1)\nfmt.Sprint(n.next.v, i.M())")
	if text(r) != "2 2" {
		t.Errorf("cycles through structs and interfaces: %s", text(r))
	}
}
