package fit

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/gophernote/gophernote/fitlib/internal/par"
)

// Variable projection. A law such as E + A N^-alpha + B D^-beta is linear
// in E, A and B: for fixed exponents the best coefficients follow from a
// small problem of their own, so the optimizer only has to search the
// nonlinear parameters (Golub & Pereyra 1973). Method VarPro does that: the outer
// L-BFGS moves the nonlinear parameters; every evaluation first solves for
// the linear ones (the inner problem) and returns the objective and its
// gradient with respect to the outer parameters, which by the envelope
// theorem is the partial gradient at the inner optimum.
//
// The inner problem is exact linear least squares only for squared error
// in linear space with unbounded coefficients (one Gauss-Newton step
// solves it). For log residuals (pred = sum c_k phi_k enters through
// log), for Huber and pinball losses, and for coefficients kept positive
// by a Log transform, it is solved iteratively: Gauss-Newton in the
// transformed coefficients with iteratively reweighted least squares
// weights psi(r)/r for Huber (the weights that majorize the loss, so each
// step decreases it), the exact psi'(r) for squared and smoothed pinball
// losses, and a backtracking line search on the true objective. We chose
// this nested solve over a joint IRLS of all parameters because it keeps
// the outer problem smooth and low-dimensional (2 exponents for
// Chinchilla) and lets the engine's multi-start, stopping rules and
// standard errors work unchanged; the price is a few inner iterations per
// outer evaluation, warm-started from the previous solution.

// vpInfo marks the inner (linear) parameters of a prepared problem.
type vpInfo struct {
	lin []int // parameter indices solved by the inner problem
}

// vpScratch is a worker's inner-solver memory.
type vpScratch struct {
	u, du, g, un []float64
	d2u          []float64 // second derivative of each inner parameter's transform
	m            *mat.SymDense
	rhs, sol     *mat.VecDense
	ch           mat.Cholesky
	iters        int
}

// projection returns the problem the outer optimizer of variable
// projection (Method VarPro) searches: pr with the parameters in which the
// law is linear (formula.LinearParams) and that are not Fixed moved to
// the inner problem, and their names.
func (pr *prepared) projection(pb *Problem) (*prepared, []string, error) {
	if pb.Formula == nil {
		return nil, nil, fmt.Errorf("fit: Method VarPro (variable projection) needs a Formula law")
	}
	linNames := pb.Formula.LinearParams()
	outer := *pr
	outer.free = nil
	var lin []int
	var names []string
	for _, j := range pr.free {
		if slices.Contains(linNames, pr.names[j]) {
			lin = append(lin, j)
			names = append(names, pr.names[j])
			outer.base = append([]float64(nil), outer.base...)
			outer.base[j] = pr.params[j].init()
		} else {
			outer.free = append(outer.free, j)
		}
	}
	if len(lin) == 0 {
		return nil, nil, fmt.Errorf("fit: Method VarPro: %s is linear in none of its free parameters (linear ones: %v); use LBFGS", pb.Formula.Source(), linNames)
	}
	if len(outer.free) == 0 {
		return nil, nil, fmt.Errorf("fit: Method VarPro: every free parameter of %s is linear; use LBFGS (one inner solve)", pb.Formula.Source())
	}
	for _, j := range lin {
		if len(pr.params[j].Grid) > 0 {
			return nil, nil, fmt.Errorf("fit: Method VarPro: linear parameter %s has a Grid; the inner solve starts it at Init", pr.names[j])
		}
	}
	outer.vp = &vpInfo{lin: lin}
	return &outer, names, nil
}

// innerSolve minimizes the objective over the inner parameters with the
// outer ones as in wk.p, starting from wk.p's inner values; it leaves the
// solution in wk.p and wk.gp holding the full gradient there.
func (wk *worker) innerSolve() float64 {
	pr := wk.pr
	lin := pr.vp.lin
	k := len(lin)
	s := wk.vps
	if s == nil {
		s = &vpScratch{u: make([]float64, k), du: make([]float64, k), g: make([]float64, k), un: make([]float64, k), d2u: make([]float64, k),
			m: mat.NewSymDense(k, nil), rhs: mat.NewVecDense(k, nil), sol: mat.NewVecDense(k, nil)}
		wk.vps = s
	}
	for a, j := range lin {
		u, err := pr.params[j].inverse(wk.p[j])
		if err != nil {
			u = 0
		}
		s.u[a] = u
	}
	set := func(u []float64) {
		for a, j := range lin {
			wk.p[j], s.du[a] = pr.params[j].forward(u[a])
			s.d2u[a] = pr.params[j].second(u[a])
		}
	}
	set(s.u)
	f := wk.natural(wk.p, wk.gp)
	wk.evals++
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return math.Inf(1)
	}
	newton := true
	for it := 0; it < 30; it++ {
		s.iters++
		wk.innerSystem(s, newton)
		maxd := 0.0
		for a := 0; a < k; a++ {
			maxd = math.Max(maxd, s.m.At(a, a))
		}
		// a ridge keeps collinear bases (alpha = 0 makes A N^-alpha a
		// second constant) solvable
		for a := 0; a < k; a++ {
			s.m.SetSym(a, a, s.m.At(a, a)+1e-12*maxd+1e-300)
		}
		ok := s.ch.Factorize(s.m)
		if ok {
			for a := 0; a < k; a++ {
				s.rhs.SetVec(a, -s.g[a])
			}
			ok = s.ch.SolveVecTo(s.sol, s.rhs) == nil
		}
		slope := 0.0
		for a := 0; a < k; a++ {
			slope += s.g[a] * s.sol.AtVec(a)
		}
		if !ok || !(slope < 0) {
			if newton {
				newton = false // exact Hessian not positive definite here: IRLS step
				it--
				continue
			}
			break // at the inner optimum to rounding
		}
		t := 1.0
		var fn float64
		accepted := false
		maxLS := 40
		if newton {
			maxLS = 3 // a Newton step that needs more cuts is not working: IRLS instead
		}
		for ls := 0; ls < maxLS; ls++ {
			for a := 0; a < k; a++ {
				s.un[a] = s.u[a] + t*s.sol.AtVec(a)
			}
			set(s.un)
			fn = wk.natural(wk.p, wk.gp)
			wk.evals++
			if fn <= f+1e-4*t*slope {
				accepted = true
				break
			}
			t /= 2
		}
		if !accepted {
			set(s.u)
			f = wk.natural(wk.p, wk.gp)
			wk.evals++
			if newton {
				newton = false
				continue
			}
			break
		}
		newton = t == 1 || !newton // keep Newton while it takes full steps
		step := 0.0
		for a := 0; a < k; a++ {
			step = math.Max(step, math.Abs(t*s.sol.AtVec(a))/(1+math.Abs(s.u[a])))
		}
		copy(s.u, s.un)
		done := f-fn <= 1e-15*math.Abs(f) || step <= 1e-12
		f = fn
		if done {
			break
		}
	}
	return f
}

// innerSystem fills the inner gradient s.g (with respect to the
// transformed inner parameters) and, from the worker's last evaluation,
// s.m: the exact Hessian (newton) or the Gauss-Newton/IRLS matrix.
func (wk *worker) innerSystem(s *vpScratch, newton bool) {
	pr := wk.pr
	lin := pr.vp.lin
	k := len(lin)
	for a, j := range lin {
		s.g[a] = wk.gp[j] * s.du[a]
	}
	for a := 0; a < k; a++ {
		for b := a; b < k; b++ {
			s.m.SetSym(a, b, 0)
		}
	}
	l := &pr.loss
	for i, q := range wk.pred {
		w := 1.0
		if wk.w != nil {
			w = wk.w[i]
			if w == 0 {
				continue
			}
		}
		var r, dr float64
		if l.Log {
			r, dr = pr.ly[i]-math.Log(q), -1/q
		} else {
			r, dr = pr.y[i]-q, -1
		}
		var om float64
		switch l.Kind {
		case HuberLoss:
			om = 1
			if a := math.Abs(r); a > l.Delta {
				om = l.Delta / a
				if newton {
					om = 0
				}
			}
		case PinballLoss:
			om = l.smoothedCurvature(r, 0)
		default:
			om = 2
		}
		om *= w
		ps := 0.0
		if newton {
			ps = w * l.psi(r)
		}
		for a := 0; a < k; a++ {
			ja := dr * wk.dp[lin[a]][i] * s.du[a]
			for b := a; b < k; b++ {
				jb := dr * wk.dp[lin[b]][i] * s.du[b]
				v := om * ja * jb
				if newton {
					// second derivative of r: for log residuals
					// d2r/du_a du_b = (dpred_a dpred_b)/pred^2 - [a=b] phi_a c''_a/pred
					// (pred linear in c); for linear residuals -[a=b] phi_a c''_a
					d2 := 0.0
					if l.Log {
						d2 = ja * jb
					}
					if a == b {
						d2 += dr * wk.dp[lin[a]][i] * s.d2u[a]
					}
					v += ps * d2
				}
				s.m.SetSym(a, b, s.m.At(a, b)+v)
			}
		}
	}
}

// screen evaluates the profile objective (one inner solve) at every start
// and keeps the keep lowest, in their original order.
func (pr *prepared) screen(starts [][]float64, keep, workers int) [][]float64 {
	f := make([]float64, len(starts))
	par.For(workers, len(starts), func() func(int) {
		wk := newWorker(pr)
		return func(i int) {
			copy(wk.p, starts[i])
			v := wk.innerSolve()
			if math.IsNaN(v) {
				v = math.Inf(1)
			}
			f[i] = v
		}
	})
	idx := make([]int, len(starts))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return f[idx[a]] < f[idx[b]] })
	idx = idx[:keep]
	sort.Ints(idx)
	out := make([][]float64, keep)
	for k, i := range idx {
		out[k] = starts[i]
	}
	return out
}
