package frontier

import (
	"math"
	"slices"
	"sort"

	"github.com/gophernote/gophernote/fitlib/internal/num"
)

// sigmoidObjective is the compiled frontier objective
//
//	F(x) = s sum_i w_i rho_{tau,kappa}(y_i - q(z_i; x)) + lambda Omega(x)
//
// over raw parameters x (see raw), with s = 1 (the paper's sum) or
// 1 / sum_i w_i (Options.Mean), and Omega = b^2 + (a + b zpen)^2 or b^2
// (see Penalty). Points sharing a compute value share one
// sigmoid and one exponential (leaderboard models fine-tuned from one base
// model have identical z); per point the work is a multiplication, one
// division and a short polynomial (see setStage and log1pSig).
type sigmoidObjective struct {
	zc   []float64 // distinct centred z values, ascending
	grp  []int32   // group (index into zc) of each point
	off  []int     // points of group g are off[g]..off[g+1]-1, y ascending
	y    []float64
	w    []float64 // point weights (merged duplicates times bootstrap counts)
	wsum float64
	slot []int32 // merged point of each input point (see reweight)
	// cw, cwy: sum of w and of w y from the group's first point through
	// this one (see rangeSums)
	cw, cwy []float64
	mean    bool // Options.Mean: scale = 1/wsum
	zref    float64

	tau, kappa, lambda float64

	scale     float64 // 1 (sum) or 1/wsum (mean)
	intercept bool    // Omega includes (c + b dpen)^2
	dpen      float64 // zpen - zref: the penalised intercept is a + b zpen = c + b dpen

	// scratch, one objective per goroutine
	ex, exi      []float64      // exp(+-kappa (y_i - 1/2)) for the current stage
	tabs         []stageFactors // factors of the kappas seen so far (read-only)
	factored     bool           // ex/exi valid (kappa small enough not to overflow)
	s, acc, acc2 []float64
}

// newSigmoidObjective groups the points by z and merges points with equal
// (z, y) into one weighted point (the leaderboard has 26 distinct compute
// values and many repeated scores), which leaves the objective unchanged.
// Point i's weight is w[i] (nil: 1); reweight changes the weights without
// regrouping. z and y must be validated.
func newSigmoidObjective(z, y, w []float64) *sigmoidObjective {
	n := len(z)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool {
		if z[idx[a]] != z[idx[b]] {
			return z[idx[a]] < z[idx[b]]
		}
		return y[idx[a]] < y[idx[b]]
	})
	o := &sigmoidObjective{}
	mean := 0.0
	for _, v := range z {
		mean += v
	}
	mean /= float64(n)
	o.zref = mean
	lastZ := math.NaN()
	o.slot = make([]int32, n)
	for _, i := range idx {
		newZ := len(o.zc) == 0 || z[i] != lastZ
		if !newZ && y[i] == o.y[len(o.y)-1] {
			o.slot[i] = int32(len(o.y) - 1)
			continue
		}
		if newZ {
			o.zc = append(o.zc, z[i]-mean)
			lastZ = z[i]
		}
		o.grp = append(o.grp, int32(len(o.zc)-1))
		o.y = append(o.y, y[i])
		o.slot[i] = int32(len(o.y) - 1)
	}
	o.w = make([]float64, len(o.y))
	o.scale = 1
	o.reweight(w)
	o.off = make([]int, len(o.zc)+1)
	for i, g := range o.grp {
		o.off[g+1] = i + 1
	}
	o.s = make([]float64, len(o.zc))
	o.acc = make([]float64, len(o.zc))
	o.acc2 = make([]float64, len(o.zc))
	return o
}

// reweight sets point i's weight to w[i] (nil: 1), keeping the grouping.
func (o *sigmoidObjective) reweight(w []float64) {
	for k := range o.w {
		o.w[k] = 0
	}
	o.wsum = 0
	for i, k := range o.slot {
		wi := 1.0
		if w != nil {
			wi = w[i]
		}
		o.w[k] += wi
		o.wsum += wi
	}
	if o.mean {
		o.scale = 1 / o.wsum
	}
	if o.cw == nil {
		o.cw, o.cwy = make([]float64, len(o.w)), make([]float64, len(o.w))
	}
	for i, wi := range o.w {
		var pw, pwy float64
		if i > 0 && o.grp[i] == o.grp[i-1] {
			pw, pwy = o.cw[i-1], o.cwy[i-1]
		}
		o.cw[i], o.cwy[i] = pw+wi, pwy+wi*o.y[i]
	}
}

// configure sets the loss scale and penalty of filled options.
func (o *sigmoidObjective) configure(opt Options) {
	o.lambda = *opt.Lambda
	o.mean = opt.Mean
	o.scale = 1
	if opt.Mean {
		o.scale = 1 / o.wsum
	}
	o.intercept = opt.Penalty != PenaltySlope
	o.dpen = 0 // PenaltyCentred: the intercept at zbar = zref is c
	if opt.Penalty == PenaltyRaw {
		o.dpen = -o.zref // a = c - b zref
	}
}

// tolScale is the size of the loss term relative to the mean loss (the
// total weight for the summed loss, 1 for the mean), which scales the
// gradient tolerances.
func (o *sigmoidObjective) tolScale() float64 { return o.scale * o.wsum }

// clone returns an objective sharing the data with fresh scratch space.
func (o *sigmoidObjective) clone() *sigmoidObjective {
	c := *o
	// reweight changes a clone's own weights
	c.w = append([]float64(nil), o.w...)
	c.cw, c.cwy = append([]float64(nil), o.cw...), append([]float64(nil), o.cwy...)
	c.s = make([]float64, len(o.zc))
	c.acc = make([]float64, len(o.zc))
	c.acc2 = make([]float64, len(o.zc))
	c.ex, c.exi, c.factored, c.tabs = nil, nil, false, nil
	return &c
}

// setStage sets tau and kappa. Scores and frontier values lie in [0,1], so
// exp(-|kappa (y - q)|) factors into exp(+-kappa (y - 1/2))
// exp(-+kappa (q - 1/2)), each factor within exp(+-kappa/2): the per-point
// factors are computed here once per kappa (and kept, so the starts a
// worker runs through the continuation reuse them) and eval needs one
// exponential per compute group, not per point. Beyond kappa = 1400 the
// factors could overflow and eval falls back to one exp per point.
func (o *sigmoidObjective) setStage(tau, kappa float64) {
	o.tau, o.kappa = tau, kappa
	o.factored = kappa <= maxFactoredKappa
	if !o.factored {
		return
	}
	for _, t := range o.tabs {
		if t.kappa == kappa {
			o.ex, o.exi = t.ex, t.exi
			return
		}
	}
	t := stageFactors{kappa: kappa, ex: make([]float64, len(o.y)), exi: make([]float64, len(o.y))}
	for i, v := range o.y {
		t.ex[i] = math.Exp(kappa * (v - 0.5))
		t.exi[i] = 1 / t.ex[i]
	}
	if len(o.tabs) < maxStageFactors {
		o.tabs = append(o.tabs, t)
	}
	o.ex, o.exi = t.ex, t.exi
}

// stageFactors are the per-point factors exp(+-kappa (y_i - 1/2)) of
// one kappa; an objective keeps those of the first maxStageFactors kappas
// it is set to (the continuation has three).
type stageFactors struct {
	kappa   float64
	ex, exi []float64
}

const maxStageFactors = 8

// maxFactoredKappa is the largest kappa whose factors exp(+-kappa/2) stay
// far from overflow (exp(709)) and from the subnormal range.
const maxFactoredKappa = 1400

// eval returns F(x); when grad is non-nil it stores dF/dx there, and when
// hess is non-nil the upper triangle of d2F/dx2 (row major, 10 values).
func (o *sigmoidObjective) eval(x, grad, hess []float64) float64 {
	y0, y0p, y0pp := unitLink(x[0])
	fr, frp, frpp := unitLink(x[1])
	l := (1 - y0) * fr
	c := x[2]
	b := num.Softplus(x[3])
	for g, zc := range o.zc {
		o.s[g] = num.Sigmoid(c + b*zc)
		o.acc[g] = 0
		o.acc2[g] = 0
	}
	tau, kappa := o.tau, o.kappa
	if !o.factored {
		return o.evalSlow(y0, l, b, x, grad, hess)
	}
	// Points of a group are contiguous with y ascending, so those on or
	// below the frontier (u <= 0) come first: one loop over each part per
	// group with register accumulators (see pointSums.add).
	// rho(u) = softplus(kappa u)/kappa + (tau-1) u with e = exp(-|kappa u|):
	// psi = rho' = sigmoid(kappa u) + tau - 1, rho'' = kappa sg (1-sg).
	f := 0.0
	wantH := hess != nil
	for g := range o.zc {
		q := y0 + l*o.s[g]
		en := math.Exp(-kappa * (q - 0.5))
		ep := 1 / en
		lo, hi := o.off[g], o.off[g+1]
		y, w := o.y[lo:hi], o.w[lo:hi]
		k, _ := slices.BinarySearch(y, math.Nextafter(q, math.Inf(1)))
		// Points farther than farCut/kappa from q contribute only their
		// linear terms (see farCut), summed from the prefix sums.
		kl, _ := slices.BinarySearch(y[:k], q-farCut/kappa)
		kh, _ := slices.BinarySearch(y[k:], math.Nextafter(q+farCut/kappa, math.Inf(1)))
		kh += k
		var a pointSums
		sw, swy := o.rangeSums(lo, lo, lo+kl)
		a.fu, a.ws = swy-q*sw, sw
		sw, swy = o.rangeSums(lo, lo+kh, hi)
		a.fs, a.fu, a.ws, a.ps = kappa*(swy-q*sw), a.fu+swy-q*sw, a.ws+sw, sw
		a.add(y[kl:k], w[kl:k], o.ex[lo+kl:lo+k], en, q, kappa, false, wantH)
		a.add(y[k:kh], w[k:kh], o.exi[lo+k:lo+kh], ep, q, kappa, true, wantH)
		f += a.fs/kappa + (tau-1)*a.fu
		o.acc[g] = a.ps + (tau-1)*a.ws
		if wantH {
			o.acc2[g] = kappa * a.p2
		}
	}
	return o.finish(f, y0, y0p, y0pp, fr, frp, frpp, l, b, x, grad, hess)
}

// farCut: a point with |kappa u| > farCut = 40 has e = exp(-|kappa u|) <
// 4.3e-18, so its softplus(-|kappa u|) ~ e and sigmoid(-|kappa u|) ~ e lie
// below the rounding of the sums they would join (at most n e / kappa in
// F, n e in the gradient sums, against terms of order 1): eval adds only
// its exact linear terms, from the per-group prefix sums of w and w y.
// At kappa = 1000 that leaves the points within 0.04 of the frontier to
// the nonlinear loop.
const farCut = 40

// rangeSums returns sum w and sum w y over points [lo, hi) of the group
// starting at g0 (prefix sums restart at every group).
func (o *sigmoidObjective) rangeSums(g0, lo, hi int) (sw, swy float64) {
	if hi <= lo {
		return 0, 0
	}
	sw, swy = o.cw[hi-1], o.cwy[hi-1]
	if lo > g0 {
		sw -= o.cw[lo-1]
		swy -= o.cwy[lo-1]
	}
	return sw, swy
}

// evalSlow is the per-point-exp loop for large kappa.
func (o *sigmoidObjective) evalSlow(y0, l, b float64, x, grad, hess []float64) float64 {
	tau, kappa := o.tau, o.kappa
	f := 0.0
	for i, yi := range o.y {
		g := o.grp[i]
		wi := o.w[i]
		u := yi - (y0 + l*o.s[g])
		sp, sg := num.SoftplusSigmoid(kappa * u)
		f += wi * (sp/kappa + (tau-1)*u)
		o.acc[g] += wi * (sg + tau - 1)
		o.acc2[g] += wi * kappa * sg * (1 - sg)
	}
	y0, y0p, y0pp := unitLink(x[0])
	fr, frp, frpp := unitLink(x[1])
	return o.finish(f, y0, y0p, y0pp, fr, frp, frpp, l, b, x, grad, hess)
}
