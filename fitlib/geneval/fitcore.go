package geneval

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"sort"
	"sync"

	"gonum.org/v1/gonum/optimize"
)

// Fit is one law fitted to one k.
type Fit struct {
	Law    string
	K      int
	Names  []string  // parameter names, LawParamNames order
	Params []float64 // fitted parameters
	Points int       // checkpoints in the fit
	// ZeroPass counts checkpoints left out because pass_B@k = 0 (-log is
	// infinite); Undersampled those left out because some problem had
	// fewer than k samples; Other those without an x value (no gold
	// likelihood for the gold-reference law).
	ZeroPass, Undersampled, Other int
	// Objective is the sum over checkpoints of
	// (log y - log law)^2, y = -log pass_B@k; RMSLog = sqrt(Objective/Points).
	Objective, RMSLog float64
	// Converged is true only when the best start stopped on gonum's
	// gradient or function-value convergence test, or its final gradient
	// norm is below 1e-6; Status is gonum's termination status.
	Converged  bool
	Status     string
	GradNorm   float64
	Iterations int // major iterations of the best start
	Starts     int // starts run; StartsConverged of them converged
	// StartsConverged counts starts that met the convergence test.
	StartsConverged int
}

// Param returns the fitted value of the named parameter.
func (f Fit) Param(name string) (float64, error) {
	for i, n := range f.Names {
		if n == name {
			return f.Params[i], nil
		}
	}
	return math.NaN(), fmt.Errorf("geneval: law %s has no parameter %q (has %v)", f.Law, name, f.Names)
}

// FitLaw fits a law to -log pass_B@k values y at checkpoints given by x1
// (and x2 for the parameters+tokens law; see PredictLaw) by least squares
// in log space, sum (log y - log law)^2, with L-BFGS from a grid of starts
// run in parallel; every parameter is positive through a log
// reparameterization. Values must be positive and finite; the caller drops
// checkpoints with pass_B@k = 0. At least one more point than parameters is
// required.
//
// This is a compact engine for the three fixed laws (analytic gradients,
// written here); fitlib/fit is the general formula-driven engine.
func FitLaw(law string, x1, x2, y []float64) (Fit, error) {
	l, err := lookupLaw(law)
	if err != nil {
		return Fit{}, err
	}
	np := len(l.names)
	if len(x1) != len(y) || (law == LawParamsTokens && len(x2) != len(y)) {
		return Fit{}, fmt.Errorf("geneval: FitLaw %s: inputs of length %d, %d and y of length %d differ", law, len(x1), len(x2), len(y))
	}
	if len(y) < np+1 {
		return Fit{}, fmt.Errorf("geneval: FitLaw %s: %d points for %d parameters, need at least %d", law, len(y), np, np+1)
	}
	for i := range y {
		if !(y[i] > 0) || math.IsInf(y[i], 1) {
			return Fit{}, fmt.Errorf("geneval: FitLaw %s: y[%d] = %v, need a positive finite -log pass@k", law, i, y[i])
		}
		if !(x1[i] > 0) || math.IsInf(x1[i], 1) {
			return Fit{}, fmt.Errorf("geneval: FitLaw %s: input[%d] = %v, need a positive finite value", law, i, x1[i])
		}
		if law == LawParamsTokens && (!(x2[i] > 0) || math.IsInf(x2[i], 1)) {
			return Fit{}, fmt.Errorf("geneval: FitLaw %s: D[%d] = %v, need a positive finite value", law, i, x2[i])
		}
	}
	if x2 == nil {
		x2 = make([]float64, len(y))
	}
	ly := logs(y)
	starts := l.starts(x1, x2, y)
	type result struct {
		th        []float64
		f, gn     float64
		status    optimize.Status
		iters     int
		converged bool
	}
	res := make([]result, len(starts))
	var wg sync.WaitGroup
	next := make(chan int, len(starts))
	for i := range starts {
		next <- i
	}
	close(next)
	workers := runtime.GOMAXPROCS(0)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := make([]float64, np)
			obj := func(th []float64) float64 {
				s := 0.0
				for i := range ly {
					v := l.eval(th, x1[i], x2[i], nil)
					if !(v > 0) || math.IsInf(v, 0) {
						return math.Inf(1)
					}
					r := ly[i] - math.Log(v)
					s += r * r
				}
				return s
			}
			grad := func(out, th []float64) {
				clear(out)
				for i := range ly {
					v := l.eval(th, x1[i], x2[i], g)
					r := ly[i] - math.Log(v)
					for j := range out {
						out[j] -= 2 * r * g[j] / v
					}
				}
			}
			for s := range next {
				p := optimize.Problem{Func: obj, Grad: grad}
				set := &optimize.Settings{
					GradientThreshold: 1e-10,
					Converger:         &optimize.FunctionConverge{Absolute: 1e-13, Relative: 1e-12, Iterations: 40},
					MajorIterations:   3000,
				}
				r, err := optimize.Minimize(p, starts[s], set, &optimize.LBFGS{})
				if r == nil {
					res[s] = result{f: math.Inf(1), status: optimize.Failure}
					continue
				}
				gn := make([]float64, np)
				f := obj(r.X)
				if !math.IsInf(f, 0) {
					grad(gn, r.X)
				}
				norm := 0.0
				for _, v := range gn {
					norm += v * v
				}
				norm = math.Sqrt(norm)
				conv := err == nil && (r.Status == optimize.GradientThreshold || r.Status == optimize.FunctionConvergence)
				if norm <= 1e-6 {
					conv = true
				}
				if math.IsNaN(f) {
					f = math.Inf(1)
				}
				res[s] = result{th: r.X, f: f, gn: norm, status: r.Status, iters: r.Stats.MajorIterations, converged: conv}
			}
		}()
	}
	wg.Wait()
	best, nconv := -1, 0
	for i, r := range res {
		if r.converged {
			nconv++
		}
		if r.th != nil && !math.IsInf(r.f, 0) && (best < 0 || r.f < res[best].f) {
			best = i
		}
	}
	if best < 0 {
		return Fit{}, errors.New("geneval: FitLaw " + law + ": every start failed")
	}
	b := res[best]
	return Fit{
		Law: law, Names: append([]string(nil), l.names...), Params: public(b.th), Points: len(y),
		Objective: b.f, RMSLog: math.Sqrt(b.f / float64(len(y))), Converged: b.converged,
		Status: b.status.String(), GradNorm: b.gn, Iterations: b.iters, Starts: len(starts), StartsConverged: nconv,
	}, nil
}

func sortFloats(x []float64) { sort.Float64s(x) }
