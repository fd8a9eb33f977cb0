package display

import (
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"gonum.org/v1/plot"
)

var plotBenchOnce sync.Once

// BenchmarkPlotPNG renders a 10,000-point log-log line plot to a PNG
// bundle and prints `BENCH plot-png gophernote=<s>` (median of 5 renders).
func BenchmarkPlotPNG(b *testing.B) {
	p := linePlot(b, 10000)
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{}, plot.LogTicks{}
	render := func() {
		bun, err := PlotBundle(p, PNGOnly())
		if err != nil {
			b.Fatal(err)
		}
		if _, ok := bun.Data["image/png"]; !ok {
			b.Fatal("no PNG")
		}
	}
	for i := 0; i < b.N; i++ {
		render()
	}
	b.StopTimer()
	plotBenchOnce.Do(func() {
		var ts []float64
		for i := 0; i < 5; i++ {
			t0 := time.Now()
			render()
			ts = append(ts, time.Since(t0).Seconds())
		}
		sort.Float64s(ts)
		fmt.Printf("BENCH plot-png gophernote=%.4f\n", ts[len(ts)/2])
	})
}
