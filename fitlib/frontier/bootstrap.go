package frontier

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync/atomic"

	fitpkg "github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/internal/num"
	"github.com/gophernote/gophernote/fitlib/internal/par"
)

// BootstrapOptions configure the nonparametric bootstrap of a frontier.
// The zero value means fit.DefaultResamples resamples, 95% intervals, seed
// 0, a band over 100 points spanning the data, GOMAXPROCS workers, no
// cancellation and no progress reports.
type BootstrapOptions struct {
	Resamples int     // resamples of the points (default fit.DefaultResamples)
	Level     float64 // interval level (default 0.95)
	Seed      uint64  // resampling seed
	Workers   int     // parallel refits (default GOMAXPROCS)
	// Context, when set, stops the bootstrap once cancelled: no further
	// resample starts, running refits stop, and Bootstrap returns an
	// error wrapping ctx.Err() that says how many resamples finished.
	// Nil means never cancelled (the Context of the fitted Result's
	// Options is not used: it may belong to an earlier, finished cell).
	Context context.Context
	// Progress, when set, is called with the resamples finished and the
	// total, at most about 100 times and once at the end, never
	// concurrently.
	Progress func(done, total int)
	Grid     []float64 // z values of the band (default: 100 points over the data)
}

// BootstrapResult is the bootstrap of a frontier: the shape every fitlib
// bootstrap shares for the parameters (y0, L, a, b), and the pointwise
// percentile band of the frontier over Grid.
type BootstrapResult struct {
	Names    []string    // y0, L, a, b
	Estimate []float64   // the full-data fit's parameters
	SE       []float64   // standard deviation of the resampled parameters
	Lo, Hi   []float64   // percentile interval of each parameter at Level
	Median   []float64   // median of the resampled parameters
	Samples  [][]float64 // [resample][parameter], successful refits only
	Failed   int         // resamples whose refit failed (left out)
	// Resamples is the number of resamples drawn.
	Resamples int
	Level     float64

	Grid       []float64 // z values of the band
	Curve      []float64 // the full-data frontier on Grid
	BandLo     []float64 // pointwise percentile band on Grid at Level
	BandMedian []float64
	BandHi     []float64
	params     []Params
}

// Bootstrap resamples the points with replacement (as integer weights) and
// refits the frontier on each resample (see bootstrapParams). Percentiles
// use linear interpolation between order statistics (numpy's default).
// With the same Resamples and Seed as the fit's Options it reproduces the
// resamples behind Result.SE.
func Bootstrap(z, y []float64, fit *Result, opt BootstrapOptions) (*BootstrapResult, error) {
	if fit == nil {
		return nil, fmt.Errorf("frontier: bootstrap needs a fitted frontier")
	}
	fo := fit.Options
	if err := checkPoints(fo.Task, z, y, MinPoints); err != nil {
		return nil, err
	}
	if opt.Resamples < 0 {
		return nil, fmt.Errorf("%s: bootstrap Resamples = %d, need > 0 (0 means %d)", label(fo.Task), opt.Resamples, fitpkg.DefaultResamples)
	}
	if opt.Resamples == 0 {
		opt.Resamples = fitpkg.DefaultResamples
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
		opt.Grid = defaultGrid(z)
	}
	params, failed, err := bootstrapParams(z, y, fit, opt.Resamples, opt.Seed, opt.Workers, opt.Context, opt.Progress)
	if err != nil {
		return nil, err
	}
	b := newBootstrapResult(fit, params, opt.Grid, opt.Level)
	b.Failed, b.Resamples = failed, opt.Resamples
	return b, nil
}

// defaultGrid is 100 points spanning z.
func defaultGrid(z []float64) []float64 {
	lo, hi := zRange(z)
	grid := make([]float64, 100)
	for k := range grid {
		grid[k] = lo + (hi-lo)*float64(k)/99
	}
	return grid
}

// newBootstrapResult summarises replicate parameters around fit.
func newBootstrapResult(fit *Result, params []Params, grid []float64, level float64) *BootstrapResult {
	v := fit.Params.Vector()
	b := &BootstrapResult{Names: ParamNames(), Estimate: v[:], Level: level, Resamples: len(params), params: params,
		Grid: grid, Curve: fit.Params.Curve(grid)}
	for _, p := range params {
		q := p.Vector()
		b.Samples = append(b.Samples, q[:])
	}
	b.Lo, b.Hi, b.Median, b.SE = num.Percentiles(b.Samples, 4, level)
	b.BandLo, b.BandMedian, b.BandHi = make([]float64, len(grid)), make([]float64, len(grid)), make([]float64, len(grid))
	for k, g := range grid {
		b.BandLo[k], b.BandMedian[k], b.BandHi[k] = b.interval(g)
	}
	return b
}

// bandOf builds the bootstrap of a fit's own resamples (Result.Samples)
// with a band over 100 points spanning z.
func bandOf(fit *Result, z []float64, level float64) *BootstrapResult {
	return newBootstrapResult(fit, fit.Samples, defaultGrid(z), level)
}

// testHookBootstrap, when set (tests), is called as bootstrapParams
// starts its refits.
var testHookBootstrap func()

// bootstrapParams refits the frontier on B resamples of the points (drawn
// with replacement, as integer weights; resample b uses the PCG stream
// (seed, b+1)) and returns the replicate parameters of the refits that
// succeeded and the number that failed. Each refit starts from fit's
// optimum and runs the final continuation stage only (the data are a
// perturbation of the original, so the multi-start search is not
// repeated), by damped Newton steps with L-BFGS as the fallback. The
// points are grouped once; each resample only changes their weights.
func bootstrapParams(z, y []float64, fit *Result, B int, seed uint64, workers int, ctx context.Context, progress func(done, total int)) ([]Params, int, error) {
	fo := fit.Options
	one := fo
	one.Stages = fo.Stages[len(fo.Stages)-1:]
	one.Context = ctx
	if err := ctxErr(ctx); err != nil {
		return nil, 0, fmt.Errorf("%s: bootstrap cancelled (0 of %d replicates finished): %w", label(fo.Task), B, err)
	}
	if testHookBootstrap != nil {
		testHookBootstrap()
	}
	base := newSigmoidObjective(z, y, nil)
	base.configure(fo)
	var finished atomic.Int64
	tick := par.Ticker(progress, B)
	params := make([]Params, B)
	ok := make([]bool, B)
	par.For(workers, B, func() func(int) {
		w := make([]float64, len(z))
		sv := newStageSolver(base.clone())
		sv.ctx = ctx
		sv.newtonFirst = true
		return func(b int) {
			if ctxErr(ctx) != nil {
				return // cancelled: start no more replicates
			}
			rng := rand.New(rand.NewPCG(seed, uint64(b)+1))
			for i := range w {
				w[i] = 0
			}
			for range z {
				w[rng.IntN(len(z))]++
			}
			sv.o.reweight(w)
			r, _ := runStart(sv, fit.Params, one)
			if ctxErr(ctx) != nil {
				return // the refit may have been stopped: not finished
			}
			finished.Add(1)
			tick()
			if !math.IsNaN(r.objective) && !math.IsInf(r.objective, 0) && r.Final.Valid() == nil {
				params[b], ok[b] = r.Final, true
			}
		}
	})
	if err := ctxErr(ctx); err != nil && finished.Load() < int64(B) {
		return nil, 0, fmt.Errorf("%s: bootstrap cancelled (%d of %d replicates finished): %w", label(fo.Task), finished.Load(), B, err)
	}
	var out []Params
	failed := 0
	for b := range params {
		if ok[b] {
			out = append(out, params[b])
		} else {
			failed++
		}
	}
	if len(out) < 2 {
		return nil, failed, fmt.Errorf("%s: bootstrap: only %d of %d refits succeeded", label(fo.Task), len(out), B)
	}
	return out, failed, nil
}

// interval returns the lower, median and upper percentile of the
// replicate frontiers at z.
func (b *BootstrapResult) interval(z float64) (lo, med, hi float64) {
	v := make([]float64, len(b.params))
	for i, p := range b.params {
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
// with the bootstrap's percentile interval at that compute.
func AttainableAt(fit *Result, band *BootstrapResult, flops float64) (Attainable, error) {
	if !(flops > 0) || math.IsInf(flops, 0) {
		return Attainable{}, fmt.Errorf("frontier: attainable score: compute %v FLOPs must be positive", flops)
	}
	if fit == nil || band == nil {
		return Attainable{}, fmt.Errorf("frontier: attainable score needs a fit and its bootstrap")
	}
	z := math.Log10(flops)
	lo, _, hi := band.interval(z)
	return Attainable{FLOPs: flops, Z: z, Value: fit.Params.At(z), Lo: lo, Hi: hi, Level: band.Level}, nil
}
