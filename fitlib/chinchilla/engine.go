package chinchilla

import (
	"context"
	"math"

	"github.com/gophernote/gophernote/fitlib/fit"
)

// thetaNames are the log-form parameter names passed to the fit engine.
var thetaNames = []string{"a", "b", "e", "alpha", "beta", "log_sigma"}

// engineFit minimises a log-form objective with the project's fit engine
// (fitlib/fit: parallel multi-start L-BFGS with scipy's stopping rules and
// a Nelder-Mead fallback) from the given starts; a cancelled ctx (nil:
// never) stops it with an error wrapping ctx.Err().
func engineFit(ctx context.Context, obj objFunc, dim int, starts [][]float64, workers int, keep bool, ftol, gtol float64, scipy bool) (*fit.Result, error) {
	params := make([]fit.Param, dim)
	for j := range params {
		params[j] = fit.Param{Name: thetaNames[j], Init: starts[0][j]}
	}
	pb := fit.Problem{
		Objective: func(p, grad, _ []float64) float64 {
			v := obj(p, grad)
			if math.IsNaN(v) {
				return math.Inf(1)
			}
			return v
		},
		Params: params,
	}
	return fit.Fit(pb, fit.Options{Context: ctx, Starts: starts, Workers: workers, NoSE: true, KeepStarts: keep, FTol: ftol, GTol: gtol, ScipyFTol: scipy})
}
