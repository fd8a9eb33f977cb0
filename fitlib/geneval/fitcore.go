package geneval

import (
	"context"
	"fmt"
	"math"

	"github.com/gophernote/gophernote/fitlib/fit"
)

// Fit is one law fitted to one k.
type Fit struct {
	Law    string
	K      int
	Names  []string  // parameter names, LawParamNames order
	Params []float64 // fitted parameters
	Points int       // checkpoints in the fit
	// ZeroPass counts checkpoints left out because pass_B@k = 0 (-log is
	// infinite); Undersampled those left out because some problem had
	// fewer than k samples; Other those without an x value (no gold
	// likelihood for the gold-reference law).
	ZeroPass, Undersampled, Other int
	// Objective is the sum over checkpoints of
	// (log y - log law)^2, y = -log pass_B@k; RMSLog = sqrt(Objective/Points).
	Objective, RMSLog float64
	// Converged and Status are the fitlib/fit engine's verdict on the best
	// start (convergence is never claimed when not reached).
	Converged  bool
	Status     string
	Iterations int // iterations of the best start
	// AtBound names parameters that ended at their bound 0 (in practice a
	// constant term E0 or xi0 fitted as zero).
	AtBound []string
	Starts  int // starts run; StartsConverged of them converged
	// StartsConverged counts starts that met the convergence test.
	StartsConverged int
}

// Param returns the fitted value of the named parameter.
func (f Fit) Param(name string) (float64, error) {
	for i, n := range f.Names {
		if n == name {
			return f.Params[i], nil
		}
	}
	return math.NaN(), fmt.Errorf("geneval: law %s has no parameter %q (has %v)", f.Law, name, f.Names)
}

// FitLaw fits a law to -log pass_B@k values y at checkpoints given by x1
// (and x2 for the parameters+tokens law; see PredictLaw) by least squares
// in log space, sum (log y - log law)^2, on the fitlib/fit engine: the law's
// formula gives values and exact gradients, every parameter is positive
// through a log transform, and L-BFGS runs from a grid of starts in
// parallel. Values must be positive and finite; the caller drops
// checkpoints with pass_B@k = 0. At least one more point than parameters is
// required.
func FitLaw(law string, x1, x2, y []float64) (Fit, error) { return fitLaw(nil, law, x1, x2, y) }

func fitLaw(ctx context.Context, law string, x1, x2, y []float64) (Fit, error) {
	pb, opt, err := lawProblem(law, x1, x2, y)
	if err != nil {
		return Fit{}, err
	}
	opt.Context = ctx
	res, err := fit.Fit(pb, opt)
	if err != nil {
		return Fit{}, fmt.Errorf("geneval: FitLaw %s: %w", law, err)
	}
	return Fit{
		Law: law, Names: append([]string(nil), res.Names...), Params: res.Params, Points: len(y),
		Objective: res.Objective, RMSLog: math.Sqrt(res.Objective / float64(len(y))), Converged: res.Converged,
		Status: res.Status, Iterations: res.Iterations, AtBound: res.AtBound, Starts: res.Starts, StartsConverged: res.ConvStarts,
	}, nil
}

// lawProblem validates the inputs and builds the fitlib/fit problem and
// options of FitLaw.
func lawProblem(law string, x1, x2, y []float64) (fit.Problem, fit.Options, error) {
	var pb fit.Problem
	var opt fit.Options
	l, err := lookupLaw(law)
	if err != nil {
		return pb, opt, err
	}
	np := len(l.names)
	two := len(l.vars) == 2
	if len(x1) != len(y) || (two && len(x2) != len(y)) {
		return pb, opt, fmt.Errorf("geneval: FitLaw %s: inputs of length %d, %d and y of length %d differ", law, len(x1), len(x2), len(y))
	}
	if len(y) < np+1 {
		return pb, opt, fmt.Errorf("geneval: FitLaw %s: %d points for %d parameters, need at least %d", law, len(y), np, np+1)
	}
	for i := range y {
		if !(y[i] > 0) || math.IsInf(y[i], 1) {
			return pb, opt, fmt.Errorf("geneval: FitLaw %s: y[%d] = %v, need a positive finite -log pass@k", law, i, y[i])
		}
		if !(x1[i] > 0) || math.IsInf(x1[i], 1) {
			return pb, opt, fmt.Errorf("geneval: FitLaw %s: %s[%d] = %v, need a positive finite value", law, l.vars[0], i, x1[i])
		}
		if two && (!(x2[i] > 0) || math.IsInf(x2[i], 1)) {
			return pb, opt, fmt.Errorf("geneval: FitLaw %s: %s[%d] = %v, need a positive finite value", law, l.vars[1], i, x2[i])
		}
	}
	f, err := l.formula()
	if err != nil {
		return pb, opt, err
	}
	data := map[string][]float64{l.vars[0]: x1}
	if two {
		data[l.vars[1]] = x2
	}
	var starts [][]float64
	for _, th := range l.starts(x1, x2, y) {
		starts = append(starts, public(th))
	}
	params := make([]fit.Param, np)
	for j, n := range l.names {
		// Init is the first start; the rest come as Options.Starts.
		params[j] = fit.Param{Name: n, Transform: fit.Log, Init: starts[0][j]}
	}
	pb = fit.Problem{Formula: f, Data: data, Y: y, YName: "-log pass@k", Loss: fit.SquaredLog(), Params: params}
	opt = fit.Options{Starts: starts[1:], FTol: 1e-12, GTol: 1e-7, NoSE: true}
	return pb, opt, nil
}

// Interval is a bootstrap percentile interval of every parameter of a law
// fitted at one k, resampling checkpoints with replacement (it reflects
// which checkpoints were trained, not the sampling noise of pass@k).
type Interval struct {
	Law               string
	K                 int
	Names             []string
	Estimate, Lo, Hi  []float64
	Resamples, Failed int // resamples attempted; refits that did not converge (left out)
	Level             float64
}

// BootstrapOptions configures BootstrapLaw. The zero value means 200
// resamples, a 95% interval, seed 0 and no cancellation.
type BootstrapOptions struct {
	Resamples int     // resamples of the checkpoints (default 200)
	Level     float64 // interval coverage in (0, 1) (default 0.95)
	Seed      uint64  // the same seed gives the same interval
	// Context, when set, stops the resampling once cancelled (in a
	// notebook cell: display.Context()), with an error wrapping its Err.
	Context context.Context
}

// BootstrapLaw fits law at k on b (gold for the gold-reference law) and
// returns percentile intervals from resamples of the checkpoints
// (fitlib/fit's Bootstrap, seeded: the same seed gives the same interval).
func BootstrapLaw(b *Benchmark, gold []Gold, law string, k int, opt BootstrapOptions) (*Interval, error) {
	if opt.Resamples < 0 {
		return nil, fmt.Errorf("geneval: BootstrapLaw: Resamples = %d, need > 0 (0 for 200)", opt.Resamples)
	}
	if opt.Level != 0 && !(opt.Level > 0 && opt.Level < 1) {
		return nil, fmt.Errorf("geneval: BootstrapLaw: Level = %v, need 0 < Level < 1 (0 for 0.95)", opt.Level)
	}
	o, err := Observe(b, gold, law, k)
	if err != nil {
		return nil, err
	}
	pb, fo, err := lawProblem(law, o.X1, o.X2, o.Y)
	if err != nil {
		return nil, fmt.Errorf("%s k=%d: %w", o.Benchmark, k, err)
	}
	fo.Context = opt.Context
	resamples := opt.Resamples
	if resamples == 0 {
		resamples = 200
	}
	r, err := fit.Bootstrap(pb, fo, fit.BootstrapOptions{Resamples: resamples, Level: opt.Level, Seed: opt.Seed})
	if err != nil {
		return nil, fmt.Errorf("geneval: bootstrap %s k=%d: %w", law, k, err)
	}
	return &Interval{Law: law, K: k, Names: r.Names, Estimate: r.Fit.Params, Lo: r.Lo, Hi: r.Hi,
		Resamples: r.Resample, Failed: r.Failed, Level: r.Level}, nil
}
