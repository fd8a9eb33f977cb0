package fit

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Convergence on the statistical scale. The optimizer's own rules
// (gradient below GTol, relative reduction below FTol) are absolute in
// some unit that need not mean anything for the data at hand: a Huber sum
// of log residuals is ~1e-3 and its gradient ~1e-4 near the optimum, so
// GTol = 1e-5 can stop 0.1 standard errors away. The check below measures
// the distance that matters: the Newton step d = H^-1 g from the final
// point (g the exact gradient, H the curvature the standard errors use)
// in units of each parameter's standard error. When it exceeds
// Options.ConvergeSE the best start is polished (L-BFGS restarted there
// with GTol and FTol 1000 times smaller, at most three times); a stop that
// still fails is reported as not converged with the distance, and a line
// search that stalls within the criterion (usual at the kinks of Huber and
// pinball losses) as converged, saying so. Iteration and evaluation limits
// and cancellation keep their verdict.

// newtonStep returns the largest |d_j| / SE_j over the active parameters
// and the parameter where it occurs; ok is false when the curvature is
// not positive definite. A step below 1e-9 of the parameter's magnitude
// counts as zero: with noise-free data the standard errors are at rounding
// level too.
func (pr *prepared) newtonStep(res *Result, u *uncertainty) (worst float64, name string, ok bool) {
	k := len(u.active)
	var ch mat.Cholesky
	if res.gradP == nil || u.curvature == nil || u.cov == nil || !ch.Factorize(u.curvature) {
		return 0, "", false
	}
	g := mat.NewVecDense(k, nil)
	for a, j := range u.active {
		g.SetVec(a, res.gradP[j])
	}
	var d mat.VecDense
	if err := ch.SolveVecTo(&d, g); err != nil {
		return 0, "", false
	}
	at := -1
	for a := 0; a < k; a++ {
		se := math.Sqrt(u.cov.At(a, a))
		if !(se > 0) {
			return 0, "", false
		}
		step := math.Abs(d.AtVec(a))
		if step <= 1e-9*math.Abs(res.Params[u.active[a]]) {
			step = 0
		}
		if v := step / se; v > worst || at < 0 {
			worst, at = v, a
		}
	}
	return worst, pr.names[u.active[at]], true
}

// polish restarts the engine's L-BFGS at res.Params with tolerances 1000
// times tighter than opt's; it updates res when the objective does not get
// worse and reports whether it did.
func (pr *prepared) polish(res *Result, opt *Options) bool {
	o := *opt
	o.Method, o.NoFallback = LBFGS, true
	o.GTol, o.FTol = opt.GTol*1e-3, opt.FTol*1e-3
	wk := newWorker(pr)
	lb := newLBFGS(len(pr.free))
	if opt.Context != nil {
		lb.stop = func() bool { return opt.Context.Err() != nil }
	}
	s := pr.runStart(wk, lb, res.Start, res.Params, &o)
	res.TotalEvaluations += s.Evaluations
	if !(s.Objective <= res.Objective) {
		return false
	}
	res.Params, res.Objective, res.code = s.Params, s.Objective, s.code
	res.Status = s.Status
	res.Reason = fmt.Sprintf("%s (after polishing with GTol %.1g, FTol %.1g)", s.Reason, o.GTol, o.FTol)
	res.Iterations += s.Iterations
	res.Evaluations += s.Evaluations
	newWorker(pr).natural(res.Params, res.gradP)
	return true
}

// newtonApply takes the Newton step d = H^-1 g (natural scale, active
// parameters) from res.Params, halving it up to 30 times until the
// objective does not increase and every parameter stays inside its
// transform's domain; it updates res and reports whether it moved. It
// finishes a fit that L-BFGS's tolerances stop short of although the
// curvature is known: on noise-free data (a class deriving a law from
// exact points) the standard errors are ~1e-7 of the values and every
// polished L-BFGS stop still lay 3-4 of them from the optimum, reported as
// not converged (TestExactDataConverges).
func (pr *prepared) newtonApply(res *Result, u *uncertainty) bool {
	k := len(u.active)
	var ch mat.Cholesky
	if res.gradP == nil || u.curvature == nil || !ch.Factorize(u.curvature) {
		return false
	}
	g := mat.NewVecDense(k, nil)
	for a, j := range u.active {
		g.SetVec(a, res.gradP[j])
	}
	var d mat.VecDense
	if err := ch.SolveVecTo(&d, g); err != nil {
		return false
	}
	wk := newWorker(pr)
	p := make([]float64, len(res.Params))
	gp := make([]float64, len(res.Params))
	for t, step := 0, 1.0; t < 30; t, step = t+1, step/2 {
		copy(p, res.Params)
		inside := true
		for a, j := range u.active {
			p[j] -= step * d.AtVec(a)
			if _, err := pr.params[j].inverse(p[j]); err != nil {
				inside = false
			}
		}
		if !inside {
			continue
		}
		f := wk.natural(p, gp)
		if !(f <= res.Objective) {
			continue
		}
		copy(res.Params, p)
		copy(res.gradP, gp)
		res.Objective = f
		res.newtonSteps++
		return true
	}
	return false
}

// judge sets Status, Reason and StepSE from the Newton step.
func (pr *prepared) judge(res *Result, u *uncertainty, opt *Options) {
	worst, name, ok := pr.newtonStep(res, u)
	if !ok {
		return
	}
	res.StepSE = worst
	tol := opt.ConvergeSE
	switch {
	case res.Converged() && worst > tol:
		res.Status = StatusNotConverged
		res.Reason = fmt.Sprintf("not converged: the optimizer stopped (%s) %.3g standard errors from the optimum in %s (Newton step; criterion <= %g)", res.Reason, worst, name, tol)
	case !res.Converged() && worst <= tol && res.code.polishable():
		res.Status = StatusWithinSE
		res.Reason = fmt.Sprintf("converged: within %.2g standard errors of the optimum (Newton step, criterion <= %g); the optimizer's own stop: %s", worst, tol, res.Reason)
	case res.Converged():
		res.Reason = fmt.Sprintf("%s; within %.2g standard errors of the optimum (Newton step)", res.Reason, worst)
	}
}

// stepCheck returns a function giving the Newton step (in standard errors
// of the fit u describes) from parameters p with natural gradient gp, for
// judging bootstrap refits; nil when u has no usable curvature. It only
// reads precomputed matrices, so workers may call it concurrently.
func (pr *prepared) stepCheck(u *uncertainty) func(p, gp []float64) float64 {
	if u == nil || u.curvature == nil || u.cov == nil {
		return nil
	}
	var ch mat.Cholesky
	if !ch.Factorize(u.curvature) {
		return nil
	}
	k := len(u.active)
	var inv mat.SymDense
	if err := ch.InverseTo(&inv); err != nil {
		return nil
	}
	se := make([]float64, k)
	for a := range se {
		se[a] = math.Sqrt(u.cov.At(a, a))
		if !(se[a] > 0) {
			return nil
		}
	}
	hi := mat.DenseCopyOf(&inv)
	active := u.active
	return func(p, gp []float64) float64 {
		worst := 0.0
		for a := 0; a < k; a++ {
			d := 0.0
			for b, j := range active {
				d += hi.At(a, b) * gp[j]
			}
			d = math.Abs(d)
			if d <= 1e-9*math.Abs(p[active[a]]) {
				d = 0
			}
			worst = math.Max(worst, d/se[a])
		}
		return worst
	}
}
