package geneval

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/gophernote/gophernote/fitlib/plots"
)

// newPlot returns a figure with a title, axis labels and optional log
// axes (fitlib/plots: readable ticks at any range, one palette).
func newPlot(title, x, y string, logX, logY bool) *plots.Figure {
	return plots.New(plots.Axes{Title: title, XLabel: x, YLabel: y, LogX: logX, LogY: logY})
}

// xys keeps the finite points (positive on log axes): log scales panic on
// values <= 0, and fitlib never panics on user data.
func xys(x, y []float64, logX, logY bool) plotter.XYs {
	var out plotter.XYs
	for i := range x {
		if i >= len(y) {
			break
		}
		a, b := x[i], y[i]
		if math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) || (logX && a <= 0) || (logY && b <= 0) {
			continue
		}
		out = append(out, plotter.XY{X: a, Y: b})
	}
	return out
}

func split(pts plotter.XYs) (x, y []float64) {
	for _, p := range pts {
		x, y = append(x, p.X), append(y, p.Y)
	}
	return x, y
}

// addLine draws pts in palette colour i (dashed when asked, or from the
// eleventh colour on, where the palette repeats).
func addLine(f *plots.Figure, pts plotter.XYs, i int, label string, dashed bool) error {
	if len(pts) == 0 {
		return nil
	}
	x, y := split(pts)
	return f.Line(label, x, y, plots.Style{Color: plots.Color(i), Dashed: dashed || i >= 10, Width: vg.Points(1.3)})
}

func addPoints(f *plots.Figure, pts plotter.XYs, i int, label string) error {
	if len(pts) == 0 {
		return nil
	}
	x, y := split(pts)
	return f.Scatter(label, x, y, plots.Style{Color: plots.Color(i), Radius: vg.Points(2.2)})
}

func floatsOf(ks []int) []float64 {
	out := make([]float64, len(ks))
	for i, k := range ks {
		out[i] = float64(k)
	}
	return out
}

// PlotPassAtK draws pass@k against k on log-log axes, one line per curve:
// curves[i][j] is the pass@k of labels[i] at ks[j] (NaN or 0 are skipped).
func PlotPassAtK(title string, ks []int, curves [][]float64, labels []string) (*plots.Figure, error) {
	if len(curves) != len(labels) {
		return nil, fmt.Errorf("geneval: PlotPassAtK: %d curves and %d labels", len(curves), len(labels))
	}
	p := newPlot(title, "k (samples)", "pass@k", true, true)
	for i, c := range curves {
		if len(c) != len(ks) {
			return nil, fmt.Errorf("geneval: PlotPassAtK: curve %q has %d values for %d k", labels[i], len(c), len(ks))
		}
		if err := addLine(p, xys(floatsOf(ks), c, true, true), i, labels[i], false); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// PlotLawVsCompute draws the observed -log pass_B@k against compute for the
// given fits of one grid (one colour per k) with the fitted law: a line for
// the compute law; for the parameters+tokens law one dashed line per model
// size across its token counts; for the gold-reference law the law evaluated
// at each checkpoint's -log GoldProb_B, joined in compute order.
func PlotLawVsCompute(b *Benchmark, gold []Gold, g *GridFit, ks []int) (*plots.Figure, error) {
	if b == nil || g == nil {
		return nil, fmt.Errorf("geneval: PlotLawVsCompute: nil counts or grid")
	}
	p := newPlot(fmt.Sprintf("%s law, %s", g.Law, shortName(b.File)), "compute C = 6ND (FLOPs)", "-log pass@k", true, true)
	for ci, k := range ks {
		fi := -1
		for i, kk := range g.K {
			if kk == k {
				fi = i
			}
		}
		if fi < 0 {
			return nil, fmt.Errorf("geneval: PlotLawVsCompute: k=%d was not fitted (fitted: %v)", k, g.K)
		}
		f := g.Fits[fi]
		o, err := Observe(b, gold, g.Law, k)
		if err != nil {
			return nil, err
		}
		if err := addPoints(p, xys(o.Compute, o.Y, true, true), ci, fmt.Sprintf("k=%d", k)); err != nil {
			return nil, err
		}
		ox1, ox2 := o.columns()
		switch g.Law {
		case LawCompute:
			lo, hi := minOf(o.Compute), maxOf(o.Compute)
			var cs []float64
			for i := 0; i <= 60; i++ {
				cs = append(cs, lo*math.Pow(hi/lo, float64(i)/60))
			}
			pred, err := g.Law.Predict(f.Params, map[string][]float64{"C": cs})
			if err != nil {
				return nil, err
			}
			err = addLine(p, xys(cs, pred, true, true), ci, "", false)
			if err != nil {
				return nil, err
			}
		case LawParamsTokens:
			sizes := map[float64]bool{}
			for _, n := range ox1 {
				sizes[n] = true
			}
			for n := range sizes {
				var ds []float64
				for i := range ox1 {
					if ox1[i] == n {
						ds = append(ds, ox2[i])
					}
				}
				lo, hi := minOf(ds), maxOf(ds)
				var cs, ns, dd []float64
				for i := 0; i <= 30; i++ {
					d := lo * math.Pow(hi/lo, float64(i)/30)
					dd, ns, cs = append(dd, d), append(ns, n), append(cs, FLOPsPerParamToken*n*d)
				}
				pred, err := g.Law.Predict(f.Params, map[string][]float64{"N": ns, "D": dd})
				if err != nil {
					return nil, err
				}
				if err := addLine(p, xys(cs, pred, true, true), ci, "", true); err != nil {
					return nil, err
				}
			}
		case LawGoldReference:
			idx := make([]int, len(o.Compute))
			for i := range idx {
				idx[i] = i
			}
			sort.Slice(idx, func(a, b int) bool { return o.Compute[idx[a]] < o.Compute[idx[b]] })
			var cs, xs []float64
			for _, i := range idx {
				cs, xs = append(cs, o.Compute[i]), append(xs, ox1[i])
			}
			pred, err := g.Law.Predict(f.Params, map[string][]float64{"G": xs})
			if err != nil {
				return nil, err
			}
			if err := addLine(p, xys(cs, pred, true, true), ci, "", true); err != nil {
				return nil, err
			}
		}
	}
	return p, nil
}

// PlotParamVsK draws one fitted parameter against k for one or more grid
// fits (e.g. GSM8K and MATH) on log-log axes: exponents change by factors
// across k, and the degenerate fits at the largest k (exponents above 10)
// stay on the chart without flattening the rest.
func PlotParamVsK(name string, grids []*GridFit) (*plots.Figure, error) {
	logY := true
	p := newPlot(fmt.Sprintf("%s(k)", name), "k", name, true, logY)
	for i, g := range grids {
		if g == nil {
			return nil, fmt.Errorf("geneval: PlotParamVsK: grid %d is nil", i)
		}
		v, err := g.Series(name)
		if err != nil {
			return nil, err
		}
		if logY {
			// Constant terms fitted at ~0 would dominate a log axis.
			for j := range v {
				if irreducible(name) && v[j] < 1e-4 {
					v[j] = 1e-4
				}
			}
		}
		label := fmt.Sprintf("%s (%s)", shortName(g.Benchmark), g.Law)
		if err := addLine(p, xys(floatsOf(g.K), v, true, logY), i, label, false); err != nil {
			return nil, err
		}
		if err := addPoints(p, xys(floatsOf(g.K), v, true, logY), i, ""); err != nil {
			return nil, err
		}
	}
	if irreducible(name) {
		p.Plot.Title.Text += " (values below 1e-4 drawn at 1e-4)"
	}
	return p, nil
}

// PlotStability draws the shape parameters of a backtest (exponents divided
// by their full-data value; the constant term as 1 + its difference from
// the full-data value, since it is compared in absolute nats) against
// C_max/C_target, with the tolerance band 1 +- Tolerance. Prefactors, which
// trade off against the exponents, are left out as in SettleOrders.
func PlotStability(bt *BacktestResult) (*plots.Figure, error) {
	if bt == nil {
		return nil, fmt.Errorf("geneval: PlotStability: nil backtest")
	}
	p := newPlot(fmt.Sprintf("parameter stability, %s law, k=%d", bt.Law, bt.K), "C_max / C_target", "parameter / full-data value", true, true)
	for j, n := range bt.Names {
		if prefactor(n) {
			continue
		}
		var x, y []float64
		for i, r := range bt.Ratios {
			v := bt.Params[i][j] / bt.Full[j]
			if irreducible(n) {
				v = 1 + bt.Params[i][j] - bt.Full[j]
			}
			x, y = append(x, r), append(y, v)
		}
		label := n
		if irreducible(n) {
			label = n + " (1 + difference)"
		}
		if err := addLine(p, xys(x, y, true, true), j, label, false); err != nil {
			return nil, err
		}
		if err := addPoints(p, xys(x, y, true, true), j, ""); err != nil {
			return nil, err
		}
	}
	lo, hi := minOf(bt.Ratios), maxOf(bt.Ratios)
	for _, v := range []float64{1 - bt.Tolerance, 1 + bt.Tolerance} {
		if err := addLine(p, plotter.XYs{{X: lo, Y: v}, {X: hi, Y: v}}, 7, "", true); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// PlotBacktestError draws |predicted - observed| / observed pass@k of the
// target against C_max/C_target, one line per backtest (log axes).
func PlotBacktestError(bts []*BacktestResult) (*plots.Figure, error) {
	if len(bts) == 0 {
		return nil, fmt.Errorf("geneval: PlotBacktestError: no backtests")
	}
	p := newPlot(fmt.Sprintf("backtest: predicting %s", bts[0].Target), "C_max / C_target", "relative error of predicted pass@k", true, true)
	for i, bt := range bts {
		if bt == nil {
			return nil, fmt.Errorf("geneval: PlotBacktestError: backtest %d is nil", i)
		}
		label := fmt.Sprintf("%s, k=%d", bt.Law, bt.K)
		if err := addLine(p, xys(bt.Ratios, bt.RelError, true, true), i, label, false); err != nil {
			return nil, err
		}
		if err := addPoints(p, xys(bt.Ratios, bt.RelError, true, true), i, ""); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// PlotEnvelope draws the reducible loss C0 C^-alpha of the compute-optimal
// envelope over [cmin, cmax] FLOPs with allocations r times off the optimum
// (Phi(r) C0 C^-alpha, dashed) and the fixed tokens-per-parameter path whose
// ratio is optimal at sqrt(cmin cmax) (dotted).
func PlotEnvelope(e Envelope, cmin, cmax float64, rs []float64) (*plots.Figure, error) {
	if err := e.Validate(); err != nil {
		return nil, err
	}
	if !(cmin > 0) || !(cmax > cmin) || math.IsInf(cmax, 1) {
		return nil, fmt.Errorf("geneval: PlotEnvelope: compute range [%v, %v], need 0 < cmin < cmax", cmin, cmax)
	}
	p := newPlot("compute-optimal envelope", "compute C (FLOPs)", "reducible loss", true, true)
	var cs []float64
	for i := 0; i <= 80; i++ {
		cs = append(cs, cmin*math.Pow(cmax/cmin, float64(i)/80))
	}
	env := make([]float64, len(cs))
	for i, c := range cs {
		env[i] = e.OptimalReducible(c)
	}
	if err := addLine(p, xys(cs, env, true, true), 0, fmt.Sprintf("envelope, alpha=%.3f", e.Alpha()), false); err != nil {
		return nil, err
	}
	for j, r := range rs {
		if !(r > 0) {
			return nil, fmt.Errorf("geneval: PlotEnvelope: mismatch r[%d] = %v, need > 0", j, r)
		}
		y := make([]float64, len(cs))
		for i, c := range cs {
			y[i] = e.Reducible(r*e.NOpt(c), e.DOpt(c)/r)
		}
		if err := addLine(p, xys(cs, y, true, true), j+1, fmt.Sprintf("N = %g N*, Phi=%.3f", r, e.Phi(r)), true); err != nil {
			return nil, err
		}
	}
	mid := math.Sqrt(cmin * cmax)
	rho := e.OptimalRatio(mid)
	y := make([]float64, len(cs))
	for i, c := range cs {
		n, d := e.PathAllocation(c, rho)
		y[i] = e.Reducible(n, d)
	}
	px, py := split(xys(cs, y, true, true))
	if err := p.Line(fmt.Sprintf("fixed D/N = %.3g, slope -> %.3f", rho, e.PathAlpha()), px, py, plots.Style{Color: plots.Color(len(rs) + 1), Dotted: true}); err != nil {
		return nil, err
	}
	return p, nil
}

// PlotPhi draws the mismatch penalty Phi(r) and its quadratic approximation
// over r in [rmin, rmax] (log r axis), with the effective-compute multiplier
// Phi^(-1/alpha) on the same axes.
func PlotPhi(e Envelope, rmin, rmax float64) (*plots.Figure, error) {
	if err := e.Validate(); err != nil {
		return nil, err
	}
	if !(rmin > 0) || !(rmax > rmin) || math.IsInf(rmax, 1) {
		return nil, fmt.Errorf("geneval: PlotPhi: r range [%v, %v], need 0 < rmin < rmax", rmin, rmax)
	}
	p := newPlot("mismatch penalty", "r = N / N*(C)", "factor", true, false)
	var rs, phi, quad, eff []float64
	for i := 0; i <= 100; i++ {
		r := rmin * math.Pow(rmax/rmin, float64(i)/100)
		rs, phi, quad, eff = append(rs, r), append(phi, e.Phi(r)), append(quad, e.PhiQuadratic(r)), append(eff, e.EffectiveCompute(r))
	}
	if err := addLine(p, xys(rs, phi, true, false), 0, "Phi(r)", false); err != nil {
		return nil, err
	}
	if err := addLine(p, xys(rs, quad, true, false), 1, "1 + (beta gamma/2) log^2 r", true); err != nil {
		return nil, err
	}
	if err := addLine(p, xys(rs, eff, true, false), 2, "effective compute Phi^(-1/alpha)", false); err != nil {
		return nil, err
	}
	return p, nil
}

func maxOf(x []float64) float64 {
	m := math.Inf(-1)
	for _, v := range x {
		m = math.Max(m, v)
	}
	return m
}

// shortName turns ".../gsm8k_per_problem_counts.csv" into "gsm8k".
func shortName(file string) string {
	base := file
	for i := len(base) - 1; i >= 0; i-- {
		if base[i] == '/' {
			base = base[i+1:]
			break
		}
	}
	for _, suf := range []string{"_per_problem_counts.csv", ".csv"} {
		if len(base) > len(suf) && base[len(base)-len(suf):] == suf {
			return base[:len(base)-len(suf)]
		}
	}
	return base
}

// PlotCheckpointsPassAtK draws pass_B@k against k (log-log) for the
// checkpoints of b trained on the given number of tokens, one line per
// model size, over the k of ks that each checkpoint's samples allow.
func PlotCheckpointsPassAtK(b *Benchmark, tokens float64, ks []int) (*plots.Figure, error) {
	if b == nil {
		return nil, fmt.Errorf("geneval: PlotCheckpointsPassAtK: nil counts")
	}
	var curves [][]float64
	var labels []string
	for _, ck := range b.Checkpoints {
		if ck.Tokens != tokens {
			continue
		}
		c := make([]float64, len(ks))
		for j, k := range ks {
			c[j] = math.NaN()
			if k <= ck.Counts.MinSamples() {
				v, err := ck.Counts.PassAtK(k)
				if err != nil {
					return nil, fmt.Errorf("checkpoint %s: %w", ck.Name, err)
				}
				c[j] = v
			}
		}
		curves = append(curves, c)
		labels = append(labels, ck.Name)
	}
	if len(curves) == 0 {
		return nil, fmt.Errorf("geneval: %s has no checkpoint trained on %g tokens", b.File, tokens)
	}
	return PlotPassAtK(fmt.Sprintf("%s, checkpoints at %.3g tokens", shortName(b.File), tokens), ks, curves, labels)
}
