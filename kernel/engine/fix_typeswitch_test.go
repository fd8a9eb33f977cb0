package engine

import (
	"testing"
)

// TestTypeSwitchesAndAssertions: what compiled Go prints (go1.26, pinned
// by the corpus programs own/typeswitch_struct.go and
// own/typeswitch_named.go) or, where yaegi cannot tell the types apart, a
// CompileError at the case, never another branch.
func TestTypeSwitchesAndAssertions(t *testing.T) {
	e := newEngine(t)
	run(t, e, "type Circle struct{ R float64 }\ntype Sq struct{ S float64 }")
	// yaegi took no case here before the typeswitch pass
	s, _ := run(t, e, "func area(s any) float64 {\n\tswitch s.(type) {\n\tcase Circle:\n\t\treturn 3\n\tcase Sq:\n\t\treturn 4\n\t}\n\treturn 0\n}\nfmt.Println(area(Circle{1}), area(Sq{1}), area(2))\nvar v any = Sq{2}\nswitch v.(type) {\ncase Circle, Sq:\n\tfmt.Println(\"shape\")\ndefault:\n\tfmt.Println(\"default\")\n}")
	if out := s.out(); out != "3 4 0\nshape\n" {
		t.Errorf("struct type switches printed %q, want %q", out, "3 4 0\nshape\n")
	}
	// before any non-struct cell type, int cases are fine
	s, _ = run(t, e, "var w any = 7\nswitch w.(type) {\ncase int:\n\tfmt.Println(\"int\")\n}")
	if out := s.out(); out != "int\n" {
		t.Errorf("int case: %q", out)
	}
	run(t, e, "type Kind int\nfunc (k Kind) String() string { return \"K\" }")
	// Kind's values are boxed in interfaces (fix_boxnamed.go): Go's answers.
	s, _ = run(t, e, "var a any = 1\n_, ok := a.(Kind)\nvar k any = Kind(1)\nswitch k.(type) {\ncase int:\n\tfmt.Println(\"int\")\ndefault:\n\tfmt.Println(\"other\")\n}\nfunc f(a any) bool { _, ok := a.(fmt.Stringer); return ok }\nfmt.Println(ok, f(k), f(a), k.(Kind), k)")
	if got, want := s.out(), "other\nfalse true false K K\n"; got != want {
		t.Errorf("stdout %q, want %q", got, want)
	}
	// struct types and other basic types stay allowed
	s, _ = run(t, e, "var b any = Circle{1}\nif c, ok := b.(Circle); ok {\n\tfmt.Println(c.R)\n}\nswitch b.(type) {\ncase string, float64:\n\tfmt.Println(\"no\")\ncase Circle:\n\tfmt.Println(\"circle\")\n}")
	if out := s.out(); out != "1\ncircle\n" {
		t.Errorf("after Kind: %q", out)
	}
}
