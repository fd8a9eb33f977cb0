package engine

import "testing"

func TestTopLevelDeferredRecover(t *testing.T) {
	e := newEngine(t)
	s, r := execute(t, e, `defer fmt.Println("runs last")
defer func() {
	if r := recover(); r != nil {
		fmt.Println("recovered:", r)
	}
}()
fmt.Println("before")
panic("boom")
fmt.Println("never")`)
	if r.Err != nil || s.out() != "before\nrecovered: boom\nruns last\n" {
		t.Errorf("error %v, stdout %q", r.Err, s.out())
	}
	// Without a panic, recover returns nil.
	s, _ = run(t, e, `defer func() { fmt.Println("got", recover()) }()
x := 1`)
	if s.out() != "got <nil>\n" {
		t.Errorf("no panic: %q", s.out())
	}
	// A deferred call that does not recover lets the panic end the cell,
	// after running; a panic in a deferred call replaces the first.
	s, r = execute(t, e, `defer fmt.Println("deferred ran")
var m map[string]int
m["x"] = 1`)
	if r.Err == nil || r.Err.Name != "Panic" || s.out() != "deferred ran\n" {
		t.Errorf("not recovered: %+v, stdout %q", r.Err, s.out())
	}
	_, r = execute(t, e, `defer func() { panic("second") }()
panic("first")`)
	if r.Err == nil || r.Err.Value != "second [at 1:16]" {
		t.Errorf("panic in a deferred call: %+v", r.Err)
	}
	// A recover in a literal nested in the deferred one returns nil.
	s, r = execute(t, e, `defer func() {
	func() { fmt.Println("nested", recover()) }()
}()
panic("still")`)
	if r.Err == nil || s.out() != "nested <nil>\n" {
		t.Errorf("nested recover: %+v, stdout %q", r.Err, s.out())
	}
}
