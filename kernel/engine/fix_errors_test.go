package engine

import (
	"strings"
	"testing"
)

// Every compiled function with a final ...any parameter sees a cell
// type's Error (before String) — fmt's and log's, also where yaegi or
// the engine replaced them with versions bound to the cell's streams.
// Pinned: compiled Go prints these lines for the same calls.
func TestErrorMethodsReachPrintingFunctions(t *testing.T) {
	e := newEngine(t)
	run(t, e, `type E struct{ n int }
func (e *E) Error() string { return fmt.Sprint("E", e.n) }
func (e *E) String() string { return "not this" }
type S struct{}
func (S) String() string { return "S!" }`)
	s, _ := run(t, e, `log.SetFlags(0)
log.Println(&E{1}, S{})
log.Printf("%v|%s", &E{2}, S{})
fmt.Println(fmt.Sprint(&E{3}), fmt.Sprintf("%v", S{}))`)
	if got, want := s.out(), "E3 S!\n"; got != want {
		t.Errorf("stdout %q, want %q", got, want)
	}
	if got, want := s.errText(), "E1 S!\nE2|S!\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
}

// errors.As of a value of a cell struct type whose Error method has a
// value receiver says it cannot answer (yaegi's wrapper keeps the last
// field, not the value), rather than false.
func TestErrorsAsValueStructRefused(t *testing.T) {
	e := newEngine(t)
	run(t, e, "type MyErr struct{ Code int }\nfunc (e MyErr) Error() string { return fmt.Sprint(\"code \", e.Code) }")
	err := runErr(t, e, "var err error = MyErr{42}\nvar me MyErr\nfmt.Println(errors.As(fmt.Errorf(\"w: %w\", err), &me))")
	if err.Name != "Panic" || !strings.Contains(err.Value, "errors.As cannot tell whether this error holds a main.MyErr") {
		t.Errorf("got %s %q, want a Panic saying errors.As cannot tell", err.Name, err.Value)
	}
	// A chain without such a wrapper still answers false.
	s, _ := run(t, e, "var me2 MyErr\nfmt.Println(errors.As(errors.New(\"plain\"), &me2))")
	if got := s.out(); got != "false\n" {
		t.Errorf("plain error: %q", got)
	}
}

// A type switch case or an assertion of a struct type with fields on an
// error is refused: yaegi keeps the struct value converted to error
// without the value (canary errors/ivalue), so it would never match.
func TestErrorValueStructAssertRefused(t *testing.T) {
	e := newEngine(t)
	run(t, e, "type E struct{ msg string }\nfunc (e E) Error() string { return e.msg }")
	for _, c := range []struct{ code, want string }{
		{"func f(err error) bool { switch err.(type) {\ncase E:\n\treturn true\n}; return false }", "2:6: this type switch case of E on an error is not supported"},
		{"func g(err error) bool { _, ok := err.(E); return ok }", "1:40: the assertion of E on an error is not supported"},
	} {
		err := runErr(t, e, c.code)
		if err.Name != "CompileError" || !strings.HasPrefix(err.Value, c.want) {
			t.Errorf("%q:\n got %s %q\nwant CompileError %q...", c.code, err.Name, err.Value, c.want)
		}
	}
}
