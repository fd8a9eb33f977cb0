package monkeys

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/gophernote/gophernote/fitlib/passk"
	"github.com/gophernote/gophernote/fitlib/plots"
)

// renderPNG saves p as a 6x4 inch PNG (96 dpi at plots.DefaultDensity 2:
// 1152x768 pixels) and checks that it decodes with the
// expected size. Set MONKEYS_PLOT_DIR to keep the files for inspection.
func renderPNG(t *testing.T, p *plots.Figure, name string) {
	t.Helper()
	dir := os.Getenv("MONKEYS_PLOT_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	path := filepath.Join(dir, name+".png")
	if err := p.Save(path); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: not a PNG: %v", name, err)
	}
	if b := img.Bounds(); b.Dx() != 1152 || b.Dy() != 768 {
		t.Errorf("%s: %dx%d pixels", name, b.Dx(), b.Dy())
	}
}

func TestFigures(t *testing.T) {
	all := pythia(t)
	c, _ := passk.FindCounts(all, "Pythia 12B")
	p, err := PlotPerProblem(c, 40)
	if err != nil {
		t.Fatal(err)
	}
	renderPNG(t, p, "per_problem")
	if p.Plot.X.Scale == nil || p.Plot.Title.Text == "" || p.Plot.Y.Label.Text != "-log pass@k" {
		t.Error("per-problem plot lacks log axes or labels")
	}
	bb, err := FitBetaBinomial(c, MLEOptions{})
	if err != nil {
		t.Fatal(err)
	}
	kb, err := FitKumaraswamyBinomial(c, MLEOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, err = PlotHistogram(c, []Dist{bb.Dist, kb.Dist}, []string{"Beta-binomial MLE", "Kumaraswamy-binomial MLE"})
	if err != nil {
		t.Fatal(err)
	}
	renderPNG(t, p, "histogram")
	p, err = PlotDiagonal([]float64{0.2, 0.3, 0.37}, []float64{0.18, 0.33, 0.25}, []string{"a", "b", "c"}, "b", "least squares", "distributional")
	if err != nil {
		t.Fatal(err)
	}
	renderPNG(t, p, "diagonal")
	if _, err := PlotDiagonal([]float64{1}, nil, nil, "", "", ""); err == nil {
		t.Error("mismatched lengths must be an error")
	}
	ks := IntLogKs(1e4, 30)
	var demos []*Demo
	for _, d := range []Dist{{Family: FamilyDelta, P: 0.01}, {Family: FamilyUniform, Scale: 1}, {Family: FamilyBeta, Alpha: 0.3, Beta: 3, Scale: 1}} {
		demo, err := Demonstrate(d, ks, 20000, 1)
		if err != nil {
			t.Fatal(err)
		}
		demos = append(demos, demo)
	}
	p, err = PlotDemos(demos)
	if err != nil {
		t.Fatal(err)
	}
	renderPNG(t, p, "theorem")
	r := &BacktestResult{Estimators: Estimators(), SampleSizes: []int{10, 100, 1000},
		MedianRelErr: [][]float64{{0.5, 0.2, 0.05}, {0.3, 0.1, 0.02}, {0.4, 0.15, 0.03}}}
	p, err = PlotBacktest(r, "backtest")
	if err != nil {
		t.Fatal(err)
	}
	renderPNG(t, p, "backtest")
	ms, err := AnalyzeAll([]passk.Counts{c}, AnalyzeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, err = PlotCurves(ms, "curves")
	if err != nil {
		t.Fatal(err)
	}
	renderPNG(t, p, "curves")
	p, err = PlotBComparison(ms, "b")
	if err != nil {
		t.Fatal(err)
	}
	renderPNG(t, p, "b_comparison")
}
