package frontier

import (
	"bytes"
	"image/png"
	"math"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// render draws p to PNG and decodes it back, checking the size.
func render(t *testing.T, p *plot.Plot, name string) {
	t.Helper()
	w, err := p.WriterTo(6*vg.Inch, 4*vg.Inch, "png")
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatalf("%s: decode: %v", name, err)
	}
	if b := img.Bounds(); b.Dx() != 576 || b.Dy() != 384 { // 6x4 inches at gonum's default 96 dpi
		t.Fatalf("%s: %v", name, b)
	}
}

// TestFiguresRender builds every figure from synthetic fits and renders it
// to PNG; titles, axis labels and ranges are checked.
func TestFiguresRender(t *testing.T) {
	z, y, _ := synthetic(71, 400, wide, 0.1)
	pts := &Points{Task: "synthetic", Z: z, Y: y}
	for i := range z {
		pts.FLOPs = append(pts.FLOPs, math.Pow(10, z[i]))
		pts.Names = append(pts.Names, "m")
		pts.Lines = append(pts.Lines, i+2)
		pts.Dates = append(pts.Dates, time.Date(2024, time.Month(1+i%12), 1, 0, 0, 0, 0, time.UTC))
	}
	var models []*Model
	for _, m := range Methods() {
		mod, err := FitMethod(m, z, y, Options{}, BaselineOptions{})
		if err != nil {
			t.Fatal(err)
		}
		models = append(models, mod)
	}
	band, err := Bootstrap(z, y, models[0].Sigmoid, BootstrapOptions{Replicates: 20, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	p, err := PlotFrontier(pts, models, band)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Title.Text, "synthetic") || p.X.Label.Text != "log10 pre-training compute (FLOPs)" || p.Y.Min != 0 || p.Y.Max != 1 {
		t.Fatalf("frontier plot: %q %q %v..%v", p.Title.Text, p.X.Label.Text, p.Y.Min, p.Y.Max)
	}
	render(t, p, "frontier")

	rows, err := Temporal(pts, TemporalOptions{Periods: DefaultPeriods()[:3]})
	if err != nil {
		t.Fatal(err)
	}
	pc, err := PlotCoverage(rows)
	if err != nil {
		t.Fatal(err)
	}
	render(t, pc, "coverage")

	cost := make([]float64, len(z))
	for i := range cost {
		cost[i] = 1
	}
	sel, err := Design(models[0].Sigmoid.Params, z, cost, DesignOptions{Budget: 40})
	if err != nil {
		t.Fatal(err)
	}
	pd, err := PlotDesign(pts, sel.Indices, models[0].Sigmoid.Params, "design")
	if err != nil {
		t.Fatal(err)
	}
	render(t, pd, "design")
	if _, err := PlotDesign(pts, []int{-1}, models[0].Sigmoid.Params, "bad"); err == nil {
		t.Fatal("out-of-range selection accepted")
	}

	pb, err := PlotBudget("synthetic", []BudgetPoint{{Fraction: 0.1, Gap: 0.05, BalancedGap: 0.03, RandomGap: 0.02, RandomGapSD: 0.01},
		{Fraction: 0.5, Gap: 0.01, BalancedGap: math.NaN(), RandomGap: 0.01, RandomGapSD: 0.005}})
	if err != nil {
		t.Fatal(err)
	}
	render(t, pb, "budget")
	if _, err := PlotBudget("x", nil); err == nil {
		t.Fatal("empty budget plot accepted")
	}
}
