package chinchilla

import (
	"context"
	"math"

	"github.com/gophernote/gophernote/fitlib/fit"
)

// thetaNames are the log-form parameter names passed to the fit engine.
var thetaNames = []string{"a", "b", "e", "alpha", "beta", "log_sigma"}

// engineOptions are the fit-engine settings engineFit passes on.
type engineOptions struct {
	ctx        context.Context
	progress   func(done, total int)
	workers    int
	keep       bool
	ftol, gtol float64
	scipy      bool
}

// engineFit minimises a log-form objective with the project's fit engine
// (fitlib/fit: parallel multi-start L-BFGS with scipy's stopping rules and
// a Nelder-Mead fallback) from the given starts; a cancelled ctx (nil:
// never) stops it with an error wrapping ctx.Err().
func engineFit(o engineOptions, obj objFunc, dim int, starts [][]float64) (*fit.Result, error) {
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
	return fit.Fit(pb, fit.Options{Context: o.ctx, Progress: o.progress, Starts: starts, Workers: o.workers, SE: fit.SENone,
		KeepStarts: o.keep, FTol: o.ftol, GTol: o.gtol, ScipyFTol: o.scipy})
}
