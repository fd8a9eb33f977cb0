package engine

import "testing"

// TestBlankAssigns: values of different types assigned to _ among a
// cell's top-level statements (fixedbugs/issue17640.go as a notebook);
// each is still evaluated, in order (compiled Go prints "f g 3").
func TestBlankAssigns(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, "func f() int { fmt.Print(\"f \"); return 1 }\nfunc g() string { fmt.Print(\"g \"); return \"x\" }\n_ = [3]int{1, 2}\n_ = map[int]int{9: 8}\n_, _ = f(), g()\n_ = struct{ a int }{3}\nfmt.Print(len([3]int{}))")
	if got := s.stdout.String(); got != "f g 3" {
		t.Errorf("stdout %q, want %q", got, "f g 3")
	}
}
