package chinchilla

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/gophernote/gophernote/fitlib/fit"
)

// ExprLossOpt is the loss of the compute-optimal allocation,
// L(N_opt(C), D_opt(C)), in the log-form parameter names (see ExprNOpt).
const ExprLossOpt = "exp(e) + exp(a)*((alpha*exp(a)/(beta*exp(b)))^(1/(alpha + beta)) * (C/6)^(beta/(alpha + beta)))^(-alpha)" +
	" + exp(b)*((alpha*exp(a)/(beta*exp(b)))^(-1/(alpha + beta)) * (C/6)^(alpha/(alpha + beta)))^(-beta)"

// BandPlot draws estimates of one quantity over x (log axis): the fitted
// curve and each estimate's interval as a shaded band (the first in blue,
// the second in orange; a nil estimate is skipped), with the runs' (C,
// loss) as points when runs is non-nil. Meant for fit.Derive and
// BootstrapResult.Derive results on a grid of compute, such as
// ExprLossOpt or ExprNOpt. (Kept here until fitlib/plots has a band
// helper.)
func BandPlot(x []float64, first, second *fit.Estimate, runs *Runs, title, ylabel string) (*plot.Plot, error) {
	if first == nil {
		return nil, fmt.Errorf("chinchilla: BandPlot needs at least one estimate")
	}
	pl := plot.New()
	pl.Title.Text = title
	pl.X.Label.Text = "training FLOPs C"
	pl.Y.Label.Text = ylabel
	pl.X.Scale = plot.LogScale{}
	pl.X.Tick.Marker = plot.LogTicks{Prec: 1}
	if runs != nil {
		var xy plotter.XYs
		for i := range runs.C {
			xy = append(xy, plotter.XY{X: runs.C[i], Y: runs.Loss[i]})
		}
		s, err := plotter.NewScatter(xy)
		if err != nil {
			return nil, err
		}
		s.GlyphStyle.Color = color.Gray{Y: 150}
		s.GlyphStyle.Radius = vg.Points(1.5)
		pl.Add(s)
		pl.Legend.Add("runs", s)
	}
	colors := []color.RGBA{{R: 60, G: 110, B: 220, A: 255}, {R: 240, G: 140, B: 30, A: 255}}
	for k, e := range []*fit.Estimate{first, second} {
		if e == nil {
			continue
		}
		if len(e.Value) != len(x) || len(e.Lo) != len(x) {
			return nil, fmt.Errorf("chinchilla: BandPlot: estimate %d has %d values for %d x", k, len(e.Value), len(x))
		}
		var poly plotter.XYs
		for i := range x {
			if !math.IsNaN(e.Lo[i]) {
				poly = append(poly, plotter.XY{X: x[i], Y: e.Lo[i]})
			}
		}
		for i := len(x) - 1; i >= 0; i-- {
			if !math.IsNaN(e.Hi[i]) {
				poly = append(poly, plotter.XY{X: x[i], Y: e.Hi[i]})
			}
		}
		c := colors[k]
		band, err := plotter.NewPolygon(poly)
		if err != nil {
			return nil, err
		}
		band.Color = color.NRGBA{R: c.R, G: c.G, B: c.B, A: 80}
		band.LineStyle.Color = color.NRGBA{R: c.R, G: c.G, B: c.B, A: 160}
		band.LineStyle.Width = vg.Points(0.5)
		pl.Add(band)
		var line plotter.XYs
		for i := range x {
			line = append(line, plotter.XY{X: x[i], Y: e.Value[i]})
		}
		l, err := plotter.NewLine(line)
		if err != nil {
			return nil, err
		}
		l.Color = c
		l.Width = vg.Points(1.5)
		if k == 1 {
			l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		}
		pl.Add(l)
		pl.Legend.Add(fmt.Sprintf("%g%% band: %s", 100*e.Level, shortMethod(e.Method)), band)
	}
	pl.Legend.Top = true
	return pl, nil
}

func shortMethod(m string) string {
	if len(m) > 45 {
		return m[:45] + "..."
	}
	return m
}
