package engine

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"
)

// BenchmarkNew measures engine start-up (the kernel answers kernel_info
// after it).
func BenchmarkNew(b *testing.B) {
	for b.Loop() {
		e, err := New(Options{})
		if err != nil {
			b.Fatal(err)
		}
		e.Close()
	}
}

// BenchmarkExecuteTrivial measures a trivial cell and the live heap each
// cell leaves behind (yaegi keeps every evaluated cell: issue #1678),
// reported as retained-B/cell over the run.
func BenchmarkExecuteTrivial(b *testing.B) {
	e, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	ctx := context.Background()
	s := &fakeSink{}
	e.Execute(ctx, "x := 0", s)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	n := 0
	for b.Loop() {
		if r := e.Execute(ctx, "x = x + 1\nx", s); r.Err != nil {
			b.Fatal(r.Err)
		}
		n++
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/float64(n), "retained-B/cell")
}

// BenchmarkHelpersFirstUse measures the lazy cost of the interpreted
// generic helpers (min/max, slices.*) the first time a session uses them.
func BenchmarkHelpersFirstUse(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		e, err := New(Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if r := e.Execute(context.Background(), "min(1, 2) + slices.Max([]int{3})", &fakeSink{}); r.Err != nil {
			b.Fatal(r.Err)
		}
		b.StopTimer()
		e.Close()
		b.StartTimer()
	}
}

// BenchmarkIndexCheck measures the cost of the index check
// (fix_indexcheck.go) side by side: the same 1,000,000-element sum with
// a loop the engine proves in range (no check) and one it cannot (a check
// per element). It prints a BENCH line.
func BenchmarkIndexCheck(b *testing.B) {
	e, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	ctx := context.Background()
	run := func(code string) time.Duration {
		t0 := time.Now()
		if r := e.Execute(ctx, code, &fakeSink{}); r.Err != nil {
			b.Fatal(r.Err)
		}
		return time.Since(t0)
	}
	run("xs := make([]float64, 1_000_000)\nfunc sumSafe(xs []float64) float64 { t := 0.0; for i := 0; i < len(xs); i++ { t += xs[i] }; return t }\nfunc sumChecked(xs []float64) float64 { t := 0.0; for i := 0; i <= len(xs)-1; i++ { t += xs[i] }; return t }")
	var safe, checked time.Duration
	for b.Loop() {
		safe += run("sumSafe(xs)")
		checked += run("sumChecked(xs)")
	}
	fmt.Printf("BENCH index-check unchecked=%.3fs checked=%.3fs ratio=%.2f\n", safe.Seconds()/float64(b.N), checked.Seconds()/float64(b.N), checked.Seconds()/safe.Seconds())
}

// BenchmarkPanicPos measures the cost of recording statement positions
// for panics (fix_panicpos.go) side by side: the same function, a loop
// of 1,000,000 statements that may panic (an index: the cheapest such statement, so the worst case), on an
// engine that records them and one that does not. It prints a BENCH line.
func BenchmarkPanicPos(b *testing.B) {
	engines := [2]*Engine{}
	for i := range engines {
		e, err := New(Options{})
		if err != nil {
			b.Fatal(err)
		}
		defer e.Close()
		e.panicPos.off = i == 0
		engines[i] = e
	}
	ctx := context.Background()
	run := func(e *Engine, code string) time.Duration {
		t0 := time.Now()
		if r := e.Execute(ctx, code, &fakeSink{}); r.Err != nil {
			b.Fatal(r.Err)
		}
		return time.Since(t0)
	}
	for _, e := range engines {
		run(e, "xs := make([]float64, 1_000_000)\nfunc sum(xs []float64) float64 {\n\tt := 0.0\n\tfor i := 0; i < len(xs); i++ {\n\t\tt += xs[i]\n\t}\n\treturn t\n}")
	}
	var plain, marked time.Duration
	for b.Loop() {
		plain += run(engines[0], "sum(xs)")
		marked += run(engines[1], "sum(xs)")
	}
	fmt.Printf("BENCH panicpos plain=%.3fs marked=%.3fs ratio=%.2f\n", plain.Seconds()/float64(b.N), marked.Seconds()/float64(b.N), marked.Seconds()/plain.Seconds())
}
