package monkeys

import (
	"fmt"
	"math"
)

// F returns the exact aggregate failure E[(1-p)^k] after k attempts (k
// real, k >= 0); pass_B@k = 1 - F(k). It returns NaN for k < 0 or invalid
// parameters.
//
//   - Delta(p): (1-p)^k, computed as exp(k·log1p(-p)).
//   - Uniform[0,s]: (1 - (1-s)^(k+1)) / (s(k+1)); 1/(k+1) for s = 1.
//   - Beta(α,β), s = 1: B(α, β+k)/B(α, β) (Schaeffer et al. 2025, eq. for
//     the Beta case), evaluated as Γ(β+k)/Γ(β+k+α) · Γ(α+β)/Γ(β) with
//     LogGammaRatio so that k up to 1e9 keeps ~1e-14 relative accuracy.
//   - scaled Beta and Kumaraswamy: F(k) = ∫_0^∞ e^(-t) G(1 - e^(-t/k)) dt,
//     G the CDF of p (integration by parts of E[e^(-k·L)], L = -log(1-p)),
//     by tanh-sinh quadrature; k enters only through t/k, so the accuracy
//     does not degrade with k.
func (d Dist) F(k float64) float64 {
	if d.Validate() != nil || !(k >= 0) {
		return math.NaN()
	}
	if k == 0 {
		return 1
	}
	if math.IsInf(k, 1) {
		return 0
	}
	switch d.Family {
	case FamilyDelta:
		if d.P == 1 {
			return 0
		}
		return math.Exp(k * math.Log1p(-d.P))
	case FamilyUniform:
		if d.s() == 1 {
			return 1 / (k + 1)
		}
		return -math.Expm1((k+1)*math.Log1p(-d.s())) / (d.s() * (k + 1))
	case FamilyBeta:
		if d.s() == 1 {
			return math.Exp(LogGammaRatio(d.Beta, d.Alpha) - LogGammaRatio(d.Beta+k, d.Alpha))
		}
	}
	return d.failureIntegral(k)
}

// failureIntegral evaluates ∫_0^T e^(-t) G(1-e^(-t/k)) dt + e^(-T), with
// T = -k·log(1-s) the point beyond which G = 1, truncated where e^(-t)
// times the power t^α of G's lower tail is negligible.
func (d Dist) failureIntegral(k float64) float64 {
	T := math.Inf(1)
	if d.s() < 1 {
		T = -k * math.Log1p(-d.s())
	}
	a := d.Alpha
	tmax := 40 + 2*a + 10*math.Sqrt(a)
	upper, tail := T, math.Exp(-T)
	if T > tmax {
		upper, tail = tmax, 0
	}
	g := func(t float64) float64 {
		return math.Exp(-t) * d.CDF(-math.Expm1(-t/k))
	}
	return tanhSinh(g, upper) + tail
}

// NegLogPass returns -log(pass_B@k) = -log(1 - F(k)), the quantity the
// paper's power law describes.
func (d Dist) NegLogPass(k float64) float64 {
	return -math.Log1p(-d.F(k))
}

// FailureCurve returns F(k) for every k in ks; the error names the first
// invalid k or parameter.
func (d Dist) FailureCurve(ks []float64) ([]float64, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	out := make([]float64, len(ks))
	for i, k := range ks {
		if !(k >= 0) {
			return nil, fmt.Errorf("monkeys: ks[%d] = %v, need k >= 0", i, k)
		}
		out[i] = d.F(k)
	}
	return out, nil
}

// tanhSinh integrates f over [0, b] (b finite, > 0) with the
// double-exponential rule of Takahasi & Mori (1974): x = b/(1 + e^(-π sinh u)),
// trapezoidal in u with step 1/32 over |u| <= 3.5. Algebraic endpoint
// singularities (t^α at 0, (b-t)^β at b) keep its exponential convergence.
// Points are formed from the distance to the nearer end, so nodes next to 0
// keep full relative precision. gonum/integrate/quad has only Gauss rules.
func tanhSinh(f func(float64) float64, b float64) float64 {
	const h = 1.0 / 32
	const umax = 3.5
	sum := 0.0
	n := int(umax / h)
	for i := -n; i <= n; i++ {
		u := float64(i) * h
		v := math.Pi / 2 * math.Sinh(u)
		// x/b = 1/(1+e^(-2v)); weight = b · (π/2)cosh(u) / (2 cosh²(v)).
		e := math.Exp(-2 * math.Abs(v))
		lo := e / (1 + e) // the smaller of x/b and 1-x/b
		var x float64
		if v < 0 {
			x = b * lo
		} else {
			x = b * (1 - lo)
		}
		w := b * math.Pi / 2 * math.Cosh(u) * lo / (1 + e) * 2
		if w == 0 {
			continue
		}
		sum += w * f(x)
	}
	return sum * h
}
