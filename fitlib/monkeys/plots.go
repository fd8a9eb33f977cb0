package monkeys

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"

	"github.com/gophernote/gophernote/fitlib/passk"
	"github.com/gophernote/gophernote/fitlib/plots"
)

// positive keeps the points with x > 0 and finite y > 0 (log axes).
func positive(xs, ys []float64) (x, y []float64) {
	for i := range xs {
		if i < len(ys) && xs[i] > 0 && ys[i] > 0 && !math.IsInf(ys[i], 0) && !math.IsNaN(ys[i]) {
			x, y = append(x, xs[i]), append(y, ys[i])
		}
	}
	return x, y
}

// line draws the positive points of (xs, ys); nothing when none are left.
func line(f *plots.Figure, name string, xs, ys []float64, st plots.Style) error {
	x, y := positive(xs, ys)
	if len(x) == 0 {
		return nil
	}
	return f.Line(name, x, y, st)
}

// PlotPerProblem draws, on log-log axes, -log(pass_i@k) of up to maxLines
// solved problems (thin grey: each falls exponentially once k·p_i ≫ 1)
// and the benchmark's -log(pass_B@k) (thick) with its least-squares power
// law (dashed): the aggregate of exponentials is a straight line.
func PlotPerProblem(c passk.Counts, maxLines int) (*plots.Figure, error) {
	fit, err := FitLeastSquares(c, nil)
	if err != nil {
		return nil, err
	}
	ks := make([]int, len(fit.Ks))
	for i, k := range fit.Ks {
		ks[i] = int(k)
	}
	f := plots.LogLog(fmt.Sprintf("%s: per-problem vs aggregate", c.Name), "attempts k", "-log pass@k")
	grey := plots.Style{Color: color.NRGBA{R: 150, G: 150, B: 150, A: 140}, Width: vg.Points(0.6)}
	drawn := 0
	for i := range c.N {
		if c.C[i] == 0 || drawn >= maxLines {
			continue
		}
		one := passk.Counts{Name: c.Name, N: c.N[i : i+1], C: c.C[i : i+1]}
		pk, err := one.CurveFirstSuccess(ks)
		if err != nil {
			return nil, err
		}
		y := make([]float64, len(pk))
		for j := range pk {
			y[j] = -math.Log(pk[j])
		}
		name := ""
		if drawn == 0 {
			name = "single problems"
		}
		// Per-problem curves plunge to 0 once solved for sure: keep the
		// axis on the aggregate's range.
		var xk, yk []float64
		for j := range y {
			if y[j] >= 1e-4 {
				xk, yk = append(xk, fit.Ks[j]), append(yk, y[j])
			}
		}
		if err := line(f, name, xk, yk, grey); err != nil {
			return nil, err
		}
		drawn++
	}
	if err := line(f, "benchmark -log pass_B@k", fit.Ks, fit.NegLogPass, plots.Style{Color: color.Black, Width: vg.Points(2.5)}); err != nil {
		return nil, err
	}
	pred := make([]float64, len(fit.Ks))
	for i, k := range fit.Ks {
		pred[i] = fit.Predict(k)
	}
	if err := line(f, fmt.Sprintf("least squares %.3g k^-%.3g", fit.A, fit.B), fit.Ks, pred, plots.Style{Color: plots.Color(3), Dashed: true}); err != nil {
		return nil, err
	}
	return f, nil
}

// PlotHistogram draws the problems per log-spaced bin of c_i/n_i
// (LogBins, 10 per decade; unsolved problems noted in the title) as points
// and, for each fitted distribution, the expected number of problems per
// bin, N·(CDF(e_(i+1)) - CDF(e_i)), as a line. Log x axis.
func PlotHistogram(c passk.Counts, fits []Dist, names []string) (*plots.Figure, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	edges, err := LogBins(1/float64(c.MaxSamples()), 10)
	if err != nil {
		return nil, err
	}
	counts := Histogram(passAt1(c), edges)
	f := plots.New(plots.Axes{Title: fmt.Sprintf("%s: pass_i@1 histogram (%d of %d unsolved)", c.Name, counts[0], c.Len()),
		XLabel: "pass_i@1 = c_i/n_i", YLabel: "problems per bin", LogX: true})
	var ox, oy []float64
	centers := make([]float64, 0, len(counts))
	for i := 1; i < len(counts); i++ { // bin 0 holds c = 0
		mid := math.Sqrt(edges[i] * edges[i+1])
		centers = append(centers, mid)
		if counts[i] > 0 {
			ox, oy = append(ox, mid), append(oy, float64(counts[i]))
		}
	}
	if len(ox) > 0 {
		if err := f.Scatter("observed", ox, oy, plots.Style{Color: plots.Color(0), Radius: vg.Points(3)}); err != nil {
			return nil, err
		}
	}
	for k, d := range fits {
		var x, y []float64
		for i := 1; i < len(counts); i++ {
			m := float64(c.Len()) * (d.CDF(edges[i+1]) - d.CDF(edges[i]))
			if m > 1e-3 {
				x, y = append(x, centers[i-1]), append(y, m)
			}
		}
		name := d.String()
		if k < len(names) {
			name = names[k]
		}
		if len(x) > 0 {
			if err := f.Line(name, x, y, plots.Style{Color: plots.Color(k + 1), Dashed: k%2 == 1}); err != nil {
				return nil, err
			}
		}
	}
	f.Plot.Y.Min = 0
	return f, nil
}

// PlotDiagonal draws ys against xs with labels next to the points and the
// line y = x: e.g. least-squares b against distributional b per model.
func PlotDiagonal(xs, ys []float64, labels []string, title, xlabel, ylabel string) (*plots.Figure, error) {
	if len(xs) != len(ys) || len(xs) == 0 {
		return nil, fmt.Errorf("monkeys: PlotDiagonal: %d x values and %d y values", len(xs), len(ys))
	}
	f := plots.New(plots.Axes{Title: title, XLabel: xlabel, YLabel: ylabel})
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := range xs {
		lo = math.Min(lo, math.Min(xs[i], ys[i]))
		hi = math.Max(hi, math.Max(xs[i], ys[i]))
	}
	pad := 0.05 * (hi - lo)
	lo, hi = math.Max(0, lo-pad), hi+pad
	if err := f.Line("y = x", []float64{lo, hi}, []float64{lo, hi}, plots.Style{Color: color.Gray{Y: 120}, Width: vg.Points(1), Dashed: true}); err != nil {
		return nil, err
	}
	if err := f.Scatter("", xs, ys, plots.Style{Color: plots.Color(1), Radius: vg.Points(3)}); err != nil {
		return nil, err
	}
	if len(labels) == len(xs) {
		if err := f.Text(xs, ys, labels); err != nil {
			return nil, err
		}
	}
	if err := f.XLim(lo, hi); err != nil {
		return nil, err
	}
	if err := f.YLim(lo, hi); err != nil {
		return nil, err
	}
	return f, nil
}

// PlotBacktest draws the median relative error of each estimator against
// the samples per problem (log-log) with the 10% line.
func PlotBacktest(r *BacktestResult, title string) (*plots.Figure, error) {
	if r == nil || len(r.SampleSizes) == 0 {
		return nil, fmt.Errorf("monkeys: PlotBacktest: no sample sizes")
	}
	f := plots.LogLog(title, "samples per problem n'", "median relative error of b")
	xs := make([]float64, len(r.SampleSizes))
	for i, n := range r.SampleSizes {
		xs[i] = float64(n)
	}
	markers := []string{"circle", "triangle", "square", "diamond", "ring", "cross", "plus", "box"}
	for e, name := range r.Estimators {
		x, y := positive(xs, r.MedianRelErr[e])
		if len(x) == 0 {
			continue
		}
		st := plots.Style{Color: plots.Color(e), Marker: markers[e%len(markers)]}
		if err := f.Line(name.String(), x, y, st); err != nil {
			return nil, err
		}
		if err := f.Scatter("", x, y, st); err != nil {
			return nil, err
		}
	}
	if err := f.HLine("10%", 0.1, plots.Style{Color: color.Gray{Y: 100}, Width: vg.Points(1), Dashed: true}); err != nil {
		return nil, err
	}
	return f, nil
}

// PlotDemos draws each Demo's exact F(k) (line) and simulated F(k)
// (points) on log-log axes: Delta bends down (exponential), Uniform and
// Beta are straight lines of slope -1 and -alpha.
func PlotDemos(demos []*Demo) (*plots.Figure, error) {
	f := plots.LogLog("Aggregate failure F(k) = E[(1-p)^k]: exact and simulated", "attempts k", "F(k)")
	markers := []string{"circle", "triangle", "square", "diamond"}
	for i, d := range demos {
		name := d.Dist.String()
		if d.Dist.Family != FamilyDelta {
			name += fmt.Sprintf(", slope -%.3g", d.B)
		}
		ex, ey := positive(d.Ks, d.Exact)
		ex, ey = above(ex, ey, 1e-5)
		if len(ex) > 0 {
			if err := f.Line(name, ex, ey, plots.Style{Color: plots.Color(i)}); err != nil {
				return nil, err
			}
		}
		sx, sy := positive(d.Ks, d.Simulated)
		sx, sy = above(sx, sy, 1e-5)
		if len(sx) > 0 {
			if err := f.Scatter("", sx, sy, plots.Style{Color: plots.Color(i), Marker: markers[i%len(markers)], Radius: vg.Points(2)}); err != nil {
				return nil, err
			}
		}
	}
	return f, nil
}

// above keeps the points with y >= min (an exponential tail would
// otherwise stretch a log axis over hundreds of decades).
func above(x, y []float64, min float64) (xo, yo []float64) {
	for i := range x {
		if y[i] >= min {
			xo, yo = append(xo, x[i]), append(yo, y[i])
		}
	}
	return xo, yo
}

// PlotCurves draws -log(pass_B@k) of several analysed models with their
// least-squares lines (log-log): a model whose curve bends away from its
// line has no power law over this range.
func PlotCurves(ms []*ModelAnalysis, title string) (*plots.Figure, error) {
	f := plots.LogLog(title, "attempts k", "-log pass_B@k")
	for i, m := range ms {
		c := plots.Color(i)
		if err := line(f, fmt.Sprintf("%s (b=%.2f, R²=%.3f)", m.Model, m.LS.B, m.LS.R2), m.LS.Ks, m.LS.NegLogPass, plots.Style{Color: c, Width: vg.Points(2)}); err != nil {
			return nil, err
		}
		pred := make([]float64, len(m.LS.Ks))
		for j, k := range m.LS.Ks {
			pred[j] = m.LS.Predict(k)
		}
		if err := line(f, "", m.LS.Ks, pred, plots.Style{Color: c, Width: vg.Points(0.8), Dashed: true}); err != nil {
			return nil, err
		}
	}
	return f, nil
}
