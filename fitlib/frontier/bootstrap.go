package frontier

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync/atomic"

	"github.com/gophernote/gophernote/fitlib/internal/num"
	"github.com/gophernote/gophernote/fitlib/internal/par"
)

// BootstrapOptions configure the nonparametric bootstrap of a frontier.
type BootstrapOptions struct {
	Replicates int       // resamples (default 200)
	Level      float64   // interval level (default 0.95)
	Seed       uint64    // resampling seed
	Grid       []float64 // z values of the band (default: 100 points over the data)
	Workers    int       // parallel refits (default GOMAXPROCS)
	// Context, when set, stops the bootstrap once cancelled: no further
	// replicate starts, running refits stop, and Bootstrap returns an
	// error wrapping ctx.Err() that says how many replicates finished.
	// Nil means never cancelled (the Context of the fitted Result's
	// Options is not used: it may belong to an earlier, finished cell).
	Context context.Context
}

// Band is a pointwise percentile band of the frontier over Grid.
type Band struct {
	Grid           []float64
	Fit            []float64 // full-data frontier
	Lo, Median, Hi []float64
	Level          float64
	Params         []Params // one per replicate
	Failed         int      // replicates whose refit failed (left out)
}

// Bootstrap resamples the points with replacement (as integer weights) and
// refits the frontier on each resample. Each refit starts from the
// full-data optimum fit and runs the final continuation stage only (the
// data are a perturbation of the original, so the multi-start search is
// not repeated). Percentiles use linear interpolation between order
// statistics (numpy's default).
func Bootstrap(z, y []float64, fit *Result, opt BootstrapOptions) (*Band, error) {
	if fit == nil {
		return nil, fmt.Errorf("frontier: bootstrap needs a fitted frontier")
	}
	fo := fit.Options
	if err := checkPoints(fo.Task, z, y, MinPoints); err != nil {
		return nil, err
	}
	if opt.Replicates <= 0 {
		opt.Replicates = 200
	}
	if opt.Level == 0 {
		opt.Level = 0.95
	}
	if !(opt.Level > 0 && opt.Level < 1) {
		return nil, fmt.Errorf("%s: bootstrap level %v must be in (0,1)", label(fo.Task), opt.Level)
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if opt.Grid == nil {
		lo, hi := zRange(z)
		opt.Grid = make([]float64, 100)
		for k := range opt.Grid {
			opt.Grid[k] = lo + (hi-lo)*float64(k)/99
		}
	}
	one := fo
	one.Stages = fo.Stages[len(fo.Stages)-1:]
	one.Workers = 1
	one.Context = opt.Context
	ctx := opt.Context
	if err := ctxErr(ctx); err != nil {
		return nil, fmt.Errorf("%s: bootstrap cancelled (0 of %d replicates finished): %w", label(fo.Task), opt.Replicates, err)
	}
	var finished atomic.Int64
	params := make([]Params, opt.Replicates)
	ok := make([]bool, opt.Replicates)
	par.For(opt.Workers, opt.Replicates, func() func(int) {
		w := make([]float64, len(z))
		return func(b int) {
			if ctxErr(ctx) != nil {
				return // cancelled: start no more replicates
			}
			rng := rand.New(rand.NewPCG(opt.Seed, uint64(b)+1))
			for i := range w {
				w[i] = 0
			}
			for range z {
				w[rng.IntN(len(z))]++
			}
			start := fit.Params
			r, err := fitWeighted(z, y, w, one, &start)
			if ctxErr(ctx) != nil {
				return // the refit may have been stopped: not finished
			}
			finished.Add(1)
			if err == nil {
				params[b], ok[b] = r.Params, true
			}
		}
	})
	if err := ctxErr(ctx); err != nil && finished.Load() < int64(opt.Replicates) {
		return nil, fmt.Errorf("%s: bootstrap cancelled (%d of %d replicates finished): %w", label(fo.Task), finished.Load(), opt.Replicates, err)
	}
	band := &Band{Grid: opt.Grid, Level: opt.Level, Fit: fit.Params.Curve(opt.Grid)}
	for b := range params {
		if ok[b] {
			band.Params = append(band.Params, params[b])
		} else {
			band.Failed++
		}
	}
	if len(band.Params) < 2 {
		return nil, fmt.Errorf("%s: bootstrap: only %d of %d refits succeeded", label(fo.Task), len(band.Params), opt.Replicates)
	}
	band.Lo, band.Median, band.Hi = make([]float64, len(opt.Grid)), make([]float64, len(opt.Grid)), make([]float64, len(opt.Grid))
	for k, g := range opt.Grid {
		band.Lo[k], band.Median[k], band.Hi[k] = band.interval(g)
	}
	return band, nil
}

// interval returns the lower, median and upper percentile of the
// replicate frontiers at z.
func (b *Band) interval(z float64) (lo, med, hi float64) {
	v := make([]float64, len(b.Params))
	for i, p := range b.Params {
		v[i] = p.At(z)
	}
	sort.Float64s(v)
	a := (1 - b.Level) / 2
	return num.QuantileSorted(v, a), num.QuantileSorted(v, 0.5), num.QuantileSorted(v, 1-a)
}

// Attainable is the frontier value at a compute budget with its bootstrap
// interval.
type Attainable struct {
	FLOPs, Z      float64
	Value, Lo, Hi float64
	Level         float64
}

// AttainableAt returns the attainable score q(log10 flops) of the full fit
// with the band's percentile interval at that compute.
func AttainableAt(fit *Result, band *Band, flops float64) (Attainable, error) {
	if !(flops > 0) || math.IsInf(flops, 0) {
		return Attainable{}, fmt.Errorf("frontier: attainable score: compute %v FLOPs must be positive", flops)
	}
	if fit == nil || band == nil {
		return Attainable{}, fmt.Errorf("frontier: attainable score needs a fit and a bootstrap band")
	}
	z := math.Log10(flops)
	lo, _, hi := band.interval(z)
	return Attainable{FLOPs: flops, Z: z, Value: fit.Params.At(z), Lo: lo, Hi: hi, Level: band.Level}, nil
}
