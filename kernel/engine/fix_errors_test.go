package engine

import "testing"

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
