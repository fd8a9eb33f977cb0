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

// stepStop waits for the stop a Next or Continue of thread 1 leads to, and
// checks that the thread's "continued" came before it (a client clears
// its call stack on "continued": one arriving after the new stop would
// blank the stop it belongs to).
func (s *debugSession) stepStop() DebugEvent {
	s.t.Helper()
	continued := false
	for {
		select {
		case ev := <-s.evs:
			switch {
			case ev.Kind == "continued" && ev.Thread == 1:
				continued = true
			case ev.Kind == "stopped":
				if !continued {
					s.t.Fatalf("stopped %+v before the thread's continued event", ev)
				}
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
	s.stepStop()
	if got := s.at(); strings.Join(got, ",") != "<cell> 2" {
		t.Fatalf("after next: %v", got)
	}
	if err := s.d.Continue(1); err != nil {
		t.Fatal(err)
	}
	s.stepStop()
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

func TestDebugFunctionsStepping(t *testing.T) {
	s := newDebugSession(t)
	decl := "func sq(v float64) float64 {\n\tw := v * v\n\treturn w\n}\n"
	run(t, s.e, decl)
	code := "a := 3.0\nb := sq(a)\nc := math.Sqrt(b)\nfmt.Println(a, b, c)\n"
	s.d.SetBreakpoints("key:"+code, code, []int{2})
	ch, sink := s.start(context.Background(), code)
	s.stop()
	if got := strings.Join(s.at(), ","); got != "<cell> 2" {
		t.Fatalf("stack %v", got)
	}
	// Step into the function of the earlier cell.
	s.d.StepIn(1)
	s.stop()
	if got := strings.Join(s.at(), ","); got != "sq 2,<cell> 2" {
		t.Fatalf("after stepIn: %v", got)
	}
	if l := s.locals(); l["v"] != "3" {
		t.Fatalf("locals in sq: %v", l)
	}
	s.d.Next(1)
	s.stop()
	if got := strings.Join(s.at(), ","); got != "sq 3,<cell> 2" {
		t.Fatalf("after next in sq: %v", got)
	}
	if l := s.locals(); l["w"] != "9" {
		t.Fatalf("locals in sq: %v", l)
	}
	s.d.StepOut(1)
	s.stop()
	if got := s.at(); len(got) != 1 || !strings.HasPrefix(got[0], "<cell> ") {
		t.Fatalf("after stepOut: %v", got)
	}
	// Next over the compiled call to math.Sqrt.
	for strings.Join(s.at(), ",") != "<cell> 3" {
		s.d.Next(1)
		s.stop()
	}
	s.d.Next(1)
	s.stop()
	if got := strings.Join(s.at(), ","); got != "<cell> 4" {
		t.Fatalf("after next over math.Sqrt: %v", got)
	}
	if l := s.locals(); l["c"] != "3" || l["b"] != "9" {
		t.Fatalf("locals: %v", l)
	}
	s.d.Continue(1)
	if r := s.result(ch); r.Err != nil || sink.out() != "3 9 3\n" {
		t.Fatalf("result %v, out %q", r.Err, sink.out())
	}
}

func TestDebugBreakpointInEarlierFunction(t *testing.T) {
	s := newDebugSession(t)
	decl := "func tw(v int) int {\n\tv *= 2\n\treturn v\n}\n"
	run(t, s.e, decl)
	// The breakpoint is set after the function's cell ran (by its key).
	bps := s.d.SetBreakpoints("key:"+decl, "", []int{3})
	if !bps[0].Verified || bps[0].Line != 3 {
		t.Fatalf("%+v", bps)
	}
	ch, _ := s.start(context.Background(), "n := tw(21)\nn")
	s.stop()
	if got := strings.Join(s.at(), ","); got != "tw 3,<cell> 1" {
		t.Fatalf("stack %v", got)
	}
	if l := s.locals(); l["v"] != "42" {
		t.Fatalf("locals %v", l)
	}
	s.d.Continue(1)
	if r := s.result(ch); r.Err != nil || text(r) != "42" {
		t.Fatalf("result %v %q", r.Err, text(r))
	}
}

func TestDebugUnknownAndEmpty(t *testing.T) {
	s := newDebugSession(t)
	if bps := s.d.SetBreakpoints("key:nothing ran", "", []int{1}); bps[0].Verified {
		t.Fatalf("unknown source verified: %+v", bps)
	}
	code := "x := 1\n\n// a comment\n"
	if bps := s.d.SetBreakpoints("key:"+code, code, []int{2}); bps[0].Verified {
		t.Fatalf("a line past the last statement verified: %+v", bps)
	}
}

func TestDebugInterruptWhileStopped(t *testing.T) {
	s := newDebugSession(t)
	code := "k := 0\nfor k < 3 {\n\tk++\n}\nk"
	s.d.SetBreakpoints("key:"+code, code, []int{3})
	ctx, cancel := context.WithCancel(context.Background())
	ch, _ := s.start(ctx, code)
	s.stop()
	cancel()
	if r := s.result(ch); r.Err == nil || r.Err.Name != "Interrupted" {
		t.Fatalf("want Interrupted, got %+v", r.Err)
	}
	// The session goes on, and the same cell runs again to its stop.
	ch, _ = s.start(context.Background(), code)
	s.stop()
	if l := s.locals(); l["k"] != "0" {
		t.Fatalf("locals %v", l)
	}
	// Turning the debugger off (disconnect) resumes the cell.
	s.d.Disable()
	if r := s.result(ch); r.Err != nil || text(r) != "3" {
		t.Fatalf("after disable: %v %q", r.Err, text(r))
	}
	// And cells run without it.
	if _, r := run(t, s.e, "k + 1"); text(r) != "4" {
		t.Fatalf("%q", text(r))
	}
}

func TestDebugPause(t *testing.T) {
	s := newDebugSession(t)
	// A breakpoint in a function: cells run under the debug hook.
	decl := "func never() {\n\tprintln(\"never\")\n}\n"
	run(t, s.e, decl)
	s.d.SetBreakpoints("key:"+decl, decl, []int{2})
	code := "fmt.Println(\"looping\")\nn := 0\nfor {\n\tn++\n\tif n < 0 {\n\t\tbreak\n\t}\n}\n"
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sink := &fakeSink{streamed: make(chan string, 10)}
	ch := make(chan cell.Result, 1)
	go func() { ch <- s.e.Execute(ctx, code, sink) }()
	<-sink.streamed // the loop's unit runs
	if err := s.d.Pause(1); err != nil {
		t.Fatal(err)
	}
	ev := s.stop()
	if ev.Reason != "pause" {
		t.Fatalf("%+v", ev)
	}
	if got := s.at(); len(got) != 1 || !strings.HasPrefix(got[0], "<cell> ") {
		t.Fatalf("stack %v", got)
	}
	if l := s.locals(); l["n"] == "" {
		t.Fatalf("locals %v", l)
	}
	cancel()
	if r := s.result(ch); r.Err == nil || r.Err.Name != "Interrupted" {
		t.Fatalf("%+v", r.Err)
	}
}

func TestDebugVariablesAndEvaluate(t *testing.T) {
	s := newDebugSession(t)
	run(t, s.e, "type pt struct {\n\tX float64\n\ty float64\n\tTags []string\n}\n")
	code := "p := &pt{X: 1.5, y: 2, Tags: []string{\"a\", \"b\"}}\nm := map[string]int{\"one\": 1, \"two\": 2}\nbig := make([]float64, 1000000)\nz := p.X * 2\n"
	s.d.SetBreakpoints("key:"+code, code, []int{4})
	ch, _ := s.start(context.Background(), code)
	s.stop()
	fs, _ := s.d.StackTrace(1)
	sc, _ := s.d.Scopes(fs[0].ID)
	vs, _ := s.d.Variables(sc[0].Ref, 0, 0)
	byName := map[string]DebugVar{}
	for _, v := range vs {
		byName[v.Name] = v
	}
	p := byName["p"]
	if p.Type != "*main.pt" || p.Ref == 0 || !strings.Contains(p.Value, "X:1.5") || !strings.Contains(p.Value, "y:2") {
		t.Fatalf("p: %+v", p)
	}
	star, _ := s.d.Variables(p.Ref, 0, 0)
	if len(star) != 1 || star[0].Ref == 0 {
		t.Fatalf("*p: %+v", star)
	}
	fields, _ := s.d.Variables(star[0].Ref, 0, 0)
	if len(fields) != 3 || fields[0].Name != "X" || fields[1].Name != "y" || fields[1].Value != "2" || fields[2].Indexed != 2 {
		t.Fatalf("fields: %+v", fields)
	}
	tags, _ := s.d.Variables(fields[2].Ref, 0, 0)
	if len(tags) != 2 || tags[1].Value != `"b"` {
		t.Fatalf("tags: %+v", tags)
	}
	m := byName["m"]
	kv, _ := s.d.Variables(m.Ref, 0, 0)
	if m.Named != 2 || len(kv) != 2 || kv[0].Name != `"one"` || kv[0].Value != "1" {
		t.Fatalf("m: %+v %+v", m, kv)
	}
	big := byName["big"]
	if big.Indexed != 1000000 || len(big.Value) > 200 {
		t.Fatalf("big: %+v", big)
	}
	page, _ := s.d.Variables(big.Ref, 999998, 10)
	if len(page) != 2 || page[1].Name != "999999" {
		t.Fatalf("page: %+v", page)
	}
	for expr, want := range map[string]string{
		"p.X * 2":                 "3",
		"len(big)":                "1000000",
		"m[\"two\"] + 40":         "42",
		"math.Sqrt(p.y * 8)":      "4",
		"p.Tags[0] + \"!\"":       `"a!"`,
		"float64(m[\"one\"]) / 4": "0.25",
	} {
		v, err := s.d.Evaluate(fs[0].ID, expr)
		if err != nil || v.Value != want {
			t.Errorf("%s = %+v, %v; want %s", expr, v, err, want)
		}
	}
	if _, err := s.d.Evaluate(fs[0].ID, "nosuch + 1"); err == nil || !strings.Contains(err.Error(), "undefined: nosuch") {
		t.Errorf("undefined name: %v", err)
	}
	if _, err := s.d.Evaluate(fs[0].ID, "p.("); err == nil {
		t.Errorf("syntax error accepted")
	}
	s.d.Continue(1)
	s.result(ch)
	// Idle: the session's variables, without a stop.
	vars, fresh := s.d.Inspect()
	names := map[string]DebugVar{}
	for _, v := range vars {
		names[v.Name] = v
	}
	if !fresh || names["z"].Value != "3" || names["big"].Indexed != 1000000 || names["p"].Type != "*main.pt" {
		t.Fatalf("inspect: %v %+v", fresh, vars)
	}
}

// TestDebugPauseWithoutHook: with no breakpoint that can stop it, a cell
// runs without yaegi's (slow) debug hook and cannot be paused; the pause
// then stops the next unit to start, at its first statement.
func TestDebugPauseWithoutHook(t *testing.T) {
	s := newDebugSession(t)
	if err := s.d.Pause(1); err != ErrNoHook {
		t.Fatalf("pause with no cell: %v", err)
	}
	ch, _ := s.start(context.Background(), "a := 1\nb := a + 1\nb")
	if ev := s.stop(); ev.Reason != "pause" {
		t.Fatalf("%+v", ev)
	}
	if got := strings.Join(s.at(), ","); got != "<cell> 1" {
		t.Fatalf("stack %v", got)
	}
	s.d.Continue(1)
	if r := s.result(ch); r.Err != nil || text(r) != "2" {
		t.Fatalf("%v %q", r.Err, text(r))
	}
}

// TestDebugOutputWhileStopped: while the cell's main statements are
// stopped at a breakpoint, a goroutine it started goes on: its printed
// lines and its progress bar's display updates arrive before the cell
// continues.
func TestDebugOutputWhileStopped(t *testing.T) {
	s := newDebugSession(t)
	if _, r := run(t, s.e, `import "github.com/gophernote/gophernote/kernel/display"`); r.Err != nil {
		t.Fatal(r.Err)
	}
	code := "done := make(chan bool)\nbar := display.NewProgress(3, \"ticks\")\ngo func() {\n\tfor i := 0; i < 3; i++ {\n\t\tfmt.Println(\"tick\", i)\n\t\tbar.Add(1)\n\t}\n\tfmt.Println(\"ticked\")\n\tdone <- true\n}()\n<-done\nbar.Done()\n"
	if bps := s.d.SetBreakpoints("key:"+code, code, []int{11}); !bps[0].Verified || bps[0].Line != 11 {
		t.Fatalf("breakpoint %+v", bps)
	}
	sink := &fakeSink{streamed: make(chan string, 10)}
	ch := make(chan cell.Result, 1)
	go func() { ch <- s.e.Execute(context.Background(), code, sink) }()
	s.stop()
	if got := s.at(); strings.Join(got, ",") != "<cell> 11" {
		t.Fatalf("stopped at %v", got)
	}
	// "ticked" is printed after the last bar.Add, so once it arrives every
	// update the goroutine makes has been sent (waiting for "tick 2" alone
	// raced the third Add).
	deadline := time.After(20 * time.Second)
	for !strings.Contains(sink.out(), "ticked\n") {
		select {
		case <-sink.streamed:
		case <-deadline:
			t.Fatalf("while stopped the goroutine printed %q", sink.out())
		}
	}
	sink.mu.Lock()
	shown := len(sink.displays)
	sink.mu.Unlock()
	t.Logf("%d display messages while stopped", shown)
	if shown < 2 { // the bar, then at least one update
		t.Errorf("while stopped: %d display messages, want the bar and its updates", shown)
	}
	select {
	case r := <-ch:
		t.Fatalf("the cell ended while stopped: %+v", r)
	default:
	}
	if err := s.d.Continue(1); err != nil {
		t.Fatal(err)
	}
	if r := s.result(ch); r.Err != nil {
		t.Fatal(r.Err)
	}
}
