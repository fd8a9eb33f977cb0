package chinchilla

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// lossGrid is L(N, C/(6N)) on a grid of log10 C (columns) by log10 N (rows).
type lossGrid struct {
	p          Params
	x0, dx     float64
	y0, dy     float64
	cols, rows int
	zmin, zmax float64
}

func (g *lossGrid) Dims() (int, int) { return g.cols, g.rows }
func (g *lossGrid) X(c int) float64  { return g.x0 + float64(c)*g.dx }
func (g *lossGrid) Y(r int) float64  { return g.y0 + float64(r)*g.dy }
func (g *lossGrid) Z(c, r int) float64 {
	n := math.Pow(10, g.Y(r))
	cc := math.Pow(10, g.X(c))
	return math.Log10(g.p.Loss(n, cc/(6*n)))
}
func (g *lossGrid) Min() float64 { return g.zmin }
func (g *lossGrid) Max() float64 { return g.zmax }

// SurfacePlot draws the fitted law over (log10 FLOPs, log10 parameters):
// iso-loss contours, the efficient frontier N_opt(C) and the runs, in the
// style of Hoffmann et al. (2022), Fig. 4 (left). runs may be nil.
func SurfacePlot(p Params, runs *Runs, title string) (*plot.Plot, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	g := &lossGrid{p: p, x0: 17, dx: 0.05, cols: 121, y0: 7, dy: 0.025, rows: 161}
	g.zmin, g.zmax = math.Inf(1), math.Inf(-1)
	for c := 0; c < g.cols; c++ {
		for r := 0; r < g.rows; r++ {
			z := g.Z(c, r)
			g.zmin, g.zmax = math.Min(g.zmin, z), math.Max(g.zmax, z)
		}
	}
	pl := plot.New()
	pl.Title.Text = title
	pl.X.Label.Text = "log10 training FLOPs C"
	pl.Y.Label.Text = "log10 parameters N"
	var levels []float64
	for _, l := range []float64{2.0, 2.2, 2.4, 2.6, 2.8, 3.0, 3.5, 4, 5} {
		if lz := math.Log10(l); lz > g.zmin && lz < g.zmax {
			levels = append(levels, lz)
		}
	}
	ct := plotter.NewContour(g, levels, palette.Heat(len(levels)+1, 1))
	pl.Add(ct)
	var fr plotter.XYs
	for x := 17.0; x <= 23.0001; x += 0.1 {
		y := math.Log10(p.NOpt(math.Pow(10, x)))
		if y >= g.y0 && y <= g.Y(g.rows-1) {
			fr = append(fr, plotter.XY{X: x, Y: y})
		}
	}
	line, err := plotter.NewLine(fr)
	if err != nil {
		return nil, err
	}
	line.Color = color.RGBA{B: 200, A: 255}
	line.Width = vg.Points(2)
	pl.Add(line)
	pl.Legend.Add(fmt.Sprintf("efficient frontier N_opt ~ C^%.3f (contours: L = %v)", p.ExponentA(), contourLabels(levels)), line)
	if runs != nil {
		var pts plotter.XYs
		for i := range runs.N {
			pts = append(pts, plotter.XY{X: math.Log10(runs.C[i]), Y: math.Log10(runs.N[i])})
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle.Radius = vg.Points(1.5)
		sc.GlyphStyle.Color = color.Gray{Y: 60}
		pl.Add(sc)
		pl.Legend.Add(fmt.Sprintf("runs (%d)", len(pts)), sc)
	}
	pl.Legend.Top = true
	pl.Legend.Left = true
	pl.Add(plotter.NewGrid())
	return pl, nil
}

// HistogramPlot is a histogram of bootstrap values with the interval
// [ci[0], ci[1]] (optional) and the point estimate (NaN to omit) marked.
func HistogramPlot(values []float64, name string, estimate float64, ci []float64) (*plot.Plot, error) {
	var v plotter.Values
	for _, x := range values {
		if !math.IsNaN(x) && !math.IsInf(x, 0) {
			v = append(v, x)
		}
	}
	if len(v) < 2 {
		return nil, fmt.Errorf("chinchilla: histogram of %s needs at least 2 finite values", name)
	}
	h, err := plotter.NewHist(v, 50)
	if err != nil {
		return nil, err
	}
	h.FillColor = color.RGBA{R: 120, G: 150, B: 220, A: 255}
	pl := plot.New()
	pl.Title.Text = fmt.Sprintf("bootstrap distribution of %s (%d resamples)", name, len(v))
	pl.X.Label.Text = name
	pl.Y.Label.Text = "count"
	pl.Add(h)
	ymax := 0.0
	for _, b := range h.Bins {
		ymax = math.Max(ymax, b.Weight)
	}
	vline := func(x float64, c color.Color, dashed bool, label string) error {
		l, err := plotter.NewLine(plotter.XYs{{X: x, Y: 0}, {X: x, Y: ymax * 1.02}})
		if err != nil {
			return err
		}
		l.Color = c
		l.Width = vg.Points(1.5)
		if dashed {
			l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		}
		pl.Add(l)
		if label != "" {
			pl.Legend.Add(label, l)
		}
		return nil
	}
	if len(ci) == 2 {
		if err := vline(ci[0], color.RGBA{R: 200, A: 255}, true, fmt.Sprintf("95%% interval [%.3f, %.3f]", ci[0], ci[1])); err != nil {
			return nil, err
		}
		if err := vline(ci[1], color.RGBA{R: 200, A: 255}, true, ""); err != nil {
			return nil, err
		}
	}
	if !math.IsNaN(estimate) {
		if err := vline(estimate, color.Black, false, fmt.Sprintf("fit %.4f", estimate)); err != nil {
			return nil, err
		}
	}
	pl.Legend.Top = true
	pl.Legend.Left = true
	pl.Y.Max = ymax * 1.35 // room for the legend above the bars
	return pl, nil
}

// IsoFLOPPlot draws each budget's runs, its parabola and its vertex
// against model size (log axis), as Hoffmann et al. (2022), Fig. 3 (left).
func IsoFLOPPlot(f *IsoFLOPFit, title string) (*plot.Plot, error) {
	if f == nil || len(f.Budgets) == 0 {
		return nil, fmt.Errorf("chinchilla: no IsoFLOP fit to plot")
	}
	pl := plot.New()
	pl.Title.Text = title
	pl.X.Label.Text = "parameters N"
	pl.Y.Label.Text = "loss"
	pl.X.Scale = plot.LogScale{}
	pl.X.Tick.Marker = plot.LogTicks{Prec: -1}
	pal := palette.Rainbow(len(f.Budgets), palette.Blue, palette.Red, 1, 0.8, 1).Colors()
	var vx plotter.XYs
	for i, b := range f.Budgets {
		var pts, curve plotter.XYs
		lo, hi := math.Inf(1), math.Inf(-1)
		for k := range b.N {
			pts = append(pts, plotter.XY{X: b.N[k], Y: b.Loss[k]})
			lo, hi = math.Min(lo, math.Log(b.N[k])), math.Max(hi, math.Log(b.N[k]))
		}
		for k := 0; k <= 60; k++ {
			x := lo + (hi-lo)*float64(k)/60
			u := x - b.XMean
			curve = append(curve, plotter.XY{X: math.Exp(x), Y: b.CoefN[0] + b.CoefN[1]*u + b.CoefN[2]*u*u})
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle.Color = pal[i]
		sc.GlyphStyle.Radius = vg.Points(2)
		ln, err := plotter.NewLine(curve)
		if err != nil {
			return nil, err
		}
		ln.Color = pal[i]
		pl.Add(sc, ln)
		pl.Legend.Add(fmt.Sprintf("C = %.0e", b.C), ln)
		vx = append(vx, plotter.XY{X: b.NOpt, Y: b.MinLoss})
	}
	vs, err := plotter.NewScatter(vx)
	if err != nil {
		return nil, err
	}
	vs.GlyphStyle.Shape = draw.CrossGlyph{}
	vs.GlyphStyle.Radius = vg.Points(4)
	vs.GlyphStyle.Color = color.Black
	pl.Add(vs)
	pl.Legend.Add("vertex N_opt(C)", vs)
	pl.Legend.Top = true
	return pl, nil
}

// EnvelopePlot draws every training curve (loss against FLOPs, log
// axis) in grey and the lower envelope, as Hoffmann et al. (2022),
// Fig. 2 (left).
func EnvelopePlot(cv *Curves, env *EnvelopeFit, title string) (*plot.Plot, error) {
	if cv == nil || env == nil {
		return nil, fmt.Errorf("chinchilla: nothing to plot")
	}
	pl := plot.New()
	pl.Title.Text = title
	pl.X.Label.Text = "training FLOPs C"
	pl.Y.Label.Text = "loss"
	pl.X.Scale = plot.LogScale{}
	pl.X.Tick.Marker = plot.LogTicks{Prec: -1}
	start := 0
	for i := 1; i <= len(cv.Run); i++ {
		if i == len(cv.Run) || cv.Run[i] != cv.Run[start] {
			var xy plotter.XYs
			for k := start; k < i; k++ {
				xy = append(xy, plotter.XY{X: cv.C[k], Y: cv.Loss[k]})
			}
			l, err := plotter.NewLine(xy)
			if err != nil {
				return nil, err
			}
			l.Color = color.Gray{Y: 180}
			pl.Add(l)
			start = i
		}
	}
	var ev plotter.XYs
	for i := range env.C {
		ev = append(ev, plotter.XY{X: env.C[i], Y: env.Loss[i]})
	}
	l, err := plotter.NewLine(ev)
	if err != nil {
		return nil, err
	}
	l.Color = color.RGBA{R: 220, A: 255}
	l.Width = vg.Points(2)
	pl.Add(l)
	pl.Legend.Add(fmt.Sprintf("lower envelope (N_opt ~ C^%.3f)", env.A), l)
	pl.Legend.Top = true
	return pl, nil
}

func contourLabels(levels []float64) string {
	s := ""
	for i, l := range levels {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%.1f", math.Pow(10, l))
	}
	return s
}
