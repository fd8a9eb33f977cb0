package geneval

import (
	"bytes"
	"image/png"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// render draws p to a 576x384 PNG and decodes it again.
func render(t *testing.T, name string, p *plot.Plot, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	c := vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(6*vg.Inch, 4*vg.Inch), vgimg.UseDPI(96))}
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatalf("%s: not a PNG: %v", name, err)
	}
	if b := img.Bounds(); b.Dx() != 576 || b.Dy() != 384 {
		t.Errorf("%s: %v pixels", name, b)
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
		render(t, "law "+law, p, err)
		p, err = PlotParamVsK(g.Names[len(g.Names)-1], []*GridFit{g})
		render(t, "param "+law, p, err)
		bt, err := RunBacktest(b, gold, law, 1, []float64{1, 0.3, 0.1, 0.01})
		if err != nil {
			t.Fatal(err)
		}
		p, err = PlotStability(bt)
		render(t, "stability "+law, p, err)
		p, err = PlotBacktestError([]*Backtest{bt})
		render(t, "backtest "+law, p, err)
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

// TestDecadeTicks checks the log-axis ticks: every decade inside the
// range labelled, nothing outside it, minor ticks at 2..9 x.
func TestDecadeTicks(t *testing.T) {
	var labels []string
	for _, tk := range (decadeTicks{}).Ticks(1e17, 1e27) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
			if e := math.Log10(tk.Value); e != math.Round(e) {
				t.Errorf("labelled tick %v is not a decade", tk.Value)
			}
		}
	}
	if got := strings.Join(labels, " "); got != "1e17 1e18 1e19 1e20 1e21 1e22 1e23 1e24 1e25 1e26 1e27" {
		t.Errorf("labels %s", got)
	}
	if n := len((decadeTicks{}).Ticks(1e-4, 1)); n != 37 {
		t.Errorf("1e-4..1: %d ticks, want 4 decades x 9 + 1 = 37", n)
	}
	if (decadeTicks{}).Ticks(0, 1) != nil {
		t.Error("ticks for a range starting at 0")
	}
	labels = nil
	for _, tk := range (decadeTicks{}).Ticks(0.002, 300) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if got := strings.Join(labels, " "); got != "0.01 0.1 1 10 100" {
		t.Errorf("labels %s", got)
	}
}
