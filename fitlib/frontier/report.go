package frontier

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
)

// PaperAt1e24 holds the 0.98-quantile sigmoid frontier at 1e24 FLOPs
// reported by Zhang et al. (2026) for the Open LLM Leaderboard v2 tasks
// (fitted on the full leaderboard, larger than the files here).
var PaperAt1e24 = map[string]float64{
	"IFEval": 0.828, "BBH": 0.700, "MATH Lvl 5": 0.539,
	"GPQA": 0.424, "MUSR": 0.535, "MMLU-PRO": 0.563,
}

// ReportOptions configure the one-call task analysis.
type ReportOptions struct {
	Fit        Options         // sigmoid options (defaults when zero)
	Baselines  BaselineOptions // defaults when zero
	Replicates int             // bootstrap replicates (default 100)
	Seed       uint64          // bootstrap seed
	AtFLOPs    float64         // compute of the attainable score (default 1e24)
}

// TaskReport is everything the notebook shows for one task.
type TaskReport struct {
	Task       string
	Points     *Points
	Fit        *Result
	Models     []*Model           // sigmoid, constant, binwise, ispline
	IDPinball  map[string]float64 // in-distribution mean pinball loss per method
	Band       *Band
	Attainable Attainable
	Paper      float64 // the paper's value at 1e24 (NaN when not reported)
}

// LoadTask loads a task from the 5,679-row leaderboard file, or from the
// dated file for tasks the big file lacks (MMLU-PRO).
func LoadTask(task string) (*Points, error) {
	if _, ok := TaskColumns[LeaderboardFile][task]; ok {
		return LoadLeaderboard(task)
	}
	return LoadDated(task)
}

// AnalyzeTask loads a task, fits the sigmoid frontier and the three
// baselines, bootstraps the frontier and evaluates the attainable score.
func AnalyzeTask(task string, opt ReportOptions) (*TaskReport, error) {
	pts, err := LoadTask(task)
	if err != nil {
		return nil, err
	}
	return AnalyzePoints(pts, opt)
}

// AnalyzePoints is AnalyzeTask for points already loaded.
func AnalyzePoints(pts *Points, opt ReportOptions) (*TaskReport, error) {
	if opt.Replicates <= 0 {
		opt.Replicates = 100
	}
	if opt.AtFLOPs == 0 {
		opt.AtFLOPs = 1e24
	}
	o := opt.Fit
	o.Task = pts.Task
	rep := &TaskReport{Task: pts.Task, Points: pts, IDPinball: map[string]float64{}, Paper: math.NaN()}
	if v, ok := PaperAt1e24[pts.Task]; ok {
		rep.Paper = v
	}
	for _, m := range Methods {
		model, err := FitMethod(m, pts.Z, pts.Y, o, opt.Baselines)
		if err != nil {
			return nil, err
		}
		rep.Models = append(rep.Models, model)
		rep.IDPinball[m] = MeanPinball(pts.Y, model.Curve(pts.Z), model.tau(o))
	}
	rep.Fit = rep.Models[0].Sigmoid
	band, err := Bootstrap(pts.Z, pts.Y, rep.Fit, BootstrapOptions{Replicates: opt.Replicates, Seed: opt.Seed, Context: opt.Fit.Context})
	if err != nil {
		return nil, err
	}
	rep.Band = band
	if rep.Attainable, err = AttainableAt(rep.Fit, band, opt.AtFLOPs); err != nil {
		return nil, err
	}
	return rep, nil
}

func (m *Model) tau(o Options) float64 {
	if m.Sigmoid != nil {
		return m.Sigmoid.Options.Tau
	}
	f, err := o.filled()
	if err != nil {
		return DefaultOptions().Tau
	}
	return f.Tau
}

// Plot draws the task's scatter, frontier, baselines and bootstrap band.
func (r *TaskReport) Plot() (*plot.Plot, error) { return PlotFrontier(r.Points, r.Models, r.Band) }

// TemporalAll runs the temporal validation for each task of the dated
// file, sequential and cumulative, returning all split rows (tasks whose
// splits all fail contribute their error rows).
func TemporalAll(tasks []string, opt TemporalOptions) ([]SplitResult, error) {
	var rows []SplitResult
	for _, task := range tasks {
		pts, err := LoadDated(task)
		if err != nil {
			return nil, err
		}
		for _, cum := range []bool{false, true} {
			o := opt
			o.Cumulative = cum
			r, _ := Temporal(pts, o) // per-split errors are kept in the rows
			rows = append(rows, r...)
		}
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("frontier: temporal validation produced no rows")
	}
	return rows, nil
}

// OnlyCumulative keeps the rows of one variant.
func OnlyCumulative(rows []SplitResult, cumulative bool) []SplitResult {
	var out []SplitResult
	for _, r := range rows {
		if r.Cumulative == cumulative {
			out = append(out, r)
		}
	}
	return out
}

// BudgetStudy loads a task from the leaderboard file and runs the budget
// study with cost = pre-training compute (in 1e21 FLOPs) as the cost of
// evaluating a model, against the full-data frontier.
func BudgetStudy(task string, opt BudgetOptions) ([]BudgetPoint, *Points, *Result, error) {
	pts, err := LoadLeaderboard(task)
	if err != nil {
		return nil, nil, nil, err
	}
	o := opt.Fit
	o.Task = task
	full, err := Fit(pts.Z, pts.Y, o)
	if err != nil {
		return nil, nil, nil, err
	}
	cost := make([]float64, pts.Len())
	for i, c := range pts.FLOPs {
		cost[i] = c / 1e21
	}
	bp, err := BudgetCurve(pts, cost, full.Params, opt)
	return bp, pts, full, err
}

// Summary builds the notebook's final JSON summary: frontier_at_1e24 and
// coverage per task, methods (mean in-distribution pinball over the
// reports, mean out-of-period coverage error from the method summaries),
// and ioptimal (budget fractions with the I-optimal and random gaps).
func Summary(reports []*TaskReport, methods []MethodSummary, budget []BudgetPoint) map[string]any {
	at := map[string]float64{}
	cov := map[string]float64{}
	for _, r := range reports {
		at[r.Task] = round(r.Attainable.Value, 4)
		cov[r.Task] = round(r.Fit.Coverage, 4)
	}
	ms := map[string]any{}
	for _, m := range methods {
		id := 0.0
		for _, r := range reports {
			id += r.IDPinball[m.Method]
		}
		entry := map[string]any{"id_pinball": round(id/float64(len(reports)), 6)}
		if !math.IsNaN(m.CoverageError) {
			entry["ood_coverage_error"] = round(m.CoverageError, 4)
		} else {
			entry["ood_coverage_error"] = nil
		}
		ms[m.Method] = entry
	}
	var fr, gap, rnd []float64
	for _, b := range budget {
		fr = append(fr, b.Fraction)
		gap = append(gap, round(b.Gap, 4))
		rnd = append(rnd, round(b.RandomGap, 4))
	}
	return map[string]any{
		"frontier_at_1e24": at,
		"coverage":         cov,
		"methods":          ms,
		"ioptimal": map[string]any{
			"budget_fraction":      fr,
			"frontier_max_abs_gap": gap,
			"random_max_abs_gap":   rnd,
		},
	}
}

func round(x float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(x*p) / p
}
