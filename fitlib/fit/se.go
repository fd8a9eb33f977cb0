package fit

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/diff/fd"
	"gonum.org/v1/gonum/mat"
)

// Standard error kinds (Result.SEKind).
const (
	SELeastSquares = "least squares: sqrt diag of 2 s^2 H^-1, s^2 = loss/(rows - params)"
	SESandwich     = "sandwich (Huber 1967): sqrt diag of H^-1 B H^-1, B = sum over rows of score outer products; robust to the loss scale"
	SEInverseHess  = "inverse Hessian (observed information): valid when the Objective is a negative log-likelihood"
	SENotPD        = "unavailable: Hessian not positive definite at the optimum"
)

// standardErrors fills res.SE from the Hessian of the objective in natural
// coordinates, by central differences (gonum diff/fd) of the exact
// gradient. Parameters at a bound get NaN.
func (pr *prepared) standardErrors(res *Result) {
	k := len(res.Params)
	res.SE = make([]float64, k)
	for j := range res.SE {
		res.SE[j] = math.NaN()
	}
	wk := newWorker(pr)
	p := res.Params
	scale := make([]float64, k)
	for j, v := range p {
		scale[j] = math.Max(math.Abs(v), 1e-8)
	}
	// Differentiate g in scaled coordinates x = p/scale so that one
	// relative step suits parameters of any magnitude.
	pp := make([]float64, k)
	jac := mat.NewDense(k, k, nil)
	fd.Jacobian(jac, func(y, x []float64) {
		for j := range x {
			pp[j] = x[j] * scale[j]
		}
		wk.natural(pp, y)
		for j := range y {
			y[j] *= scale[j] // d/dx_j = scale_j d/dp_j
		}
	}, unit(k), &fd.JacobianSettings{Formula: fd.Central, Step: 1e-5})
	h := mat.NewSymDense(k, nil)
	for i := 0; i < k; i++ {
		for j := i; j < k; j++ {
			h.SetSym(i, j, (jac.At(i, j)+jac.At(j, i))/2/(scale[i]*scale[j]))
		}
	}
	var ch mat.Cholesky
	if !ch.Factorize(h) {
		res.SEKind = SENotPD
		return
	}
	var inv mat.SymDense
	if err := ch.InverseTo(&inv); err != nil {
		res.SEKind = SENotPD
		return
	}
	cov := mat.NewSymDense(k, nil)
	switch {
	case pr.fn != nil:
		cov.CopySym(&inv)
		res.SEKind = SEInverseHess
	case pr.loss.Kind == SquaredLoss:
		dof := float64(res.Rows - k)
		if dof <= 0 {
			res.SEKind = "unavailable: no residual degrees of freedom"
			return
		}
		cov.ScaleSym(2*res.Objective/dof, &inv)
		res.SEKind = SELeastSquares
	default:
		// Scores at the optimum: row i contributes coef_i * dpred_i.
		wk.natural(p, make([]float64, k))
		b := mat.NewSymDense(k, nil)
		for i, c := range wk.coef {
			if c == 0 {
				continue
			}
			for a := 0; a < k; a++ {
				for d := a; d < k; d++ {
					b.SetSym(a, d, b.At(a, d)+c*c*wk.dp[a][i]*wk.dp[d][i])
				}
			}
		}
		var t mat.Dense
		t.Mul(&inv, b)
		var s mat.Dense
		s.Mul(&t, &inv)
		for a := 0; a < k; a++ {
			for d := a; d < k; d++ {
				cov.SetSym(a, d, (s.At(a, d)+s.At(d, a))/2)
			}
		}
		res.SEKind = SESandwich
	}
	for j := range res.SE {
		if v := cov.At(j, j); v >= 0 && !slices.Contains(res.AtBound, res.Names[j]) {
			res.SE[j] = math.Sqrt(v)
		}
	}
}

func unit(k int) []float64 {
	x := make([]float64, k)
	for i := range x {
		x[i] = 1
	}
	return x
}
