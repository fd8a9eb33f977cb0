package fit

import (
	"math"
	"sort"
	"testing"

	"github.com/gophernote/gophernote/fitlib/data"
	"github.com/gophernote/gophernote/fitlib/formula"
)

// Besiroglu et al. (2024), "Chinchilla Scaling: A replication attempt",
// and ../shared/data/README.md: best of the 4,500-start grid reaches
// objective 1.0182740e-3 with A = 477.8, B = 2143, E = 1.8172,
// alpha = 0.3473, beta = 0.3672.
const (
	chinObjective = 1.0182740e-3
	chinLaw       = "exp(a - alpha*log(N)) + exp(b - beta*log(D)) + exp(e)"
)

var chinWant = map[string]float64{"A": 477.8, "B": 2143, "E": 1.8172, "alpha": 0.3473, "beta": 0.3672}

type chinchilla struct {
	N, D, L       []float64
	logN, logD, y []float64 // log N, log D, log L
}

// loadChinchilla reads the digitized runs, sets D = C/(6N) and drops the
// five highest losses, leaving 240 rows (the recipe of Besiroglu et al.).
func loadChinchilla(t testing.TB) *chinchilla {
	tb, err := data.ReadCSV("chinchilla/svg_extracted_data.csv")
	if err != nil {
		t.Fatalf("dataset missing (set $GOPHERNOTE_DATA or put ../shared/data beside the checkout): %v", err)
	}
	N, err := tb.Floats("Model Size")
	if err != nil {
		t.Fatal(err)
	}
	C, err := tb.Floats("Training FLOP")
	if err != nil {
		t.Fatal(err)
	}
	L, err := tb.Floats("loss")
	if err != nil {
		t.Fatal(err)
	}
	idx := make([]int, len(L))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return L[idx[a]] < L[idx[b]] })
	idx = idx[:len(idx)-5]
	sort.Ints(idx)
	c := &chinchilla{}
	for _, i := range idx {
		d := C[i] / (6 * N[i])
		c.N, c.D, c.L = append(c.N, N[i]), append(c.D, d), append(c.L, L[i])
		c.logN, c.logD, c.y = append(c.logN, math.Log(N[i])), append(c.logD, math.Log(d)), append(c.y, math.Log(L[i]))
	}
	if len(c.L) != 240 {
		t.Fatalf("%d rows after dropping 5, want 240", len(c.L))
	}
	return c
}

func chinGrid() []Param {
	g := func(lo, hi, step float64) []float64 {
		var v []float64
		for x := lo; x <= hi+1e-9; x += step {
			v = append(v, x)
		}
		return v
	}
	// Order a, alpha, b, beta, e as in the formula.
	return []Param{
		{Name: "a", Grid: g(0, 25, 5)}, {Name: "alpha", Grid: g(0, 2, 0.5)},
		{Name: "b", Grid: g(0, 25, 5)}, {Name: "beta", Grid: g(0, 2, 0.5)},
		{Name: "e", Grid: g(-1, 1, 0.5)},
	}
}

func (c *chinchilla) formulaProblem(t testing.TB) Problem {
	f, err := formula.Parse(chinLaw, "N", "D")
	if err != nil {
		t.Fatal(err)
	}
	return Problem{Formula: f, Data: map[string][]float64{"N": c.N, "D": c.D}, Y: c.L, YName: "loss",
		Loss: Huber(1e-3), Params: chinGrid()}
}

// handProblem is the same objective written by hand: one fused loop over
// rows with log N, log D and log L precomputed, parameters (a, alpha, b,
// beta, e).
func (c *chinchilla) handProblem() Problem {
	const delta = 1e-3
	obj := func(p, g, w []float64) float64 {
		a, alpha, b, beta, e := p[0], p[1], p[2], p[3], p[4]
		E := math.Exp(e)
		var f, ga, gal, gb, gbe, ge float64
		lN, lD, y := c.logN, c.logD[:len(c.logN)], c.y[:len(c.logN)]
		for i, ln := range lN {
			ta := math.Exp(a - alpha*ln)
			tb := math.Exp(b - beta*lD[i])
			s := ta + tb + E
			r := y[i] - math.Log(s)
			var rho, psi float64
			switch {
			case r > delta:
				rho, psi = delta*(r-delta/2), delta
			case r < -delta:
				rho, psi = delta*(-r-delta/2), -delta
			default:
				rho, psi = r*r/2, r
			}
			if w != nil {
				rho, psi = rho*w[i], psi*w[i]
			}
			f += rho
			k := -psi / s
			ga += k * ta
			gal -= k * ta * ln
			gb += k * tb
			gbe -= k * tb * lD[i]
			ge += k
		}
		g[0], g[1], g[2], g[3], g[4] = ga, gal, gb, gbe, ge*E
		return f
	}
	return Problem{Objective: obj, Rows: len(c.y), Params: chinGrid()}
}

func checkChinchilla(t *testing.T, r *Result) {
	t.Helper()
	if math.Abs(r.Objective-chinObjective) > 1e-6*chinObjective {
		t.Errorf("objective %.10g, want %.8g (relative 1e-6)", r.Objective, chinObjective)
	}
	get := func(n string) float64 { v, _ := r.Param(n); return v.Value }
	got := map[string]float64{"A": math.Exp(get("a")), "B": math.Exp(get("b")), "E": math.Exp(get("e")), "alpha": get("alpha"), "beta": get("beta")}
	for k, want := range chinWant {
		if math.Abs(got[k]-want) > 0.005*want {
			t.Errorf("%s = %.6g, published %.6g (0.5%%)", k, got[k], want)
		}
	}
	if !r.Converged() {
		t.Errorf("best start did not converge: %s", r.Reason)
	}
}

func TestChinchillaFullGrid(t *testing.T) {
	c := loadChinchilla(t)
	for _, tc := range []struct {
		name string
		pb   Problem
	}{{"formula", c.formulaProblem(t)}, {"hand-written", c.handProblem()}} {
		r, err := Fit(tc.pb, Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: objective %.10g start %d (%v) iters %d status %q; %d/%d starts converged, %d evaluations",
			tc.name, r.Objective, r.Start, r.Params, r.Iterations, r.Reason, r.ConvStarts, r.Starts, r.TotalEvaluations)
		if r.Starts != 4500 {
			t.Errorf("%d starts, want 4500", r.Starts)
		}
		checkChinchilla(t, r)
	}
}
