package fit

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/gophernote/gophernote/fitlib/internal/num"
	"github.com/gophernote/gophernote/fitlib/internal/par"
)

// DefaultResamples is the number of resamples of every fitlib bootstrap
// whose options leave Resamples at zero. Percentile intervals need about
// a thousand: the Monte Carlo error of a 95% interval's end point over B
// resamples of a normal estimate is sqrt(0.025 x 0.975/B)/phi(1.96) =
// 2.7 SE/sqrt(B), 0.19 SE at B = 200 and 0.084 SE at B = 1000
// (TestDefaultResamplesEndpointError measures it); a standard error alone
// would do with a few hundred.
const DefaultResamples = 1000

// BootstrapOptions configures Bootstrap. The zero value means
// DefaultResamples resamples, 95% percentile intervals, seed 0, GOMAXPROCS
// workers, no cancellation, no progress reports, and the full-data fit
// with the zero Options.
type BootstrapOptions struct {
	Resamples int     // resamples of the rows (default DefaultResamples)
	Level     float64 // interval coverage in (0, 1) (default 0.95)
	Seed      uint64  // resample b draws rows with a PCG stream seeded (Seed, b)
	Workers   int     // parallel refits (default GOMAXPROCS)
	// Context, when set, stops the bootstrap once cancelled (in a notebook
	// cell: display.Context()): the full-data fit and the refits stop, and
	// Bootstrap returns an error wrapping the context's.
	Context context.Context
	// Progress, when set, is called with the resamples done and the
	// total, at most about 100 times and once at the end, never
	// concurrently.
	Progress func(done, total int)
	// Fit configures the full-data fit (starts, grids, tolerances, the
	// local method); its Workers, Context and Progress are replaced by the
	// bootstrap's.
	Fit Options
}

// BootstrapResult holds the resampled estimates of every parameter and
// their percentile intervals (the bootstrap shape every fitlib package
// shares: Names, Estimate, SE, Lo, Hi, Median, Samples, Failed,
// Resamples, Level).
type BootstrapResult struct {
	Names    []string
	Estimate []float64   // the full-data fit's parameters (Fit.Params)
	SE       []float64   // standard deviation of the resampled estimates
	Lo, Hi   []float64   // percentile interval per parameter at Level
	Median   []float64   // median of the resampled estimates
	Samples  [][]float64 // [resample][parameter], converged resamples only
	Failed   int         // resamples whose refit did not converge (left out)
	// Resamples is the number of resamples drawn (converged or not).
	Resamples int
	Level     float64
	Fit       *Result // the fit on all rows
	pr        *prepared
}

// Bootstrap fits the problem on all rows (with opt.Fit, multi-start), then
// refits Resamples resamples of the rows drawn with replacement, each as
// row weights (how often a row was drawn), starting from the full-data
// optimum. Resamples run in parallel; the result does not depend on the
// number of workers. Needs a Formula problem or an Objective with Rows.
func Bootstrap(pb Problem, opt BootstrapOptions) (*BootstrapResult, error) {
	pr, err := prepare(&pb)
	if err != nil {
		return nil, err
	}
	if pr.n == 0 {
		return nil, fmt.Errorf("fit: bootstrap needs rows: give a Formula, or Rows for an Objective")
	}
	B := opt.Resamples
	if B == 0 {
		B = DefaultResamples
	}
	level := opt.Level
	if level == 0 {
		level = 0.95
	}
	if B < 0 {
		return nil, fmt.Errorf("fit: bootstrap Resamples = %d, need > 0 (0 means %d)", opt.Resamples, DefaultResamples)
	}
	if !(level > 0 && level < 1) {
		return nil, fmt.Errorf("fit: bootstrap Level = %v, need 0 < Level < 1", opt.Level)
	}
	fo := opt.Fit
	fo.Workers, fo.Context, fo.Progress = opt.Workers, opt.Context, nil
	if fo.SE == SEBootstrap {
		fo.SE = SEAuto // the resamples below are the bootstrap
	}
	full, err := Fit(pb, fo)
	if err != nil {
		return nil, err
	}
	fo = fo.withDefaults()
	fo.Progress = opt.Progress
	return pr.resample(full, &fo, B, level, opt.Seed)
}

// resample refits B resamples of the rows from the optimum full.
func (pr *prepared) resample(full *Result, opt *Options, B int, level float64, seed uint64) (*BootstrapResult, error) {
	var err error
	k := len(pr.names)
	for _, j := range pr.free {
		if _, err = pr.params[j].inverse(full.Params[j]); err != nil {
			return nil, fmt.Errorf("fit: bootstrap cannot start at a bound: %w", err)
		}
	}
	// Rows eligible for resampling: those with positive base weight.
	var rows []int
	for i := 0; i < pr.n; i++ {
		if pr.weights == nil || pr.weights[i] > 0 {
			rows = append(rows, i)
		}
	}
	est := make([][]float64, B)
	ok := make([]bool, B)
	check := pr.stepCheck(full.unc)
	tick := par.Ticker(opt.Progress, B)
	par.For(opt.Workers, B, func() func(int) {
		wk := newWorker(pr)
		lb := newLBFGS(len(pr.free))
		wts := make([]float64, pr.n)
		wk.w = wts
		start := append([]float64(nil), full.Params...)
		gp := make([]float64, k)
		if opt.Context != nil {
			lb.stop = func() bool { return opt.Context.Err() != nil }
		}
		return func(b int) {
			if lb.stop != nil && lb.stop() {
				return // cancelled: the resample stays unfitted
			}
			r := rand.New(rand.NewPCG(seed, uint64(b)))
			clear(wts)
			for range rows {
				i := rows[r.IntN(len(rows))]
				wts[i]++
			}
			if pr.weights != nil {
				for i := range wts {
					wts[i] *= pr.weights[i]
				}
			}
			s := pr.runStart(wk, lb, b, start, opt)
			if check != nil {
				// judge (and if needed polish) the refit on the full
				// fit's statistical scale, as Fit does
				tight := *opt
				tight.NoFallback = true
				for round := 0; ; round++ {
					wk.natural(s.Params, gp)
					step := check(s.Params, gp)
					if step <= opt.ConvergeSE {
						if !s.Converged() {
							s.Status = StatusWithinSE
						}
						break
					}
					if round == 3 || !s.code.polishable() {
						if s.Converged() {
							s.Status = StatusNotConverged
						}
						break
					}
					tight.GTol, tight.FTol = tight.GTol*1e-3, tight.FTol*1e-3
					if t := pr.runStart(wk, lb, b, s.Params, &tight); t.Objective <= s.Objective {
						s = t
					}
				}
			}
			est[b], ok[b] = s.Params, s.Converged()
			tick()
		}
	})
	if opt.Context != nil && opt.Context.Err() != nil {
		return nil, fmt.Errorf("fit: bootstrap cancelled: %w", opt.Context.Err())
	}
	res := &BootstrapResult{Names: pr.names, Estimate: full.Params, Fit: full, Level: level, Resamples: B, pr: pr}
	for b := range est {
		if ok[b] {
			res.Samples = append(res.Samples, est[b])
		} else {
			res.Failed++
		}
	}
	if len(res.Samples) == 0 {
		return res, fmt.Errorf("fit: no bootstrap resample converged (%d tried)", B)
	}
	res.Lo, res.Hi, res.Median, res.SE = num.Percentiles(res.Samples, k, level)
	return res, nil
}

// percentile returns the central percentile interval at level of
// parameter j over the resamples.
func (b *BootstrapResult) percentile(j int, level float64) (lo, hi float64) {
	col := make([]float64, 0, len(b.Samples))
	for _, s := range b.Samples {
		col = append(col, s[j])
	}
	sort.Float64s(col)
	a := (1 - level) / 2
	return num.QuantileSorted(col, a), num.QuantileSorted(col, 1-a)
}

// Cov returns the sample covariance of the resampled estimates (n - 1
// denominator), one row and column per parameter.
func (b *BootstrapResult) Cov() [][]float64 {
	k := len(b.Names)
	c := make([][]float64, k)
	for i := range c {
		c[i] = make([]float64, k)
	}
	n := len(b.Samples)
	if n < 2 {
		return c
	}
	mean := make([]float64, k)
	for _, s := range b.Samples {
		for j, v := range s {
			mean[j] += v / float64(n)
		}
	}
	for _, s := range b.Samples {
		for i := 0; i < k; i++ {
			for j := 0; j < k; j++ {
				c[i][j] += (s[i] - mean[i]) * (s[j] - mean[j]) / float64(n-1)
			}
		}
	}
	return c
}

// bootstrapCov runs opt.Resamples resamples from the optimum and returns
// the covariance of the active parameters; the resamples stay in res.boot
// for percentile intervals.
func (pr *prepared) bootstrapCov(pb *Problem, res *Result, active []int, opt *Options) (*mat.SymDense, error) {
	if pr.n == 0 {
		return nil, fmt.Errorf("a bootstrap needs rows: give a Formula, or Rows for an Objective")
	}
	quiet := *opt
	quiet.Progress = nil // Options.Progress counts starts, not resamples
	b, err := pr.resample(res, &quiet, opt.Resamples, opt.Level, opt.Seed)
	if err != nil {
		return nil, err
	}
	if len(b.Samples) < 2 {
		return nil, fmt.Errorf("%d of %d bootstrap refits converged", len(b.Samples), opt.Resamples)
	}
	res.boot = b
	c := b.Cov()
	k := len(active)
	out := mat.NewSymDense(k, nil)
	for a, ja := range active {
		for d := a; d < k; d++ {
			out.SetSym(a, d, c[ja][active[d]])
		}
	}
	return out, nil
}
