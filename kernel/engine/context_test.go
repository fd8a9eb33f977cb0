package engine

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"

	"github.com/traefik/yaegi/interp"

	"github.com/gophernote/gophernote/kernel/display"
)

// ctxwork is a compiled test package that cells import as
// "gophernote.test/ctxwork": Work blocks until its context is done (like a
// long fitlib call given display.Context()), Progress a fitlib progress
// function that records the count reported.
type ctxwork struct {
	ticks   atomic.Int64 // Work's iterations
	counted atomic.Int64 // the last count Progress reported
	mu      sync.Mutex
	running int
	errs    []error // what each Work call returned
	ended   chan struct{}
}

func (w *ctxwork) work(ctx context.Context) error {
	w.mu.Lock()
	w.running++
	w.mu.Unlock()
	var err error
	for {
		if ctx.Err() != nil {
			err = fmt.Errorf("ctxwork: stopped after %d ticks: %w", w.ticks.Load(), ctx.Err())
			break
		}
		w.ticks.Add(1)
		time.Sleep(time.Millisecond)
	}
	w.mu.Lock()
	w.running--
	w.errs = append(w.errs, err)
	w.mu.Unlock()
	select {
	case w.ended <- struct{}{}:
	default:
	}
	return err
}

func (w *ctxwork) lastErr() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.errs) == 0 {
		return "none"
	}
	return w.errs[len(w.errs)-1].Error()
}

// useCtxwork installs the ctxwork package in e.
func useCtxwork(t *testing.T, e *Engine) *ctxwork {
	t.Helper()
	w := &ctxwork{ended: make(chan struct{}, 16)}
	const path = "gophernote.test/ctxwork"
	syms := map[string]reflect.Value{
		"Work":     reflect.ValueOf(w.work),
		"LastErr":  reflect.ValueOf(w.lastErr),
		"Progress": reflect.ValueOf(func(done, total int) { w.counted.Store(int64(done)) }),
	}
	if err := e.in.Use(interp.Exports{path + "/ctxwork": syms}); err != nil {
		t.Fatal(err)
	}
	e.syms[path] = syms
	e.names = packageNames(e.syms)
	return w
}

// waitFor polls cond for up to 10 s (liveness, not timing).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("after 10 s: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// interruptWhen runs code, cancels its context once started() holds and
// checks that the cell reports Interrupted.
func interruptWhen(t *testing.T, e *Engine, code string, started func() bool) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan cell.Result, 1)
	go func() { done <- e.Execute(ctx, code, &fakeSink{}) }()
	waitFor(t, "the cell's compiled work did not start", started)
	cancel()
	select {
	case r := <-done:
		if r.Err == nil || r.Err.Name != "Interrupted" {
			t.Fatalf("interrupted cell: got %+v, want Interrupted", r.Err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the interrupted cell did not return within 10 s")
	}
}

func TestContextInterruptStopsCompiledCall(t *testing.T) {
	e := newEngine(t)
	w := useCtxwork(t, e)
	run(t, e, `import "gophernote.test/ctxwork"`)
	interruptWhen(t, e, `err := ctxwork.Work(display.Context())
fmt.Println("not reached", err)`, func() bool { return w.ticks.Load() > 0 })
	select {
	case <-w.ended:
	case <-time.After(10 * time.Second):
		t.Fatalf("the compiled call still runs 10 s after the interrupt (%d ticks)", w.ticks.Load())
	}
	ticks := w.ticks.Load()
	time.Sleep(50 * time.Millisecond)
	if w.ticks.Load() != ticks {
		t.Error("the compiled call's work goes on after it returned")
	}
	// The cancellation is visible to the next cell, which gets a fresh,
	// live context.
	_, r := run(t, e, `ctxwork.LastErr()`)
	if got := text(r); !errorsIsCanceledText(got) {
		t.Errorf("LastErr() = %q, want a context canceled error", got)
	}
	_, r = run(t, e, `display.Context().Err() == nil`)
	if text(r) != "true" {
		t.Errorf("next cell: display.Context().Err() == nil is %q", text(r))
	}
	if c := display.Context(); c != context.Background() {
		t.Errorf("outside a cell display.Context() = %v, want context.Background()", c)
	}
}

func errorsIsCanceledText(s string) bool {
	return s != "none" && strings.Contains(s, context.Canceled.Error())
}

func TestContextCancelledWhenCellEnds(t *testing.T) {
	e := newEngine(t)
	w := useCtxwork(t, e)
	// A goroutine given the cell's context stops when the cell ends.
	run(t, e, `import "gophernote.test/ctxwork"
ctx := display.Context()
go ctxwork.Work(ctx)
time.Sleep(20 * time.Millisecond)`)
	select {
	case <-w.ended:
	case <-time.After(10 * time.Second):
		t.Fatal("work given the context of a finished cell still runs after 10 s")
	}
	if got := w.lastErr(); !errorsIsCanceledText(got) {
		t.Errorf("Work returned %q, want a context canceled error", got)
	}
	// A parent context that is already cancelled cancels the cell's.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := e.Execute(ctx, `display.Context().Err()`, &fakeSink{})
	if r.Err == nil || r.Err.Name != "Interrupted" {
		t.Errorf("cell run with a cancelled context: %+v", r)
	}
}

// TestContextStopsBootstrap interrupts a cell running a long
// chinchilla.Bootstrap on all cores: with Context: display.Context() the
// resamples stop soon after the interrupt instead of running on.
func TestContextStopsBootstrap(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a bootstrap")
	}
	e := newEngine(t)
	w := useCtxwork(t, e)
	run(t, e, `import (
	"gophernote.test/ctxwork"
	"github.com/gophernote/gophernote/fitlib/chinchilla"
)
p := chinchilla.Hoffmann()
var ns, ds, ls []float64
for i := 0; i < 60; i++ {
	n := 1e8 * math.Pow(1.25, float64(i%15))
	d := 2e9 * math.Pow(1.4, float64(i/4))
	ns, ds, ls = append(ns, n), append(ds, d), append(ls, p.Loss(n, d)*(1+0.01*math.Sin(float64(7*i))))
}
runs := &chinchilla.Runs{N: ns, D: ds, Loss: ls}
full := &chinchilla.LawFit{Params: p, Theta: p.ToTheta()}`)
	interruptWhen(t, e, `res, err := chinchilla.Bootstrap(runs, full, chinchilla.BootstrapOptions{Resamples: 100000, Context: display.Context(), Progress: ctxwork.Progress})
fmt.Println(res, err)`, func() bool { return w.counted.Load() > 0 })
	// The resamples stop: the counter settles well before the 100,000.
	var last int64 = -1
	waitFor(t, "bootstrap resamples still being counted", func() bool {
		n := w.counted.Load()
		if n == last {
			return true
		}
		last = n
		time.Sleep(300 * time.Millisecond)
		return false
	})
	if last >= 100000 {
		t.Fatalf("all %d resamples ran", last)
	}
	t.Logf("bootstrap stopped after %d resamples", last)
}
