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
	lr := log10Edge(resolution)
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

// DiscretizedBins chooses the histogram edges of FitDiscretized.
type DiscretizedBins int

// The bin conventions of the authors' code (Schaeffer et al. 2025).
const (
	// BinsHalfResolution: edges 0, r/2, then PerDecade log-spaced edges per
	// decade from the resolution r up to 1 (LogBins), holding pass_i@1 from
	// the unbiased estimator in product form. The convention of the authors'
	// code that printed the paper's fits (fit_pass_at_1_beta_distribution_
	// parameters at commit 274d260: r = 1e-4, 10 per decade, 43 edges).
	BinsHalfResolution DiscretizedBins = iota
	// BinsDense: edges 0, then int(1/(10 r)) log-spaced edges from r up
	// to 1 — 1,000 edges at r = 1e-4 — holding c_i/n_i. The authors' later
	// code (fit_discretized_beta_three_parameters_to_num_samples_and_num_
	// successes at commit cd078ae); their printed values there (Pythia 70M
	// alpha 0.0675, beta 3.10) are where L-BFGS-B stopped, not the optimum
	// of this histogram's likelihood (0.0503, 1.077): see
	// TestDiscretizedDenseBins.
	BinsDense
)

// String names the convention.
func (b DiscretizedBins) String() string {
	switch b {
	case BinsHalfResolution:
		return "0, r/2, log-spaced per decade from r (authors' code at 274d260)"
	case BinsDense:
		return "0, then 1/(10r) log-spaced from r (authors' code at cd078ae)"
	}
	return fmt.Sprintf("DiscretizedBins(%d)", int(b))
}

// KumaraswamyScaling chooses how a discretized Kumaraswamy fit meets the
// scale s = p_max.
type KumaraswamyScaling int

// The two ways to put a Kumaraswamy distribution on [0, s].
const (
	// KumaraswamyRescaleData histograms p_i/(s + 1e-16) on the edges and
	// gives each bin the mass of the unscaled Kumaraswamy(alpha, beta): the
	// authors' code (compute_discretized_neg_log_likelihood,
	// distribution="kumaraswamy"), whose printed fits it reproduces (Claude
	// 3.5 Opus alpha 0.3672). The edges then lie in the units of p/s.
	KumaraswamyRescaleData KumaraswamyScaling = iota
	// KumaraswamyScaleDistribution histograms p_i itself and gives each bin
	// the mass of Kumaraswamy(alpha, beta) scaled to [0, s], as the Beta is
	// fitted: the same bins for both families (fitlib's default before
	// issue 23; Opus alpha 0.3636).
	KumaraswamyScaleDistribution
)

// String names the convention.
func (k KumaraswamyScaling) String() string {
	switch k {
	case KumaraswamyRescaleData:
		return "rescale the data to [0, 1] (authors' code)"
	case KumaraswamyScaleDistribution:
		return "scale the distribution to [0, s]"
	}
	return fmt.Sprintf("KumaraswamyScaling(%d)", int(k))
}

// PaperResolution is the smallest positive bin edge of the authors'
// discretized fits, fixed whatever the number of attempts per problem.
const PaperResolution = 1e-4

// DiscretizedOptions configures FitDiscretized. The zero value is the
// convention that produced the paper's printed fits: edges 0, 5e-5 and 10
// per decade from 1e-4 to 1 for every dataset (Best-of-N jailbreaking too,
// whose n_i reach 10,020), a scaled Beta, a Kumaraswamy on rescaled data.
type DiscretizedOptions struct {
	// Scale is p_max, the top of the support of p; zero means the largest
	// observed c_i/n_i, the authors' choice. It must not be below that
	// value (the histogram would then hold mass the model cannot place).
	Scale float64
	// Bins chooses the edges; the zero value is BinsHalfResolution.
	Bins DiscretizedBins
	// Resolution is r, the smallest positive edge; zero means
	// PaperResolution (1e-4). It must lie in (0, 1).
	Resolution float64
	// ResolutionPerSample sets r = 1/max n_i instead of Resolution: the
	// finest p-hat the data can hold. Pythia MATH (n = 10,000) is
	// unchanged; Gemini 1.5 Flash jailbreaking (max n 10,020) then fits
	// (0.1453, 1.899) instead of the printed (0.1805, 4.446), one problem
	// at c/n = 1/9,997 having moved across the edge near 1e-4.
	ResolutionPerSample bool
	// PerDecade is the number of log-spaced edges per decade for
	// BinsHalfResolution; zero means 10 (the authors' printed fits; their
	// later Kumaraswamy code at cd078ae uses 5).
	PerDecade int
	// Kumaraswamy chooses how the Kumaraswamy family meets the scale; the
	// zero value is KumaraswamyRescaleData. Ignored for the Beta.
	Kumaraswamy KumaraswamyScaling
}

// DiscretizedFit is the paper's histogram estimator: a scaled Beta or
// Kumaraswamy distribution (scale = max c_i/n_i) fitted to a histogram of
// the per-problem success rates by maximising Σ_bins count·log(mass+1e-16).
// Its Outcome is the record of every fitlib fit: Objective is
// -Σ count·log(mass + 1e-16) over bins (the total); Status is
// Nelder-Mead's (converged on function or simplex convergence), Reason
// gonum's status, Iterations and Evaluations those of both rounds;
// GradNorm is NaN (no gradient).
type DiscretizedFit struct {
	fit.Outcome
	Family      Family
	Alpha, Beta float64
	Scale       float64
	// MeanNLL is Objective/len(Counts), the mean over bins that the
	// authors' code minimises and prints: the same optimum.
	MeanNLL float64
	AtBound []string
	// Edges and Counts are the histogram. With KumaraswamyRescaleData the
	// values binned are p_i/DataScale, so the edges are in units of p/s;
	// otherwise DataScale is 1 and the edges are in units of p.
	Edges     []float64
	Counts    []int
	DataScale float64
	// Options are the options the fit ran with, defaults filled in.
	Options DiscretizedOptions
	A, B    float64 // closed-form asymptote of the fitted distribution
	Dist    Dist
}

// FitDiscretized fits family (FamilyBeta or FamilyKumaraswamy) to the
// histogram of the per-problem success rates by Nelder–Mead in log-shape
// space from (0.9, 5.1), the paper's start (restarted once from its own
// optimum), within [ShapeMin, ShapeMax]. The authors' code used L-BFGS-B
// from the same start; where it stopped short of the optimum (Pythia 12B
// Kumaraswamy, Gemini 1.5 Pro Beta) this fit's likelihood is higher than
// at their printed point (TestDiscretizedPrintedFits).
func FitDiscretized(c passk.Counts, family Family, opt DiscretizedOptions) (*DiscretizedFit, error) {
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
	if opt.Scale != 0 {
		if !(opt.Scale >= s && opt.Scale <= 1) {
			return nil, fmt.Errorf("monkeys: %s: DiscretizedOptions.Scale = %v, need max c/n = %v <= scale <= 1 (or 0 for max c/n)", label(c), opt.Scale, s)
		}
		s = opt.Scale
	}
	nmax := 0
	for _, n := range c.N {
		if n > nmax {
			nmax = n
		}
	}
	switch {
	case opt.Bins != BinsHalfResolution && opt.Bins != BinsDense:
		return nil, fmt.Errorf("monkeys: DiscretizedOptions.Bins = %v: not a bin convention", opt.Bins)
	case opt.Kumaraswamy != KumaraswamyRescaleData && opt.Kumaraswamy != KumaraswamyScaleDistribution:
		return nil, fmt.Errorf("monkeys: DiscretizedOptions.Kumaraswamy = %v: not a scaling convention", opt.Kumaraswamy)
	case opt.PerDecade < 0:
		return nil, fmt.Errorf("monkeys: DiscretizedOptions.PerDecade = %d, need >= 1 (or 0 for 10)", opt.PerDecade)
	case opt.Resolution != 0 && opt.ResolutionPerSample:
		return nil, fmt.Errorf("monkeys: DiscretizedOptions: Resolution = %v and ResolutionPerSample both set; choose one", opt.Resolution)
	case opt.Resolution != 0 && !(opt.Resolution > 0 && opt.Resolution < 1):
		return nil, fmt.Errorf("monkeys: DiscretizedOptions.Resolution = %v, need 0 < resolution < 1 (or 0 for %g)", opt.Resolution, PaperResolution)
	}
	if opt.Resolution == 0 {
		opt.Resolution = PaperResolution
	}
	if opt.ResolutionPerSample {
		if nmax < 2 {
			return nil, fmt.Errorf("monkeys: %s: need more than one sample per problem for a histogram", label(c))
		}
		opt.Resolution = 1 / float64(nmax)
	}
	if opt.PerDecade == 0 {
		opt.PerDecade = 10
	}
	var edges, xs []float64
	var err error
	switch opt.Bins {
	case BinsHalfResolution:
		edges, err = LogBins(opt.Resolution, opt.PerDecade)
		xs = passAt1(c)
	case BinsDense:
		edges, err = denseBins(opt.Resolution)
		xs = make([]float64, c.Len())
		for i := range xs {
			xs[i] = float64(c.C[i]) / float64(c.N[i])
		}
	}
	if err != nil {
		return nil, err
	}
	model := func(a, b float64) Dist { return Dist{Family: family, Alpha: a, Beta: b, Scale: s} }
	dataScale := 1.0
	if family == FamilyKumaraswamy && opt.Kumaraswamy == KumaraswamyRescaleData {
		// as the authors: divide by the largest binned value (or the
		// scale asked for) plus 1e-16, so that the top problem stays
		// inside the last bin, and fit the unscaled distribution
		top := opt.Scale // zero unless asked for
		for _, x := range xs {
			top = math.Max(top, x)
		}
		dataScale = top + 1e-16
		for i := range xs {
			xs[i] /= dataScale
		}
		model = func(a, b float64) Dist { return Dist{Family: family, Alpha: a, Beta: b, Scale: 1} }
	}
	counts := Histogram(xs, edges)
	obj := func(x []float64) float64 {
		a, _, _ := shapeFromTheta(x[0])
		b, _, _ := shapeFromTheta(x[1])
		v := discretizedNLL(model(a, b), edges, counts)
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
	df := &DiscretizedFit{Family: family, Alpha: a, Beta: b, Scale: s, MeanNLL: r.F / float64(len(counts)),
		Edges: edges, Counts: counts, DataScale: dataScale, Options: opt,
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
	return shapeParams(f.Alpha, f.Beta, sc, f.AtBound)
}

// shapeParams is the per-parameter view of a Beta or Kumaraswamy fit (the
// MLE's and the discretized fit's): alpha and beta in [ShapeMin,
// ShapeMax], then the scale, each marked at its bound when atBound
// (lines "NAME ...") names it.
func shapeParams(alpha, beta float64, scale fit.FittedParam, atBound []string) []fit.FittedParam {
	out := []fit.FittedParam{
		fit.NewFittedParam("alpha", alpha).Bounded(ShapeMin, ShapeMax, fit.Identity),
		fit.NewFittedParam("beta", beta).Bounded(ShapeMin, ShapeMax, fit.Identity),
		scale,
	}
	for i := range out {
		for _, b := range atBound {
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

// denseBins returns the edges of BinsDense: 0, then int(1/(10 r))
// log-spaced edges from r to 1, as numpy.logspace(log10 r, 0, num).
func denseBins(resolution float64) ([]float64, error) {
	num := int(1 / resolution / 10)
	if num < 2 {
		return nil, fmt.Errorf("monkeys: dense bins need resolution <= 0.05 for two edges, got %v", resolution)
	}
	if num > 1_000_000 {
		return nil, fmt.Errorf("monkeys: dense bins at resolution %v would need %d edges; use BinsHalfResolution", resolution, num)
	}
	lr := log10Edge(resolution)
	edges := make([]float64, 0, num+1)
	edges = append(edges, 0)
	step := -lr / float64(num-1)
	for i := 0; i < num-1; i++ {
		edges = append(edges, math.Pow(10, float64(i)*step+lr))
	}
	return append(edges, 1), nil
}

// log10Edge is log10(r), rounded to the integer when within 1e-9 of one:
// math.Log10(1e-4) is -3.9999999999999996 where numpy gives -4, and the
// edge 10^lr must be exactly the double 1e-4 for c/n = 1/10,000 to open
// the bin above it as it does in numpy.
func log10Edge(r float64) float64 {
	lr := math.Log10(r)
	if ri := math.Round(lr); math.Abs(lr-ri) < 1e-9 {
		return ri
	}
	return lr
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
