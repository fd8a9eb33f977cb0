package frontier

import (
	"math"

	"github.com/gophernote/gophernote/fitlib/internal/num"
)

// SmoothedPinball is the smoothed pinball (check) loss
//
//	rho(u) = (1/kappa) log(1 + exp(kappa u)) + (tau - 1) u,   u = y - q,
//
// of Zhang et al. (2026), Sec. 3 (frontier estimation). The paper's text
// prints the first term as kappa log(1 + e^{kappa u}); only the 1/kappa form
// tends to the pinball loss u (tau - 1{u < 0}) as kappa -> infinity (the gap
// is at most log(2)/kappa, at u = 0), so that is the form used here.
func SmoothedPinball(u, tau, kappa float64) float64 {
	return num.Softplus(kappa*u)/kappa + (tau-1)*u
}

// Pinball is the exact pinball loss u (tau - 1{u < 0}), u = y - q, used to
// score fitted frontiers in and out of distribution.
func Pinball(u, tau float64) float64 {
	if u < 0 {
		return u * (tau - 1)
	}
	return u * tau
}

// MeanPinball returns the mean exact pinball loss of predictions q against
// scores y.
func MeanPinball(y, q []float64, tau float64) float64 {
	if len(y) == 0 {
		return math.NaN()
	}
	s := 0.0
	for i := range y {
		s += Pinball(y[i]-q[i], tau)
	}
	return s / float64(len(y))
}

// pinballTerms returns rho(r/kappa) * kappa-free pieces for r = kappa u:
// the loss value and its derivative d rho / du = sigmoid(kappa u) + tau - 1,
// sharing one exponential.
func pinballTerms(u, tau, kappa float64) (val, dval float64) {
	sp, sg := num.SoftplusSigmoid(kappa * u)
	return sp/kappa + (tau-1)*u, sg + tau - 1
}
