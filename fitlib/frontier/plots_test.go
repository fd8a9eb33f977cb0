package frontier

import (
	"bytes"
	"image/png"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/gophernote/gophernote/fitlib/internal/report"
	"github.com/gophernote/gophernote/fitlib/plots"
)

// render draws p to PNG and decodes it back, checking the size.
func render(t *testing.T, p *plots.Figure, name string) {
	t.Helper()
	raw, err := p.PNG()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("%s: decode: %v", name, err)
	}
	if b := img.Bounds(); b.Dx() != 1152 || b.Dy() != 768 { // 6x4 inches at 96 dpi, two pixels per layout pixel
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
	var models []*MethodFit
	for _, m := range Methods() {
		mod, err := FitMethod(m, z, y, MethodOptions{})
		if err != nil {
			t.Fatal(err)
		}
		models = append(models, mod)
	}
	band, err := Bootstrap(z, y, models[0].Sigmoid, BootstrapOptions{Resamples: 20, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	p, err := PlotFrontier(pts, models, band)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Plot.Title.Text, "synthetic") || p.Plot.X.Label.Text != "log10 pre-training compute (FLOPs)" || p.Plot.Y.Min != 0 || p.Plot.Y.Max != 1 {
		t.Fatalf("frontier plot: %q %q %v..%v", p.Plot.Title.Text, p.Plot.X.Label.Text, p.Plot.Y.Min, p.Plot.Y.Max)
	}
	render(t, p, "frontier")

	rows, err := BacktestTemporal(pts, TemporalOptions{Periods: DefaultPeriods()[:3]})
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

// TestMIMEBundles: fits, bootstraps and reports show tables whose
// text/plain view is text (rule R3).
func TestMIMEBundles(t *testing.T) {
	z, y, _ := synthetic(5, 400, steep, 0.03)
	r, err := Fit(z, y, Options{Resamples: 20, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Bootstrap(z, y, r, BootstrapOptions{Resamples: 20, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	m, err := FitMethod(MethodConstant, z, y, MethodOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pts := &Points{Task: "synthetic", Z: z, Y: y}
	rep, err := AnalyzePoints(pts, AnalyzeOptions{Fit: Options{Resamples: 20}})
	if err != nil {
		t.Fatal(err)
	}
	study := &BudgetStudy{Task: "synthetic", Points: pts, Full: r, Curve: []BudgetPoint{{Fraction: 0.1, Gap: 0.01}}}
	for name, v := range map[string]interface{ MIMEBundle() map[string]string }{"Result": r, "BootstrapResult": b, "MethodFit": m, "TaskReport": rep, "BudgetStudy": study} {
		if err := report.Check(v.MIMEBundle()); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
