package engine

import (
	"context"
	"runtime"
	"testing"
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
