package monkeys

import (
	"math"
	"testing"

	"github.com/gophernote/gophernote/fitlib/passk"
)

// The authors' conventions, each pinned against the authors' printed values
// (quoted in issue 23 from their code's output) and against an independent
// re-implementation of their objective with numpy and scipy,
// testdata/discretized_conventions.py (run: /usr/bin/python3
// testdata/discretized_conventions.py ../shared/data/llmonkeys; its output
// gives the numbers below). The authors' code is Schaeffer et al. (2025),
// github.com/RylanSchaeffer/KoyejoLab-Large-How-Do-Language-Monkey-Power-
// Get-Their-Power, src/analyze.py at 274d260 (fit_pass_at_1_beta_
// distribution_parameters, compute_discretized_neg_log_likelihood) and at
// cd078ae (fit_discretized_beta_three_parameters_to_num_samples_and_num_
// successes, fit_beta_binomial_three_parameters_to_num_samples_and_num_
// successes).

func loadCounts(t *testing.T, file string) []passk.Counts {
	t.Helper()
	all, err := passk.ReadCounts(file, "model")
	if err != nil {
		t.Fatal(err)
	}
	return all
}

func countsNamed(t *testing.T, all []passk.Counts, name string) passk.Counts {
	t.Helper()
	c, err := passk.FindCounts(all, name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// near reports whether got is within rel of want, relatively.
func near(got, want, rel float64) bool { return math.Abs(got-want) <= rel*math.Abs(want) }

// printedFit is one discretized fit under the default convention: the
// optimum of the authors' objective (scipy Nelder-Mead), and where their
// L-BFGS-B stopped elsewhere, that point (lbA, lbB).
type printedFit struct {
	model      string
	family     Family
	alpha      float64
	beta       float64
	meanNLL    float64
	lbA, lbB   float64 // zero when L-BFGS-B reached the optimum
	lbMeanNLL  float64
	fromIssue  bool // the authors' printed value is quoted in issue 23
	issueAlpha float64
	issueBeta  float64 // zero when the issue quotes alpha only
}

// TestDiscretizedPrintedFits: the default DiscretizedOptions (edges 0,
// 5e-5, then 10 per decade from 1e-4; a scaled Beta; a Kumaraswamy on
// data rescaled to [0, 1]) reproduce the authors' printed fits — Pythia
// 70M (0.052845, 1.911908) and 12B (0.254311, 2.014420), Gemini 1.5 Flash
// (0.1805, 4.446), Claude 3.5 Opus Kumaraswamy 0.3672 — and the optimum
// of their objective for all 14 models and both families, to 2e-5 in
// alpha and 1e-4 in beta (scipy Nelder-Mead; L-BFGS-B agrees to 5e-6
// except twice). Twice the authors' L-BFGS-B stopped short of the optimum
// (Pythia 12B Kumaraswamy at (0.2244, 2.1247), Gemini 1.5 Pro Beta at
// (0.1397, 5.4126)): there this fit is the optimum and its mean NLL is
// below the value at their point by 0.38 and 0.38.
func TestDiscretizedPrintedFits(t *testing.T) {
	B, K := FamilyBeta, FamilyKumaraswamy
	fits := []printedFit{
		{model: "Pythia 70M", family: B, alpha: 0.052845, beta: 1.911936, meanNLL: 4.2634589, fromIssue: true, issueAlpha: 0.052845, issueBeta: 1.911908},
		{model: "Pythia 70M", family: K, alpha: 0.037975, beta: 1.121371, meanNLL: 4.7877522},
		{model: "Pythia 160M", family: B, alpha: 0.145844, beta: 1.678873, meanNLL: 7.689077},
		{model: "Pythia 160M", family: K, alpha: 0.094700, beta: 0.993245, meanNLL: 8.3749264},
		{model: "Pythia 410M", family: B, alpha: 0.154275, beta: 1.905493, meanNLL: 8.6831673},
		{model: "Pythia 410M", family: K, alpha: 0.140120, beta: 1.279193, meanNLL: 9.2739016},
		{model: "Pythia 1B", family: B, alpha: 0.186034, beta: 2.374676, meanNLL: 9.4493858},
		{model: "Pythia 1B", family: K, alpha: 0.200048, beta: 1.684247, meanNLL: 9.9859605},
		{model: "Pythia 2.8B", family: B, alpha: 0.224330, beta: 3.036952, meanNLL: 10.165266},
		{model: "Pythia 2.8B", family: K, alpha: 0.261783, beta: 2.051607, meanNLL: 10.396343},
		{model: "Pythia 6.9B", family: B, alpha: 0.241095, beta: 2.710060, meanNLL: 10.178107},
		{model: "Pythia 6.9B", family: K, alpha: 0.273081, beta: 1.942080, meanNLL: 10.51819},
		{model: "Pythia 12B", family: B, alpha: 0.254311, beta: 2.014421, meanNLL: 10.486622, fromIssue: true, issueAlpha: 0.254311, issueBeta: 2.014420},
		{model: "Pythia 12B", family: K, alpha: 0.279644, beta: 1.655319, meanNLL: 10.737668, lbA: 0.224380, lbB: 2.124655, lbMeanNLL: 11.114071},
		{model: "Claude 3.5 Opus", family: B, alpha: 0.322430, beta: 1.785906, meanNLL: 13.524751},
		{model: "Claude 3.5 Opus", family: K, alpha: 0.367225, beta: 1.701266, meanNLL: 13.448608, fromIssue: true, issueAlpha: 0.3672},
		{model: "Claude 3.5 Sonnet", family: B, alpha: 0.187237, beta: 3.576191, meanNLL: 13.054008},
		{model: "Claude 3.5 Sonnet", family: K, alpha: 0.249354, beta: 2.444998, meanNLL: 13.0037},
		{model: "GPT4o", family: B, alpha: 0.224272, beta: 1.635272, meanNLL: 13.861471},
		{model: "GPT4o", family: K, alpha: 0.258342, beta: 1.562244, meanNLL: 13.848007},
		{model: "GPT4o Mini", family: B, alpha: 0.320400, beta: 2.180737, meanNLL: 13.704747},
		{model: "GPT4o Mini", family: K, alpha: 0.370655, beta: 1.972510, meanNLL: 13.654265},
		{model: "Gemini 1.5 Flash", family: B, alpha: 0.180467, beta: 4.446271, meanNLL: 11.63719, fromIssue: true, issueAlpha: 0.1805, issueBeta: 4.446},
		{model: "Gemini 1.5 Flash", family: K, alpha: 0.169614, beta: 1.738274, meanNLL: 11.471753},
		{model: "Gemini 1.5 Pro", family: B, alpha: 0.105129, beta: 1.818156, meanNLL: 9.5446296, lbA: 0.139699, lbB: 5.412582, lbMeanNLL: 9.9288843},
		{model: "Gemini 1.5 Pro", family: K, alpha: 0.107558, beta: 1.428970, meanNLL: 9.9270415},
		{model: "Llama 3 8B IT", family: B, alpha: 0.600822, beta: 2.594902, meanNLL: 12.424503},
		{model: "Llama 3 8B IT", family: K, alpha: 0.651404, beta: 2.676549, meanNLL: 12.351333},
	}
	py := loadCounts(t, "llmonkeys/pythia_math_per_problem_counts.csv")
	bon := loadCounts(t, "llmonkeys/bon_jailbreaking_text_per_problem_counts.csv")
	all := append(append([]passk.Counts{}, py...), bon...)
	for _, w := range fits {
		c := countsNamed(t, all, w.model)
		f, err := FitDiscretized(c, w.family, DiscretizedOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !near(f.Alpha, w.alpha, 2e-5) || !near(f.Beta, w.beta, 1e-4) || !near(f.MeanNLL, w.meanNLL, 1e-7) {
			t.Errorf("%s %v: (%.6f, %.6f) mean NLL %.8g; the authors' objective's optimum (scipy) (%.6f, %.6f) %.8g",
				w.model, w.family, f.Alpha, f.Beta, f.MeanNLL, w.alpha, w.beta, w.meanNLL)
		}
		if w.fromIssue && (math.Abs(f.Alpha-w.issueAlpha) > 5e-5 || w.issueBeta != 0 && math.Abs(f.Beta-w.issueBeta) > 5e-4) {
			t.Errorf("%s %v: (%.6f, %.6f), the authors printed (%g, %g)", w.model, w.family, f.Alpha, f.Beta, w.issueAlpha, w.issueBeta)
		}
		if len(f.Edges) != 43 || f.Edges[1] != 5e-5 || f.Edges[2] != 1e-4 || !f.Converged() {
			t.Errorf("%s %v: %d edges from %v, %s", w.model, w.family, len(f.Edges), f.Edges[:3], f.Reason)
		}
		if math.Abs(f.MeanNLL*float64(len(f.Counts))-f.Objective) > 1e-12*f.Objective {
			t.Errorf("%s: MeanNLL %v is not Objective %v over %d bins", w.model, f.MeanNLL, f.Objective, len(f.Counts))
		}
		if w.lbA != 0 {
			d := Dist{Family: w.family, Alpha: w.lbA, Beta: w.lbB, Scale: massScale(f)}
			at := discretizedNLL(d, f.Edges, f.Counts) / float64(len(f.Counts))
			if !near(at, w.lbMeanNLL, 1e-6) || f.MeanNLL > at-0.3 {
				t.Errorf("%s %v: mean NLL %.8g at the authors' L-BFGS-B point (scipy %.8g); this fit %.8g", w.model, w.family, at, w.lbMeanNLL, f.MeanNLL)
			}
		}
	}
	// The Kumaraswamy fit bins p/(s + 1e-16): the data scale is the
	// largest rate plus 1e-16 and the top problem lands in the last bin.
	opus, err := FitDiscretized(countsNamed(t, bon, "Claude 3.5 Opus"), FamilyKumaraswamy, DiscretizedOptions{})
	if err != nil {
		t.Fatal(err)
	}
	top := 0.0
	for _, x := range passAt1(countsNamed(t, bon, "Claude 3.5 Opus")) {
		top = math.Max(top, x)
	}
	if opus.DataScale != top+1e-16 || opus.Counts[len(opus.Counts)-1] == 0 || opus.Dist.Scale != opus.Scale {
		t.Errorf("Opus Kumaraswamy: data scale %v, last bin %d, dist scale %v", opus.DataScale, opus.Counts[len(opus.Counts)-1], opus.Dist.Scale)
	}
}

// TestDiscretizedResolutionPerSample: r = 1/max n_i (fitlib's default
// before issue 23) leaves Pythia MATH (n = 10,000) as it was and moves
// Gemini 1.5 Flash to (0.1453, 1.899) — the values issue 23 quotes for
// fitlib, and the optimum scipy finds on the same histogram (Nelder-Mead
// 0.145338, 1.898946; their L-BFGS-B there stops at (0.1819, 4.4035)); with
// the distribution scaled instead of the data, Opus's Kumaraswamy alpha is
// the 0.3636 issue 23 quotes for fitlib.
func TestDiscretizedResolutionPerSample(t *testing.T) {
	bon := loadCounts(t, "llmonkeys/bon_jailbreaking_text_per_problem_counts.csv")
	per := DiscretizedOptions{ResolutionPerSample: true}
	flash, err := FitDiscretized(countsNamed(t, bon, "Gemini 1.5 Flash"), FamilyBeta, per)
	if err != nil {
		t.Fatal(err)
	}
	if !near(flash.Alpha, 0.145338, 2e-5) || !near(flash.Beta, 1.898946, 1e-4) || math.Abs(flash.Alpha-0.1453) > 5e-5 || math.Abs(flash.Beta-1.899) > 5e-4 {
		t.Errorf("Gemini 1.5 Flash at r = 1/max n: (%.6f, %.6f), want (0.145338, 1.898946)", flash.Alpha, flash.Beta)
	}
	if flash.Options.Resolution != 1/10020.0 || flash.Edges[2] != math.Pow(10, math.Log10(1/10020.0)) {
		t.Errorf("resolution %v, edge %v, want 1/10020", flash.Options.Resolution, flash.Edges[2])
	}
	opus, err := FitDiscretized(countsNamed(t, bon, "Claude 3.5 Opus"), FamilyKumaraswamy,
		DiscretizedOptions{ResolutionPerSample: true, Kumaraswamy: KumaraswamyScaleDistribution})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(opus.Alpha-0.3636) > 5e-5 || opus.DataScale != 1 {
		t.Errorf("Opus Kumaraswamy, distribution scaled, r = 1/max n: alpha %.6f (data scale %v), issue 23 quotes 0.3636", opus.Alpha, opus.DataScale)
	}
	py := loadCounts(t, "llmonkeys/pythia_math_per_problem_counts.csv")
	for _, c := range py {
		a, err1 := FitDiscretized(c, FamilyBeta, DiscretizedOptions{})
		b, err2 := FitDiscretized(c, FamilyBeta, per)
		if err1 != nil || err2 != nil || a.Alpha != b.Alpha || a.Beta != b.Beta {
			t.Errorf("%s: r = 1e-4 and r = 1/10,000 differ: %v %v %v %v", c.Name, a, b, err1, err2)
		}
	}
	for _, bad := range []DiscretizedOptions{{Resolution: 1e-3, ResolutionPerSample: true}, {Resolution: 1}, {Resolution: -1}, {PerDecade: -1}, {Bins: 7}, {Kumaraswamy: 9}} {
		if _, err := FitDiscretized(py[0], FamilyKumaraswamy, bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// TestDiscretizedDenseBins: BinsDense is the authors' later histogram (1,000
// log-spaced edges from 1e-4 over c_i/n_i, commit cd078ae). Issue 23 quotes
// their Pythia 70M fit as (0.0675, 3.10); scipy's L-BFGS-B from their start
// stops at (0.067701, 3.101641), 0.1% from the starting beta 3.099, with
// ftol 1e-6 on a mean over 1,000 bins. The objective's optimum is (0.050347,
// 1.077042) (scipy Nelder-Mead), which this fit finds, with a mean NLL 0.0075
// lower than at their point; Pythia 12B likewise (0.247798, 1.675785) where
// L-BFGS-B stopped at (0.249868, 1.721110).
func TestDiscretizedDenseBins(t *testing.T) {
	py := loadCounts(t, "llmonkeys/pythia_math_per_problem_counts.csv")
	for _, w := range []struct {
		model                string
		alpha, beta, meanNLL float64
		printed              [][2]float64
	}{
		{"Pythia 70M", 0.050347, 1.077042, 0.29765287, [][2]float64{{0.0675, 3.10}, {0.067701, 3.101641}}},
		{"Pythia 12B", 0.247798, 1.675785, 0.80679216, [][2]float64{{0.249868, 1.721110}}},
	} {
		f, err := FitDiscretized(countsNamed(t, py, w.model), FamilyBeta, DiscretizedOptions{Bins: BinsDense})
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Edges) != 1001 || f.Edges[1] != 1e-4 || f.Edges[1000] != 1 {
			t.Fatalf("%s: %d edges, from %v to %v", w.model, len(f.Edges), f.Edges[1], f.Edges[len(f.Edges)-1])
		}
		if !near(f.Alpha, w.alpha, 1e-4) || !near(f.Beta, w.beta, 1e-3) || !near(f.MeanNLL, w.meanNLL, 1e-7) {
			t.Errorf("%s dense: (%.6f, %.6f) %.8g, scipy's optimum (%.6f, %.6f) %.8g", w.model, f.Alpha, f.Beta, f.MeanNLL, w.alpha, w.beta, w.meanNLL)
		}
		for _, p := range w.printed {
			at := discretizedNLL(Dist{Family: FamilyBeta, Alpha: p[0], Beta: p[1], Scale: f.Scale}, f.Edges, f.Counts) / float64(len(f.Counts))
			if !(f.MeanNLL < at-1e-5) {
				t.Errorf("%s dense: mean NLL %.8g at the authors' stopping point %v, %.8g here", w.model, at, p, f.MeanNLL)
			}
		}
	}
	// c/n = 1/10,000 sits on the first edge 1e-4 and opens the bin above
	// it, as numpy.histogram puts it: Pythia 70M has 94 unsolved problems
	// in [0, 1e-4) and 9 at exactly 1e-4.
	f, _ := FitDiscretized(countsNamed(t, py, "Pythia 70M"), FamilyBeta, DiscretizedOptions{Bins: BinsDense})
	if f.Counts[0] != 94 || f.Counts[1] != 9 {
		t.Errorf("70M dense histogram starts %v, want [94 9 ...]", f.Counts[:3])
	}
}

// TestMLEScaleConventions: the Beta-binomial maximum-likelihood scale.
// The authors' code at cd078ae uses s = (m+1)/m · max c_i/n_i, giving
// Pythia 12B alpha 0.24999, beta 1.8212 (issue 23); ScaleMax, s = max
// c_i/n_i, gives 0.24854, 1.7755. The default is the authors'.
func TestMLEScaleConventions(t *testing.T) {
	c := countsNamed(t, loadCounts(t, "llmonkeys/pythia_math_per_problem_counts.csv"), "Pythia 12B")
	m, top := float64(c.Len()), c.MaxPHat() // 128 problems, 0.2328
	for _, w := range []struct {
		opt         MLEOptions
		scale       float64
		alpha, beta float64
	}{
		{MLEOptions{}, (m + 1) * top / m, 0.24999, 1.8212},
		{MLEOptions{ScaleRule: ScaleInflatedMax}, (m + 1) * top / m, 0.24999, 1.8212},
		{MLEOptions{ScaleRule: ScaleMax}, 0.2328, 0.24854, 1.7755},
	} {
		f, err := FitBetaBinomial(c, w.opt)
		if err != nil {
			t.Fatal(err)
		}
		if f.Scale != w.scale || math.Abs(f.Alpha-w.alpha) > 5e-6 || math.Abs(f.Beta-w.beta) > 5e-5 || !f.Converged() {
			t.Errorf("%v: (%.6f, %.6f) at scale %v, want (%v, %v) at %v", w.opt.ScaleRule, f.Alpha, f.Beta, f.Scale, w.alpha, w.beta, w.scale)
		}
	}
	// The inflated scale is capped at 1, and an unknown rule is an error.
	all, err := passk.NewCounts("toy", []int{10, 10, 10}, []int{10, 3, 0})
	if err != nil {
		t.Fatal(err)
	}
	if f, err := FitBetaBinomial(all, MLEOptions{}); err != nil || f.Scale != 1 {
		t.Errorf("c = n: scale %v, %v; want the cap 1", f, err)
	}
	if _, err := FitBetaBinomial(all, MLEOptions{ScaleRule: 5}); err == nil {
		t.Error("ScaleRule 5 accepted")
	}
}
