package chinchilla

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/gophernote/gophernote/fitlib/plots"
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

// PlotSurface draws the fitted law over (log10 FLOPs, log10 parameters):
// iso-loss contours, the efficient frontier N_opt(C) and the runs, in the
// style of Hoffmann et al. (2022), Fig. 4 (left). runs may be nil.
func PlotSurface(p Params, runs *Runs, title string) (*plots.Figure, error) {
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
	f := plots.New(plots.Axes{Title: title, XLabel: "log10 training FLOPs C", YLabel: "log10 parameters N"})
	var levels []float64
	for _, l := range []float64{2.0, 2.2, 2.4, 2.6, 2.8, 3.0, 3.5, 4, 5} {
		if lz := math.Log10(l); lz > g.zmin && lz < g.zmax {
			levels = append(levels, lz)
		}
	}
	if err := f.Add("", plotter.NewContour(g, levels, palette.Heat(len(levels)+1, 1))); err != nil {
		return nil, err
	}
	var fx, fy []float64
	for x := 17.0; x <= 23.0001; x += 0.1 {
		y := math.Log10(p.NOpt(math.Pow(10, x)))
		if y >= g.y0 && y <= g.Y(g.rows-1) {
			fx, fy = append(fx, x), append(fy, y)
		}
	}
	name := fmt.Sprintf("efficient frontier N_opt ~ C^%.3f (contours: L = %v)", p.ExponentA(), contourLabels(levels))
	if err := f.Line(name, fx, fy, plots.Style{Width: vg.Points(2)}); err != nil {
		return nil, err
	}
	if runs != nil {
		x, y := make([]float64, runs.Len()), make([]float64, runs.Len())
		for i := range x {
			x[i], y[i] = math.Log10(runs.C[i]), math.Log10(runs.N[i])
		}
		if err := f.Scatter(fmt.Sprintf("runs (%d)", len(x)), x, y, plots.Style{Color: color.Gray{Y: 60}, Radius: vg.Points(1.5)}); err != nil {
			return nil, err
		}
	}
	return f, f.Legend("top left")
}

// PlotBootstrap draws the bootstrap distribution of the five parameters
// as a corner plot (histograms on the diagonal, every pair below it), the
// figure Epoch AI draws for its Chinchilla replication: the bootstrap's
// Estimate as a solid mark and the reference coefficients (Hoffmann() for
// the paper's comparison) dashed.
func PlotBootstrap(b *BootstrapResult, reference Params, title string) (*plots.Grid, error) {
	if b == nil || len(b.Samples) < 2 || len(b.Estimate) != 5 {
		return nil, fmt.Errorf("chinchilla: PlotBootstrap needs a bootstrap with at least 2 resamples (Bootstrap's result)")
	}
	cols := make([][]float64, 5)
	for j := range cols {
		for _, s := range b.Samples {
			if !math.IsNaN(s[3]) {
				cols[j] = append(cols[j], s[j])
			}
		}
	}
	if len(cols[0]) < 2 {
		return nil, fmt.Errorf("chinchilla: PlotBootstrap: fewer than 2 finished resamples")
	}
	if title == "" {
		title = fmt.Sprintf("bootstrap of the Chinchilla law (%d resamples)", len(cols[0]))
	}
	return plots.Pair(b.Names, cols, plots.PairOptions{Title: title, Estimate: b.Estimate,
		Reference: []float64{reference.A, reference.B, reference.E, reference.Alpha, reference.Beta}})
}

// PlotIsoFLOP draws each budget's runs, its parabola and its vertex
// against model size (log axis), as Hoffmann et al. (2022), Fig. 3 (left).
func PlotIsoFLOP(fit *IsoFLOPFit, title string) (*plots.Figure, error) {
	if fit == nil || len(fit.Budgets) == 0 {
		return nil, fmt.Errorf("chinchilla: no IsoFLOP fit to plot")
	}
	f := plots.New(plots.Axes{Title: title, XLabel: "parameters N", YLabel: "loss", LogX: true})
	var vx, vy []float64
	for _, b := range fit.Budgets {
		lo, hi := math.Inf(1), math.Inf(-1)
		for k := range b.N {
			lo, hi = math.Min(lo, math.Log(b.N[k])), math.Max(hi, math.Log(b.N[k]))
		}
		var cx, cy []float64
		for k := 0; k <= 60; k++ {
			x := lo + (hi-lo)*float64(k)/60
			u := x - b.XMean
			cx, cy = append(cx, math.Exp(x)), append(cy, b.CoefN[0]+b.CoefN[1]*u+b.CoefN[2]*u*u)
		}
		c := f.NextColor()
		if err := f.Scatter("", b.N, b.Loss, plots.Style{Color: c, Radius: vg.Points(2)}); err != nil {
			return nil, err
		}
		if err := f.Line("C = "+plots.TickLabel(b.C), cx, cy, plots.Style{Color: c}); err != nil {
			return nil, err
		}
		vx, vy = append(vx, b.NOpt), append(vy, b.MinLoss)
	}
	if err := f.Scatter("vertex N_opt(C)", vx, vy, plots.Style{Color: color.Black, Marker: "cross", Radius: vg.Points(4)}); err != nil {
		return nil, err
	}
	return f, nil
}

// PlotEnvelope draws every training curve (loss against FLOPs, log
// axis) in grey and the lower envelope, as Hoffmann et al. (2022),
// Fig. 2 (left).
func PlotEnvelope(cv *Curves, env *EnvelopeFit, title string) (*plots.Figure, error) {
	if cv == nil || env == nil {
		return nil, fmt.Errorf("chinchilla: PlotEnvelope needs the curves and their envelope")
	}
	f := plots.New(plots.Axes{Title: title, XLabel: "training FLOPs C", YLabel: "loss", LogX: true})
	start := 0
	for i := 1; i <= len(cv.Run); i++ {
		if i == len(cv.Run) || cv.Run[i] != cv.Run[start] {
			name := ""
			if start == 0 {
				name = "training curves"
			}
			if err := f.Line(name, cv.C[start:i], cv.Loss[start:i], plots.Style{Color: color.Gray{Y: 180}, Width: vg.Points(1)}); err != nil {
				return nil, err
			}
			start = i
		}
	}
	name := fmt.Sprintf("lower envelope (N_opt ~ C^%.3f)", env.A)
	if err := f.Line(name, env.C, env.Loss, plots.Style{Color: plots.Color(3), Width: vg.Points(2)}); err != nil {
		return nil, err
	}
	return f, nil
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
