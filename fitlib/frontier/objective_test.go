package frontier

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gophernote/gophernote/fitlib/internal/num"
)

// evalRef is the objective summed point by point with math.Exp and
// math.Log1p, every point through the nonlinear terms (no factoring, no
// far-point shortcut), for TestEvalMatchesReference.
func (o *sigmoidObjective) evalRef(x, grad, hess []float64) float64 {
	y0, y0p, y0pp := unitLink(x[0])
	fr, frp, frpp := unitLink(x[1])
	l := (1 - y0) * fr
	b := num.Softplus(x[3])
	for g, zc := range o.zc {
		o.s[g] = num.Sigmoid(x[2] + b*zc)
		o.acc[g], o.acc2[g] = 0, 0
	}
	tau, kappa := o.tau, o.kappa
	f := 0.0
	for i, yi := range o.y {
		g := o.grp[i]
		w := o.w[i]
		u := yi - (y0 + l*o.s[g])
		e := math.Exp(-math.Abs(kappa * u))
		sp := math.Log1p(e) // softplus(-|kappa u|)
		sg := e / (1 + e)   // sigmoid(-|kappa u|)
		if u > 0 {
			sp += kappa * u
			sg = 1 - sg
		}
		f += w * (sp/kappa + (tau-1)*u)
		o.acc[g] += w * (sg + tau - 1)
		o.acc2[g] += w * kappa * sg * (1 - sg)
	}
	return o.finish(f, y0, y0p, y0pp, fr, frp, frpp, l, b, x, grad, hess)
}

// TestPointSumsMatchesLog1pSig: pointSums.add, whose loop body inlines
// log1pSig, gives the sums of a loop calling log1pSig, bit for bit.
func TestPointSumsMatchesLog1pSig(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 200; trial++ {
		n := 1 + r.IntN(60)
		kappa := []float64{10, 50, 1000}[trial%3]
		q := r.Float64()
		y, w, ex := make([]float64, n), make([]float64, n), make([]float64, n)
		above := trial%2 == 1
		for i := range y {
			if above {
				y[i] = q + (1-q)*r.Float64()
			} else {
				y[i] = q * r.Float64()
			}
			w[i] = float64(1 + r.IntN(3))
			ex[i] = math.Exp(kappa * (y[i] - 0.5))
			if above {
				ex[i] = 1 / ex[i]
			}
		}
		m := math.Exp(-kappa * (q - 0.5))
		if above {
			m = 1 / m
		}
		var a, ref pointSums
		a.add(y, w, ex, m, q, kappa, above, true)
		for i := range y {
			lp, sig := log1pSig(ex[i] * m)
			u := y[i] - q
			if above {
				sig = 1 - sig
				ref.fs += w[i] * (kappa*u + lp)
			} else {
				ref.fs += w[i] * lp
			}
			ref.fu += w[i] * u
			ref.ws += w[i]
			ref.ps += w[i] * sig
			ref.p2 += w[i] * sig * (1 - sig)
		}
		if a != ref {
			t.Fatalf("trial %d: add %+v, log1pSig loop %+v", trial, a, ref)
		}
	}
}

// TestEvalMatchesReference: the factored, grouped evaluation with the
// far-point shortcut gives the point-by-point value, gradient and Hessian
// to 1e-13 relative on the BBH leaderboard points at continuation stages up
// to kappa 1000, for the summed and the averaged loss.
func TestEvalMatchesReference(t *testing.T) {
	pts, err := LoadLeaderboard("BBH")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, mean := range []bool{false, true} {
		opt, _ := Options{Mean: mean}.filled()
		o := newSigmoidObjective(pts.Z, pts.Y, nil)
		o.configure(opt)
		for _, st := range []Stage{{0.90, 10}, {0.95, 25}, {0.98, 50}, {0.98, 300}, {0.98, 1000}} {
			o.setStage(st.Tau, st.Kappa)
			for n := 0; n < 300; n++ {
				x := []float64{r.Float64() * 1.6, r.Float64() * 1.6, r.NormFloat64() * 3, r.NormFloat64() * 2}
				if n == 0 {
					x = fromParams(Params{Y0: 0, L: 1, A: -9.19, B: 0.41}, o.zref)
				}
				var g1, g2 [4]float64
				var h1, h2 [10]float64
				f1 := o.eval(x, g1[:], h1[:])
				f2 := o.evalRef(x, g2[:], h2[:])
				close := func(a, b float64) bool { return math.Abs(a-b) <= 1e-13*math.Max(1, math.Abs(b))*o.tolScale() }
				ok := close(f1, f2)
				for k := range g1 {
					ok = ok && close(g1[k], g2[k])
				}
				for k := range h1 {
					ok = ok && math.Abs(h1[k]-h2[k]) <= 1e-12*math.Max(1, math.Abs(h2[k]))*o.tolScale()
				}
				if !ok {
					t.Fatalf("mean %v stage %v x %v: eval %v %v %v, reference %v %v %v", mean, st, x, f1, g1, h1, f2, g2, h2)
				}
				if f := o.eval(x, nil, nil); f != f1 {
					t.Fatalf("stage %v x %v: value only %v, with gradient %v", st, x, f, f1)
				}
			}
		}
	}
}
