package monkeys

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"github.com/gophernote/gophernote/fitlib/passk"
	"github.com/gophernote/gophernote/fitlib/plots"
)

// logLogPlot is plots.LogLog's plot: log axes with 10^k ticks, a grid and
// the legend at the top right.
func logLogPlot(title, x, y string) *plot.Plot {
	return plots.LogLog(title, x, y).Plot
}

// positive keeps the points with x > 0 and y > 0 (log axes).
func positive(xs, ys []float64) plotter.XYs {
	var out plotter.XYs
	for i := range xs {
		if i < len(ys) && xs[i] > 0 && ys[i] > 0 && !math.IsInf(ys[i], 0) && !math.IsNaN(ys[i]) {
			out = append(out, plotter.XY{X: xs[i], Y: ys[i]})
		}
	}
	return out
}

func addLine(p *plot.Plot, xys plotter.XYs, c color.Color, width vg.Length, dashed bool, legend string) error {
	if len(xys) == 0 {
		return nil
	}
	l, err := plotter.NewLine(xys)
	if err != nil {
		return err
	}
	l.Color = c
	l.Width = width
	if dashed {
		l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
	}
	p.Add(l)
	if legend != "" {
		p.Legend.Add(legend, l)
	}
	return nil
}

// PlotPerProblem draws, on log-log axes, -log(pass_i@k) of up to maxLines
// solved problems (thin grey: each falls exponentially once k·p_i ≫ 1)
// and the benchmark's -log(pass_B@k) (thick) with its least-squares power
// law (dashed): the aggregate of exponentials is a straight line.
func PlotPerProblem(c passk.Counts, maxLines int) (*plot.Plot, error) {
	fit, err := LeastSquares(c, nil)
	if err != nil {
		return nil, err
	}
	ks := make([]int, len(fit.Ks))
	for i, k := range fit.Ks {
		ks[i] = int(k)
	}
	p := logLogPlot(fmt.Sprintf("%s: per-problem vs aggregate", c.Name), "attempts k", "-log pass@k")
	grey := color.NRGBA{R: 150, G: 150, B: 150, A: 140}
	drawn := 0
	for i := range c.N {
		if c.C[i] == 0 || drawn >= maxLines {
			continue
		}
		one := passk.Counts{Name: c.Name, N: c.N[i : i+1], C: c.C[i : i+1]}
		pk, err := PassAtK(one, ks)
		if err != nil {
			return nil, err
		}
		y := make([]float64, len(pk))
		for j := range pk {
			y[j] = -math.Log(pk[j])
		}
		legend := ""
		if drawn == 0 {
			legend = "single problems"
		}
		if err := addLine(p, positive(fit.Ks, y), grey, vg.Points(0.6), false, legend); err != nil {
			return nil, err
		}
		drawn++
	}
	if err := addLine(p, positive(fit.Ks, fit.NegLogPass), color.Black, vg.Points(2.5), false, "benchmark -log pass_B@k"); err != nil {
		return nil, err
	}
	pred := make([]float64, len(fit.Ks))
	for i, k := range fit.Ks {
		pred[i] = fit.Predict(k)
	}
	if err := addLine(p, positive(fit.Ks, pred), color.NRGBA{R: 220, G: 50, B: 32, A: 255}, vg.Points(1.5), true,
		fmt.Sprintf("least squares %.3g k^-%.3g", fit.A, fit.B)); err != nil {
		return nil, err
	}
	p.Y.Min = math.Max(p.Y.Min, 1e-4)
	return p, nil
}

// PlotHistogram draws the problems per log-spaced bin of c_i/n_i
// (LogBins, 10 per decade; unsolved problems noted in the title) as points
// and, for each fitted distribution, the expected number of problems per
// bin, N·(CDF(e_(i+1)) - CDF(e_i)), as a line. Log x axis.
func PlotHistogram(c passk.Counts, fits []Dist, names []string) (*plot.Plot, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	nmax := 0
	for _, n := range c.N {
		if n > nmax {
			nmax = n
		}
	}
	edges, err := LogBins(1/float64(nmax), 10)
	if err != nil {
		return nil, err
	}
	counts := Histogram(passAt1(c), edges)
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: pass_i@1 histogram (%d of %d unsolved)", c.Name, counts[0], c.Len())
	p.X.Label.Text = "pass_i@1 = c_i/n_i"
	p.Y.Label.Text = "problems per bin"
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	var obs plotter.XYs
	centers := make([]float64, 0, len(counts))
	for i := 1; i < len(counts); i++ { // bin 0 holds c = 0
		mid := math.Sqrt(edges[i] * edges[i+1])
		centers = append(centers, mid)
		if counts[i] > 0 {
			obs = append(obs, plotter.XY{X: mid, Y: float64(counts[i])})
		}
	}
	sc, err := plotter.NewScatter(obs)
	if err != nil {
		return nil, err
	}
	sc.GlyphStyle.Radius = vg.Points(3)
	p.Add(sc)
	p.Legend.Add("observed", sc)
	for f, d := range fits {
		var xys plotter.XYs
		for i := 1; i < len(counts); i++ {
			m := float64(c.Len()) * (d.CDF(edges[i+1]) - d.CDF(edges[i]))
			if m > 1e-3 {
				xys = append(xys, plotter.XY{X: centers[i-1], Y: m})
			}
		}
		name := d.String()
		if f < len(names) {
			name = names[f]
		}
		if err := addLine(p, xys, plotutil.Color(f+1), vg.Points(1.5), f%2 == 1, name); err != nil {
			return nil, err
		}
	}
	p.Y.Min = 0
	return p, nil
}

// PlotDiagonal draws ys against xs with labels next to the points and the
// line y = x: e.g. least-squares b against distributional b per model.
func PlotDiagonal(xs, ys []float64, labels []string, title, xlabel, ylabel string) (*plot.Plot, error) {
	if len(xs) != len(ys) || len(xs) == 0 {
		return nil, fmt.Errorf("monkeys: PlotDiagonal: %d x values and %d y values", len(xs), len(ys))
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	p.Add(plotter.NewGrid())
	lo, hi := math.Inf(1), math.Inf(-1)
	var pts plotter.XYs
	for i := range xs {
		pts = append(pts, plotter.XY{X: xs[i], Y: ys[i]})
		lo = math.Min(lo, math.Min(xs[i], ys[i]))
		hi = math.Max(hi, math.Max(xs[i], ys[i]))
	}
	pad := 0.05 * (hi - lo)
	lo, hi = math.Max(0, lo-pad), hi+pad
	if err := addLine(p, plotter.XYs{{X: lo, Y: lo}, {X: hi, Y: hi}}, color.Gray{Y: 120}, vg.Points(1), true, "y = x"); err != nil {
		return nil, err
	}
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	sc.GlyphStyle.Radius = vg.Points(3)
	sc.GlyphStyle.Color = plotutil.Color(1)
	p.Add(sc)
	if len(labels) == len(xs) {
		l, err := plotter.NewLabels(plotter.XYLabels{XYs: pts, Labels: labels})
		if err != nil {
			return nil, err
		}
		for i := range l.TextStyle {
			l.TextStyle[i].Font.Size = vg.Points(7)
			l.TextStyle[i].XAlign = -0.05 // just right of the point
		}
		p.Add(l)
	}
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = lo, hi, lo, hi
	return p, nil
}

// PlotBacktest draws the median relative error of each estimator against
// the samples per problem (log-log) with the 10% line.
func PlotBacktest(r BacktestResult, title string) (*plot.Plot, error) {
	p := logLogPlot(title, "samples per problem n'", "median relative error of b")
	xs := make([]float64, len(r.SampleSizes))
	for i, n := range r.SampleSizes {
		xs[i] = float64(n)
	}
	for e, name := range r.Estimators {
		xys := positive(xs, r.MedianRelErr[e])
		if len(xys) == 0 {
			continue
		}
		l, s, err := plotter.NewLinePoints(xys)
		if err != nil {
			return nil, err
		}
		l.Color, s.Color = plotutil.Color(e), plotutil.Color(e)
		s.Shape = plotutil.Shape(e)
		p.Add(l, s)
		p.Legend.Add(name, l, s)
	}
	if err := addLine(p, plotter.XYs{{X: xs[0], Y: 0.1}, {X: xs[len(xs)-1], Y: 0.1}}, color.Gray{Y: 100}, vg.Points(1), true, "10%"); err != nil {
		return nil, err
	}
	// whole decades on the y axis so that LogTicks labels at least two
	p.Y.Min = math.Pow(10, math.Floor(math.Log10(p.Y.Min)))
	p.Y.Max = math.Pow(10, math.Ceil(math.Log10(p.Y.Max)))
	return p, nil
}

// PlotDemos draws each Demo's exact F(k) (line) and simulated F(k)
// (points) on log-log axes: Delta bends down (exponential), Uniform and
// Beta are straight lines of slope -1 and -alpha.
func PlotDemos(demos []Demo) (*plot.Plot, error) {
	p := logLogPlot("Aggregate failure F(k) = E[(1-p)^k]: exact and simulated", "attempts k", "F(k)")
	for i, d := range demos {
		name := d.Dist.String()
		if d.Dist.Family != FamilyDelta {
			name += fmt.Sprintf(", slope -%.3g", d.B)
		}
		if err := addLine(p, positive(d.Ks, d.Exact), plotutil.Color(i), vg.Points(1.5), false, name); err != nil {
			return nil, err
		}
		sim := positive(d.Ks, d.Simulated)
		if len(sim) == 0 {
			continue
		}
		s, err := plotter.NewScatter(sim)
		if err != nil {
			return nil, err
		}
		s.Color = plotutil.Color(i)
		s.Shape = plotutil.Shape(i)
		s.Radius = vg.Points(2)
		p.Add(s)
	}
	p.Y.Min = math.Max(p.Y.Min, 1e-5)
	return p, nil
}

// PlotCurves draws -log(pass_B@k) of several analysed models with their
// least-squares lines (log-log): a model whose curve bends away from its
// line has no power law over this range.
func PlotCurves(ms []*ModelAnalysis, title string) (*plot.Plot, error) {
	p := logLogPlot(title, "attempts k", "-log pass_B@k")
	p.Legend.Top, p.Legend.Left = false, true
	for i, m := range ms {
		c := plotutil.Color(i)
		if err := addLine(p, positive(m.LS.Ks, m.LS.NegLogPass), c, vg.Points(2), false,
			fmt.Sprintf("%s (b=%.2f, R²=%.3f)", m.Model, m.LS.B, m.LS.R2)); err != nil {
			return nil, err
		}
		pred := make([]float64, len(m.LS.Ks))
		for j, k := range m.LS.Ks {
			pred[j] = m.LS.Predict(k)
		}
		if err := addLine(p, positive(m.LS.Ks, pred), c, vg.Points(0.8), true, ""); err != nil {
			return nil, err
		}
	}
	return p, nil
}
