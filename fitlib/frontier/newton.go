package frontier

import (
	"math"
)

// newton minimises the current stage from x0 by damped Newton steps on the
// objective's exact Hessian: the bootstrap refits start at the full-data
// optimum, where a 4-parameter Newton iteration converges in a few steps
// (L-BFGS needs ~15 evaluations there). Each step solves (H + mu I) d = -g
// by Cholesky, raising mu until H + mu I is positive definite, and halves
// the step until F decreases sufficiently (Armijo, 1e-4). It stops with the
// same rules as minimize (max |gradient| <= GTol, or a full step that
// decreases F by less than FTol max(|F|, 1)) and reports conv = false after maxIter steps or when
// no step decreases F; the caller then continues with L-BFGS. gonum's
// optimize.Newton would do the same but allocates its state and runs the
// method in a goroutine per call, which for 4 parameters costs more than
// the steps themselves (see stageSolver).
func (sv *stageSolver) newton(x0 []float64, maxIter int) (x []float64, f float64, conv bool, iters, evals int) {
	o := sv.o
	x = append([]float64(nil), x0...)
	var g, gt [4]float64
	var h [10]float64
	var xt [4]float64
	gtol := stageGTol * o.tolScale()
	f = o.eval(x, g[:], h[:])
	evals = 1
	for iters = 0; iters < maxIter; iters++ {
		if maxAbs(g[:]) <= gtol {
			return x, f, true, iters, evals
		}
		d, ok := newtonStep(h, g)
		if !ok {
			return x, f, false, iters, evals
		}
		slope := 0.0
		for i := range d {
			slope += g[i] * d[i]
		}
		t := 1.0
		var ft float64
		accepted := false
		for ls := 0; ls < 40; ls++ {
			for i := range xt {
				xt[i] = x[i] + t*d[i]
			}
			ft = o.eval(xt[:], nil, nil)
			evals++
			if ft <= f+1e-4*t*slope {
				accepted = true
				break
			}
			t /= 2
		}
		if !accepted || math.IsNaN(ft) {
			return x, f, false, iters, evals
		}
		copy(x, xt[:])
		df := f - ft
		f = o.eval(x, gt[:], h[:])
		evals++
		g = gt
		if t == 1 && df <= stageFTol*math.Max(math.Abs(f), 1) {
			return x, f, true, iters + 1, evals
		}
	}
	return x, f, false, iters, evals
}

// newtonStep solves (H + mu I) d = -g for the smallest mu in 0, 1e-10 s,
// 1e-9 s, ... (s = max |H_ii|) at which H + mu I is positive definite.
func newtonStep(h [10]float64, g [4]float64) ([4]float64, bool) {
	s := 0.0
	for _, k := range []int{0, 4, 7, 9} {
		s = math.Max(s, math.Abs(h[k]))
	}
	if !(s > 0) || math.IsInf(s, 0) {
		return [4]float64{}, false
	}
	for mu := 0.0; mu <= 1e6*s; {
		var a [4][4]float64
		t := 0
		for r := 0; r < 4; r++ {
			for c := r; c < 4; c++ {
				a[r][c], a[c][r] = h[t], h[t]
				t++
			}
			a[r][r] += mu
		}
		if l, ok := cholesky4(a); ok {
			var y, d [4]float64
			for r := 0; r < 4; r++ {
				v := -g[r]
				for c := 0; c < r; c++ {
					v -= l[r][c] * y[c]
				}
				y[r] = v / l[r][r]
			}
			for r := 3; r >= 0; r-- {
				v := y[r]
				for c := r + 1; c < 4; c++ {
					v -= l[c][r] * d[c]
				}
				d[r] = v / l[r][r]
			}
			return d, true
		}
		if mu == 0 {
			mu = 1e-10 * s
		} else {
			mu *= 10
		}
	}
	return [4]float64{}, false
}

// cholesky4 factors a symmetric 4x4 matrix as L L'; ok is false unless it
// is positive definite (every pivot above 1e-14 of the largest diagonal).
func cholesky4(a [4][4]float64) (l [4][4]float64, ok bool) {
	dmax := 0.0
	for i := 0; i < 4; i++ {
		dmax = math.Max(dmax, a[i][i])
	}
	for j := 0; j < 4; j++ {
		v := a[j][j]
		for k := 0; k < j; k++ {
			v -= l[j][k] * l[j][k]
		}
		if !(v > 1e-14*dmax) {
			return l, false
		}
		l[j][j] = math.Sqrt(v)
		for i := j + 1; i < 4; i++ {
			w := a[i][j]
			for k := 0; k < j; k++ {
				w -= l[i][k] * l[j][k]
			}
			l[i][j] = w / l[j][j]
		}
	}
	return l, true
}

func maxAbs(v []float64) float64 {
	m := 0.0
	for _, x := range v {
		m = math.Max(m, math.Abs(x))
	}
	return m
}
