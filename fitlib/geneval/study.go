package geneval

import (
	"context"
	"fmt"
	"math"
	"strings"
)

// Dataset names of the Pythia checkpoint study.
const (
	GSM8KCounts = "pythia_checkpoints/gsm8k_per_problem_counts.csv"
	MATHCounts  = "pythia_checkpoints/math_per_problem_counts.csv"
	GSM8KGold   = "pythia_checkpoints/gsm8k_gold_answer_nll.csv"
)

// LoadPythia loads the per-problem counts of "gsm8k" or "math" and drops
// the learning-rate warm-up checkpoints (see WithoutWarmup).
func LoadPythia(benchmark string) (*Benchmark, error) {
	var rel string
	switch strings.ToLower(benchmark) {
	case "gsm8k":
		rel = GSM8KCounts
	case "math":
		rel = MATHCounts
	default:
		return nil, fmt.Errorf("geneval: LoadPythia: benchmark %q, want \"gsm8k\" or \"math\"", benchmark)
	}
	b, err := LoadBenchmark(rel)
	if err != nil {
		return nil, err
	}
	return WithoutWarmup(b, PythiaModels)
}

// Study is the whole generative-evaluation analysis of the Pythia
// checkpoints: the three laws on GSM8K (the gold-reference law needs the
// GSM8K gold likelihoods) and the compute and parameters+tokens laws on
// MATH, fitted at every k, and backtests of the three GSM8K laws at one k.
type Study struct {
	GSM8K, MATH *Benchmark
	Gold        []Gold
	// GSM8K and MATH grid fits.
	GSM8KCompute, GSM8KParamsTokens, GSM8KGoldReference *GridFit
	MATHCompute, MATHParamsTokens                       *GridFit
	// Backtests of the three laws on GSM8K at BacktestK, in Laws() order.
	BacktestK int
	Backtests []*BacktestResult
}

// AnalyzeOptions configures AnalyzePythia. The zero value is notebook 03's
// analysis: the k grid KGrid(10000), backtests at k = 1, no cancellation
// and no progress reports.
type AnalyzeOptions struct {
	Ks        []int // the k grid of the fits (default KGrid(10000))
	BacktestK int   // the k of the backtests (default 1)
	// Context, when set, stops the analysis once cancelled (in a notebook
	// cell: display.Context()), with an error wrapping its Err.
	Context context.Context
	// Progress, when set, is called after each of the five grid fits and
	// three backtests with the steps done and their total (8).
	Progress func(done, total int)
}

// AnalyzePythia runs the Study of the Pythia checkpoints: the five grid
// fits over opt.Ks and the backtests of the three GSM8K laws at
// opt.BacktestK over the caps DefaultRatios.
func AnalyzePythia(opt AnalyzeOptions) (*Study, error) {
	ks := opt.Ks
	if ks == nil {
		ks = KGrid(10000)
	}
	backtestK := opt.BacktestK
	if backtestK == 0 {
		backtestK = 1
	}
	if backtestK < 0 {
		return nil, fmt.Errorf("geneval: AnalyzePythia: BacktestK = %d, need k >= 1 (0 means 1)", backtestK)
	}
	s := &Study{BacktestK: backtestK}
	var err error
	if s.GSM8K, err = LoadPythia("gsm8k"); err != nil {
		return nil, err
	}
	if s.MATH, err = LoadPythia("math"); err != nil {
		return nil, err
	}
	if s.Gold, err = LoadGold(GSM8KGold); err != nil {
		return nil, err
	}
	jobs := []struct {
		dst  **GridFit
		b    *Benchmark
		law  Law
		gold []Gold
	}{
		{&s.GSM8KCompute, s.GSM8K, LawCompute, nil},
		{&s.GSM8KParamsTokens, s.GSM8K, LawParamsTokens, nil},
		{&s.GSM8KGoldReference, s.GSM8K, LawGoldReference, s.Gold},
		{&s.MATHCompute, s.MATH, LawCompute, nil},
		{&s.MATHParamsTokens, s.MATH, LawParamsTokens, nil},
	}
	steps := len(jobs) + len(Laws())
	for i, job := range jobs {
		if *job.dst, err = FitLawGrid(job.b, job.gold, job.law, ks, GridOptions{Context: opt.Context}); err != nil {
			return nil, err
		}
		if opt.Progress != nil {
			opt.Progress(i+1, steps)
		}
	}
	for i, law := range Laws() {
		bt, err := Backtest(s.GSM8K, s.Gold, law, backtestK, BacktestOptions{Context: opt.Context})
		if err != nil {
			return nil, err
		}
		s.Backtests = append(s.Backtests, bt)
		if opt.Progress != nil {
			opt.Progress(len(jobs)+i+1, steps)
		}
	}
	return s, nil
}

// jsonNumber maps NaN and infinities to nil so that summaries marshal.
func jsonNumber(v float64) any {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return v
}

// lawSummary returns {"k": [...], name: [...] for every parameter}.
func lawSummary(g *GridFit) map[string]any {
	out := map[string]any{"k": append([]int(nil), g.K...)}
	for _, n := range g.Names {
		v, _ := g.Series(n)
		out[n] = v
	}
	return out
}

// Summary returns the notebook's summary: gsm8k_compute_law and
// math_compute_law ({k, E0, C0, alpha}), stability_orders_of_magnitude
// ({compute, params_tokens, gold_reference}: SettleOrders of the shape
// parameters) and backtest_relative_error_at_target ({law: relative error
// per cap of DefaultRatios, null where the cap leaves too few checkpoints}).
func (s *Study) Summary() map[string]any {
	stab := map[string]any{}
	errs := map[string]any{}
	for _, bt := range s.Backtests {
		o, _ := bt.SettleOrders("")
		stab[bt.Law.String()] = o
		var e []any
		for _, v := range bt.RelError {
			e = append(e, jsonNumber(v))
		}
		errs[bt.Law.String()] = e
	}
	return map[string]any{
		"gsm8k_compute_law":                 lawSummary(s.GSM8KCompute),
		"math_compute_law":                  lawSummary(s.MATHCompute),
		"stability_orders_of_magnitude":     stab,
		"backtest_relative_error_at_target": errs,
	}
}

// Markdown returns the grid fit as a Markdown table: one row per k with
// every parameter, the checkpoints used and left out, the log-space RMS
// residual and convergence.
func (g *GridFit) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s law on %s**\n\n| k |", g.Law, shortName(g.Benchmark))
	for _, n := range g.Names {
		fmt.Fprintf(&b, " %s |", n)
	}
	b.WriteString(" points | left out: pass@k=0 | left out: n<k | RMS log residual | converged | at bound 0 |\n|---|")
	for range g.Names {
		b.WriteString("---|")
	}
	b.WriteString("---|---|---|---|---|---|\n")
	for i, f := range g.Fits {
		fmt.Fprintf(&b, "| %d |", g.K[i])
		for _, v := range f.Params {
			fmt.Fprintf(&b, " %.4g |", v)
		}
		conv := "yes"
		if !f.Converged() {
			conv = "**no** (" + f.Reason + ")"
		}
		fmt.Fprintf(&b, " %d | %d | %d | %.3f | %s | %s |\n", f.Points, f.ZeroPass, f.Undersampled, f.RMSLog, conv, strings.Join(f.AtBound, ", "))
	}
	for _, s := range g.Skipped {
		fmt.Fprintf(&b, "\nnot fitted: %s", s)
	}
	return b.String()
}

// Markdown returns the backtest as a Markdown table: per cap, the
// checkpoints used, the predicted pass@k of the target, its relative error
// and every parameter, then the settling orders of magnitude.
func (bt *BacktestResult) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "**Backtest of the %s law at k = %d**: target %s (C = %.3g FLOPs), observed pass@k = %.4g\n\n| C_max/C_target | points | predicted | rel. error |",
		bt.Law, bt.K, bt.Target, bt.TargetCompute, bt.TargetPass)
	for _, n := range bt.Names {
		fmt.Fprintf(&b, " %s |", n)
	}
	b.WriteString("\n|---|---|---|---|")
	for range bt.Names {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	for i, r := range bt.Ratios {
		if !bt.Fitted[i] {
			fmt.Fprintf(&b, "| %.3g | %d | too few checkpoints | |", r, bt.Points[i])
			for range bt.Names {
				b.WriteString(" |")
			}
			b.WriteString("\n")
			continue
		}
		mark := ""
		if !bt.Converged[i] {
			mark = " (not converged)"
		}
		fmt.Fprintf(&b, "| %.3g | %d | %.4g%s | %.3f |", r, bt.Points[i], bt.Predicted[i], mark, bt.RelError[i])
		for _, v := range bt.Params[i] {
			fmt.Fprintf(&b, " %.4g |", v)
		}
		b.WriteString("\n")
	}
	all, _ := bt.SettleOrders("")
	fmt.Fprintf(&b, "\nShape parameters (exponents and constant term) settle within %.0f%% (constant term: %.2g nats) of the full-data fit from %.2f orders of magnitude below the target;", bt.Tolerance*100, bt.Tolerance, all)
	for _, n := range bt.Names {
		o, _ := bt.SettleOrders(n)
		fmt.Fprintf(&b, " %s: %.2f;", n, o)
	}
	b.WriteString("\n")
	return b.String()
}

// Envelope returns the compute-optimal envelope (c = 6) of a fitted
// parameters+tokens law.
func (f *LawFit) Envelope() (Envelope, error) {
	if f == nil || f.Law != LawParamsTokens || len(f.Params) != 5 {
		return Envelope{}, fmt.Errorf("geneval: Envelope needs a %s fit", LawParamsTokens)
	}
	e := Envelope{E0: f.Params[0], N0: f.Params[1], Beta: f.Params[2], D0: f.Params[3], Gamma: f.Params[4], C: FLOPsPerParamToken}
	return e, e.Validate()
}

// EnvelopeGrid returns, for every k of a parameters+tokens grid fit, the
// envelope exponent alpha = beta gamma / (beta + gamma), the prefactor C0
// and the fixed-ratio exponent min(beta, gamma)/2.
type EnvelopeGrid struct {
	K                    []int
	Alpha, C0, PathAlpha []float64
	Envelopes            []Envelope
}

// Envelopes computes the EnvelopeGrid of a parameters+tokens grid fit.
func (g *GridFit) Envelopes() (*EnvelopeGrid, error) {
	if g == nil || g.Law != LawParamsTokens {
		return nil, fmt.Errorf("geneval: Envelopes needs a %s grid fit", LawParamsTokens)
	}
	out := &EnvelopeGrid{K: append([]int(nil), g.K...)}
	for i, f := range g.Fits {
		e, err := f.Envelope()
		if err != nil {
			return nil, fmt.Errorf("k=%d: %w", g.K[i], err)
		}
		out.Envelopes = append(out.Envelopes, e)
		out.Alpha = append(out.Alpha, e.Alpha())
		out.C0 = append(out.C0, e.C0())
		out.PathAlpha = append(out.PathAlpha, e.PathAlpha())
	}
	return out, nil
}

// EnvelopeSummary returns the 04_envelope notebook summary: test_vector
// (alpha, C0, phi_2, phi_2_quadratic, ceff_3 of the Hoffmann et al. 2022
// eq. (10) numbers with c = 6) and gsm8k_envelope ({k, alpha}) of the given
// GSM8K parameters+tokens envelopes.
func EnvelopeSummary(gsm8k *EnvelopeGrid) map[string]any {
	tv := HoffmannEnvelope()
	return map[string]any{
		"test_vector": map[string]any{
			"alpha": tv.Alpha(), "C0": tv.C0(), "phi_2": tv.Phi(2),
			"phi_2_quadratic": tv.PhiQuadratic(2), "ceff_3": tv.EffectiveCompute(3),
		},
		"gsm8k_envelope": map[string]any{"k": gsm8k.K, "alpha": gsm8k.Alpha},
	}
}

// HoffmannEnvelope is the test vector: Hoffmann et al. (2022),
// "Training Compute-Optimal Large Language Models", eq. (10): A = 406.4,
// B = 410.7, exponents 0.34 (parameters) and 0.28 (tokens), E = 1.69, c = 6.
func HoffmannEnvelope() Envelope {
	return Envelope{Beta: 0.34, Gamma: 0.28, N0: 406.4, D0: 410.7, C: 6, E0: 1.69}
}
