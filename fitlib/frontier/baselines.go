package frontier

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/internal/gonumstat"
	"github.com/gophernote/gophernote/fitlib/internal/num"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/optimize"
)

// Method selects a frontier estimator: the paper's sigmoid or one of the
// three baselines fitted with the same loss.
type Method int

// The estimators, in the order of the paper's Table 2.
const (
	MethodSigmoid  Method = iota // the monotone sigmoid frontier (Fit)
	MethodConstant               // one constant quantile
	MethodBinwise                // a constant quantile per equal-mass compute bin
	MethodISpline                // a monotone I-spline through the sigmoid link
)

// String is the method's name in tables and summaries: "sigmoid",
// "constant", "binwise" or "ispline".
func (m Method) String() string {
	switch m {
	case MethodSigmoid:
		return "sigmoid"
	case MethodConstant:
		return "constant"
	case MethodBinwise:
		return "binwise"
	case MethodISpline:
		return "ispline"
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// methods lists the four estimators in table order.
var methods = [...]Method{MethodSigmoid, MethodConstant, MethodBinwise, MethodISpline}

// Methods returns the four estimators in table order (a new slice on every
// call: the package's list cannot be changed by a caller).
func Methods() []Method { return append([]Method(nil), methods[:]...) }

// MethodOptions configure FitMethod: the sigmoid's options (also the
// target tau and kappa of the baselines) and the baselines' own. The zero
// value means the defaults of both.
type MethodOptions struct {
	Fit       Options         // sigmoid options (defaults when zero)
	Baselines BaselineOptions // defaults when zero
}

// BaselineOptions configure the baselines. The zero value means 10 bins
// of at least 5 points and 4 interior I-spline knots.
type BaselineOptions struct {
	Bins      int // equal-mass bins of the binwise baseline (default 10)
	MinPerBin int // smallest bin (default 5)
	Knots     int // interior equal-mass knots of the I-spline (default 4)
}

func (b BaselineOptions) filled() BaselineOptions {
	if b.Bins <= 0 {
		b.Bins = 10
	}
	if b.MinPerBin <= 0 {
		b.MinPerBin = 5
	}
	if b.Knots <= 0 {
		b.Knots = 4
	}
	return b
}

// MethodFit is a fitted frontier of any method; At evaluates it. Its
// Outcome is the record of every fitlib fit: for a sigmoid the Result's,
// for a baseline its training objective (the mean smoothed pinball loss
// at the target tau and kappa, plus the I-spline's penalty), Status
// (StatusExact for the constant and binwise quantiles, found by
// bisection of a convex loss; the I-spline's L-BFGS status) and Reason.
type MethodFit struct {
	fit.Outcome
	Method Method
	Task   string
	// Label names the curve in figures (PlotFrontier); empty means the
	// method, with the fit's options for a sigmoid that differs from the
	// defaults (see MethodFit.Name).
	Label string

	Sigmoid *Result // sigmoid method

	Level float64 // constant method

	Edges  []float64 // binwise: bin edges and per-bin levels
	Levels []float64

	Spline       *ISpline  // I-spline method: basis,
	SplineY0     float64   // link floor,
	SplineL      float64   // link height,
	SplineC      float64   // intercept,
	SplineWeight []float64 // non-negative basis weights
}

// Parameters returns the fitted parameters of the method: y0, L, a, b of
// the sigmoid (with its standard errors); level of the constant; level1,
// level2, ... of the bins; y0 (a logistic of its raw value), L (in
// (0, 1 - y0)), c and the weights w1, w2, ... (softplus) of the I-spline.
func (m *MethodFit) Parameters() []fit.FittedParam {
	var out []fit.FittedParam
	switch m.Method {
	case MethodSigmoid:
		if m.Sigmoid != nil {
			return m.Sigmoid.Parameters()
		}
	case MethodConstant:
		out = append(out, fit.NewFittedParam("level", m.Level))
	case MethodBinwise:
		for k, v := range m.Levels {
			out = append(out, fit.NewFittedParam(fmt.Sprintf("level%d", k+1), v))
		}
	case MethodISpline:
		out = append(out, fit.NewFittedParam("y0", m.SplineY0).Bounded(0, 1, fit.Logit), fit.NewFittedParam("L", m.SplineL).Bounded(0, 1-m.SplineY0, fit.Identity),
			fit.NewFittedParam("c", m.SplineC))
		for k, v := range m.SplineWeight {
			out = append(out, fit.NewFittedParam(fmt.Sprintf("w%d", k+1), v).Bounded(0, math.Inf(1), fit.Softplus))
		}
	}
	return out
}

// Param returns the parameter name of the method (see Parameters).
func (m *MethodFit) Param(name string) (fit.FittedParam, error) {
	p, err := fit.FindParam(m.Parameters(), name)
	if err != nil {
		return p, fmt.Errorf("%s: %s frontier: %w", label(m.Task), m.Method, err)
	}
	return p, nil
}

// Name is the model's legend label: Label when set, else the method, and
// for a sigmoid fitted with other than the default objective what differs
// ("sigmoid (kappa 50, 0.001 (a^2 + b^2))" for PaperOptions).
func (m *MethodFit) Name() string {
	if m.Label != "" {
		return m.Label
	}
	if m.Method != MethodSigmoid || m.Sigmoid == nil {
		return m.Method.String()
	}
	o, d := m.Sigmoid.Options, defaultOptions()
	var diff []string
	if o.Tau != d.Tau {
		diff = append(diff, fmt.Sprintf("tau %g", o.Tau))
	}
	if o.Kappa != d.Kappa {
		diff = append(diff, fmt.Sprintf("kappa %g", o.Kappa))
	}
	if o.Penalty != d.Penalty || *o.Lambda != *d.Lambda {
		diff = append(diff, fmt.Sprintf("%g %s", *o.Lambda, o.Penalty.formula()))
	}
	if o.Mean {
		diff = append(diff, "mean loss")
	}
	if len(diff) == 0 {
		return m.Method.String()
	}
	return m.Method.String() + " (" + strings.Join(diff, ", ") + ")"
}

// At returns the frontier value at z.
func (m *MethodFit) At(z float64) float64 {
	switch m.Method {
	case MethodSigmoid:
		return m.Sigmoid.Params.At(z)
	case MethodConstant:
		return m.Level
	case MethodBinwise:
		return m.Levels[BinOf(m.Edges, z)]
	case MethodISpline:
		basis := m.Spline.Eval(z, nil)
		eta := m.SplineC + floats.Dot(m.SplineWeight, basis)
		return m.SplineY0 + m.SplineL*num.Sigmoid(eta)
	}
	return math.NaN()
}

// Curve evaluates the model at every z.
func (m *MethodFit) Curve(z []float64) []float64 {
	out := make([]float64, len(z))
	for i, v := range z {
		out[i] = m.At(v)
	}
	return out
}

// FitMethod fits one of Methods to (z, y) with the smoothed pinball loss
// at the target (tau, kappa) of opt.Fit.
func FitMethod(method Method, z, y []float64, mo MethodOptions) (*MethodFit, error) {
	t0 := time.Now()
	opt, bo := mo.Fit, mo.Baselines.filled()
	switch method {
	case MethodSigmoid:
		r, err := Fit(z, y, opt)
		if err != nil {
			return nil, err
		}
		return &MethodFit{Method: method, Task: opt.Task, Sigmoid: r, Outcome: r.Outcome}, nil
	case MethodConstant, MethodBinwise, MethodISpline:
	default:
		return nil, fmt.Errorf("%s: unknown method %v (MethodSigmoid, MethodConstant, MethodBinwise, MethodISpline)", label(opt.Task), method)
	}
	opt, _ = opt.smallSample(len(z)) // the same kappa as the sigmoid's
	fo, err := opt.filled()
	if err != nil {
		return nil, err
	}
	if err := checkPoints(fo.Task, z, y, 1); err != nil {
		return nil, err
	}
	m := &MethodFit{Method: method, Task: fo.Task, Outcome: fit.Outcome{Status: fit.StatusExact, Reason: "exact (convex, bisection)", GradNorm: math.NaN()}}
	defer func() { m.Time = time.Since(t0) }()
	switch method {
	case MethodConstant:
		m.Level = quantileLevel(y, fo.Tau, fo.Kappa)
		m.Objective = meanSmoothed(y, func(int) float64 { return m.Level }, fo.Tau, fo.Kappa)
	case MethodBinwise:
		edges, err := EqualMassEdges(subject(fo.Task)+" binwise baseline", z, bo.Bins, bo.MinPerBin)
		if err != nil {
			return nil, err
		}
		nb := len(edges) - 1
		groups := make([][]float64, nb)
		for i, v := range z {
			b := BinOf(edges, v)
			groups[b] = append(groups[b], y[i])
		}
		m.Edges, m.Levels = edges, make([]float64, nb)
		for b, g := range groups {
			m.Levels[b] = quantileLevel(g, fo.Tau, fo.Kappa)
		}
		m.Objective = meanSmoothed(y, func(i int) float64 { return m.Levels[BinOf(edges, z[i])] }, fo.Tau, fo.Kappa)
	case MethodISpline:
		if err := fitISpline(m, z, y, fo, bo); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func meanSmoothed(y []float64, q func(int) float64, tau, kappa float64) float64 {
	s := 0.0
	for i, v := range y {
		s += SmoothedPinball(v-q(i), tau, kappa)
	}
	return s / float64(len(y))
}

// quantileLevel minimises the mean smoothed pinball loss over a constant c.
// The loss is convex in c with derivative -mean(sigmoid(kappa(y-c))) +
// (1 - tau), increasing in c, so bisection finds the root exactly.
func quantileLevel(y []float64, tau, kappa float64) float64 {
	lo, hi := floats.Min(y)-1, floats.Max(y)+1
	for it := 0; it < 200 && hi-lo > 1e-13; it++ {
		c := (lo + hi) / 2
		s := 0.0
		for _, v := range y {
			s += num.Sigmoid(kappa * (v - c))
		}
		if s/float64(len(y)) > 1-tau {
			lo = c
		} else {
			hi = c
		}
	}
	return (lo + hi) / 2
}

// splineObjective is the I-spline analogue of sigmoidObjective: raw
// x = (g0, gL, c, w_1..W), beta_k = softplus(w_k), predictor
// eta = c + sum_k beta_k I_k(z), penalty lambda sum_k beta_k^2, with the
// loss summed or averaged as Options.Mean says.
type splineObjective struct {
	basis [][]float64 // per distinct z
	grp   []int32
	y     []float64
	tau   float64
	kappa float64
	lam   float64
	scale float64 // 1 (summed loss) or 1/n (Options.Mean)
	s     []float64
	acc   []float64
	beta  []float64
}

func (o *splineObjective) eval(x, grad []float64) float64 {
	y0 := num.Sigmoid(x[0])
	fr := num.Sigmoid(x[1])
	l := (1 - y0) * fr
	c := x[2]
	w := x[3:]
	pen := 0.0
	for k, v := range w {
		o.beta[k] = num.Softplus(v)
		pen += o.beta[k] * o.beta[k]
	}
	for g, b := range o.basis {
		o.s[g] = num.Sigmoid(c + floats.Dot(o.beta, b))
		o.acc[g] = 0
	}
	f := 0.0
	for i, yi := range o.y {
		g := o.grp[i]
		v, d := pinballTerms(yi-(y0+l*o.s[g]), o.tau, o.kappa)
		f += v
		o.acc[g] += d
	}
	inv := o.scale
	f = f*inv + o.lam*pen
	if grad == nil {
		return f
	}
	for i := range grad {
		grad[i] = 0
	}
	for g, b := range o.basis {
		a := o.acc[g]
		if a == 0 {
			continue
		}
		s := o.s[g]
		grad[0] += a * (1 - fr*s)
		grad[1] += a * s
		ds := a * s * (1 - s)
		grad[2] += ds
		for k, bk := range b {
			grad[3+k] += ds * bk
		}
	}
	grad[0] *= -inv * y0 * (1 - y0)
	grad[1] *= -inv * (1 - y0) * fr * (1 - fr)
	grad[2] *= -inv * l
	for k := range w {
		sk := num.Sigmoid(w[k])
		grad[3+k] = -inv*grad[3+k]*l*sk + 2*o.lam*o.beta[k]*sk
	}
	return f
}

// fitISpline fits the monotone I-spline frontier by the same continuation
// as the sigmoid, from a small grid of intercepts and total rises.
func fitISpline(m *MethodFit, z, y []float64, opt Options, bo BaselineOptions) error {
	where := subject(opt.Task) + " I-spline baseline"
	if len(z) < MinPoints {
		return fmt.Errorf("frontier: %s: %d points, need at least %d", where, len(z), MinPoints)
	}
	sp, err := NewISpline(where, z, bo.Knots)
	if err != nil {
		return err
	}
	idx := make([]int, len(z))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return z[idx[a]] < z[idx[b]] })
	o := &splineObjective{grp: make([]int32, len(z)), y: y, lam: *opt.Lambda, scale: 1}
	if opt.Mean {
		o.scale = 1 / float64(len(y))
	}
	for k, i := range idx {
		if k == 0 || z[i] != z[idx[k-1]] {
			o.basis = append(o.basis, sp.Eval(z[i], nil))
		}
		o.grp[i] = int32(len(o.basis) - 1)
	}
	W := sp.Size()
	ts := o.scale * float64(len(y)) // gradient tolerances scale with the loss
	o.s = make([]float64, len(o.basis))
	o.acc = make([]float64, len(o.basis))
	o.beta = make([]float64, W)
	ys := append([]float64(nil), y...)
	sort.Float64s(ys)
	y0 := clamp(num.QuantileSorted(ys, 0.02), 1e-3, 0.9)
	top := clamp(ys[len(ys)-1], y0+1e-3, 0.999)
	best := math.Inf(1)
	var bestX []float64
	var bestStatus string
	var bestCode fit.Status
	var bestIters, bestEvals int
	for _, c0 := range []float64{-4, -2, 0} {
		for _, rise := range []float64{1, 3, 6} {
			x := make([]float64, 3+W)
			x[0] = logit(y0)
			x[1] = logit(clamp((top-y0)/(1-y0), 1e-6, 1-1e-6))
			x[2] = c0
			for k := 0; k < W; k++ {
				x[3+k] = softplusInv(rise / float64(W))
			}
			conv := true
			var status string
			var code fit.Status
			var f float64
			iters, evals := 0, 0
			for _, st := range opt.Stages {
				o.tau, o.kappa = st.Tau, st.Kappa
				p := optimize.Problem{Func: func(x []float64) float64 { return o.eval(x, nil) },
					Grad: func(g, x []float64) { o.eval(x, g) }}
				set := &optimize.Settings{GradientThreshold: 1e-9 * ts, MajorIterations: opt.MaxIter,
					Converger: &optimize.FunctionConverge{Absolute: 1e-14, Relative: 1e-12, Iterations: 30}}
				r, err := optimize.Minimize(p, x, set, &optimize.LBFGS{})
				if r == nil {
					conv, status, code, f = false, fmt.Sprint(err), fit.StatusFailed, math.Inf(1)
					break
				}
				iters, evals = iters+r.Stats.MajorIterations, evals+r.Stats.FuncEvaluations
				x, f = r.X, r.F
				sst := gonumstat.Status(r.Status)
				if sst == fit.StatusMethod {
					sst = fit.StatusNotConverged // only gradient and function convergence count
				}
				sstatus := r.Status.String()
				if err != nil {
					g := make([]float64, len(x))
					o.eval(x, g)
					sst = fit.StatusFailed
					if floats.Norm(g, 2) < 1e-7*ts {
						sst = fit.StatusStationary
					}
					sstatus += " (" + err.Error() + ")"
				}
				if conv { // the first stage that failed stays the status
					status, code = sstatus, sst
				}
				conv = conv && sst.Converged()
			}
			if f < best {
				best, bestX, bestStatus, bestCode, bestIters, bestEvals = f, append([]float64(nil), x...), status, code, iters, evals
			}
		}
	}
	if bestX == nil {
		return fmt.Errorf("frontier: %s: no start reached a finite objective", where)
	}
	m.Spline = sp
	m.SplineY0 = num.Sigmoid(bestX[0])
	m.SplineL = (1 - m.SplineY0) * num.Sigmoid(bestX[1])
	m.SplineC = bestX[2]
	m.SplineWeight = make([]float64, W)
	for k := range m.SplineWeight {
		m.SplineWeight[k] = num.Softplus(bestX[3+k])
	}
	m.Objective, m.Reason, m.Status, m.Iterations, m.Evaluations = best, bestStatus, bestCode, bestIters, bestEvals
	return nil
}
