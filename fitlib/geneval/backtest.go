package geneval

import (
	"context"
	"fmt"
	"math"
)

// BacktestResult is a law fitted on the checkpoints with compute C <=
// C_max for a sequence of caps, predicting the most expensive checkpoint
// (the target).
type BacktestResult struct {
	Law           Law
	Benchmark     string
	K             int
	Target        string  // most expensive checkpoint
	TargetCompute float64 // C_target
	TargetPass    float64 // observed pass_B@k of the target
	Names         []string
	Full          []float64 // parameters fitted on every checkpoint
	// Per cap, aligned with Ratios = C_max/C_target (descending). A cap
	// with fewer than parameters+2 checkpoints, or whose fit failed, has
	// Fitted false and NaN in its other entries.
	Ratios    []float64
	Points    []int
	Fitted    []bool
	Converged []bool
	Predicted []float64   // predicted pass_B@k of the target
	RelError  []float64   // |predicted - observed| / observed
	Params    [][]float64 // Params[i][j]: parameter j fitted under cap i
	// Tolerance is the stability tolerance (see SettleOrders).
	Tolerance float64
}

// DefaultRatios are the caps C_max/C_target = 10^0, 10^-0.5, ..., 10^-4.
func DefaultRatios() []float64 {
	var r []float64
	for i := 0; i <= 8; i++ {
		r = append(r, math.Pow(10, -0.5*float64(i)))
	}
	return r
}

// BacktestOptions configures Backtest. The zero value means the caps
// DefaultRatios, no cancellation and no progress reports.
type BacktestOptions struct {
	// Ratios are the caps C_max/C_target, each in (0, 1] (default
	// DefaultRatios).
	Ratios []float64
	// Context, when set, stops the backtest once cancelled (in a notebook
	// cell: display.Context()), with an error wrapping its Err.
	Context context.Context
	// Progress, when set, is called after each cap with the caps done and
	// their total.
	Progress func(done, total int)
}

// Backtest backtests law at k on b (gold only for the gold-reference law)
// over the caps opt.Ratios. The target is the most expensive checkpoint
// among those the law can use; its pass_B@k must be positive and defined
// at k (its fewest samples per problem bound k).
func Backtest(b *Benchmark, gold []Gold, law Law, k int, opt BacktestOptions) (*BacktestResult, error) {
	l, err := lookupLaw(law)
	if err != nil {
		return nil, err
	}
	ratios := opt.Ratios
	if ratios == nil {
		ratios = DefaultRatios()
	}
	for _, r := range ratios {
		if !(r > 0) || r > 1 {
			return nil, fmt.Errorf("geneval: Backtest: cap ratio %v, need 0 < C_max/C_target <= 1", r)
		}
	}
	o, err := Observe(b, gold, law, k)
	if err != nil {
		return nil, err
	}
	// The target: the most expensive usable checkpoint of the law, which
	// must also be the most expensive one observed at this k.
	best := -1
	for i, ck := range b.Checkpoints {
		if law == LawGoldReference && !hasGold(gold, ck.Name) {
			continue
		}
		if best < 0 || ck.Compute() > b.Checkpoints[best].Compute() {
			best = i
		}
	}
	if best < 0 {
		return nil, fmt.Errorf("geneval: backtest %s: no checkpoints", law)
	}
	tgt := b.Checkpoints[best]
	ti := -1
	for i, name := range o.Checkpoints {
		if name == tgt.Name {
			ti = i
		}
	}
	if ti < 0 {
		return nil, fmt.Errorf("geneval: backtest %s k=%d: target %s has no usable pass@k (fewest samples per problem %d; pass@k must be > 0)", law, k, tgt.Name, tgt.Counts.MinSamples())
	}
	full, err := o.Fit()
	if err != nil {
		return nil, err
	}
	bt := &BacktestResult{Law: law, Benchmark: b.File, K: k, Target: tgt.Name, TargetCompute: tgt.Compute(),
		TargetPass: o.Pass[ti], Names: append([]string(nil), l.names...), Full: full.Params, Tolerance: 0.1}
	nan := make([]float64, len(l.names))
	for j := range nan {
		nan[j] = math.NaN()
	}
	x1, x2 := o.columns()
	target := map[string][]float64{l.vars[0]: x1[ti : ti+1]}
	if x2 != nil {
		target[l.vars[1]] = x2[ti : ti+1]
	}
	for ri, r := range ratios {
		if opt.Context != nil && opt.Context.Err() != nil {
			return nil, fmt.Errorf("geneval: Backtest %s cancelled (%d of %d caps done): %w", law, ri, len(ratios), opt.Context.Err())
		}
		if opt.Progress != nil && ri > 0 {
			opt.Progress(ri, len(ratios))
		}
		cmax := r * tgt.Compute() * (1 + 1e-12)
		n := 0
		for _, c := range o.Compute {
			if c <= cmax {
				n++
			}
		}
		bt.Ratios = append(bt.Ratios, r)
		bt.Points = append(bt.Points, n)
		var f *LawFit
		ok := n >= len(l.names)+2
		if ok {
			f, err = o.fitCtx(opt.Context, cmax)
			ok = err == nil
			if opt.Context != nil && opt.Context.Err() != nil {
				return nil, fmt.Errorf("geneval: Backtest %s cancelled (%d of %d caps done): %w", law, ri, len(ratios), opt.Context.Err())
			}
		}
		if !ok {
			bt.Fitted = append(bt.Fitted, false)
			bt.Converged = append(bt.Converged, false)
			bt.Predicted = append(bt.Predicted, math.NaN())
			bt.RelError = append(bt.RelError, math.NaN())
			bt.Params = append(bt.Params, nan)
			continue
		}
		pred, err := law.Predict(f.Params, target)
		if err != nil {
			return nil, err
		}
		p := math.Exp(-pred[0])
		bt.Fitted = append(bt.Fitted, true)
		bt.Converged = append(bt.Converged, f.Converged())
		bt.Predicted = append(bt.Predicted, p)
		bt.RelError = append(bt.RelError, math.Abs(p-bt.TargetPass)/bt.TargetPass)
		bt.Params = append(bt.Params, f.Params)
	}
	if opt.Progress != nil {
		opt.Progress(len(ratios), len(ratios))
	}
	return bt, nil
}

func hasGold(gold []Gold, name string) bool {
	for _, g := range gold {
		if g.Checkpoint == name {
			return true
		}
	}
	return false
}

// irreducible reports whether a parameter is a law's constant term, whose
// fitted value may be ~0, so that stability uses an absolute tolerance.
func irreducible(name string) bool { return name == "E0" || name == "xi0" }

// withinTolerance reports whether v is within the stability tolerance of
// full: relative tol for exponents and prefactors, absolute tol (in nats of
// -log pass@k) for the constant term.
func withinTolerance(name string, v, full, tol float64) bool {
	if math.IsNaN(v) {
		return false
	}
	if irreducible(name) {
		return math.Abs(v-full) <= tol
	}
	return math.Abs(v-full) <= tol*math.Abs(full)
}

// SettleOrders returns, for the named parameter, how many orders of
// magnitude below the target the fits settle: -log10 of the smallest ratio
// r such that every cap with C_max/C_target >= r was fitted and kept the
// parameter within Tolerance of the full-data fit (relative for exponents
// and prefactors, absolute in nats of -log pass@k for E0 and xi0). 0 means
// only the full-data fit agrees.
//
// With name "" it settles the law's shape parameters together: the
// exponents and the constant term. Prefactors are left out of the law-level
// number because they trade off against the exponents (10% on alpha at
// C ~ 1e21 moves C0 by tens of percent at an unchanged prediction); their
// own SettleOrders are reported per parameter.
func (bt *BacktestResult) SettleOrders(name string) (float64, error) {
	cols := []int{}
	for j, n := range bt.Names {
		if (name == "" && !prefactor(n)) || n == name {
			cols = append(cols, j)
		}
	}
	if len(cols) == 0 {
		return math.NaN(), fmt.Errorf("geneval: law %s has no parameter %q (has %v)", bt.Law, name, bt.Names)
	}
	settled := 1.0
	for i, r := range bt.Ratios {
		ok := bt.Fitted[i]
		for _, j := range cols {
			ok = ok && withinTolerance(bt.Names[j], bt.Params[i][j], bt.Full[j], bt.Tolerance)
		}
		if !ok {
			break
		}
		settled = math.Min(settled, r)
	}
	// Rounded to 1e-6 so that 10^-1 reads as 1, not 0.9999999999999999;
	// + 0 turns -0 into 0.
	return math.Round(-math.Log10(settled)*1e6)/1e6 + 0, nil
}

// prefactor reports whether a parameter multiplies a power of the inputs.
func prefactor(name string) bool { return name == "C0" || name == "N0" || name == "D0" || name == "K0" }
