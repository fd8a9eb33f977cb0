package plots

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// PairOptions configures Pair. The zero value draws 30-bin histograms and
// every sample, with no reference marks.
type PairOptions struct {
	// Title is drawn above the grid.
	Title string
	// Estimate marks the point estimate of every parameter (a solid line
	// on the histograms, a cross on the scatter panels); nil for none.
	Estimate []float64
	// Reference marks published values (dashed, a second colour), as
	// Epoch AI's corner plot marks Hoffmann et al.'s estimates; nil for
	// none.
	Reference []float64
	// Bins is the number of histogram bins (zero: 30).
	Bins int
	// Log draws parameter j on a log axis where Log[j] is true (all
	// samples must then be positive); nil for none.
	Log []bool
	// Width, Height and DPI set the grid's size (zero: 2 inches per
	// parameter, at least 6, and 96 dpi).
	Width, Height vg.Length
	DPI           int
}

// Pair draws a corner plot of bootstrap samples (samples[j][r] is parameter
// j in resample r): a histogram of each parameter on the diagonal and a
// scatter of every pair below it, with optional marks for the point
// estimate and published values, the figure Epoch AI draws for its
// Chinchilla replication.
func Pair(names []string, samples [][]float64, opt PairOptions) (*Grid, error) {
	k := len(names)
	if k == 0 || len(samples) != k {
		return nil, fmt.Errorf("plots: Pair: %d names for %d sample columns", k, len(samples))
	}
	n := len(samples[0])
	if n < 2 {
		return nil, fmt.Errorf("plots: Pair: %d samples, need at least 2", n)
	}
	for j, s := range samples {
		if len(s) != n {
			return nil, fmt.Errorf("plots: Pair: %s has %d samples, %s has %d", names[j], len(s), names[0], n)
		}
	}
	for _, m := range []struct {
		what string
		v    []float64
	}{{"Estimate", opt.Estimate}, {"Reference", opt.Reference}} {
		if m.v != nil && len(m.v) != k {
			return nil, fmt.Errorf("plots: Pair: %d %s values for %d parameters", len(m.v), m.what, k)
		}
	}
	if opt.Log != nil && len(opt.Log) != k {
		return nil, fmt.Errorf("plots: Pair: %d Log flags for %d parameters", len(opt.Log), k)
	}
	if opt.Bins < 0 {
		return nil, fmt.Errorf("plots: Pair: %d bins", opt.Bins)
	}
	bins := opt.Bins
	if bins == 0 {
		bins = 30
	}
	logOf := func(j int) bool { return opt.Log != nil && opt.Log[j] }
	for j, s := range samples {
		for r, v := range s {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("plots: Pair: %s sample %d = %v is not finite", names[j], r, v)
			}
			if logOf(j) && v <= 0 {
				return nil, fmt.Errorf("plots: Pair: %s sample %d = %v cannot be shown on a log axis", names[j], r, v)
			}
		}
	}
	est, ref := Color(3), Color(1)
	panels := make([][]*plot.Plot, k)
	for i := range panels {
		panels[i] = make([]*plot.Plot, k)
		for j := 0; j <= i; j++ {
			f := New(Axes{LogX: logOf(j), LogY: i != j && logOf(i)})
			p := f.Plot
			p.Legend = plot.NewLegend()
			p.X.Tick.Label.Font.Size = vg.Points(7)
			p.Y.Tick.Label.Font.Size = vg.Points(7)
			if i == k-1 {
				p.X.Label.Text = names[j]
			} else {
				p.X.Tick.Label.Color = color.Transparent
			}
			if j == 0 && i != 0 {
				p.Y.Label.Text = names[i]
			} else {
				p.Y.Tick.Label.Color = color.Transparent
			}
			if i == j {
				vals := samples[j]
				if logOf(j) {
					vals = logValues(vals)
					// histogram in log10 space, drawn on a linear axis
					setScale(&p.X, false)
					p.X.Label.Text = "log10 " + p.X.Label.Text
					if i != k-1 {
						p.X.Label.Text = ""
					}
				}
				if err := f.Hist("", vals, bins, Style{Color: Color(0)}); err != nil {
					return nil, err
				}
				for _, m := range []struct {
					v      []float64
					c      color.Color
					dashed bool
				}{{opt.Estimate, est, false}, {opt.Reference, ref, true}} {
					if m.v == nil {
						continue
					}
					x := m.v[j]
					if logOf(j) {
						x = math.Log10(x)
					}
					if err := f.VLine("", x, Style{Color: m.c, Dashed: m.dashed}); err != nil {
						return nil, err
					}
				}
			} else {
				if err := f.Scatter("", samples[j], samples[i], Style{Color: Color(0), Alpha: scatterAlpha(n), Radius: vg.Points(1)}); err != nil {
					return nil, err
				}
				for _, m := range []struct {
					v []float64
					c color.Color
				}{{opt.Estimate, est}, {opt.Reference, ref}} {
					if m.v == nil {
						continue
					}
					s, err := plotter.NewScatter(plotter.XYs{{X: m.v[j], Y: m.v[i]}})
					if err != nil {
						return nil, fmt.Errorf("plots: Pair: %w", err)
					}
					s.GlyphStyle = draw.GlyphStyle{Color: m.c, Shape: draw.CrossGlyph{}, Radius: vg.Points(4)}
					if err := f.Add("", s); err != nil {
						return nil, err
					}
				}
			}
			panels[i][j] = p
		}
	}
	w, h := opt.Width, opt.Height
	side := vg.Length(math.Max(6, 2*float64(k))) * vg.Inch
	if w == 0 {
		w = side
	}
	if h == 0 {
		h = side
	}
	return &Grid{Panels: panels, Title: opt.Title, Width: w, Height: h, DPI: opt.DPI}, nil
}

func logValues(v []float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = math.Log10(x)
	}
	return out
}

// scatterAlpha keeps thousands of bootstrap points readable.
func scatterAlpha(n int) float64 {
	return math.Max(0.08, math.Min(0.8, 60/float64(n)))
}

// Residuals draws a residual plot: observed minus predicted against x,
// with a zero line. With ax.LogY the residual is log(observed/predicted)
// (the natural residual of a law fitted in log space; observed and
// predicted must then be positive) and the y axis stays linear. The
// y label defaults to "residual" or "log residual".
func Residuals(ax Axes, name string, x, observed, predicted []float64) (*Figure, error) {
	nm := nameOr(name)
	if len(observed) != len(x) || len(predicted) != len(x) {
		return nil, fmt.Errorf("plots: Residuals %s: %d x values, %d observed, %d predicted", nm, len(x), len(observed), len(predicted))
	}
	logRes := ax.LogY
	ax.LogY = false
	if ax.YLabel == "" {
		ax.YLabel = "residual"
		if logRes {
			ax.YLabel = "log residual (log observed/predicted)"
		}
	}
	f := New(ax)
	r := make([]float64, len(x))
	for i := range x {
		o, p := observed[i], predicted[i]
		if logRes {
			if !(o > 0 && p > 0) {
				return nil, fmt.Errorf("plots: Residuals %s row %d: observed %v and predicted %v must be positive for log residuals", nm, i, o, p)
			}
			r[i] = math.Log(o / p)
		} else {
			r[i] = o - p
		}
	}
	if err := f.HLine("", 0, Style{Color: color.Gray{Y: 90}, Width: vg.Points(1)}); err != nil {
		return nil, err
	}
	if err := f.Scatter(name, x, r); err != nil {
		return nil, err
	}
	return f, nil
}
