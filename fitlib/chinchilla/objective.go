package chinchilla

import (
	"github.com/gophernote/gophernote/fitlib/fit"
	"math"
)

// The fits work in log form, theta = (a, b, e, alpha, beta) with A = e^a,
// B = e^b, E = e^e, and predict log L with the log-sum-exp
//
//	log L_hat = LSE(a - alpha log N, b - beta log D, e)
//
// (Hoffmann et al. 2022, eq. (10) and App. D.2; Besiroglu et al. 2024,
// sect. 2). Hand-written here with its exact gradient: the residual
// structure (softmax weights of the three terms) is specific to this law.

// ToTheta converts Params to log form.
func (p Params) ToTheta() []float64 {
	return []float64{math.Log(p.A), math.Log(p.B), math.Log(p.E), p.Alpha, p.Beta}
}

// FromTheta converts log-form (a, b, e, alpha, beta) to Params; fewer
// than 5 values give NaN coefficients (which Validate rejects).
func FromTheta(th []float64) Params {
	if len(th) < 5 {
		n := math.NaN()
		return Params{A: n, B: n, E: n, Alpha: n, Beta: n}
	}
	return Params{A: math.Exp(th[0]), B: math.Exp(th[1]), E: math.Exp(th[2]), Alpha: th[3], Beta: th[4]}
}

// predict returns log L_hat for run i and the softmax weights of the
// three terms (d log L_hat / d a, d b, d e).
func predict(th []float64, logN, logD float64) (lp, w1, w2, w3 float64) {
	t1 := th[0] - th[3]*logN
	t2 := th[1] - th[4]*logD
	t3 := th[2]
	// exponentiate relative to the largest term: one exp is 1, two remain
	var e1, e2, e3 float64
	var m float64
	switch {
	case t1 >= t2 && t1 >= t3:
		m, e1, e2, e3 = t1, 1, math.Exp(t2-t1), math.Exp(t3-t1)
	case t2 >= t3:
		m, e1, e2, e3 = t2, math.Exp(t1-t2), 1, math.Exp(t3-t2)
	default:
		m, e1, e2, e3 = t3, math.Exp(t1-t3), math.Exp(t2-t3), 1
	}
	s := e1 + e2 + e3
	inv := 1 / s
	return m + math.Log(s), e1 * inv, e2 * inv, e3 * inv
}

// huber is Huber's loss with threshold delta and its derivative.
func huber(r, delta float64) (v, dv float64) {
	if ar := math.Abs(r); ar <= delta {
		return 0.5 * r * r, r
	} else {
		return delta * (ar - 0.5*delta), math.Copysign(delta, r)
	}
}

// HuberObjective is sum_i w_i Huber_delta(log L_hat_i - log L_i) (w_i = 1,
// except in bootstrap samples, where it counts how often run i was drawn),
// or its weighted mean when mean is true. grad, when non-nil (length 5), receives the gradient.
func (r *Runs) HuberObjective(th, grad []float64, delta float64, mean bool) float64 {
	if r.logL == nil && r.prepare() != nil {
		return math.NaN() // bad columns: the fits report prepare's error first
	}
	if len(th) < 5 || grad != nil && len(grad) < 5 || r.w != nil && len(r.w) != len(r.logL) {
		return math.NaN() // malformed call: the fit reports a non-finite objective
	}
	var f float64
	if grad != nil {
		for j := range grad {
			grad[j] = 0
		}
	}
	for i := range r.logL {
		lp, w1, w2, w3 := predict(th, r.logN[i], r.logD[i])
		h, dh := huber(lp-r.logL[i], delta)
		if r.w != nil {
			h, dh = r.w[i]*h, r.w[i]*dh
		}
		f += h
		if grad != nil {
			grad[0] += dh * w1
			grad[1] += dh * w2
			grad[2] += dh * w3
			grad[3] -= dh * w1 * r.logN[i]
			grad[4] -= dh * w2 * r.logD[i]
		}
	}
	if mean {
		k := 1 / r.weightSum()
		f *= k
		for j := range grad {
			grad[j] *= k
		}
	}
	return f
}

// HuberNLL is the negative log-likelihood of the log residuals under the
// Huber density with scale sigma = exp(th[5]) (Besiroglu et al. 2024,
// sect. 3 and App.):
//
//	NLL = sum_i w_i (Huber_delta(r_i / sigma) + log Z(delta) + log sigma),
//
// w_i = 1 unless r.W is set (bootstrap and leave-out fits weight rows, as
// HuberObjective does; an integer weight counts a row that many times).
func (r *Runs) HuberNLL(th, grad []float64, delta float64) float64 {
	if r.logL == nil && r.prepare() != nil {
		return math.NaN() // bad columns: the fits report prepare's error first
	}
	if len(th) < 6 || grad != nil && len(grad) < 6 || r.w != nil && len(r.w) != len(r.logL) {
		return math.NaN()
	}
	sigma := math.Exp(th[5])
	var f float64
	if grad != nil {
		for j := range grad {
			grad[j] = 0
		}
	}
	for i := range r.logL {
		wi := 1.0
		if r.w != nil {
			wi = r.w[i]
		}
		if wi == 0 {
			continue
		}
		lp, w1, w2, w3 := predict(th, r.logN[i], r.logD[i])
		res := lp - r.logL[i]
		h, dh := huber(res/sigma, delta)
		f += wi * h
		if grad != nil {
			g := wi * dh / sigma
			grad[0] += g * w1
			grad[1] += g * w2
			grad[2] += g * w3
			grad[3] -= g * w1 * r.logN[i]
			grad[4] -= g * w2 * r.logD[i]
			grad[5] -= wi * dh * res / sigma
		}
	}
	n := r.weightSum()
	f += n * (fit.HuberLogNorm(delta) + th[5])
	if grad != nil {
		grad[5] += n
	}
	return f
}

func (r *Runs) weightSum() float64 {
	if r.w == nil {
		return float64(len(r.logL))
	}
	var s float64
	for _, w := range r.w {
		s += w
	}
	return s
}
