package frontier

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

var (
	grey      = color.RGBA{R: 150, G: 150, B: 150, A: 255}
	bandColor = color.NRGBA{R: 31, G: 119, B: 180, A: 70}
)

// methodColor gives each method a fixed colour across figures.
func methodColor(m string) color.Color {
	for i, x := range methods {
		if x == m {
			return plotutil.Color(i)
		}
	}
	return color.Black
}

func scatter(z, y []float64, c color.Color, r vg.Length) (*plotter.Scatter, error) {
	xy := make(plotter.XYs, len(z))
	for i := range z {
		xy[i] = plotter.XY{X: z[i], Y: y[i]}
	}
	s, err := plotter.NewScatter(xy)
	if err != nil {
		return nil, err
	}
	s.GlyphStyle.Color = c
	s.GlyphStyle.Radius = r
	s.GlyphStyle.Shape = draw.CircleGlyph{}
	return s, nil
}

func zRange(z []float64) (float64, float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range z {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return lo, hi
}

func curveLine(f func(float64) float64, lo, hi float64, c color.Color, dashed bool) (*plotter.Line, error) {
	const n = 300
	xy := make(plotter.XYs, n)
	for k := range xy {
		z := lo + (hi-lo)*float64(k)/(n-1)
		xy[k] = plotter.XY{X: z, Y: f(z)}
	}
	l, err := plotter.NewLine(xy)
	if err != nil {
		return nil, err
	}
	l.Color = c
	l.Width = vg.Points(2)
	if dashed {
		l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
	}
	return l, nil
}

// PlotFrontier draws the task's scores against log10 FLOPs with the fitted
// frontiers (the first model solid, the others dashed) and, when band is
// non-nil, its bootstrap band. Each curve's legend label is its
// Model.Name(); labels that would repeat get " #2", " #3" and curves of a
// repeated method get their own colours, so every curve can be told apart.
func PlotFrontier(pts *Points, models []*Model, band *Band) (*plot.Plot, error) {
	if pts == nil || pts.Len() == 0 {
		return nil, fmt.Errorf("frontier: plot: no points")
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: 0.98-quantile frontier (n = %d)", pts.Task, pts.Len())
	p.X.Label.Text = "log10 pre-training compute (FLOPs)"
	p.Y.Label.Text = pts.Task + " score"
	p.Legend.Top = true
	p.Legend.Left = true
	lo, hi := zRange(pts.Z)
	if band != nil {
		poly := make(plotter.XYs, 0, 2*len(band.Grid))
		for k, g := range band.Grid {
			poly = append(poly, plotter.XY{X: g, Y: band.Hi[k]})
		}
		for k := len(band.Grid) - 1; k >= 0; k-- {
			poly = append(poly, plotter.XY{X: band.Grid[k], Y: band.Lo[k]})
		}
		pg, err := plotter.NewPolygon(poly)
		if err != nil {
			return nil, err
		}
		pg.Color = bandColor
		pg.LineStyle.Width = 0
		p.Add(pg)
		p.Legend.Add(fmt.Sprintf("%.0f%% bootstrap band", 100*band.Level), pg)
	}
	s, err := scatter(pts.Z, pts.Y, grey, vg.Points(1.5))
	if err != nil {
		return nil, err
	}
	p.Add(s)
	p.Legend.Add("models", s)
	labels := curveLabels(models)
	seenMethod := map[string]bool{}
	extra := 0
	for i, m := range models {
		if m == nil {
			continue
		}
		c := methodColor(m.Method)
		if seenMethod[m.Method] {
			c = plotutil.Color(len(methods) + extra)
			extra++
		}
		seenMethod[m.Method] = true
		l, err := curveLine(m.At, lo, hi, c, i > 0)
		if err != nil {
			return nil, err
		}
		p.Add(l)
		p.Legend.Add(labels[i], l)
	}
	p.Y.Min, p.Y.Max = 0, 1
	return p, nil
}

// curveLabels returns each model's Name, with " #k" appended to the k-th
// occurrence (k >= 2) of a name.
func curveLabels(models []*Model) []string {
	out := make([]string, len(models))
	count := map[string]int{}
	for i, m := range models {
		if m == nil {
			continue
		}
		n := m.Name()
		count[n]++
		if k := count[n]; k > 1 {
			n = fmt.Sprintf("%s #%d", n, k)
		}
		out[i] = n
	}
	return out
}

// PlotCoverage draws the signed coverage error of each method per test
// period, averaged over the splits every method evaluated (as Summarize),
// with the zero line.
func PlotCoverage(rows []SplitResult) (*plot.Plot, error) {
	rows = CommonSplits(rows)
	var periods []string
	seen := map[string]int{}
	for _, r := range rows {
		if _, ok := seen[r.Test]; !ok {
			seen[r.Test] = len(periods)
			periods = append(periods, r.Test)
		}
	}
	if len(periods) == 0 {
		return nil, fmt.Errorf("frontier: coverage plot: no split was evaluated by every method")
	}
	p := plot.New()
	p.Title.Text = "Out-of-period coverage error (coverage - tau), mean over tasks"
	p.X.Label.Text = "test period"
	p.Y.Label.Text = "signed coverage error"
	p.Legend.Top = true
	names := make([]string, len(periods))
	copy(names, periods)
	p.NominalX(names...)
	zero, _ := plotter.NewLine(plotter.XYs{{X: -0.5, Y: 0}, {X: float64(len(periods)) - 0.5, Y: 0}})
	zero.Color = color.Black
	zero.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
	p.Add(zero)
	for mi, m := range methods {
		sum := make([]float64, len(periods))
		cnt := make([]int, len(periods))
		for _, r := range rows {
			if r.Method == m && r.Err == "" {
				k := seen[r.Test]
				sum[k] += r.CoverageError
				cnt[k]++
			}
		}
		var xy plotter.XYs
		for k := range periods {
			if cnt[k] > 0 {
				// small horizontal offset keeps the methods apart
				xy = append(xy, plotter.XY{X: float64(k) + 0.08*float64(mi-1), Y: sum[k] / float64(cnt[k])})
			}
		}
		if len(xy) == 0 {
			continue
		}
		l, s, err := plotter.NewLinePoints(xy)
		if err != nil {
			return nil, err
		}
		l.Color = methodColor(m)
		s.GlyphStyle.Color = methodColor(m)
		s.GlyphStyle.Radius = vg.Points(3)
		p.Add(l, s)
		p.Legend.Add(m, l, s)
	}
	return p, nil
}

// PlotDesign marks the selected models on the task's scatter, with the
// reference frontier.
func PlotDesign(pts *Points, selected []int, ref Params, title string) (*plot.Plot, error) {
	if pts == nil || pts.Len() == 0 {
		return nil, fmt.Errorf("frontier: design plot: no points")
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "log10 pre-training compute (FLOPs)"
	p.Y.Label.Text = pts.Task + " score"
	p.Legend.Top = true
	p.Legend.Left = true
	all, err := scatter(pts.Z, pts.Y, grey, vg.Points(1.5))
	if err != nil {
		return nil, err
	}
	p.Add(all)
	p.Legend.Add("candidates", all)
	var sz, sy []float64
	for _, i := range selected {
		if i < 0 || i >= pts.Len() {
			return nil, fmt.Errorf("frontier: design plot: selected index %d out of range", i)
		}
		sz, sy = append(sz, pts.Z[i]), append(sy, pts.Y[i])
	}
	sel, err := scatter(sz, sy, color.RGBA{R: 214, G: 39, B: 40, A: 255}, vg.Points(3))
	if err != nil {
		return nil, err
	}
	p.Add(sel)
	p.Legend.Add(fmt.Sprintf("selected (%d)", len(selected)), sel)
	lo, hi := zRange(pts.Z)
	l, err := curveLine(ref.At, lo, hi, methodColor(MethodSigmoid), false)
	if err != nil {
		return nil, err
	}
	p.Add(l)
	p.Legend.Add("reference frontier", l)
	p.Y.Min, p.Y.Max = 0, 1
	return p, nil
}

// PlotBudget draws the maximum frontier gap against the budget fraction
// for the I-optimal, balanced and random selections (random: mean with
// +-1 s.d. bars).
func PlotBudget(task string, pts []BudgetPoint) (*plot.Plot, error) {
	if len(pts) == 0 {
		return nil, fmt.Errorf("frontier: budget plot: no points")
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: refitted frontier vs full-data frontier", task)
	p.X.Label.Text = "budget fraction (share of total evaluation cost)"
	p.Y.Label.Text = "max |q_subset - q_full|"
	p.Legend.Top = true
	add := func(name string, c color.Color, f func(BudgetPoint) float64, sd func(BudgetPoint) float64) error {
		var xy plotter.XYs
		var ee plotter.YErrors
		for _, b := range pts {
			v := f(b)
			if math.IsNaN(v) {
				continue
			}
			xy = append(xy, plotter.XY{X: b.Fraction, Y: v})
			if sd != nil {
				e := sd(b)
				ee = append(ee, struct{ Low, High float64 }{e, e})
			}
		}
		if len(xy) == 0 {
			return nil
		}
		l, s, err := plotter.NewLinePoints(xy)
		if err != nil {
			return err
		}
		l.Color, s.GlyphStyle.Color, s.GlyphStyle.Radius = c, c, vg.Points(3)
		p.Add(l, s)
		p.Legend.Add(name, l, s)
		if sd != nil {
			eb, err := plotter.NewYErrorBars(struct {
				plotter.XYs
				plotter.YErrors
			}{xy, ee})
			if err != nil {
				return err
			}
			eb.Color = c
			p.Add(eb)
		}
		return nil
	}
	if err := add("I-optimal", plotutil.Color(0), func(b BudgetPoint) float64 { return b.Gap }, nil); err != nil {
		return nil, err
	}
	if err := add("I-optimal, balanced", plotutil.Color(2), func(b BudgetPoint) float64 { return b.BalancedGap }, nil); err != nil {
		return nil, err
	}
	if err := add("random (mean +- s.d.)", plotutil.Color(1), func(b BudgetPoint) float64 { return b.RandomGap },
		func(b BudgetPoint) float64 { return b.RandomGapSD }); err != nil {
		return nil, err
	}
	p.Y.Min = 0
	return p, nil
}
