package monkeys

import (
	"encoding/json"
	"math"
	"sort"
	"sync"
	"testing"

	"gonum.org/v1/gonum/diff/fd"

	"github.com/gophernote/gophernote/fitlib/internal/report"
	"github.com/gophernote/gophernote/fitlib/passk"
)

// The numbers the notebook's summary reports, each checked against an
// independent truth:
//   - test vectors: the published values;
//   - ls_b: an ordinary least-squares slope computed here from the
//     authors' own tabulated pass@k averages (…_avg_pass_at_k.csv);
//   - beta-binomial alpha/beta: a stationary point (finite-difference
//     gradient of the public log-pmf ~0) that beats nearby points;
//   - scale: the largest c/n; closed form a = Γ(α+β)/Γ(β)·s^-α via math.Lgamma.
func TestSummaryNumbers(t *testing.T) {
	py, bon := analyzed(t)
	bt := &BacktestResult{Estimators: Estimators(), SamplesTo10Pct: []int{100, 300, 1000}}
	sum := Summary(py, bon, bt)
	raw, err := json.Marshal(sum)
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	keys := []string{}
	for k := range back {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if len(keys) != 4 || keys[0] != "bon_text" || keys[1] != "pythia_math" || keys[2] != "samples_to_10pct_error" || keys[3] != "test_vectors" {
		t.Fatalf("summary keys %v", keys)
	}
	tv := sum["test_vectors"].(map[string]float64)
	if tv["beta_0.4_5_F100"] != 0.289157 || tv["beta_0.15_3.5_F1e4"] != 0.297463 {
		t.Errorf("test vectors %v", tv)
	}
	if len(sum["pythia_math"].(map[string]map[string]float64)) != 7 || len(sum["bon_text"].(map[string]map[string]float64)) != 7 {
		t.Fatal("want 7 models per dataset")
	}
	for _, set := range []struct {
		file string
		ms   []*ModelAnalysis
	}{{"llmonkeys/pythia_math_avg_pass_at_k.csv", py}, {"llmonkeys/bon_jailbreaking_text_avg_pass_at_k.csv", bon}} {
		avg, err := readAvg(set.file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range set.ms {
			e := m.SummaryEntry()
			// independent OLS slope of log(-log avg) on log k
			var xs, ys []float64
			for _, k := range PaperKs() {
				if p := avg[m.Model][k]; p > 0 && p < 1 {
					xs = append(xs, math.Log(float64(k)))
					ys = append(ys, math.Log(-math.Log(p)))
				}
			}
			mx, my := mean(xs), mean(ys)
			var sxy, sxx float64
			for i := range xs {
				sxy += (xs[i] - mx) * (ys[i] - my)
				sxx += (xs[i] - mx) * (xs[i] - mx)
			}
			if b := -sxy / sxx; math.Abs(e["ls_b"]-b) > 1e-9 {
				t.Errorf("%s: ls_b %.10f, OLS on published averages %.10f", m.Model, e["ls_b"], b)
			}
			if n := float64(m.Counts.Len()); e["scale"] != math.Min((n+1)*m.Counts.MaxPHat()/n, 1) {
				t.Errorf("%s: scale %v, (m+1)/m max c/n %v", m.Model, e["scale"], (n+1)*m.Counts.MaxPHat()/n)
			}
			al, be, s := e["beta_binomial_alpha"], e["beta_binomial_beta"], e["scale"]
			lg1, _ := math.Lgamma(al + be)
			lg2, _ := math.Lgamma(be)
			if a := math.Exp(lg1-lg2) * math.Pow(s, -al); math.Abs(e["closed_form_a"]-a) > 1e-12*a || e["closed_form_b"] != al {
				t.Errorf("%s: closed form (%v, %v), want (%v, %v)", m.Model, e["closed_form_a"], e["closed_form_b"], a, al)
			}
			nll := func(x []float64) float64 {
				f := 0.0
				for i := range m.Counts.N {
					f -= BetaBinomialLogPMF(m.Counts.N[i], m.Counts.C[i], x[0], x[1], s)
				}
				return f
			}
			x := []float64{al, be}
			g := fd.Gradient(nil, nll, x, &fd.Settings{Formula: fd.Central, Step: 1e-5})
			if math.Abs(g[0])*al > 1e-3 || math.Abs(g[1])*be > 1e-3 {
				t.Errorf("%s: NLL gradient at the fit (%.3g, %.3g) is not ~0", m.Model, g[0], g[1])
			}
			for _, d := range [][2]float64{{1.01, 1}, {0.99, 1}, {1, 1.01}, {1, 0.99}} {
				if nll([]float64{al * d[0], be * d[1]}) < nll(x) {
					t.Errorf("%s: a nearby point beats the MLE", m.Model)
				}
			}
			if !m.BetaBinomial.Converged() || len(m.BetaBinomial.AtBound) > 0 || !m.Kumaraswamy.Converged() {
				t.Errorf("%s: %v / %v", m.Model, m.BetaBinomial, m.Kumaraswamy)
			}
		}
	}
}

// The paper's route (integrate F of the fitted distribution, then least
// squares over the same k) lands near the data's least-squares exponent,
// far above the closed-form alpha: least squares over k <= 1e4 measures a
// pre-asymptotic slope. Shown for every Pythia model.
func TestRouteVersusClosedForm(t *testing.T) {
	py, _ := analyzed(t)
	for _, m := range py {
		route, ls, alpha := m.BetaRouteLS.B, m.LS.B, m.BetaBinomial.Alpha
		if !(route > alpha && math.Abs(route-ls) < math.Abs(alpha-ls)) {
			t.Errorf("%s: route b %.4f, LS b %.4f, closed-form alpha %.4f", m.Model, route, ls, alpha)
		}
	}
}

// Llama 3 8B IT has no unsolved prompt (no mass near p = 0) and its
// -log pass_B@k is not a power law: its log-log slope steepens from about
// -0.6 at small k to below -2 at the largest k with pass_B@k < 1, and its
// least-squares R² is the worst of the seven models. The other models never
// steepen by more than 2x (their unsolved prompts make the curves flatten).
func TestLlamaLacksHeavyTail(t *testing.T) {
	_, bon := analyzed(t)
	worst := ""
	minR2 := 2.0
	for _, m := range bon {
		if m.LS.R2 < minR2 {
			minR2, worst = m.LS.R2, m.Model
		}
		unsolved := 0
		for _, c := range m.Counts.C {
			if c == 0 {
				unsolved++
			}
		}
		early := (math.Log(m.LS.NegLogPass[9]) - math.Log(m.LS.NegLogPass[0])) / math.Log(m.LS.Ks[9]/m.LS.Ks[0])
		n := len(m.LS.Ks)
		late := (math.Log(m.LS.NegLogPass[n-1]) - math.Log(m.LS.NegLogPass[n-11])) / math.Log(m.LS.Ks[n-1]/m.LS.Ks[n-11])
		t.Logf("%-18s unsolved %3d  slope k<=10 %.3f  last decade-ish %.3f  R2 %.4f", m.Model, unsolved, early, late, m.LS.R2)
		if m.Model == "Llama 3 8B IT" {
			if unsolved != 0 || late > -2 || late/early < 3 {
				t.Errorf("Llama 3 8B IT: unsolved %d, slopes %.3f -> %.3f", unsolved, early, late)
			}
		} else if late/early > 2 {
			t.Errorf("%s: slope steepens %.3f -> %.3f", m.Model, early, late)
		}
	}
	if worst != "Llama 3 8B IT" {
		t.Errorf("worst least-squares R² is %s, want Llama 3 8B IT", worst)
	}
}

var (
	analysisOnce sync.Once
	analysisPy   []*ModelAnalysis
	analysisBoN  []*ModelAnalysis
	analysisErr  error
)

// analyzed runs the notebook's two analyses once for all tests.
func analyzed(t *testing.T) (py, bon []*ModelAnalysis) {
	t.Helper()
	analysisOnce.Do(func() {
		analysisPy, analysisErr = AnalyzePythiaMath(AnalyzeOptions{})
		if analysisErr == nil {
			analysisBoN, analysisErr = AnalyzeBoNText(AnalyzeOptions{})
		}
	})
	if analysisErr != nil {
		t.Fatal(analysisErr)
	}
	return analysisPy, analysisBoN
}

func mean(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}

// TestMIMEBundles: the results show tables with a text/plain view that is
// text (rule R3).
func TestMIMEBundles(t *testing.T) {
	c, _ := passk.NewCounts("toy", []int{1000, 1000, 1000, 1000, 1000, 1000}, []int{0, 2, 9, 40, 150, 600})
	m, err := Analyze(c, AnalyzeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d, err := Demonstrate(Dist{Family: FamilyUniform}, []float64{1, 10, 100}, 100, 1)
	if err != nil {
		t.Fatal(err)
	}
	bt := &BacktestResult{Estimators: Estimators(), SampleSizes: []int{10}, MedianRelErr: [][]float64{{0.1}, {0.2}, {0.3}}, SamplesTo10Pct: []int{10, -1, -1}}
	for name, v := range map[string]interface{ MIMEBundle() map[string]string }{"ModelAnalysis": m, "MLEFit": m.BetaBinomial,
		"PowerLawFit": m.LS, "DiscretizedFit": m.Discretized, "BacktestResult": bt, "Demo": d} {
		if err := report.Check(v.MIMEBundle()); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
