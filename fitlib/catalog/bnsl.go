package catalog

import (
	"context"
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/gophernote/gophernote/fitlib/data"
	"github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/formula"
	"github.com/gophernote/gophernote/fitlib/internal/gonumstat"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/optimize"
	"gonum.org/v1/gonum/stat"
)

// BNSLFormula is the one-break broken neural scaling law of Caballero et
// al. 2023, eq. (1), y = a + b x^-c0 (1 + (x/d1)^(1/f1))^(-c1 f1), written
// in log space: (1 + (x/d1)^(1/f1))^(-c1 f1) = exp(-c1 f1 softplus((log x -
// log d1)/f1)), so a sharp break (small f1) never overflows.
const BNSLFormula = "a + b*exp(-c0*log(x) - c1*f1*softplus((log(x) - log(d1))/f1))"

// BNSLFile is the 4-digit addition data of Caballero et al.
const BNSLFile = "bnsl/bnsl_4digit_addition.csv"

// BNSLFit is a fitted BNSL and its extrapolation check. Its Outcome is
// the record of every fitlib fit: Objective the sum of squared log errors
// on the fit rows, Status and Reason of the best BFGS refinement, its
// Iterations and Evaluations, GradNorm (max |gradient| in the fit's
// coordinates: log a, log b, c0, c1, log d1, log f1).
type BNSLFit struct {
	fit.Outcome
	Params        map[string]float64
	FitRMSLE      float64   // root mean squared log error on the fit rows
	ExtrapX       []float64 // extrapolate rows
	ExtrapY       []float64
	ExtrapPred    []float64
	ExtrapRMSLE   float64
	ExtrapMaxRel  float64 // max |pred - y| / y on the extrapolate rows
	GridEvaluated int
}

// Parameters returns a, b, c0, c1, f1 and d1 (a, b, f1 and d1 fitted in
// log form, so positive); the fit gives no standard errors.
func (f *BNSLFit) Parameters() []fit.FittedParam {
	var out []fit.FittedParam
	for _, n := range []string{"a", "b", "c0", "c1", "f1", "d1"} {
		v, ok := f.Params[n]
		if !ok {
			continue
		}
		p := fit.NewFittedParam(n, v)
		if n != "c0" && n != "c1" {
			p = p.Bounded(0, math.Inf(1), fit.Log)
		}
		out = append(out, p)
	}
	return out
}

// Param returns the named parameter (a, b, c0, c1, f1, d1).
func (f *BNSLFit) Param(name string) (fit.FittedParam, error) {
	p, err := fit.FindParam(f.Parameters(), name)
	if err != nil {
		return p, fmt.Errorf("catalog: BNSL: %w", err)
	}
	return p, nil
}

// BNSLOptions configure FitBNSL. The zero value fits every row, with no
// cancellation and no progress reports.
type BNSLOptions struct {
	// Below, when positive, fits the rows with x < Below and checks the
	// extrapolation on the others (Caballero et al.'s extrapolation
	// evaluation); 0 fits every row.
	Below float64
	// Context, when set, stops the fit once cancelled (between the grid
	// and each refinement), with an error wrapping its Err.
	Context context.Context
	// Progress, when set, is called after each of the refinements of the
	// best grid points with those done and their total.
	Progress func(done, total int)
}

// FitBNSLFile fits the 4-digit addition data of Caballero et al.
// (BNSLFile) as FitBNSL does, on its `fit` rows, checking the
// extrapolation on its `extrapolate` rows (the largest dataset sizes).
// opt.Below is set from the file.
func FitBNSLFile(opt BNSLOptions) (*BNSLFit, error) {
	t, err := data.ReadCSV(BNSLFile)
	if err != nil {
		return nil, err
	}
	xs, err := t.Floats("dataset_size")
	if err != nil {
		return nil, err
	}
	ys, err := t.Floats("test_loss")
	if err != nil {
		return nil, err
	}
	role, err := t.Strings("role")
	if err != nil {
		return nil, err
	}
	below, maxFit := math.Inf(1), math.Inf(-1)
	for i := range xs {
		switch role[i] {
		case "fit":
			maxFit = math.Max(maxFit, xs[i])
		case "extrapolate":
			below = math.Min(below, xs[i])
		default:
			return nil, fmt.Errorf("catalog: %s row %d: role %q is neither fit nor extrapolate", BNSLFile, i+2, role[i])
		}
	}
	if !(maxFit < below) {
		return nil, fmt.Errorf("catalog: %s: the extrapolate rows are not the largest dataset sizes", BNSLFile)
	}
	opt.Below = below
	return FitBNSL(xs, ys, opt)
}

// FitBNSL fits BNSLFormula to the rows (x, y) with x < opt.Below (every row
// when Below is 0) by minimising the squared log error (Caballero et al.
// fit in log space): a coarse grid over (d1, f1, c1, c0, a) with b matched
// to the first point, then BFGS from the 8 best grid points on transformed
// parameters (a, b, d1, f1 through log), and reports the error on the
// held-out rows.
func FitBNSL(x, y []float64, opt BNSLOptions) (*BNSLFit, error) {
	t0 := time.Now()
	if len(x) != len(y) {
		return nil, fmt.Errorf("catalog: FitBNSL: %d x values but %d y values", len(x), len(y))
	}
	if opt.Below < 0 {
		return nil, fmt.Errorf("catalog: FitBNSL: Below = %g, need >= 0 (0 fits every row)", opt.Below)
	}
	var fx, fy, ex, ey []float64
	for i := range x {
		if opt.Below > 0 && x[i] >= opt.Below {
			ex, ey = append(ex, x[i]), append(ey, y[i])
		} else {
			fx, fy = append(fx, x[i]), append(fy, y[i])
		}
	}
	if len(fx) < 6 {
		return nil, fmt.Errorf("catalog: BNSL needs >= 6 fit points, got %d", len(fx))
	}
	for i := range fx {
		if !(fx[i] > 0) || !(fy[i] > 0) {
			return nil, fmt.Errorf("catalog: BNSL fit row %d: x = %g, y = %g must be > 0", i, fx[i], fy[i])
		}
	}
	for i := range ex {
		if !(ey[i] > 0) {
			return nil, fmt.Errorf("catalog: BNSL extrapolation row %d: y = %g must be > 0", i, ey[i])
		}
	}
	cancelled := func() error {
		if opt.Context != nil && opt.Context.Err() != nil {
			return fmt.Errorf("catalog: FitBNSL cancelled: %w", opt.Context.Err())
		}
		return nil
	}
	if err := cancelled(); err != nil {
		return nil, err
	}
	f, err := formula.Parse(BNSLFormula, "x")
	if err != nil {
		return nil, err
	}
	ev, err := f.Bind([][]float64{fx})
	if err != nil {
		return nil, err
	}
	names := f.Params() // a b c0 c1 f1 d1 in order of appearance
	idx := map[string]int{}
	for j, nm := range names {
		idx[nm] = j
	}
	logY := make([]float64, len(fy))
	for i := range fy {
		logY[i] = math.Log(fy[i])
	}
	n := len(fx)
	pred := make([]float64, n)
	grad := make([][]float64, len(names))
	for j := range grad {
		grad[j] = make([]float64, n)
	}
	// theta: log a, log b, c0, c1, log d1, log f1
	toParams := func(th []float64) []float64 {
		p := make([]float64, len(names))
		p[idx["a"]] = math.Exp(th[0])
		p[idx["b"]] = math.Exp(th[1])
		p[idx["c0"]] = th[2]
		p[idx["c1"]] = th[3]
		p[idx["d1"]] = math.Exp(th[4])
		p[idx["f1"]] = math.Exp(th[5])
		return p
	}
	obj := func(th, g []float64) float64 {
		p := toParams(th)
		if err := ev.ValueGrad(p, pred, grad); err != nil {
			return math.Inf(1)
		}
		var s float64
		dp := make([]float64, len(names))
		for i := 0; i < n; i++ {
			if !(pred[i] > 0) {
				return math.Inf(1)
			}
			r := math.Log(pred[i]) - logY[i]
			s += r * r
			for j := range names {
				dp[j] += 2 * r / pred[i] * grad[j][i]
			}
		}
		if g != nil {
			g[0] = dp[idx["a"]] * p[idx["a"]]
			g[1] = dp[idx["b"]] * p[idx["b"]]
			g[2] = dp[idx["c0"]]
			g[3] = dp[idx["c1"]]
			g[4] = dp[idx["d1"]] * p[idx["d1"]]
			g[5] = dp[idx["f1"]] * p[idx["f1"]]
		}
		return s
	}
	type cand struct {
		th []float64
		f  float64
	}
	var cands []cand
	x0, y0 := fx[0], fy[0]
	for _, d1 := range logspace(math.Min(fx[0], fx[n-1]), math.Max(fx[0], fx[n-1])*1.5, 24) {
		for _, f1 := range []float64{0.003, 0.01, 0.03, 0.1, 0.3, 1} {
			for _, c1 := range []float64{0.25, 0.5, 1, 2, 4, 8, 16} {
				for _, c0 := range []float64{0, 0.05, 0.2} {
					for _, a := range []float64{1e-3, 0.05, 0.2, 0.5} {
						if a >= y0 {
							continue
						}
						b := (y0 - a) * math.Pow(x0, c0)
						th := []float64{math.Log(a), math.Log(b), c0, c1, math.Log(d1), math.Log(f1)}
						if v := obj(th, nil); !math.IsNaN(v) && !math.IsInf(v, 0) {
							cands = append(cands, cand{th, v})
						}
					}
				}
			}
		}
	}
	if len(cands) == 0 {
		return nil, fmt.Errorf("catalog: BNSL grid found no finite starting point")
	}
	sort.Slice(cands, func(i, j int) bool { return cands[i].f < cands[j].f })
	best := cand{f: math.Inf(1)}
	var rec fit.Outcome
	refine := cands[:min(8, len(cands))]
	for ci, c := range refine {
		if err := cancelled(); err != nil {
			return nil, err
		}
		if opt.Progress != nil && ci > 0 {
			opt.Progress(ci, len(refine))
		}
		prob := optimize.Problem{
			Func: func(x []float64) float64 { return obj(x, nil) },
			Grad: func(g, x []float64) { obj(x, g) },
		}
		res, err := optimize.Minimize(prob, c.th, &optimize.Settings{MajorIterations: 5000}, &optimize.BFGS{})
		if res == nil {
			continue
		}
		if res.F < best.f {
			best = cand{append([]float64(nil), res.X...), res.F}
			rec = fit.Outcome{Objective: res.F, Status: gonumstat.Status(res.Status), Reason: res.Status.String(),
				Iterations: res.Stats.MajorIterations, Evaluations: res.Stats.FuncEvaluations}
			if err != nil {
				rec.Status, rec.Reason = fit.StatusFailed, err.Error()
			}
		}
	}
	if opt.Progress != nil {
		opt.Progress(len(refine), len(refine))
	}
	if math.IsInf(best.f, 1) {
		return nil, fmt.Errorf("catalog: BNSL refinement failed from every grid point")
	}
	p := toParams(best.th)
	g := make([]float64, 6)
	obj(best.th, g)
	rec.GradNorm = floats.Norm(g, math.Inf(1))
	if rec.Status == fit.StatusFailed && rec.GradNorm <= 1e-6 {
		rec.Status = fit.StatusStationary // a line search that can no longer move, at a stationary point
	}
	out := &BNSLFit{Outcome: rec, Params: map[string]float64{}, GridEvaluated: len(cands),
		FitRMSLE: math.Sqrt(best.f / float64(n)), ExtrapX: ex, ExtrapY: ey}
	defer func() { out.Time = time.Since(t0) }()
	for j, nm := range names {
		out.Params[nm] = p[j]
	}
	if len(ex) > 0 {
		pe, err := f.Eval(p, [][]float64{ex})
		if err != nil {
			return nil, err
		}
		out.ExtrapPred = pe
		var s float64
		for i := range ex {
			r := math.Log(pe[i]) - math.Log(ey[i])
			s += r * r
			out.ExtrapMaxRel = math.Max(out.ExtrapMaxRel, math.Abs(pe[i]-ey[i])/ey[i])
		}
		out.ExtrapRMSLE = math.Sqrt(s / float64(len(ex)))
	}
	return out, nil
}

func logspace(lo, hi float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = math.Exp(math.Log(lo) + (math.Log(hi)-math.Log(lo))*float64(i)/float64(n-1))
	}
	return out
}

// CoverageFit is Brown et al.'s exponentiated power law fitted by
// least squares of log(-log c) on log k. Its Outcome: StatusExact (a
// closed form), Objective the residual sum of squares of that line.
type CoverageFit struct {
	fit.Outcome
	A, B float64 // c(k) = exp(A k^-B), A < 0
	R2   float64 // of the linearised fit
}

// Parameters returns A (< 0: the line's intercept is log(-A)) and B; the
// fit gives no standard errors.
func (f *CoverageFit) Parameters() []fit.FittedParam {
	return []fit.FittedParam{fit.NewFittedParam("A", f.A).Bounded(math.Inf(-1), 0, fit.Identity), fit.NewFittedParam("B", f.B)}
}

// Param returns A or B.
func (f *CoverageFit) Param(name string) (fit.FittedParam, error) {
	p, err := fit.FindParam(f.Parameters(), name)
	if err != nil {
		return p, fmt.Errorf("catalog: coverage: %w", err)
	}
	return p, nil
}

// FitCoverage fits c(k) ≈ exp(a k^-b) to coverage values in (0, 1) by
// linear regression of log(-log c) on log k (gonum stat.LinearRegression).
func FitCoverage(k, c []float64) (*CoverageFit, error) {
	if len(k) != len(c) {
		return nil, fmt.Errorf("catalog: %d k values but %d coverages", len(k), len(c))
	}
	var xs, ys []float64
	for i := range k {
		if k[i] >= 1 && c[i] > 0 && c[i] < 1 {
			xs = append(xs, math.Log(k[i]))
			ys = append(ys, math.Log(-math.Log(c[i])))
		}
	}
	if len(xs) < 3 {
		return nil, fmt.Errorf("catalog: coverage fit needs >= 3 points with 0 < c < 1, got %d", len(xs))
	}
	t0 := time.Now()
	alpha, beta := stat.LinearRegression(xs, ys, nil, false)
	var sse float64
	for i := range xs {
		r := ys[i] - alpha - beta*xs[i]
		sse += r * r
	}
	return &CoverageFit{A: -math.Exp(alpha), B: -beta, R2: stat.RSquared(xs, ys, nil, alpha, beta),
		Outcome: fit.Outcome{Objective: sse, Status: fit.StatusExact, GradNorm: math.NaN(), Time: time.Since(t0),
			Reason: fmt.Sprintf("closed form: least squares of log(-log c) on log k over %d points", len(xs))}}, nil
}
