package geneval

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"gonum.org/v1/plot"

	"github.com/gophernote/gophernote/fitlib/plots"
)

// render draws f to a 1152x768 PNG (576x384 at plots.DefaultDensity 2), decodes it again and checks that both
// axes carry at least two tick labels over the drawn range.
func render(t *testing.T, name string, f *plots.Figure, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	b, err := f.PNG()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: not a PNG: %v", name, err)
	}
	if b := img.Bounds(); b.Dx() != 1152 || b.Dy() != 768 {
		t.Errorf("%s: %v pixels", name, b)
	}
	for _, ax := range []*plot.Axis{&f.Plot.X, &f.Plot.Y} {
		n := 0
		for _, tk := range ax.Tick.Marker.Ticks(ax.Min, ax.Max) {
			if tk.Label != "" {
				n++
			}
		}
		if n < 2 {
			t.Errorf("%s: axis %q over [%g, %g] has %d tick labels", name, ax.Label.Text, ax.Min, ax.Max, n)
		}
	}
}

// TestPlotsRender renders every figure of the package from real fits.
func TestPlotsRender(t *testing.T) {
	b, err := LoadPythia("gsm8k")
	if err != nil {
		t.Fatal(err)
	}
	gold, err := LoadGold(GSM8KGold)
	if err != nil {
		t.Fatal(err)
	}
	ks := []int{1, 10, 100}
	for _, law := range Laws() {
		g, err := FitLawGrid(b, gold, law, ks, GridOptions{})
		if err != nil {
			t.Fatal(err)
		}
		p, err := PlotLawVsCompute(b, gold, g, ks)
		render(t, "law "+law.String(), p, err)
		p, err = PlotParamVsK(g.Names[len(g.Names)-1], []*GridFit{g})
		render(t, "param "+law.String(), p, err)
		bt, err := Backtest(b, gold, law, 1, BacktestOptions{Ratios: []float64{1, 0.3, 0.1, 0.01}})
		if err != nil {
			t.Fatal(err)
		}
		p, err = PlotStability(bt)
		render(t, "stability "+law.String(), p, err)
		p, err = PlotBacktestError([]*BacktestResult{bt})
		render(t, "backtest "+law.String(), p, err)
	}
	p, err := PlotCheckpointsPassAtK(b, 300e9, KGrid(10000))
	render(t, "pass@k", p, err)
	p, err = PlotEnvelope(hoffmann, 1e17, 1e27, []float64{0.5, 2})
	render(t, "envelope", p, err)
	p, err = PlotPhi(hoffmann, 0.1, 10)
	render(t, "phi", p, err)
	// Bad input is an error, not a panic.
	if _, err := PlotEnvelope(hoffmann, 0, 1e20, nil); err == nil {
		t.Error("PlotEnvelope accepted cmin = 0")
	}
	if _, err := PlotPassAtK("x", []int{1, 2}, [][]float64{{0.1}}, []string{"a"}); err == nil || !strings.Contains(err.Error(), `"a"`) {
		t.Errorf("short curve: %v", err)
	}
	if _, err := PlotCheckpointsPassAtK(b, 123, ks); err == nil {
		t.Error("no checkpoint at 123 tokens: want an error")
	}
}
