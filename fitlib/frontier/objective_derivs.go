package frontier

import (
	"math"

	"github.com/gophernote/gophernote/fitlib/internal/num"
)

// finish adds the penalty and assembles gradient and Hessian from the
// per-group sums.
func (o *sigmoidObjective) finish(f, y0, y0p, y0pp, fr, frp, frpp, l, b float64, x, grad, hess []float64) float64 {
	inv := o.scale
	sh := num.Sigmoid(x[3])
	f = f*inv + o.penalty(x[2], b, sh, nil, nil)
	if grad == nil && hess == nil {
		return f
	}
	var gr [4]float64
	var h [10]float64 // 00 01 02 03 11 12 13 22 23 33
	for g, zc := range o.zc {
		a, a2 := o.acc[g], o.acc2[g]
		if a == 0 && a2 == 0 {
			continue
		}
		s := o.s[g]
		sp := s * (1 - s)
		k := zc * sh // d eta / dh
		// dq/d(g0, gL, c, h)
		dq := [4]float64{y0p * (1 - fr*s), (1 - y0) * frp * s, l * sp, l * sp * k}
		for r := 0; r < 4; r++ {
			gr[r] += a * dq[r]
		}
		if hess == nil {
			continue
		}
		spp := sp * (1 - 2*s)
		// d2q (upper triangle)
		d2 := [10]float64{
			y0pp * (1 - fr*s), -y0p * frp * s, -y0p * fr * sp, -y0p * fr * sp * k,
			(1 - y0) * frpp * s, (1 - y0) * frp * sp, (1 - y0) * frp * sp * k,
			l * spp, l * spp * k,
			l * (spp*k*k + sp*zc*sh*(1-sh)),
		}
		t := 0
		for r := 0; r < 4; r++ {
			for cc := r; cc < 4; cc++ {
				h[t] += a2*dq[r]*dq[cc] - a*d2[t]
				t++
			}
		}
	}
	if grad != nil {
		for r := 0; r < 4; r++ {
			grad[r] = -inv * gr[r]
		}
	}
	if hess != nil {
		for t := range h {
			hess[t] = inv * h[t]
		}
	}
	o.penalty(x[2], b, sh, grad, hess)
	return f
}

// penalty returns lambda Omega at raw intercept c and slope b = softplus(h)
// (sh = db/dh = sigmoid(h)) and adds its gradient and Hessian with respect
// to (c, h) to grad and hess when they are non-nil:
//
//	Omega = b^2 + e^2,  e = c + b dpen = a + b zpen   (intercept penalised)
//	Omega = b^2                                        (slope only)
func (o *sigmoidObjective) penalty(c, b, sh float64, grad, hess []float64) float64 {
	lam := o.lambda
	if lam == 0 {
		return 0
	}
	om := b * b
	dh := 2 * b      // dOmega/db
	var e, d float64 // penalised intercept and its db coefficient
	if o.intercept {
		d = o.dpen
		e = c + b*d
		om += e * e
		dh += 2 * e * d
	}
	if grad != nil {
		if o.intercept {
			grad[2] += lam * 2 * e
		}
		grad[3] += lam * dh * sh
	}
	if hess != nil {
		d2b := 2.0 // d2Omega/db2
		if o.intercept {
			d2b += 2 * d * d
			hess[7] += lam * 2
			hess[8] += lam * 2 * d * sh
		}
		hess[9] += lam * (d2b*sh*sh + dh*sh*(1-sh))
	}
	return lam * om
}

// Coefficients of log1pSig (fdlibm's e_log.c).
const (
	ln2Hi = 6.93147180369123816490e-01
	ln2Lo = 1.90821492927058770002e-10
	lg1   = 6.666666666666735130e-01
	lg2   = 3.999999999940941908e-01
	lg3   = 2.857142874366239149e-01
	lg4   = 2.222219843214978396e-01
	lg5   = 1.818357216161805012e-01
	lg6   = 1.531383769920937332e-01
	lg7   = 1.479819860511658591e-01
)

// log1pSig returns log(1+e) and e/(1+e) for e in [0,1]. The logarithm is
// specialised from fdlibm's e_log.c (Sun Microsystems 1993; the minimax
// coefficients L1..L7 for log(1+f) = f - (f^2/2 - s (f^2/2 + R(s^2))),
// s = f/(2+f), |s| <= 0.1716, error < 2^-58.45): for e <= sqrt2-1 take
// f = e; otherwise 1+e = 2 (1+f) with f = (e-1)/2. On this interval no range
// checks or frexp are needed, and s and the logistic share one division
// (the reciprocal of the product of their denominators); both are checked
// against math.Log1p and e/(1+e) in the tests. R(s^2) is evaluated with
// fused multiply-adds (math.FMA: one instruction on every x86-64 CPU since
// 2013 and on arm64, a slow software fallback before): ~5% less CPU per fit,
// and the leaderboard fits came out bit-identical. pointSums.add repeats this
// arithmetic inline (Go does not inline a function this size, and a call
// per point spills every floating-point accumulator); a test checks that
// the two agree bit for bit.
func log1pSig(e float64) (lp, sig float64) {
	d1 := 1 + e
	var f, k, s float64
	if e > math.Sqrt2-1 {
		// 1+e = 2(1+f), f = (e-1)/2, s = f/(2+f) = (e-1)/(e+3)
		d2 := e + 3
		inv := 1 / (d1 * d2)
		f, k, s = (e-1)/2, 1, (e-1)*d1*inv
		sig = e * d2 * inv
	} else {
		d2 := 2 + e
		inv := 1 / (d1 * d2)
		f, s = e, e*d1*inv
		sig = e * d2 * inv
	}
	s2 := s * s
	s4 := s2 * s2
	r := math.FMA(s2, math.FMA(s4, math.FMA(s4, math.FMA(s4, lg7, lg5), lg3), lg1), s4*math.FMA(s4, math.FMA(s4, lg6, lg4), lg2))
	hfsq := 0.5 * f * f
	lp = k*ln2Hi - ((hfsq - (s*(hfsq+r) + k*ln2Lo)) - f)
	return lp, sig
}

// unitLink maps a raw value onto [0,1] as sin^2(x) and returns the value
// and its first two derivatives. Unlike the logistic, sin^2 reaches 0 and 1
// at finite x with zero slope, so an optimum on the constraint boundary
// (y0 = 0 or y0 + L = 1, common on leaderboard data) is a regular
// stationary point the optimiser converges to in a few steps instead of
// an infinitely distant one it must march towards.
func unitLink(x float64) (v, d1, d2 float64) {
	s, c := math.Sincos(x)
	return s * s, 2 * s * c, 2 * (c*c - s*s)
}

// pointSums are the per-group sums of eval: fs = sum w softplus(kappa u),
// fu = sum w u, ws = sum w, ps = sum w sigmoid(kappa u) and, for the
// Hessian, p2 = sum w sg (1-sg).
type pointSums struct {
	fs, fu, ws, ps, p2 float64
}

// add accumulates points with scores y, weights w and stage factors ex
// (exp(kappa (y-1/2)) below the frontier q, exp(-kappa (y-1/2)) above it) where
// e = ex*m is exp(-|kappa u|), u = y - q; above says which side; p2 only
// when hess. The body is log1pSig's arithmetic, inline.
func (a *pointSums) add(y, w, ex []float64, m, q, kappa float64, above, hess bool) {
	fs, fu, ws, ps, p2 := a.fs, a.fu, a.ws, a.ps, a.p2
	y, ex = y[:len(w)], ex[:len(w)]
	for i, wi := range w {
		e := ex[i] * m
		d1 := 1 + e
		var f, k, s, sig float64
		if e > math.Sqrt2-1 {
			d2 := e + 3
			inv := 1 / (d1 * d2)
			f, k, s = (e-1)/2, 1, (e-1)*d1*inv
			sig = e * d2 * inv
		} else {
			d2 := 2 + e
			inv := 1 / (d1 * d2)
			f, s = e, e*d1*inv
			sig = e * d2 * inv
		}
		s2 := s * s
		s4 := s2 * s2
		r := math.FMA(s2, math.FMA(s4, math.FMA(s4, math.FMA(s4, lg7, lg5), lg3), lg1), s4*math.FMA(s4, math.FMA(s4, lg6, lg4), lg2))
		hfsq := 0.5 * f * f
		lp := k*ln2Hi - ((hfsq - (s*(hfsq+r) + k*ln2Lo)) - f)
		// lp = log(1+e) = softplus(-|kappa u|), sig = e/(1+e) = sigmoid(-|kappa u|)
		u := y[i] - q
		if above {
			sig = 1 - sig
			fs += wi * (kappa*u + lp)
		} else {
			fs += wi * lp
		}
		fu += wi * u
		ws += wi
		ps += wi * sig
		if hess {
			p2 += wi * sig * (1 - sig)
		}
	}
	a.fs, a.fu, a.ws, a.ps, a.p2 = fs, fu, ws, ps, p2
}
