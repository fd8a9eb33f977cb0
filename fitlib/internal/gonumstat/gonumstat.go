// Package gonumstat maps the status of a gonum optimize.Minimize run to
// fitlib's fit.Status, for the fits of the paper packages that drive
// gonum directly (fit.Fit maps its own). It is internal: users meet only
// fit.Status.
package gonumstat

import (
	"gonum.org/v1/gonum/optimize"

	"github.com/gophernote/gophernote/fitlib/fit"
)

// Status is fit's status for gonum's status s. Gradient and function
// convergence map to StatusGradient and StatusFunction, gonum's other
// convergences (MethodConverge, StepConvergence, FunctionThreshold,
// Success) to StatusMethod, the limits to StatusIterationLimit and
// StatusEvaluationLimit, and the rest (Failure, NotTerminated,
// RuntimeLimit) to StatusFailed.
func Status(s optimize.Status) fit.Status {
	switch s {
	case optimize.GradientThreshold:
		return fit.StatusGradient
	case optimize.FunctionConvergence:
		return fit.StatusFunction
	case optimize.MethodConverge, optimize.StepConvergence, optimize.FunctionThreshold, optimize.Success:
		return fit.StatusMethod
	case optimize.IterationLimit:
		return fit.StatusIterationLimit
	case optimize.FunctionEvaluationLimit, optimize.GradientEvaluationLimit, optimize.HessianEvaluationLimit:
		return fit.StatusEvaluationLimit
	}
	return fit.StatusFailed
}
