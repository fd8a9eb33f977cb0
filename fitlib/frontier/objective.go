package frontier

import (
	"math"
	"sort"
)

// sigmoidObjective is the compiled frontier objective
//
//	F(x) = sum_i w_i rho_{tau,kappa}(y_i - q(z_i; x)) / sum_i w_i + lambda b^2
//
// over raw parameters x (see raw). Points sharing a compute value share one
// sigmoid evaluation: leaderboard models fine-tuned from one base model
// have identical z, so the per-point work is one exp and one log1p.
type sigmoidObjective struct {
	zc   []float64 // distinct centred z values, ascending
	grp  []int32   // group (index into zc) of each point
	y    []float64
	w    []float64 // point weights (bootstrap counts); nil means all 1
	wsum float64
	zref float64

	tau, kappa, lambda float64

	// scratch, one objective per goroutine
	s, acc []float64
	lastX  [4]float64
	lastG  [4]float64
	have   bool
}

// newSigmoidObjective groups the points by z. z and y must be validated.
func newSigmoidObjective(z, y, w []float64) *sigmoidObjective {
	n := len(z)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return z[idx[a]] < z[idx[b]] })
	o := &sigmoidObjective{grp: make([]int32, n), y: y, w: w}
	mean := 0.0
	for _, v := range z {
		mean += v
	}
	mean /= float64(n)
	o.zref = mean
	for k, i := range idx {
		if k == 0 || z[i] != z[idx[k-1]] {
			o.zc = append(o.zc, z[i]-mean)
		}
		o.grp[i] = int32(len(o.zc) - 1)
	}
	if w == nil {
		o.wsum = float64(n)
	} else {
		for _, v := range w {
			o.wsum += v
		}
	}
	o.s = make([]float64, len(o.zc))
	o.acc = make([]float64, len(o.zc))
	return o
}

// clone returns an objective sharing the data with fresh scratch space.
func (o *sigmoidObjective) clone() *sigmoidObjective {
	c := *o
	c.s = make([]float64, len(o.zc))
	c.acc = make([]float64, len(o.zc))
	c.have = false
	return &c
}

// eval returns F(x) and, when grad is non-nil, stores dF/dx in grad.
func (o *sigmoidObjective) eval(x, grad []float64) float64 {
	y0 := sigmoid(x[0])
	fr := sigmoid(x[1])
	l := (1 - y0) * fr
	c := x[2]
	b := softplus(x[3])
	for g, zc := range o.zc {
		o.s[g] = sigmoid(c + b*zc)
		o.acc[g] = 0
	}
	tau, kappa := o.tau, o.kappa
	f := 0.0
	for i, yi := range o.y {
		g := o.grp[i]
		v, d := pinballTerms(yi-(y0+l*o.s[g]), tau, kappa)
		if o.w != nil {
			wi := o.w[i]
			v *= wi
			d *= wi
		}
		f += v
		o.acc[g] += d
	}
	inv := 1 / o.wsum
	f = f*inv + o.lambda*b*b
	if grad == nil {
		return f
	}
	// dq/dg0 = y0(1-y0)(1 - fr s); dq/dgL = (1-y0) fr(1-fr) s;
	// dq/dc = L s(1-s); dq/dh = L s(1-s) zc sigmoid(h). dF = -mean(psi dq).
	var g0, gl, gc, gh float64
	for g, zc := range o.zc {
		a := o.acc[g]
		if a == 0 {
			continue
		}
		s := o.s[g]
		g0 += a * (1 - fr*s)
		gl += a * s
		ds := a * s * (1 - s)
		gc += ds
		gh += ds * zc
	}
	sh := sigmoid(x[3])
	grad[0] = -inv * g0 * y0 * (1 - y0)
	grad[1] = -inv * gl * (1 - y0) * fr * (1 - fr)
	grad[2] = -inv * gc * l
	grad[3] = -inv*gh*l*sh + 2*o.lambda*b*sh
	return f
}

// fn and gr adapt eval to gonum's Problem, computing value and gradient in
// one pass and serving the gradient from cache when L-BFGS asks for it at
// the point just evaluated.
func (o *sigmoidObjective) fn(x []float64) float64 {
	f := o.eval(x, o.lastG[:])
	copy(o.lastX[:], x)
	o.have = true
	if math.IsNaN(f) {
		return math.Inf(1)
	}
	return f
}

func (o *sigmoidObjective) gr(grad, x []float64) {
	if o.have && o.lastX[0] == x[0] && o.lastX[1] == x[1] && o.lastX[2] == x[2] && o.lastX[3] == x[3] {
		copy(grad, o.lastG[:])
		return
	}
	o.fn(x)
	copy(grad, o.lastG[:])
}
