package engine

import (
	"strings"
	"testing"
)

// Go refuses these programs (pinned: the go/types messages are those
// `go vet` and `go build` print for them, checked by hand with go1.26);
// yaegi ran them with another answer.
func TestGoRefusesWhatYaegiAccepts(t *testing.T) {
	e := newEngine(t)
	err := runErr(t, e, "func sign(x int) int {\n\tif x > 0 {\n\t\treturn 1\n\t}\n}\nsign(0)")
	if err.Name != "CompileError" || !strings.HasPrefix(err.Value, "5:1: missing return") {
		t.Errorf("missing return: %s %q", err.Name, err.Value)
	}
	run(t, e, "type counter interface{ Inc() }\ntype c struct{ n int }\nfunc (c *c) Inc() { c.n++ }")
	err = runErr(t, e, "var x counter = c{}")
	want := "1:17: cannot use c{} (value of struct type c) as counter value in variable declaration: c does not implement counter (method Inc has pointer receiver)"
	if err.Value != want {
		t.Errorf("pointer receiver:\n got %q\nwant %q", err.Value, want)
	}
	err = runErr(t, e, "func use(x counter) {}\nuse(c{})")
	if !strings.Contains(err.Value, "2:5: cannot use c{} (value of struct type c) as counter value in argument to use: c does not implement counter (method Inc has pointer receiver)") {
		t.Errorf("pointer receiver in a call: %q", err.Value)
	}
	// The session still works.
	_, r := run(t, e, "var y counter = &c{}\ny.Inc()\ny.(*c).n")
	if text(r) != "1" {
		t.Errorf("after the refusals: %q", text(r))
	}
}
