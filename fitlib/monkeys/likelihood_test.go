package monkeys

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/integrate/quad"
	"gonum.org/v1/gonum/mathext"
)

var pmfParams = [][3]float64{ // alpha, beta, scale
	{0.05, 1.9, 0.0346}, {0.25, 2, 0.23}, {0.5, 3.5, 1}, {0.3, 0.4, 0.6},
	{3, 0.7, 1}, {1.5, 40, 0.9}, {0.8, 1, 0.999}, {0.1, 0.2, 1},
}

// Σ_c P(c|n) = 1 (exact in exact arithmetic; sums 61–301 terms of very
// different sizes).
func TestPMFNormalises(t *testing.T) {
	for _, p := range pmfParams {
		for _, n := range []int{60, 300} {
			sb, sk := 0.0, 0.0
			for c := 0; c <= n; c++ {
				sb += math.Exp(BetaBinomialLogPMF(n, c, p[0], p[1], p[2]))
				sk += math.Exp(KumaraswamyBinomialLogPMF(n, c, p[0], p[1], p[2]))
			}
			if math.Abs(sb-1) > 1e-11 {
				t.Errorf("beta-binomial %v n=%d: Σ P = %.15f", p, n, sb)
			}
			if math.Abs(sk-1) > 1e-9 {
				t.Errorf("Kumaraswamy-binomial %v n=%d: Σ P = %.15f", p, n, sk)
			}
		}
	}
}

// Scaled Beta-binomial against direct quadrature of
// ∫ Beta(x;α,β) Bin(c; n, s·x) dx with x = y^(1/α) (smooth at 0), gonum quad.
func TestBetaBinomialAgainstQuadrature(t *testing.T) {
	for _, p := range [][3]float64{{0.4, 5, 0.3}, {0.25, 2, 0.23}, {2, 3, 0.8}} {
		a, b, s := p[0], p[1], p[2]
		for _, nc := range [][2]int{{40, 0}, {40, 3}, {40, 12}, {200, 30}} {
			n, c := nc[0], nc[1]
			lb := mathext.Lbeta(a, b)
			f := func(y float64) float64 {
				x := math.Pow(y, 1/a)
				if x >= 1 {
					return 0
				}
				// Beta density × dx/dy = (1-x)^(β-1)/(α B(α,β)); times binomial
				return math.Exp((b-1)*math.Log1p(-x)-lb+logChoose(n, c)+float64(c)*math.Log(s*x)+float64(n-c)*math.Log1p(-s*x)) / a
			}
			want, lo := 0.0, 0.0
			for _, hi := range []float64{1e-6, 1e-4, 1e-3, 1e-2, 0.05, 0.1, 0.2, 0.4, 0.7, 1} {
				want += quad.Fixed(f, lo, hi, 100, quad.Legendre{}, 0)
				lo = hi
			}
			got := math.Exp(BetaBinomialLogPMF(n, c, a, b, s))
			if e := relErr(got, want); e > 1e-9 {
				t.Errorf("%v n=%d c=%d: %.12g vs quad %.12g (rel %.2g)", p, n, c, got, want, e)
			}
		}
	}
}

// Two unrelated algorithms agree where the families coincide:
// Kumaraswamy(α,1) = Beta(α,1) and Kumaraswamy(1,β) = Beta(1,β), at
// n = 10,000 and all scales. Every value is finite, including c in
// {0, 1, n-1, n}.
func TestLikelihoodsLargeN(t *testing.T) {
	n := 10000
	for _, s := range []float64{0.0346, 0.23, 0.999, 1} {
		for _, c := range []int{0, 1, 2, 17, 346, 5000, n - 1, n} {
			for _, ab := range [][2]float64{{0.05, 1}, {0.7, 1}, {1, 0.3}, {1, 2}, {1, 40}} {
				lb := BetaBinomialLogPMF(n, c, ab[0], ab[1], s)
				lk := KumaraswamyBinomialLogPMF(n, c, ab[0], ab[1], s)
				if math.IsNaN(lb) || math.IsInf(lb, 0) || math.IsNaN(lk) || math.IsInf(lk, 0) {
					t.Fatalf("s=%g c=%d %v: non-finite %v %v", s, c, ab, lb, lk)
				}
				if d := math.Abs(lb - lk); d > 1e-8*math.Max(1, math.Abs(lb)) {
					t.Errorf("s=%g c=%d %v: beta %.12g vs Kumaraswamy %.12g", s, c, ab, lb, lk)
				}
			}
			for _, p := range pmfParams {
				for _, v := range []float64{BetaBinomialLogPMF(n, c, p[0], p[1], s), KumaraswamyBinomialLogPMF(n, c, p[0], p[1], s)} {
					if math.IsNaN(v) || math.IsInf(v, 0) || v > 0 {
						t.Errorf("n=%d c=%d %v s=%g: log pmf %v", n, c, p, s, v)
					}
				}
			}
		}
	}
}

// Analytic gradients against central differences.
func TestLikelihoodGradients(t *testing.T) {
	for _, p := range [][3]float64{{0.25, 2, 0.3}, {0.6, 0.5, 0.8}, {0.05, 1.9, 0.05}, {2, 5, 1}} {
		for _, nc := range [][2]int{{10000, 0}, {10000, 37}, {500, 480}, {60, 1}} {
			n, c := nc[0], nc[1]
			if float64(c)/float64(n) > p[2] {
				continue
			}
			for fi, f := range []func(int, int, float64, float64, float64, []float64) float64{betaBinomial, kumaraswamyBinomial} {
				g := make([]float64, 3)
				f(n, c, p[0], p[1], p[2], g)
				x := []float64{p[0], p[1], p[2]}
				for i := 0; i < 3; i++ {
					if i == 2 && p[2] == 1 {
						continue
					}
					// the quadrature's node placement moves with the
					// parameters (value noise ~1e-11): a wider step
					h := 1e-6 * x[i]
					if fi == 1 {
						h = 1e-4 * x[i]
					}
					xp := append([]float64(nil), x...)
					xm := append([]float64(nil), x...)
					xp[i] += h
					xm[i] -= h
					fd := (f(n, c, xp[0], xp[1], xp[2], nil) - f(n, c, xm[0], xm[1], xm[2], nil)) / (2 * h)
					if math.Abs(fd-g[i]) > 1e-5*math.Max(1, math.Abs(fd)) {
						t.Errorf("family %d %v n=%d c=%d: d/dx%d analytic %.8g vs FD %.8g", fi, p, n, c, i, g[i], fd)
					}
				}
			}
		}
	}
}

func TestPMFInvalidIsNaN(t *testing.T) {
	for _, v := range []float64{
		BetaBinomialLogPMF(10, 11, 1, 1, 1), BetaBinomialLogPMF(10, -1, 1, 1, 1),
		BetaBinomialLogPMF(10, 1, 0, 1, 1), KumaraswamyBinomialLogPMF(10, 1, 1, 1, 0),
	} {
		if !math.IsNaN(v) {
			t.Errorf("invalid arguments must give NaN, got %v", v)
		}
	}
}

// Normalisation across the whole fitting box, including U-shaped priors
// (alpha, beta << 1) where the Kumaraswamy integrand can be bimodal.
func TestPMFNormalisesExtremeShapes(t *testing.T) {
	for _, a := range []float64{1e-3, 0.02, 0.05, 0.1, 0.15, 0.3, 50, 1e3} {
		for _, b := range []float64{1e-3, 0.02, 0.05, 0.1, 0.15, 0.3, 1, 50, 1e3} {
			for _, s := range []float64{0.01, 0.5, 1} {
				sb, sk := 0.0, 0.0
				for c := 0; c <= 50; c++ {
					sb += math.Exp(BetaBinomialLogPMF(50, c, a, b, s))
					sk += math.Exp(KumaraswamyBinomialLogPMF(50, c, a, b, s))
				}
				if math.Abs(sb-1) > 1e-12 || math.Abs(sk-1) > 1e-7 {
					t.Errorf("alpha=%g beta=%g s=%g: Σ P - 1 = %.3g (beta-binomial), %.3g (Kumaraswamy)", a, b, s, sb-1, sk-1)
				}
			}
		}
	}
}
