package frontier

import (
	"context"
	"fmt"
	"math"

	"github.com/gophernote/gophernote/fitlib/plots"
)

// PaperAt1e24 returns the 0.98-quantile sigmoid frontier at 1e24 FLOPs
// reported by Zhang et al. (2026) for an Open LLM Leaderboard v2 task
// (fitted on the full leaderboard, larger than the files here); ok is
// false for other tasks.
func PaperAt1e24(task string) (v float64, ok bool) {
	v, ok = paperAt1e24[task]
	return v, ok
}

var paperAt1e24 = map[string]float64{
	"IFEval": 0.828, "BBH": 0.700, "MATH Lvl 5": 0.539,
	"GPQA": 0.424, "MUSR": 0.535, "MMLU-PRO": 0.563,
}

// AnalyzeOptions configure the one-call task analysis (AnalyzeTask,
// AnalyzePoints). The zero value means the default fits, the fit's own
// bootstrap (Fit.Resamples resamples, Fit.Seed) and the attainable score
// at 1e24 FLOPs, with no cancellation and no progress reports.
type AnalyzeOptions struct {
	Fit       Options         // sigmoid options (defaults when zero)
	Baselines BaselineOptions // defaults when zero
	Resamples int             // bootstrap resamples (default Fit.Resamples, else fit.DefaultResamples)
	Seed      uint64          // bootstrap seed (default Fit.Seed)
	AtFLOPs   float64         // compute of the attainable score (default 1e24)
	// Context, when set, stops the analysis once cancelled (it replaces
	// Fit.Context); in a notebook cell pass display.Context().
	Context context.Context
	// Progress, when set, is called after each of the four methods with
	// the methods done and their total.
	Progress func(done, total int)
}

// TaskReport is everything the notebook shows for one task.
type TaskReport struct {
	Task       string
	Points     *Points
	Fit        *Result
	Methods    []*MethodFit       // sigmoid, constant, binwise, ispline
	IDPinball  map[string]float64 // in-distribution mean pinball loss per method name
	Bootstrap  *BootstrapResult   // the sigmoid's bootstrap, with its band
	Attainable Attainable
	Paper      float64 // the paper's value at 1e24 (NaN when not reported)
}

// LoadTask loads a task from the 5,679-row leaderboard file, or from the
// dated file for tasks the big file lacks (MMLU-PRO).
func LoadTask(task string) (*Points, error) {
	if _, ok := taskColumns[LeaderboardFile][task]; ok {
		return LoadLeaderboard(task)
	}
	return LoadDated(task)
}

// AnalyzeTask loads a task, fits the sigmoid frontier and the three
// baselines, bootstraps the frontier and evaluates the attainable score.
func AnalyzeTask(task string, opt AnalyzeOptions) (*TaskReport, error) {
	pts, err := LoadTask(task)
	if err != nil {
		return nil, err
	}
	return AnalyzePoints(pts, opt)
}

// AnalyzePoints is AnalyzeTask for points already loaded.
func AnalyzePoints(pts *Points, opt AnalyzeOptions) (*TaskReport, error) {
	if pts == nil {
		return nil, fmt.Errorf("frontier: AnalyzePoints: no points")
	}
	if opt.AtFLOPs == 0 {
		opt.AtFLOPs = 1e24
	}
	o := opt.Fit
	o.Task = pts.Task
	if opt.Context != nil {
		o.Context = opt.Context
	}
	// The fit's bootstrap standard errors and the band share one set of
	// replicates.
	if opt.Resamples < 0 {
		return nil, fmt.Errorf("%s: AnalyzeOptions.Resamples = %d, need > 0", label(pts.Task), opt.Resamples)
	}
	if opt.Resamples > 0 {
		o.Resamples = opt.Resamples
	}
	if opt.Seed != 0 {
		o.Seed = opt.Seed
	}
	rep := &TaskReport{Task: pts.Task, Points: pts, IDPinball: map[string]float64{}, Paper: math.NaN()}
	if v, ok := PaperAt1e24(pts.Task); ok {
		rep.Paper = v
	}
	for i, m := range methods {
		model, err := FitMethod(m, pts.Z, pts.Y, MethodOptions{Fit: o, Baselines: opt.Baselines})
		if err != nil {
			return nil, err
		}
		rep.Methods = append(rep.Methods, model)
		rep.IDPinball[m.String()] = MeanPinball(pts.Y, model.Curve(pts.Z), model.tau(o))
		if opt.Progress != nil {
			opt.Progress(i+1, len(methods))
		}
	}
	rep.Fit = rep.Methods[0].Sigmoid
	var band *BootstrapResult
	var err error
	if len(rep.Fit.Samples) > 1 {
		band = bandOf(rep.Fit, pts.Z, 0.95)
	} else {
		fo := rep.Fit.Options
		band, err = Bootstrap(pts.Z, pts.Y, rep.Fit, BootstrapOptions{Resamples: fo.Resamples, Seed: fo.Seed, Context: o.Context})
		if err != nil {
			return nil, err
		}
	}
	rep.Bootstrap = band
	if rep.Attainable, err = AttainableAt(rep.Fit, band, opt.AtFLOPs); err != nil {
		return nil, err
	}
	return rep, nil
}

func (m *MethodFit) tau(o Options) float64 {
	if m.Sigmoid != nil {
		return m.Sigmoid.Options.Tau
	}
	f, err := o.filled()
	if err != nil {
		return defaultOptions().Tau
	}
	return f.Tau
}

// Plot draws the task's scatter, frontier, baselines and bootstrap band.
func (r *TaskReport) Plot() (*plots.Figure, error) {
	return PlotFrontier(r.Points, r.Methods, r.Bootstrap)
}

// BacktestTasks runs the temporal validation (BacktestTemporal) for each
// task of the dated file, sequential and cumulative, returning all split
// rows (tasks whose splits all fail contribute their error rows).
// opt.Progress counts the tasks.
func BacktestTasks(tasks []string, opt TemporalOptions) ([]SplitResult, error) {
	var rows []SplitResult
	one := opt
	one.Progress = nil
	for i, task := range tasks {
		if err := ctxErr(opt.Context); err != nil {
			return nil, fmt.Errorf("frontier: temporal validation cancelled (%d of %d tasks done): %w", i, len(tasks), err)
		}
		pts, err := LoadDated(task)
		if err != nil {
			return nil, err
		}
		for _, cum := range []bool{false, true} {
			o := one
			o.Cumulative = cum
			r, err := BacktestTemporal(pts, o) // per-split errors are kept in the rows
			if ctxErr(opt.Context) != nil {
				return nil, err
			}
			rows = append(rows, r...)
		}
		if opt.Progress != nil {
			opt.Progress(i+1, len(tasks))
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

// BudgetStudy is the budget study of one task: its points, the full-data
// frontier and the gaps per budget fraction.
type BudgetStudy struct {
	Task   string
	Points *Points
	Full   *Result
	Curve  []BudgetPoint
}

// AnalyzeBudget loads a task from the leaderboard file and runs the budget
// study with cost = pre-training compute (in 1e21 FLOPs) as the cost of
// evaluating a model, against the full-data frontier.
func AnalyzeBudget(task string, opt BudgetOptions) (*BudgetStudy, error) {
	pts, err := LoadLeaderboard(task)
	if err != nil {
		return nil, err
	}
	o := opt.Fit
	o.Task = task
	if opt.Context != nil {
		o.Context = opt.Context
	}
	full, err := Fit(pts.Z, pts.Y, o)
	if err != nil {
		return nil, err
	}
	cost := make([]float64, pts.Len())
	for i, c := range pts.FLOPs {
		cost[i] = c / 1e21
	}
	bp, err := AnalyzeBudgetPoints(pts, cost, full.Params, opt)
	if err != nil {
		return nil, err
	}
	return &BudgetStudy{Task: task, Points: pts, Full: full, Curve: bp}, nil
}

// Table 2 of Zhang et al. (2026) for the sigmoid and the three baselines:
// in-distribution pinball loss (reported for the sigmoid and the constant
// only) and out-of-distribution calibration error (mean |coverage - tau|
// over the temporal splits).
var (
	paperIDPinball = map[Method]float64{MethodSigmoid: 4.08e-3, MethodConstant: 5.35e-3}
	paperOODError  = map[Method]float64{MethodSigmoid: 0.0221, MethodISpline: 0.0241, MethodBinwise: 0.0281, MethodConstant: 0.0360}
)

// PaperTable2 returns Table 2 of Zhang et al. (2026) for a method: the
// in-distribution pinball loss (NaN where the paper reports none) and the
// out-of-distribution calibration error as a fraction (0.0221 = 2.21%).
func PaperTable2(method Method) (idPinball, oodError float64) {
	idPinball, oodError = math.NaN(), math.NaN()
	if v, ok := paperIDPinball[method]; ok {
		idPinball = v
	}
	if v, ok := paperOODError[method]; ok {
		oodError = v
	}
	return idPinball, oodError
}

// Compare1e24 is one task's frontier at 1e24 FLOPs beside the paper's:
// the published value, this data's fit with the paper's objective
// (PaperOptions) and with the default options, each with its in-sample
// coverage, and the default fit's 95% bootstrap interval.
type Compare1e24 struct {
	Task                   string
	N                      int
	Paper                  float64
	PaperObjective         float64
	PaperObjectiveCoverage float64
	Default, Lo, Hi        float64
	DefaultCoverage        float64
}

// CompareAt1e24 pairs the reports of the default fits with those of the
// paper's objective, task by task (the same tasks in the same order).
func CompareAt1e24(def, paper []*TaskReport) ([]Compare1e24, error) {
	if len(def) != len(paper) {
		return nil, fmt.Errorf("frontier: %d default reports but %d with the paper's objective", len(def), len(paper))
	}
	var out []Compare1e24
	for i, d := range def {
		p := paper[i]
		if d.Task != p.Task {
			return nil, fmt.Errorf("frontier: report %d is task %s with the defaults but %s with the paper's objective", i+1, d.Task, p.Task)
		}
		lo, hi := d.Fit.Interval(24, 0.95)
		out = append(out, Compare1e24{Task: d.Task, N: d.Points.Len(), Paper: d.Paper,
			PaperObjective: p.Fit.Params.At(24), PaperObjectiveCoverage: p.Fit.Coverage,
			Default: d.Fit.Params.At(24), Lo: lo, Hi: hi, DefaultCoverage: d.Fit.Coverage})
	}
	return out, nil
}

// Compare2 is one method's row of Table 2 beside the paper's: mean
// in-distribution pinball loss over the tasks' reports and mean
// out-of-distribution calibration error over the temporal splits (the
// paper's metric, MethodSummary's MacroCoverageError: |coverage - tau|
// averaged over equal-mass compute bins of at least 30 test models; with
// the dated file's test periods of 4-36 models that is one bin, the
// global |coverage - tau|), with the paper's objective, with the defaults
// and, once CompareTable2Enhanced has filled them, with the objective of
// the authors' released fitter that their Table 2 script calls
// (EnhancedOptions; see PaperTemporalOptions).
type Compare2 struct {
	Method                                  Method
	PaperID, PaperObjectiveID, DefaultID    float64
	PaperOOD, PaperObjectiveOOD, DefaultOOD float64
	PaperObjectiveSplits, DefaultSplits     int
	EnhancedID, EnhancedOOD                 float64 // NaN until CompareTable2Enhanced
	EnhancedSplits                          int
}

// CompareTable2 builds the Table 2 side-by-side from the reports and
// temporal summaries of both objectives (methods in Methods() order).
func CompareTable2(def, paper []*TaskReport, defT, paperT []MethodSummary) []Compare2 {
	var out []Compare2
	for _, m := range methods {
		id, ood := PaperTable2(m)
		pt, dt := findSummary(paperT, m), findSummary(defT, m)
		out = append(out, Compare2{Method: m, PaperID: id, PaperObjectiveID: meanID(paper, m), DefaultID: meanID(def, m),
			PaperOOD: ood, PaperObjectiveOOD: pt.MacroCoverageError, DefaultOOD: dt.MacroCoverageError,
			PaperObjectiveSplits: pt.Splits, DefaultSplits: dt.Splits, EnhancedID: math.NaN(), EnhancedOOD: math.NaN()})
	}
	return out
}

// CompareTable2Enhanced returns table with the columns of the authors'
// released fitter filled in: enhanced are the tasks' reports fitted with
// EnhancedOptions, enhT the summary of their temporal splits (the same
// splits as the other columns' for a like-with-like comparison).
func CompareTable2Enhanced(table []Compare2, enhanced []*TaskReport, enhT []MethodSummary) []Compare2 {
	out := append([]Compare2(nil), table...)
	for i := range out {
		m := out[i].Method
		et := findSummary(enhT, m)
		out[i].EnhancedID, out[i].EnhancedOOD, out[i].EnhancedSplits = meanID(enhanced, m), et.MacroCoverageError, et.Splits
	}
	return out
}

func meanID(reps []*TaskReport, m Method) float64 {
	if len(reps) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, r := range reps {
		s += r.IDPinball[m.String()]
	}
	return s / float64(len(reps))
}

func findSummary(ms []MethodSummary, m Method) MethodSummary {
	for _, x := range ms {
		if x.Method == m {
			return x
		}
	}
	return MethodSummary{Method: m, AbsCoverageError: math.NaN(), MacroCoverageError: math.NaN()}
}

// Summary builds the notebook's final JSON summary: frontier_at_1e24 per
// task (paper, paper's objective here, defaults here with the 95%
// interval), coverage per task (in-sample, both objectives), methods
// (Table 2 beside the paper: in-distribution pinball, out-of-distribution
// calibration error) and ioptimal (budget fractions with the I-optimal and
// random gaps).
func Summary(at []Compare1e24, table2 []Compare2, budget []BudgetPoint) map[string]any {
	f24 := map[string]any{}
	cov := map[string]any{}
	for _, c := range at {
		f24[c.Task] = map[string]any{"paper": c.Paper, "paper_objective": round(c.PaperObjective, 4),
			"default": round(c.Default, 4), "default_95": []float64{round(c.Lo, 4), round(c.Hi, 4)}}
		cov[c.Task] = map[string]any{"paper_objective": round(c.PaperObjectiveCoverage, 4), "default": round(c.DefaultCoverage, 4)}
	}
	num := func(x float64, d int) any {
		if math.IsNaN(x) {
			return nil
		}
		return round(x, d)
	}
	t2 := map[string]any{}
	for _, c := range table2 {
		id := map[string]any{"paper": num(c.PaperID, 6), "paper_objective": num(c.PaperObjectiveID, 6), "default": num(c.DefaultID, 6)}
		ood := map[string]any{"paper": num(c.PaperOOD, 4), "paper_objective": num(c.PaperObjectiveOOD, 4), "default": num(c.DefaultOOD, 4)}
		if !math.IsNaN(c.EnhancedID) {
			id["enhanced_fitter"] = num(c.EnhancedID, 6)
		}
		if !math.IsNaN(c.EnhancedOOD) {
			ood["enhanced_fitter"] = num(c.EnhancedOOD, 4)
		}
		t2[c.Method.String()] = map[string]any{"id_pinball": id, "ood_calibration_error": ood}
	}
	var fr, gap, rnd []float64
	for _, b := range budget {
		fr = append(fr, b.Fraction)
		gap = append(gap, round(b.Gap, 4))
		rnd = append(rnd, round(b.RandomGap, 4))
	}
	return map[string]any{
		"frontier_at_1e24": f24,
		"coverage":         cov,
		"methods":          t2,
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
