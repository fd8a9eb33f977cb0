package geneval

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sync"
	"testing"
)

// scipyRef is testdata/scipy_reference.json, written by
// testdata/scipy_reference.py: pass_B@k recomputed in Python and every
// law fitted with scipy.optimize.least_squares (Levenberg-Marquardt, a
// wider start grid), and the k = 1 GSM8K backtests.
type scipyRef struct {
	Grids map[string][]struct {
		K         int       `json:"k"`
		Points    int       `json:"points"`
		Params    []float64 `json:"params"`
		Objective float64   `json:"objective"`
	} `json:"grids"`
	Backtests map[string]struct {
		Target     string     `json:"target"`
		TargetPass float64    `json:"target_pass"`
		RelError   []*float64 `json:"rel_error"`
	} `json:"backtests"`
	NegLogGold map[string]float64 `json:"neg_log_gold"`
}

var (
	studyOnce sync.Once
	study     *Study
	studyErr  error
)

// sharedStudy runs AnalyzePythia once for all tests of this file.
func sharedStudy(t *testing.T) *Study {
	t.Helper()
	studyOnce.Do(func() { study, studyErr = AnalyzePythia(AnalyzeOptions{}) })
	if studyErr != nil {
		t.Fatal(studyErr)
	}
	return study
}

func loadRef(t *testing.T) scipyRef {
	t.Helper()
	raw, err := os.ReadFile("testdata/scipy_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var r scipyRef
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// wellPosed reports whether every exponent of a fit is below 3: beyond,
// the law has run off to a degenerate corner (a term that vanishes over
// the data) where the optimum is flat and parameters are not identified.
func wellPosed(names []string, p []float64) bool {
	for i, n := range names {
		if !prefactor(n) && !irreducible(n) && p[i] > 3 {
			return false
		}
	}
	return true
}

// TestGridsAgainstScipy checks every grid fit of the Study (all numbers of
// the notebook's gsm8k_compute_law and math_compute_law summaries among
// them) against scipy: same k values and checkpoint counts, an objective no
// worse than scipy's, and, for well-posed fits, every exponent within 1e-4 relative,
// the log of every prefactor within 1e-4 (1 + |log p|), and constant
// terms within 1e-5 absolute.
func TestGridsAgainstScipy(t *testing.T) {
	s := sharedStudy(t)
	ref := loadRef(t)
	for key, g := range map[string]*GridFit{
		"gsm8k/compute": s.GSM8KCompute, "gsm8k/params_tokens": s.GSM8KParamsTokens, "gsm8k/gold_reference": s.GSM8KGoldReference,
		"math/compute": s.MATHCompute, "math/params_tokens": s.MATHParamsTokens,
	} {
		want := ref.Grids[key]
		if len(want) != len(g.Fits) {
			t.Errorf("%s: %d k fitted, scipy %d", key, len(g.Fits), len(want))
			continue
		}
		compared := 0
		for i, f := range g.Fits {
			w := want[i]
			if f.K != w.K || f.Points != w.Points {
				t.Errorf("%s: k=%d with %d points, scipy k=%d with %d", key, f.K, f.Points, w.K, w.Points)
				continue
			}
			if f.Objective > w.Objective*(1+1e-6)+1e-12 {
				t.Errorf("%s k=%d: objective %.10g worse than scipy %.10g", key, f.K, f.Objective, w.Objective)
			}
			if !f.Converged() || !wellPosed(f.Names, f.Params) || !wellPosed(f.Names, w.Params) {
				continue
			}
			compared++
			for j, n := range f.Names {
				got, exp := f.Params[j], w.Params[j]
				ok := math.Abs(got-exp) <= 1e-4*math.Abs(exp)
				switch {
				case irreducible(n):
					ok = math.Abs(got-exp) <= 1e-5
				case prefactor(n):
					// log prefactor moves by (log input) x the exponent's
					// error: compare it on its own scale.
					ok = math.Abs(math.Log(got/exp)) <= 1e-4*(1+math.Abs(math.Log(exp)))
				}
				if !ok {
					t.Errorf("%s k=%d: %s = %.8g, scipy %.8g", key, f.K, n, got, exp)
				}
			}
		}
		if compared < len(g.Fits)/2 {
			t.Errorf("%s: only %d of %d fits compared parameter by parameter", key, compared, len(g.Fits))
		}
	}
}

// TestBacktestsAgainstScipy checks the backtest_relative_error_at_target
// summary (k = 1) and the k = 100 backtests quoted in notebook 03: the same
// target, its pass@k, and every relative error within 1e-4 relative of
// scipy's refit at each cap (null where too few checkpoints).
func TestBacktestsAgainstScipy(t *testing.T) {
	s := sharedStudy(t)
	ref := loadRef(t)
	bts := append([]*BacktestResult(nil), s.Backtests...)
	for _, law := range Laws() {
		bt, err := Backtest(s.GSM8K, s.Gold, law, 100, BacktestOptions{})
		if err != nil {
			t.Fatal(err)
		}
		bts = append(bts, bt)
	}
	for _, bt := range bts {
		key := bt.Law.String()
		if bt.K != 1 {
			key = fmt.Sprintf("%s@%d", bt.Law, bt.K)
		}
		w, ok := ref.Backtests[key]
		if !ok {
			t.Fatalf("no scipy backtest %s", key)
		}
		if bt.Target != w.Target || math.Abs(bt.TargetPass-w.TargetPass) > 1e-12 {
			t.Errorf("%s: target %s pass %v, scipy %s %v", key, bt.Target, bt.TargetPass, w.Target, w.TargetPass)
		}
		if len(bt.RelError) != len(w.RelError) {
			t.Fatalf("%s: %d caps, scipy %d", key, len(bt.RelError), len(w.RelError))
		}
		for i, e := range bt.RelError {
			switch {
			case w.RelError[i] == nil:
				if !math.IsNaN(e) {
					t.Errorf("%s cap %d: error %v, scipy had too few points", key, i, e)
				}
			case !wellPosed(bt.Names, bt.Params[i]):
				// Degenerate fit: the optimum is flat, predictions may differ.
			case math.Abs(e-*w.RelError[i]) > 1e-4*math.Max(*w.RelError[i], 1e-3):
				t.Errorf("%s cap %.3g: relative error %.8g, scipy %.8g", key, bt.Ratios[i], e, *w.RelError[i])
			}
		}
		if bt.Ratios[0] != 1 || bt.Params[0][len(bt.Names)-1] != bt.Full[len(bt.Names)-1] {
			t.Errorf("%s: the cap C_max = C_target must reproduce the full fit", key)
		}
	}
}

// TestSummaryKeysAndStability checks the summary's keys, that JSON encodes
// it, and the stability numbers against SettleOrders recomputed here from
// the backtest parameters by the stated rule.
func TestSummaryKeysAndStability(t *testing.T) {
	s := sharedStudy(t)
	sum := s.Summary()
	for _, k := range []string{"gsm8k_compute_law", "math_compute_law", "stability_orders_of_magnitude", "backtest_relative_error_at_target"} {
		if _, ok := sum[k]; !ok {
			t.Errorf("summary lacks %s", k)
		}
	}
	if len(sum) != 4 {
		t.Errorf("summary has %d keys, want 4", len(sum))
	}
	if _, err := json.Marshal(sum); err != nil {
		t.Fatalf("summary does not marshal: %v", err)
	}
	cl := sum["gsm8k_compute_law"].(map[string]any)
	for _, k := range []string{"k", "E0", "C0", "alpha"} {
		if _, ok := cl[k]; !ok {
			t.Errorf("gsm8k_compute_law lacks %s", k)
		}
	}
	stab := sum["stability_orders_of_magnitude"].(map[string]any)
	for _, bt := range s.Backtests {
		// Recompute: walk caps from the target down while every shape
		// parameter stays within 10% (0.1 nats for the constant).
		want := 0.0
		for i, r := range bt.Ratios {
			ok := bt.Fitted[i]
			for j, n := range bt.Names {
				v, f := bt.Params[i][j], bt.Full[j]
				switch {
				case n == "E0" || n == "xi0":
					ok = ok && math.Abs(v-f) <= 0.1
				case n == "alpha" || n == "beta" || n == "gamma" || n == "kappa":
					ok = ok && math.Abs(v-f) <= 0.1*f
				}
			}
			if !ok {
				break
			}
			want = -math.Log10(r)
		}
		if got := stab[bt.Law.String()].(float64); math.Abs(got-want) > 1e-6 {
			t.Errorf("%s: stability %v, recomputed %v", bt.Law, got, want)
		}
	}
}

// TestWarmupKeptComputeLaw checks the figure quoted in notebook 03 for all
// 81 GSM8K checkpoints (warm-up kept) at k = 1 against scipy's
// least_squares on the same log residuals: C0 = 465.672, alpha =
// 0.09255487, E0 ~ 0; two checkpoints never solve a problem.
func TestWarmupKeptComputeLaw(t *testing.T) {
	b := loadGSM8K(t)
	g, err := FitLawGrid(b, nil, LawCompute, []int{1}, GridOptions{})
	if err != nil {
		t.Fatal(err)
	}
	f := g.Fits[0]
	if f.Points != 79 || f.ZeroPass != 2 {
		t.Errorf("points %d, zero-pass %d; want 79 and 2", f.Points, f.ZeroPass)
	}
	if math.Abs(f.Params[2]-0.09255487) > 1e-8 || math.Abs(f.Params[1]-465.672) > 1e-3 || f.Params[0] > 1e-6 {
		t.Errorf("params %v, want E0 ~ 0, C0 465.672, alpha 0.09255487", f.Params)
	}
}

// TestEnvelopeSummary checks the 04_envelope summary: the test vector
// (published values) and gsm8k_envelope alpha = beta gamma/(beta+gamma)
// against scipy's beta and gamma for every well-posed k.
func TestEnvelopeSummary(t *testing.T) {
	s := sharedStudy(t)
	env, err := s.GSM8KParamsTokens.Envelopes()
	if err != nil {
		t.Fatal(err)
	}
	sum := EnvelopeSummary(env)
	if len(sum) != 2 {
		t.Errorf("summary keys %v", sum)
	}
	tv := sum["test_vector"].(map[string]any)
	for k, want := range map[string]float64{"alpha": 0.1535484, "C0": 1071.365, "phi_2": 1.0226417, "phi_2_quadratic": 1.0228696, "ceff_3": 0.6980500} {
		tol := 5e-8
		if k == "C0" {
			tol = 5e-4
		}
		if got := tv[k].(float64); math.Abs(got-want) > tol {
			t.Errorf("test_vector %s = %.9g, want %.9g", k, got, want)
		}
	}
	ge := sum["gsm8k_envelope"].(map[string]any)
	ks, alpha := ge["k"].([]int), ge["alpha"].([]float64)
	ref := loadRef(t).Grids["gsm8k/params_tokens"]
	if len(ks) != len(ref) || len(alpha) != len(ref) {
		t.Fatalf("%d k, %d alpha, scipy %d", len(ks), len(alpha), len(ref))
	}
	checked := 0
	for i, r := range ref {
		if ks[i] != r.K || !wellPosed(s.GSM8KParamsTokens.Names, r.Params) {
			continue
		}
		b, g := r.Params[2], r.Params[4]
		if want := b * g / (b + g); math.Abs(alpha[i]-want) > 1e-4*want {
			t.Errorf("k=%d: envelope alpha %.8g, from scipy %.8g", ks[i], alpha[i], want)
		}
		checked++
	}
	if checked < 10 {
		t.Errorf("only %d k checked", checked)
	}
	// The figures quoted in the notebook: 2x and 3x mismatch at k = 1.
	e := env.Envelopes[0]
	if math.Abs(e.EffectiveCompute(2)-0.7681) > 5e-5 || math.Abs(e.EffectiveCompute(3)-0.5251) > 5e-5 || math.Abs(e.Alpha()-0.2778) > 5e-5 {
		t.Errorf("k=1 envelope: alpha %.5f, effective compute at 2x %.5f, 3x %.5f", e.Alpha(), e.EffectiveCompute(2), e.EffectiveCompute(3))
	}
	if math.Abs(hoffmann.EffectiveCompute(2)-0.8643) > 5e-5 {
		t.Errorf("Hoffmann 2x: %.5f", hoffmann.EffectiveCompute(2))
	}
}
