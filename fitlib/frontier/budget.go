package frontier

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// invert4 inverts a symmetric positive definite 4x4 matrix with gonum's
// Cholesky factorisation.
func invert4(m [4][4]float64) [4][4]float64 {
	s := mat.NewSymDense(4, nil)
	for r := 0; r < 4; r++ {
		for c := r; c < 4; c++ {
			s.SetSym(r, c, m[r][c])
		}
	}
	var ch mat.Cholesky
	var out [4][4]float64
	if !ch.Factorize(s) {
		for r := range out {
			for c := range out[r] {
				out[r][c] = math.NaN()
			}
		}
		return out
	}
	var inv mat.SymDense
	if err := ch.InverseTo(&inv); err != nil {
		return out
	}
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			out[r][c] = inv.At(r, c)
		}
	}
	return out
}

// BudgetOptions configure the budget-fraction study (AnalyzeBudget,
// AnalyzeBudgetPoints). The zero value means the fractions 0.05, 0.10,
// 0.20 and 0.50, 10 repeats, seed 0, the default design and fits, a gap
// grid step of 0.01, no cancellation and no progress reports.
type BudgetOptions struct {
	Fractions []float64     // budget as a share of the total cost (default 0.05, 0.10, 0.20, 0.50)
	Repeats   int           // random selections and design tie-break seeds per fraction (default 10)
	Seed      uint64        // random-selection seed
	Design    DesignOptions // Budget is set per fraction
	Fit       Options       // refit options (defaults when zero)
	GridStep  float64       // z step of the gap grid (default 0.01)
	// Context, when set, stops the study once cancelled (it replaces
	// Fit.Context); in a notebook cell pass display.Context().
	Context context.Context
	// Progress, when set, is called after each budget fraction with the
	// fractions done and their total.
	Progress func(done, total int)
}

// BudgetPoint compares, at one budget fraction, the frontier refitted on
// the I-optimal (and balanced I-optimal) selection and on random
// selections of the same budget with the full-data frontier: the maximum
// absolute gap over the candidates' compute range.
type BudgetPoint struct {
	Fraction       float64
	NSelected      int     // I-optimal selection size
	NBalanced      int     // balanced selection size
	Gap            float64 // I-optimal max |q_S - q_full|, mean over tie-break seeds
	BalancedGap    float64 // same for the balanced design (NaN when Balance = 0)
	RandomGap      float64 // mean over repeats
	RandomGapSD    float64
	RandomN        float64 // mean random selection size
	RandomFailures int     // random draws too small to fit (left out of the mean)
}

// AnalyzeBudgetPoints runs the budget study for the points pts, with
// costs cost (for example compute, or parameters) and the full-data
// frontier full.
func AnalyzeBudgetPoints(pts *Points, cost []float64, full Params, opt BudgetOptions) ([]BudgetPoint, error) {
	if pts == nil || len(cost) != len(pts.Z) {
		return nil, fmt.Errorf("frontier: budget study: need one cost per point")
	}
	if opt.Context != nil {
		opt.Fit.Context = opt.Context
	}
	if opt.Repeats < 0 || opt.GridStep < 0 {
		return nil, fmt.Errorf("frontier: budget study: Repeats = %d and GridStep = %v must not be negative (0 means the default)", opt.Repeats, opt.GridStep)
	}
	if opt.Fractions == nil {
		opt.Fractions = []float64{0.05, 0.10, 0.20, 0.50}
	}
	if opt.Repeats <= 0 {
		opt.Repeats = 10
	}
	if opt.GridStep <= 0 {
		opt.GridStep = 0.01
	}
	total := 0.0
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, c := range cost {
		if !(c > 0) || math.IsInf(c, 0) {
			return nil, fmt.Errorf("frontier: task %s: budget study: point %d (%s): cost %v must be positive", pts.Task, i+1, pts.Names[i], c)
		}
		total += c
		lo, hi = math.Min(lo, pts.Z[i]), math.Max(hi, pts.Z[i])
	}
	gap := func(idx []int) (float64, error) {
		sub := pts.Subset(idx)
		o := opt.Fit
		o.Task = pts.Task + " budget subset"
		o.SE = SENone // only the curve is compared
		r, err := Fit(sub.Z, sub.Y, o)
		if err != nil {
			return math.NaN(), err
		}
		g := 0.0
		for z := lo; z <= hi+1e-12; z += opt.GridStep {
			g = math.Max(g, math.Abs(r.Params.At(z)-full.At(z)))
		}
		return g, nil
	}
	var out []BudgetPoint
	for fi, f := range opt.Fractions {
		if err := ctxErr(opt.Fit.Context); err != nil {
			return nil, fmt.Errorf("frontier: budget study cancelled (%d of %d fractions done): %w", fi, len(opt.Fractions), err)
		}
		if !(f > 0 && f <= 1) {
			return nil, fmt.Errorf("frontier: budget fraction %v must be in (0,1]", f)
		}
		bp := BudgetPoint{Fraction: f}
		d := opt.Design
		d.Budget = f * total
		// The design sees only compute and cost: models sharing a base
		// model tie, and the tie-break seed decides which is evaluated, so
		// the design gaps are averaged over Repeats tie-break seeds too.
		var dg, bg []float64
		for r := 0; r < opt.Repeats; r++ {
			d.Seed = opt.Design.Seed + uint64(r)
			d.Balance = 0
			sel, err := Design(full, pts.Z, cost, d)
			if err != nil {
				return nil, err
			}
			bp.NSelected = len(sel.Indices)
			g, err := gap(sel.Indices)
			if err != nil {
				return nil, fmt.Errorf("frontier: budget fraction %v: I-optimal subset: %w", f, err)
			}
			dg = append(dg, g)
			if opt.Design.Balance > 0 {
				d.Balance = opt.Design.Balance
				bal, err := Design(full, pts.Z, cost, d)
				if err != nil {
					return nil, err
				}
				bp.NBalanced = len(bal.Indices)
				g, err := gap(bal.Indices)
				if err != nil {
					return nil, fmt.Errorf("frontier: budget fraction %v: balanced subset: %w", f, err)
				}
				bg = append(bg, g)
			}
		}
		bp.Gap = stat.Mean(dg, nil)
		bp.BalancedGap = math.NaN()
		if len(bg) > 0 {
			bp.BalancedGap = stat.Mean(bg, nil)
		}
		var gs []float64
		nsum := 0
		for r := 0; r < opt.Repeats; r++ {
			idx := RandomSelection(cost, d.Budget, opt.Seed+uint64(r)+uint64(1000*f))
			g, err := gap(idx)
			if err != nil && ctxErr(opt.Fit.Context) != nil {
				return nil, fmt.Errorf("frontier: budget fraction %v: random subset: %w", f, err)
			}
			if err != nil {
				bp.RandomFailures++
				continue
			}
			gs = append(gs, g)
			nsum += len(idx)
		}
		if len(gs) == 0 {
			return nil, fmt.Errorf("frontier: budget fraction %v: no random selection could be fitted", f)
		}
		m, sd := stat.MeanStdDev(gs, nil)
		if len(gs) < 2 {
			sd = 0
		}
		bp.RandomGap, bp.RandomGapSD = m, sd
		bp.RandomN = float64(nsum) / float64(len(gs))
		out = append(out, bp)
		if opt.Progress != nil {
			opt.Progress(fi+1, len(opt.Fractions))
		}
	}
	return out, nil
}
