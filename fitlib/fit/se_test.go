package fit

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/diff/fd"
	"gonum.org/v1/gonum/mat"
)

// TestSandwichSE recomputes the Huber sandwich covariance independently:
// H by finite differences of the objective value (fd.Hessian), B from
// per-row scores by finite differences of each row's loss, then
// sqrt(diag(H^-1 B H^-1)).
func TestSandwichSE(t *testing.T) {
	x, y := synth(80, 7)
	f := mustParse(t, "E + A * x^(-alpha)", "x")
	delta := 0.01
	r, err := Fit(Problem{Formula: f, Data: map[string][]float64{"x": x}, Y: y, Loss: Huber(delta),
		Params: []Param{{Name: "E", Init: 1}, {Name: "A", Init: 20}, {Name: "alpha", Init: 0.4}}}, Options{GTol: 1e-12})
	if err != nil {
		t.Fatal(err)
	}
	if r.SEKind != SESandwich {
		t.Fatalf("SE kind %q", r.SEKind)
	}
	rowLoss := func(i int, p []float64) float64 {
		res := math.Log(y[i]) - math.Log(p[0]+p[1]*math.Pow(x[i], -p[2]))
		if math.Abs(res) <= delta {
			return res * res / 2
		}
		return delta * (math.Abs(res) - delta/2)
	}
	total := func(p []float64) float64 {
		s := 0.0
		for i := range x {
			s += rowLoss(i, p)
		}
		return s
	}
	p := r.Params
	h := mat.NewSymDense(3, nil)
	fd.Hessian(h, total, p, &fd.Settings{Step: 1e-5})
	b := mat.NewSymDense(3, nil)
	for i := range x {
		g := fd.Gradient(nil, func(q []float64) float64 { return rowLoss(i, q) }, p, &fd.Settings{Formula: fd.Central, Step: 1e-7})
		for a := 0; a < 3; a++ {
			for c := a; c < 3; c++ {
				b.SetSym(a, c, b.At(a, c)+g[a]*g[c])
			}
		}
	}
	var hi mat.Dense
	if err := hi.Inverse(h); err != nil {
		t.Fatal(err)
	}
	var tmp, cov mat.Dense
	tmp.Mul(&hi, b)
	cov.Mul(&tmp, &hi)
	for j := 0; j < 3; j++ {
		want := math.Sqrt(cov.At(j, j))
		// Huber's second derivative jumps where |r| = delta, so two
		// finite-difference Hessians (of the value here, of the exact
		// gradient in the engine) agree to a few 1e-3, not better; a
		// wrong formula (H^-1 alone, or no B) is off by orders of magnitude.
		if math.Abs(r.SE[j]-want) > 1e-2*want {
			t.Errorf("SE(%s) = %.6g, independent sandwich %.6g", r.Names[j], r.SE[j], want)
		}
		if naive := math.Sqrt(hi.At(j, j)); math.Abs(naive-want) < 0.5*want {
			t.Errorf("SE(%s): H^-1 alone (%.3g) is not distinguishable from the sandwich (%.3g): test too weak", r.Names[j], naive, want)
		}
	}
}
