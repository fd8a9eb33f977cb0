package formula

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/diff/fd"
)

// randomExpr builds a random smooth formula over x (> 0), z (in (0.5, 2))
// and parameters p0..p3: every function argument is kept in its domain
// (log and sqrt get softplus(.) + 0.1, lgamma gets softplus(.) + 0.5, powers
// get positive bases, exp gets bounded arguments), so the gradient exists
// everywhere.
func randomExpr(r *rand.Rand, depth int) string {
	leaf := func() string {
		switch r.IntN(4) {
		case 0:
			return fmt.Sprintf("p%d", r.IntN(4))
		case 1:
			return []string{"x", "z"}[r.IntN(2)]
		case 2:
			return fmt.Sprintf("%.3g", 0.5+2*r.Float64())
		}
		return fmt.Sprintf("p%d", r.IntN(4))
	}
	if depth == 0 {
		return leaf()
	}
	a := randomExpr(r, depth-1)
	b := randomExpr(r, depth-1)
	switch r.IntN(13) {
	case 0:
		return "(" + a + " + " + b + ")"
	case 1:
		return "(" + a + " - " + b + ")"
	case 2:
		return "(" + a + " * " + b + ")"
	case 3:
		return "(" + a + " / (1 + softplus(" + b + ")))"
	case 4:
		return "(softplus(" + a + ") + 0.1)^sigmoid(" + b + ")"
	case 5:
		return "exp(sigmoid(" + a + "))"
	case 6:
		return "log(softplus(" + a + ") + 0.1)"
	case 7:
		return "sqrt(softplus(" + a + ") + 0.1)"
	case 8:
		return "sigmoid(" + a + ")"
	case 9:
		return "-" + a + "^2"
	case 10:
		return "log10(x) * " + a
	case 11:
		return "lgamma(softplus(" + a + ") + 0.5)"
	}
	return "x^(-sigmoid(" + a + "))"
}

// TestRandomFormulaGradients: symbolic gradients of random formulas (220
// of the 300 drawn have parameters)
// match central finite differences, and values match the tree walk.
func TestRandomFormulaGradients(t *testing.T) {
	r := rand.New(rand.NewPCG(42, 7))
	cols := testCols(12, 9)
	colsXZ := [][]float64{cols[0], cols[2]}
	checked := 0
	for k := 0; k < 300; k++ {
		src := randomExpr(r, 1+r.IntN(4))
		f, err := Parse(src, "x", "z")
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		np := f.NumParams()
		if np == 0 {
			continue
		}
		p := make([]float64, np)
		for j := range p {
			p[j] = 2*r.Float64() - 1
		}
		ev, err := f.Bind(colsXZ)
		if err != nil {
			t.Fatal(err)
		}
		val := make([]float64, ev.Len())
		grad := make([][]float64, np)
		for j := range grad {
			grad[j] = make([]float64, ev.Len())
		}
		if err := ev.ValueGrad(p, val, grad); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < ev.Len(); i++ {
			row := []float64{cols[0][i], cols[2][i]}
			if want := treeEval(f.tree, p, row); !close(val[i], want, 1e-11) {
				t.Fatalf("%s row %d: value %.17g, tree walk %.17g", src, i, val[i], want)
			}
			num := fd.Gradient(nil, func(q []float64) float64 { return treeEval(f.tree, q, row) }, p, &fd.Settings{Formula: fd.Central, Step: 1e-6})
			for j := range p {
				if !close(grad[j][i], num[j], 1e-5) {
					t.Fatalf("%s row %d: d/d%s = %.10g, finite difference %.10g", src, i, f.params[j], grad[j][i], num[j])
				}
			}
		}
		checked++
	}
	if checked < 200 {
		t.Fatalf("only %d formulas with parameters", checked)
	}
}
