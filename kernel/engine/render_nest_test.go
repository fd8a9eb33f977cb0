package engine

import (
	"regexp"
	"testing"
)

// TestRenderInsertionEnclosesReplacement: an insertion and a replacement
// at one offset — the insertion (a wrapper opening, with its tail at the
// end) encloses the replacement, and the replacement's own rendering of
// a range starting there does not apply the insertion a second time (it
// did: X(R(X(ab)def)).
func TestRenderInsertionEnclosesReplacement(t *testing.T) {
	directives := regexp.MustCompile(`/\*line [^*]*\*/`)
	for _, order := range []string{"insertion first", "replacement first"} {
		r := &renderer{src: "abcdef", file: "f"}
		replace := func() { r.add(0, 3, func(r *renderer) string { return "R(" + r.render(0, 2) + ")" }) }
		if order == "replacement first" {
			replace()
		}
		r.addText(0, 0, "X(")
		r.addTail(6, ")")
		if order == "insertion first" {
			replace()
		}
		r.sortEdits()
		if got := directives.ReplaceAllString(r.render(0, 6), ""); got != "X(R(ab)def)" {
			t.Errorf("%s: %q, want %q", order, got, "X(R(ab)def)")
		}
	}
	// After a replacement, an insertion at its start is not held for the
	// next one.
	r := &renderer{src: "abcdef", file: "f"}
	r.addText(0, 0, "<")
	r.add(0, 2, func(r *renderer) string { return "[" + r.render(0, 2) + "]" })
	r.add(2, 4, func(r *renderer) string { return "{" + r.render(2, 4) + "}" })
	r.sortEdits()
	if got := directives.ReplaceAllString(r.render(0, 6), ""); got != "<[ab]{cd}ef" {
		t.Errorf("%q, want %q", got, "<[ab]{cd}ef")
	}
}
