package frontier

import (
	"math"
	"slices"
	"sort"

	"github.com/gophernote/gophernote/fitlib/internal/num"
)

// sigmoidObjective is the compiled frontier objective
//
//	F(x) = sum_i w_i rho_{tau,kappa}(y_i - q(z_i; x)) / sum_i w_i + lambda b^2
//
// over raw parameters x (see raw). Points sharing a compute value share one
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
	zref float64

	tau, kappa, lambda float64

	// scratch, one objective per goroutine
	ex, exi      []float64      // exp(kappa y_i), exp(-kappa y_i) for the current stage
	tabs         []stageFactors // factors of the kappas seen so far (read-only)
	factored     bool           // ex/exi valid (kappa small enough not to overflow)
	s, acc, acc2 []float64
}

// newSigmoidObjective groups the points by z and merges points with equal
// (z, y) into one weighted point (the leaderboard has 26 distinct compute
// values and many repeated scores), which leaves the objective unchanged.
// z and y must be validated.
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
	for _, i := range idx {
		wi := 1.0
		if w != nil {
			wi = w[i]
		}
		o.wsum += wi
		if wi == 0 {
			continue
		}
		newZ := len(o.zc) == 0 || z[i] != lastZ
		if !newZ && y[i] == o.y[len(o.y)-1] {
			o.w[len(o.w)-1] += wi
			continue
		}
		if newZ {
			o.zc = append(o.zc, z[i]-mean)
			lastZ = z[i]
		}
		o.grp = append(o.grp, int32(len(o.zc)-1))
		o.y = append(o.y, y[i])
		o.w = append(o.w, wi)
	}
	o.off = make([]int, len(o.zc)+1)
	for i, g := range o.grp {
		o.off[g+1] = i + 1
	}
	o.s = make([]float64, len(o.zc))
	o.acc = make([]float64, len(o.zc))
	o.acc2 = make([]float64, len(o.zc))
	return o
}

// clone returns an objective sharing the data with fresh scratch space.
func (o *sigmoidObjective) clone() *sigmoidObjective {
	c := *o
	c.s = make([]float64, len(o.zc))
	c.acc = make([]float64, len(o.zc))
	c.acc2 = make([]float64, len(o.zc))
	c.ex, c.exi, c.factored, c.tabs = nil, nil, false, nil
	return &c
}

// setStage sets tau and kappa. Scores and frontier values lie in [0,1], so
// exp(-|kappa (y - q)|) factors into exp(+-kappa y) exp(-+kappa q): the
// per-point factors are computed here once per kappa (and kept, so the
// starts a worker runs through the continuation reuse them) and eval needs
// one exponential per compute group, not per point. Beyond kappa = 600 the
// factors could overflow and eval falls back to one exp per point.
func (o *sigmoidObjective) setStage(tau, kappa float64) {
	o.tau, o.kappa = tau, kappa
	o.factored = kappa <= 600
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
		t.ex[i] = math.Exp(kappa * v)
		t.exi[i] = 1 / t.ex[i]
	}
	if len(o.tabs) < maxStageFactors {
		o.tabs = append(o.tabs, t)
	}
	o.ex, o.exi = t.ex, t.exi
}

// stageFactors are the per-point factors exp(kappa y_i), exp(-kappa y_i) of
// one kappa; an objective keeps those of the first maxStageFactors kappas
// it is set to (the continuation has three).
type stageFactors struct {
	kappa   float64
	ex, exi []float64
}

const maxStageFactors = 8

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
		en := math.Exp(-kappa * q)
		ep := 1 / en
		lo, hi := o.off[g], o.off[g+1]
		y, w := o.y[lo:hi], o.w[lo:hi]
		k, _ := slices.BinarySearch(y, math.Nextafter(q, math.Inf(1)))
		var a pointSums
		a.add(y[:k], w[:k], o.ex[lo:lo+k], en, q, kappa, false, wantH)
		a.add(y[k:], w[k:], o.exi[lo+k:hi], ep, q, kappa, true, wantH)
		f += a.fs/kappa + (tau-1)*a.fu
		o.acc[g] = a.ps + (tau-1)*a.ws
		if wantH {
			o.acc2[g] = kappa * a.p2
		}
	}
	return o.finish(f, y0, y0p, y0pp, fr, frp, frpp, l, b, x, grad, hess)
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
