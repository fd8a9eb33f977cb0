package monkeys

import (
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/integrate/quad"
)

func relErr(got, want float64) float64 { return math.Abs(got-want) / math.Abs(want) }

func mustBeta(t *testing.T, a, b, s float64) Dist {
	t.Helper()
	d, err := NewBeta(a, b, s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// Test vectors of the issue (Schaeffer et al. 2025, Beta examples).
func TestBetaTestVectors(t *testing.T) {
	d := mustBeta(t, 0.4, 5, 1)
	if got := d.F(100); math.Abs(got-0.2891566) > 5e-8 {
		t.Errorf("Beta(0.4,5) F(100) = %.9f, want 0.2891566", got)
	}
	if got := d.NegLogPass(100); math.Abs(got-0.3413032) > 5e-8 {
		t.Errorf("Beta(0.4,5) -log(1-F(100)) = %.9f, want 0.3413032", got)
	}
	if got := mustBeta(t, 0.15, 3.5, 1).F(1e4); math.Abs(got-0.2974627) > 5e-8 {
		t.Errorf("Beta(0.15,3.5) F(1e4) = %.9f, want 0.2974627", got)
	}
	a, b, err := d.Asymptote()
	if err != nil || b != 0.4 {
		t.Fatal(a, b, err)
	}
	if r := d.F(1e6) / (a * math.Pow(1e6, -b)); math.Abs(r-0.999998) > 5e-7 {
		t.Errorf("F/asymptote at 1e6 = %.8f, want 0.999998", r)
	}
}

// The stable form against the product Π_{j<k} (1 - α/(α+β+j)) summed as
// log1p terms (exact in exact arithmetic), and at k = 1e9 against the
// two-term asymptotic expansion Γ(x+a)/Γ(x+b) = x^(a-b)(1 + (a-b)(a+b-1)/(2x)
// + O(x^-2)) (A&S 6.1.47), where the naive lgamma difference is visibly off.
func TestBetaFailureLargeK(t *testing.T) {
	for _, p := range [][2]float64{{0.4, 5}, {0.15, 3.5}, {2, 0.5}, {0.05, 1.9}} {
		d := mustBeta(t, p[0], p[1], 1)
		logProd, comp, next := 0.0, 0.0, 0 // Neumaier-compensated sum
		for _, k := range []int{1, 7, 100, 12345, 200000} {
			for ; next < k; next++ {
				x := math.Log1p(-p[0] / (p[0] + p[1] + float64(next)))
				s := logProd + x
				if math.Abs(logProd) >= math.Abs(x) {
					comp += (logProd - s) + x
				} else {
					comp += (x - s) + logProd
				}
				logProd = s
			}
			if e := relErr(d.F(float64(k)), math.Exp(logProd+comp)); e > 1e-13 {
				t.Errorf("%v F(%d): rel err %.2g vs product", d, k, e)
			}
		}
		// k = 1e9: F = Γ(β+k)Γ(α+β)/(Γ(β)Γ(α+β+k)); expansion in x = k.
		k := 1e9
		a, _, _ := d.Asymptote()
		al, be := p[0], p[1]
		want := a * math.Pow(k, -al) * (1 - al*(2*be+al-1)/(2*k))
		if e := relErr(d.F(k), want); e > 1e-13 {
			t.Errorf("%v F(1e9): rel err %.2g vs asymptotic expansion", d, e)
		}
		l1, _ := math.Lgamma(be + k)
		l2, _ := math.Lgamma(al + be + k)
		naive := a * math.Exp(l1-l2)
		if e := relErr(naive, want); e < 1e-10 {
			t.Logf("%v: naive lgamma difference happens to be accurate (%.2g)", d, e)
		}
	}
}

// The generic integral (used for scaled Beta and Kumaraswamy) reproduces
// the closed form for unscaled Beta over k = 1..1e9.
func TestFailureIntegralMatchesClosedForm(t *testing.T) {
	for _, p := range [][2]float64{{0.4, 5}, {0.15, 3.5}, {3, 2}, {0.05, 0.7}, {20, 3}} {
		d := mustBeta(t, p[0], p[1], 1)
		for _, k := range []float64{1, 3.5, 100, 1e4, 1e6, 1e9} {
			if e := relErr(d.failureIntegral(k), d.F(k)); e > 1e-11 {
				t.Errorf("%v k=%g: integral rel err %.2g", d, k, e)
			}
		}
	}
}

// Scaled Beta: (1-sx)^k = Σ_j C(k,j)(1-s)^(k-j) s^j (1-x)^j, so
// F_s(k) = E_{J~Bin(k,s)}[F_1(J)], a sum of positive terms.
func TestScaledBetaBinomialMixture(t *testing.T) {
	for _, p := range [][3]float64{{0.4, 5, 0.3}, {0.15, 3.5, 0.05}, {1.5, 0.8, 0.9}} {
		d := mustBeta(t, p[0], p[1], p[2])
		u := mustBeta(t, p[0], p[1], 1)
		s := p[2]
		for _, k := range []int{1, 10, 1000, 100000} {
			sum := 0.0
			for j := 0; j <= k; j++ {
				lb := logChoose(k, j) + float64(j)*math.Log(s) + float64(k-j)*math.Log1p(-s)
				if lb < -60 {
					continue
				}
				sum += math.Exp(lb) * u.F(float64(j))
			}
			if e := relErr(d.F(float64(k)), sum); e > 1e-10 {
				t.Errorf("%v F(%d) = %.12g, mixture %.12g (rel %.2g)", d, k, d.F(float64(k)), sum, e)
			}
		}
	}
}

// Kumaraswamy and Uniform F(k) against direct Gauss–Legendre integration of
// ∫ pdf(x)(1-x)^k dx with gonum quad (substituting x = s·y^(1/α) so that the
// integrand β(1-y)^(β-1)(1-s·y^(1/α))^k is smooth for β >= 1), and the two
// exact special cases Kumaraswamy(1,β) = Beta(1,β), Kumaraswamy(α,1) = Beta(α,1).
func TestKumaraswamyAgainstQuadrature(t *testing.T) {
	for _, p := range [][3]float64{{0.4, 5, 1}, {0.15, 3.5, 0.3}, {2, 2, 0.7}, {0.7, 2, 1}} {
		d, err := NewKumaraswamy(p[0], p[1], p[2])
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []float64{1, 10, 100, 1000} {
			f := func(y float64) float64 {
				return p[1] * math.Pow(1-y, p[1]-1) * math.Pow(1-p[2]*math.Pow(y, 1/p[0]), k)
			}
			// Panels refined towards 0, where (1-s y^(1/α))^k varies fastest.
			want, lo := 0.0, 0.0
			for _, hi := range []float64{1e-12, 1e-9, 1e-6, 1e-4, 1e-3, 1e-2, 0.05, 0.2, 0.5, 1} {
				want += quad.Fixed(f, lo, hi, 200, quad.Legendre{}, 0)
				lo = hi
			}
			if e := relErr(d.F(k), want); e > 1e-9 {
				t.Errorf("%v F(%g) = %.12g, quad %.12g (rel %.2g)", d, k, d.F(k), want, e)
			}
		}
	}
	// F(1) = 1 - s·E[X], E[X] = β·B(1+1/α, β) (Jones 2009, eq. 2.3).
	for _, p := range [][3]float64{{2, 1.5, 0.7}, {0.3, 0.6, 1}, {5, 9, 0.2}} {
		d, _ := NewKumaraswamy(p[0], p[1], p[2])
		lb, _ := math.Lgamma(1 + 1/p[0])
		lb2, _ := math.Lgamma(p[1])
		lb3, _ := math.Lgamma(1 + 1/p[0] + p[1])
		want := 1 - p[2]*p[1]*math.Exp(lb+lb2-lb3)
		if e := relErr(d.F(1), want); e > 1e-12 {
			t.Errorf("%v F(1) = %.15g, want 1 - s·E[X] = %.15g", d, d.F(1), want)
		}
	}
	for _, k := range []float64{1, 50, 1e5, 1e9} {
		k1, _ := NewKumaraswamy(1, 2.5, 1)
		b1 := mustBeta(t, 1, 2.5, 1)
		ka, _ := NewKumaraswamy(0.3, 1, 1)
		ba := mustBeta(t, 0.3, 1, 1)
		if e := relErr(k1.F(k), b1.F(k)); e > 1e-11 {
			t.Errorf("Kumaraswamy(1,2.5) vs Beta(1,2.5) at k=%g: %.2g", k, e)
		}
		if e := relErr(ka.F(k), ba.F(k)); e > 1e-11 {
			t.Errorf("Kumaraswamy(0.3,1) vs Beta(0.3,1) at k=%g: %.2g", k, e)
		}
	}
	u, _ := NewUniform(0.4)
	for _, k := range []float64{1, 10, 300} {
		want := quad.Fixed(func(x float64) float64 { return math.Pow(1-x, k) / 0.4 }, 0, 0.4, 100, quad.Legendre{}, 0)
		if e := relErr(u.F(k), want); e > 1e-12 {
			t.Errorf("Uniform(0,0.4) F(%g): rel %.2g", k, e)
		}
	}
}

// F(k)·k^b/a → 1 for every family and scale (the general theorem a = KΓ(b+1)).
func TestAsymptoteAllFamilies(t *testing.T) {
	var ds []Dist
	for _, s := range []float64{1, 0.25} {
		b, _ := NewBeta(0.4, 5, s)
		k, _ := NewKumaraswamy(0.4, 5, s)
		u, _ := NewUniform(s)
		ds = append(ds, b, k, u)
	}
	for _, d := range ds {
		a, b, err := d.Asymptote()
		if err != nil {
			t.Fatal(err)
		}
		r := d.F(1e9) * math.Pow(1e9, b) / a
		// next-order terms: O(1/k) for Beta and Uniform, O(k^-α) for Kumaraswamy
		if math.Abs(r-1) > 5e-3 {
			t.Errorf("%v: F(1e9)/(a k^-b) = %.6f", d, r)
		}
	}
	if _, _, err := (Dist{Family: FamilyDelta, P: 0.1}).Asymptote(); err == nil {
		t.Error("Delta must have no power-law asymptote")
	}
	dd, _ := NewDelta(0.1)
	if e := relErr(dd.F(50), math.Pow(0.9, 50)); e > 1e-14 {
		t.Errorf("Delta F(50): %.2g", e)
	}
}

func TestDistValidation(t *testing.T) {
	for _, c := range []struct {
		d    Dist
		name string
	}{
		{Dist{Family: FamilyBeta, Alpha: -1, Beta: 1, Scale: 1}, "alpha"},
		{Dist{Family: FamilyBeta, Alpha: 1, Beta: 0, Scale: 1}, "beta"},
		{Dist{Family: FamilyKumaraswamy, Alpha: 1, Beta: 1, Scale: 1.5}, "scale"},
		{Dist{Family: FamilyDelta, P: 0}, "p"},
	} {
		err := c.d.Validate()
		if err == nil || !strings.Contains(err.Error(), c.name+" = ") {
			t.Errorf("%+v: error %v should name %s", c.d, err, c.name)
		}
		if !math.IsNaN(c.d.F(3)) {
			t.Errorf("%+v: F must be NaN for invalid parameters", c.d)
		}
	}
	d := mustBeta(t, 1, 1, 1)
	if _, err := d.FailureCurve([]float64{1, -2}); err == nil || !strings.Contains(err.Error(), "ks[1]") {
		t.Errorf("negative k must be named: %v", err)
	}
}
