package frontier

import (
	"context"
	"fmt"
	"math"
	"time"
)

// Period is a half-open date interval [From, To); a zero From or To leaves
// that side open.
type Period struct {
	Name     string
	From, To time.Time
}

// Contains reports whether d falls in the period.
func (p Period) Contains(d time.Time) bool {
	return (p.From.IsZero() || !d.Before(p.From)) && (p.To.IsZero() || d.Before(p.To))
}

// NewPeriod builds a period from months "YYYY-MM" (inclusive) to "YYYY-MM"
// (inclusive); an empty bound is open.
func NewPeriod(name, fromMonth, toMonth string) (Period, error) {
	p := Period{Name: name}
	if fromMonth != "" {
		t, err := time.Parse("2006-01", fromMonth)
		if err != nil {
			return p, fmt.Errorf("frontier: period %s: start %q is not YYYY-MM", name, fromMonth)
		}
		p.From = t
	}
	if toMonth != "" {
		t, err := time.Parse("2006-01", toMonth)
		if err != nil {
			return p, fmt.Errorf("frontier: period %s: end %q is not YYYY-MM", name, toMonth)
		}
		p.To = t.AddDate(0, 1, 0)
	}
	if !p.From.IsZero() && !p.To.IsZero() && !p.From.Before(p.To) {
		return p, fmt.Errorf("frontier: period %s: start %s after end %s", name, fromMonth, toMonth)
	}
	return p, nil
}

// DefaultPeriods are the paper's cut points: P1 <= 2024-06,
// P2 2024-07..09, P3 2024-10..12, P4 2025-01..03.
func DefaultPeriods() []Period {
	mk := func(n, a, b string) Period { p, _ := NewPeriod(n, a, b); return p }
	return []Period{mk("P1", "", "2024-06"), mk("P2", "2024-07", "2024-09"),
		mk("P3", "2024-10", "2024-12"), mk("P4", "2025-01", "2025-03")}
}

// TemporalOptions configure the temporal validation (BacktestTemporal,
// BacktestTasks). The zero value means the paper's periods, sequential
// splits, 3 test bins of at least 2 points, the default fits, no
// cancellation and no progress reports.
type TemporalOptions struct {
	Periods    []Period        // default DefaultPeriods
	Cumulative bool            // train on P_1..P_t instead of P_t
	Bins       int             // equal-mass compute bins of the test period (default 3)
	MinPerBin  int             // smallest bin (default 2)
	Fit        Options         // sigmoid options (defaults when zero)
	Baselines  BaselineOptions // default: 3 bins of at least 2, 2 knots
	// Context, when set, stops the validation once cancelled (it replaces
	// Fit.Context); in a notebook cell pass display.Context().
	Context context.Context
	// Progress, when set, is called with the splits (BacktestTemporal) or
	// tasks (BacktestTasks) done and their total.
	Progress func(done, total int)
}

// SplitResult is one (method, train period -> test period) evaluation. A
// split that could not be evaluated carries the reason in Err.
type SplitResult struct {
	Method        Method
	Task          string
	Train, Test   string
	Cumulative    bool
	NTrain, NTest int

	Coverage      float64 // share of test points on or below the frontier
	CoverageError float64 // Coverage - tau (signed)
	Pinball       float64 // out-of-distribution mean pinball loss at tau

	BinEdges         []float64 // equal-mass bins of the test compute
	BinN             []int
	BinCoverageError []float64
	BinErr           string // why per-bin errors are missing

	Err string
	// Warning is the sigmoid fit's first warning (Result.Warnings), e.g.
	// that a training period is too small for a 0.98 quantile.
	Warning string
}

// BacktestTemporal fits every method on each period (or the union up to
// it) and evaluates it on the next period: signed coverage error overall and per
// equal-mass compute bin, and out-of-distribution pinball loss, like Table 2
// of Zhang et al. (2026). Points without a date are left out. It returns
// an error only when the input is unusable or no split could be evaluated.
func BacktestTemporal(pts *Points, opt TemporalOptions) ([]SplitResult, error) {
	if pts == nil || len(pts.Dates) != len(pts.Z) {
		return nil, fmt.Errorf("frontier: temporal validation needs dated points")
	}
	if opt.Periods == nil {
		opt.Periods = DefaultPeriods()
	}
	if len(opt.Periods) < 2 {
		return nil, fmt.Errorf("frontier: task %s: temporal validation needs at least 2 periods", pts.Task)
	}
	if opt.Bins <= 0 {
		opt.Bins = 3
	}
	if opt.MinPerBin <= 0 {
		opt.MinPerBin = 2
	}
	if opt.Baselines == (BaselineOptions{}) {
		opt.Baselines = BaselineOptions{Bins: 3, MinPerBin: 2, Knots: 2}
	}
	if opt.Context != nil {
		opt.Fit.Context = opt.Context
	}
	opt.Fit.Task = pts.Task
	fo, err := opt.Fit.filled()
	if err != nil {
		return nil, err
	}
	member := make([][]int, len(opt.Periods))
	for i, d := range pts.Dates {
		if d.IsZero() {
			continue
		}
		for k, p := range opt.Periods {
			if p.Contains(d) {
				member[k] = append(member[k], i)
				break
			}
		}
	}
	var out []SplitResult
	ok := 0
	splits := len(opt.Periods) - 1
	for t := 0; t+1 < len(opt.Periods); t++ {
		if err := ctxErr(opt.Fit.Context); err != nil {
			return nil, fmt.Errorf("frontier: task %s: temporal validation cancelled (%d of %d splits done): %w", pts.Task, t, splits, err)
		}
		var train []int
		trainName := opt.Periods[t].Name
		if opt.Cumulative {
			for k := 0; k <= t; k++ {
				train = append(train, member[k]...)
			}
			if t > 0 {
				trainName = opt.Periods[0].Name + ".." + opt.Periods[t].Name
			}
		} else {
			train = member[t]
		}
		test := member[t+1]
		tr, te := pts.Subset(train), pts.Subset(test)
		for _, m := range methods {
			r := SplitResult{Method: m, Task: pts.Task, Train: trainName, Test: opt.Periods[t+1].Name,
				Cumulative: opt.Cumulative, NTrain: len(train), NTest: len(test)}
			switch {
			case len(train) == 0:
				r.Err = fmt.Sprintf("task %s: training period %s has no points", pts.Task, trainName)
			case len(test) == 0:
				r.Err = fmt.Sprintf("task %s: test period %s has no points", pts.Task, r.Test)
			default:
				o := opt.Fit
				o.Task = pts.Task + " period " + trainName
				o.SE = SENone // the study scores curves, not their errors
				model, err := FitMethod(m, tr.Z, tr.Y, MethodOptions{Fit: o, Baselines: opt.Baselines})
				if err != nil && ctxErr(opt.Fit.Context) != nil {
					return nil, err // cancelled: stop the study
				}
				if err != nil {
					r.Err = err.Error()
					break
				}
				evaluate(&r, model, te, fo.Tau, opt)
				if model.Sigmoid != nil && len(model.Sigmoid.Warnings) > 0 {
					r.Warning = model.Sigmoid.Warnings[0]
				}
				ok++
			}
			out = append(out, r)
		}
		if opt.Progress != nil {
			opt.Progress(t+1, splits)
		}
	}
	if ok == 0 {
		first := ""
		if len(out) > 0 {
			first = out[0].Err
		}
		return out, fmt.Errorf("frontier: task %s: no temporal split could be evaluated (%s)", pts.Task, first)
	}
	return out, nil
}

func evaluate(r *SplitResult, m *MethodFit, te *Points, tau float64, opt TemporalOptions) {
	q := m.Curve(te.Z)
	below := 0
	for i := range q {
		if te.Y[i] <= q[i] {
			below++
		}
	}
	r.Coverage = float64(below) / float64(len(q))
	r.CoverageError = r.Coverage - tau
	r.Pinball = MeanPinball(te.Y, q, tau)
	edges, err := EqualMassEdges(fmt.Sprintf("task %s test period %s", te.Task, r.Test), te.Z, opt.Bins, opt.MinPerBin)
	if err != nil {
		r.BinErr = err.Error()
		return
	}
	nb := len(edges) - 1
	r.BinEdges = edges
	r.BinN = make([]int, nb)
	r.BinCoverageError = make([]float64, nb)
	for i, z := range te.Z {
		b := BinOf(edges, z)
		r.BinN[b]++
		if te.Y[i] <= q[i] {
			r.BinCoverageError[b]++
		}
	}
	for b := range r.BinN {
		r.BinCoverageError[b] = r.BinCoverageError[b]/float64(r.BinN[b]) - tau
	}
}

// MethodSummary aggregates the evaluated splits of one method.
type MethodSummary struct {
	Method           Method
	Splits           int     // splits every method evaluated
	NTest            int     // test points over those splits
	CoverageError    float64 // mean signed coverage error over splits
	AbsCoverageError float64 // mean |coverage error|
	Pinball          float64 // mean out-of-distribution pinball loss
}

// CommonSplits keeps the rows of the splits that every method evaluated,
// so that methods are compared on the same test points.
func CommonSplits(rows []SplitResult) []SplitResult {
	key := func(r SplitResult) string {
		return fmt.Sprintf("%s|%s|%s|%v", r.Task, r.Train, r.Test, r.Cumulative)
	}
	okCount := map[string]int{}
	for _, r := range rows {
		if r.Err == "" {
			okCount[key(r)]++
		}
	}
	var out []SplitResult
	for _, r := range rows {
		if r.Err == "" && okCount[key(r)] >= len(methods) {
			out = append(out, r)
		}
	}
	return out
}

// Summarize averages, per method and in Methods() order, the splits that
// every method could evaluate (CommonSplits); splits where any method
// failed are left out of all.
func Summarize(rows []SplitResult) []MethodSummary {
	rows = CommonSplits(rows)
	var out []MethodSummary
	for _, m := range methods {
		s := MethodSummary{Method: m}
		for _, r := range rows {
			if r.Method != m {
				continue
			}
			s.Splits++
			s.NTest += r.NTest
			s.CoverageError += r.CoverageError
			s.AbsCoverageError += math.Abs(r.CoverageError)
			s.Pinball += r.Pinball
		}
		if s.Splits > 0 {
			n := float64(s.Splits)
			s.CoverageError /= n
			s.AbsCoverageError /= n
			s.Pinball /= n
		} else {
			s.CoverageError, s.AbsCoverageError, s.Pinball = math.NaN(), math.NaN(), math.NaN()
		}
		out = append(out, s)
	}
	return out
}
