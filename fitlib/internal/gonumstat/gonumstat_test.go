package gonumstat

import (
	"testing"

	"gonum.org/v1/gonum/optimize"

	"github.com/gophernote/gophernote/fitlib/fit"
)

// TestStatus: gonum's convergences map to converged statuses, its limits
// and failures to statuses that are not.
func TestStatus(t *testing.T) {
	for _, c := range []struct {
		in   optimize.Status
		want fit.Status
	}{
		{optimize.GradientThreshold, fit.StatusGradient},
		{optimize.FunctionConvergence, fit.StatusFunction},
		{optimize.MethodConverge, fit.StatusMethod},
		{optimize.StepConvergence, fit.StatusMethod},
		{optimize.FunctionThreshold, fit.StatusMethod},
		{optimize.Success, fit.StatusMethod},
		{optimize.IterationLimit, fit.StatusIterationLimit},
		{optimize.FunctionEvaluationLimit, fit.StatusEvaluationLimit},
		{optimize.GradientEvaluationLimit, fit.StatusEvaluationLimit},
		{optimize.HessianEvaluationLimit, fit.StatusEvaluationLimit},
		{optimize.RuntimeLimit, fit.StatusFailed},
		{optimize.Failure, fit.StatusFailed},
		{optimize.NotTerminated, fit.StatusFailed},
	} {
		if got := Status(c.in); got != c.want {
			t.Errorf("%v: %v, want %v", c.in, got, c.want)
		}
	}
}
