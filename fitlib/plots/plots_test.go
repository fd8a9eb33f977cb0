package plots

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

func render(t *testing.T, p *plot.Plot, format string) []byte {
	t.Helper()
	w, err := p.WriterTo(4*vg.Inch, 3*vg.Inch, format)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestScatterCurveLogLog(t *testing.T) {
	x := []float64{1e7, 1e8, 1e9, 1e10}
	y := []float64{4, 3, 2.5, 2.2}
	cx, err := GeomSpace(1e7, 1e10, 50)
	if err != nil {
		t.Fatal(err)
	}
	cy := make([]float64, len(cx))
	for i, v := range cx {
		cy[i] = 1.7 + 400*math.Pow(v, -0.34)
	}
	p, err := ScatterCurve(Axes{Title: "law", XLabel: "N", YLabel: "loss", LogX: true, LogY: true}, "runs", x, y, "fit", cx, cy)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.Plot.X.Scale.(plot.LogScale); !ok {
		t.Error("x axis is not logarithmic")
	}
	if strings.Join(p.Series, ",") != "runs,fit" {
		t.Errorf("series %v", p.Series)
	}
	// The plotted data are the input values, unchanged.
	sc, ok := p.Items[0].(*plotter.Scatter)
	if !ok || len(sc.XYs) != 4 || sc.XYs[2].X != 1e9 || sc.XYs[2].Y != 2.5 {
		t.Fatalf("scatter data %v", p.Items[0])
	}
	if ln, ok := p.Items[1].(*plotter.Line); !ok || len(ln.XYs) != 50 || ln.XYs[0].Y != cy[0] {
		t.Fatalf("line data %v", p.Items[1])
	}
	if png := render(t, p.Plot, "png"); !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) {
		t.Error("not a PNG")
	}
	if svg := render(t, p.Plot, "svg"); !strings.Contains(string(svg), "<svg") {
		t.Error("not an SVG")
	}
	if math.Abs(cx[25]/cx[24]-math.Pow(1e3, 1.0/49)) > 1e-12 {
		t.Errorf("GeomSpace ratio %v", cx[25]/cx[24])
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
	if _, err := GeomSpace(0, 1, 10); err == nil {
		t.Error("GeomSpace(0, ...) accepted")
	}
	if v, err := LinSpace(0, 1, 5); err != nil || v[1] != 0.25 || v[4] != 1 {
		t.Errorf("LinSpace %v %v", v, err)
	}
	q := New(Axes{})
	if err := q.Lines([]string{"a", "b"}, [][]float64{{0, 1}, {0, 1}}, [][]float64{{0, 1}, {1, 0}}); err != nil {
		t.Fatal(err)
	}
	if len(q.Items) != 2 {
		t.Errorf("two lines, %d items", len(q.Items))
	}
	_ = render(t, q.Plot, "png")
}
