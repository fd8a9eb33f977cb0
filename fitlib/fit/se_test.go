package fit

import (
	"math"
	"sort"
	"testing"

	"gonum.org/v1/gonum/diff/fd"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/gophernote/gophernote/fitlib/internal/num"
)

// TestHuberStandardErrors recomputes both Huber covariances of a fit
// independently from their formulas: residual gradients g_i by finite
// differences of log(law), psi clipped at delta, the smoothed curvature
// Phi((delta - r)/h') - Phi((-delta - r)/h') at the reported bandwidth h
// less the indicator's own width, h'^2 = h^2 - delta^2/3,
// then s_psi^2/m^2 (G^-1) (model-based) and H^-1 B H^-1 with
// B = sum psi^2 g g' / (1 - h_i), h_i = g_i' G^-1 g_i (robust HC2, the
// default), and the bandwidth 0.9 min(SD, IQR/1.349) n^-1/5.
func TestHuberStandardErrors(t *testing.T) {
	x, y := synth(80, 7)
	f := mustParse(t, "E + A * x^(-alpha)", "x")
	const delta = 0.01
	pb := Problem{Formula: f, Data: map[string][]float64{"x": x}, Y: y, Loss: Huber(delta),
		Params: []Param{{Name: "E", Init: 1}, {Name: "A", Init: 20}, {Name: "alpha", Init: 0.4}}}
	auto, err := Fit(pb, Options{SE: SEModel})
	if err != nil {
		t.Fatal(err)
	}
	robust, err := Fit(pb, Options{SE: SERobust})
	if err != nil {
		t.Fatal(err)
	}
	if def, err := Fit(pb, Options{}); err != nil || def.SEKind != SESandwich {
		t.Fatalf("default kind %q (%v), want the HC2 sandwich", def.SEKind, err)
	}
	if auto.SEKind != SEMEstimation || robust.SEKind != SESandwich || auto.DOF != 77 {
		t.Fatalf("kinds %q / %q, DOF %d", auto.SEKind, robust.SEKind, auto.DOF)
	}
	p := auto.Params
	n, k := len(x), 3
	h := auto.Bandwidth
	G, H, B := mat.NewSymDense(k, nil), mat.NewSymDense(k, nil), mat.NewSymDense(k, nil)
	var sp, sm float64
	var grads [][]float64
	var psis []float64
	for i := range x {
		logLaw := func(q []float64) float64 { return math.Log(q[0] + q[1]*math.Pow(x[i], -q[2])) }
		g := fd.Gradient(nil, logLaw, p, &fd.Settings{Formula: fd.Central, Step: 1e-6})
		r := math.Log(y[i]) - logLaw(p)
		psi := math.Max(-delta, math.Min(delta, r))
		he := math.Sqrt(math.Max(0, h*h-delta*delta/3))
		c := distuv.UnitNormal.CDF((delta-r)/he) - distuv.UnitNormal.CDF((-delta-r)/he)
		sp += psi * psi
		sm += c
		for a := 0; a < k; a++ {
			for b := a; b < k; b++ {
				G.SetSym(a, b, G.At(a, b)+g[a]*g[b])
				H.SetSym(a, b, H.At(a, b)+c*g[a]*g[b])
			}
		}
		grads = append(grads, g)
		psis = append(psis, psi)
	}
	var gi, hi mat.Dense
	if err := gi.Inverse(G); err != nil {
		t.Fatal(err)
	}
	for i, g := range grads {
		gv := mat.NewVecDense(k, g)
		var tmp mat.VecDense
		tmp.MulVec(&gi, gv)
		lev := mat.Dot(gv, &tmp)
		for a := 0; a < k; a++ {
			for b := a; b < k; b++ {
				B.SetSym(a, b, B.At(a, b)+psis[i]*psis[i]*g[a]*g[b]/(1-lev))
			}
		}
	}
	if err := hi.Inverse(H); err != nil {
		t.Fatal(err)
	}
	var tmp, sw mat.Dense
	tmp.Mul(&hi, B)
	sw.Mul(&tmp, &hi)
	m := sm / float64(n)
	s2 := sp / float64(n-k)
	for j := 0; j < k; j++ {
		want := math.Sqrt(s2 / (m * m) * gi.At(j, j))
		if math.Abs(auto.SE[j]-want) > 1e-4*want {
			t.Errorf("model-based SE(%s) = %.6g, independent %.6g", auto.Names[j], auto.SE[j], want)
		}
		want = math.Sqrt(sw.At(j, j))
		if math.Abs(robust.SE[j]-want) > 1e-4*want {
			t.Errorf("robust SE(%s) = %.6g, independent %.6g", robust.Names[j], robust.SE[j], want)
		}
	}
	// Silverman's bandwidth from min(SD, IQR/1.349) of the residuals: the
	// SD on n - p degrees of freedom, the IQR without the k residuals
	// nearest 0 (those the near-L1 fit interpolates).
	var mean, ss float64
	res := make([]float64, n)
	for i := range x {
		res[i] = math.Log(y[i]) - math.Log(p[0]+p[1]*math.Pow(x[i], -p[2]))
		mean += res[i] / float64(n)
	}
	for _, r := range res {
		ss += (r - mean) * (r - mean)
	}
	byAbs := append([]float64(nil), res...)
	sort.Slice(byAbs, func(a, b int) bool { return math.Abs(byAbs[a]) < math.Abs(byAbs[b]) })
	rest := append([]float64(nil), byAbs[k:]...)
	sort.Float64s(rest)
	iqr := (num.QuantileSorted(rest, 0.75) - num.QuantileSorted(rest, 0.25)) / 1.349
	scale := math.Min(math.Sqrt(ss/float64(n-k)), iqr)
	if want := 0.9 * scale * math.Pow(float64(n), -0.2); math.Abs(h-want) > 1e-9*want {
		t.Errorf("bandwidth %g, want %g", h, want)
	}
	// Correlation is covariance over SE products, with a unit diagonal.
	for a := 0; a < k; a++ {
		if math.Abs(auto.Corr[a][a]-1) > 1e-12 {
			t.Errorf("Corr[%d][%d] = %v", a, a, auto.Corr[a][a])
		}
		for b := 0; b < k; b++ {
			if want := auto.Cov[a][b] / (auto.SE[a] * auto.SE[b]); math.Abs(auto.Corr[a][b]-want) > 1e-12 {
				t.Errorf("Corr[%d][%d] = %v, want %v", a, b, auto.Corr[a][b], want)
			}
		}
	}
}

// TestObjectiveHessianNegativeParams: the observed information of a
// Gaussian negative log-likelihood with known sigma = 1 is n for the mean,
// whatever its sign (the finite-difference Hessian once evaluated at |p|).
func TestObjectiveHessianNegativeParams(t *testing.T) {
	ys := []float64{-3.1, -2.9, -3.4, -2.6, -3.0}
	obj := func(p, g, w []float64) float64 {
		f := 0.0
		g[0] = 0
		for _, y := range ys {
			f += 0.5 * (y - p[0]) * (y - p[0])
			g[0] -= y - p[0]
		}
		return f
	}
	r, err := Fit(Problem{Objective: obj, Params: []Param{{Name: "mu", Init: -1}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := 1 / math.Sqrt(5); math.Abs(r.SE[0]-want) > 1e-6 || r.SEKind != SEInverseHess || r.DOF != 0 {
		t.Errorf("mu = %v SE %v (%s, DOF %d), want -3 and %v", r.Params[0], r.SE[0], r.SEKind, r.DOF, want)
	}
	// normal 95% interval
	if lo := r.Params[0] - 1.959963984540054*r.SE[0]; math.Abs(r.Lo[0]-lo) > 1e-9 {
		t.Errorf("Lo %v, want %v", r.Lo[0], lo)
	}
}
