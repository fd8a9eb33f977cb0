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

// HuberNLL honours the run weights (Runs.w) like HuberObjective: a run stored once with
// weight k contributes exactly as k copies, to the value and to every
// component of the gradient (log sigma's too). Before the review of
// issue 13 it ignored W, while FitHuberLikelihood's refinement passed W
// to the theta step: a weighted likelihood fit mixed two objectives.
func TestHuberNLLWeightedEqualsRepeated(t *testing.T) {
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
	th := append(Besiroglu().ToTheta(), math.Log(0.03))
	g1, g2 := make([]float64, 6), make([]float64, 6)
	f1 := rep.HuberNLL(th, g1, DefaultDelta)
	f2 := w.HuberNLL(th, g2, DefaultDelta)
	if math.Abs(f1-f2) > 1e-12*math.Abs(f1) {
		t.Errorf("NLL %g (repeated) vs %g (weighted)", f1, f2)
	}
	for j := range g1 {
		if math.Abs(g1[j]-g2[j]) > 1e-10*math.Max(1e-12, math.Abs(g1[j])) {
			t.Errorf("grad %d: %g vs %g", j, g1[j], g2[j])
		}
	}
	// and a zero weight drops the run
	w.w = []float64{3, 0, 2, 1}
	rep2, _ := r.Resample([]int{0, 0, 0, 7, 7, 100})
	if a, b := w.HuberNLL(th, nil, DefaultDelta), rep2.HuberNLL(th, nil, DefaultDelta); math.Abs(a-b) > 1e-12*math.Abs(b) {
		t.Errorf("zero weight: %g vs %g", a, b)
	}
}
