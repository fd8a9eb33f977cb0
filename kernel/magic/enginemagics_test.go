package magic_test

import (
	"strings"
	"testing"
)

// TestEngineMagics: the engine's magics (%go get, %%compile) are the
// layer's like its own — completion, is_complete — and reach the engine
// at their cell lines, so its errors name the line the user wrote.
func TestEngineMagics(t *testing.T) {
	m := newMagic(t)
	for _, c := range []struct{ code, want string }{
		{"%%co", "%%compile"},
		{"%g", "%go"},
	} {
		if got, _, _ := complete(m, c.code); strings.Join(got, " ") != c.want {
			t.Errorf("complete %q: %q, want %q", c.code, got, c.want)
		}
	}
	if st, _ := m.IsComplete("%%compile acc\nfunc F() int {"); st != "incomplete" {
		t.Errorf("is_complete of an open compiled cell: %q", st)
	}
	if st, _ := m.IsComplete("%%compile acc\nfunc F() int { return 1 }"); st != "complete" {
		t.Errorf("is_complete of a compiled cell: %q", st)
	}
	// A %go line after a shell line and Go: the engine's error at 3:1.
	err := fails(t, m, "x := 1\n!echo hi\n%go fetch y", "ImportError")
	if !strings.HasPrefix(err.Value, "3:1: usage: %go get MODULE@VERSION") {
		t.Errorf("%%go at line 3: %q", err.Value)
	}
	// %%compile is a cell magic: on a later line it is a usage error
	// naming the rule, and the session goes on.
	err = fails(t, m, "x = 2\n%%compile acc\nfunc F() {}", "UsageError")
	if !strings.Contains(err.Value, "2:1") {
		t.Errorf("%%%%compile on line 2: %q", err.Value)
	}
	if _, r := ok(t, m, "x"); value(r) != "1" {
		t.Errorf("x = %s after the failed cells", value(r))
	}
}
