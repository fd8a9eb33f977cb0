package geneval

import (
	"math"
	"strings"
	"testing"
)

// hoffmann is the test vector: the Hoffmann et al. (2022) eq. (10)
// exponents and prefactors (their alpha = 0.34 on N, beta = 0.28 on D,
// A = 406.4, B = 410.7) with c = 6.
var hoffmann = Envelope{Beta: 0.34, Gamma: 0.28, N0: 406.4, D0: 410.7, C: 6}

func near(a, b, rel float64) bool { return math.Abs(a-b) <= rel*math.Abs(b) }

func TestEnvelopeTestVector(t *testing.T) {
	e := hoffmann
	for _, c := range []struct {
		name      string
		got, want float64
		tol       float64 // absolute, half a unit of the last published digit
	}{
		{"alpha", e.Alpha(), 0.1535484, 5e-8},
		{"C0", e.C0(), 1071.365, 5e-4},
		{"Phi(2)", e.Phi(2), 1.0226417, 5e-8},
		{"Phi_quadratic(2)", e.PhiQuadratic(2), 1.0228696, 5e-8},
		{"Phi(3)^(-1/alpha)", e.EffectiveCompute(3), 0.6980500, 5e-8},
	} {
		if math.Abs(c.got-c.want) > c.tol {
			t.Errorf("%s = %.9g, want %.9g", c.name, c.got, c.want)
		}
	}
}

// TestEnvelopeBruteForce minimises N0 N^-beta + D0 (C/(cN))^-gamma over N
// at fixed C on a fine grid of log N refined by golden-section search,
// independently of the closed form, and checks N*, D*, C0 C^-alpha and the
// penalty Phi.
func TestEnvelopeBruteForce(t *testing.T) {
	for _, e := range []Envelope{hoffmann, {Beta: 0.5, Gamma: 0.2, N0: 30, D0: 2000, C: 6}, {Beta: 0.12, Gamma: 0.9, N0: 5, D0: 1e4, C: 2}} {
		for _, compute := range []float64{1e18, 1e21, 1e24} {
			f := func(x float64) float64 {
				n := math.Exp(x)
				return e.Reducible(n, compute/(e.C*n))
			}
			xBF, fBF := minimise1D(f, 0, math.Log(compute))
			nBF := math.Exp(xBF)
			if !near(nBF, e.NOpt(compute), 1e-4) {
				t.Errorf("%+v C=%g: brute-force N* %g, closed form %g", e, compute, nBF, e.NOpt(compute))
			}
			if !near(fBF, e.OptimalReducible(compute), 1e-10) {
				t.Errorf("%+v C=%g: brute-force min %g, C0 C^-alpha %g", e, compute, fBF, e.OptimalReducible(compute))
			}
			if !near(e.NOpt(compute)*e.DOpt(compute)*e.C, compute, 1e-12) {
				t.Errorf("N* D* c != C")
			}
			// Phi against the direct ratio of losses, and the fine grid
			// minimum over r never below 1.
			nO, dO := e.NOpt(compute), e.DOpt(compute)
			best := math.Inf(1)
			for i := -2000; i <= 2000; i++ {
				r := math.Exp(float64(i) * 1e-3)
				direct := e.Reducible(r*nO, dO/r) / e.OptimalReducible(compute)
				if !near(direct, e.Phi(r), 1e-12) {
					t.Fatalf("Phi(%g) = %g, direct ratio %g", r, e.Phi(r), direct)
				}
				best = math.Min(best, direct)
			}
			if best < 1-1e-12 {
				t.Errorf("grid found a loss below the envelope: Phi = %g", best)
			}
		}
	}
}

// TestEffectiveComputeByBisection finds C' with C0 C'^-alpha equal to the
// off-optimal loss at C by bisection, and checks C'/C = Phi^(-1/alpha).
func TestEffectiveComputeByBisection(t *testing.T) {
	e := hoffmann
	compute := 1e22
	for _, r := range []float64{0.1, 0.5, 2, 3, 10} {
		target := e.Reducible(r*e.NOpt(compute), e.DOpt(compute)/r)
		lo, hi := math.Log(compute)-40, math.Log(compute)
		for i := 0; i < 200; i++ {
			mid := (lo + hi) / 2
			if e.OptimalReducible(math.Exp(mid)) > target {
				lo = mid
			} else {
				hi = mid
			}
		}
		if got := math.Exp(lo) / compute; !near(got, e.EffectiveCompute(r), 1e-9) {
			t.Errorf("r=%g: bisection %g, closed form %g", r, got, e.EffectiveCompute(r))
		}
	}
}

// TestPathSlope checks the fixed-ratio local slope against a central finite
// difference of log(reducible) in log C, and its limit min(beta,gamma)/2.
func TestPathSlope(t *testing.T) {
	e := hoffmann
	rho := 20.0
	red := func(lc float64) float64 {
		n, d := e.PathAllocation(math.Exp(lc), rho)
		return math.Log(e.Reducible(n, d))
	}
	for _, compute := range []float64{1e18, 1e22, 1e30} {
		h := 1e-4
		fd := -(red(math.Log(compute)+h) - red(math.Log(compute)-h)) / (2 * h)
		if !near(fd, e.PathLocalSlope(compute, rho), 1e-6) {
			t.Errorf("C=%g: slope %g, finite difference %g", compute, e.PathLocalSlope(compute, rho), fd)
		}
	}
	if got := e.PathLocalSlope(1e200, rho); !near(got, e.PathAlpha(), 1e-3) || e.PathAlpha() != 0.14 {
		t.Errorf("slope at 1e200 %g, PathAlpha %g, want 0.14", got, e.PathAlpha())
	}
}

func TestEnvelopeValidateAndDerivation(t *testing.T) {
	bad := hoffmann
	bad.Gamma = -0.1
	if err := bad.Validate(); err == nil || !strings.Contains(err.Error(), "gamma") {
		t.Errorf("negative gamma: %v", err)
	}
	if _, err := EnvelopeDerivation(bad, 1e22); err == nil {
		t.Error("derivation accepted a negative gamma")
	}
	if _, err := EnvelopeDerivation(hoffmann, 0); err == nil || !strings.Contains(err.Error(), "compute") {
		t.Errorf("zero compute: %v", err)
	}
	md, err := EnvelopeDerivation(hoffmann, 1e22)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"0.1535484", "1071.36", "1.022642", "1.02287", "0.69805", "0.14", "\\Phi(r)"} {
		if !strings.Contains(md, want) {
			t.Errorf("derivation lacks %q", want)
		}
	}
	if strings.Count(md, "$$")%2 != 0 {
		t.Error("unbalanced $$ in derivation")
	}
}

// minimise1D scans [lo, hi] on a grid of 10^4 points and refines the best
// bracket by golden-section search (the objective is unimodal in log N).
func minimise1D(f func(float64) float64, lo, hi float64) (x, fx float64) {
	const m = 10000
	h := (hi - lo) / m
	best := 0
	for i := 1; i <= m; i++ {
		if f(lo+float64(i)*h) < f(lo+float64(best)*h) {
			best = i
		}
	}
	a, b := lo+float64(best-1)*h, lo+float64(best+1)*h
	phi := (math.Sqrt(5) - 1) / 2
	for b-a > 1e-12 {
		c, d := b-phi*(b-a), a+phi*(b-a)
		if f(c) < f(d) {
			b = d
		} else {
			a = c
		}
	}
	x = (a + b) / 2
	return x, f(x)
}
