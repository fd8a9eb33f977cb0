package fit

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"time"

	"gonum.org/v1/gonum/optimize"

	"github.com/gophernote/gophernote/fitlib/internal/par"
)

// Method selects how a fit minimizes (Options.Method, Result.Method).
type Method int

// Methods. All minimize in transformed coordinates (see Transform).
const (
	LBFGS      Method = iota // the engine's allocation-free L-BFGS (default; see lbfgs.go for why)
	GonumLBFGS               // gonum optimize.LBFGS with the same stopping rules
	NelderMead               // gonum optimize.NelderMead (derivative-free)
	GonumBFGS                // gonum optimize.BFGS with the same stopping rules
	// VarPro is variable projection (vp.go): the parameters in which a
	// Formula law is linear (formula.LinearParams) and that are not
	// Fixed are solved by an inner problem at every evaluation, and the
	// engine's L-BFGS searches the others. Grids, starts and random
	// starts apply to the nonlinear parameters (the inner ones start at
	// their Init, or at the values in Options.Starts); Options.Screen
	// can refine only the most promising starts. The Result is that of
	// the full problem at the optimum (standard errors, convergence
	// check and report as for LBFGS), with Result.Inner naming the
	// parameters the inner problem solved.
	VarPro
)

// String names the method.
func (m Method) String() string {
	switch m {
	case LBFGS:
		return "L-BFGS"
	case GonumLBFGS:
		return "gonum L-BFGS"
	case NelderMead:
		return "gonum Nelder-Mead"
	case GonumBFGS:
		return "gonum BFGS"
	case VarPro:
		return "variable projection (L-BFGS over the nonlinear parameters)"
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// Options controls a fit. The zero value is one start (or the Params
// grid), scipy L-BFGS-B's default tolerances, GOMAXPROCS workers and a
// Nelder-Mead fallback for starts where L-BFGS fails.
type Options struct {
	Method       Method
	Starts       [][]float64 // extra starting points (natural scale, Params order)
	RandomStarts int         // extra random starts (see Fit for their range)
	Seed         uint64      // seed of the random starts
	Workers      int         // parallel workers (default GOMAXPROCS)
	FTol         float64     // relative function reduction (f_k - f_k+1)/max(|f_k|, |f_k+1|) (default 1e7 * 2.22e-16, scipy's factr*eps)
	ScipyFTol    bool        // divide the reduction by max(|f_k|, |f_k+1|, 1) as scipy's L-BFGS-B does (absolute below 1; for reproducing scipy)
	GTol         float64     // max |gradient| in optimizer coordinates (default 1e-5, scipy's pgtol)
	MaxIter      int         // iterations per start (default 15000, as scipy)
	MaxEval      int         // evaluations per start (default 15000, as scipy)
	NoFallback   bool        // do not retry failed starts with Nelder-Mead
	KeepStarts   bool        // fill Result.PerStart with every start

	SE         SEMethod // how standard errors are computed (default SEAuto; see SEMethod)
	Level      float64  // level of Result.Lo/Hi (default 0.95)
	Resamples  int      // bootstrap resamples for SE: SEBootstrap (default DefaultResamples; seeded by Seed)
	ConvergeSE float64  // convergence criterion: the Newton step to the optimum must be below ConvergeSE standard errors (default 0.01)
	Screen     int      // VarPro only: evaluate the profile objective at every start and refine only the Screen best (0: refine all)

	// Context, when set, stops the fit early once cancelled: running starts
	// stop at their next iteration, the rest are not run, and Fit returns
	// the best result so far together with an error.
	Context context.Context
	// Progress, when set, is called after each start with the number of
	// starts finished and the total (never concurrently).
	Progress func(done, total int)
}

func (o *Options) ftolFloor() float64 {
	if o.ScipyFTol {
		return 1
	}
	return 0
}

func (o Options) withDefaults() Options {
	if o.FTol == 0 {
		o.FTol = 1e7 * 2.220446049250313e-16
	}
	if o.GTol == 0 {
		o.GTol = 1e-5
	}
	if o.MaxIter == 0 {
		o.MaxIter = 15000
	}
	if o.MaxEval == 0 {
		o.MaxEval = 15000
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.Level == 0 {
		o.Level = 0.95
	}
	if o.Resamples == 0 {
		o.Resamples = DefaultResamples
	}
	if o.ConvergeSE == 0 {
		o.ConvergeSE = 0.01
	}
	return o
}

// Start is the outcome of one start of a multi-start fit: the start, the
// parameters it ended at, the method that got there and its record
// (Outcome: Objective, Status, Reason, Iterations, Evaluations, Time,
// GradNorm; SEKind and Warnings stay empty). Every fitlib fit that keeps
// its starts keeps them as Start values.
type Start struct {
	Index  int
	Start  []float64 // natural scale
	Params []float64
	Method Method
	Outcome
	code Status // the optimizer's own stop (Status may be a later verdict)
}

// Result is the outcome of a fit. Params are in natural scale, in the
// order of Names; Parameters gives each with its standard error,
// interval, bounds and flags, and Param(name) one of them.
//
// Convergence: the optimizer's own rule (gradient, relative reduction,
// Nelder-Mead fallback) is checked against the statistical scale when
// standard errors are computed: the Newton step from the final point to
// the optimum of the local quadratic model must be below
// Options.ConvergeSE (0.01) standard errors in every parameter. A stop that
// fails this is reported as not converged (StatusNotConverged), with the
// distance (StepSE); a line search that stalls within it (usual at the
// kinks of Huber and pinball losses) is reported as converged
// (StatusWithinSE), saying so in Reason.
type Result struct {
	// Outcome is the record of every fitlib fit: Objective (the loss
	// summed over rows, or the Objective's value), Status and Reason of
	// the best start (after the convergence check), its Iterations and
	// Evaluations, Time, GradNorm (in optimizer coordinates, the
	// quantity GTol tests), SEKind and Warnings.
	Outcome
	Names            []string
	Params           []float64
	Fixed            []bool   // held at their value (Param.Fixed)
	StepSE           float64  // Newton step to the optimum in standard errors (max over parameters; NaN without SEs)
	Method           Method   // the method of the best start (NelderMead when its L-BFGS fell back; VarPro for variable projection)
	Inner            []string // VarPro: the linear parameters the inner problem solved
	Start            int      // index of the best start
	Starts           int      // number of starts
	NotRun           int      // starts skipped after cancellation
	ConvStarts       int      // starts that converged
	TotalEvaluations int      // objective evaluations over all starts
	AtBound          []string
	Rows             int           // rows with positive weight (0 for row-less objectives)
	Loss             Loss          // the loss minimized by a Formula fit (zero for an Objective fit: see ObjectiveIs)
	ObjectiveIs      ObjectiveKind // what an Objective fit minimized (Problem.ObjectiveIs)
	SE               []float64     // standard errors (NaN where unavailable: fixed, at a bound, or see SEKind)
	SEMethod         SEMethod
	Cov              [][]float64 // covariance (rows and columns of parameters without SE are 0)
	Corr             [][]float64 // correlation (NaN where a parameter has no SE)
	DOF              int         // residual degrees of freedom n - p; 0 means normal intervals
	RefDOF           []float64   // degrees of freedom of each parameter's Student t interval (Bell-McCaffrey for the HC2 sandwich, else DOF); 0 means normal, NaN without SE
	Level            float64     // level of Lo, Hi
	Lo, Hi           []float64   // intervals at Level (see Interval for other levels)
	Scale            float64     // residual standard deviation on DOF degrees of freedom (s for squared error); log residuals for log losses
	Bandwidth        float64     // kernel bandwidth of the smoothed curvature (0 for squared error)
	LogLik           float64     // log-likelihood (NaN when the loss is not a likelihood); see LogLikKind
	LogLikKind       LogLikKind
	NPar             int     // parameters counted by AIC and BIC (free ones plus a fitted scale)
	AIC, BIC         float64 // 2 NPar - 2 LogLik and NPar log(Rows) - 2 LogLik
	PerStart         []Start // every start, when Options.KeepStarts
	gradP            []float64
	newtonSteps      int       // Newton steps taken on the curvature after L-BFGS (newtonApply)
	lrScale          float64   // 2 lrScale dObjective is a likelihood-ratio statistic
	modelVar         []float64 // model-based variances (row losses), to adjust profile statistics
	boot             *BootstrapResult
	unc              *uncertainty // the covariance computation, for judging bootstrap refits
	params           []Param      // the parameters' transforms and bounds
	formula          bool         // a Formula fit (Loss is its loss); else an Objective of kind ObjectiveIs
	dataSig          uint64       // fingerprint of the rows fitted (Formula fits), for LikelihoodRatio
	bm               *bmInfo      // Bell-McCaffrey degrees of freedom of the HC2 sandwich (nil: DOF)
	bmActive         []int        // the parameters bm's rows and columns stand for
	seWhy            string       // why the standard errors are unavailable
	title            string       // the report's title
	code             Status       // the optimizer's own stop of the best start
}

// Parameters returns every parameter of the fit, in the order of Names,
// with its standard error, interval at Level, bounds, transform and
// whether it was fixed or ended at a bound.
func (r *Result) Parameters() []FittedParam {
	out := make([]FittedParam, len(r.Names))
	for j, n := range r.Names {
		p := NewFittedParam(n, at(r.Params, j))
		q := r.param(j)
		p.Transform = q.Transform
		switch q.Transform {
		case Log, Softplus:
			p.Min = q.Lo
		case Logit:
			p.Min, p.Max = q.Lo, q.Hi
		}
		p.Fixed = j < len(r.Fixed) && r.Fixed[j]
		p.AtBound = containsString(r.AtBound, n)
		if se := at(r.SE, j); !math.IsNaN(se) {
			p = p.WithSE(se, at(r.Lo, j), at(r.Hi, j), r.Level)
		}
		out[j] = p
	}
	return out
}

// Param returns the fitted parameter name: its value, standard error,
// interval, bounds and flags.
func (r *Result) Param(name string) (FittedParam, error) {
	p, err := FindParam(r.Parameters(), name)
	if err != nil {
		return p, fmt.Errorf("fit: %w", err)
	}
	return p, nil
}

// lossName names what the fit minimized: the loss of a Formula fit, the
// kind of an Objective.
func (r *Result) lossName() string {
	if r.formula {
		return r.Loss.String()
	}
	return r.ObjectiveIs.String()
}

// Fit minimizes the problem's objective from every start and returns the
// best. Starts are, in order: the product of the Params grids (parameters
// without a grid stay at Init), or the single Init point when no parameter
// has a grid; then Options.Starts; then RandomStarts points drawn uniformly
// in [min Grid, max Grid] for parameters with a grid of two or more values,
// in (Lo, Hi) for Logit parameters, log-uniformly in Lo + [0.1, 10](Init-Lo)
// for Log/Softplus and Init ± max(1, |Init|) otherwise. Starts run in
// parallel; the result does not depend on the number of workers (ties go
// to the lowest start index). Options.Method chooses the local method,
// variable projection (VarPro) included.
func Fit(pb Problem, opt Options) (*Result, error) {
	t0 := time.Now()
	pr, err := prepare(&pb)
	if err != nil {
		return nil, err
	}
	opt = opt.withDefaults()
	switch opt.Method {
	case LBFGS, GonumLBFGS, NelderMead, GonumBFGS, VarPro:
	default:
		return nil, fmt.Errorf("fit: unknown Options.Method %d (LBFGS, GonumLBFGS, NelderMead, GonumBFGS, VarPro)", int(opt.Method))
	}
	if !(opt.Level > 0 && opt.Level < 1) {
		return nil, fmt.Errorf("fit: Options.Level = %v, need 0 < Level < 1", opt.Level)
	}
	if opt.SE < SEAuto || opt.SE > SEModel {
		return nil, fmt.Errorf("fit: unknown Options.SE %d", opt.SE)
	}
	if opt.Screen < 0 {
		return nil, fmt.Errorf("fit: Options.Screen = %d, need >= 0 (0 refines every start)", opt.Screen)
	}
	search := pr // the problem the optimizer searches
	var inner []string
	if opt.Method == VarPro {
		if search, inner, err = pr.projection(&pb); err != nil {
			return nil, err
		}
	}
	starts, err := search.starts(&opt)
	if err != nil {
		return nil, err
	}
	if opt.Method == VarPro {
		// The inner parameters of an explicit start seed the inner solve;
		// otherwise they start at Init.
		for _, s := range starts {
			for _, j := range search.vp.lin {
				if _, err := pr.params[j].inverse(s[j]); err != nil {
					s[j] = search.base[j]
				}
			}
		}
		if opt.Screen > 0 && opt.Screen < len(starts) {
			starts = search.screen(starts, opt.Screen, opt.Workers)
		}
	}
	res := search.multistart(starts, &opt)
	if opt.Method == VarPro {
		res.Method, res.Inner = VarPro, inner
	}
	defer func() { res.Time = time.Since(t0) }()
	if opt.Context != nil && opt.Context.Err() != nil {
		return res, fmt.Errorf("fit: cancelled (%d of %d starts finished): %w", res.Starts-res.NotRun, res.Starts, opt.Context.Err())
	}
	res.StepSE = math.NaN()
	res.LogLik, res.AIC, res.BIC = math.NaN(), math.NaN(), math.NaN()
	k := len(res.Params)
	res.SE, res.Lo, res.Hi, res.RefDOF = nanVec(k), nanVec(k), nanVec(k), nanVec(k)
	res.GradNorm = math.NaN()
	if math.IsInf(res.Objective, 0) || math.IsNaN(res.Objective) {
		res.Status = StatusNotFinite
		res.unavailable("unavailable: the objective is not finite")
		return res, pr.notFiniteError(res, starts)
	}
	if opt.SE != SENone {
		pr.standardErrors(res, &opt, &pb)
	}
	pr.informationCriteria(res)
	res.GradNorm = pr.gradNorm(res)
	return res, nil
}

// unavailable records why the standard errors are unavailable: SEKind
// SEUnavailable and a warning.
func (r *Result) unavailable(why string) {
	r.SEKind, r.seWhy = SEUnavailable, why
	r.warn("standard errors %s", why)
}

// gradNorm is the largest |dObjective/dz| over the free parameters at the
// result, z the optimizer's coordinate of each (Transform).
func (pr *prepared) gradNorm(res *Result) float64 {
	if len(res.gradP) != len(res.Params) {
		return math.NaN()
	}
	g := 0.0
	for _, j := range pr.free {
		z, err := pr.params[j].inverse(res.Params[j])
		if err != nil {
			return math.NaN()
		}
		_, d := pr.params[j].forward(z)
		g = math.Max(g, math.Abs(res.gradP[j]*d))
	}
	return g
}

// notFiniteError explains a fit whose every start ended with a
// non-finite objective: the first row where the law (or its log, for a
// log loss) is not finite at the best start's point, or at the first
// start.
func (pr *prepared) notFiniteError(res *Result, starts [][]float64) error {
	p := res.Params
	if len(starts) > 0 && (len(p) == 0 || math.IsNaN(p[0])) {
		p = starts[0]
	}
	vals := make([]string, len(pr.names))
	for j, n := range pr.names {
		vals[j] = fmt.Sprintf("%s = %.6g", n, p[j])
	}
	at := strings.Join(vals, ", ")
	if pr.ev == nil {
		return fmt.Errorf("fit: no start reached a finite objective (best start: %s): the Objective is %v at %s", res.Reason, res.Objective, at)
	}
	wk := newWorker(pr)
	g := make([]float64, len(p))
	wk.natural(p, g)
	for i, q := range wk.pred {
		if math.IsNaN(q) || math.IsInf(q, 0) {
			return fmt.Errorf("fit: no start reached a finite objective: the law %s is %v at row %d (%s) with %s; check that row's data, or give starts (Param.Init, Grid) where the law is defined on every row", pr.f.Source(), q, i, pr.rowVars(i), at)
		}
		if pr.loss.Log && !(q > 0) {
			return fmt.Errorf("fit: no start reached a finite objective: the law %s is %v <= 0 at row %d (%s) with %s, so its log residual is undefined for %s; give starts (Param.Init, Grid) where the law is positive on every row", pr.f.Source(), q, i, pr.rowVars(i), at, pr.loss)
		}
	}
	return fmt.Errorf("fit: no start reached a finite objective (best start: %s; %v at %s): give starts (Param.Init, Grid) where the law is defined on every row", res.Reason, res.Objective, at)
}

// rowVars names the data of row i ("N = 1e+06, D = 2e+10").
func (pr *prepared) rowVars(i int) string {
	var parts []string
	for k, v := range pr.f.Vars() {
		parts = append(parts, fmt.Sprintf("%s = %g", v, pr.cols[k][i]))
	}
	return strings.Join(parts, ", ")
}

func (pr *prepared) starts(opt *Options) ([][]float64, error) {
	k := len(pr.params)
	var starts [][]float64
	hasGrid := false
	for _, q := range pr.params {
		hasGrid = hasGrid || len(q.Grid) > 0
	}
	// Grid product, first parameter varying slowest.
	cur := make([]float64, k)
	var rec func(j int)
	rec = func(j int) {
		if j == k {
			starts = append(starts, append([]float64(nil), cur...))
			return
		}
		q := pr.params[j]
		if len(q.Grid) == 0 {
			cur[j] = q.init()
			rec(j + 1)
			return
		}
		for _, v := range q.Grid {
			cur[j] = v
			rec(j + 1)
		}
	}
	if hasGrid || len(opt.Starts) == 0 && opt.RandomStarts == 0 {
		rec(0)
	}
	for i, s := range opt.Starts {
		if len(s) != k {
			return nil, fmt.Errorf("fit: Options.Starts[%d] has %d values for %d parameters %v", i, len(s), k, pr.names)
		}
		starts = append(starts, append([]float64(nil), s...))
	}
	if opt.RandomStarts < 0 {
		return nil, fmt.Errorf("fit: RandomStarts = %d", opt.RandomStarts)
	}
	r := rand.New(rand.NewPCG(opt.Seed, 0x5eed))
	for s := 0; s < opt.RandomStarts; s++ {
		x := make([]float64, k)
		for j, q := range pr.params {
			if q.Fixed {
				x[j] = q.Init
				continue
			}
			x[j] = q.random(r)
		}
		starts = append(starts, x)
	}
	// Fixed parameters keep their value whatever a start says; validate
	// every start in the transformed domain.
	for i, s := range starts {
		for j, v := range s {
			if pr.params[j].Fixed {
				s[j] = pr.base[j]
				continue
			}
			if _, err := pr.params[j].inverse(v); err != nil {
				return nil, fmt.Errorf("start %d: %w", i, err)
			}
		}
	}
	return starts, nil
}

func (q *Param) random(r *rand.Rand) float64 {
	if len(q.Grid) >= 2 {
		lo, hi := q.Grid[0], q.Grid[0]
		for _, v := range q.Grid {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		v := lo + (hi-lo)*r.Float64()
		if z, err := q.inverse(v); err == nil {
			v, _ = q.forward(z)
			return v
		}
	}
	init := q.init()
	switch q.Transform {
	case Logit:
		return q.Lo + (q.Hi-q.Lo)*(0.01+0.98*r.Float64())
	case Log, Softplus:
		return q.Lo + (init-q.Lo)*math.Pow(10, 2*r.Float64()-1)
	}
	return init + math.Max(1, math.Abs(init))*(2*r.Float64()-1)
}

// multistart runs every start on opt.Workers goroutines, each with its own
// worker buffers and optimizer state.
func (pr *prepared) multistart(starts [][]float64, opt *Options) *Result {
	out := make([]Start, len(starts))
	var mu sync.Mutex
	done := 0
	cancelled := func() bool { return opt.Context != nil && opt.Context.Err() != nil }
	par.For(opt.Workers, len(starts), func() func(int) {
		wk := newWorker(pr)
		lb := newLBFGS(len(pr.free))
		if opt.Context != nil {
			lb.stop = cancelled
		}
		return func(i int) {
			if cancelled() {
				out[i] = Start{Index: i, Start: starts[i], Method: opt.Method, Outcome: Outcome{Objective: math.NaN(), GradNorm: math.NaN(), Status: StatusCancelled, Reason: "not run: cancelled"}}
				return
			}
			out[i] = pr.runStart(wk, lb, i, starts[i], opt)
			if opt.Progress != nil {
				mu.Lock()
				done++
				opt.Progress(done, len(starts))
				mu.Unlock()
			}
		}
	})
	return pr.summarize(out, opt)
}

// runStart minimizes from one start with the chosen method, falling back to
// Nelder-Mead when a gradient method fails.
func (pr *prepared) runStart(wk *worker, lb *lbfgs, i int, start []float64, opt *Options) Start {
	z0 := make([]float64, len(pr.free))
	for k, j := range pr.free {
		z0[k], _ = pr.params[j].inverse(start[j])
	}
	if pr.vp != nil {
		for _, j := range pr.vp.lin {
			wk.p[j] = start[j] // the inner solve's first guess
		}
	}
	t0 := time.Now()
	wk.evals = 0
	gnorm := math.NaN()
	var z []float64
	var f float64
	var st Status
	msg := ""
	iters := 0
	method := opt.Method
	if method == VarPro && pr.vp == nil {
		method = LBFGS // a refit of the full problem (bootstrap, polish)
	}
	switch method {
	case GonumLBFGS:
		z, f, st, msg, iters, _ = gonumMinimize(wk.eval, z0, &optimize.LBFGS{}, opt)
	case GonumBFGS:
		z, f, st, msg, iters, _ = gonumMinimize(wk.eval, z0, &optimize.BFGS{}, opt)
	case NelderMead:
		z, f, st, msg, iters, _ = gonumMinimize(wk.eval, z0, &optimize.NelderMead{}, opt)
	default: // LBFGS, and the outer search of VarPro
		lb.ftol, lb.gtol, lb.maxIter, lb.maxEval, lb.ftolFloor = opt.FTol, opt.GTol, opt.MaxIter, opt.MaxEval, opt.ftolFloor()
		st = lb.minimize(wk.eval, z0)
		z, f, iters = append([]float64(nil), lb.x...), lb.f, lb.iters
		gnorm = normInf(lb.g)
	}
	if msg == "" {
		msg = stopText(st)
	}
	if !st.Converged() && !opt.NoFallback && method != NelderMead && (st == StatusLineSearch || st == StatusNotFinite) {
		from := z
		if math.IsInf(f, 0) || math.IsNaN(f) {
			from = z0
		}
		z1, f1, st1, msg1, it1, _ := gonumMinimize(wk.eval, from, &optimize.NelderMead{}, opt)
		if f1 < f || (math.IsInf(f, 0) || math.IsNaN(f)) && !math.IsInf(f1, 0) && !math.IsNaN(f1) {
			z, f, iters, method, gnorm = z1, f1, iters+it1, NelderMead, math.NaN()
			if st1.Converged() {
				st, msg = StatusFallback, stopText(StatusFallback)+" after L-BFGS "+msg
			} else {
				msg = "not converged: Nelder-Mead fallback (" + msg1 + ") after L-BFGS " + msg
			}
		}
	}
	p := append([]float64(nil), pr.base...)
	for k, j := range pr.free {
		p[j], _ = pr.params[j].forward(z[k])
	}
	if pr.vp != nil {
		// the inner parameters at the final outer point, warm-started
		// from the worker's latest inner solution
		for _, j := range pr.free {
			wk.p[j] = p[j]
		}
		if fi := wk.innerSolve(); !math.IsInf(fi, 0) {
			for _, j := range pr.vp.lin {
				p[j] = wk.p[j]
			}
			f = fi
		}
	}
	if pr.vp != nil && method != NelderMead {
		method = VarPro
	}
	return Start{Index: i, Start: start, Params: p, Method: method, code: st,
		Outcome: Outcome{Objective: f, Status: st, Reason: msg, Iterations: iters, Evaluations: wk.evals, Time: time.Since(t0), GradNorm: gnorm}}
}

func (pr *prepared) summarize(all []Start, opt *Options) *Result {
	best := -1
	res := &Result{Names: pr.names, Starts: len(all), Rows: positiveRows(pr.weights, pr.n), Method: opt.Method}
	res.Fixed = make([]bool, len(pr.params))
	res.params = pr.params
	res.formula, res.dataSig = pr.f != nil, pr.sig
	if pr.f != nil {
		res.Loss = pr.loss
		res.title = "Fit of " + pr.yname + " = " + pr.f.Source()
	} else {
		res.ObjectiveIs = pr.objKind
	}
	for j, q := range pr.params {
		res.Fixed[j] = q.Fixed
	}
	for i := range all {
		s := &all[i]
		res.TotalEvaluations += s.Evaluations
		if s.Params == nil {
			res.NotRun++
			continue
		}
		if s.Converged() {
			res.ConvStarts++
		}
		if math.IsNaN(s.Objective) {
			continue
		}
		if best < 0 || s.Objective < all[best].Objective {
			best = i
		}
	}
	if best < 0 {
		res.Objective = math.NaN()
		res.Status, res.Reason = StatusNotRun, "no start finished"
		res.Params = make([]float64, len(pr.names))
		for j := range res.Params {
			res.Params[j] = math.NaN()
		}
		return res
	}
	res.Objective = all[best].Objective
	b := all[best]
	res.Params, res.Status, res.Reason, res.Method = b.Params, b.Status, b.Reason, b.Method
	res.Iterations, res.Evaluations, res.Start, res.code = b.Iterations, b.Evaluations, b.Index, b.code
	res.gradP = make([]float64, len(b.Params))
	if !math.IsNaN(res.Objective) {
		newWorker(pr).natural(b.Params, res.gradP)
	}
	for j, q := range pr.params {
		if !q.Fixed && q.atBound(b.Params[j], res.gradP[j], opt.GTol) {
			res.AtBound = append(res.AtBound, q.Name)
		}
	}
	if opt.KeepStarts {
		res.PerStart = all
	}
	return res
}
