package main

import (
	"context"
	"fmt"
	"math"
	"sync"
	"testing"

	"github.com/gophernote/gophernote/kernel/engine"
)

var tableBenchOnce sync.Once

// BenchmarkTableFilter times, in a notebook cell, selecting the rows of a
// 100,000-row fitlib/data table with the compiled expression path
// (t.Query("x > 0.5 and y < 2")) against the same selection with a cell
// closure (t.Filter(func(i int) bool {...}), one interpreted call per row),
// and prints `BENCH table-filter query=<s> closure=<s> ratio=<closure/query>`
// (fastest of 5 interleaved runs each). It checks both select the same rows.
func BenchmarkTableFilter(b *testing.B) {
	e, err := engine.New(engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	setup := `import "github.com/gophernote/gophernote/fitlib/data"
tb := data.NewTable("bench")
xs := make([]float64, 100000)
ys := make([]float64, 100000)
for i := range xs {
	xs[i] = float64(i%1000) / 1000
	ys[i] = float64(i%7) * 0.5
}
_ = tb.AddFloats("x", xs)
_ = tb.AddFloats("y", ys)`
	if r := e.Execute(context.Background(), setup, discard{}); r.Err != nil {
		b.Fatal(r.Err)
	}
	query := `q, _ := tb.Query("x > 0.5 and y < 2")
q.Len()`
	closure := `c := tb.Filter(func(i int) bool { return xs[i] > 0.5 && ys[i] < 2 })
c.Len()`
	run := func(cell string) string {
		r := e.Execute(context.Background(), cell, discard{})
		if r.Err != nil {
			b.Fatal(r.Err)
		}
		return fmt.Sprint(r.Value.Data["text/plain"])
	}
	if a, c := run(query), run(closure); a != c || a == "0" {
		b.Fatalf("query selected %s rows, closure %s", a, c)
	}
	for i := 0; i < b.N; i++ {
		run(query)
	}
	b.StopTimer()
	tableBenchOnce.Do(func() {
		q, c := math.Inf(1), math.Inf(1)
		for i := 0; i < 5; i++ {
			q = math.Min(q, seconds(func() { run(query) }))
			c = math.Min(c, seconds(func() { run(closure) }))
		}
		fmt.Printf("BENCH table-filter query=%.4f closure=%.4f ratio=%.1f\n", q, c, c/q)
	})
}
