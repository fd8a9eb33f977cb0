package frontier

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestGradientMatchesFiniteDifferences checks the compiled gradient and
// Hessian of the objective against central differences, with and without
// point weights, for the summed and the averaged loss and every penalty.
func TestGradientMatchesFiniteDifferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 300
	z, y := make([]float64, n), make([]float64, n)
	w := make([]float64, n)
	for i := range z {
		z[i] = 21 + 4*rng.Float64()
		if i%7 == 0 && i > 0 {
			z[i] = z[i-1] // shared compute values exercise the grouping
		}
		y[i] = rng.Float64()
		w[i] = float64(rng.IntN(3))
	}
	for cfg := 0; cfg < 12; cfg++ {
		weights := [][]float64{nil, w}[cfg%2]
		opt := Options{Penalty: Penalty(cfg / 2 % 3), Mean: cfg >= 6, Lambda: Lambda(0.3)}
		opt, _ = opt.filled()
		o := newSigmoidObjective(z, y, weights)
		o.configure(opt)
		for trial := 0; trial < 20; trial++ {
			// kappa 2000 exercises the per-point exp path
			o.setStage(0.9+0.09*rng.Float64(), []float64{10, 50, 1000, 2000}[trial%4])
			x := []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
			g := make([]float64, 4)
			hs := make([]float64, 10)
			o.eval(x, g, hs)
			for k := range x {
				h := 1e-6
				xp := append([]float64(nil), x...)
				xm := append([]float64(nil), x...)
				xp[k] += h
				xm[k] -= h
				fd := (o.eval(xp, nil, nil) - o.eval(xm, nil, nil)) / (2 * h)
				if d := math.Abs(fd - g[k]); d > 1e-7*o.tolScale()+1e-5*math.Abs(fd) {
					t.Fatalf("weights %v %s mean %v trial %d: dF/dx%d = %.10g, finite difference %.10g", weights != nil, opt.Penalty, opt.Mean, trial, k, g[k], fd)
				}
				// Hessian row k by central differences of the gradient.
				gp, gm := make([]float64, 4), make([]float64, 4)
				o.eval(xp, gp, nil)
				o.eval(xm, gm, nil)
				for c := 0; c < 4; c++ {
					r, cc := k, c
					if r > cc {
						r, cc = cc, r
					}
					hv := hs[triIndex(r, cc)]
					fdh := (gp[c] - gm[c]) / (2 * h)
					if math.Abs(fdh-hv) > 1e-6*o.tolScale()+1e-4*math.Abs(fdh) {
						t.Fatalf("weights %v %s mean %v trial %d: d2F/dx%d dx%d = %.10g, finite difference %.10g", weights != nil, opt.Penalty, opt.Mean, trial, k, c, hv, fdh)
					}
				}
			}
		}
	}
}

// triIndex maps (r <= c) to the row-major upper-triangle index.
func triIndex(r, c int) int { return []int{0, 4, 7, 9}[r] + c - r }

// TestLog1pSig checks the fused log1p/logistic against math.Log1p and
// e/(1+e) on [0,1].
func TestLog1pSig(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 200000; i++ {
		e := rng.Float64()
		switch i % 4 {
		case 1:
			e = math.Exp(-40 * rng.Float64())
		case 2:
			e = math.Sqrt2 - 1 + 1e-3*(rng.Float64()-0.5)
		case 3:
			e = 1 - 1e-6*rng.Float64()
		}
		want := math.Log1p(e)
		lp, sg := log1pSig(e)
		if math.Abs(lp-want) > 9e-16*want || math.Abs(sg-e/(1+e)) > 9e-16*sg { // 4 ulp
			t.Fatalf("log1pSig(%v) = %v, %v; want %v, %v", e, lp, sg, want, e/(1+e))
		}
	}
	if lp, sg := log1pSig(0); lp != 0 || sg != 0 {
		t.Fatalf("log1pSig(0) = %v, %v", lp, sg)
	}
	if lp, sg := log1pSig(1); math.Abs(lp-math.Ln2) > 2e-16 || sg != 0.5 {
		t.Fatalf("log1pSig(1) = %v, %v", lp, sg)
	}
}

// TestReparameterizationConstraints: every finite raw vector, including
// extreme ones, maps to parameters with b >= 0, y0, L in [0,1],
// y0 + L <= 1, and the inverse map round-trips interior parameters.
func TestReparameterizationConstraints(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 20000; i++ {
		scale := []float64{1, 10, 60, 700}[i%4]
		x := []float64{scale * rng.NormFloat64(), scale * rng.NormFloat64(), scale * rng.NormFloat64(), scale * rng.NormFloat64()}
		p := toParams(x, 23)
		if err := p.Valid(); err != nil {
			t.Fatalf("raw %v -> %+v: %v", x, p, err)
		}
	}
	for i := 0; i < 1000; i++ {
		y0 := 0.01 + 0.9*rng.Float64()
		p := Params{Y0: y0, L: (1 - y0) * (0.01 + 0.98*rng.Float64()), A: -30 * rng.Float64(), B: 0.05 + 3*rng.Float64()}
		q := toParams(fromParams(p, 22.5), 22.5)
		if math.Abs(q.Y0-p.Y0) > 1e-12 || math.Abs(q.L-p.L) > 1e-12 || math.Abs(q.B-p.B) > 1e-9 || math.Abs(q.A-p.A) > 1e-8 {
			t.Fatalf("round trip %+v -> %+v", p, q)
		}
	}
}

// TestSmoothedPinballTendsToPinball: the 1/kappa form is within log(2)/kappa
// of the pinball loss, with the gap largest at u = 0.
func TestSmoothedPinballTendsToPinball(t *testing.T) {
	for _, kappa := range []float64{10, 50, 1000} {
		for _, u := range []float64{-0.3, -0.01, 0, 0.02, 0.5} {
			gap := SmoothedPinball(u, 0.98, kappa) - Pinball(u, 0.98)
			if gap < 0 || gap > math.Log(2)/kappa+1e-15 {
				t.Fatalf("kappa %v u %v: gap %v not in [0, log2/kappa]", kappa, u, gap)
			}
		}
		if g := SmoothedPinball(0, 0.98, kappa); math.Abs(g-math.Log(2)/kappa) > 1e-15 {
			t.Fatalf("gap at 0 = %v", g)
		}
	}
}

// synthetic draws n points whose 0.98 conditional quantile is a known
// sigmoid: y = m(z) + sigma e, e ~ N(0,1), z ~ U(20, 26), so
// Q_0.98(y|z) = m(z) + sigma Phi^{-1}(0.98), Phi^{-1}(0.98) = 2.0537489.
func synthetic(seed uint64, n int, m Params, sigma float64) (z, y []float64, truth Params) {
	const z98 = 2.0537489
	truth = m
	truth.Y0 += sigma * z98
	rng := rand.New(rand.NewPCG(seed, 1))
	z, y = make([]float64, n), make([]float64, n)
	for i := range z {
		z[i] = 20 + 6*rng.Float64()
		y[i] = clamp(m.At(z[i])+sigma*rng.NormFloat64(), 0, 1)
	}
	return z, y, truth
}

var (
	steep = Params{Y0: 0.1, L: 0.6, A: -1.2 * 23, B: 1.2}
	wide  = Params{Y0: 0.02, L: 0.5, A: -0.5 * 23, B: 0.5}
)

func maxGap(p, q Params, lo, hi float64) float64 {
	g := 0.0
	for z := lo; z <= hi; z += 0.01 {
		g = math.Max(g, math.Abs(p.At(z)-q.At(z)))
	}
	return g
}

// TestRecoverSyntheticQuantile: with little smoothing (kappa 400) and a
// negligible penalty, the continuation fit recovers a steep sigmoid
// quantile within 0.01 everywhere on the data range, with in-sample and
// fresh-sample coverage within 0.005 of tau.
func TestRecoverSyntheticQuantile(t *testing.T) {
	z, y, truth := synthetic(11, 4000, steep, 0.03)
	r, err := Fit(z, y, Options{Kappa: 400, Lambda: Lambda(1e-7)})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Converged() {
		t.Fatalf("not converged: %s", r.Reason)
	}
	if g := maxGap(r.Params, truth, 20, 26); g > 0.01 {
		t.Fatalf("max |q - truth| = %.4f > 0.01; fitted %+v truth %+v", g, r.Params, truth)
	}
	z2, y2, _ := synthetic(12, 20000, steep, 0.03)
	if c, c2 := r.Coverage, Coverage(r.Params, z2, y2); math.Abs(c-0.98) > 0.005 || math.Abs(c2-0.98) > 0.005 {
		t.Fatalf("coverage in-sample %.4f fresh %.4f", c, c2)
	}
}

// TestDefaultRecipeCoverage: on wide normal noise the defaults keep
// in-sample and fresh-sample coverage within 0.005 of tau and the curve
// within 0.03 of the truth; the released fitter's objective
// (EnhancedOptions: mean loss + 1e-3 b^2) shrinks the slope below the
// truth's, which the summed loss of the defaults does not.
func TestDefaultRecipeCoverage(t *testing.T) {
	z, y, truth := synthetic(21, 4000, wide, 0.1)
	r, err := Fit(z, y, Options{SE: SENone})
	if err != nil {
		t.Fatal(err)
	}
	z2, y2, _ := synthetic(22, 20000, wide, 0.1)
	if c, c2 := r.Coverage, Coverage(r.Params, z2, y2); math.Abs(c-0.98) > 0.005 || math.Abs(c2-0.98) > 0.005 {
		t.Fatalf("coverage in-sample %.4f fresh %.4f", c, c2)
	}
	if g := maxGap(r.Params, truth, 20, 26); g > 0.03 {
		t.Fatalf("max gap %.4f", g)
	}
	e, err := Fit(z, y, EnhancedOptions())
	if err != nil {
		t.Fatal(err)
	}
	if e.Params.B >= truth.B || e.Params.B >= r.Params.B {
		t.Fatalf("expected the averaged loss to shrink the slope: b = %.3f, defaults %.3f, truth %.3f", e.Params.B, r.Params.B, truth.B)
	}
}

// TestMultiStartBeatsSingleBadStart: the best of the multi-start is no worse
// than every start and is the one reported.
func TestMultiStartReportsBest(t *testing.T) {
	z, y, _ := synthetic(13, 500, steep, 0.03)
	o := defaultOptions()
	o.KeepStarts = true
	r, err := Fit(z, y, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.PerStart) != o.GridMid*len(o.GridSlopes)+o.RandomStarts {
		t.Fatalf("%d starts", len(r.PerStart))
	}
	for i, s := range r.PerStart {
		if s.Objective < r.Objective {
			t.Fatalf("start %d objective %v below reported %v", i, s.Objective, r.Objective)
		}
	}
}

func TestFitRejectsBadInput(t *testing.T) {
	z, y, _ := synthetic(1, 50, steep, 0.03)
	cases := []struct {
		mut  func(z, y []float64) ([]float64, []float64)
		want string
	}{
		{func(z, y []float64) ([]float64, []float64) { y[7] = 1.2; return z, y }, "point 8: score 1.2 outside [0,1]"},
		{func(z, y []float64) ([]float64, []float64) { y[3] = math.NaN(); return z, y }, "point 4: score NaN"},
		{func(z, y []float64) ([]float64, []float64) { z[2] = math.Inf(-1); return z, y }, "point 3: log10 compute"},
		{func(z, y []float64) ([]float64, []float64) { return z[:3], y[:3] }, "3 points, need at least 5"},
		{func(z, y []float64) ([]float64, []float64) { return z, y[:10] }, "50 compute values but 10 scores"},
	}
	for _, c := range cases {
		zz, yy := c.mut(append([]float64(nil), z...), append([]float64(nil), y...))
		_, err := Fit(zz, yy, Options{Task: "BBH"})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "task BBH") {
			t.Errorf("want %q naming task BBH, got %v", c.want, err)
		}
	}
	if _, err := Fit(z, y, Options{Tau: 1.5}); err == nil || !strings.Contains(err.Error(), "tau") {
		t.Errorf("tau 1.5: %v", err)
	}
	if _, err := Log10FLOPs("GPQA", []float64{1, 0, 3}, 1e21); err == nil || !strings.Contains(err.Error(), "point 2") {
		t.Errorf("zero compute: %v", err)
	}
}
