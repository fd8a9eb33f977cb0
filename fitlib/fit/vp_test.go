package fit

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// chinNaturalProblem is the Chinchilla law in natural form, linear in E,
// A and B (kept positive), with the Besiroglu et al. grid for the
// exponents.
func (c *chinchilla) naturalProblem(t testing.TB) Problem {
	g := []float64{0, 0.5, 1, 1.5, 2}
	return Problem{Formula: mustParse(t, "E + A*N^(-alpha) + B*D^(-beta)", "N", "D"), Data: map[string][]float64{"N": c.N, "D": c.D},
		Y: c.L, YName: "loss", Loss: Huber(1e-3),
		Params: []Param{{Name: "E", Transform: Log, Init: 1}, {Name: "A", Transform: Log, Init: 100}, {Name: "B", Transform: Log, Init: 100},
			{Name: "alpha", Grid: g}, {Name: "beta", Grid: g}}}
}

// TestVarProChinchilla: variable projection over (alpha, beta) reaches the
// published optimum of the 4,500-start grid (Besiroglu et al. 2024),
// from all 25 exponent starts and from the 5 best after screening.
func TestVarProChinchilla(t *testing.T) {
	c := loadChinchilla(t)
	for _, screen := range []int{0, 5} {
		r, err := Fit(c.naturalProblem(t), Options{Method: VarPro, Screen: screen})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(r.Objective-chinObjective) > 1e-6*chinObjective || !r.Converged() {
			t.Errorf("screen %d: objective %.10g (%s), want %.8g", screen, r.Objective, r.Reason, chinObjective)
		}
		for k, want := range chinWant {
			p, _ := r.Param(k)
			if got := p.Value; math.Abs(got-want) > 0.005*want {
				t.Errorf("screen %d: %s = %.6g, published %.6g", screen, k, got, want)
			}
		}
		if r.Method != VarPro || strings.Join(r.Inner, ", ") != "E, A, B" || !strings.Contains(r.String(), "variable projection (L-BFGS over the nonlinear parameters); inner E, A, B") {
			t.Errorf("method %v, inner %v", r.Method, r.Inner)
		}
	}
}

// TestVarProLeastSquares: for squared error in linear space the inner
// problem is linear least squares; VP over k must land on the optimum of
// the full fit of y = c0 + c1 exp(-k x).
func TestVarProLeastSquares(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var x, y []float64
	for i := 0; i < 30; i++ {
		xi := float64(i) / 3
		x, y = append(x, xi), append(y, 1.5+4*math.Exp(-0.7*xi)+0.05*r.NormFloat64())
	}
	pb := Problem{Formula: mustParse(t, "c0 + c1*exp(-k*x)", "x"), Data: map[string][]float64{"x": x}, Y: y,
		Params: []Param{{Name: "k", Init: 0.2}}}
	vp, err := Fit(pb, Options{Method: VarPro})
	if err != nil {
		t.Fatal(err)
	}
	full, err := Fit(pb, Options{Starts: [][]float64{{1, 1, 0.5}}, GTol: 1e-10})
	if err != nil {
		t.Fatal(err)
	}
	for j := range vp.Params {
		if math.Abs(vp.Params[j]-full.Params[j]) > 1e-5*math.Max(1, math.Abs(full.Params[j])) {
			t.Errorf("%s: VP %.8g, full fit %.8g", vp.Names[j], vp.Params[j], full.Params[j])
		}
		if math.Abs(vp.SE[j]-full.SE[j]) > 1e-4*full.SE[j] {
			t.Errorf("SE(%s): VP %.6g, full %.6g", vp.Names[j], vp.SE[j], full.SE[j])
		}
	}
	if _, err := Fit(Problem{Formula: mustParse(t, "exp(a*x)", "x"), Data: map[string][]float64{"x": x}, Y: y}, Options{Method: VarPro}); err == nil {
		t.Error("VP of a law with no linear parameter accepted")
	}
}

// conditioning returns the condition number (largest over smallest
// eigenvalue) of the curvature the standard errors use, at res over its
// active parameters, and of its Schur complement onto the parameters not
// in inner (the Hessian of the profile objective that variable projection
// minimizes). Both are of the matrices scaled to a unit diagonal
// (D^-1/2 H D^-1/2), which removes the parameters' units and leaves what
// no rescaling can fix: their correlations.
func conditioning(t testing.TB, pb Problem, res *Result, inner []string) (full, reduced float64) {
	pr, err := prepare(&pb)
	if err != nil {
		t.Fatal(err)
	}
	u, why := pr.uncertainty(res, SEAuto)
	if u == nil {
		t.Fatal(why)
	}
	cond := func(s *mat.SymDense) float64 {
		k := s.SymmetricDim()
		d := mat.NewSymDense(k, nil)
		for i := 0; i < k; i++ {
			for j := i; j < k; j++ {
				d.SetSym(i, j, s.At(i, j)/math.Sqrt(s.At(i, i)*s.At(j, j)))
			}
		}
		s = d
		var e mat.EigenSym
		if !e.Factorize(s, false) {
			t.Fatal("eigen decomposition failed")
		}
		v := e.Values(nil)
		return v[len(v)-1] / v[0]
	}
	full = cond(u.curvature)
	if inner == nil {
		return full, math.NaN()
	}
	var in, out []int
	for a, j := range u.active {
		isIn := false
		for _, n := range inner {
			if pr.names[j] == n {
				isIn = true
			}
		}
		if isIn {
			in = append(in, a)
		} else {
			out = append(out, a)
		}
	}
	sub := func(rows, cols []int) *mat.Dense {
		m := mat.NewDense(len(rows), len(cols), nil)
		for i, r := range rows {
			for j, c := range cols {
				m.Set(i, j, u.curvature.At(r, c))
			}
		}
		return m
	}
	hcc, hoc, hoo := sub(in, in), sub(out, in), sub(out, out)
	var inv, t1, t2 mat.Dense
	if err := inv.Inverse(hcc); err != nil {
		t.Fatal(err)
	}
	t1.Mul(hoc, &inv)
	t2.Mul(&t1, hoc.T())
	s := mat.NewSymDense(len(out), nil)
	for i := range out {
		for j := i; j < len(out); j++ {
			s.SetSym(i, j, hoo.At(i, j)-t2.At(i, j))
		}
	}
	return full, cond(s)
}
