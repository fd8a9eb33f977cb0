package frontier

import (
	"math"
	"testing"
)

// TestNotebookSummary recomputes the summary of
// notebooks/05_prescriptive_frontier.ipynb with the same calls and checks
// every number: the 1e24 values against the paper (Zhang et al. 2026) and
// against a direct evaluation of the fitted parameters, the coverages by
// counting, the in-distribution pinball losses and out-of-period coverage
// errors by direct loops over the fitted curves and split rows, and the
// budget study's shape.
func TestNotebookSummary(t *testing.T) {
	var reports []*TaskReport
	for _, task := range Tasks {
		r, err := AnalyzeTask(task, ReportOptions{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		reports = append(reports, r)
	}
	rows, err := TemporalAll(Tasks, TemporalOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cum := Summarize(OnlyCumulative(rows, true))
	budget, _, _, err := BudgetStudy("BBH", BudgetOptions{Repeats: 5, Seed: 1,
		Design: DesignOptions{Anchors: true, Balance: 1e-4, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	s := Summary(reports, cum, budget)
	if len(s) != 4 {
		t.Fatalf("summary keys %v", s)
	}
	at := s["frontier_at_1e24"].(map[string]float64)
	cov := s["coverage"].(map[string]float64)
	// Tolerances: the file is a subset of the paper's leaderboard. BBH, GPQA
	// and MUSR are within 0.03; IFEval, MATH Lvl 5 and MMLU-PRO within 0.07
	// (IFEval's best model in the file scores 0.783, MMLU-PRO has 89 models).
	tol := map[string]float64{"IFEval": 0.07, "BBH": 0.03, "MATH Lvl 5": 0.07, "GPQA": 0.03, "MUSR": 0.03, "MMLU-PRO": 0.07}
	for _, r := range reports {
		v := at[r.Task]
		if d := math.Abs(v - PaperAt1e24[r.Task]); d > tol[r.Task] {
			t.Errorf("%s at 1e24: %.4f, paper %.3f (|diff| %.3f > %.2f)", r.Task, v, PaperAt1e24[r.Task], d, tol[r.Task])
		}
		p := r.Fit.Params
		direct := p.Y0 + p.L/(1+math.Exp(-(p.A+p.B*24)))
		if math.Abs(v-direct) > 5e-5 {
			t.Errorf("%s: summary %.4f, direct q(24) %.6f", r.Task, v, direct)
		}
		if !(r.Attainable.Lo <= direct && direct <= r.Attainable.Hi) {
			t.Errorf("%s: q(24) %.4f outside its bootstrap interval [%.4f, %.4f]", r.Task, direct, r.Attainable.Lo, r.Attainable.Hi)
		}
		below := 0
		for i := range r.Points.Z {
			if r.Points.Y[i] <= p.At(r.Points.Z[i]) {
				below++
			}
		}
		c := float64(below) / float64(r.Points.Len())
		if math.Abs(cov[r.Task]-c) > 5e-5 || c < 0.98 || c > 1 {
			t.Errorf("%s coverage %.4f, counted %.4f", r.Task, cov[r.Task], c)
		}
	}
	methods := s["methods"].(map[string]any)
	common := CommonSplits(OnlyCumulative(rows, true))
	for _, m := range Methods {
		e := methods[m].(map[string]any)
		id := 0.0
		for _, r := range reports {
			var model *Model
			for _, x := range r.Models {
				if x.Method == m {
					model = x
				}
			}
			sum := 0.0
			for i, z := range r.Points.Z {
				u := r.Points.Y[i] - model.At(z)
				if u < 0 {
					sum += -0.02 * u
				} else {
					sum += 0.98 * u
				}
			}
			id += sum / float64(r.Points.Len())
		}
		id /= float64(len(reports))
		if got := e["id_pinball"].(float64); math.Abs(got-id) > 1e-6 {
			t.Errorf("%s id_pinball %v, direct %v", m, got, id)
		}
		ce, n := 0.0, 0
		for _, r := range common {
			if r.Method == m {
				ce += r.Coverage - 0.98
				n++
			}
		}
		if n == 0 {
			t.Fatalf("%s: no common cumulative split", m)
		}
		got := e["ood_coverage_error"].(float64)
		if math.Abs(got-ce/float64(n)) > 5e-5 {
			t.Errorf("%s ood_coverage_error %v, direct %v", m, got, ce/float64(n))
		}
		// Later models beat earlier frontiers: every method under-covers.
		if got >= 0 {
			t.Errorf("%s: out-of-period coverage error %v, expected the drift to show as < 0", m, got)
		}
	}
	// The flexible binwise baseline fits best in distribution; the constant worst.
	if methods["binwise"].(map[string]any)["id_pinball"].(float64) >= methods["sigmoid"].(map[string]any)["id_pinball"].(float64) ||
		methods["constant"].(map[string]any)["id_pinball"].(float64) <= methods["sigmoid"].(map[string]any)["id_pinball"].(float64) {
		t.Errorf("in-distribution ordering: %v", methods)
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
	if gap[3] >= gap[0] || rnd[3] >= rnd[0] {
		t.Errorf("gaps should shrink with the budget: %v %v", gap, rnd)
	}
}

// TestExtendedPeriods checks the notebook's statements about the longer
// window (to 2024-12, 2025Q1, 2025Q2, 2025H2, 2026-01): 24 common splits
// per variant; the sigmoid has the lowest out-of-distribution pinball loss
// in both variants, the constant the highest in the cumulative one; every
// method under-covers on average.
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
	rows, err := TemporalAll(Tasks, TemporalOptions{Periods: ext})
	if err != nil {
		t.Fatal(err)
	}
	for _, cum := range []bool{true, false} {
		s := Summarize(OnlyCumulative(rows, cum))
		for _, m := range s {
			if m.Splits != 24 || m.CoverageError >= 0 {
				t.Errorf("cumulative %v: %+v", cum, m)
			}
			if m.Method != MethodSigmoid && m.Pinball <= s[0].Pinball {
				t.Errorf("cumulative %v: %s pinball %.5f not above the sigmoid's %.5f", cum, m.Method, m.Pinball, s[0].Pinball)
			}
		}
		if cum && (s[1].Pinball < s[2].Pinball || s[1].Pinball < s[3].Pinball) {
			t.Errorf("constant should be worst cumulatively: %+v", s)
		}
	}
}
