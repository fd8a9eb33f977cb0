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
// refits the frontier on each resample (see bootstrapParams). Percentiles
// use linear interpolation between order statistics (numpy's default).
// With the same Replicates and Seed as the fit's Options (SEReplicates,
// Seed) it reproduces the replicates behind Result.SE.
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
	params, failed, err := bootstrapParams(z, y, fit, opt.Replicates, opt.Seed, opt.Workers, opt.Context)
	if err != nil {
		return nil, err
	}
	band := &Band{Grid: opt.Grid, Level: opt.Level, Fit: fit.Params.Curve(opt.Grid), Params: params, Failed: failed}
	band.Lo, band.Median, band.Hi = make([]float64, len(opt.Grid)), make([]float64, len(opt.Grid)), make([]float64, len(opt.Grid))
	for k, g := range opt.Grid {
		band.Lo[k], band.Median[k], band.Hi[k] = band.interval(g)
	}
	return band, nil
}

// bandOf builds the percentile band of a fit's bootstrap replicates
// (Result.Replicates) over 100 points spanning z.
func bandOf(fit *Result, z []float64, level float64) *Band {
	lo, hi := zRange(z)
	grid := make([]float64, 100)
	for k := range grid {
		grid[k] = lo + (hi-lo)*float64(k)/99
	}
	b := &Band{Grid: grid, Level: level, Fit: fit.Params.Curve(grid), Params: fit.Replicates}
	b.Lo, b.Median, b.Hi = make([]float64, len(grid)), make([]float64, len(grid)), make([]float64, len(grid))
	for k, g := range grid {
		b.Lo[k], b.Median[k], b.Hi[k] = b.interval(g)
	}
	return b
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
func bootstrapParams(z, y []float64, fit *Result, B int, seed uint64, workers int, ctx context.Context) ([]Params, int, error) {
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
			if !math.IsNaN(r.Objective) && !math.IsInf(r.Objective, 0) && r.Final.Valid() == nil {
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
