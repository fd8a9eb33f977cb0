package monkeys

import "math"

// KumaraswamyBinomialLogPMF returns log P(c | n) when p = s·X with
// X ~ Kumaraswamy(alpha, beta). There is no closed form; the integral over
// X is taken in the variable z = logit(q), q = 1 - (1 - x^α)^β the
// Kumaraswamy CDF (so the prior becomes the logistic density, bounded and
// free of the x^(α-1) and (1-x^α)^(β-1) singularities):
//
//	P(c|n) = C(n,c) ∫ exp(ℓ(z)) dz,  ℓ(z) = c·log(s x) + m·log(1 - s x) + log q + log(1-q),
//	x(z) = (1 - (1-q)^(1/β))^(1/α)
//
// ℓ has a single mode except for U-shaped priors; the mode z* is found by
// bisection on dℓ/dz and the widths σL, σR where ℓ has fallen by 2 on each
// side; the integral is the trapezoidal rule in w with the smooth map
// z = z* + (σL+σR)/2·sinh(w) + (σR-σL)/2·(cosh(w)-1) (step 1/20; 1/80 when
// β < 0.1 and α < 1, where the U-shaped prior can make ℓ bimodal). It
// converges geometrically for this analytic integrand, and the
// double-exponential tails need ~100–300 nodes even when n = 1e4 makes the
// peak narrow. Everything is in log space, with the running maximum of ℓ
// rescaling the sums: finite for all valid counts (FuzzLogPMF).
// NaN for invalid arguments.
func KumaraswamyBinomialLogPMF(n, c int, alpha, beta, s float64) float64 {
	if n < 0 || c < 0 || c > n || !(alpha > 0) || !(beta > 0) || !(s > 0 && s <= 1) {
		return math.NaN()
	}
	return kumaraswamyBinomial(n, c, alpha, beta, s, nil)
}

// kumaNode evaluates ℓ(z) and the factor g = c - m·s·x/(1-s·x) together
// with log y (y = x^α) and S = softplus(z).
type kumaNode struct {
	l, g, logy, S, logx, sx1 float64 // sx1 = s·x/(1-s·x)
}

type kumaModel struct {
	c, m        float64
	alpha, beta float64
	s, logs     float64
}

func softplus(z float64) float64 {
	switch {
	case z > 35:
		return z + math.Exp(-z)
	case z < -35:
		return math.Exp(z)
	}
	return math.Log1p(math.Exp(z))
}

// log1mexp returns log(1 - e^(-u)) for u > 0 (Mächler 2012).
func log1mexp(u float64) float64 {
	if u < math.Ln2 {
		return math.Log(-math.Expm1(-u))
	}
	return math.Log1p(-math.Exp(-u))
}

func (k *kumaModel) eval(z float64) kumaNode {
	var nd kumaNode
	S := softplus(z)
	nd.S = S
	nd.logy = log1mexp(S / k.beta)
	nd.logx = nd.logy / k.alpha
	var log1sx float64 // log(1 - s x)
	if k.s == 1 {
		log1sx = log1mexp(-nd.logx)
	} else {
		log1sx = math.Log1p(-k.s * math.Exp(nd.logx))
	}
	nd.sx1 = math.Exp(k.logs + nd.logx - log1sx)
	nd.g = k.c - k.m*nd.sx1
	l := -S - softplus(-z) // log q + log(1-q)
	if k.c > 0 {
		l += k.c * (k.logs + nd.logx)
	}
	if k.m > 0 {
		l += k.m * log1sx
	}
	nd.l = l
	return nd
}

// deriv returns ℓ'(z).
func (k *kumaModel) deriv(z float64) float64 {
	nd := k.eval(z)
	q := 1 / (1 + math.Exp(-z))
	// d log x/dz = q / (α β expm1(S/β))
	return nd.g*q/(k.alpha*k.beta*math.Expm1(nd.S/k.beta)) + 1 - 2*q
}

func kumaraswamyBinomial(n, c int, alpha, beta, s float64, grad []float64) float64 {
	k := &kumaModel{c: float64(c), m: float64(n - c), alpha: alpha, beta: beta, s: s, logs: math.Log(s)}
	// Starting guess: x at the binomial peak.
	x0 := (float64(c) + 0.5) / (float64(n) + 1) / s
	if x0 >= 1 {
		x0 = 0.999
	}
	q0 := -math.Expm1(beta * math.Log1p(-math.Pow(x0, alpha)))
	z0 := math.Log(q0) - math.Log1p(-q0)
	if math.IsNaN(z0) || math.IsInf(z0, 0) {
		z0 = 0
	}
	z0 = math.Max(-700, math.Min(1e8, z0))
	// Bracket the root of ℓ' (positive on the left, negative on the right).
	lo, hi := z0-1, z0+1
	for step := 2.0; k.deriv(lo) <= 0 && lo > -740; step *= 2 {
		hi = lo
		lo -= step
	}
	for step := 2.0; k.deriv(hi) >= 0 && hi < 1e8; step *= 2 {
		lo = hi
		hi += step
	}
	for i := 0; i < 100 && hi-lo > 1e-3*(1+math.Abs(lo)); i++ {
		mid := 0.5 * (lo + hi)
		if k.deriv(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	zs := 0.5 * (lo + hi)
	lmax := k.eval(zs).l
	// Widths on each side: where ℓ has fallen by 2 (2σ for a Gaussian).
	sigL := k.halfWidth(zs, lmax, -1)
	sigR := k.halfWidth(zs, lmax, +1)
	// z(w) = z* + (σL+σR)/2·sinh(w) + (σR-σL)/2·(cosh(w)-1): smooth,
	// increasing, slope (σL+σR)/2 at the mode and σ_side·e^|w|/2 in each tail.
	sp, sm := (sigL+sigR)/2, (sigR-sigL)/2
	h := kumaStep
	if beta < 0.1 && alpha < 1 {
		h = kumaStep / 4 // U-shaped prior: ℓ can be bimodal; resolve both modes
	}
	var sum, sa, sb, ss float64
	// visit adds node w; the running maximum of ℓ rescales the sums, so an
	// imprecise mode can never overflow them.
	visit := func(w float64) float64 {
		z := zs + sp*math.Sinh(w) + sm*(math.Cosh(w)-1)
		nd := k.eval(z)
		if math.IsNaN(nd.l) || math.IsInf(nd.l, -1) {
			return 0
		}
		if nd.l > lmax {
			r := math.Exp(lmax - nd.l)
			sum, sa, sb, ss = sum*r, sa*r, sb*r, ss*r
			lmax = nd.l
		}
		wt := (sp*math.Cosh(w) + sm*math.Sinh(w)) * math.Exp(nd.l-lmax)
		if wt == 0 || math.IsNaN(wt) || math.IsInf(wt, 0) {
			return 0
		}
		sum += wt
		if grad != nil {
			// dℓ/dα = g·(-log y/α²); dℓ/dβ = g·(-S/β²)/(α·expm1(S/β)); dℓ/ds = g/s
			sa += wt * nd.g * (-nd.logy / (alpha * alpha))
			sb += wt * nd.g * (-nd.S / (beta * beta)) / (alpha * math.Expm1(nd.S/beta))
			ss += wt * nd.g / s
		}
		return wt
	}
	visit(0)
	for dir := -1.0; dir <= 1; dir += 2 {
		for i := 1; i < 2000; i++ {
			wt := visit(dir * float64(i) * h)
			if wt < 1e-18*sum && float64(i)*h > 1 {
				break
			}
		}
	}
	lp := logChoose(n, c) + lmax + math.Log(sum*h)
	if grad != nil {
		grad[0], grad[1], grad[2] = sa/sum, sb/sum, ss/sum
	}
	return lp
}

var kumaStep = 0.05

// halfWidth returns half the distance from the mode zs to the point on side
// dir (±1) where ℓ has fallen 2 below its maximum lmax.
func (k *kumaModel) halfWidth(zs, lmax float64, dir float64) float64 {
	target := lmax - 2
	near, far := 0.0, 1e-3
	for i := 0; i < 60 && k.eval(zs+dir*far).l > target; i++ {
		near = far
		far *= 4
	}
	for i := 0; i < 40 && far-near > 0.05*far; i++ {
		mid := 0.5 * (near + far)
		if k.eval(zs+dir*mid).l > target {
			near = mid
		} else {
			far = mid
		}
	}
	return math.Max(0.5*(near+far)/2, 1e-9)
}
