package engine

import (
	"strings"
	"testing"
)

// A panic in one of the engine's passes is reported as the engine's bug,
// naming the pass, not as a crash of the interpreter.
func TestPassPanicNamesThePass(t *testing.T) {
	var got any
	func() {
		defer func() { got = recover() }()
		runPass(&pass{name: "boom", run: func(*prep) { panic("index out of range [3] with length 2") }}, &prep{})
	}()
	if got == nil {
		t.Fatal("runPass swallowed the panic")
	}
	err := internalError(got)
	want := `the engine's "boom" rewrite crashed on this cell (index out of range [3] with length 2)`
	if err.Name != "InternalError" || !strings.HasPrefix(err.Value, want) {
		t.Fatalf("got %s: %s\nwant InternalError: %s...", err.Name, err.Value, want)
	}
	if v := internalError("reflect: bad").Value; v != "the interpreter crashed: reflect: bad" {
		t.Fatalf("an interpreter crash: %q", v)
	}
}
