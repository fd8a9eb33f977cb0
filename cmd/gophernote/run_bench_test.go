package main

import (
	"context"
	"fmt"
	"math"
	"sync"
	"testing"
	"time"

	"gonum.org/v1/gonum/floats"

	"github.com/gophernote/gophernote/kernel/display"
	"github.com/gophernote/gophernote/kernel/engine"
)

// discard is an cell.Sink that drops everything.
type discard struct{}

func (discard) Stream(string, string)              {}
func (discard) Display(display.Bundle, bool)       {}
func (discard) Clear(bool)                         {}
func (discard) Input(string, bool) (string, error) { return "", nil }

var callBenchOnce sync.Once

// BenchmarkCellCallOverhead times a cell that calls the compiled
// floats.Dot 100 times on 1e6 points against the same loop in compiled Go,
// and prints `BENCH cell-call-overhead gophernote=<s> compiled=<s>
// ratio=<x>` (fastest of 7 interleaved runs each, the
// least noisy estimate on a shared machine).
func BenchmarkCellCallOverhead(b *testing.B) {
	e, err := engine.New(engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	setup := `import "gonum.org/v1/gonum/floats"
xs := make([]float64, 1000000)
for i := range xs {
	xs[i] = float64(i%7) * 0.5
}`
	if r := e.Execute(context.Background(), setup, discard{}); r.Err != nil {
		b.Fatal(r.Err)
	}
	cell := `dot := 0.0
for r := 0; r < 100; r++ {
	dot += floats.Dot(xs, xs)
}
dot`
	xs := make([]float64, 1000000)
	for i := range xs {
		xs[i] = float64(i%7) * 0.5
	}
	var want float64
	compiled := func() {
		dot := 0.0
		for r := 0; r < 100; r++ {
			dot += floats.Dot(xs, xs)
		}
		want = dot
	}
	interpreted := func() {
		r := e.Execute(context.Background(), cell, discard{})
		if r.Err != nil {
			b.Fatal(r.Err)
		}
		compiled()
		if got := r.Value.Data["text/plain"]; got != fmt.Sprint(want) {
			b.Fatalf("cell computed %v, compiled %v", got, want)
		}
	}
	for i := 0; i < b.N; i++ {
		interpreted()
	}
	b.StopTimer()
	callBenchOnce.Do(func() {
		gn, co := math.Inf(1), math.Inf(1)
		for i := 0; i < 7; i++ {
			gn = math.Min(gn, seconds(func() {
				if r := e.Execute(context.Background(), cell, discard{}); r.Err != nil {
					b.Fatal(r.Err)
				}
			}))
			co = math.Min(co, seconds(compiled))
		}
		fmt.Printf("BENCH cell-call-overhead gophernote=%.4f compiled=%.4f ratio=%.3f\n", gn, co, gn/co)
	})
}

func seconds(f func()) float64 {
	t0 := time.Now()
	f()
	return time.Since(t0).Seconds()
}
