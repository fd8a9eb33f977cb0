package fit

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// One result shape. Every fit of fitlib — Fit here, and the fits of the
// paper packages (chinchilla, frontier, monkeys, geneval, catalog) —
// returns a result that embeds an Outcome, the record of how the fit went
// (lmfit's MinimizerResult statistics: objective, status and message,
// iterations, evaluations, time, gradient, standard-error kind,
// warnings), and offers its parameters as FittedParam values: all of them
// by Parameters(), one by Param(name). Its Report() is a Report, the one
// fit report of fitlib, which its MIMEBundle and String show.
// fitlib/api_test.go checks all of it.

// Status says how a fit ended: which criterion it met, or why it stopped
// without one. Converged tells the two apart; Outcome.Reason says the
// same in words, with the numbers.
type Status int

// Statuses. The first group converged (Converged is true), the second
// did not.
const (
	// StatusNotRun (the zero value): no fit ran, as for a start skipped
	// after cancellation or a result built by hand.
	StatusNotRun Status = iota

	// StatusGradient: the largest |gradient| fell below the tolerance.
	StatusGradient
	// StatusFunction: the relative reduction of the objective in one
	// iteration fell below the tolerance.
	StatusFunction
	// StatusMethod: the method's own convergence rule (gonum's
	// MethodConverge, StepConvergence, FunctionThreshold or Success).
	StatusMethod
	// StatusFallback: Nelder-Mead converged after the gradient method
	// failed from the same start.
	StatusFallback
	// StatusStationary: the line search could make no progress at a
	// point where the gradient is zero to rounding.
	StatusStationary
	// StatusWithinSE: the point lies within a small fraction of a
	// standard error of the optimum (the Newton step, or the moves of an
	// alternating refinement), whatever stopped the optimizer.
	StatusWithinSE
	// StatusExact: solved exactly — a closed form (linear least squares)
	// or a convex search run to rounding.
	StatusExact
	// StatusGrid: the best point of an exhaustive grid search, the
	// estimator's definition (no claim beyond the grid's resolution).
	StatusGrid

	// StatusIterationLimit: the iteration limit was reached.
	StatusIterationLimit
	// StatusEvaluationLimit: the evaluation limit was reached.
	StatusEvaluationLimit
	// StatusLineSearch: the line search found no decrease and the
	// gradient is not small.
	StatusLineSearch
	// StatusNotFinite: the objective was not finite.
	StatusNotFinite
	// StatusNotConverged: the optimizer stopped, but the fit's
	// convergence test failed (Reason says which test and by how much).
	StatusNotConverged
	// StatusSingular: the curvature is singular where the optimizer
	// stopped: some parameters are not identified by the data there.
	StatusSingular
	// StatusCancelled: the fit's Context was cancelled.
	StatusCancelled
	// StatusFailed: the optimizer returned an error (Reason has it).
	StatusFailed
)

var statusNames = [...]string{
	StatusNotRun:          "not run",
	StatusGradient:        "converged: gradient",
	StatusFunction:        "converged: function reduction",
	StatusMethod:          "converged: method's rule",
	StatusFallback:        "converged: Nelder-Mead fallback",
	StatusStationary:      "converged: stationary point",
	StatusWithinSE:        "converged: within standard errors",
	StatusExact:           "exact",
	StatusGrid:            "grid optimum",
	StatusIterationLimit:  "stopped: iteration limit",
	StatusEvaluationLimit: "stopped: evaluation limit",
	StatusLineSearch:      "failed: line search",
	StatusNotFinite:       "failed: objective not finite",
	StatusNotConverged:    "not converged",
	StatusSingular:        "not converged: singular curvature",
	StatusCancelled:       "cancelled",
	StatusFailed:          "failed",
}

// String names the status.
func (s Status) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Converged reports whether the status is a convergence (or an exact or
// grid solution): StatusGradient through StatusGrid.
func (s Status) Converged() bool { return s >= StatusGradient && s <= StatusGrid }

// polishable says whether a stop may be refined by restarting L-BFGS.
func (s Status) polishable() bool {
	switch s {
	case StatusIterationLimit, StatusEvaluationLimit, StatusCancelled, StatusNotFinite:
		return false
	}
	return true
}

// Outcome is the record every fit of fitlib embeds in its result: how the
// fit went. The fields mean the same in every package; a field a fit has
// no use for keeps its zero value (Iterations 0 for a closed form), and a
// number it cannot give is NaN (GradNorm of a derivative-free search).
type Outcome struct {
	// Objective is the value of the minimized objective at the result
	// (each result's documentation says which objective).
	Objective float64
	// Status says how the fit ended; Reason says it in words.
	Status Status
	Reason string
	// Iterations and Evaluations count the optimizer's iterations and
	// objective evaluations (of the best start, for a multi-start fit).
	Iterations, Evaluations int
	// Time is the wall-clock time the fit took.
	Time time.Duration
	// GradNorm is the largest |gradient| of the objective at the result,
	// in the coordinates the optimizer works in (transformed, for
	// bounded parameters), the quantity a gradient tolerance tests; NaN
	// where the fit uses no gradient.
	GradNorm float64
	// SEKind says how the parameters' standard errors were computed
	// (SENotComputed when they were not; SEUnavailable, with a warning
	// saying why, when they could not be).
	SEKind SEKind
	// Warnings say where the result should not be read at face value.
	Warnings []string
}

// Converged reports whether the fit converged (Status.Converged).
func (o Outcome) Converged() bool { return o.Status.Converged() }

// warn appends a warning.
func (o *Outcome) warn(format string, args ...any) {
	o.Warnings = append(o.Warnings, fmt.Sprintf(format, args...))
}

// FittedParam is one fitted parameter as a result shows it (Param
// configures one before the fit): what Param(name) returns and
// Parameters() lists, for every fit of fitlib.
type FittedParam struct {
	Name  string
	Value float64
	// SE is its standard error: NaN when the fit computed none (see
	// Outcome.SEKind), and for a fixed parameter or one at a bound.
	SE float64
	// Lo and Hi bound its interval at Level (NaN, and Level 0, without
	// one).
	Lo, Hi float64
	Level  float64
	// Fixed: held at Value, not fitted.
	Fixed bool
	// Min and Max bound its domain (-Inf and +Inf where it has none);
	// AtBound says the fit ended on one of them.
	Min, Max float64
	AtBound  bool
	// Transform is the fit engine's transform that matches how the
	// optimizer kept it inside (Min, Max): Identity where the estimator
	// bounds it some other way (its documentation says how) or not at all.
	Transform Transform
}

// NewFittedParam returns the view of parameter name with value v and no
// standard error, interval or bounds (NaN and infinite, not zero: a
// literal would claim a standard error of 0); WithSE and Bounded add
// them.
func NewFittedParam(name string, v float64) FittedParam {
	n := math.NaN()
	return FittedParam{Name: name, Value: v, SE: n, Lo: n, Hi: n, Min: math.Inf(-1), Max: math.Inf(1)}
}

// WithSE returns p with standard error se and the interval lo, hi at
// level.
func (p FittedParam) WithSE(se, lo, hi, level float64) FittedParam {
	p.SE, p.Lo, p.Hi, p.Level = se, lo, hi, level
	return p
}

// Bounded returns p with the domain (min, max) kept by transform t.
func (p FittedParam) Bounded(min, max float64, t Transform) FittedParam {
	p.Min, p.Max, p.Transform = min, max, t
	return p
}

// FindParam returns the parameter called name from ps, or an error that
// names the ones there are (what every result's Param method returns,
// prefixed with its package).
func FindParam(ps []FittedParam, name string) (FittedParam, error) {
	for _, p := range ps {
		if p.Name == name {
			return p, nil
		}
	}
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name
	}
	return FittedParam{}, fmt.Errorf("no parameter %q (parameters %s)", name, strings.Join(names, ", "))
}

// Values returns the values of ps in their order.
func Values(ps []FittedParam) []float64 {
	out := make([]float64, len(ps))
	for i, p := range ps {
		out[i] = p.Value
	}
	return out
}
