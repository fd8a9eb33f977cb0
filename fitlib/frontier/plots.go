package frontier

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"

	"github.com/gophernote/gophernote/fitlib/plots"
)

var grey = color.NRGBA{R: 150, G: 150, B: 150, A: 255}

// methodColor gives each method a fixed colour of the fitlib palette
// across figures.
func methodColor(m Method) color.Color {
	for i, x := range methods {
		if x == m {
			return plots.Color(i)
		}
	}
	return color.Black
}

func zRange(z []float64) (float64, float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range z {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return lo, hi
}

// curve samples f at 300 points of [lo, hi].
func curve(f func(float64) float64, lo, hi float64) (x, y []float64) {
	const n = 300
	x, y = make([]float64, n), make([]float64, n)
	for k := range x {
		x[k] = lo + (hi-lo)*float64(k)/(n-1)
		y[k] = f(x[k])
	}
	return x, y
}

// PlotFrontier draws the task's scores against log10 FLOPs with the fitted
// frontiers (the first solid, the others dashed) and, when boot is
// non-nil, its bootstrap band. Each curve's legend label is its
// MethodFit.Name(); labels that would repeat get " #2", " #3" and curves
// of a repeated method get their own colours, so every curve can be told
// apart.
func PlotFrontier(pts *Points, fits []*MethodFit, boot *BootstrapResult) (*plots.Figure, error) {
	if pts == nil || pts.Len() == 0 {
		return nil, fmt.Errorf("frontier: plot: no points")
	}
	f := plots.New(plots.Axes{Title: fmt.Sprintf("%s: 0.98-quantile frontier (n = %d)", pts.Task, pts.Len()),
		XLabel: "log10 pre-training compute (FLOPs)", YLabel: pts.Task + " score"})
	lo, hi := zRange(pts.Z)
	if boot != nil && len(boot.Grid) > 0 {
		if err := f.Band(fmt.Sprintf("%.0f%% bootstrap band", 100*boot.Level), boot.Grid, boot.BandLo, boot.BandHi, plots.Style{Color: methodColor(MethodSigmoid)}); err != nil {
			return nil, err
		}
	}
	if err := f.Scatter("models", pts.Z, pts.Y, plots.Style{Color: grey, Radius: vg.Points(1.5)}); err != nil {
		return nil, err
	}
	labels := curveLabels(fits)
	seenMethod := map[Method]bool{}
	extra := 0
	for i, m := range fits {
		if m == nil {
			continue
		}
		c := methodColor(m.Method)
		if seenMethod[m.Method] {
			c = plots.Color(len(methods) + extra)
			extra++
		}
		seenMethod[m.Method] = true
		x, y := curve(m.At, lo, hi)
		if err := f.Line(labels[i], x, y, plots.Style{Color: c, Width: vg.Points(2), Dashed: i > 0}); err != nil {
			return nil, err
		}
	}
	if err := f.YLim(0, 1); err != nil {
		return nil, err
	}
	return f, f.Legend("top left")
}

// curveLabels returns each fit's Name, with " #k" appended to the k-th
// occurrence (k >= 2) of a name.
func curveLabels(fits []*MethodFit) []string {
	out := make([]string, len(fits))
	count := map[string]int{}
	for i, m := range fits {
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
func PlotCoverage(rows []SplitResult) (*plots.Figure, error) {
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
	f := plots.New(plots.Axes{Title: "Out-of-period coverage error (coverage - tau), mean over tasks",
		XLabel: "test period", YLabel: "signed coverage error"})
	f.Plot.NominalX(periods...)
	if err := f.HLine("", 0, plots.Style{Color: color.Black, Width: vg.Points(1), Dashed: true}); err != nil {
		return nil, err
	}
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
		var x, y []float64
		for k := range periods {
			if cnt[k] > 0 {
				// small horizontal offset keeps the methods apart
				x, y = append(x, float64(k)+0.08*float64(mi-1)), append(y, sum[k]/float64(cnt[k]))
			}
		}
		if len(x) == 0 {
			continue
		}
		st := plots.Style{Color: methodColor(m), Radius: vg.Points(3)}
		if err := f.Line(m.String(), x, y, st); err != nil {
			return nil, err
		}
		if err := f.Scatter("", x, y, st); err != nil {
			return nil, err
		}
	}
	return f, f.Legend("top right")
}

// PlotDesign marks the selected models on the task's scatter, with the
// reference frontier.
func PlotDesign(pts *Points, selected []int, ref Params, title string) (*plots.Figure, error) {
	if pts == nil || pts.Len() == 0 {
		return nil, fmt.Errorf("frontier: design plot: no points")
	}
	f := plots.New(plots.Axes{Title: title, XLabel: "log10 pre-training compute (FLOPs)", YLabel: pts.Task + " score"})
	if err := f.Scatter("candidates", pts.Z, pts.Y, plots.Style{Color: grey, Radius: vg.Points(1.5)}); err != nil {
		return nil, err
	}
	var sz, sy []float64
	for _, i := range selected {
		if i < 0 || i >= pts.Len() {
			return nil, fmt.Errorf("frontier: design plot: selected index %d out of range", i)
		}
		sz, sy = append(sz, pts.Z[i]), append(sy, pts.Y[i])
	}
	if err := f.Scatter(fmt.Sprintf("selected (%d)", len(selected)), sz, sy, plots.Style{Color: plots.Color(3), Radius: vg.Points(3)}); err != nil {
		return nil, err
	}
	lo, hi := zRange(pts.Z)
	x, y := curve(ref.At, lo, hi)
	if err := f.Line("reference frontier", x, y, plots.Style{Color: methodColor(MethodSigmoid), Width: vg.Points(2)}); err != nil {
		return nil, err
	}
	if err := f.YLim(0, 1); err != nil {
		return nil, err
	}
	return f, f.Legend("top left")
}

// PlotBudget draws the maximum frontier gap against the budget fraction
// for the I-optimal, balanced and random selections (random: mean with
// +-1 s.d. bars).
func PlotBudget(task string, pts []BudgetPoint) (*plots.Figure, error) {
	if len(pts) == 0 {
		return nil, fmt.Errorf("frontier: budget plot: no points")
	}
	f := plots.New(plots.Axes{Title: fmt.Sprintf("%s: refitted frontier vs full-data frontier", task),
		XLabel: "budget fraction (share of total evaluation cost)", YLabel: "max |q_subset - q_full|"})
	add := func(name string, c color.Color, val func(BudgetPoint) float64, sd func(BudgetPoint) float64) error {
		var x, y, lo, hi []float64
		for _, b := range pts {
			v := val(b)
			if math.IsNaN(v) {
				continue
			}
			x, y = append(x, b.Fraction), append(y, v)
			if sd != nil {
				lo, hi = append(lo, v-sd(b)), append(hi, v+sd(b))
			}
		}
		if len(x) == 0 {
			return nil
		}
		st := plots.Style{Color: c, Radius: vg.Points(3)}
		if sd != nil {
			if err := f.ErrorBars("", x, y, lo, hi, st); err != nil {
				return err
			}
		} else if err := f.Scatter("", x, y, st); err != nil {
			return err
		}
		return f.Line(name, x, y, st)
	}
	if err := add("I-optimal", plots.Color(0), func(b BudgetPoint) float64 { return b.Gap }, nil); err != nil {
		return nil, err
	}
	if err := add("I-optimal, balanced", plots.Color(2), func(b BudgetPoint) float64 { return b.BalancedGap }, nil); err != nil {
		return nil, err
	}
	if err := add("random (mean +- s.d.)", plots.Color(1), func(b BudgetPoint) float64 { return b.RandomGap },
		func(b BudgetPoint) float64 { return b.RandomGapSD }); err != nil {
		return nil, err
	}
	return f, f.Legend("top right")
}
