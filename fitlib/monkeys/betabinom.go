package monkeys

import (
	"math"

	"gonum.org/v1/gonum/mathext"
)

// BetaBinomialLogPMF returns log P(c | n) when the success probability is
// p = s·X with X ~ Beta(alpha, beta): the scaled Beta-binomial. It is
// finite for every valid (n, c, alpha, beta, s) — checked for n = 1e4 and
// c in {0, 1, n-1, n} — and NaN for invalid arguments.
//
// With m = n - c, writing (1 - s x) = (1 - s) + s(1 - x) and expanding
// gives a sum of positive terms (the Pfaff-transformed hypergeometric
// series; the direct series of 2F1(-m, α+c; α+β+c; s) alternates and
// cancels catastrophically for large m):
//
//	P(c|n) = C(n,c) s^c B(α+c,β)/B(α,β) · Σ_{j=0}^{m} C(m,j) (1-s)^(m-j) s^j (β)_j/(α+β+c)_j
//
// The terms are log-concave in j when β >= 1, so the sum starts at its
// largest term (found by bisection on the term ratio) and walks outwards
// until the terms drop below 1e-20 of the sum; for β < 1 it scans from
// j = 0. For s = 1 it is the closed form C(n,c) B(α+c, β+m)/B(α, β).
func BetaBinomialLogPMF(n, c int, alpha, beta, s float64) float64 {
	if n < 0 || c < 0 || c > n || !(alpha > 0) || !(beta > 0) || !(s > 0 && s <= 1) {
		return math.NaN()
	}
	return betaBinomial(n, c, alpha, beta, s, nil)
}

// betaBinomial returns log P(c|n) and, when grad != nil, stores its
// derivatives with respect to (alpha, beta, s) in grad[0:3] (grad[2] = 0
// when s = 1).
func betaBinomial(n, c int, alpha, beta, s float64, grad []float64) float64 {
	m := n - c
	cf := float64(c)
	if s == 1 {
		lp := logChoose(n, c) + LogGammaRatio(alpha, cf) + LogGammaRatio(beta, float64(m)) - LogGammaRatio(alpha+beta, float64(n))
		if grad != nil {
			dab := mathext.Digamma(alpha+beta) - mathext.Digamma(alpha+beta+float64(n))
			grad[0] = mathext.Digamma(alpha+cf) - mathext.Digamma(alpha) + dab
			grad[1] = mathext.Digamma(beta+float64(m)) - mathext.Digamma(beta) + dab
			grad[2] = 0
		}
		return lp
	}
	A := alpha + beta + cf
	ls, l1s := math.Log(s), math.Log1p(-s)
	odds := s / (1 - s)
	// log of term j (without the j-independent prefactor).
	logTerm := func(j int) float64 {
		jf := float64(j)
		return logChoose(m, j) + float64(m-j)*l1s + jf*ls + LogGammaRatio(beta, jf) - LogGammaRatio(A, jf)
	}
	ratio := func(j int) float64 { // term(j+1)/term(j)
		jf := float64(j)
		return float64(m-j) / (jf + 1) * odds * (beta + jf) / (A + jf)
	}
	j0 := 0
	if beta >= 1 && m > 0 {
		// smallest j with ratio(j) < 1 is the mode (ratios decrease).
		lo, hi := 0, m
		for lo < hi {
			mid := (lo + hi) / 2
			if ratio(mid) < 1 {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		j0 = lo
	}
	logT0 := logTerm(j0)
	wantGrad := grad != nil
	var psiB0, psiA0 float64
	if wantGrad {
		psiB0 = mathext.Digamma(beta + float64(j0))
		psiA0 = mathext.Digamma(A + float64(j0))
	}
	// Accumulate Σ t_j/t_j0 and the t-weighted sums of j, ψ(β+j), ψ(A+j).
	var sum, sj, sPsiB, sPsiA float64
	add := func(t float64, j int, pb, pa float64) {
		sum += t
		if wantGrad {
			sj += t * float64(j)
			sPsiB += t * pb
			sPsiA += t * pa
		}
	}
	const tiny = 1e-20
	// rightwards from j0 (inclusive). For β < 1 the sequence may be
	// log-convex at small j; beyond jc it is log-concave, so stopping there
	// once terms fall is safe.
	jc := 0
	if beta < 1 {
		jc = int(math.Sqrt((1-beta)*(A+float64(m)))) + 2
	}
	t, pb, pa := 1.0, psiB0, psiA0
	scaleLog := 0.0 // sum and t are stored times exp(-scaleLog)
	for j := j0; j <= m; j++ {
		add(t, j, pb, pa)
		if j == m {
			break
		}
		r := ratio(j)
		if t < tiny*sum && r < 1 && j >= jc {
			break
		}
		t *= r
		if wantGrad {
			pb += 1 / (beta + float64(j))
			pa += 1 / (A + float64(j))
		}
		if t > 1e250 { // rescale (only when scanning up from j = 0)
			t *= 1e-250
			sum *= 1e-250
			sj *= 1e-250
			sPsiB *= 1e-250
			sPsiA *= 1e-250
			scaleLog += 250 * math.Ln10
		}
	}
	// leftwards from j0-1 (only when j0 > 0: the log-concave case).
	t, pb, pa = 1.0, psiB0, psiA0
	for j := j0 - 1; j >= 0; j-- {
		t /= ratio(j)
		if wantGrad {
			pb -= 1 / (beta + float64(j))
			pa -= 1 / (A + float64(j))
		}
		add(t*math.Exp(-scaleLog), j, pb, pa)
		if t < tiny*sum {
			break
		}
	}
	lp := logChoose(n, c) + cf*ls + LogGammaRatio(alpha, cf) - LogGammaRatio(alpha+beta, cf) + logT0 + scaleLog + math.Log(sum)
	if wantGrad {
		ej, eB, eA := sj/sum, sPsiB/sum, sPsiA/sum
		psiAB := mathext.Digamma(alpha + beta)
		grad[0] = mathext.Digamma(alpha+cf) - mathext.Digamma(alpha) + psiAB - eA
		grad[1] = psiAB - mathext.Digamma(beta) + eB - eA
		grad[2] = (cf+ej)/s - (float64(m)-ej)/(1-s)
	}
	return lp
}
