package monkeys

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/internal/gonumstat"
	"github.com/gophernote/gophernote/fitlib/passk"
	"gonum.org/v1/gonum/optimize"
)

// MLEScale chooses the scale s = p_max of FitBetaBinomial and
// FitKumaraswamyBinomial when MLEOptions.Scale and FitScale leave it open.
type MLEScale int

// The scale conventions.
const (
	// ScaleInflatedMax is s = (m+1)/m · max c_i/n_i over m problems, capped
	// at 1: the authors' maximum-likelihood code (fit_beta_binomial_three_
	// parameters_to_num_samples_and_num_successes and its Kumaraswamy twin
	// at commit cd078ae, "we inflate the scale to correct for bias"). It
	// reproduces their Pythia 12B fit alpha 0.24999, beta 1.8212.
	ScaleInflatedMax MLEScale = iota
	// ScaleMax is s = max c_i/n_i, the largest observed rate (the scale of
	// the discretized fits; fitlib's maximum-likelihood default before
	// issue 23: Pythia 12B alpha 0.24854, beta 1.7755).
	ScaleMax
)

// String names the convention.
func (s MLEScale) String() string {
	switch s {
	case ScaleInflatedMax:
		return "(m+1)/m · max c/n (authors' code)"
	case ScaleMax:
		return "max c/n"
	}
	return fmt.Sprintf("MLEScale(%d)", int(s))
}

// MLEOptions configures FitBetaBinomial and FitKumaraswamyBinomial.
type MLEOptions struct {
	// Scale fixes s = p_max, the top of the support of p; 1 gives the
	// unscaled models. Zero leaves it to ScaleRule (or FitScale).
	Scale float64
	// ScaleRule sets s from the data when Scale is zero; the zero value is
	// ScaleInflatedMax, the authors' (m+1)/m · max c_i/n_i. Any rule at the
	// largest observed rate biases a and b when the true p_max is larger,
	// as on unscaled synthetic data: pass Scale 1 there.
	ScaleRule MLEScale
	// FitScale fits s as a third parameter in [max c_i/n_i, 1) instead, as
	// the authors' earlier code did (bounds [max c/n + 1e-8, 1]).
	FitScale bool
	// Starts lists (alpha, beta) starting points; nil uses
	// (0.5, 3.5) (the paper's) and (0.2, 1.5). The best optimum is kept.
	Starts [][2]float64
	// MaxIterations caps L-BFGS major iterations per start (default 500).
	MaxIterations int
	// Context, when set, stops the fit once cancelled (checked at every
	// L-BFGS iteration); the fit then returns the context's error.
	Context context.Context
	// Progress, when set, is called after each start with the starts done
	// and their total.
	Progress func(done, total int)
}

// Bounds on alpha and beta, imposed by a logistic reparameterisation in
// log space (gonum has no bounded L-BFGS). A fit that ends at a bound says
// so in MLEFit.AtBound.
const (
	ShapeMin = 1e-3
	ShapeMax = 1e3
)

// MLEFit is a maximum-likelihood fit of a scaled Beta- or
// Kumaraswamy-binomial to per-problem counts. Its Outcome is the record
// of every fitlib fit: Objective is the total negative log-likelihood
// over problems; Status is StatusGradient when the gradient of the mean
// NLL with respect to the (reparameterised) parameters is below 1e-5 in
// max-norm at the returned point, whatever stopped L-BFGS, and
// StatusNotConverged (or the limit gonum hit) otherwise; GradNorm is that
// norm; Reason is gonum's status of the best start (a line search that
// stalls at the precision of the objective reports "Failure"); Iterations
// and Evaluations are the best start's.
type MLEFit struct {
	fit.Outcome
	Family      Family
	Alpha, Beta float64
	Scale       float64
	// AtBound names parameters that ended at a bound, e.g.
	// "alpha at lower bound 0.001"; empty when none did.
	AtBound []string
	// A, B: closed-form power law F(k) ~ A·k^(-B) of the fitted
	// distribution (Dist.Asymptote).
	A, B float64
	// Dist is the fitted distribution of p.
	Dist Dist
	// PerStart records every start, the best included: Start and Params
	// are (alpha, beta[, scale]), Objective the total negative
	// log-likelihood.
	PerStart []fit.Start
	fitScale bool // the scale was fitted (MLEOptions.FitScale)
	pmax     float64
}

// Parameters returns alpha, beta and scale (fixed unless
// MLEOptions.FitScale fitted it). alpha and beta are kept in [ShapeMin,
// ShapeMax] by a logistic map of their logs, a fitted scale in [max c/n,
// 1) by a logistic map; the fit gives no standard errors.
func (f *MLEFit) Parameters() []fit.FittedParam {
	sc := fit.NewFittedParam("scale", f.Scale)
	sc.Fixed = !f.fitScale
	if f.fitScale {
		sc = sc.Bounded(f.pmax, 1, fit.Logit)
	}
	return shapeParams(f.Alpha, f.Beta, sc, f.AtBound)
}

// Param returns alpha, beta or scale.
func (f *MLEFit) Param(name string) (fit.FittedParam, error) {
	p, err := fit.FindParam(f.Parameters(), name)
	if err != nil {
		return p, fmt.Errorf("monkeys: %v-binomial MLE: %w", f.Family, err)
	}
	return p, nil
}

// ctxConverger stops gonum's optimizer once ctx is cancelled (gonum's
// Settings take no context; the Converger runs every major iteration).
type ctxConverger struct {
	ctx   context.Context
	inner optimize.Converger
}

var statusCancelled = optimize.NewStatus("Cancelled", true, errors.New("cancelled"))

func (c ctxConverger) Init(dim int) { c.inner.Init(dim) }

func (c ctxConverger) Converged(loc *optimize.Location) optimize.Status {
	if c.ctx.Err() != nil {
		return statusCancelled
	}
	return c.inner.Converged(loc)
}

// FitBetaBinomial fits p = s·X, X ~ Beta(α, β), c_i ~ Binomial(n_i, p_i) by
// maximum likelihood (BetaBinomialLogPMF, analytic gradient, L-BFGS).
func FitBetaBinomial(c passk.Counts, opt MLEOptions) (*MLEFit, error) {
	return fitMLE(c, opt, FamilyBeta, betaBinomial)
}

// FitKumaraswamyBinomial fits p = s·X, X ~ Kumaraswamy(α, β) by maximum
// likelihood (KumaraswamyBinomialLogPMF, analytic gradient, L-BFGS).
func FitKumaraswamyBinomial(c passk.Counts, opt MLEOptions) (*MLEFit, error) {
	return fitMLE(c, opt, FamilyKumaraswamy, kumaraswamyBinomial)
}

type logpmfFunc func(n, c int, alpha, beta, s float64, grad []float64) float64

// shapeFromTheta maps θ ∈ ℝ to [ShapeMin, ShapeMax] log-uniformly through
// the logistic function; it also returns d shape/dθ and the logistic value.
func shapeFromTheta(th float64) (v, dv, u float64) {
	lo, hi := math.Log(ShapeMin), math.Log(ShapeMax)
	u = 1 / (1 + math.Exp(-th))
	v = math.Exp(lo + (hi-lo)*u)
	return v, v * (hi - lo) * u * (1 - u), u
}

func thetaFromShape(v float64) float64 {
	lo, hi := math.Log(ShapeMin), math.Log(ShapeMax)
	u := (math.Log(v) - lo) / (hi - lo)
	u = math.Min(math.Max(u, 1e-9), 1-1e-9)
	return math.Log(u / (1 - u))
}

func fitMLE(c passk.Counts, opt MLEOptions, fam Family, lp logpmfFunc) (*MLEFit, error) {
	t0 := time.Now()
	if err := c.Validate(); err != nil {
		return nil, err
	}
	pmax := c.MaxPHat()
	if pmax == 0 {
		return nil, fmt.Errorf("monkeys: %s: no problem was ever solved (all num_correct = 0): the distribution of p cannot be fitted", label(c))
	}
	s := opt.Scale
	switch {
	case s == 0 && opt.ScaleRule == ScaleInflatedMax:
		m := float64(c.Len())
		s = math.Min((m+1)*pmax/m, 1) // the authors' expression, in their order
	case s == 0 && opt.ScaleRule == ScaleMax:
		s = pmax
	case s == 0:
		return nil, fmt.Errorf("monkeys: MLEOptions.ScaleRule = %v: not a scale convention", opt.ScaleRule)
	case !(s > 0 && s <= 1):
		return nil, fmt.Errorf("monkeys: MLEOptions.Scale = %v, need 0 < scale <= 1 (or 0 for ScaleRule)", opt.Scale)
	}
	if opt.FitScale && pmax >= 1 {
		return nil, fmt.Errorf("monkeys: %s: a problem has c = n, so the scale cannot be below 1: fit with Scale = 1", label(c))
	}
	pairs := distinctPairs(c)
	np := float64(c.Len())
	// params maps θ to (α, β, s) and the chain-rule factors.
	params := func(x []float64) (a, b, sc, da, db, ds float64) {
		a, da, _ = shapeFromTheta(x[0])
		b, db, _ = shapeFromTheta(x[1])
		sc = s
		if opt.FitScale {
			u := 1 / (1 + math.Exp(-x[2]))
			sc = pmax + (1-pmax)*u
			ds = (1 - pmax) * u * (1 - u)
			if sc >= 1 {
				sc = math.Nextafter(1, 0)
			}
		}
		return
	}
	g := make([]float64, 3)
	objective := func(x []float64, grad []float64) float64 {
		a, b, sc, da, db, ds := params(x)
		var f, ga, gb, gs float64
		for _, p := range pairs {
			var gp []float64
			if grad != nil {
				gp = g
			}
			v := lp(p.n, p.c, a, b, sc, gp)
			f -= p.w * v
			if grad != nil {
				ga -= p.w * g[0]
				gb -= p.w * g[1]
				gs -= p.w * g[2]
			}
		}
		if grad != nil {
			grad[0] = ga * da / np
			grad[1] = gb * db / np
			if opt.FitScale {
				grad[2] = gs * ds / np
			}
		}
		if math.IsNaN(f) {
			return math.Inf(1)
		}
		return f / np
	}
	prob := optimize.Problem{
		Func: func(x []float64) float64 { return objective(x, nil) },
		Grad: func(grad, x []float64) { objective(x, grad) },
	}
	starts := opt.Starts
	if len(starts) == 0 {
		starts = [][2]float64{{0.5, 3.5}, {0.2, 1.5}}
	}
	maxIter := opt.MaxIterations
	if maxIter <= 0 {
		maxIter = 500
	}
	var best *optimize.Result
	var lastErr error
	var summaries []fit.Start
	settings := func() *optimize.Settings {
		st := &optimize.Settings{
			GradientThreshold: 1e-7,
			MajorIterations:   maxIter,
			Converger:         &optimize.FunctionConverge{Absolute: 1e-12, Relative: 1e-12, Iterations: 20},
		}
		if opt.Context != nil {
			st.Converger = ctxConverger{opt.Context, st.Converger}
		}
		return st
	}
	for si, st := range starts {
		if opt.Context != nil && opt.Context.Err() != nil {
			return nil, fmt.Errorf("monkeys: %v-binomial fit of %s cancelled: %w", fam, label(c), opt.Context.Err())
		}
		if !(st[0] > 0 && st[1] > 0) {
			return nil, fmt.Errorf("monkeys: starting point (alpha, beta) = (%v, %v) must be positive", st[0], st[1])
		}
		x0 := []float64{thetaFromShape(st[0]), thetaFromShape(st[1])}
		if opt.FitScale {
			x0 = append(x0, 0) // s halfway between max c/n and 1
		}
		res, err := optimize.Minimize(prob, x0, settings(), &optimize.LBFGS{})
		if opt.Context != nil && opt.Context.Err() != nil {
			return nil, fmt.Errorf("monkeys: %v-binomial fit of %s cancelled: %w", fam, label(c), opt.Context.Err())
		}
		if opt.Progress != nil {
			opt.Progress(si+1, len(starts))
		}
		if res == nil {
			lastErr = err
			continue
		}
		if err != nil && !isLimit(res.Status) {
			lastErr = err
		}
		ea, eb, es, _, _, _ := params(res.X)
		start, end := []float64{st[0], st[1]}, []float64{ea, eb}
		if opt.FitScale {
			start, end = append(start, (pmax+1)/2), append(end, es)
		}
		code := gonumstat.Status(res.Status)
		if code == fit.StatusMethod {
			code = fit.StatusNotConverged // only gradient and function convergence count
		}
		summaries = append(summaries, fit.Start{Index: si, Start: start, Params: end, Method: fit.GonumLBFGS,
			Outcome: fit.Outcome{Objective: res.F * np, Status: code, Reason: res.Status.String(), Iterations: res.Stats.MajorIterations,
				Evaluations: res.Stats.FuncEvaluations, Time: res.Runtime, GradNorm: math.NaN()}})
		if best == nil || res.F < best.F {
			best = res
		}
	}
	if best == nil {
		return nil, fmt.Errorf("monkeys: %v-binomial fit of %s failed: %v", fam, label(c), lastErr)
	}
	x := best.X
	a, b, sc, _, _, _ := params(x)
	mf := &MLEFit{
		Outcome: fit.Outcome{Objective: best.F * np, Reason: best.Status.String(),
			Iterations: best.Stats.MajorIterations, Evaluations: best.Stats.FuncEvaluations},
		Family: fam, Alpha: a, Beta: b, Scale: sc,
		PerStart: summaries, fitScale: opt.FitScale, pmax: pmax,
	}
	gr := make([]float64, len(x))
	objective(x, gr)
	for _, v := range gr {
		mf.GradNorm = math.Max(mf.GradNorm, math.Abs(v))
	}
	mf.Status = fit.StatusGradient
	mf.Reason = fmt.Sprintf("converged: max |gradient| %.2g <= 1e-5 at the returned point (gonum: %s)", mf.GradNorm, best.Status)
	if mf.GradNorm > 1e-5 {
		mf.Status = gonumstat.Status(best.Status)
		if mf.Status.Converged() {
			mf.Status = fit.StatusNotConverged
		}
		mf.Reason = fmt.Sprintf("not converged: max |gradient| %.2g > 1e-5 (gonum: %s)", mf.GradNorm, best.Status)
	}
	defer func() { mf.Time = time.Since(t0) }()
	for i, name := range []string{"alpha", "beta"} {
		_, _, u := shapeFromTheta(x[i])
		if u < 1e-6 {
			mf.AtBound = append(mf.AtBound, fmt.Sprintf("%s at lower bound %g", name, ShapeMin))
		} else if u > 1-1e-6 {
			mf.AtBound = append(mf.AtBound, fmt.Sprintf("%s at upper bound %g", name, ShapeMax))
		}
	}
	if opt.FitScale {
		u := 1 / (1 + math.Exp(-x[2]))
		if u < 1e-6 {
			mf.AtBound = append(mf.AtBound, fmt.Sprintf("scale at lower bound max c/n = %g", pmax))
		} else if u > 1-1e-6 {
			mf.AtBound = append(mf.AtBound, "scale at upper bound 1")
		}
	}
	d := Dist{Family: fam, Alpha: a, Beta: b, Scale: sc}
	if err := d.Validate(); err != nil {
		return mf, err
	}
	mf.Dist = d
	mf.A, mf.B, _ = d.Asymptote()
	return mf, nil
}

func isLimit(s optimize.Status) bool {
	return s == optimize.IterationLimit || s == optimize.FunctionEvaluationLimit || s == optimize.GradientEvaluationLimit || s == optimize.RuntimeLimit
}

// String summarises the fit on one line.
func (f *MLEFit) String() string {
	conv := "converged"
	if !f.Converged() {
		conv = "NOT CONVERGED"
	}
	msg := fmt.Sprintf("%v-binomial MLE: alpha=%.6g beta=%.6g scale=%.6g NLL=%.6f (%s, |grad| %.1e, %s, %d iterations)", f.Family, f.Alpha, f.Beta, f.Scale, f.Objective, conv, f.GradNorm, f.Reason, f.Iterations)
	if len(f.AtBound) > 0 {
		msg += fmt.Sprintf(" AT BOUND: %v", f.AtBound)
	}
	return msg
}
