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

// FitEngine is the Besiroglu et al. Huber fit of the log-form law
// exp(a - alpha log N) + exp(b - beta log D) + exp(e), written as a
// fitlib/formula law (Runs.Problem) on the fit engine, from opt.Starts
// (log form (a, b, e, alpha, beta), as every chinchilla start; nil:
// Besiroglu's estimates), with the engine's standard errors, covariance
// and fit report, so that fit.Derive, fit.Band, fit.Wald and
// fit.ProfileInterval apply. Its parameters are named a, alpha, b, beta, e
// (the formula's order). opt.Delta, Workers, Context, Progress, FTol,
// GTol and ScipyFTol apply; Mean, Method and FuncAbsTol are for FitGrid.
func FitEngine(r *Runs, opt FitOptions) (*fit.Result, error) {
	if err := r.prepare(); err != nil {
		return nil, err
	}
	starts := opt.Starts
	if starts == nil {
		starts = [][]float64{Besiroglu().ToTheta()}
	}
	if err := checkStarts(starts, 5); err != nil {
		return nil, err
	}
	pb, err := r.Problem(opt.Delta)
	if err != nil {
		return nil, err
	}
	fs := make([][]float64, len(starts))
	for i, s := range starts {
		fs[i] = formulaFromTheta(s)
	}
	return fit.Fit(pb, fit.Options{Starts: fs, Workers: opt.Workers, Context: opt.Context, Progress: opt.Progress,
		FTol: opt.FTol, GTol: opt.GTol, ScipyFTol: opt.ScipyFTol})
}

// Derive evaluates a derived quantity (an expression over a, b, e, alpha,
// beta and columns of data, such as ExprNOpt over C) at every resample and
// at the Estimate, with percentile intervals at level (0: the bootstrap's
// Level); see fit.BootstrapResult.Derive.
func (b *BootstrapResult) Derive(expr string, data map[string][]float64, level float64) (*fit.Estimate, error) {
	if len(b.Estimate) != 5 {
		return nil, fmt.Errorf("chinchilla: Derive: the bootstrap has no estimate (build it with Bootstrap)")
	}
	if level == 0 {
		level = b.Level
	}
	center := Params{A: b.Estimate[0], B: b.Estimate[1], E: b.Estimate[2], Alpha: b.Estimate[3], Beta: b.Estimate[4]}.ToTheta()
	fb := &fit.BootstrapResult{Names: []string{"a", "b", "e", "alpha", "beta"}, Fit: &fit.Result{Params: center}, Estimate: center,
		Samples: b.logForm(), Level: level}
	if len(fb.Samples) == 0 {
		return nil, fmt.Errorf("chinchilla: Derive: no finished resample")
	}
	return fb.Derive(expr, data, level)
}

// Cov is the covariance of the resampled log-form estimates (a, b, e,
// alpha, beta): what Besiroglu et al.'s Wald test uses.
func (b *BootstrapResult) Cov() [][]float64 {
	fb := &fit.BootstrapResult{Names: []string{"a", "b", "e", "alpha", "beta"}, Samples: b.logForm()}
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
func TestHoffmann(r *Runs, ml *LawFit, boot *BootstrapResult) ([]HoffmannTest, error) {
	if r == nil || ml == nil || boot == nil || len(ml.Theta) < 6 || len(boot.SE) != 5 {
		return nil, fmt.Errorf("chinchilla: TestHoffmann needs the runs, the likelihood fit (FitHuberLikelihood) and the bootstrap")
	}
	if err := r.prepare(); err != nil {
		return nil, err
	}
	cov := boot.Cov()
	llFit := -r.HuberNLL(ml.Theta, nil, DefaultDelta)
	var se [5]float64
	copy(se[:], boot.SE)
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
