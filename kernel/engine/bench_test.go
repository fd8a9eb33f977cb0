package engine

import (
	"context"
	"fmt"
	"runtime"
	"slices"
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

// BenchmarkDebuggerOnLoop runs the 3M-iteration interpreted loop of
// interp-loop-3M with the debugger off and on, in alternation on one
// engine, and prints
//
//	BENCH debugger-on-loop off=S on=S ratio=R
//	BENCH debugger-hook-loop off=S on=S ratio=R
//
// debugger-on-loop: on with no breakpoint (medians of 3 runs; the cell
// runs without yaegi's debug hook, see debug.go). debugger-hook-loop: on
// with a breakpoint in a function the loop never calls, so the loop runs
// under the hook (one run: yaegi looks up the next node at every step).
func BenchmarkDebuggerOnLoop(b *testing.B) {
	e, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	const loop = "s := 0.0\nfor i := 0; i < 3000000; i++ { s += 1.5 }\ns"
	const decl = "func unused() {\n\tprintln()\n}\n"
	ctx := context.Background()
	runOnce := func(code string) float64 {
		t0 := time.Now()
		r := e.Execute(ctx, code, &fakeSink{})
		if r.Err != nil || code == loop && (r.Value == nil || r.Value.Data["text/plain"] != "4.5e+06") {
			b.Fatalf("loop: %v %v", r.Err, r.Value)
		}
		return time.Since(t0).Seconds()
	}
	runOnce(decl)
	d := e.Debugger()
	on := func() { d.Enable(func(c string) string { return c }, func(DebugEvent) {}) }
	var off, onNoBP, offHook, hook []float64
	for b.Loop() {
		for range 3 {
			off = append(off, runOnce(loop))
			on()
			onNoBP = append(onNoBP, runOnce(loop))
			d.Disable()
		}
		offHook = append(offHook, runOnce(loop))
		on()
		d.SetBreakpoints(decl, decl, []int{2})
		hook = append(hook, runOnce(loop))
		d.Disable()
	}
	mo, mn := median(off), median(onNoBP)
	fmt.Printf("BENCH debugger-on-loop off=%.4f on=%.4f ratio=%.3f\n", mo, mn, mn/mo)
	ho, hn := median(offHook), median(hook)
	fmt.Printf("BENCH debugger-hook-loop off=%.4f on=%.4f ratio=%.3f\n", ho, hn, hn/ho)
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[len(s)/2]
}

// BenchmarkMono measures the cost of monomorphization (fix_mono.go) side
// by side. A session with generic code checks every cell twice (as
// written and specialized) and prepares it twice: the same trivial cell
// runs in a session without generics and in one with a generic
// declared. And a specialized generic runs as the same function written
// without type parameters: a 1,000,000-element sum through Sum[float64]
// and through sumFloat64. It prints BENCH lines.
func BenchmarkMono(b *testing.B) {
	engines := [2]*Engine{}
	for i := range engines {
		e, err := New(Options{})
		if err != nil {
			b.Fatal(err)
		}
		defer e.Close()
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
	run(engines[0], "x := 0\nxs := make([]float64, 1_000_000)\nfunc sumFloat64(xs []float64) float64 {\n\tvar t float64\n\tfor _, x := range xs {\n\t\tt += x\n\t}\n\treturn t\n}")
	run(engines[1], "x := 0\nxs := make([]float64, 1_000_000)\nfunc Sum[T ~int | ~float64](xs []T) T {\n\tvar t T\n\tfor _, x := range xs {\n\t\tt += x\n\t}\n\treturn t\n}\nSum(xs)")
	var plainCell, monoCell, plainSum, monoSum []time.Duration
	i := 0
	for b.Loop() {
		// Alternate which runs first.
		if i++; i%2 == 0 {
			plainCell = append(plainCell, run(engines[0], "x = x + 1\nx"))
			monoCell = append(monoCell, run(engines[1], "x = x + 1\nx"))
		} else {
			monoCell = append(monoCell, run(engines[1], "x = x + 1\nx"))
			plainCell = append(plainCell, run(engines[0], "x = x + 1\nx"))
		}
		plainSum = append(plainSum, run(engines[0], "sumFloat64(xs)"))
		monoSum = append(monoSum, run(engines[1], "Sum(xs)"))
	}
	med := func(ds []time.Duration) float64 {
		slices.Sort(ds)
		return ds[len(ds)/2].Seconds()
	}
	pc, mc, ps, msum := med(plainCell), med(monoCell), med(plainSum), med(monoSum)
	fmt.Printf("BENCH mono-cell plain=%.5fs generic-session=%.5fs ratio=%.2f (medians)\n", pc, mc, mc/pc)
	fmt.Printf("BENCH mono-sum-1M plain=%.4fs specialized=%.4fs ratio=%.2f (medians)\n", ps, msum, msum/ps)
}
