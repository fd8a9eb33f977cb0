package num

import (
	"math"
	"testing"
)

// GoldenMin finds the vertex of a parabola and of a convex, asymmetric
// function (to about sqrt(eps): f is flat to O(dx^2) at the minimum),
// honours maxSteps, and counts one
// evaluation per step.
func TestGoldenMin(t *testing.T) {
	calls := 0
	x := GoldenMin(func(x float64) float64 { calls++; return (x - 1.3) * (x - 1.3) }, -5, 10, 200, 1e-12)
	if math.Abs(x-1.3) > 1e-7 {
		t.Errorf("parabola: %g, want 1.3", x)
	}
	// exp(x) - 2x is convex with its minimum at log 2
	if x := GoldenMin(func(x float64) float64 { return math.Exp(x) - 2*x }, -3, 4, 200, 1e-12); math.Abs(x-math.Ln2) > 1e-7 {
		t.Errorf("exp(x) - 2x: %g, want log 2", x)
	}
	calls = 0
	GoldenMin(func(x float64) float64 { calls++; return x * x }, -1, 2, 10, 0)
	if calls != 12 {
		t.Errorf("10 steps made %d evaluations, want 12", calls)
	}
}
