package chinchilla

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot/vg"

	"github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/plots"
)

// ExprLossOpt is the loss of the compute-optimal allocation,
// L(N_opt(C), D_opt(C)), in the log-form parameter names (see ExprNOpt).
const ExprLossOpt = "exp(e) + exp(a)*((alpha*exp(a)/(beta*exp(b)))^(1/(alpha + beta)) * (C/6)^(beta/(alpha + beta)))^(-alpha)" +
	" + exp(b)*((alpha*exp(a)/(beta*exp(b)))^(-1/(alpha + beta)) * (C/6)^(alpha/(alpha + beta)))^(-beta)"

// PlotBand draws estimates of one quantity over x (log axis): the fitted
// curve and each estimate's interval as a translucent band (the first
// solid, the second dashed; a nil second is skipped), with the runs' (C,
// loss) as points when runs is non-nil. Meant for fit.Derive and
// BootstrapResult.Derive results on a grid of compute, such as
// ExprLossOpt or ExprNOpt.
func PlotBand(x []float64, first, second *fit.Estimate, runs *Runs, title, ylabel string) (*plots.Figure, error) {
	if first == nil {
		return nil, fmt.Errorf("chinchilla: PlotBand needs at least one estimate")
	}
	f := plots.New(plots.Axes{Title: title, XLabel: "training FLOPs C", YLabel: ylabel, LogX: true})
	if runs != nil {
		if err := f.Scatter(fmt.Sprintf("runs (%d)", runs.Len()), runs.C, runs.Loss, plots.Style{Color: color.Gray{Y: 150}, Radius: vg.Points(1.5)}); err != nil {
			return nil, err
		}
	}
	for k, e := range []*fit.Estimate{first, second} {
		if e == nil {
			continue
		}
		if len(e.Value) != len(x) || len(e.Lo) != len(x) || len(e.Hi) != len(x) {
			return nil, fmt.Errorf("chinchilla: PlotBand: estimate %d has %d values for %d x", k+1, len(e.Value), len(x))
		}
		name := fmt.Sprintf("%g%% band: %s", 100*e.Level, shortMethod(e.How))
		if err := f.LineBand(name, x, e.Value, e.Lo, e.Hi, plots.Style{Dashed: k == 1}); err != nil {
			return nil, err
		}
	}
	return f, nil
}

func shortMethod(m string) string {
	if len(m) > 45 {
		return m[:45] + "..."
	}
	return m
}
