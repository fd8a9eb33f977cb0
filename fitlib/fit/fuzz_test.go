package fit

import (
	"testing"

	"github.com/gophernote/gophernote/fitlib/formula"
)

// FuzzFit: whatever law a user writes, fitting it (with any loss) returns
// a result or an error and never panics, and never claims convergence
// with a non-finite objective.
func FuzzFit(f *testing.F) {
	for _, s := range []string{"E + A*x^(-alpha)", "a*log(x) + b", "min(a*x, b)", "sigmoid(k*(x - c))", "a/(x - b)", "exp(a*x)", "a^x", "sqrt(a - x)", "c"} {
		f.Add(s, uint8(0))
		f.Add(s, uint8(2))
	}
	x := []float64{0.5, 1, 2, 4, 8, 16}
	y := []float64{3, 2.5, 2.1, 1.9, 1.8, 1.75}
	losses := []Loss{Squared(), SquaredLog(), Huber(1e-2), Pinball(0.8, 20)}
	f.Fuzz(func(t *testing.T, src string, which uint8) {
		fm, err := formula.Parse(src, "x")
		if err != nil || fm.NumParams() > 6 {
			return
		}
		loss := losses[int(which)%len(losses)]
		r, err := Fit(Problem{Formula: fm, Data: map[string][]float64{"x": x}, Y: y, Loss: loss},
			Options{MaxIter: 40, MaxEval: 200, RandomStarts: 2, Seed: 1, Workers: 2})
		if err != nil {
			return
		}
		if r.Converged() && !(r.Objective == r.Objective && r.Objective < 1e308) {
			t.Fatalf("%q: converged with objective %v", src, r.Objective)
		}
		_ = r.String()
	})
}
