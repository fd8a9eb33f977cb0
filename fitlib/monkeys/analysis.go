package monkeys

import (
	"context"
	"fmt"
	"math"
	"runtime"

	"github.com/gophernote/gophernote/fitlib/internal/par"
	"github.com/gophernote/gophernote/fitlib/passk"
)

// ModelAnalysis gathers every estimate of one model's power law.
type ModelAnalysis struct {
	Model  string
	Counts passk.Counts
	// LS is the paper's least-squares fit on pass_B@k from the counts.
	LS *PowerLawFit
	// BetaBinomial and Kumaraswamy are the MLE fits, scale (m+1)/m · max
	// c/n unless AnalyzeOptions say otherwise.
	BetaBinomial, Kumaraswamy *MLEFit
	// BetaRouteLS and KumaRouteLS are the paper's route from a fitted
	// distribution: exact -log(1 - F(k)) on the same k grid as LS, then
	// least squares. Compare their B with the closed form (fit.B = alpha).
	BetaRouteLS, KumaRouteLS *PowerLawFit
	// Discretized is the histogram estimator (scaled Beta).
	Discretized *DiscretizedFit
	// DiscretizedKuma is the same histogram estimator with a scaled
	// Kumaraswamy (its b = alpha, like the Beta's).
	DiscretizedKuma *DiscretizedFit
}

// AnalyzeOptions configures Analyze, AnalyzeAll and AnalyzeFile. The zero
// value is the paper's analysis, with no cancellation and no progress
// reports.
type AnalyzeOptions struct {
	// Scale is p_max, the top of the support of p in the MLE and
	// discretized fits, overriding their own Scale. Zero leaves it to the
	// authors' conventions (Schaeffer et al. 2025): (m+1)/m · max c_i/n_i
	// for the MLE fits (MLEOptions.ScaleRule), max c_i/n_i for the
	// discretized ones. Those choices bias a and b when the true p_max is
	// larger than any observed c/n, as on unscaled synthetic data: pass 1
	// there. Otherwise it must lie in [max c/n, 1].
	Scale float64
	// MLE are the options of the two maximum-likelihood fits (Context and,
	// when set, Scale come from these AnalyzeOptions); the zero value is
	// the authors' convention.
	MLE MLEOptions
	// Discretized are the options of the two discretized fits (Scale, when
	// set, comes from these AnalyzeOptions); the zero value is the
	// convention of the authors' printed fits.
	Discretized DiscretizedOptions
	// Context, when set, stops the fits once cancelled.
	Context context.Context
	// Progress, when set, is called with the steps done and their total:
	// the six estimators of one model (Analyze), or the models analysed
	// (AnalyzeAll, AnalyzeFile); never concurrently.
	Progress func(done, total int)
}

// Analyze runs every estimator on one model's counts.
func Analyze(c passk.Counts, opt AnalyzeOptions) (*ModelAnalysis, error) {
	m := &ModelAnalysis{Model: c.Name, Counts: c}
	if err := c.Validate(); err != nil {
		return m, err
	}
	if opt.Scale != 0 && !(opt.Scale >= c.MaxPHat() && opt.Scale <= 1) {
		return m, fmt.Errorf("monkeys: %s: AnalyzeOptions.Scale = %v, need max c/n = %v <= Scale <= 1 (or 0 for the authors' conventions)", label(c), opt.Scale, c.MaxPHat())
	}
	cancelled := func() error {
		if opt.Context != nil && opt.Context.Err() != nil {
			return fmt.Errorf("monkeys: %s: analysis cancelled: %w", label(c), opt.Context.Err())
		}
		return nil
	}
	step := func(i int) {
		if opt.Progress != nil {
			opt.Progress(i, 6)
		}
	}
	var err error
	if m.LS, err = FitLeastSquares(c, nil); err != nil {
		return m, err
	}
	step(1)
	mle := opt.MLE
	mle.Context = opt.Context
	mle.Progress = nil
	dopt := opt.Discretized
	if opt.Scale != 0 {
		mle.Scale, dopt.Scale = opt.Scale, opt.Scale
	}
	if m.BetaBinomial, err = FitBetaBinomial(c, mle); err != nil {
		return m, err
	}
	step(2)
	if m.Kumaraswamy, err = FitKumaraswamyBinomial(c, mle); err != nil {
		return m, err
	}
	step(3)
	if err := cancelled(); err != nil {
		return m, err
	}
	ks := m.LS.Ks
	if len(ks) < 2 {
		return m, fmt.Errorf("monkeys: %s: too few k for the distributional route", c.Name)
	}
	if m.BetaRouteLS, err = m.BetaBinomial.Dist.PowerLawLS(ks); err != nil {
		return m, err
	}
	if m.KumaRouteLS, err = m.Kumaraswamy.Dist.PowerLawLS(ks); err != nil {
		return m, err
	}
	step(4)
	if m.Discretized, err = FitDiscretized(c, FamilyBeta, dopt); err != nil {
		return m, err
	}
	step(5)
	if m.DiscretizedKuma, err = FitDiscretized(c, FamilyKumaraswamy, dopt); err != nil {
		return m, err
	}
	step(6)
	return m, cancelled()
}

// AnalyzeAll runs Analyze on every dataset in parallel, keeping order.
func AnalyzeAll(cs []passk.Counts, opt AnalyzeOptions) ([]*ModelAnalysis, error) {
	out := make([]*ModelAnalysis, len(cs))
	errs := make([]error, len(cs))
	tick := par.Ticker(opt.Progress, len(cs))
	one := opt
	one.Progress = nil // AnalyzeAll reports models, not estimators
	par.For(runtime.GOMAXPROCS(0), len(cs), func() func(int) {
		return func(i int) { out[i], errs[i] = Analyze(cs[i], one); tick() }
	})
	for _, err := range errs {
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

// ModelNamed returns the analysis of the model called name, or an error
// listing the models available. (In notebook cells prefer it to
// `m := ms[i]`: the yaegi engine fails to compile a top-level := of an
// index expression whose element type has struct fields.)
func ModelNamed(ms []*ModelAnalysis, name string) (*ModelAnalysis, error) {
	var names []string
	for _, m := range ms {
		if m.Model == name {
			return m, nil
		}
		names = append(names, m.Model)
	}
	return nil, fmt.Errorf("monkeys: no model %q (have %q)", name, names)
}

// AnalyzeFile reads a per-problem counts file, groups it by groupCol and
// analyses every group.
func AnalyzeFile(path, groupCol string, opt AnalyzeOptions) ([]*ModelAnalysis, error) {
	cs, err := passk.ReadCounts(path, groupCol)
	if err != nil {
		return nil, err
	}
	return AnalyzeAll(cs, opt)
}

// SummaryEntry returns the per-model numbers of the notebook's summary:
// ls_b, beta_binomial_alpha, beta_binomial_beta, scale, closed_form_b,
// closed_form_a (closed form of the Beta-binomial fit: b = alpha,
// a = Γ(α+β)/Γ(β)·s^-α).
func (m *ModelAnalysis) SummaryEntry() map[string]float64 {
	return map[string]float64{
		"ls_b":                m.LS.B,
		"beta_binomial_alpha": m.BetaBinomial.Alpha,
		"beta_binomial_beta":  m.BetaBinomial.Beta,
		"scale":               m.BetaBinomial.Scale,
		"closed_form_b":       m.BetaBinomial.B,
		"closed_form_a":       m.BetaBinomial.A,
	}
}

// TestVectors returns the check values computed by this package:
// Beta(0.4, 5) F(100) and Beta(0.15, 3.5) F(1e4).
func TestVectors() map[string]float64 {
	b1 := Dist{Family: FamilyBeta, Alpha: 0.4, Beta: 5}
	b2 := Dist{Family: FamilyBeta, Alpha: 0.15, Beta: 3.5}
	return map[string]float64{
		"beta_0.4_5_F100":    b1.F(100),
		"beta_0.15_3.5_F1e4": b2.F(1e4),
	}
}

// Summary assembles the notebook's final JSON object with exactly the keys
// test_vectors, pythia_math, bon_text and samples_to_10pct_error. Numbers
// are rounded to 6 significant digits.
func Summary(pythia, bon []*ModelAnalysis, bt *BacktestResult) map[string]any {
	per := func(ms []*ModelAnalysis) map[string]map[string]float64 {
		out := map[string]map[string]float64{}
		for _, m := range ms {
			e := m.SummaryEntry()
			for k, v := range e {
				e[k] = round6(v)
			}
			out[m.Model] = e
		}
		return out
	}
	tv := TestVectors()
	for k, v := range tv {
		tv[k] = round6(v)
	}
	return map[string]any{
		"test_vectors":           tv,
		"pythia_math":            per(pythia),
		"bon_text":               per(bon),
		"samples_to_10pct_error": bt.SamplesTo10PctMap(),
	}
}

func round6(v float64) float64 {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	e := math.Pow(10, 6-math.Ceil(math.Log10(math.Abs(v))))
	return math.Round(v*e) / e
}
