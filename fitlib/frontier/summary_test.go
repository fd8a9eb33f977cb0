package frontier

import (
	"math"
	"strings"
	"testing"
)

// notebookRun recomputes what notebooks/05_prescriptive_frontier.ipynb
// computes, with the same calls.
type notebookRun struct {
	reports, paperReports []*TaskReport
	enhReports            []*TaskReport
	rows, paperRows       []SplitResult
	enhRows               []SplitResult
	cmp                   []Compare1e24
	table2                []Compare2
	budget                []BudgetPoint
	summary               map[string]any
}

func runNotebook(t *testing.T) *notebookRun {
	t.Helper()
	nb := &notebookRun{}
	for _, task := range Tasks() {
		r, err := AnalyzeTask(task, AnalyzeOptions{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		p, err := AnalyzeTask(task, AnalyzeOptions{Seed: 1, Fit: PaperOptions()})
		if err != nil {
			t.Fatal(err)
		}
		e, err := AnalyzeTask(task, AnalyzeOptions{Seed: 1, Fit: EnhancedOptions()})
		if err != nil {
			t.Fatal(err)
		}
		nb.reports, nb.paperReports, nb.enhReports = append(nb.reports, r), append(nb.paperReports, p), append(nb.enhReports, e)
	}
	var err error
	if nb.cmp, err = CompareAt1e24(nb.reports, nb.paperReports); err != nil {
		t.Fatal(err)
	}
	if nb.rows, err = BacktestTasks(Tasks(), TemporalOptions{}); err != nil {
		t.Fatal(err)
	}
	if nb.paperRows, err = BacktestTasks(Tasks(), TemporalOptions{Fit: PaperOptions()}); err != nil {
		t.Fatal(err)
	}
	if nb.enhRows, err = BacktestTasks(Tasks(), TemporalOptions{Fit: EnhancedOptions()}); err != nil {
		t.Fatal(err)
	}
	nb.table2 = CompareTable2(nb.reports, nb.paperReports, Summarize(OnlyCumulative(nb.rows, true)), Summarize(OnlyCumulative(nb.paperRows, true)))
	nb.table2 = CompareTable2Enhanced(nb.table2, nb.enhReports, Summarize(OnlyCumulative(nb.enhRows, true)))
	bs, err := AnalyzeBudget("BBH", BudgetOptions{Repeats: 5, Seed: 1, Fit: PaperOptions(),
		Design: DesignOptions{Anchors: true, Balance: 1e-4, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	nb.budget = bs.Curve
	nb.summary = Summary(nb.cmp, nb.table2, nb.budget)
	return nb
}

// paperTol is how far below the paper's frontier at 1e24 FLOPs our fit of
// the paper's objective may land (measured: IFEval 0.053, BBH 0.022, MATH
// Lvl 5 0.049, GPQA 0.003, MUSR 0.004, MMLU-PRO 0.042). The file is a
// subset of the paper's leaderboard, so ours is lower, never higher (by
// more than 0.005, the bootstrap SE's order): IFEval's best score in the
// file is 0.783, 0.045 under the paper's 0.828; near 1e24 (513 models
// within half a decade) the best BBH score is 0.647 against the paper's
// 0.700; MATH Lvl 5's frontier is set by the file's few top models
// (its in-sample coverage is 0.982, the curve barely lifted); MMLU-PRO
// has only 89 dated models. GPQA and MUSR, whose curves the smoothing
// lifts above every model here, agree within 0.01.
var paperTol = map[string]float64{"IFEval": 0.06, "BBH": 0.03, "MATH Lvl 5": 0.06, "GPQA": 0.01, "MUSR": 0.01, "MMLU-PRO": 0.05}

// TestNotebookSummary recomputes notebook 05's summary and checks every
// number: the side-by-side with the paper at 1e24 FLOPs (tolerances in
// paperTol), each value against a direct evaluation of the fitted
// parameters, the coverages by counting, Table 2 beside the paper
// (recomputed by direct loops over the fitted curves and split rows), and
// the budget study's shape.
func TestNotebookSummary(t *testing.T) {
	nb := runNotebook(t)
	s := nb.summary
	if len(s) != 4 {
		t.Fatalf("summary keys %v", s)
	}
	at := s["frontier_at_1e24"].(map[string]any)
	cov := s["coverage"].(map[string]any)
	for i, r := range nb.reports {
		task := r.Task
		pr := nb.paperReports[i]
		a := at[task].(map[string]any)
		c := cov[task].(map[string]any)
		paper := paperAt1e24[task]
		direct := func(p Params) float64 { return p.Y0 + p.L/(1+math.Exp(-(p.A+p.B*24))) }
		po, def := a["paper_objective"].(float64), a["default"].(float64)
		if a["paper"].(float64) != paper || math.Abs(po-direct(pr.Fit.Params)) > 5e-5 || math.Abs(def-direct(r.Fit.Params)) > 5e-5 {
			t.Errorf("%s: summary %v, direct %.5f %.5f", task, a, direct(pr.Fit.Params), direct(r.Fit.Params))
		}
		if d := paper - po; d < -0.005 || d > paperTol[task] {
			t.Errorf("%s at 1e24 with the paper's objective: %.4f, paper %.3f (paper - ours = %.3f, want -0.005..%.2f)", task, po, paper, d, paperTol[task])
		}
		ci := a["default_95"].([]float64)
		if !(ci[0] <= def && def <= ci[1]) {
			t.Errorf("%s: default %.4f outside its interval %v", task, def, ci)
		}
		for name, fit := range map[string]*Result{"default": r.Fit, "paper_objective": pr.Fit} {
			below := 0
			for k := range r.Points.Z {
				if r.Points.Y[k] <= fit.Params.At(r.Points.Z[k]) {
					below++
				}
			}
			if got, want := c[name].(float64), float64(below)/float64(r.Points.Len()); math.Abs(got-want) > 5e-5 {
				t.Errorf("%s %s coverage %.4f, counted %.4f", task, name, got, want)
			}
		}
		// The defaults estimate the 0.98 quantile: in-sample coverage
		// within 0.005 of 0.98; MMLU-PRO's 89 models (n (1 - tau) = 1.8)
		// get the small-sample fit, an envelope on or above every model.
		if r.Points.Len() < 250 {
			if c["default"].(float64) < 0.98 || r.Fit.Options.Kappa != SmallSampleKappa {
				t.Errorf("%s (%d models): default coverage %.4f, kappa %v; want the small-sample fit's envelope", task, r.Points.Len(), c["default"], r.Fit.Options.Kappa)
			}
		} else if d := c["default"].(float64) - 0.98; math.Abs(d) > 0.005 {
			t.Errorf("%s: default coverage %.4f", task, c["default"])
		}
	}
	// kappa 50 lifts these curves above (nearly) every model.
	for _, task := range []string{"BBH", "GPQA", "MUSR"} {
		if v := cov[task].(map[string]any)["paper_objective"].(float64); v < 0.997 {
			t.Errorf("%s: paper-objective coverage %.4f, measured >= 0.997", task, v)
		}
	}

	methods := s["methods"].(map[string]any)
	common := CommonSplits(OnlyCumulative(nb.paperRows, true))
	for _, m := range Methods() {
		e := methods[m.String()].(map[string]any)
		id := e["id_pinball"].(map[string]any)
		for name, reps := range map[string][]*TaskReport{"default": nb.reports, "paper_objective": nb.paperReports, "enhanced_fitter": nb.enhReports} {
			sum := 0.0
			for _, r := range reps {
				var model *MethodFit
				for _, x := range r.Methods {
					if x.Method == m {
						model = x
					}
				}
				s := 0.0
				for k, z := range r.Points.Z {
					u := r.Points.Y[k] - model.At(z)
					if u < 0 {
						s += -0.02 * u
					} else {
						s += 0.98 * u
					}
				}
				sum += s / float64(r.Points.Len())
			}
			if got := id[name].(float64); math.Abs(got-sum/6) > 1e-6 {
				t.Errorf("%s %s id_pinball %v, direct %v", m, name, got, sum/6)
			}
		}
		ood := e["ood_calibration_error"].(map[string]any)
		for name, rows := range map[string][]SplitResult{"paper_objective": common, "enhanced_fitter": CommonSplits(OnlyCumulative(nb.enhRows, true))} {
			ce, n := 0.0, 0
			for _, r := range rows {
				if r.Method != m {
					continue
				}
				// every test period has fewer than 60 models: the paper's
				// binned (macro) error is one bin, the global error
				if math.Abs(r.MacroCoverageError-math.Abs(r.Coverage-0.98)) > 1e-12 {
					t.Errorf("%s %s -> %s: macro error %v, global %v", r.Task, r.Train, r.Test, r.MacroCoverageError, math.Abs(r.Coverage-0.98))
				}
				ce += math.Abs(r.Coverage - 0.98)
				n++
			}
			if n != 12 {
				t.Fatalf("%s %s: %d common cumulative splits, want 12", m, name, n)
			}
			if got := ood[name].(float64); math.Abs(got-ce/float64(n)) > 5e-5 {
				t.Errorf("%s %s ood_calibration_error %v, direct %v", m, name, got, ce/float64(n))
			}
		}
		got := ood["paper_objective"].(float64)
		// Table 2: the dated file's splits train on 9-45 models and test on
		// 4-36 (one model moves a split's coverage by 3-25 points), so only
		// agreement within 8 points is asked (measured: 3.7-6.5 points,
		// all above the paper's).
		_, paperOOD := PaperTable2(m)
		if d := got - paperOOD; d < 0 || d > 0.08 {
			t.Errorf("%s: out-of-distribution calibration error %.4f with the paper's objective, paper %.4f", m, got, paperOOD)
		}
	}
	pid := func(m Method, name string) float64 {
		return methods[m.String()].(map[string]any)["id_pinball"].(map[string]any)[name].(float64)
	}
	// In distribution with the paper's objective: the constant within 2% of
	// the paper's 5.35e-3 (measured 1%), the sigmoid within 15% of 4.08e-3
	// (measured -13%: a subset of the models, fewer compute values); the
	// sigmoid beats the constant with both objectives, and the defaults,
	// which estimate the 0.98 quantile, score lower than the lifted curves.
	if v := pid(MethodConstant, "paper_objective"); math.Abs(v/5.35e-3-1) > 0.02 {
		t.Errorf("constant ID pinball %.3g, paper 5.35e-3", v)
	}
	if v := pid(MethodSigmoid, "paper_objective"); math.Abs(v/4.08e-3-1) > 0.15 {
		t.Errorf("sigmoid ID pinball %.3g, paper 4.08e-3", v)
	}
	for _, name := range []string{"default", "paper_objective"} {
		if pid(MethodSigmoid, name) >= pid(MethodConstant, name) {
			t.Errorf("%s: sigmoid ID pinball %.3g not below the constant's %.3g", name, pid(MethodSigmoid, name), pid(MethodConstant, name))
		}
	}
	if pid(MethodSigmoid, "default") >= pid(MethodSigmoid, "paper_objective") {
		t.Errorf("default sigmoid ID pinball %.3g not below the paper objective's", pid(MethodSigmoid, "default"))
	}
	oodOf := func(m Method, name string) float64 {
		return methods[m.String()].(map[string]any)["ood_calibration_error"].(map[string]any)[name].(float64)
	}
	for _, m := range []Method{MethodSigmoid, MethodBinwise, MethodISpline} {
		if oodOf(m, "paper_objective") >= oodOf(MethodConstant, "paper_objective") {
			t.Errorf("paper objective: %s calibration error %.4f not below the constant's %.4f", m, oodOf(m, "paper_objective"), oodOf(MethodConstant, "paper_objective"))
		}
	}
	// The defaults on 9-45 training models: every fit is an envelope and
	// says so, and the small-sample rule (kappa 50, mean loss) keeps its
	// out-of-period error at 0.13 (0.58 before the rule; the paper's
	// objective 0.09, the authors' released fitter 0.12).
	if v := oodOf(MethodSigmoid, "default"); v > 0.2 {
		t.Errorf("default sigmoid out-of-distribution error %.3f: measured 0.13 with the small-sample rule", v)
	}
	if v := oodOf(MethodSigmoid, "enhanced_fitter"); math.Abs(v-0.123) > 0.02 {
		t.Errorf("enhanced fitter's sigmoid out-of-distribution error %.3f, measured 0.123", v)
	}
	for _, r := range CommonSplits(OnlyCumulative(nb.rows, true)) {
		if r.Method == MethodSigmoid && !strings.Contains(r.Warning, "upper envelope") {
			t.Errorf("%s %s -> %s (%d training models): no envelope warning (%q)", r.Task, r.Train, r.Test, r.NTrain, r.Warning)
		}
	}

	io := s["ioptimal"].(map[string]any)
	fr := io["budget_fraction"].([]float64)
	gap := io["frontier_max_abs_gap"].([]float64)
	rnd := io["random_max_abs_gap"].([]float64)
	if len(fr) != 4 || fr[0] != 0.05 || fr[3] != 0.5 || len(gap) != 4 || len(rnd) != 4 {
		t.Fatalf("ioptimal %v", io)
	}
	for k := range fr {
		if !(gap[k] > 0 && gap[k] < 0.1 && rnd[k] > 0 && rnd[k] < 0.1) {
			t.Errorf("fraction %v: gaps %v %v", fr[k], gap[k], rnd[k])
		}
	}
	if gap[3] >= gap[0] || rnd[3] >= rnd[0] || gap[0] >= rnd[0] {
		t.Errorf("gaps should shrink with the budget, the design beat random at 5%%: %v %v", gap, rnd)
	}
}

// TestExtendedPeriods checks the notebook's statements about the longer
// window (to 2024-12, 2025Q1, 2025Q2, 2025H2, 2026-01): 24 common
// cumulative splits with either objective (training sets of 13-78 models,
// all in the small-sample regime); every method under-covers on average
// with both; with the paper's objective the constant has the largest
// calibration error and pinball loss and the I-spline the smallest; the
// defaults (small-sample rule) are within 0.02 of the paper objective's
// calibration error for every method (measured: sigmoid 0.076 against
// 0.084), while without the rule (KeepKappa) every method under-covers
// more than with the paper's objective (sigmoid 0.141).
func TestExtendedPeriods(t *testing.T) {
	var ext []Period
	for _, b := range [][3]string{{"to 2024-12", "", "2024-12"}, {"2025Q1", "2025-01", "2025-03"}, {"2025Q2", "2025-04", "2025-06"},
		{"2025H2", "2025-07", "2025-12"}, {"2026-01", "2026-01", ""}} {
		p, err := NewPeriod(b[0], b[1], b[2])
		if err != nil {
			t.Fatal(err)
		}
		ext = append(ext, p)
	}
	sum := map[string][]MethodSummary{}
	for name, o := range map[string]Options{"paper": PaperOptions(), "default": {}, "keep": {KeepKappa: true}} {
		rows, err := BacktestTasks(Tasks(), TemporalOptions{Periods: ext, Fit: o})
		if err != nil {
			t.Fatal(err)
		}
		sum[name] = Summarize(OnlyCumulative(rows, true))
		for _, m := range sum[name] {
			if m.Splits != 24 || m.CoverageError >= 0 {
				t.Errorf("%s: %+v", name, m)
			}
		}
	}
	p, d, k := sum["paper"], sum["default"], sum["keep"]
	for i, m := range p {
		if i != 1 && (m.AbsCoverageError >= p[1].AbsCoverageError || m.Pinball >= p[1].Pinball) {
			t.Errorf("paper objective: %s (%+v) not better than the constant (%+v)", m.Method, m, p[1])
		}
		if i != 3 && m.AbsCoverageError <= p[3].AbsCoverageError {
			t.Errorf("paper objective: %s calibration error %.4f not above the I-spline's %.4f", m.Method, m.AbsCoverageError, p[3].AbsCoverageError)
		}
		if math.Abs(d[i].MacroCoverageError-m.MacroCoverageError) > 0.02 {
			t.Errorf("%s: defaults' calibration error %.4f, the paper objective's %.4f", m.Method, d[i].MacroCoverageError, m.MacroCoverageError)
		}
		if k[i].CoverageError >= m.CoverageError {
			t.Errorf("%s: kappa 1000 (KeepKappa) coverage error %.4f not below the paper objective's %.4f", m.Method, k[i].CoverageError, m.CoverageError)
		}
	}
	if d[0].MacroCoverageError >= p[0].MacroCoverageError {
		t.Errorf("sigmoid: defaults' calibration error %.4f not below the paper objective's %.4f (measured 0.076, 0.084)", d[0].MacroCoverageError, p[0].MacroCoverageError)
	}
}
