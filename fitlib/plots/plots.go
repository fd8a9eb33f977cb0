package plots

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Axes describes a new plot. The zero value is an untitled linear plot.
type Axes struct {
	Title, XLabel, YLabel string
	LogX, LogY            bool // logarithmic axes with 10^k ticks
}

// Figure is a gonum plot plus the series added through this package (gonum
// keeps its plotters and legend entries private). Pass Figure.Plot to
// display.Plot or call Figure.Plot.Save.
type Figure struct {
	Plot   *plot.Plot
	Series []string       // names in the order added
	Items  []plot.Plotter // the plotters added, in order
}

// New returns a figure with the given titles and scales, a grid and a
// legend in the top right corner.
func New(ax Axes) *Figure {
	p := plot.New()
	p.Title.Text = ax.Title
	p.X.Label.Text = ax.XLabel
	p.Y.Label.Text = ax.YLabel
	if ax.LogX {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	if ax.LogY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	return &Figure{Plot: p}
}

// LogLog returns New with both axes logarithmic.
func LogLog(title, xlabel, ylabel string) *Figure {
	return New(Axes{Title: title, XLabel: xlabel, YLabel: ylabel, LogX: true, LogY: true})
}

func isLog(s plot.Normalizer) bool { _, ok := s.(plot.LogScale); return ok }

// points checks a series and converts it: equal lengths, finite values,
// positive values on log axes.
func (f *Figure) points(name string, x, y []float64) (plotter.XYs, error) {
	if f == nil || f.Plot == nil {
		return nil, fmt.Errorf("plots: %s: figure is nil", name)
	}
	p := f.Plot
	if len(x) != len(y) {
		return nil, fmt.Errorf("plots: %s: %d x values but %d y values", name, len(x), len(y))
	}
	if len(x) == 0 {
		return nil, fmt.Errorf("plots: %s: no points", name)
	}
	lx, ly := isLog(p.X.Scale), isLog(p.Y.Scale)
	xy := make(plotter.XYs, len(x))
	for i := range x {
		for _, c := range [2]struct {
			axis string
			v    float64
			log  bool
		}{{"x", x[i], lx}, {"y", y[i], ly}} {
			if math.IsNaN(c.v) || math.IsInf(c.v, 0) {
				return nil, fmt.Errorf("plots: %s row %d: %s = %v is not finite", name, i, c.axis, c.v)
			}
			if c.log && c.v <= 0 {
				return nil, fmt.Errorf("plots: %s row %d: %s = %v cannot be shown on a log axis", name, i, c.axis, c.v)
			}
		}
		xy[i] = plotter.XY{X: x[i], Y: y[i]}
	}
	return xy, nil
}

// Scatter adds points with the next colour of the palette and a legend
// entry (none when name is empty).
func (f *Figure) Scatter(name string, x, y []float64) error {
	xy, err := f.points(name, x, y)
	if err != nil {
		return err
	}
	s, err := plotter.NewScatter(xy)
	if err != nil {
		return fmt.Errorf("plots: %s: %w", name, err)
	}
	s.GlyphStyle.Color = plotutil.Color(len(f.Items))
	s.GlyphStyle.Shape = draw.CircleGlyph{}
	s.GlyphStyle.Radius = vg.Points(2.5)
	f.add(name, s, s)
	return nil
}

// Line adds a polyline through the points, in order, with the next colour.
func (f *Figure) Line(name string, x, y []float64) error {
	xy, err := f.points(name, x, y)
	if err != nil {
		return err
	}
	l, err := plotter.NewLine(xy)
	if err != nil {
		return fmt.Errorf("plots: %s: %w", name, err)
	}
	l.LineStyle.Color = plotutil.Color(len(f.Items))
	l.LineStyle.Width = vg.Points(1.5)
	f.add(name, l, l)
	return nil
}

// Lines adds one line per series: names[i] through (xs[i], ys[i]).
func (f *Figure) Lines(names []string, xs, ys [][]float64) error {
	if len(names) != len(xs) || len(xs) != len(ys) {
		return fmt.Errorf("plots: %d names, %d x series, %d y series", len(names), len(xs), len(ys))
	}
	for i := range names {
		if err := f.Line(names[i], xs[i], ys[i]); err != nil {
			return err
		}
	}
	return nil
}

// ScatterCurve is the usual fit figure: data (x, y) as points and a
// fitted curve (cx, cy) as a line.
func ScatterCurve(ax Axes, dataName string, x, y []float64, curveName string, cx, cy []float64) (*Figure, error) {
	f := New(ax)
	if err := f.Scatter(dataName, x, y); err != nil {
		return nil, err
	}
	if err := f.Line(curveName, cx, cy); err != nil {
		return nil, err
	}
	return f, nil
}

func (f *Figure) add(name string, p plot.Plotter, th plot.Thumbnailer) {
	f.Plot.Add(p)
	if name != "" {
		f.Plot.Legend.Add(name, th)
	}
	f.Series = append(f.Series, name)
	f.Items = append(f.Items, p)
}

// GeomSpace returns n values from lo to hi evenly spaced in log scale
// (lo, hi > 0), for drawing a law on log axes.
func GeomSpace(lo, hi float64, n int) ([]float64, error) {
	if !(lo > 0 && hi > 0) || math.IsInf(lo, 0) || math.IsInf(hi, 0) || n < 2 {
		return nil, fmt.Errorf("plots: GeomSpace(%v, %v, %d) needs 0 < lo, hi < inf and n >= 2", lo, hi, n)
	}
	a, b := math.Log(lo), math.Log(hi)
	out := make([]float64, n)
	for i := range out {
		out[i] = math.Exp(a + (b-a)*float64(i)/float64(n-1))
	}
	out[0], out[n-1] = lo, hi
	return out, nil
}

// LinSpace returns n evenly spaced values from lo to hi.
func LinSpace(lo, hi float64, n int) ([]float64, error) {
	if math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) || n < 2 {
		return nil, fmt.Errorf("plots: LinSpace(%v, %v, %d) needs finite ends and n >= 2", lo, hi, n)
	}
	out := make([]float64, n)
	for i := range out {
		out[i] = lo + (hi-lo)*float64(i)/float64(n-1)
	}
	out[n-1] = hi
	return out, nil
}
