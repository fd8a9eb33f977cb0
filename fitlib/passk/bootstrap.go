package passk

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync"

	"github.com/gophernote/gophernote/fitlib/internal/num"
	"github.com/gophernote/gophernote/fitlib/internal/par"
)

// BootstrapOptions configures Bootstrap. The zero value means 1,000
// resamples, a 95% interval, seed 0, GOMAXPROCS workers, no cancellation
// and no progress reports.
type BootstrapOptions struct {
	Resamples int     // number of resamples of the problems (default 1000)
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

// Interval is the bootstrap summary of the benchmark-level pass@k at one k.
type Interval struct {
	K        int
	Estimate float64 // mean over the problems actually observed
	Lo, Hi   float64 // percentile interval of the resampled means
}

// Bootstrap resamples problems with replacement and returns, for each k in
// ks, the mean pass@k and a percentile interval. Results depend only on the
// options, never on the number of workers. Quantiles interpolate linearly
// between order statistics (numpy's default "linear" method, Hyndman & Fan
// type 7; see fitlib/internal/num.QuantileSorted).
func Bootstrap(ns, cs []int, ks []int, opt BootstrapOptions) ([]Interval, error) {
	m, err := Matrix(ns, cs, ks)
	if err != nil {
		return nil, err
	}
	B := opt.Resamples
	if B == 0 {
		B = 1000
	}
	if B < 0 {
		return nil, fmt.Errorf("passk: Resamples = %d, need > 0", B)
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
	var mu sync.Mutex
	done, every := 0, max(1, B/100)
	cancelled := func() bool { return opt.Context != nil && opt.Context.Err() != nil }
	par.For(workers, B, func() func(int) {
		sum := make([]float64, nk)
		return func(b int) {
			if cancelled() {
				return
			}
			if opt.Progress != nil {
				defer func() {
					mu.Lock()
					done++
					if done%every == 0 || done == B {
						opt.Progress(done, B)
					}
					mu.Unlock()
				}()
			}
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
	est := colMeans(m, nk)
	out := make([]Interval, nk)
	a := (1 - level) / 2
	for j, k := range ks {
		col := means[j*B : (j+1)*B]
		sort.Float64s(col)
		out[j] = Interval{K: k, Estimate: est[j], Lo: num.QuantileSorted(col, a), Hi: num.QuantileSorted(col, 1-a)}
	}
	return out, nil
}
