package chinchilla

import (
	"math"
	"testing"
)

// A run stored once with weight k contributes exactly as k copies.
func TestWeightedEqualsRepeated(t *testing.T) {
	r := testRuns(t)
	rep, err := r.Resample([]int{0, 0, 0, 5, 7, 7, 100})
	if err != nil {
		t.Fatal(err)
	}
	w, err := r.Resample([]int{0, 5, 7, 100})
	if err != nil {
		t.Fatal(err)
	}
	w.w = []float64{3, 1, 2, 1}
	th := Besiroglu().ToTheta()
	g1, g2 := make([]float64, 5), make([]float64, 5)
	for _, mean := range []bool{false, true} {
		f1 := rep.HuberObjective(th, g1, DefaultDelta, mean)
		f2 := w.HuberObjective(th, g2, DefaultDelta, mean)
		if math.Abs(f1-f2) > 1e-14*math.Abs(f1) {
			t.Errorf("mean=%v: %g vs %g", mean, f1, f2)
		}
		for j := range g1 {
			if math.Abs(g1[j]-g2[j]) > 1e-12*math.Max(1e-12, math.Abs(g1[j])) {
				t.Errorf("grad %d: %g vs %g", j, g1[j], g2[j])
			}
		}
	}
}
