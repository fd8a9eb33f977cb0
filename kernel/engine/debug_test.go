package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
)

// debugSession is an engine with its debugger on, and the events it sent.
type debugSession struct {
	t   *testing.T
	e   *Engine
	d   *Debugger
	evs chan DebugEvent
}

func newDebugSession(t *testing.T) *debugSession {
	e := newEngine(t)
	s := &debugSession{t: t, e: e, d: e.Debugger(), evs: make(chan DebugEvent, 100)}
	s.d.Enable(func(code string) string { return "key:" + code }, func(ev DebugEvent) { s.evs <- ev })
	return s
}

// start runs code on its own goroutine; the channel gets its result.
func (s *debugSession) start(ctx context.Context, code string) (chan cell.Result, *fakeSink) {
	sink := &fakeSink{}
	ch := make(chan cell.Result, 1)
	go func() { ch <- s.e.Execute(ctx, code, sink) }()
	return ch, sink
}

// stop waits for the next stopped event.
func (s *debugSession) stop() DebugEvent {
	s.t.Helper()
	for {
		select {
		case ev := <-s.evs:
			if ev.Kind == "stopped" {
				return ev
			}
		case <-time.After(20 * time.Second):
			s.t.Fatal("no stopped event")
		}
	}
}

// at returns "name line" for each shown frame of the stopped main thread.
func (s *debugSession) at() []string {
	s.t.Helper()
	fs, err := s.d.StackTrace(1)
	if err != nil {
		s.t.Fatal(err)
	}
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s %d", f.Name, f.Line))
	}
	return out
}

// locals returns name=value of the first scope of the innermost frame.
func (s *debugSession) locals() map[string]string {
	s.t.Helper()
	fs, err := s.d.StackTrace(1)
	if err != nil {
		s.t.Fatal(err)
	}
	sc, err := s.d.Scopes(fs[0].ID)
	if err != nil {
		s.t.Fatal(err)
	}
	vs, err := s.d.Variables(sc[0].Ref, 0, 0)
	if err != nil {
		s.t.Fatal(err)
	}
	out := map[string]string{}
	for _, v := range vs {
		out[v.Name] = v.Value
	}
	return out
}

func (s *debugSession) result(ch chan cell.Result) cell.Result {
	s.t.Helper()
	select {
	case r := <-ch:
		return r
	case <-time.After(20 * time.Second):
		s.t.Fatal("the cell did not end")
	}
	return cell.Result{}
}

func TestDebugBreakpointStepContinue(t *testing.T) {
	s := newDebugSession(t)
	code := "x := 1\nfor i := 0; i < 2; i++ {\n\tx += i\n}\n\ny := x * 2\nfmt.Println(y)\n"
	bps := s.d.SetBreakpoints("key:"+code, code, []int{3, 5})
	if !bps[0].Verified || bps[0].Line != 3 || !bps[1].Verified || bps[1].Line != 6 {
		t.Fatalf("breakpoints: %+v (want 3, and the blank line 5 moved to 6)", bps)
	}
	ch, sink := s.start(context.Background(), code)
	ev := s.stop()
	if ev.Reason != "breakpoint" || ev.Thread != 1 {
		t.Fatalf("event %+v", ev)
	}
	if got := s.at(); strings.Join(got, ",") != "<cell> 3" {
		t.Fatalf("stack %v", got)
	}
	if l := s.locals(); l["x"] != "1" || l["i"] != "0" {
		t.Fatalf("locals %v", l)
	}
	if err := s.d.Next(1); err != nil {
		t.Fatal(err)
	}
	s.stop()
	if got := s.at(); strings.Join(got, ",") != "<cell> 2" {
		t.Fatalf("after next: %v", got)
	}
	if err := s.d.Continue(1); err != nil {
		t.Fatal(err)
	}
	s.stop()
	if l := s.locals(); l["x"] != "1" || l["i"] != "1" {
		t.Fatalf("second stop locals %v", l)
	}
	s.d.Continue(1)
	s.stop()
	if got := s.at(); strings.Join(got, ",") != "<cell> 6" {
		t.Fatalf("third stop %v", got)
	}
	if l := s.locals(); l["x"] != "2" {
		t.Fatalf("third stop locals %v", l)
	}
	s.d.Continue(1)
	r := s.result(ch)
	if r.Err != nil || sink.out() != "4\n" {
		t.Fatalf("result %v, out %q", r.Err, sink.out())
	}
}
