package engine

import (
	"strings"
	"testing"
)

// TestRecursiveTypesAcrossCells: a recursive type declared in one cell is
// used by later ones (the session keeps the type as written; each cell is
// lowered), and re-running the declaring cell keeps it working. Compiled
// Go's answers by hand: the lexer splits "a bb  c" into 3 words.
func TestRecursiveTypesAcrossCells(t *testing.T) {
	e := newEngine(t)
	decl := "type stateFn func(*lx) stateFn\ntype lx struct{ s string; i int; n int }\ntype T []T"
	run(t, e, decl)
	run(t, e, "func word(l *lx) stateFn {\n\tfor l.i < len(l.s) && l.s[l.i] != ' ' { l.i++ }\n\tl.n++\n\tfor l.i < len(l.s) && l.s[l.i] == ' ' { l.i++ }\n\tif l.i == len(l.s) { return nil }\n\treturn word\n}")
	_, r := run(t, e, "l := &lx{s: \"a bb  c\"}\nfor f := stateFn(word); f != nil; f = f(l) {}\nl.n")
	if text(r) != "3" {
		t.Errorf("words: %s", text(r))
	}
	run(t, e, decl)
	_, r = run(t, e, "tt := T{nil, T{T{}}}\ntt = append(tt, tt[1:]...)\nfmt.Sprint(len(tt), len(tt[2]), tt[0] == nil, len(tt[1][0]))")
	if text(r) != "3 1 true 0" {
		t.Errorf("T: %s", text(r))
	}
}

// TestRecursiveTypesRefused: what the lowering cannot make Go's answer is
// refused at its line:col — a recursive type's value going into an
// interface (fmt would print the struct), a type declared inside a
// function, a type defined from one, a switch on a func-typed one.
func TestRecursiveTypesRefused(t *testing.T) {
	e := newEngine(t)
	run(t, e, "type L []L\ntype F func() F\nvar l = L{nil}\nvar f F")
	cases := []struct{ code, pos, want string }{
		{"fmt.Println(l)", "1:13", "a value of type L (a recursive type, or holding one) going into an interface"},
		{"var x any = &l", "1:13", "a value of type *L"},
		{"fmt.Println([]L{l})", "1:13", "a value of type []L"},
		{"panic(f)", "1:7", "a value of type F"},
		{"func g() {\n\ttype G func(int, G) (int, int)\n}", "2:7", "recursive type G (it refers to itself through a func of G, with no struct or interface between) declared inside a function"},
		{"type D L", "1:6", "type D defined from the recursive type L"},
		{"switch f {\ncase nil:\n}", "1:8", "a switch on a value of the recursive func type F"},
		{"func two() ([]L, int) { return nil, 1 }\nvar a L\na, _ = two()", "3:8", "multi-value expression"},
	}
	for _, c := range cases {
		err := runErr(t, e, c.code)
		if err.Name != "CompileError" || !strings.HasPrefix(err.Value, c.pos+": ") || !strings.Contains(err.Value, c.want) {
			t.Errorf("%q: got %s %q\nwant CompileError %s: ...%q...", c.code, err.Name, err.Value, c.pos, c.want)
		}
	}
	// The refusals left the session usable, and these cycles run.
	_, r := run(t, e, "type Node struct{ next *Node; v int }\ntype I interface{ M() I }\ntype K int\nfunc (k K) M() I { return k + 1 }\ntype H func(int) R\ntype R struct{ h H }\nn := &Node{next: &Node{v: 2}}\nvar i I = K(1)\nfmt.Sprint(n.next.v, i.M(), len(l), f == nil)")
	if text(r) != "2 2 1 true" {
		t.Errorf("cycles through structs and interfaces: %s", text(r))
	}
}
