package passk

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"

	"github.com/gophernote/gophernote/fitlib/internal/num"
	"github.com/gophernote/gophernote/fitlib/internal/par"
	"github.com/gophernote/gophernote/fitlib/internal/report"
)

// DefaultResamples is the number of resamples when BootstrapOptions leave
// Resamples at zero: 1,000, the default of every fitlib bootstrap (see
// fit.DefaultResamples for why).
const DefaultResamples = 1000

// BootstrapOptions configures Bootstrap. The zero value means 1,000
// resamples, a 95% interval, seed 0, GOMAXPROCS workers, no cancellation
// and no progress reports.
type BootstrapOptions struct {
	Resamples int     // number of resamples of the problems (default DefaultResamples)
	Level     float64 // interval coverage in (0,1) (default 0.95)
	Seed      uint64  // resample b uses a PCG stream seeded with (Seed, b)
	Workers   int     // parallel workers (default GOMAXPROCS)
	// Context, when set, stops the bootstrap once cancelled (in a notebook
	// cell: display.Context()); Bootstrap then returns its error.
	Context context.Context
	// Progress, when set, is called with the resamples done and the total,
	// at most about 100 times and once at the end, never concurrently.
	Progress func(done, total int)
}

// BootstrapResult holds the bootstrap of the benchmark-level pass@k at
// every k (the bootstrap shape every fitlib package shares: Names,
// Estimate, SE, Lo, Hi, Median, Samples, Failed, Resamples, Level).
type BootstrapResult struct {
	Ks       []int
	Names    []string    // "pass@1", "pass@10", ...: one per k
	Estimate []float64   // mean pass@k over the problems actually observed
	SE       []float64   // standard deviation of the resampled means
	Lo, Hi   []float64   // percentile interval of the resampled means at Level
	Median   []float64   // median of the resampled means
	Samples  [][]float64 // [resample][k]: the resampled means
	// Failed is always 0 (a resample of problems cannot fail); it is
	// here for the shared shape.
	Failed    int
	Resamples int
	Level     float64
}

// Bootstrap resamples the problems of c with replacement and returns, for
// each k in ks, the mean pass@k and a percentile interval. Results depend
// only on the options, never on the number of workers. Quantiles
// interpolate linearly between order statistics (numpy's default "linear"
// method, Hyndman & Fan type 7; see fitlib/internal/num.QuantileSorted).
func Bootstrap(c Counts, ks []int, opt BootstrapOptions) (*BootstrapResult, error) {
	m, err := c.Matrix(ks)
	if err != nil {
		return nil, err
	}
	B := opt.Resamples
	if B == 0 {
		B = DefaultResamples
	}
	if B < 0 {
		return nil, fmt.Errorf("passk: Resamples = %d, need > 0 (0 means %d)", B, DefaultResamples)
	}
	level := opt.Level
	if level == 0 {
		level = 0.95
	}
	if !(level > 0 && level < 1) {
		return nil, fmt.Errorf("passk: Level = %v, need 0 < Level < 1", opt.Level)
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	nk, np := len(ks), len(m)
	// means[j*B+b]: mean at ks[j] of resample b.
	means := make([]float64, nk*B)
	tick := par.Ticker(opt.Progress, B)
	cancelled := func() bool { return opt.Context != nil && opt.Context.Err() != nil }
	par.For(workers, B, func() func(int) {
		sum := make([]float64, nk)
		return func(b int) {
			if cancelled() {
				return
			}
			defer tick()
			r := rand.New(rand.NewPCG(opt.Seed, uint64(b)))
			clear(sum)
			for range np {
				for j, v := range m[r.IntN(np)] {
					sum[j] += v
				}
			}
			for j := range sum {
				means[j*B+b] = sum[j] / float64(np)
			}
		}
	})
	if cancelled() {
		return nil, fmt.Errorf("passk: bootstrap cancelled: %w", opt.Context.Err())
	}
	res := &BootstrapResult{Ks: append([]int(nil), ks...), Estimate: colMeans(m, nk), Resamples: B, Level: level}
	res.Samples = make([][]float64, B)
	for b := range res.Samples {
		res.Samples[b] = make([]float64, nk)
		for j := range ks {
			res.Samples[b][j] = means[j*B+b]
		}
	}
	for _, k := range ks {
		res.Names = append(res.Names, fmt.Sprintf("pass@%d", k))
	}
	res.Lo, res.Hi, res.Median, res.SE = num.Percentiles(res.Samples, nk, level)
	return res, nil
}

func (b *BootstrapResult) table() *report.Table {
	t := &report.Table{Title: fmt.Sprintf("pass@k bootstrap over problems: %d resamples, %g%% percentile intervals", b.Resamples, 100*b.Level),
		Header: []string{"k", "pass@k", "SE", "interval", "median"}}
	for j, k := range b.Ks {
		t.Add(fmt.Sprint(k), report.Num(b.Estimate[j]), report.Num(b.SE[j]), report.Interval(b.Lo[j], b.Hi[j]), report.Num(b.Median[j]))
	}
	return t
}

// MIMEBundle shows the bootstrap as a table (text/html and text/plain)
// when it ends a notebook cell.
func (b *BootstrapResult) MIMEBundle() map[string]string { return report.Bundle(b.table()) }

// String is the text table.
func (b *BootstrapResult) String() string { return b.table().Text() }
