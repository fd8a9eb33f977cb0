package monkeys

import "math"

// LogGammaRatio returns log(Γ(x+a)/Γ(x)) for x > 0 and x+a > 0 without the
// cancellation of math.Lgamma(x+a) - math.Lgamma(x) when both arguments
// are large, which loses about log10(x·log x) digits (1e-6 relative at
// x = 1e9). Then the difference of Stirling series is taken term by term:
//
//	(x-1/2)·log1p(a/x) + a·log(x+a) - a + S(x+a) - S(x),
//	S(y) = 1/(12y) - 1/(360y^3) + 1/(1260y^5) - 1/(1680y^7) + 1/(1188y^9)
//
// (Abramowitz & Stegun 6.1.40–6.1.41) when both x and x+a are at least 20;
// the truncation error of S is then below 1e-17. When either is below 20,
// math.Lgamma's difference is already accurate (see below). It returns NaN
// for arguments outside the domain.
func LogGammaRatio(x, a float64) float64 {
	if !(x > 0) || !(x+a > 0) || math.IsInf(x, 0) || math.IsNaN(a) || math.IsInf(a, 0) {
		return math.NaN()
	}
	if a == 0 {
		return 0
	}
	const big = 20
	if x < big || x+a < big {
		// One argument is small: |log Γ| of the small one is below ~40, so
		// the direct difference keeps an absolute error of ~1e-14 while the
		// result is dominated by the large one (relative error ~1 ulp).
		lx, _ := math.Lgamma(x)
		lxa, _ := math.Lgamma(x + a)
		return lxa - lx
	}
	return (x-0.5)*math.Log1p(a/x) + a*math.Log(x+a) - a + stirlingTail(x+a) - stirlingTail(x)
}

// stirlingTail is S(y) above (the correction to Stirling's formula).
func stirlingTail(y float64) float64 {
	r := 1 / y
	r2 := r * r
	return r * (1.0/12 + r2*(-1.0/360+r2*(1.0/1260+r2*(-1.0/1680+r2*(1.0/1188)))))
}

// logChoose returns log C(n, k) for integers 0 <= k <= n, stably for large n.
func logChoose(n, k int) float64 {
	if k < 0 || k > n {
		return math.Inf(-1)
	}
	if k == 0 || k == n {
		return 0
	}
	if k > n-k {
		k = n - k
	}
	// C(n,k) = Γ(n+1)/(Γ(k+1)Γ(n-k+1)) = [Γ(n-k+1+k)/Γ(n-k+1)] / [Γ(1+k)/Γ(1)]
	return LogGammaRatio(float64(n-k+1), float64(k)) - LogGammaRatio(1, float64(k))
}

// logBetaRatio returns log(B(a+u, b+v)/B(a, b)) stably:
// log Γ(a+u)/Γ(a) + log Γ(b+v)/Γ(b) - log Γ(a+b+u+v)/Γ(a+b).
func logBetaRatio(a, b, u, v float64) float64 {
	return LogGammaRatio(a, u) + LogGammaRatio(b, v) - LogGammaRatio(a+b, u+v)
}
