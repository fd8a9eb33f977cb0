package plots

import (
	"image/color"
	"math"
	"math/rand"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// lossCurve is a Chinchilla-like loss over 30 model sizes: it spans less
// than one decade of loss, the case gonum's log ticks leave unlabelled.
func lossCurve() (n, loss, lo, hi []float64) {
	n, _ = GeomSpace(1e7, 1e11, 30)
	for _, v := range n {
		l := 1.7 + 400*math.Pow(v, -0.34)
		loss, lo, hi = append(loss, l), append(lo, l*0.97), append(hi, l*1.03)
	}
	return
}

func labels(ts []plot.Tick) []string {
	var out []string
	for _, t := range ts {
		if t.Label != "" {
			out = append(out, t.Label)
		}
	}
	return out
}

func TestLogTicksReadableAtAnyRange(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   string
	}{
		{2.1, 3.9, "2.5 3 3.5"},                             // a loss curve: inside one decade
		{1.7, 3.3, "2 2.5 3"},                               // ditto
		{3e3, 5e4, "5000 10^{4} 2×10^{4} 5×10^{4}"},         // 1.2 decades: 1-2-5
		{1e7, 1e11, "10^{7} 10^{8} 10^{9} 10^{10} 10^{11}"}, // decades
		{1e-4, 1, "10^{-4} 0.001 0.01 0.1 1"},               // small numbers
		{2e6, 5e6, "2×10^{6} 3×10^{6} 4×10^{6} 5×10^{6}"},   // large, inside a decade
	} {
		got := strings.Join(labels(LogTicks{}.Ticks(c.lo, c.hi)), " ")
		if got != c.want {
			t.Errorf("LogTicks(%g, %g) labels %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
	// 25 decades: at most 8 labels, none written 1e+06.
	l := labels(LogTicks{}.Ticks(1e-3, 1e22))
	if len(l) > 9 || len(l) < 4 {
		t.Errorf("25 decades: %d labels %v", len(l), l)
	}
	for _, s := range l {
		if strings.Contains(s, "e+") || strings.Contains(s, "e-") {
			t.Errorf("label %q in e notation", s)
		}
	}
	if got := labels(LinearTicks{}.Ticks(-0.3, 0.25)); strings.Join(got, " ") != "-0.3 -0.2 -0.1 0 0.1 0.2" {
		t.Errorf("linear ticks around 0: %v", got)
	}
	for v, want := range map[float64]string{1e6: "10^{6}", 2.5e-4: "2.5×10^{-4}", -3e5: "-3×10^{5}", 0.001: "0.001", 9999: "9999", 0.1 + 0.2: "0.3"} {
		if got := TickLabel(v); got != want {
			t.Errorf("TickLabel(%g) = %q, want %q", v, got, want)
		}
	}
}

func TestGoldenLossCurve(t *testing.T) {
	n, loss, lo, hi := lossCurve()
	f := LogLog("loss curve", "parameters N", "loss")
	if err := f.Scatter("runs", n, loss); err != nil {
		t.Fatal(err)
	}
	if err := f.LineBand("fit ± 3%", n, loss, lo, hi); err != nil {
		t.Fatal(err)
	}
	if err := f.HLine("E = 1.7", 1.7, Style{Dashed: true}); err != nil {
		t.Fatal(err)
	}
	golden(t, "loss_curve", f)
	if strings.Join(f.Series, ",") != ",fit ± 3%,E = 1.7" && strings.Join(f.Series, ",") != "runs,,fit ± 3%,E = 1.7" {
		t.Errorf("series %q", f.Series)
	}
}

// TestGoldenBandTransparency: a band over white shows the palette colour
// at 25% opacity, and the golden comparison rejects an opaque band.
func TestGoldenBandTransparency(t *testing.T) {
	x := []float64{0, 1, 2, 3}
	mk := func(alpha float64) *Figure {
		f := New(Axes{Title: "band", Width: 4 * vg.Inch, Height: 3 * vg.Inch})
		if err := f.Band("interval", x, []float64{0, 1, 1, 0}, []float64{2, 3, 3, 2}, Style{Alpha: alpha}); err != nil {
			t.Fatal(err)
		}
		if err := f.Line("centre", x, []float64{1, 2, 2, 1}); err != nil {
			t.Fatal(err)
		}
		return f
	}
	f := mk(0)
	img := golden(t, "band", f)
	// The band's centre column at x = 1.5, y = 1.3 (inside the band, off the line).
	da := f.Plot.DataCanvas(draw.New(vgimg.NewWith(vgimg.UseWH(4*vg.Inch, 3*vg.Inch), vgimg.UseDPI(DefaultDPI))))
	tx, ty := f.Plot.Transforms(&da)
	p := tx(1.5)
	q := ty(1.3)
	dpi := float64(DefaultDPI*DefaultDensity) / 72 // PNG pixels per point
	px, py := int(float64(p)*dpi), img.Bounds().Dy()-int(float64(q)*dpi)
	r, g, b := rgb(img.At(px, py))
	c := palette[0]
	for i, pair := range [][2]float64{{r, float64(c.R)}, {g, float64(c.G)}, {b, float64(c.B)}} {
		want := 255*0.75 + pair[1]*0.25
		if math.Abs(pair[0]-want) > 2 {
			t.Errorf("band pixel channel %d = %.0f, want %.0f (25%% of the palette colour over white)", i, pair[0], want)
		}
	}
	opaque, err := mk(1).PNG()
	if err != nil {
		t.Fatal(err)
	}
	if d := imageDiff(img, decode(t, opaque)); d == "" {
		t.Error("the golden comparison accepts an opaque band in place of a translucent one")
	}
}

func TestPremultipliedColourIsAnError(t *testing.T) {
	f := New(Axes{})
	err := f.Band("ci", []float64{0, 1}, []float64{0, 0}, []float64{1, 1}, Style{Color: color.RGBA{R: 31, G: 119, B: 180, A: 64}})
	if err == nil || !strings.Contains(err.Error(), "not premultiplied") || !strings.Contains(err.Error(), "color.NRGBA") {
		t.Errorf("invalid premultiplied colour: %v", err)
	}
	if err := f.Band("ci", []float64{0, 1}, []float64{0, 0}, []float64{1, 1}, Style{Color: color.RGBA{R: 8, G: 30, B: 45, A: 64}}); err != nil {
		t.Errorf("valid premultiplied colour: %v", err)
	}
	if err := f.Band("ci", []float64{0, 1}, []float64{0, 2}, []float64{1, 1}); err == nil || !strings.Contains(err.Error(), "row 1: lower bound 2 above upper bound 1") {
		t.Errorf("crossed bounds: %v", err)
	}
}

func TestGoldenErrorBars(t *testing.T) {
	f := New(Axes{Title: "pass@k with bootstrap intervals", XLabel: "k", YLabel: "pass@k", LogX: true})
	k := []float64{1, 10, 100, 1000, 1e4}
	y := []float64{0.1, 0.3, 0.5, 0.7, 0.8}
	if err := f.ErrorBars("model A", k, y, []float64{0.05, 0.25, 0.42, 0.6, 0.75}, []float64{0.15, 0.36, 0.55, 0.75, 0.83}); err != nil {
		t.Fatal(err)
	}
	if err := f.ErrorBars("model B", k, []float64{0.05, 0.2, 0.35, 0.5, 0.6}, []float64{0.02, 0.15, 0.3, 0.45, 0.55}, []float64{0.08, 0.25, 0.4, 0.55, 0.65}); err != nil {
		t.Fatal(err)
	}
	golden(t, "error_bars", f)
	if err := f.ErrorBars("bad", []float64{1}, []float64{0.5}, []float64{0.6}, []float64{0.7}); err == nil || !strings.Contains(err.Error(), "outside its bounds") {
		t.Errorf("point outside its interval: %v", err)
	}
}

// TestGoldenLegendPerSeries: twelve lines, twelve legend entries, the
// palette cycling after ten.
func TestGoldenLegendPerSeries(t *testing.T) {
	f := New(Axes{Title: "one entry per series", XLabel: "x", YLabel: "y"})
	x, _ := LinSpace(0, 1, 20)
	for i := 0; i < 12; i++ {
		y := make([]float64, len(x))
		for j := range x {
			y[j] = float64(i) + x[j]*x[j]
		}
		if err := f.Line("series "+string(rune('A'+i)), x, y, Style{Dashed: i >= 10}); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Legend("top left"); err != nil {
		t.Fatal(err)
	}
	img := golden(t, "legend", f)
	if Color(10) != Color(0) || Color(-1) != Color(9) {
		t.Error("palette does not cycle")
	}
	// Dropping one legend entry must fail the comparison.
	g := New(Axes{Title: "one entry per series", XLabel: "x", YLabel: "y"})
	for i := 0; i < 12; i++ {
		y := make([]float64, len(x))
		for j := range x {
			y[j] = float64(i) + x[j]*x[j]
		}
		name := "series " + string(rune('A'+i))
		if i == 5 {
			name = ""
		}
		_ = g.Line(name, x, y, Style{Dashed: i >= 10})
	}
	_ = g.Legend("top left")
	b, _ := g.PNG()
	if d := imageDiff(img, decode(t, b)); d == "" {
		t.Error("the golden comparison accepts a figure with a legend entry missing")
	}
	if err := f.Legend("middle"); err == nil {
		t.Error("unknown legend position accepted")
	}
}

func TestGoldenHistAndLines(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	v := make([]float64, 2000)
	for i := range v {
		v[i] = 0.34 + 0.02*r.NormFloat64()
	}
	f := New(Axes{Title: "bootstrap of alpha", XLabel: "alpha", YLabel: "resamples"})
	if err := f.VSpan("95% interval", 0.3008, 0.3792, Style{Color: Color(2)}); err != nil {
		t.Fatal(err)
	}
	if err := f.Hist("4,000 resamples", v, 40); err != nil {
		t.Fatal(err)
	}
	if err := f.VLine("estimate", 0.34); err != nil {
		t.Fatal(err)
	}
	if err := f.VLine("published", 0.3392, Style{Dashed: true}); err != nil {
		t.Fatal(err)
	}
	golden(t, "hist", f)
	if err := f.VSpan("crossed", 0.4, 0.3); err == nil {
		t.Error("VSpan with lo > hi accepted")
	}
	if err := LogLog("", "", "").HSpan("zero", 0, 1); err == nil {
		t.Error("HSpan from 0 on a log axis accepted")
	}
	if err := LogLog("", "", "").Hist("h", []float64{1, 2}, 3); err == nil {
		t.Error("histogram on a log y axis accepted")
	}
}

func TestGoldenPair(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	s := make([][]float64, 3)
	for j := range s {
		s[j] = make([]float64, 800)
	}
	for i := 0; i < 800; i++ {
		z1, z2 := r.NormFloat64(), r.NormFloat64()
		s[0][i] = 1.8 + 0.05*z1
		s[1][i] = math.Exp(6 + 0.3*z2)
		s[2][i] = 0.34 + 0.02*(0.8*z2+0.6*r.NormFloat64())
	}
	g, err := Pair([]string{"E", "A", "alpha"}, s, PairOptions{Title: "bootstrap", Estimate: []float64{1.8, math.Exp(6), 0.34}, Reference: []float64{1.69, 406.4, 0.34}, Log: []bool{false, true, false}})
	if err != nil {
		t.Fatal(err)
	}
	img := golden(t, "pair", g)
	if img.Bounds().Dx() != 1152 || img.Bounds().Dy() != 1152 {
		t.Errorf("pair plot %v, want 1152x1152 (6 inches at 96 dpi, density 2)", img.Bounds())
	}
	if _, err := Pair([]string{"a", "b"}, [][]float64{{1, 2}, {1}}, PairOptions{}); err == nil {
		t.Error("ragged samples accepted")
	}
	if _, err := Pair([]string{"a"}, [][]float64{{1, -2}}, PairOptions{Log: []bool{true}}); err == nil || !strings.Contains(err.Error(), "log axis") {
		t.Errorf("negative sample on a log axis: %v", err)
	}
}

func TestGoldenResiduals(t *testing.T) {
	n, loss, _, _ := lossCurve()
	r := rand.New(rand.NewSource(3))
	obs := make([]float64, len(loss))
	for i := range loss {
		obs[i] = loss[i] * math.Exp(0.02*r.NormFloat64())
	}
	f, err := Residuals(Axes{Title: "residuals", XLabel: "N", LogX: true, LogY: true}, "runs", n, obs, loss)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "residuals", f)
	sc := f.Items[1].(*plotter.Scatter)
	if want := math.Log(obs[4] / loss[4]); sc.XYs[4].Y != want {
		t.Errorf("log residual %v, want %v", sc.XYs[4].Y, want)
	}
	if _, err := Residuals(Axes{LogY: true}, "r", []float64{1}, []float64{-1}, []float64{1}); err == nil {
		t.Error("log residual of a negative value accepted")
	}
}

// TestGoldenSizeDPI: Width, Height, DPI and Density set the pixel size.
func TestGoldenSizeDPI(t *testing.T) {
	f := New(Axes{Title: "large numbers", XLabel: "compute C", YLabel: "y", Width: 4 * vg.Inch, Height: 2 * vg.Inch, DPI: 150})
	if err := f.Line("l", []float64{2e6, 3e6, 5e6}, []float64{1e-5, 2e-5, 3e-5}); err != nil {
		t.Fatal(err)
	}
	img := golden(t, "size_dpi", f)
	if img.Bounds().Dx() != 1200 || img.Bounds().Dy() != 600 {
		t.Errorf("4x2 inches at 150 dpi, density 2: %v, want 1200x600", img.Bounds())
	}
	f.DPI = 5000
	if _, err := f.PNG(); err == nil {
		t.Error("DPI 5000 accepted")
	}
	if mime, b := (&Figure{}).MIME(); mime != "text/plain" || !strings.Contains(string(b), "nil") {
		t.Errorf("MIME of an empty figure: %s %s", mime, b)
	}
	f.DPI = 0
	if mime, b := f.MIME(); mime != "image/png" || len(b) < 100 {
		t.Errorf("MIME %s", mime)
	}
}

func TestErrorsInsteadOfPanics(t *testing.T) {
	p := LogLog("", "x", "y")
	if err := p.Scatter("runs", []float64{1, 2, 0}, []float64{1, 1, 1}); err == nil || !strings.Contains(err.Error(), "runs row 2: x = 0 cannot be shown on a log axis") {
		t.Errorf("non-positive on log axis: %v", err)
	}
	if err := p.Line("fit", []float64{1, 2}, []float64{1}); err == nil || !strings.Contains(err.Error(), "2 x values but 1 y values") {
		t.Errorf("length mismatch: %v", err)
	}
	if err := New(Axes{}).Line("fit", []float64{1, math.NaN()}, []float64{1, 2}); err == nil || !strings.Contains(err.Error(), "fit row 1: x = NaN") {
		t.Errorf("NaN: %v", err)
	}
	if err := p.Lines([]string{"a"}, nil, nil); err == nil {
		t.Error("Lines accepted mismatched series")
	}
	if err := p.HLine("zero", 0); err == nil {
		t.Error("HLine at 0 on a log axis accepted")
	}
	if err := p.YLim(0, 1); err == nil {
		t.Error("YLim from 0 on a log axis accepted")
	}
	if err := p.Line("two styles", []float64{1}, []float64{1}, Style{}, Style{}); err == nil {
		t.Error("two styles accepted")
	}
	if _, err := GeomSpace(0, 1, 10); err == nil {
		t.Error("GeomSpace(0, ...) accepted")
	}
	if v, err := LinSpace(0, 1, 5); err != nil || v[1] != 0.25 || v[4] != 1 {
		t.Errorf("LinSpace %v %v", v, err)
	}
	q := New(Axes{})
	if err := q.XLim(0, 10); err != nil {
		t.Fatal(err)
	}
	_ = q.Line("a", []float64{-5, 20}, []float64{0, 1})
	if q.Plot.X.Min != 0 || q.Plot.X.Max != 10 {
		t.Errorf("XLim not kept after adding data: %v..%v", q.Plot.X.Min, q.Plot.X.Max)
	}
}

// TestLogAxisLabelsDoNotShrinkThePlot: gonum pads a log axis as if its
// label sat at the arithmetic midpoint of the range; a long label then
// shrank the data area by a fifth. The data area must not depend on the
// labels' length.
func TestLogAxisLabelsDoNotShrinkThePlot(t *testing.T) {
	area := func(xl, yl string) vg.Rectangle {
		f := New(Axes{XLabel: xl, YLabel: yl, LogX: true, LogY: true})
		if err := f.Line("s", []float64{1e-4, 1}, []float64{0.04, 0.97}); err != nil {
			t.Fatal(err)
		}
		da := f.Plot.DataCanvas(draw.New(vgimg.NewWith(vgimg.UseWH(6*vg.Inch, 4*vg.Inch), vgimg.UseDPI(DefaultDPI))))
		return da.Rectangle
	}
	short, long := area("x", "y"), area("C_max / C_target", "relative error of predicted pass@k")
	if short.Max != long.Max {
		t.Errorf("data area top right %v with short labels, %v with long ones", short.Max, long.Max)
	}
}
