package chinchilla

import (
	"math"
	"sort"
	"sync"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/formula"
	"github.com/gophernote/gophernote/fitlib/internal/num"
)

var (
	mlOnce sync.Once
	mlRes  *LawFit
	mlBoot *BootstrapResult
	mlErr  error
)

// testLikelihoodAndBoot is the notebook's likelihood fit and 4,000-resample
// bootstrap (from Hoffmann's start, seed 1).
func testLikelihoodAndBoot(t *testing.T) (*LawFit, *BootstrapResult) {
	r := testRuns(t)
	grid := testGrid(t)
	mlOnce.Do(func() {
		mlRes, mlErr = FitHuberLikelihood(r, FitOptions{Starts: [][]float64{HoffmannUnrounded().ToTheta(), grid.Theta}})
		if mlErr == nil {
			mlBoot, mlErr = Bootstrap(r, mlRes, paperBoot(BootstrapOptions{Resamples: 4000, Seed: 1}))
		}
	})
	if mlErr != nil {
		t.Fatal(mlErr)
	}
	return mlRes, mlBoot
}

// TestHoffmannRejected redoes Besiroglu et al.'s (2024) tests of
// Hoffmann et al.'s Approach-3 estimates and recomputes each statistic
// independently: the Wald form with gonum's solver on the bootstrap
// covariance of the log-form estimates, the likelihood ratio from
// HuberNLL with the scale refitted at Hoffmann's estimates by a fine grid.
// Published (Besiroglu et al. 2024, sect. 3, as quoted in a summary of the
// paper; we could not read the paper's text here): likelihood-ratio test
// against the unrounded estimates p = 1.2e-16; t tests of E and beta
// p = 2.6e-6 and 1.1e-4. The Wald test as the authors' notebook prints it
// (epoch-research/analyzing-chinchilla, data_analysis.ipynb, quoted in
// issue 23): chi-squared(5) = 238.40, p = 1.69e-49 (the "p < 1e-51" this
// comment and notebook 06 once quoted had no source). Ours: LR p =
// 1.22e-16 (same); t tests 1.8e-6 and 7.9e-5 (our bootstrap's standard
// errors differ slightly from theirs: other resamples); Wald 234.1 (p =
// 1.4e-48), 1.8% below theirs: the inverse of a 4,000-resample covariance
// of five strongly correlated parameters moves the statistic with the
// resamples (issue 23: 239.4 on Epoch's own resamples), so we require
// the statistic within 5% of 238.40 and p < 1e-40.
func TestHoffmannRejected(t *testing.T) {
	r := testRuns(t)
	ml, boot := testLikelihoodAndBoot(t)
	tests, err := TestHoffmann(r, ml, boot)
	if err != nil {
		t.Fatal(err)
	}
	cov := boot.Cov()
	c := mat.NewSymDense(5, nil)
	for i := 0; i < 5; i++ {
		for j := i; j < 5; j++ {
			c.SetSym(i, j, cov[i][j])
		}
	}
	var inv mat.Dense
	if err := inv.Inverse(c); err != nil {
		t.Fatal(err)
	}
	for _, h := range tests {
		d := mat.NewVecDense(5, nil)
		null := h.Null.ToTheta()
		for j := 0; j < 5; j++ {
			d.SetVec(j, ml.Theta[j]-null[j])
		}
		var x mat.VecDense
		x.MulVec(&inv, d)
		within(t, h.Label+" Wald", h.Wald.Statistic, mat.Dot(d, &x), 1e-6)
		// the scale at Hoffmann's estimates by a grid in log sigma
		best := math.Inf(1)
		th := append(h.Null.ToTheta(), 0)
		for s := -14.0; s <= -8; s += 1e-4 {
			th[5] = s
			best = math.Min(best, r.HuberNLL(th, nil, DefaultDelta))
		}
		lr := 2 * (best - r.HuberNLL(ml.Theta, nil, DefaultDelta))
		within(t, h.Label+" LR", h.LR.Statistic, lr, 1e-5)
		within(t, h.Label+" LR p", h.LR.P, distuv.ChiSquared{K: 5}.Survival(lr), 1e-3)
		if h.Wald.P > 1e-40 || h.LR.P > 1e-10 || h.Wald.DF != 5 || h.LR.DF != 5 {
			t.Errorf("%s: Wald %v, LR %v: expected rejection with 5 degrees of freedom", h.Label, h.Wald, h.LR)
		}
		if h.Label == "unrounded" {
			ratio := func(name string, got, want, f float64) {
				if q := got / want; q < 1/f || q > f {
					t.Errorf("%s p = %.3g, published %.3g", name, got, want)
				}
			}
			ratio("LR", h.LR.P, 1.2e-16, 1.1)
			ratio("t(E)", h.TP[2], 2.6e-6, 3)
			ratio("t(beta)", h.TP[4], 1.1e-4, 3)
			if q := h.Wald.Statistic / 238.40; q < 0.95 || q > 1.05 {
				t.Errorf("Wald chi2(5) %.2f, Epoch's notebook prints 238.40", h.Wald.Statistic)
			}
		}
		t.Logf("%s: %v; %v; t(E) = %.2f (p %.2g), t(beta) = %.2f (p %.2g)", h.Label, h.Wald, h.LR, h.T[2], h.TP[2], h.T[4], h.TP[4])
	}
}

// TestEngineSEAgreesWithBootstrap: on the Chinchilla data the engine's
// default standard errors (the HC2 sandwich, with Bell-McCaffrey degrees
// of freedom 29-63) are within 0.7-1.2 of the standard deviations of a
// pairs bootstrap of the same Huber fit (400 resamples; measured with
// 1000: ratios 1.13, 1.13, 0.76, 0.77, 0.99 for a, alpha, b, beta, e; the
// HC1 sandwich with the residual-SD bandwidth used before the review of
// issue 13 gave 0.98, 0.98, 0.78, 0.79, 0.96); the model-based ones are
// not (0.40-0.61): the digitized runs are heteroscedastic, so the iid model
// understates the uncertainty. Derived quantities by the delta method
// agree with the intervals of Besiroglu et al.'s likelihood bootstrap in
// the same way.
func TestEngineSEAgreesWithBootstrap(t *testing.T) {
	r := testRuns(t)
	_, boot := testLikelihoodAndBoot(t)
	res, err := FitEngine(r, FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pb, err := r.Problem(0)
	if err != nil {
		t.Fatal(err)
	}
	model, err := fit.Fit(pb, fit.Options{Starts: [][]float64{res.Params}, SE: fit.SEModel})
	if err != nil {
		t.Fatal(err)
	}
	same, err := fit.Bootstrap(pb, fit.BootstrapOptions{Resamples: 400, Seed: 3, Fit: fit.Options{Starts: [][]float64{res.Params}}})
	if err != nil {
		t.Fatal(err)
	}
	bse := same.SE
	for j, name := range res.Names {
		if q := res.SE[j] / bse[j]; q < 0.7 || q > 1.2 {
			t.Errorf("%s: engine SE %.4g, bootstrap SD %.4g (ratio %.2f)", name, res.SE[j], bse[j], q)
		}
		if q := model.SE[j] / bse[j]; q > 0.7 {
			t.Errorf("%s: model-based SE %.4g unexpectedly close to the bootstrap's %.4g", name, model.SE[j], bse[j])
		}
		t.Logf("%s: engine SE / bootstrap SD %.2f, model-based %.2f", name, res.SE[j]/bse[j], model.SE[j]/bse[j])
	}
	_, _ = testLikelihoodAndBoot(t)
	for _, e := range []string{ExprA, ExprEnvelope} {
		d, err := fit.Derive(res, e, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := boot.Derive(e, nil, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		if q := d.SE[0] / b.SE[0]; q < 0.6 || q > 1.1 {
			t.Errorf("%s: delta-method SE %.4g, bootstrap SD %.4g", e, d.SE[0], b.SE[0])
		}
		t.Logf("%s = %.4f: delta method [%.4f, %.4f], bootstrap [%.4f, %.4f]", e, d.Value[0], d.Lo[0], d.Hi[0], b.Lo[0], b.Hi[0])
	}
	// N_opt at Chinchilla's budget from the bootstrap's own samples
	c := map[string][]float64{"C": {5.76e23}}
	b, err := boot.Derive(ExprNOpt, c, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	var ns []float64
	for _, s := range boot.Samples {
		if !math.IsNaN(s[3]) {
			ns = append(ns, Params{A: s[0], B: s[1], E: s[2], Alpha: s[3], Beta: s[4]}.NOpt(5.76e23))
		}
	}
	sort.Float64s(ns)
	iv := []float64{num.QuantileSorted(ns, 0.025), num.QuantileSorted(ns, 0.975)}
	within(t, "N_opt lower", b.Lo[0], iv[0], 1e-9)
	within(t, "N_opt upper", b.Hi[0], iv[1], 1e-9)
}

// TestDerivedExpressions: the expression constants agree with Params'
// closed forms (NOpt, DOpt, ExponentA, the loss at the optimum), and
// ExprEnvelope is the slope of log(L_opt - E) against log C.
func TestDerivedExpressions(t *testing.T) {
	p := Besiroglu()
	th := p.ToTheta()
	vals := map[string]float64{"a": th[0], "b": th[1], "e": th[2], "alpha": th[3], "beta": th[4]}
	eval := func(expr string, c float64) float64 {
		f, err := formula.Parse(expr, "C")
		if err != nil {
			t.Fatal(err)
		}
		ps := map[string]float64{}
		for _, n := range f.Params() {
			ps[n] = vals[n]
		}
		out, err := f.EvalMap(ps, map[string][]float64{"C": {c}})
		if err != nil {
			t.Fatal(err)
		}
		return out[0]
	}
	for _, c := range []float64{1e20, 5.76e23, 1e26} {
		n, d := p.NOpt(c), p.DOpt(c)
		within(t, "N_opt", eval(ExprNOpt, c), n, 1e-12)
		within(t, "D_opt", eval(ExprDOpt, c), d, 1e-12)
		within(t, "D/N", eval(ExprTokensPerParam, c), d/n, 1e-12)
		within(t, "L_opt", eval(ExprLossOpt, c), p.Loss(n, d), 1e-12)
	}
	within(t, "a", eval(ExprA, 1), p.ExponentA(), 1e-15)
	within(t, "b", eval(ExprB, 1), p.ExponentB(), 1e-15)
	c1, c2 := 1e22, 1e24
	slope := -(math.Log(eval(ExprLossOpt, c2)-p.E) - math.Log(eval(ExprLossOpt, c1)-p.E)) / (math.Log(c2) - math.Log(c1))
	within(t, "envelope exponent", eval(ExprEnvelope, 1), slope, 1e-10)
}

// TestPlotBandRenders: the compute-optimal loss with its delta-method and
// bootstrap bands, extrapolated two decades past the data.
func TestPlotBandRenders(t *testing.T) {
	r := testRuns(t)
	res, err := FitEngine(r, FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Bootstrap(r, besFit(), BootstrapOptions{Resamples: 200, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	var c []float64
	for x := 18.0; x <= 26; x += 0.25 {
		c = append(c, math.Pow(10, x))
	}
	grid := map[string][]float64{"C": c}
	d, err := fit.Derive(res, ExprLossOpt, grid)
	if err != nil {
		t.Fatal(err)
	}
	bb, err := b.Derive(ExprLossOpt, grid, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	for i := range c {
		if !(d.Lo[i] < d.Value[i] && d.Value[i] < d.Hi[i] && bb.Lo[i] <= bb.Hi[i]) {
			t.Fatalf("C = %g: delta [%g, %g] around %g, bootstrap [%g, %g]", c[i], d.Lo[i], d.Hi[i], d.Value[i], bb.Lo[i], bb.Hi[i])
		}
	}
	// the band widens away from the data
	if w0, w1 := d.Hi[16]-d.Lo[16], d.Hi[len(c)-1]-d.Lo[len(c)-1]; !(w1 > w0) {
		t.Errorf("band at 1e26 (%g) not wider than at 1e22 (%g)", w1, w0)
	}
	pl, err := PlotBand(c, d, bb, r, "compute-optimal loss", "loss")
	if err != nil {
		t.Fatal(err)
	}
	savePNG(t, pl, "band.png")
}
