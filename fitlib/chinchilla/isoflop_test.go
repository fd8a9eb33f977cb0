package chinchilla

import (
	"math"
	"strings"
	"testing"
)

// Noise-free sweeps of a law with alpha = beta are symmetric in ln N
// around the optimum, so the parabola vertex is exact and Approach 2
// recovers a = 1/2 and N_opt = G (C/6)^a to rounding.
func TestIsoFLOPExactOnSymmetricLaw(t *testing.T) {
	p := Params{A: 400, B: 1200, E: 1.7, Alpha: 0.33, Beta: 0.33}
	runs, err := GenerateIsoFLOP(p, DefaultBudgets(), 7, 8, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	f, err := FitIsoFLOP(runs)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(f.A-0.5) > 1e-9 || math.Abs(f.SumAB-1) > 1e-9 {
		t.Errorf("a = %.12g, a+b = %.12g", f.A, f.SumAB)
	}
	for _, b := range f.Budgets {
		within(t, "vertex", b.NOpt, p.NOpt(b.C), 1e-8)
	}
	if f.ASE > 1e-9 {
		t.Errorf("jackknife SE %g on exact data", f.ASE)
	}
}

// The parabola fitted to a noise-free asymmetric profile: an independent
// brute-force least squares (normal equations by hand) gives the same
// coefficients, and the wide sweep's vertex is further from the truth.
func TestParabolaAndWidthBias(t *testing.T) {
	x := []float64{-2, -1, 0, 1, 2, 3}
	y := []float64{7.1, 2.9, 1.2, 2.8, 7.3, 13.9}
	q, m, err := parabola(x, y)
	if err != nil {
		t.Fatal(err)
	}
	// normal equations in u = x - m, solved by Cramer's rule
	var s [5]float64
	var r [3]float64
	for i := range x {
		u := x[i] - m
		for k := 0; k < 5; k++ {
			s[k] += math.Pow(u, float64(k))
		}
		for k := 0; k < 3; k++ {
			r[k] += y[i] * math.Pow(u, float64(k))
		}
	}
	det3 := func(a [3][3]float64) float64 {
		return a[0][0]*(a[1][1]*a[2][2]-a[1][2]*a[2][1]) - a[0][1]*(a[1][0]*a[2][2]-a[1][2]*a[2][0]) + a[0][2]*(a[1][0]*a[2][1]-a[1][1]*a[2][0])
	}
	M := [3][3]float64{{s[0], s[1], s[2]}, {s[1], s[2], s[3]}, {s[2], s[3], s[4]}}
	d := det3(M)
	for k := 0; k < 3; k++ {
		Mk := M
		for i := 0; i < 3; i++ {
			Mk[i][k] = r[i]
		}
		if want := det3(Mk) / d; math.Abs(q[k]-want) > 1e-9 {
			t.Errorf("coef %d = %g, want %g", k, q[k], want)
		}
	}
	wb, err := VertexBias(Hoffmann(), DefaultBudgets(), 9, []float64{2, 16}, 0.005, 20)
	if err != nil {
		t.Fatal(err)
	}
	if !(math.Abs(wb[1].VertexRelErr) > 5*math.Abs(wb[0].VertexRelErr)) || math.Abs(wb[1].VertexRelErr) < 0.02 {
		t.Errorf("±16x bias %g should dwarf ±2x bias %g", wb[1].VertexRelErr, wb[0].VertexRelErr)
	}
	// the profile's shape does not depend on C for this law, so the noise-free
	// exponent is unbiased whatever the width
	for _, w := range wb {
		if math.Abs(w.ExponentErr) > 1e-9 {
			t.Errorf("spread %g: exponent error %g", w.Spread, w.ExponentErr)
		}
	}
	if !(wb[0].NoisyExpSD > wb[1].NoisyExpSD) {
		t.Errorf("narrow sweeps should be noisier: sd %g vs %g", wb[0].NoisyExpSD, wb[1].NoisyExpSD)
	}
}

func TestIsoFLOPErrors(t *testing.T) {
	if _, err := FitIsoFLOP(&IsoFLOPRuns{C: []float64{1, 1}, N: []float64{1}, Loss: []float64{1, 1}}); err == nil {
		t.Error("length mismatch accepted")
	}
	c := []float64{1e19, 1e19, 1e19, 1e20, 1e20, 1e20, 1e21, 1e21, 1e21}
	n := []float64{1e8, 2e8, 4e8, 1e8, 2e8, 4e8, 1e8, 2e8, 4e8}
	l := []float64{3, 2.9, 3, 3, 2.9, 3, 3, 3.1, 3} // last budget opens downwards
	if _, err := FitIsoFLOP(&IsoFLOPRuns{C: c, N: n, Loss: l}); err == nil || !strings.Contains(err.Error(), "1e+21") {
		t.Errorf("downward parabola: %v", err)
	}
	if _, err := GenerateIsoFLOP(Hoffmann(), DefaultBudgets(), 2, 4, 0, 0); err == nil {
		t.Error("2 points accepted")
	}
}

// Approach 1 on noise-free curves with many sizes tracks N_opt(C).
func TestEnvelope(t *testing.T) {
	p := Besiroglu()
	var sizes []float64
	for i := 0; i < 80; i++ {
		sizes = append(sizes, 5e7*math.Pow(3e10/5e7, float64(i)/79))
	}
	cv, err := GenerateCurves(p, sizes, 1e8, 2e12, 80, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	env, err := FitEnvelope(cv, 60)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(env.A-p.ExponentA()) > 0.02 {
		t.Errorf("envelope a = %g, law %g", env.A, p.ExponentA())
	}
	for i := range env.C {
		if env.Interior[i] {
			// the envelope loss is never below the law's optimum at that C
			best := p.Loss(p.NOpt(env.C[i]), p.DOpt(env.C[i]))
			if env.Loss[i] < best-1e-12 {
				t.Errorf("envelope %g below the optimum %g at C %g", env.Loss[i], best, env.C[i])
			}
			if r := env.NOpt[i] / p.NOpt(env.C[i]); r < 0.8 || r > 1.25 {
				t.Errorf("C %g: envelope N %g vs N_opt %g", env.C[i], env.NOpt[i], p.NOpt(env.C[i]))
			}
		}
	}
	rows, _, _, err := CompareApproaches(p, 1)
	if err != nil || len(rows) != 3 {
		t.Fatal(err)
	}
	for _, r := range rows {
		if math.Abs(r.A-p.ExponentA()) > 0.05 {
			t.Errorf("%s: a = %g, law %g", r.Approach, r.A, p.ExponentA())
		}
	}
}

// TestIsoFLOPBudgetTolerance: compute written as 6 N D differs in the
// last digits (6 x 7e7 x (1e18/(6 x 7e7)) is 1.0000000000000001e18, not
// 1e18); such runs form one budget, not two.
func TestIsoFLOPBudgetTolerance(t *testing.T) {
	p := Hoffmann()
	var r IsoFLOPRuns
	for _, c := range []float64{1e18, 1e19, 1e20} {
		for _, n := range []float64{3e7, 7e7, 1.3e8, 3e8, 1e9} {
			d := c / (6 * n)
			r.C = append(r.C, 6*n*d)
			r.N = append(r.N, n)
			r.Loss = append(r.Loss, p.Loss(n, d))
		}
	}
	exact := 0
	for _, c := range r.C {
		if c == 1e18 || c == 1e19 || c == 1e20 {
			exact++
		}
	}
	if exact == len(r.C) {
		t.Fatal("every 6 N D came out exact: the test needs rounded compute values")
	}
	f, err := FitIsoFLOP(&r)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Budgets) != 3 {
		t.Fatalf("%d budgets, want 3", len(f.Budgets))
	}
	for i, want := range []float64{1e18, 1e19, 1e20} {
		if b := f.Budgets[i]; b.C != want || len(b.N) != 5 {
			t.Errorf("budget %d: C = %v with %d runs, want %v with 5", i, b.C, len(b.N), want)
		}
	}
	// budgets 1e-5 apart (relative) stay apart
	r2 := IsoFLOPRuns{C: []float64{1e18, 1e18, 1e18, 1.00001e18, 1.00001e18, 1.00001e18, 1e19, 1e19, 1e19},
		N: []float64{1e8, 2e8, 4e8, 1e8, 2e8, 4e8, 1e8, 2e8, 4e8}, Loss: []float64{3, 2.9, 3, 3, 2.9, 3, 2.8, 2.7, 2.8}}
	f2, err := FitIsoFLOP(&r2)
	if err != nil {
		t.Fatal(err)
	}
	if len(f2.Budgets) != 3 {
		t.Errorf("budgets 1e-5 apart merged: %d budgets", len(f2.Budgets))
	}
}
