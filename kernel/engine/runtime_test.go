package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
)

func TestInterrupt(t *testing.T) {
	e := newEngine(t)
	run(t, e, `kept := 41`)
	cells := map[string]string{
		"busy loop": `n := 0
for {
	n++
}`,
		"sleep":   `time.Sleep(time.Hour)`,
		"channel": `ch := make(chan int); <-ch`,
		"select":  `select {}`,
	}
	for name, code := range cells {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		r := e.Execute(ctx, code, &fakeSink{})
		cancel()
		if r.Err == nil || r.Err.Name != "Interrupted" {
			t.Fatalf("%s: got %+v, want Interrupted", name, r.Err)
		}
		// The next cell runs and sees earlier state.
		_, r = run(t, e, `kept + 1`)
		if text(r) != "42" {
			t.Errorf("%s: after interrupt kept+1 = %q", name, text(r))
		}
	}
}

func TestStdoutStreamsWhileRunning(t *testing.T) {
	e := newEngine(t)
	s := &fakeSink{streamed: make(chan string, 10)}
	done := make(chan cell.Result, 1)
	go func() {
		done <- e.Execute(context.Background(), `fmt.Println("first")
os.Stdout.Write([]byte("second\n"))
time.Sleep(300 * time.Millisecond)
fmt.Print("third")`, s)
	}()
	// Both early writes arrive (possibly coalesced) while the cell sleeps.
	got := ""
	for got != "first\nsecond\n" {
		select {
		case c := <-s.streamed:
			got += c
		case <-time.After(5 * time.Second):
			t.Fatalf("only %q reached the sink while the cell ran", got)
		}
	}
	select {
	case r := <-done:
		t.Fatalf("cell finished before its early output arrived: %+v", r)
	default:
	}
	r := <-done
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if out := s.out(); out != "first\nsecond\nthird" {
		t.Errorf("stdout %q", out)
	}
}

func TestOutputIsCoalescedInOrder(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `for i := range 1000 {
	fmt.Println(i)
}
fmt.Fprintln(os.Stderr, "err")
display.Markdown("md")
fmt.Println("after")`)
	var lines strings.Builder
	for i := range 1000 {
		fmt.Fprintln(&lines, i)
	}
	if s.out() != lines.String()+"after\n" || s.errText() != "err\n" {
		t.Errorf("stdout or stderr differ (stderr %q)", s.errText())
	}
	if len(s.chunks) > 10 {
		t.Errorf("1000 lines arrived in %d chunks, want a few", len(s.chunks))
	}
	// The text printed before the display call was delivered before it.
	if len(s.displays) != 1 || s.outAtDisplay != lines.String() {
		t.Errorf("%d displays; stdout before the display: %d bytes, want %d", len(s.displays), len(s.outAtDisplay), lines.Len())
	}
}

func TestStderrAndLog(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `fmt.Fprintln(os.Stderr, "to stderr")
log.SetFlags(0)
log.Println("logged")`)
	if got := s.errText(); got != "to stderr\nlogged\n" {
		t.Errorf("stderr %q", got)
	}
}

func TestStdin(t *testing.T) {
	e := newEngine(t)
	s := &fakeSink{inputs: []string{"7 8", "hello world"}}
	r := e.Execute(context.Background(), `var a, b int
fmt.Scan(&a, &b)
line, _ := bufio.NewReader(os.Stdin).ReadString('\n')
fmt.Println(a*b, strings.TrimSpace(line))`, s)
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if got := s.out(); got != "56 hello world\n" {
		t.Errorf("stdout %q", got)
	}
	// A front end that refuses stdin: the read fails with a clear error.
	s = &fakeSink{noInput: true}
	r = e.Execute(context.Background(), `var c int
_, err := fmt.Scan(&c)
fmt.Println(err)`, s)
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if got := s.out(); !strings.HasPrefix(got, "stdin is not available") || !strings.Contains(got, "input not allowed") {
		t.Errorf("refused stdin: %q", got)
	}
}

// A panic in a goroutine fails the cell that started it, in Go's words
// (in Go the program would die); the kernel keeps running. Once that cell
// has ended, the panic is printed on the stderr of the cell running then.
func TestGoroutinePanicIsReported(t *testing.T) {
	e := newEngine(t)
	err := runErr(t, e, `done := make(chan bool)
func work(xs []int, i int) int { return xs[i] }
go func() {
	defer close(done)
	work(nil, 5)
}()
<-done
time.Sleep(time.Minute)
fmt.Println("not reached")`)
	if err.Name != "Panic" || err.Value != "runtime error: index out of range [5] with length 0 [at 2:34 in the goroutine started at 3:1]" {
		t.Errorf("%s %q", err.Name, err.Value)
	}
	// A nil pointer dereference, with Go's words rather than reflect's,
	// also when the cell's statements have ended (wg.Done is deferred).
	err = runErr(t, e, `type T struct{ X []int }
var p *T
var wg sync.WaitGroup
wg.Add(1)
go func() {
	defer wg.Done()
	fmt.Println(len(p.X))
}()
wg.Wait()`)
	if err.Name != "Panic" || err.Value != "runtime error: invalid memory address or nil pointer dereference [in the goroutine started at 5:1]" {
		t.Errorf("%s %q", err.Name, err.Value)
	}
	// A goroutine that outlives its cell: its panic is printed.
	run(t, e, "release := make(chan bool)\ngo func() {\n\t<-release\n\tvar m map[string]int\n\tm[\"a\"] = 1\n}()")
	s, _ := run(t, e, "close(release)\ntime.Sleep(50 * time.Millisecond)\nfmt.Println(\"still alive\")")
	if got := s.out(); got != "still alive\n" {
		t.Errorf("stdout %q", got)
	}
	if got := s.errText(); !strings.HasPrefix(got, "panic in goroutine: assignment to entry in nil map (the goroutine started at cell 3, 2:1;") {
		t.Errorf("stderr %q", got)
	}
	// go with arguments: evaluated at the go statement (Go semantics).
	s, r := run(t, e, `res := make(chan int, 3)
func put(v int) { res <- v }
for i := 0; i < 3; i++ {
	go put(i * 10)
}
a, b, c := <-res, <-res, <-res
a + b + c`)
	if text(r) != "30" || s.errText() != "" {
		t.Errorf("go with arguments: value %q, stderr %q", text(r), s.errText())
	}
}

func TestPanicInCellIsRecovered(t *testing.T) {
	e := newEngine(t)
	err := runErr(t, e, `var m map[string]int
x := 1
m["a"] = x`)
	if err.Name != "Panic" || err.Value != "assignment to entry in nil map [at 3:1]" {
		t.Errorf("%s %q", err.Name, err.Value)
	}
	err = runErr(t, e, "n := 1\n\tstrings.Repeat(\"a\", -n)")
	if err.Value != "strings: negative Repeat count [at 2:2]" {
		t.Errorf("%s %q", err.Name, err.Value)
	}
	err = runErr(t, e, `var p *struct{ X int }
p.X`)
	if err.Name != "Panic" {
		t.Errorf("%s %q", err.Name, err.Value)
	}
}

func TestOutputAfterCellEnds(t *testing.T) {
	// Without an idle sink, late output goes to the most recent cell's sink.
	e := newEngine(t)
	s1 := &fakeSink{streamed: make(chan string, 4)}
	if r := e.Execute(context.Background(), `go func() {
	time.Sleep(50 * time.Millisecond)
	fmt.Println("late")
}()`, s1); r.Err != nil {
		t.Fatal(r.Err)
	}
	select {
	case got := <-s1.streamed:
		if got != "late\n" {
			t.Errorf("late output %q", got)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("late output lost")
	}

	// With an idle sink, it goes there.
	idle := &fakeSink{streamed: make(chan string, 4)}
	e2, err := New(Options{Idle: idle})
	if err != nil {
		t.Fatal(err)
	}
	defer e2.Close()
	s2 := &fakeSink{}
	if r := e2.Execute(context.Background(), `go func() {
	time.Sleep(50 * time.Millisecond)
	display.Markdown("late")
	fmt.Println("idle")
}()`, s2); r.Err != nil {
		t.Fatal(r.Err)
	}
	select {
	case got := <-idle.streamed:
		if got != "idle\n" || s2.out() != "" || len(idle.displays) != 1 || len(s2.displays) != 0 {
			t.Errorf("idle got %q and %d displays, cell sink %q and %d", got, len(idle.displays), s2.out(), len(s2.displays))
		}
	case <-time.After(5 * time.Second):
		t.Fatal("late output not sent to the idle sink")
	}
}

func TestClose(t *testing.T) {
	e, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	e.Close()
	e.Close() // idempotent
	r := e.Execute(context.Background(), "1", &fakeSink{})
	if r.Err == nil || r.Err.Name != "EngineClosed" {
		t.Errorf("after Close: %+v", r)
	}

	// Close does not wait for a running cell.
	e2, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := &fakeSink{streamed: make(chan string, 1)}
	done := make(chan cell.Result, 1)
	go func() { done <- e2.Execute(ctx, "fmt.Println(\"started\")\nfor {\n}", s) }()
	<-s.streamed
	closed := make(chan struct{})
	go func() { e2.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(5 * time.Second):
		t.Fatal("Close blocked on the running cell")
	}
	cancel()
	if r := <-done; r.Err == nil || r.Err.Name != "Interrupted" {
		t.Errorf("running cell: %+v", r.Err)
	}
}

func TestOsExitStopsOnlyTheCell(t *testing.T) {
	e := newEngine(t)
	err := runErr(t, e, "fmt.Println(1)\nos.Exit(3)")
	if err.Name != "Exit" || err.Value != "exit status 3" {
		t.Errorf("%s %q", err.Name, err.Value)
	}
	_, r := run(t, e, "2")
	if text(r) != "2" {
		t.Errorf("after os.Exit: %q", text(r))
	}
}

func TestTopLevelDeferRunsOnceAtCellEnd(t *testing.T) {
	e := newEngine(t)
	s, _ := run(t, e, `n := 1
defer fmt.Println("deferred", n)
n = 2
defer fmt.Println("second")
fmt.Println("body", n)`)
	if got := s.out(); got != "body 2\nsecond\ndeferred 1\n" {
		t.Errorf("stdout %q", got)
	}
	s, _ = run(t, e, `func later() {}`)
	if s.out() != "" {
		t.Errorf("a later cell re-ran deferred calls: %q", s.out())
	}
	err := runErr(t, e, `defer func() { panic("in defer") }()`)
	if err.Name != "Panic" || !strings.HasPrefix(err.Value, "in defer") {
		t.Errorf("%s %q", err.Name, err.Value)
	}
	// Deferred calls run after a panic too, and can be interrupted.
	s = &fakeSink{}
	r := e.Execute(context.Background(), "defer fmt.Println(\"cleanup\")\npanic(\"fail\")", s)
	if r.Err == nil || r.Err.Name != "Panic" || s.out() != "cleanup\n" {
		t.Errorf("%+v %q", r.Err, s.out())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	r = e.Execute(ctx, "defer func() {\n\tfor {\n\t}\n}()", &fakeSink{})
	if r.Err == nil || r.Err.Name != "Interrupted" {
		t.Errorf("looping deferred call: %+v", r.Err)
	}
}

func TestInterruptedSleepEnds(t *testing.T) {
	e := newEngine(t)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	r := e.Execute(ctx, `time.Sleep(time.Hour)`, &fakeSink{})
	if r.Err == nil || r.Err.Name != "Interrupted" {
		t.Fatalf("%+v", r.Err)
	}
	// The evaluation goroutine is gone, not parked in the sleep.
	if !drain(2 * time.Second) {
		t.Errorf("%d evaluations still running after the interrupt", runningEvals())
	}
	// time.Sleep still sleeps.
	start := time.Now()
	run(t, e, `time.Sleep(30 * time.Millisecond)`)
	if time.Since(start) < 30*time.Millisecond {
		t.Error("time.Sleep returned early")
	}
}

func TestRunawayRecursionIsAPanic(t *testing.T) {
	e := newEngine(t)
	err := runErr(t, e, "func down(n int) int {\n\treturn down(n+1) + 1\n}\ndown(0)")
	if err.Name != "Panic" || !strings.HasPrefix(err.Value, "recursion in down deeper than 50000 calls is past the gophernote interpreter's limit") {
		t.Errorf("%s %q", err.Name, err.Value)
	}
	// Mutual recursion and recursive closures too.
	err = runErr(t, e, "func ping(n int) int { return pong(n + 1) }\nfunc pong(n int) int { return ping(n + 1) }\nping(0)")
	if !strings.HasPrefix(err.Value, "recursion in p") {
		t.Errorf("%s %q", err.Name, err.Value)
	}
	err = runErr(t, e, "var loop func() int\nloop = func() int { return loop() }\nloop()")
	if !strings.HasPrefix(err.Value, "recursion in loop") {
		t.Errorf("%s %q", err.Name, err.Value)
	}
	// Legitimate recursion works, and the depth count is back to zero.
	_, r := run(t, e, "func fib(n int) int {\n\tif n < 2 {\n\t\treturn n\n\t}\n\treturn fib(n-1) + fib(n-2)\n}\nfib(20)")
	if text(r) != "6765" || e.depth.n.Load() > 0 {
		t.Errorf("fib(20) = %q, depth %d", text(r), e.depth.n.Load())
	}
}
