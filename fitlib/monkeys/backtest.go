package monkeys

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/gophernote/gophernote/fitlib/internal/num"
	"github.com/gophernote/gophernote/fitlib/internal/par"
	"github.com/gophernote/gophernote/fitlib/passk"
)

// Estimator selects an estimator of the power-law exponent b (EstimateB,
// the backtests).
type Estimator int

// The estimators.
const (
	EstLeastSquares Estimator = iota // the paper's least squares on pass_B@k
	EstBetaBinomial                  // alpha of the scaled Beta-binomial MLE
	EstKumaraswamy                   // alpha of the scaled Kumaraswamy-binomial MLE
)

// String is the estimator's name in summaries: "least_squares",
// "beta_binomial" or "kumaraswamy_binomial".
func (e Estimator) String() string {
	switch e {
	case EstLeastSquares:
		return "least_squares"
	case EstBetaBinomial:
		return "beta_binomial"
	case EstKumaraswamy:
		return "kumaraswamy_binomial"
	}
	return fmt.Sprintf("Estimator(%d)", int(e))
}

// Estimators lists the three estimators of the exponent b.
func Estimators() []Estimator { return []Estimator{EstLeastSquares, EstBetaBinomial, EstKumaraswamy} }

// EstimateB returns the power-law exponent b estimated from counts by the
// estimator: least squares on pass@k (k up to the smallest n), or alpha of
// the scaled Beta-/Kumaraswamy-binomial MLE (scale (m+1)/m · max c/n,
// the authors' MLEOptions default).
func EstimateB(c passk.Counts, estimator Estimator) (float64, error) {
	switch estimator {
	case EstLeastSquares:
		nmin := c.N[0]
		for _, n := range c.N {
			if n < nmin {
				nmin = n
			}
		}
		f, err := FitLeastSquares(c, KsUpTo(nmin))
		if err != nil {
			return math.NaN(), err
		}
		return f.B, nil
	case EstBetaBinomial, EstKumaraswamy:
		fitFn := FitBetaBinomial
		if estimator == EstKumaraswamy {
			fitFn = FitKumaraswamyBinomial
		}
		f, err := fitFn(c, MLEOptions{Starts: [][2]float64{{0.5, 3.5}}})
		if err != nil {
			return math.NaN(), err
		}
		return f.Alpha, nil
	}
	return math.NaN(), fmt.Errorf("monkeys: unknown estimator %v (have %v)", estimator, Estimators())
}

// BacktestOptions configures Backtest and BacktestSynthetic. The zero
// value means sample sizes 10, 30, 100, 300, 1000 and 3000, 10 seeds, seed
// 0, every estimator, GOMAXPROCS workers, no cancellation and no progress
// reports.
type BacktestOptions struct {
	// SampleSizes are the n' per problem (default 10, 30, 100, 300, 1000, 3000).
	SampleSizes []int
	// Seeds is the number of repetitions per size (default 10).
	Seeds int
	// Seed makes the study reproducible.
	Seed uint64
	// Estimators to run (default Estimators()).
	Estimators []Estimator
	// Workers run in parallel (default GOMAXPROCS).
	Workers int
	// Context, when set, stops the study once cancelled: no further task
	// starts and the study returns an error wrapping ctx.Err() that says
	// how many tasks finished. Nil means never cancelled. In a notebook
	// pass display.Context() so that an interrupt stops it.
	Context context.Context
	// Progress, when set, is called with the tasks (estimator x size x
	// dataset x seed) finished and their total, at most about 100 times
	// and once at the end, never concurrently.
	Progress func(done, total int)
}

func (o *BacktestOptions) defaults() error {
	if o.Seeds < 0 {
		return fmt.Errorf("monkeys: BacktestOptions.Seeds = %d, need > 0 (0 means 10)", o.Seeds)
	}
	for _, n := range o.SampleSizes {
		if n < 1 {
			return fmt.Errorf("monkeys: BacktestOptions.SampleSizes holds %d, need sizes >= 1", n)
		}
	}
	if len(o.SampleSizes) == 0 {
		o.SampleSizes = []int{10, 30, 100, 300, 1000, 3000}
	}
	if o.Seeds == 0 {
		o.Seeds = 10
	}
	if len(o.Estimators) == 0 {
		o.Estimators = Estimators()
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	return nil
}

// BacktestResult holds the estimates of a sample-efficiency study.
type BacktestResult struct {
	Estimators  []Estimator
	SampleSizes []int
	Datasets    []string
	// Reference[e][d]: the value estimator e is compared with on dataset d
	// (its own full-data estimate in Backtest, the true b in BacktestSynthetic).
	Reference [][]float64
	// Estimates[e][s]: estimates of b at SampleSizes[s], over datasets and
	// seeds (NaN when the estimator failed, e.g. no success at all).
	Estimates [][][]float64
	// RelErr[e][s]: |estimate - reference|/reference for the same runs
	// (+Inf for failed runs).
	RelErr [][][]float64
	// MedianRelErr[e][s] is the median of RelErr[e][s].
	MedianRelErr [][]float64
	// SamplesTo10Pct[e] is the smallest sample size from which on the
	// median relative error stays within 10% (-1: never on this grid).
	SamplesTo10Pct []int
}

// SamplesTo10PctMap returns SamplesTo10Pct keyed by estimator name.
func (r *BacktestResult) SamplesTo10PctMap() map[string]int {
	out := map[string]int{}
	for e, est := range r.Estimators {
		out[est.String()] = r.SamplesTo10Pct[e]
	}
	return out
}

type btTask struct{ e, s, d, seed int }

// Backtest subsamples every problem of every dataset to each n' (many
// seeds), re-estimates b with each estimator and measures the relative
// error against the estimator's own full-data estimate (Schaeffer et al.
// 2025, Sec. 6 backtesting). Runs in parallel; reproducible from opt.Seed.
func Backtest(datasets []passk.Counts, opt BacktestOptions) (*BacktestResult, error) {
	if err := opt.defaults(); err != nil {
		return nil, err
	}
	if len(datasets) == 0 {
		return nil, fmt.Errorf("monkeys: Backtest: no datasets")
	}
	r := newResult(datasets, opt)
	for e, est := range opt.Estimators {
		for d, c := range datasets {
			b, err := EstimateB(c, est)
			if err != nil {
				return nil, fmt.Errorf("monkeys: Backtest: full-data %s on %s: %w", est, c.Name, err)
			}
			r.Reference[e][d] = b
		}
	}
	err := r.run(opt, func(t btTask, rng *rand.Rand) (float64, error) {
		sub, err := subsample(datasets[t.d], opt.SampleSizes[t.s], rng)
		if err != nil {
			return 0, err
		}
		return EstimateB(sub, opt.Estimators[t.e])
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// BacktestSynthetic runs the same study on data drawn from a known truth: for each
// seed, `problems` success probabilities from truth and nmax = the largest
// sample size attempts each; smaller sizes are hypergeometric subsamples of
// the same attempts (nested, as in the paper). Errors are relative to the
// true exponent of truth.
func BacktestSynthetic(truth Dist, problems int, opt BacktestOptions) (*BacktestResult, error) {
	if err := opt.defaults(); err != nil {
		return nil, err
	}
	_, b, err := truth.Asymptote()
	if err != nil {
		return nil, err
	}
	nmax := 0
	for _, n := range opt.SampleSizes {
		if n > nmax {
			nmax = n
		}
	}
	full := make([]passk.Counts, opt.Seeds)
	for i := range full {
		if full[i], err = Simulate(truth, problems, nmax, opt.Seed+uint64(i)*7919); err != nil {
			return nil, err
		}
	}
	r := newResult([]passk.Counts{{Name: truth.String()}}, opt)
	for e := range opt.Estimators {
		r.Reference[e][0] = b
	}
	err = r.run(opt, func(t btTask, rng *rand.Rand) (float64, error) {
		c := full[t.seed]
		if opt.SampleSizes[t.s] < nmax {
			// A local error: the tasks run on several workers at once.
			sub, err := subsample(c, opt.SampleSizes[t.s], rng)
			if err != nil {
				return 0, err
			}
			c = sub
		}
		return EstimateB(c, opt.Estimators[t.e])
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

func newResult(datasets []passk.Counts, opt BacktestOptions) *BacktestResult {
	r := &BacktestResult{Estimators: opt.Estimators, SampleSizes: opt.SampleSizes}
	for _, c := range datasets {
		r.Datasets = append(r.Datasets, c.Name)
	}
	ne, ns := len(opt.Estimators), len(opt.SampleSizes)
	r.Reference = make([][]float64, ne)
	r.Estimates = make([][][]float64, ne)
	r.RelErr = make([][][]float64, ne)
	r.MedianRelErr = make([][]float64, ne)
	for e := range r.Reference {
		r.Reference[e] = make([]float64, len(datasets))
		r.Estimates[e] = make([][]float64, ns)
		r.RelErr[e] = make([][]float64, ns)
		r.MedianRelErr[e] = make([]float64, ns)
		for s := range r.Estimates[e] {
			r.Estimates[e][s] = make([]float64, len(datasets)*opt.Seeds)
			r.RelErr[e][s] = make([]float64, len(datasets)*opt.Seeds)
		}
	}
	r.SamplesTo10Pct = make([]int, ne)
	return r
}

// run evaluates every (estimator, size, dataset, seed) task on a worker
// pool. Each task has its own PCG stream keyed by (seed, dataset, size,
// seed index) — the same subsample for every estimator — so results do not
// depend on scheduling.
func (r *BacktestResult) run(opt BacktestOptions, est func(btTask, *rand.Rand) (float64, error)) error {
	nd := len(r.Datasets)
	var tasks []btTask
	for e := range opt.Estimators {
		for s := range opt.SampleSizes {
			for d := 0; d < nd; d++ {
				for seed := 0; seed < opt.Seeds; seed++ {
					tasks = append(tasks, btTask{e, s, d, seed})
				}
			}
		}
	}
	var mu sync.Mutex
	var firstErr error
	ctx := opt.Context
	cancelled := func() error {
		if ctx == nil {
			return nil
		}
		return ctx.Err()
	}
	if err := cancelled(); err != nil {
		return fmt.Errorf("monkeys: backtest cancelled (0 of %d tasks finished): %w", len(tasks), err)
	}
	var finished atomic.Int64
	tick := par.Ticker(opt.Progress, len(tasks))
	par.For(opt.Workers, len(tasks), func() func(int) {
		return func(k int) {
			if cancelled() != nil {
				return // start no more tasks
			}
			defer tick()
			defer finished.Add(1)
			t := tasks[k]
			stream := uint64(((t.s*nd)+t.d)*opt.Seeds + t.seed)
			rng := rand.New(rand.NewPCG(opt.Seed, stream))
			b, err := est(t, rng)
			if err != nil && !isNoData(err) {
				mu.Lock()
				if firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
			}
			i := t.d*opt.Seeds + t.seed
			ref := r.Reference[t.e][t.d]
			if err != nil || math.IsNaN(b) {
				r.Estimates[t.e][t.s][i] = math.NaN()
				r.RelErr[t.e][t.s][i] = math.Inf(1)
				return
			}
			r.Estimates[t.e][t.s][i] = b
			r.RelErr[t.e][t.s][i] = math.Abs(b-ref) / math.Abs(ref)
		}
	})
	if err := cancelled(); err != nil && finished.Load() < int64(len(tasks)) {
		return fmt.Errorf("monkeys: backtest cancelled (%d of %d tasks finished): %w", finished.Load(), len(tasks), err)
	}
	if firstErr != nil {
		return firstErr
	}
	for e := range r.Estimators {
		r.SamplesTo10Pct[e] = -1
		for s := range r.SampleSizes {
			r.MedianRelErr[e][s] = num.Median(r.RelErr[e][s])
		}
		// smallest size from which on every larger size is within 10%
		for s := len(r.SampleSizes) - 1; s >= 0 && r.MedianRelErr[e][s] <= 0.1; s-- {
			r.SamplesTo10Pct[e] = r.SampleSizes[s]
		}
	}
	return nil
}

// isNoData reports errors that mean "this subsample carries no signal"
// (nothing solved, or pass@k = 1 everywhere): counted as failed runs.
func isNoData(err error) bool {
	s := err.Error()
	return strings.Contains(s, "ever solved") || strings.Contains(s, "needs 2 points")
}
