package geneval

import (
	"context"
	"fmt"
	"math"
)

// Observations are the checkpoints that can enter one law's fit at one k.
type Observations struct {
	Law         Law
	Benchmark   string
	K           int
	Checkpoints []string
	Compute     []float64 // C = 6ND of each checkpoint kept
	// Data holds the law's inputs as named columns (the keys of
	// Law.Vars()), the columns FitLaw and Law.Predict take.
	Data map[string][]float64
	Pass []float64 // pass_B@k
	Y    []float64 // -log pass_B@k
	// Checkpoints left out, by reason (see LawFit).
	ZeroPass, Undersampled, Other int
}

// Observe collects the inputs of law at k from per-problem counts b; gold is
// needed only for the gold-reference law (checkpoints without a gold
// likelihood are counted in Other).
func Observe(b *Benchmark, gold []Gold, law Law, k int) (*Observations, error) {
	l, err := lookupLaw(law)
	if err != nil {
		return nil, err
	}
	if b == nil {
		return nil, fmt.Errorf("geneval: Observe %s k=%d: no counts", law, k)
	}
	pass, err := b.PassAtK(k)
	if err != nil {
		return nil, err
	}
	gx := map[string]float64{}
	for _, g := range gold {
		gx[g.Checkpoint] = g.NegLogGoldProb
	}
	if law == LawGoldReference && len(gold) == 0 {
		return nil, fmt.Errorf("geneval: the %s law needs gold-answer likelihoods (LoadGold)", law)
	}
	o := &Observations{Law: law, Benchmark: b.File, K: k, Data: map[string][]float64{}}
	var x1s, x2s []float64
	for i, ck := range b.Checkpoints {
		var x1, x2 float64
		switch law {
		case LawCompute:
			x1 = ck.Compute()
		case LawParamsTokens:
			x1, x2 = ck.Params, ck.Tokens
		case LawGoldReference:
			v, ok := gx[ck.Name]
			if !ok {
				o.Other++
				continue
			}
			x1 = v
		}
		switch p := pass[i]; {
		case math.IsNaN(p):
			o.Undersampled++
			continue
		case p <= 0:
			o.ZeroPass++
			continue
		}
		o.Checkpoints = append(o.Checkpoints, ck.Name)
		o.Compute = append(o.Compute, ck.Compute())
		x1s, x2s = append(x1s, x1), append(x2s, x2)
		o.Pass = append(o.Pass, pass[i])
		o.Y = append(o.Y, -math.Log(pass[i]))
	}
	o.Data[l.vars[0]] = x1s
	if len(l.vars) == 2 {
		o.Data[l.vars[1]] = x2s
	}
	return o, nil
}

// columns returns the law's first and second input columns (nil for a
// law of one variable).
func (o *Observations) columns() (x1, x2 []float64) {
	l, err := lookupLaw(o.Law)
	if err != nil {
		return nil, nil
	}
	x1 = o.Data[l.vars[0]]
	if len(l.vars) == 2 {
		x2 = o.Data[l.vars[1]]
	}
	return x1, x2
}

// fit fits the observations (optionally only those with Compute <= cmax).
func (o *Observations) fit(cmax float64) (*LawFit, error) { return o.fitCtx(nil, cmax) }

func (o *Observations) fitCtx(ctx context.Context, cmax float64) (*LawFit, error) {
	ox1, ox2 := o.columns()
	var x1, x2, y []float64
	for i, c := range o.Compute {
		if c <= cmax {
			x1, y = append(x1, ox1[i]), append(y, o.Y[i])
			if ox2 != nil {
				x2 = append(x2, ox2[i])
			}
		}
	}
	f, err := fitLaw(ctx, o.Law, x1, x2, y)
	if err != nil {
		return nil, fmt.Errorf("%s k=%d: %w", o.Benchmark, o.K, err)
	}
	f.K = o.K
	f.ZeroPass, f.Undersampled, f.Other = o.ZeroPass, o.Undersampled, o.Other
	return f, nil
}

// Fit fits the law to all observations.
func (o *Observations) Fit() (*LawFit, error) { return o.fit(math.Inf(1)) }

// GridFit is one law fitted separately at every k of a grid.
type GridFit struct {
	Law       Law
	Benchmark string
	Names     []string  // parameter names
	K         []int     // the k values that had enough checkpoints
	Fits      []*LawFit // one per K
	// Skipped lists k values of the requested grid without enough
	// checkpoints for a fit, with the reason.
	Skipped []string
}

// Series returns the value of the named parameter at every K (each fit
// gives it with the rest of its view by Param).
func (g *GridFit) Series(name string) ([]float64, error) {
	out := make([]float64, len(g.Fits))
	for i, f := range g.Fits {
		p, err := f.Param(name)
		if err != nil {
			return nil, err
		}
		out[i] = p.Value
	}
	return out, nil
}

// GridOptions configures the grid fits. The zero value fits every k with
// no cancellation and no progress reports.
type GridOptions struct {
	// Context, when set, stops the grid once cancelled (in a notebook
	// cell: display.Context()); the fit then returns its error.
	Context context.Context
	// Progress, when set, is called after each k with the number of k
	// values done and the total.
	Progress func(done, total int)
}

// FitLawGrid fits law separately for every k in ks. A k with fewer
// checkpoints than parameters + 2 is skipped and listed in Skipped.
func FitLawGrid(b *Benchmark, gold []Gold, law Law, ks []int, opt GridOptions) (*GridFit, error) {
	l, err := lookupLaw(law)
	if err != nil {
		return nil, err
	}
	if len(ks) == 0 {
		return nil, fmt.Errorf("geneval: FitLawGrid %s: empty k grid", law)
	}
	if b == nil {
		return nil, fmt.Errorf("geneval: FitLawGrid %s: nil benchmark", law)
	}
	g := &GridFit{Law: law, Benchmark: b.File, Names: append([]string(nil), l.names...)}
	for i, k := range ks {
		if opt.Context != nil && opt.Context.Err() != nil {
			return nil, fmt.Errorf("geneval: FitLawGrid %s cancelled (%d of %d k done): %w", law, i, len(ks), opt.Context.Err())
		}
		if opt.Progress != nil && i > 0 {
			opt.Progress(i, len(ks))
		}
		o, err := Observe(b, gold, law, k)
		if err != nil {
			return nil, err
		}
		if len(o.Y) < len(l.names)+2 {
			g.Skipped = append(g.Skipped, fmt.Sprintf("k=%d: %d checkpoints (%d with pass@k = 0, %d with fewer than k samples)", k, len(o.Y), o.ZeroPass, o.Undersampled))
			continue
		}
		f, err := o.fitCtx(opt.Context, math.Inf(1))
		if err != nil {
			if opt.Context != nil && opt.Context.Err() != nil {
				return nil, fmt.Errorf("geneval: FitLawGrid %s cancelled (%d of %d k done): %w", law, i, len(ks), opt.Context.Err())
			}
			return nil, err
		}
		g.K = append(g.K, k)
		g.Fits = append(g.Fits, f)
	}
	if opt.Progress != nil {
		opt.Progress(len(ks), len(ks))
	}
	return g, nil
}
