package geneval

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/gophernote/gophernote/fitlib/fit"
)

// LawFit is one law fitted to one k. Its Outcome is the fitlib/fit
// engine's record of the best start (convergence is never claimed when
// not reached): Objective is the sum over checkpoints of
// (log y - log law)^2, y = -log pass_B@k.
type LawFit struct {
	fit.Outcome
	Law    Law
	K      int
	Names  []string  // parameter names, Law.Params order
	Params []float64 // fitted parameters
	Points int       // checkpoints in the fit
	// ZeroPass counts checkpoints left out because pass_B@k = 0 (-log is
	// infinite); Undersampled those left out because some problem had
	// fewer than k samples; Other those without an x value (no gold
	// likelihood for the gold-reference law).
	ZeroPass, Undersampled, Other int
	// RMSLog = sqrt(Objective/Points).
	RMSLog float64
	// AtBound names parameters that ended at their bound 0 (in practice a
	// constant term E0 or xi0 fitted as zero).
	AtBound []string
	Starts  int // starts run; StartsConverged of them converged
	// StartsConverged counts starts that met the convergence test.
	StartsConverged int
}

// Parameters returns the law's parameters in Law.Params order, each kept
// positive by a log transform (fit.Log); the fit gives no standard
// errors.
func (f *LawFit) Parameters() []fit.FittedParam {
	out := make([]fit.FittedParam, len(f.Names))
	for i, n := range f.Names {
		p := fit.NewFittedParam(n, f.Params[i]).Bounded(0, math.Inf(1), fit.Log)
		p.AtBound = slices.Contains(f.AtBound, n)
		out[i] = p
	}
	return out
}

// Param returns the named parameter.
func (f *LawFit) Param(name string) (fit.FittedParam, error) {
	p, err := fit.FindParam(f.Parameters(), name)
	if err != nil {
		return p, fmt.Errorf("geneval: law %s: %w", f.Law, err)
	}
	return p, nil
}

// FitLaw fits a law to -log pass_B@k values y at checkpoints given as named
// columns (the keys of law.Vars(): C, or N and D, or G; see Law.Predict)
// by least squares in log space, sum (log y - log law)^2, on the fitlib/fit
// engine: the law's formula gives values and exact gradients, every
// parameter is positive through a log transform, and L-BFGS runs from a
// grid of starts in parallel. Values must be positive and finite; the
// caller drops checkpoints with pass_B@k = 0. At least one more point than
// parameters is required.
func FitLaw(law Law, cols map[string][]float64, y []float64) (*LawFit, error) {
	l, err := lookupLaw(law)
	if err != nil {
		return nil, err
	}
	x1, x2, err := l.columns(cols, len(y))
	if err != nil {
		return nil, err
	}
	return fitLaw(nil, law, x1, x2, y)
}

func fitLaw(ctx context.Context, law Law, x1, x2, y []float64) (*LawFit, error) {
	pb, opt, err := lawProblem(law, x1, x2, y)
	if err != nil {
		return nil, err
	}
	opt.Context = ctx
	res, err := fit.Fit(pb, opt)
	if err != nil {
		return nil, fmt.Errorf("geneval: FitLaw %s: %w", law, err)
	}
	return &LawFit{
		Outcome: res.Outcome, Law: law, Names: append([]string(nil), res.Names...), Params: res.Params, Points: len(y),
		RMSLog: math.Sqrt(res.Objective / float64(len(y))), AtBound: res.AtBound, Starts: res.Starts, StartsConverged: res.ConvStarts,
	}, nil
}

// lawProblem validates the inputs and builds the fitlib/fit problem and
// options of FitLaw.
func lawProblem(law Law, x1, x2, y []float64) (fit.Problem, fit.Options, error) {
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
	opt = fit.Options{Starts: starts[1:], FTol: 1e-12, GTol: 1e-7, SE: fit.SENone}
	return pb, opt, nil
}

// BootstrapOptions configures BootstrapLaw. The zero value means
// fit.DefaultResamples resamples, 95% percentile intervals, seed 0,
// GOMAXPROCS workers, no cancellation and no progress reports.
type BootstrapOptions struct {
	Resamples int     // resamples of the checkpoints (default fit.DefaultResamples)
	Level     float64 // interval coverage in (0, 1) (default 0.95)
	Seed      uint64  // the same seed gives the same interval
	Workers   int     // parallel refits (default GOMAXPROCS)
	// Context, when set, stops the resampling once cancelled (in a
	// notebook cell: display.Context()), with an error wrapping its Err.
	Context context.Context
	// Progress, when set, is called with the resamples done and the
	// total, at most about 100 times and once at the end, never
	// concurrently.
	Progress func(done, total int)
}

// BootstrapLaw fits law at k on b (gold for the gold-reference law) and
// returns percentile intervals of every parameter from resamples of the
// checkpoints (fitlib/fit's Bootstrap, seeded: the same seed gives the
// same interval). Resampling checkpoints reflects which checkpoints were
// trained, not the sampling noise of pass@k.
func BootstrapLaw(b *Benchmark, gold []Gold, law Law, k int, opt BootstrapOptions) (*fit.BootstrapResult, error) {
	o, err := Observe(b, gold, law, k)
	if err != nil {
		return nil, err
	}
	x1, x2 := o.columns()
	pb, fo, err := lawProblem(law, x1, x2, o.Y)
	if err != nil {
		return nil, fmt.Errorf("%s k=%d: %w", o.Benchmark, k, err)
	}
	r, err := fit.Bootstrap(pb, fit.BootstrapOptions{Resamples: opt.Resamples, Level: opt.Level, Seed: opt.Seed,
		Workers: opt.Workers, Context: opt.Context, Progress: opt.Progress, Fit: fo})
	if err != nil {
		return nil, fmt.Errorf("geneval: bootstrap %s k=%d: %w", law, k, err)
	}
	return r, nil
}
