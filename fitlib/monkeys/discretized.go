package monkeys

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/internal/gonumstat"
	"github.com/gophernote/gophernote/fitlib/passk"
	"gonum.org/v1/gonum/optimize"
)

// LogBins returns the histogram edges of the paper's discretized estimator
// (Schaeffer et al. 2025 code, fit_pass_at_1_beta_distribution_parameters):
// 0, resolution/2, then perDecade log-spaced edges per decade from
// resolution up to 1. With resolution 1e-4 and 10 per decade: 43 edges.
func LogBins(resolution float64, perDecade int) ([]float64, error) {
	if !(resolution > 0 && resolution < 1) || perDecade < 1 {
		return nil, fmt.Errorf("monkeys: LogBins(%v, %d): need 0 < resolution < 1 and perDecade >= 1", resolution, perDecade)
	}
	lr := math.Log10(resolution)
	if r := math.Round(lr); math.Abs(lr-r) < 1e-9 {
		lr = r // math.Log10(1e-4) is -3.9999999999999996; numpy gives -4
	}
	// as numpy.logspace(lr, 0, -int(lr)*perDecade+1)
	n := int(math.Floor(-lr+1e-9))*perDecade + 1
	edges := []float64{0, resolution / 2}
	for i := 0; i < n; i++ {
		t := float64(i) / float64(n-1)
		edges = append(edges, math.Pow(10, lr*(1-t)))
	}
	return edges, nil
}

// Histogram counts xs in the bins [e_i, e_(i+1)), the last bin closed (the
// numpy.histogram convention); values outside [e_0, e_last] are ignored.
func Histogram(xs, edges []float64) []int {
	out := make([]int, len(edges)-1)
	last := edges[len(edges)-1]
	for _, x := range xs {
		if x < edges[0] || x > last {
			continue
		}
		i := sort.SearchFloat64s(edges, x) // first edge >= x
		if i < len(edges) && edges[i] == x {
			i++ // x on an edge belongs to the bin it opens
		}
		i--
		if i >= len(out) {
			i = len(out) - 1
		}
		out[i]++
	}
	return out
}

// passAt1 returns pass_i@1 by the unbiased estimator in product form,
// 1 - Π_{i=n-c+1..n}(1 - 1/i), as the authors' code histogrammed it; it
// equals c/n up to rounding, and the rounding decides the bin of values
// that fall exactly on a decade edge (c = 1 of n = 10,000 gives
// 9.99999999999989e-05, below the edge 1e-4).
func passAt1(c passk.Counts) []float64 {
	out := make([]float64, len(c.N))
	for i := range c.N {
		out[i], _ = passk.PassAtK(c.N[i], c.C[i], 1) // counts are validated
	}
	return out
}

// DiscretizedFit is the paper's histogram estimator: a scaled Beta or
// Kumaraswamy distribution (scale = max c_i/n_i) fitted to the histogram
// of pass_i@1 = c_i/n_i on LogBins by maximising Σ_bins count·log(mass+1e-16).
// Its Outcome is the record of every fitlib fit: Objective is
// -Σ count·log(mass + 1e-16) over bins; Status is Nelder-Mead's (converged
// on function or simplex convergence), Reason gonum's status, Iterations
// and Evaluations those of both rounds; GradNorm is NaN (no gradient).
type DiscretizedFit struct {
	fit.Outcome
	Family      Family
	Alpha, Beta float64
	Scale       float64
	AtBound     []string
	Edges       []float64
	Counts      []int
	A, B        float64 // closed-form asymptote of the fitted distribution
	Dist        Dist
}

// FitDiscretized fits family (FamilyBeta or FamilyKumaraswamy) to the
// histogram of c_i/n_i with resolution 1/max(n_i) and 10 bins per decade,
// by Nelder–Mead in log-shape space from (0.9, 5.1), the paper's start
// (restarted once from its own optimum). Bounds [ShapeMin, ShapeMax].
//
// scale is p_max, the top of the support of p; zero means the largest
// observed c_i/n_i, the paper's choice. It must not be below that value
// (the histogram would then hold mass the model cannot place).
func FitDiscretized(c passk.Counts, family Family, scale float64) (*DiscretizedFit, error) {
	t0 := time.Now()
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if family != FamilyBeta && family != FamilyKumaraswamy {
		return nil, fmt.Errorf("monkeys: discretized fit supports Beta and Kumaraswamy, not %v", family)
	}
	s := c.MaxPHat()
	if s == 0 {
		return nil, fmt.Errorf("monkeys: %s: no problem was ever solved: nothing to fit", label(c))
	}
	if scale != 0 {
		if !(scale >= s && scale <= 1) {
			return nil, fmt.Errorf("monkeys: %s: scale = %v, need max c/n = %v <= scale <= 1 (or 0 for max c/n)", label(c), scale, s)
		}
		s = scale
	}
	nmax := 0
	for _, n := range c.N {
		if n > nmax {
			nmax = n
		}
	}
	res := 1 / float64(nmax)
	if res >= 1 {
		return nil, fmt.Errorf("monkeys: %s: need more than one sample per problem for a histogram", label(c))
	}
	edges, err := LogBins(res, 10)
	if err != nil {
		return nil, err
	}
	counts := Histogram(passAt1(c), edges)
	nll := func(a, b float64) float64 {
		return discretizedNLL(Dist{Family: family, Alpha: a, Beta: b, Scale: s}, edges, counts)
	}
	obj := func(x []float64) float64 {
		a, _, _ := shapeFromTheta(x[0])
		b, _, _ := shapeFromTheta(x[1])
		v := nll(a, b)
		if math.IsNaN(v) {
			return math.Inf(1)
		}
		return v
	}
	x := []float64{thetaFromShape(0.9), thetaFromShape(5.1)}
	var r *optimize.Result
	iters, evals := 0, 0
	for round := 0; round < 2; round++ {
		r, err = optimize.Minimize(optimize.Problem{Func: obj}, x, &optimize.Settings{
			Converger:       &optimize.FunctionConverge{Absolute: 1e-12, Relative: 1e-13, Iterations: 200},
			MajorIterations: 5000,
		}, &optimize.NelderMead{})
		if r == nil {
			return nil, fmt.Errorf("monkeys: discretized %v fit of %s: %v", family, label(c), err)
		}
		iters, evals = iters+r.Stats.MajorIterations, evals+r.Stats.FuncEvaluations
		x = r.X
	}
	a, _, ua := shapeFromTheta(x[0])
	b, _, ub := shapeFromTheta(x[1])
	code := gonumstat.Status(r.Status)
	if err != nil || !(r.Status == optimize.FunctionConvergence || r.Status == optimize.MethodConverge) {
		if code.Converged() {
			code = fit.StatusNotConverged
		}
	}
	df := &DiscretizedFit{Family: family, Alpha: a, Beta: b, Scale: s, Edges: edges, Counts: counts,
		Outcome: fit.Outcome{Objective: r.F, Status: code, Reason: r.Status.String(), Iterations: iters, Evaluations: evals,
			GradNorm: math.NaN(), Time: time.Since(t0)}}
	for i, u := range []float64{ua, ub} {
		name := []string{"alpha", "beta"}[i]
		if u < 1e-6 {
			df.AtBound = append(df.AtBound, fmt.Sprintf("%s at lower bound %g", name, ShapeMin))
		} else if u > 1-1e-6 {
			df.AtBound = append(df.AtBound, fmt.Sprintf("%s at upper bound %g", name, ShapeMax))
		}
	}
	df.Dist = Dist{Family: family, Alpha: a, Beta: b, Scale: s}
	df.A, df.B, _ = df.Dist.Asymptote()
	return df, nil
}

// Parameters returns alpha and beta, kept in [ShapeMin, ShapeMax] by a
// logistic map of their logs, and the scale (fixed at max c/n or the one
// given); the fit gives no standard errors.
func (f *DiscretizedFit) Parameters() []fit.FittedParam {
	sc := fit.NewFittedParam("scale", f.Scale)
	sc.Fixed = true
	out := []fit.FittedParam{
		fit.NewFittedParam("alpha", f.Alpha).Bounded(ShapeMin, ShapeMax, fit.Identity),
		fit.NewFittedParam("beta", f.Beta).Bounded(ShapeMin, ShapeMax, fit.Identity),
		sc,
	}
	for i := range out {
		for _, b := range f.AtBound {
			out[i].AtBound = out[i].AtBound || strings.HasPrefix(b, out[i].Name+" ")
		}
	}
	return out
}

// Param returns alpha, beta or scale.
func (f *DiscretizedFit) Param(name string) (fit.FittedParam, error) {
	p, err := fit.FindParam(f.Parameters(), name)
	if err != nil {
		return p, fmt.Errorf("monkeys: discretized %v: %w", f.Family, err)
	}
	return p, nil
}

// binMasses returns the probability d gives each bin [e_i, e_(i+1)):
// CDF differences, which sum to 1 when the edges span [0, d.Scale].
func binMasses(d Dist, edges []float64) []float64 {
	out := make([]float64, len(edges)-1)
	prev := d.CDF(edges[0])
	for i := range out {
		next := d.CDF(edges[i+1])
		out[i] = next - prev
		prev = next
	}
	return out
}

// discretizedNLL is the binned negative log-likelihood the discretized fit
// minimises: -Σ count·log(mass + 1e-16) over bins with a count.
func discretizedNLL(d Dist, edges []float64, counts []int) float64 {
	f, prev := 0.0, d.CDF(edges[0])
	for i, k := range counts {
		next := d.CDF(edges[i+1])
		if k > 0 {
			f -= float64(k) * math.Log(next-prev+1e-16)
		}
		prev = next
	}
	return f
}
