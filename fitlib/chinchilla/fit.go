package chinchilla

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync/atomic"
	"time"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/optimize"

	"github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/internal/gonumstat"
	"github.com/gophernote/gophernote/fitlib/internal/par"
	"gonum.org/v1/gonum/stat/distuv"
)

// DefaultDelta is the Huber threshold of Hoffmann et al. (2022), App. D.2,
// and Besiroglu et al. (2024): delta = 1e-3 on log residuals.
const DefaultDelta = 1e-3

// GradTol is the gradient infinity norm below which a start whose line
// search stopped making progress is reported as converged.
const GradTol = 1e-6

// Method selects the local minimiser of FitGrid.
type Method int

// Methods.
const (
	Engine     Method = iota // the project's fit engine, fitlib/fit (the default)
	GonumBFGS                // gonum's optimize.BFGS driven directly
	GonumLBFGS               // gonum's optimize.LBFGS driven directly
)

// String names the method.
func (m Method) String() string {
	switch m {
	case GonumBFGS:
		return "gonum BFGS"
	case GonumLBFGS:
		return "gonum L-BFGS"
	case Engine:
		return "fit engine"
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// FitOptions control a multi-start fit. The zero value is the Besiroglu et
// al. (2024) recipe: sum of Huber(1e-3) over runs, their 4,500-start grid,
// the fit engine, all cores.
type FitOptions struct {
	Delta float64 // Huber threshold; 0 means DefaultDelta
	Mean  bool    // minimise the mean instead of the sum (the pitfall)
	// Method is the local minimiser of FitGrid (default Engine).
	// FitHuberLikelihood always runs gonum's BFGS (its doc says why).
	Method  Method
	Starts  [][]float64 // log-form starts (a, b, e, alpha, beta); nil means BesirogluGrid()
	Workers int         // parallel workers; 0 means GOMAXPROCS
	// FuncAbsTol, when > 0, replaces gonum's default stopping rule (no
	// decrease larger than 1e-10 over 100 iterations) by "stop as soon as
	// one iteration decreases f by less than FuncAbsTol" — the shape of
	// L-BFGS-B's ftol test for objectives below 1 — to show how a stopping
	// rule interacts with the objective's scale (MeanPitfall).
	FuncAbsTol float64
	KeepStarts bool // return every start's outcome in LawFit.PerStart
	// FTol and GTol pass the engine's stopping rules (0: its defaults,
	// scipy L-BFGS-B's factr*eps and pgtol); ScipyFTol makes FTol scipy's
	// test, relative to max(|f|, 1) (see fit.Options.ScipyFTol).
	FTol, GTol float64
	ScipyFTol  bool
	// Context, when set, stops the fit once cancelled: running starts stop
	// at their next iteration, the rest are not run, and the fit returns
	// an error wrapping the context's error. Nil means never cancelled. In
	// a notebook pass display.Context() so that an interrupt stops the fit.
	Context context.Context
	// Progress, when set, is called with the starts finished and their
	// total, at most about 100 times and once at the end, never
	// concurrently.
	Progress func(done, total int)
}

// LawFit is a multi-start fit of the law. Its Outcome is the record of
// every fitlib fit: Objective (the sum, or mean, of Huber log residuals
// for FitGrid; the negative log-likelihood for FitHuberLikelihood), the
// best start's Status (converged only when it stopped on a gradient or
// function-value criterion, or at a stationary point — not on an error or
// a limit), Reason, Iterations and Evaluations, Time for the whole fit,
// GradNorm (max |gradient| in log form at the result), SEKind and
// Warnings. Parameters gives A, B, E, alpha, beta (and sigma) with their
// standard errors where the fit has them.
type LawFit struct {
	fit.Outcome
	Params   Params
	Theta    []float64 // log form (a, b, e, alpha, beta[, log sigma])
	Sigma    float64   // learned Huber scale (likelihood fits only)
	Starts   int
	PerStart []fit.Start // every start (log form), when FitOptions.KeepStarts
	// StepSE is how far the optimizer's best point lay from the optimum,
	// in standard errors (likelihood fits; see FitHuberLikelihood).
	StepSE float64
	// ThetaSE are standard errors of Theta (likelihood fits: of the law's
	// log-form parameters at the fitted sigma, and of log sigma).
	ThetaSE []float64
}

// Parameters returns A, B, E, alpha and beta (and sigma for a likelihood
// fit) in natural scale. A, B, E and sigma were fitted in log form
// (Transform Log, bounded below by 0); with ThetaSE (likelihood fits)
// their standard errors follow by the delta method (A·SE(a)) and their
// 95% intervals are exp(a ± 1.96 SE(a)), normal intervals on the fit's
// scale, as for alpha and beta.
func (f *LawFit) Parameters() []fit.FittedParam {
	names := []string{"A", "B", "E", "alpha", "beta", "sigma"}
	vals := []float64{f.Params.A, f.Params.B, f.Params.E, f.Params.Alpha, f.Params.Beta, f.Sigma}
	n := 5
	if len(f.Theta) > 5 {
		n = 6
	}
	q := distuv.UnitNormal.Quantile(0.975)
	out := make([]fit.FittedParam, n)
	for j := 0; j < n; j++ {
		p := fit.NewFittedParam(names[j], vals[j])
		logForm := j != 3 && j != 4
		if logForm {
			p = p.Bounded(0, math.Inf(1), fit.Log)
		}
		if j < len(f.ThetaSE) && j < len(f.Theta) && !math.IsNaN(f.ThetaSE[j]) {
			se, th := f.ThetaSE[j], f.Theta[j]
			if logForm {
				p = p.WithSE(vals[j]*se, math.Exp(th-q*se), math.Exp(th+q*se), 0.95)
			} else {
				p = p.WithSE(se, th-q*se, th+q*se, 0.95)
			}
		}
		out[j] = p
	}
	return out
}

// Param returns the parameter name (A, B, E, alpha, beta, or sigma for a
// likelihood fit).
func (f *LawFit) Param(name string) (fit.FittedParam, error) {
	p, err := fit.FindParam(f.Parameters(), name)
	if err != nil {
		return p, fmt.Errorf("chinchilla: %w", err)
	}
	return p, nil
}

// BesirogluGrid is the 4,500-start grid of Besiroglu et al. (2024),
// sect. 2: alpha, beta in {0, 0.5, ..., 2}, e in {-1, -0.5, ..., 1},
// a, b in {0, 5, ..., 25}, in log form (a, b, e, alpha, beta).
func BesirogluGrid() [][]float64 {
	var out [][]float64
	for i := 0; i <= 4; i++ {
		for j := 0; j <= 4; j++ {
			for k := -2; k <= 2; k++ {
				for l := 0; l <= 5; l++ {
					for m := 0; m <= 5; m++ {
						out = append(out, []float64{5 * float64(l), 5 * float64(m), 0.5 * float64(k), 0.5 * float64(i), 0.5 * float64(j)})
					}
				}
			}
		}
	}
	return out
}

// objFunc is an objective with gradient in one call.
type objFunc func(x, grad []float64) float64

// ctxRecorder stops a gonum minimisation once its context is cancelled:
// gonum ends Minimize with the error a Recorder returns.
type ctxRecorder struct{ ctx context.Context }

func (r ctxRecorder) Init() error { return r.ctx.Err() }
func (r ctxRecorder) Record(*optimize.Location, optimize.Operation, *optimize.Stats) error {
	return r.ctx.Err()
}

// minimizeFrom runs one gonum local minimisation from x0. Func and Grad
// share one evaluation through a cache of the last point. A non-nil ctx
// stops it at the next evaluation or iteration once cancelled.
func minimizeFrom(ctx context.Context, f objFunc, x0 []float64, method Method, funcAbsTol float64) (fit.Start, float64) {
	dim := len(x0)
	lastX := make([]float64, dim)
	lastG := make([]float64, dim)
	var lastF float64
	have := false
	eval := func(x []float64) {
		if have && floats.Equal(x, lastX) {
			return
		}
		copy(lastX, x)
		lastF = f(x, lastG)
		have = true
	}
	prob := optimize.Problem{
		Func: func(x []float64) float64 { eval(x); return lastF },
		Grad: func(g, x []float64) { eval(x); copy(g, lastG) },
	}
	var m optimize.Method
	switch method {
	case GonumLBFGS:
		m = &optimize.LBFGS{}
	default:
		m = &optimize.BFGS{}
		method = GonumBFGS
	}
	settings := &optimize.Settings{MajorIterations: 2000}
	if funcAbsTol > 0 {
		settings.Converger = &optimize.FunctionConverge{Absolute: funcAbsTol, Iterations: 1}
	}
	if ctx != nil {
		settings.Recorder = ctxRecorder{ctx}
	}
	t0 := time.Now()
	res, err := optimize.Minimize(prob, x0, settings, m)
	out := fit.Start{Start: append([]float64(nil), x0...), Method: fit.GonumBFGS}
	if method == GonumLBFGS {
		out.Method = fit.GonumLBFGS
	}
	out.Time = time.Since(t0)
	if res == nil {
		out.Objective, out.GradNorm = math.Inf(1), math.NaN()
		out.Status, out.Reason = fit.StatusFailed, fmt.Sprint(err)
		return out, math.Inf(1)
	}
	out.Params = append([]float64(nil), res.X...)
	out.Objective = res.F
	out.Iterations = res.Stats.MajorIterations
	out.Evaluations = res.Stats.FuncEvaluations
	g := make([]float64, dim)
	fx := f(res.X, g)
	if math.IsNaN(fx) {
		out.Objective = math.Inf(1)
	}
	gradNorm := floats.Norm(g, math.Inf(1))
	out.GradNorm = gradNorm
	if err != nil {
		out.Reason = err.Error()
		// A line search that can no longer move is how BFGS usually ends
		// on the kinks of a Huber objective; call that converged only at a
		// stationary point.
		out.Status = fit.StatusFailed
		if gradNorm <= GradTol {
			out.Status = fit.StatusStationary
		}
	} else {
		out.Reason = res.Status.String()
		out.Status = gonumstat.Status(res.Status)
		if out.Status == fit.StatusMethod {
			out.Status = fit.StatusNotConverged // only gradient and function convergence count
		}
	}
	if math.IsNaN(out.Objective) {
		out.Objective = math.Inf(1)
	}
	return out, gradNorm
}

// multiStart runs f from every start on workers goroutines and returns
// the best (lowest finite objective) result, its gradient norm and every
// start; opt.Progress hears of each finished start. Once opt.Context is
// cancelled the running starts stop, the rest are not run and the error
// says how many finished.
func multiStart(f objFunc, starts [][]float64, opt FitOptions, method Method) (best fit.Start, bestGrad float64, all []fit.Start, err error) {
	if len(starts) == 0 {
		return best, 0, nil, fmt.Errorf("chinchilla: no starting points")
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ctx := opt.Context
	if err := ctxErr(ctx); err != nil {
		return best, 0, nil, fmt.Errorf("chinchilla: fit cancelled (0 of %d starts finished): %w", len(starts), err)
	}
	all = make([]fit.Start, len(starts))
	grads := make([]float64, len(starts))
	var finished atomic.Int64
	tick := par.Ticker(opt.Progress, len(starts))
	par.For(workers, len(starts), func() func(int) {
		return func(i int) {
			if ctxErr(ctx) != nil {
				all[i] = fit.Start{Index: i, Start: starts[i], Outcome: fit.Outcome{Objective: math.Inf(1), GradNorm: math.NaN(), Status: fit.StatusCancelled, Reason: "not run: cancelled"}}
				return
			}
			all[i], grads[i] = minimizeFrom(ctx, f, starts[i], method, opt.FuncAbsTol)
			all[i].Index = i
			if ctxErr(ctx) != nil {
				return // stopped by the cancellation: not finished
			}
			finished.Add(1)
			tick()
		}
	})
	if err := ctxErr(ctx); err != nil && finished.Load() < int64(len(starts)) {
		return best, 0, all, fmt.Errorf("chinchilla: fit cancelled (%d of %d starts finished): %w", finished.Load(), len(starts), err)
	}
	bi := -1
	for i := range all {
		if all[i].Params == nil || math.IsInf(all[i].Objective, 0) {
			continue
		}
		if bi < 0 || all[i].Objective < all[bi].Objective {
			bi = i
		}
	}
	if bi < 0 {
		return best, 0, all, fmt.Errorf("chinchilla: all %d starts failed (first: %s)", len(all), all[0].Reason)
	}
	return all[bi], grads[bi], all, nil
}

// ctxErr is ctx.Err(), nil for a nil ctx (never cancelled).
func ctxErr(ctx context.Context) error {
	if ctx == nil {
		return nil
	}
	return ctx.Err()
}

func checkStarts(starts [][]float64, dim int) error {
	for i, s := range starts {
		if len(s) != dim {
			return fmt.Errorf("chinchilla: start %d has %d values, want %d", i, len(s), dim)
		}
		for _, v := range s {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("chinchilla: start %d = %v is not finite", i, s)
			}
		}
	}
	return nil
}

// FitGrid fits L = E + A N^-alpha + B D^-beta to runs by minimising the
// sum (or mean) of Huber_delta log residuals from every start and keeping
// the best — Approach 3 of Hoffmann et al. (2022) as redone by Besiroglu
// et al. (2024).
func FitGrid(r *Runs, opt FitOptions) (*LawFit, error) {
	if err := r.prepare(); err != nil {
		return nil, err
	}
	delta := opt.Delta
	if delta == 0 {
		delta = DefaultDelta
	}
	if !(delta > 0) {
		return nil, fmt.Errorf("chinchilla: Huber delta %g must be > 0", delta)
	}
	starts := opt.Starts
	if starts == nil {
		starts = BesirogluGrid()
	}
	if err := checkStarts(starts, 5); err != nil {
		return nil, err
	}
	t0 := time.Now()
	f := func(x, g []float64) float64 { return r.HuberObjective(x, g, delta, opt.Mean) }
	switch opt.Method {
	case Engine, GonumBFGS, GonumLBFGS:
	default:
		return nil, fmt.Errorf("chinchilla: FitGrid: unknown Method %d (Engine, GonumBFGS, GonumLBFGS)", int(opt.Method))
	}
	if opt.Method == Engine {
		er, err := engineFit(engineOptions{ctx: opt.Context, progress: opt.Progress, workers: opt.Workers, keep: opt.KeepStarts,
			ftol: opt.FTol, gtol: opt.GTol, scipy: opt.ScipyFTol}, f, 5, starts)
		if err != nil {
			return nil, fmt.Errorf("chinchilla: FitGrid: %w", err)
		}
		g := make([]float64, 5)
		f(er.Params, g)
		res := &LawFit{Outcome: er.Outcome, Params: FromTheta(er.Params), Theta: er.Params, Starts: er.Starts, PerStart: er.PerStart}
		res.GradNorm, res.Time = floats.Norm(g, math.Inf(1)), time.Since(t0)
		return res, nil
	}
	best, grad, all, err := multiStart(f, starts, opt, opt.Method)
	if err != nil {
		return nil, err
	}
	res := &LawFit{Outcome: best.Outcome, Params: FromTheta(best.Params), Theta: best.Params, Starts: len(starts)}
	res.GradNorm, res.Time = grad, time.Since(t0)
	if opt.KeepStarts {
		res.PerStart = all
	}
	return res, nil
}

// FitHuberLikelihood maximises the Huber likelihood with a learned scale
// sigma (see HuberNLL) jointly over (a, b, e, alpha, beta, log sigma),
// starting from each log-form start with log sigma at the scale of the
// start's residuals; nil starts means the Besiroglu grid. The likelihood
// has kinks at |r| = delta sigma, which defeat the fit engine's L-BFGS
// from Hoffmann's start, so the starts run gonum's BFGS directly
// (minimizeFrom). Its line search usually ends near the optimum with a
// small gradient and a "failed to converge" error, which says nothing
// about how near. So the best start is then refined and judged on the
// statistical scale (likelihood.go): theta by the fit engine's Huber fit
// at threshold delta sigma (the likelihood at fixed sigma), log sigma
// exactly, alternating until both moves are below 0.01 standard errors.
// Status is StatusWithinSE when that happened (StatusNotConverged when
// not, with Reason saying which criterion failed and by how much); StepSE
// says how far the BFGS point was.
func FitHuberLikelihood(r *Runs, opt FitOptions) (*LawFit, error) {
	if err := r.prepare(); err != nil {
		return nil, err
	}
	delta := opt.Delta
	if delta == 0 {
		delta = DefaultDelta
	}
	starts := opt.Starts
	if starts == nil {
		starts = BesirogluGrid()
	}
	if err := checkStarts(starts, 5); err != nil {
		return nil, err
	}
	t0 := time.Now()
	six := make([][]float64, len(starts))
	for i, s := range starts {
		// start sigma at the mean absolute residual (at least 1e-6)
		var m float64
		for k := range r.logL {
			lp, _, _, _ := predict(s, r.logN[k], r.logD[k])
			m += math.Abs(lp - r.logL[k])
		}
		m = math.Max(m/float64(r.Len()), 1e-6)
		if math.IsInf(m, 0) || math.IsNaN(m) {
			m = 1
		}
		six[i] = append(append([]float64(nil), s...), math.Log(m))
	}
	f := func(x, g []float64) float64 { return r.HuberNLL(x, g, delta) }
	best, _, all, err := multiStart(f, six, opt, GonumBFGS)
	if err != nil {
		return nil, err
	}
	chk, err := r.refineLikelihood(best.Params, delta)
	if err != nil {
		return nil, fmt.Errorf("chinchilla: FitHuberLikelihood: refining the best start: %w", err)
	}
	status := fmt.Sprintf("converged: within %.2g standard errors of the optimum (largest move %s, criterion %g) after %d alternating refinements; BFGS had stopped %.2g standard errors away (in %s): %s",
		chk.LastMove, chk.LastWhere, convergeSE, chk.Rounds, chk.FirstMove, chk.FirstWhere, best.Reason)
	st := fit.StatusWithinSE
	if !chk.Converged {
		st = fit.StatusNotConverged
		status = fmt.Sprintf("not converged: the last of %d alternating refinements still moved %s by %.3g standard errors (criterion %g); BFGS: %s",
			chk.Rounds, chk.LastWhere, chk.LastMove, convergeSE, best.Reason)
	}
	g := make([]float64, 6)
	r.HuberNLL(chk.Theta, g, delta)
	res := &LawFit{
		Outcome: fit.Outcome{Objective: chk.NLL, Status: st, Reason: status, Iterations: best.Iterations, Evaluations: best.Evaluations,
			GradNorm: floats.Norm(g, math.Inf(1)), Time: time.Since(t0), SEKind: fit.SEConditional},
		Params: FromTheta(chk.Theta), Theta: chk.Theta, Sigma: math.Exp(chk.Theta[5]),
		Starts: len(six), StepSE: chk.FirstMove, ThetaSE: chk.SE,
	}
	if opt.KeepStarts {
		res.PerStart = all
	}
	return res, nil
}
