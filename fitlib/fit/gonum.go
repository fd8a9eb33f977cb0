package fit

import (
	"math"

	"gonum.org/v1/gonum/optimize"
)

// relConverger is the engine's relative-reduction rule as a gonum
// Converger: converged when (f_prev - f)/max(|f_prev|, |f|, floor) <= tol
// between two major iterations (floor 1 is scipy's factr rule). gonum's
// own FunctionConverge instead waits for a number of iterations without
// an absolute+relative improvement, which wastes iterations on flat
// objectives.
type relConverger struct {
	tol   float64
	floor float64
	prev  float64
	first bool
}

// Init implements optimize.Converger.
func (c *relConverger) Init(int) { c.first = true }

// Converged implements optimize.Converger with the factr rule.
func (c *relConverger) Converged(loc *optimize.Location) optimize.Status {
	if c.first {
		c.first, c.prev = false, loc.F
		return optimize.NotTerminated
	}
	prev := c.prev
	c.prev = loc.F
	if reducedLittle(prev, loc.F, c.tol, c.floor) {
		return optimize.FunctionConvergence
	}
	return optimize.NotTerminated
}

// cachedFG adapts a fused value+gradient function to gonum's separate Func
// and Grad calls: gonum asks for both at the same x, so the second call is
// served from the cache.
type cachedFG struct {
	fg    func(x, g []float64) float64
	x, g  []float64
	f     float64
	valid bool
	evals int
}

func (c *cachedFG) at(x []float64) {
	if c.valid && equal(c.x, x) {
		return
	}
	copy(c.x, x)
	c.f = c.fg(c.x, c.g)
	c.valid = true
	c.evals++
}

func equal(a, b []float64) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// gonumMinimize runs a gonum method (LBFGS or NelderMead) from x0. It
// returns the best point, its value, Status, iterations and evaluations.
func gonumMinimize(fg func(x, g []float64) float64, x0 []float64, method optimize.Method, o *Options) ([]float64, float64, Status, string, int, int) {
	n := len(x0)
	c := &cachedFG{fg: fg, x: make([]float64, n), g: make([]float64, n)}
	prob := optimize.Problem{
		Func: func(x []float64) float64 { c.at(x); return c.f },
		Grad: func(g, x []float64) { c.at(x); copy(g, c.g) },
	}
	set := &optimize.Settings{
		GradientThreshold: o.GTol,
		Converger:         &relConverger{tol: o.FTol, floor: o.ftolFloor()},
		MajorIterations:   o.MaxIter,
		FuncEvaluations:   o.MaxEval,
	}
	if _, nm := method.(*optimize.NelderMead); nm {
		// The best vertex of a simplex often stays put for several
		// iterations, so the per-iteration factr rule would stop it at
		// once: wait 100 iterations without improvement instead.
		set.GradientThreshold = 0
		set.Converger = &optimize.FunctionConverge{Absolute: 1e-12, Relative: 1e-12, Iterations: 100}
	}
	res, err := optimize.Minimize(prob, x0, set, method)
	if res == nil {
		return append([]float64(nil), x0...), math.Inf(1), StatusLineSearch, errText(err), 0, c.evals
	}
	st := StatusMethod
	msg := "gonum: " + res.Status.String()
	switch res.Status {
	case optimize.GradientThreshold:
		st = StatusGradient
	case optimize.FunctionConvergence:
		st = StatusFunction
	case optimize.IterationLimit:
		st = StatusIterationLimit
	case optimize.FunctionEvaluationLimit:
		st = StatusEvaluationLimit
	case optimize.MethodConverge, optimize.FunctionThreshold, optimize.Success, optimize.StepConvergence:
		st = StatusMethod
	default:
		st = StatusLineSearch
	}
	if err != nil {
		msg += ": " + err.Error()
		if st.Converged() {
			st = StatusLineSearch
		}
	}
	return res.X, res.F, st, msg, res.Stats.MajorIterations, c.evals
}

func errText(err error) string {
	if err == nil {
		return "gonum: no result"
	}
	return "gonum: " + err.Error()
}
