package frontier

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync/atomic"

	"github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/internal/num"
	"github.com/gophernote/gophernote/fitlib/internal/par"
	"gonum.org/v1/gonum/floats"
)

// Stage is one step of the continuation: the fit at (Tau, Kappa) starts
// from the previous stage's optimum.
type Stage struct {
	Tau, Kappa float64
}

// Options configure a frontier fit. Zero fields take the defaults of
// DefaultOptions; set Lambda < 0 for no slope penalty.
type Options struct {
	Task  string  // label used in error messages
	Tau   float64 // target quantile (default 0.98)
	Kappa float64 // smoothing of the pinball loss (default 50)
	// Lambda weighs the penalty lambda b^2 (default 1e-3) against the
	// weighted MEAN pinball loss. A fit that sums the loss over the n
	// points instead (as the authors' code does) has the same minimiser
	// with Lambda/n here; with the mean, 1e-3 is comparable to the loss
	// itself and visibly flattens slopes on small data sets.
	Lambda float64

	// Stages is the continuation schedule; the default is
	// (0.90, 10) -> (0.95, 25) -> (Tau, Kappa), keeping the stages whose
	// tau is below Tau.
	Stages []Stage

	GridMid      int       // midpoints on the z quantile grid (default 5)
	GridSlopes   []float64 // slopes b of the grid (default 0.5, 1.5, 4)
	RandomStarts int       // seeded random starts on top of the grid (default 8)
	Seed         uint64    // random-start seed
	Workers      int       // parallel starts (default GOMAXPROCS)
	MaxIter      int       // L-BFGS major iterations per stage (default 1000)
	KeepStarts   bool      // report every start in Result.Starts

	// Context, when set, stops the fit once cancelled: running starts stop
	// at their next iteration, the rest are not run, and the fit returns an
	// error wrapping the context's error. Nil means never cancelled. In a
	// notebook pass display.Context() so that an interrupt stops the fit.
	// The studies built on fits (Bootstrap, Temporal, BudgetCurve,
	// AnalyzePoints) stop too when their Fit options carry it.
	Context context.Context
}

// DefaultOptions returns the paper's recipe: tau 0.98, kappa 50,
// lambda 1e-3, continuation 0.90/10 -> 0.95/25 -> 0.98/50.
func DefaultOptions() Options {
	return Options{Tau: 0.98, Kappa: 50, Lambda: 1e-3, GridMid: 5,
		GridSlopes: []float64{0.5, 1.5, 4}, RandomStarts: 8, Seed: 1, MaxIter: 1000}
}

func (o Options) filled() (Options, error) {
	d := DefaultOptions()
	if o.Tau == 0 {
		o.Tau = d.Tau
	}
	if o.Kappa == 0 {
		o.Kappa = d.Kappa
	}
	switch {
	case o.Lambda == 0:
		o.Lambda = d.Lambda
	case o.Lambda < 0:
		o.Lambda = 0
	}
	if o.GridMid == 0 {
		o.GridMid = d.GridMid
	}
	if o.GridSlopes == nil {
		o.GridSlopes = d.GridSlopes
	}
	if o.RandomStarts == 0 {
		o.RandomStarts = d.RandomStarts
	}
	if o.RandomStarts < 0 {
		o.RandomStarts = 0
	}
	if o.MaxIter == 0 {
		o.MaxIter = d.MaxIter
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if !(o.Tau > 0 && o.Tau < 1) {
		return o, fmt.Errorf("%s: parameter tau = %v must be in (0,1)", label(o.Task), o.Tau)
	}
	if !(o.Kappa > 0) || math.IsInf(o.Kappa, 0) {
		return o, fmt.Errorf("%s: parameter kappa = %v must be positive and finite", label(o.Task), o.Kappa)
	}
	if o.Stages == nil {
		for _, s := range []Stage{{0.90, 10}, {0.95, 25}} {
			if s.Tau < o.Tau {
				o.Stages = append(o.Stages, s)
			}
		}
		o.Stages = append(o.Stages, Stage{o.Tau, o.Kappa})
	}
	for i, s := range o.Stages {
		if !(s.Tau > 0 && s.Tau < 1) || !(s.Kappa > 0) || math.IsInf(s.Kappa, 0) {
			return o, fmt.Errorf("%s: continuation stage %d (tau %v, kappa %v) invalid", label(o.Task), i+1, s.Tau, s.Kappa)
		}
	}
	for _, b := range o.GridSlopes {
		if !(b > 0) || math.IsInf(b, 0) {
			return o, fmt.Errorf("%s: grid slope %v must be positive", label(o.Task), b)
		}
	}
	return o, nil
}

// StartSummary records one start of the multi-start fit.
type StartSummary struct {
	Start, Final Params
	Objective    float64
	Status       string
	Converged    bool
	Iterations   int
}

// Result is a fitted frontier.
type Result struct {
	Params     Params
	Objective  float64 // final-stage objective (mean smoothed pinball + lambda b^2)
	Converged  bool    // every stage of the best start converged
	Status     string  // fitlib/fit status (or error) of the best start's last stage
	Iterations int     // L-BFGS iterations of the best start, all stages
	FuncEvals  int
	N          int     // points fitted
	Coverage   float64 // share of points on or below the frontier
	Pinball    float64 // mean exact pinball loss at Tau (in-distribution)
	Starts     []StartSummary
	Options    Options
}

// Fit estimates the sigmoid frontier of scores y against z = log10(FLOPs).
func Fit(z, y []float64, opt Options) (*Result, error) {
	return fitWeighted(z, y, nil, opt, nil)
}

// fitWeighted fits with point weights w (nil = 1) from the grid and random
// starts, or only from warm when warm is non-nil.
func fitWeighted(z, y, w []float64, opt Options, warm *Params) (*Result, error) {
	opt, err := opt.filled()
	if err != nil {
		return nil, err
	}
	if err := checkPoints(opt.Task, z, y, MinPoints); err != nil {
		return nil, err
	}
	obj := newSigmoidObjective(z, y, w)
	var starts []Params
	if warm != nil {
		starts = []Params{*warm}
	} else {
		starts = startGrid(z, y, opt)
	}
	if err := ctxErr(opt.Context); err != nil {
		return nil, fmt.Errorf("%s: fit cancelled (0 of %d starts finished): %w", label(opt.Task), len(starts), err)
	}
	res := make([]StartSummary, len(starts))
	evals := make([]int, len(starts))
	var finished atomic.Int64
	par.For(opt.Workers, len(starts), func() func(int) {
		sv := newStageSolver(obj.clone())
		sv.ctx = opt.Context
		return func(i int) {
			if ctxErr(opt.Context) != nil {
				res[i] = StartSummary{Start: starts[i], Objective: math.NaN(), Status: "not run: cancelled"}
				return
			}
			res[i], evals[i] = runStart(sv, starts[i], opt)
			if ctxErr(opt.Context) == nil {
				finished.Add(1)
			}
		}
	})
	if err := ctxErr(opt.Context); err != nil && finished.Load() < int64(len(starts)) {
		return nil, fmt.Errorf("%s: fit cancelled (%d of %d starts finished): %w", label(opt.Task), finished.Load(), len(starts), err)
	}

	best := -1
	for i, r := range res {
		if math.IsNaN(r.Objective) || math.IsInf(r.Objective, 0) {
			continue
		}
		if best < 0 || r.Objective < res[best].Objective {
			best = i
		}
	}
	if best < 0 {
		return nil, fmt.Errorf("%s: no start reached a finite objective", label(opt.Task))
	}
	r := res[best]
	out := &Result{Params: r.Final, Objective: r.Objective, Converged: r.Converged,
		Status: r.Status, Iterations: r.Iterations, FuncEvals: evals[best], N: len(z), Options: opt}
	if err := out.Params.Valid(); err != nil {
		return nil, fmt.Errorf("%s: %v", label(opt.Task), err)
	}
	out.Coverage = Coverage(out.Params, z, y)
	out.Pinball = MeanPinball(y, out.Params.Curve(z), opt.Tau)
	if opt.KeepStarts {
		out.Starts = res
	}
	return out, nil
}

// runStart runs the continuation from one start.
func runStart(sv *stageSolver, start Params, opt Options) (StartSummary, int) {
	o := sv.o
	x := fromParams(start, o.zref)
	sum := StartSummary{Start: start, Converged: true}
	evals := 0
	o.lambda = opt.Lambda
	for si, st := range opt.Stages {
		o.setStage(st.Tau, st.Kappa)
		xs, f, status, conv, it, ev := sv.minimize(x, opt.MaxIter)
		x = xs
		sum.Objective = f
		if !conv {
			// keep the first stage that failed to converge in the status
			status = fmt.Sprintf("stage %d (tau %v, kappa %v): %s", si+1, st.Tau, st.Kappa, status)
			if sum.Converged {
				sum.Status = status
			}
		} else if sum.Converged {
			sum.Status = status
		}
		sum.Converged = sum.Converged && conv
		sum.Iterations += it
		evals += ev
	}
	sum.Final = toParams(x, o.zref)
	return sum, evals
}

// rawParams names the raw coordinates (see raw) for fitlib/fit: no
// transforms, since the raw parameterization is already unconstrained.
var rawParams = []fit.Param{{Name: "g0"}, {Name: "gL"}, {Name: "c"}, {Name: "h"}}

// stageSolver minimizes one stage of the continuation with fitlib/fit's
// own L-BFGS (Method LBFGS: synchronous, preallocated buffers, strong-Wolfe
// line search, one fused value+gradient call per evaluation). gonum's
// optimize.Minimize, used before, allocated its state on every call and
// ran the method in a goroutine exchanging every evaluation over channels,
// which on a loaded machine cost more than the objective itself. Each
// parallel worker owns one stageSolver and its objective clone, and fit.Fit
// runs the single start with Workers 1, so the objective is never called
// concurrently.
type stageSolver struct {
	o     *sigmoidObjective
	start [][]float64
	g     [4]float64
	ctx   context.Context // Options.Context of the fit (nil: never cancelled)
}

func newStageSolver(o *sigmoidObjective) *stageSolver {
	return &stageSolver{o: o, start: [][]float64{make([]float64, 4)}}
}

// Stopping rules of a stage: max |gradient| <= 1e-9 (the threshold used
// with gonum before) or a reduction of F in one iteration <= 1e-15 times
// max(|F|, 1), scipy L-BFGS-B's rule with a far tighter factr. F < 1 here,
// so that is 1e-15 absolute, ~3e-13 of F at the leaderboard optima
// (F ~ 3e-3 to 7e-3): a stage stops only where F is flat to rounding.
const (
	stageGTol = 1e-9
	stageFTol = 1e-15
)

// minimize runs L-BFGS from x0 on the current stage. It reports
// convergence for fitlib/fit's gradient or function-reduction rule, or
// when the line search could make no progress at a point whose gradient
// norm is below 1e-7 (the objective is flat to rounding there); never at
// an iteration or evaluation limit.
func (sv *stageSolver) minimize(x0 []float64, maxIter int) (x []float64, f float64, status string, conv bool, iters, evals int) {
	o := sv.o
	copy(sv.start[0], x0)
	maxEval := max(15000, 10*maxIter)
	r, err := fit.Fit(fit.Problem{
		Objective: func(p, g, _ []float64) float64 { return o.eval(p, g, nil) },
		Params:    rawParams,
	}, fit.Options{
		Context: sv.ctx, Method: fit.LBFGS, Starts: sv.start, Workers: 1, GTol: stageGTol, FTol: stageFTol,
		MaxIter: maxIter, MaxEval: maxEval, NoFallback: true, NoSE: true,
	})
	if err != nil {
		return x0, math.Inf(1), err.Error(), false, 0, 0
	}
	x, f, status, conv = r.Params, r.Objective, r.Status, r.Converged
	iters, evals = r.Iterations, r.Evaluations
	if math.IsNaN(f) {
		f = math.Inf(1)
	}
	if !conv && !math.IsInf(f, 0) && iters < maxIter && evals < maxEval {
		g := sv.g[:]
		o.eval(x, g, nil)
		gn := floats.Norm(g, 2)
		status = fmt.Sprintf("%s (|grad| %.2g)", status, gn)
		conv = gn < 1e-7
	}
	return x, f, status, conv, iters, evals
}

// startGrid builds the multi-start set: midpoints at equally spaced
// quantiles of z times the grid slopes, plus seeded random starts. Floor
// and ceiling start from low and high empirical quantiles of y.
// ctxErr is ctx.Err(), nil for a nil ctx (never cancelled).
func ctxErr(ctx context.Context) error {
	if ctx == nil {
		return nil
	}
	return ctx.Err()
}

func startGrid(z, y []float64, opt Options) []Params {
	zs := append([]float64(nil), z...)
	ys := append([]float64(nil), y...)
	sort.Float64s(zs)
	sort.Float64s(ys)
	y0 := clamp(num.QuantileSorted(ys, 0.02), 1e-3, 0.9)
	top := clamp(ys[len(ys)-1], y0+1e-3, 0.999)
	l := top - y0
	var out []Params
	for i := 0; i < opt.GridMid; i++ {
		m := num.QuantileSorted(zs, (float64(i)+0.5)/float64(opt.GridMid))
		for _, b := range opt.GridSlopes {
			out = append(out, Params{Y0: y0, L: l, A: -b * m, B: b})
		}
	}
	rng := rand.New(rand.NewPCG(opt.Seed, 0x9e3779b97f4a7c15))
	zlo, zhi := zs[0], zs[len(zs)-1]
	for i := 0; i < opt.RandomStarts; i++ {
		m := zlo + (zhi-zlo)*rng.Float64()
		b := math.Exp(math.Log(0.2) + (math.Log(8)-math.Log(0.2))*rng.Float64())
		r0 := y0 * rng.Float64()
		rl := (1 - r0) * (0.3 + 0.7*rng.Float64())
		out = append(out, Params{Y0: r0, L: rl, A: -b * m, B: b})
	}
	return out
}
