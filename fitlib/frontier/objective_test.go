package frontier

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/gophernote/gophernote/fitlib/internal/num"
)

// evalRef is eval's factored loop written with log1pSig calls (as eval was
// before its loop body was inlined into pointSums.add), summing in the
// same order, for TestEvalMatchesReference.
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
	for g := range o.zc {
		q := y0 + l*o.s[g]
		en := math.Exp(-kappa * q)
		ep := 1 / en
		lo, hi := o.off[g], o.off[g+1]
		k := lo + sort.SearchFloat64s(o.y[lo:hi], math.Nextafter(q, math.Inf(1)))
		var fs, fu, ws, ps, p2 float64
		for i := lo; i < hi; i++ {
			w := o.w[i]
			u := o.y[i] - q
			var lp, sg float64
			if i < k {
				lp, sg = log1pSig(o.ex[i] * en)
				fs += w * lp
			} else {
				var sl float64
				lp, sl = log1pSig(o.exi[i] * ep)
				sg = 1 - sl
				fs += w * (kappa*u + lp)
			}
			fu += w * u
			ws += w
			ps += w * sg
			p2 += w * sg * (1 - sg)
		}
		f += fs/kappa + (tau-1)*fu
		o.acc[g] = ps + (tau-1)*ws
		o.acc2[g] = kappa * p2
	}
	return o.finish(f, y0, y0p, y0pp, fr, frp, frpp, l, b, x, grad, hess)
}

// TestEvalMatchesReference: the inlined point loop gives the same value,
// gradient and Hessian as log1pSig, bit for bit, on the BBH leaderboard
// points at every continuation stage.
func TestEvalMatchesReference(t *testing.T) {
	pts, err := LoadLeaderboard("BBH")
	if err != nil {
		t.Fatal(err)
	}
	o := newSigmoidObjective(pts.Z, pts.Y, nil)
	o.lambda = 1e-3
	r := rand.New(rand.NewPCG(1, 2))
	for _, st := range []Stage{{0.90, 10}, {0.95, 25}, {0.98, 50}, {0.98, 300}} {
		o.setStage(st.Tau, st.Kappa)
		for n := 0; n < 300; n++ {
			x := []float64{r.Float64() * 1.6, r.Float64() * 1.6, r.NormFloat64() * 3, r.NormFloat64() * 2}
			if n == 0 {
				x = fromParams(Params{Y0: 0, L: 1, A: -9.19, B: 0.41}, o.zref)
			}
			var g1, g2 [4]float64
			var h1, h2 [10]float64
			f1 := o.eval(x, g1[:], nil)
			f2 := o.evalRef(x, g2[:], nil)
			if f1 != f2 || g1 != g2 {
				t.Fatalf("stage %v x %v: eval %v %v, reference %v %v", st, x, f1, g1, f2, g2)
			}
			f1 = o.eval(x, g1[:], h1[:])
			f2 = o.evalRef(x, g2[:], h2[:])
			if f1 != f2 || g1 != g2 || h1 != h2 {
				t.Fatalf("stage %v x %v: with Hessian eval %v %v %v, reference %v %v %v", st, x, f1, g1, h1, f2, g2, h2)
			}
			if f := o.eval(x, nil, nil); f != f1 {
				t.Fatalf("stage %v x %v: value only %v, with gradient %v", st, x, f, f1)
			}
		}
	}
}
