package chinchilla

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/gophernote/gophernote/fitlib/fit"
)

// Derived quantities of the law in the log-form parameter names the fits
// use (a = log A, b = log B, e = log E, alpha, beta), as formula
// expressions for fit.Derive (delta method on an EngineFit) and
// BootstrapResult.Derive (percentiles); C is compute in FLOPs.
const (
	// ExprA is the exponent of N_opt ∝ C^a (Hoffmann et al. 2022, eq. (4)).
	ExprA = "beta/(alpha + beta)"
	// ExprB is the exponent of D_opt ∝ C^b.
	ExprB = "alpha/(alpha + beta)"
	// ExprNOpt is N_opt(C) = G (C/6)^a, G = (alpha A/(beta B))^(1/(alpha+beta)).
	ExprNOpt = "(alpha*exp(a)/(beta*exp(b)))^(1/(alpha + beta)) * (C/6)^(beta/(alpha + beta))"
	// ExprDOpt is D_opt(C) = G^-1 (C/6)^b.
	ExprDOpt = "(alpha*exp(a)/(beta*exp(b)))^(-1/(alpha + beta)) * (C/6)^(alpha/(alpha + beta))"
	// ExprEnvelope is the exponent of the compute-optimal loss envelope:
	// L(N_opt, D_opt) - E ∝ C^-(alpha beta/(alpha + beta)).
	ExprEnvelope = "alpha*beta/(alpha + beta)"
	// ExprTokensPerParam is D_opt/N_opt at compute C.
	ExprTokensPerParam = "(alpha*exp(a)/(beta*exp(b)))^(-2/(alpha + beta)) * (C/6)^((alpha - beta)/(alpha + beta))"
)

// EngineFit is the Besiroglu et al. Huber fit of the log-form law
// exp(a - alpha log N) + exp(b - beta log D) + exp(e) on the fit engine,
// started at start (log form (a, b, e, alpha, beta); nil: Besiroglu's
// estimates), with the engine's standard errors and covariance, so that
// fit.Derive, fit.Band, fit.Wald and fit.ProfileInterval apply. Its
// parameters are named a, alpha, b, beta, e (the formula's order).
func EngineFit(r *Runs, start []float64, delta float64) (*fit.Result, fit.Problem, error) {
	if r == nil || r.Len() == 0 {
		return nil, fit.Problem{}, fmt.Errorf("chinchilla: EngineFit: no runs")
	}
	if delta == 0 {
		delta = DefaultDelta
	}
	if start == nil {
		start = Besiroglu().ToTheta()
	}
	if err := checkStarts([][]float64{start}, 5); err != nil {
		return nil, fit.Problem{}, err
	}
	pb, err := r.huberProblem(delta)
	if err != nil {
		return nil, pb, err
	}
	res, err := fit.Fit(pb, fit.Options{Starts: [][]float64{formulaFromTheta(start)}})
	return res, pb, err
}

// Derive evaluates a derived quantity (an expression over a, b, e, alpha,
// beta and columns of data, such as ExprNOpt over C) at every bootstrap
// resample and at center (log form; nil: the resamples' median is not
// used, center must be given), with percentile intervals at level.
func (b *BootstrapResult) Derive(expr string, data map[string][]float64, center []float64, level float64) (*fit.Estimate, error) {
	if len(center) < 5 {
		return nil, fmt.Errorf("chinchilla: Derive needs the log-form estimate (a, b, e, alpha, beta) as center")
	}
	fb := &fit.BootstrapResult{Names: []string{"a", "b", "e", "alpha", "beta"}, Fit: &fit.Result{Params: center[:5]}, Level: level}
	for i := range b.Alpha {
		if math.IsNaN(b.Alpha[i]) {
			continue
		}
		fb.Samples = append(fb.Samples, Params{A: b.A[i], B: b.B[i], E: b.E[i], Alpha: b.Alpha[i], Beta: b.Beta[i]}.ToTheta())
	}
	if len(fb.Samples) == 0 {
		return nil, fmt.Errorf("chinchilla: Derive: no finished resample")
	}
	return fb.Derive(expr, data, level)
}

// Cov is the covariance of the resampled log-form estimates (a, b, e,
// alpha, beta): what Besiroglu et al.'s Wald test uses.
func (b *BootstrapResult) Cov() [][]float64 {
	var s [][]float64
	for i := range b.Alpha {
		if !math.IsNaN(b.Alpha[i]) {
			s = append(s, Params{A: b.A[i], B: b.B[i], E: b.E[i], Alpha: b.Alpha[i], Beta: b.Beta[i]}.ToTheta())
		}
	}
	fb := &fit.BootstrapResult{Names: []string{"a", "b", "e", "alpha", "beta"}, Samples: s}
	return fb.Cov()
}

// HoffmannTest is Besiroglu et al.'s (2024) test that Hoffmann et al.'s
// published Approach-3 estimates are inconsistent with the data, redone:
// a Wald test with the bootstrap covariance of the log-form parameters,
// a likelihood-ratio test under the Huber likelihood with a learned scale,
// and per-parameter t tests, for the unrounded (TeX source) and rounded
// (eq. (10)) estimates.
type HoffmannTest struct {
	Label      string     // "unrounded" or "rounded"
	Null       Params     // Hoffmann et al.'s estimates
	Wald       *fit.Test  // chi-squared(5)
	LR         *fit.Test  // chi-squared(5)
	LogLikNull float64    // at Hoffmann's estimates with the scale refitted
	LogLikFit  float64    // at the likelihood fit
	T          [5]float64 // (estimate - null) / bootstrap SE, natural scale A, B, E, alpha, beta
	TP         [5]float64 // two-sided p-values, Student t(n - 5)
}

// TestHoffmann runs the tests of HoffmannTest against the likelihood fit
// ml (FitHuberLikelihood) with the bootstrap boot (Bootstrap, from
// Hoffmann's start as in the paper), following the authors' code
// (epoch-research/analyzing-chinchilla, data_analysis.ipynb): Wald
// statistic (theta_H - theta_ml)' Cov_boot^-1 (theta_H - theta_ml) in log
// form; likelihood ratio 2 (l(ml) - l(Hoffmann, sigma refitted)) with 5
// degrees of freedom (6 parameters against 1); t statistics with the
// bootstrap standard errors of A, B, E, alpha, beta and n - 5 degrees of
// freedom.
//
// Why chi-squared is right here but not in fit.LikelihoodRatio of a Huber
// loss fit: Besiroglu et al.'s model is a genuine likelihood, the Huber
// density of the log residuals with a learned scale sigma, maximised over
// all six parameters (FitHuberLikelihood) and over sigma at the null, so
// Wilks' theorem applies to 2 (l(ml) - l(null)). A fit.Fit with
// Loss: fit.Huber(delta) minimises the Huber loss at scale 1 instead; its
// Result.LogLik only evaluates the Huber density at that fit's parameters
// with sigma profiled, which is not a maximised likelihood, so
// fit.LikelihoodRatio tests such fits by the drop in the loss itself
// (Schrader & Hettmansperger's statistic, F reference).
func TestHoffmann(r *Runs, ml *FitResult, boot *BootstrapResult) ([]HoffmannTest, error) {
	if r == nil || ml == nil || boot == nil || len(ml.Theta) < 6 {
		return nil, fmt.Errorf("chinchilla: TestHoffmann needs the runs, the likelihood fit and the bootstrap")
	}
	cov := boot.Cov()
	llFit := -r.HuberNLL(ml.Theta, nil, DefaultDelta)
	var se [5]float64
	for j, col := range [][]float64{boot.A, boot.B, boot.E, boot.Alpha, boot.Beta} {
		se[j] = sdNaN(col)
	}
	est := ml.Params
	var out []HoffmannTest
	for _, c := range []struct {
		label string
		p     Params
	}{{"unrounded", HoffmannUnrounded()}, {"rounded", Hoffmann()}} {
		th := append(c.p.ToTheta(), ml.Theta[5])
		s, _ := r.sigmaStep(th, DefaultDelta)
		th[5] = s
		llNull := -r.HuberNLL(th, nil, DefaultDelta)
		w, err := fit.WaldCov("Wald test, bootstrap covariance (log form)", ml.Theta[:5], c.p.ToTheta(), cov)
		if err != nil {
			return nil, err
		}
		lr, err := fit.LRStatistic("likelihood-ratio test, Huber likelihood with learned scale", llFit, llNull, 5)
		if err != nil {
			return nil, err
		}
		ht := HoffmannTest{Label: c.label, Null: c.p, Wald: w, LogLikNull: llNull, LogLikFit: llFit, LR: lr}
		nat := []float64{est.A, est.B, est.E, est.Alpha, est.Beta}
		null := []float64{c.p.A, c.p.B, c.p.E, c.p.Alpha, c.p.Beta}
		tdist := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(r.Len() - 5)}
		for j := range nat {
			ht.T[j] = (nat[j] - null[j]) / se[j]
			ht.TP[j] = 2 * tdist.Survival(math.Abs(ht.T[j]))
		}
		out = append(out, ht)
	}
	return out, nil
}

func sdNaN(x []float64) float64 {
	var n, m float64
	for _, v := range x {
		if !math.IsNaN(v) {
			n++
			m += v
		}
	}
	m /= n
	var s float64
	for _, v := range x {
		if !math.IsNaN(v) {
			s += (v - m) * (v - m)
		}
	}
	return math.Sqrt(s / (n - 1))
}
