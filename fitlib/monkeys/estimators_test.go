package monkeys

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gophernote/gophernote/fitlib/passk"
)

func pythia(t *testing.T) []passk.Counts {
	t.Helper()
	all, err := passk.ReadCounts("llmonkeys/pythia_math_per_problem_counts.csv", "model")
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 7 {
		t.Fatalf("want 7 Pythia models, got %d", len(all))
	}
	return all
}

// The discretized Beta fit reproduces the authors' printed fits (their code
// at 274d260, the default conventions; alpha, beta, scale):
// 70M 0.052845 1.911908 0.0346; 12B 0.254311 2.014420 0.2328.
// TestDiscretizedPrintedFits checks every model and both families.
func TestDiscretizedReference(t *testing.T) {
	all := pythia(t)
	for _, ref := range []struct {
		model        string
		a, b, s      float64
		tolA, tolB   float64
		wantUnsolved int
	}{
		{"Pythia 70M", 0.052845, 1.911908, 0.0346, 2e-6, 1e-4, 94},
		{"Pythia 12B", 0.254311, 2.014420, 0.2328, 2e-6, 1e-4, 16},
	} {
		c, err := passk.FindCounts(all, ref.model)
		if err != nil {
			t.Fatal(err)
		}
		f, err := FitDiscretized(c, FamilyBeta, DiscretizedOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(f.Alpha-ref.a) > ref.tolA || math.Abs(f.Beta-ref.b) > ref.tolB || f.Scale != ref.s {
			t.Errorf("%s: discretized Beta (%.6f, %.6f, %.4f), reference (%.6f, %.6f, %.4f)", ref.model, f.Alpha, f.Beta, f.Scale, ref.a, ref.b, ref.s)
		}
		if f.Counts[0] != ref.wantUnsolved || len(f.Edges) != 43 {
			t.Errorf("%s: %d problems in the zero bin (want %d), %d edges (want 43)", ref.model, f.Counts[0], ref.wantUnsolved, len(f.Edges))
		}
		if !f.Converged() || len(f.AtBound) > 0 {
			t.Errorf("%s: %s %v", ref.model, f.Reason, f.AtBound)
		}
	}
}

// Least squares on the real data uses exactly the pass@k the authors
// tabulated: our pass@k (CurveFirstSuccess) equals pythia_math_avg_pass_at_k.csv.
func TestPassAtKMatchesPublishedAverages(t *testing.T) {
	all := pythia(t)
	tb, err := readAvg("llmonkeys/pythia_math_avg_pass_at_k.csv")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		got, err := c.CurveFirstSuccess(PaperKs())
		if err != nil {
			t.Fatal(err)
		}
		for i, k := range PaperKs() {
			want := tb[c.Name][k]
			if math.Abs(got[i]-want) > 1e-12 {
				t.Fatalf("%s k=%d: %.15g vs published %.15g", c.Name, k, got[i], want)
			}
		}
	}
	bon, err := passk.ReadCounts("llmonkeys/bon_jailbreaking_text_per_problem_counts.csv", "model")
	if err != nil {
		t.Fatal(err)
	}
	tb, err = readAvg("llmonkeys/bon_jailbreaking_text_avg_pass_at_k.csv")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range bon {
		got, err := c.CurveFirstSuccess(PaperKs())
		if err != nil {
			t.Fatal(err)
		}
		for i, k := range PaperKs() {
			if want := tb[c.Name][k]; math.Abs(got[i]-want) > 1e-12 {
				t.Fatalf("%s k=%d: %.15g vs published %.15g", c.Name, k, got[i], want)
			}
		}
	}
}

// FitPowerLaw recovers an exact power law, and the least-squares route
// applied to the exact Beta(0.15, 3.5) curve over 101 log-spaced k in
// [1, 1e4] shows the finite-k bias: b ≈ 0.24 while alpha = 0.15.
func TestLeastSquaresExactAndBias(t *testing.T) {
	ks := LogKs(1, 1e4, 30)
	y := make([]float64, len(ks))
	for i, k := range ks {
		y[i] = 3.7 * math.Pow(k, -0.42)
	}
	f, err := FitPowerLaw(ks, y)
	if err != nil || math.Abs(f.A-3.7) > 1e-12 || math.Abs(f.B-0.42) > 1e-13 || math.Abs(f.R2-1) > 1e-12 {
		t.Fatalf("exact power law: %+v %v", f, err)
	}
	d := mustBeta(t, 0.15, 3.5, 1)
	ls, err := d.PowerLawLS(LogKs(1, 1e4, 101))
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(ls.B-0.2398) > 5e-4 {
		t.Errorf("least-squares b on exact Beta(0.15,3.5), k=1..1e4: %.5f, want ≈ 0.240", ls.B)
	}
	_, b, _ := d.Asymptote()
	if b != 0.15 {
		t.Fatal(b)
	}
	// The bias shrinks, slowly, as the k range moves out: k in [1e6, 1e10]
	// (F is still ~0.2 there, so -log(1-F) is not yet F).
	far, _ := d.PowerLawLS(LogKs(1e6, 1e10, 41))
	if !(far.B > 0.15) || far.B-0.15 > (ls.B-0.15)/10 {
		t.Errorf("far-k least squares b = %.5f, want → 0.15", far.B)
	}
	// Points with pass = 0 or 1 are dropped, not fitted as ±Inf.
	f, err = FitPowerLaw([]float64{1, 2, 3, 4}, []float64{math.Inf(1), 2, 1, 0})
	if err != nil || f.Dropped != 2 || math.Abs(f.B-math.Log(2)/math.Log(1.5)) > 1e-12 {
		t.Errorf("dropping: %+v %v", f, err)
	}
}

func TestCountsErrorsNameRow(t *testing.T) {
	for _, c := range []struct {
		ns, cs []int
		want   string
	}{
		{[]int{10, 10, 10}, []int{1, 11, 0}, "row 1: num_correct = 11 > num_samples = 10"},
		{[]int{10, 10}, []int{1, -2}, "row 1: num_correct = -2 is negative"},
		{[]int{10, 0}, []int{1, 0}, "row 1: num_samples = 0"},
		{[]int{10}, []int{1, 2}, "1 sample counts but 2 correct counts"},
	} {
		_, err := passk.NewCounts("m", c.ns, c.cs)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v %v: error %v, want %q", c.ns, c.cs, err, c.want)
		}
		bad := passk.Counts{Name: "m", N: c.ns, C: c.cs}
		if _, err := FitBetaBinomial(bad, MLEOptions{}); err == nil {
			t.Error("FitBetaBinomial accepted bad counts")
		}
		if _, err := FitKumaraswamyBinomial(bad, MLEOptions{}); err == nil {
			t.Error("FitKumaraswamyBinomial accepted bad counts")
		}
		if _, err := FitLeastSquares(bad, nil); err == nil {
			t.Error("LeastSquares accepted bad counts")
		}
		if _, err := FitDiscretized(bad, FamilyBeta, DiscretizedOptions{}); err == nil {
			t.Error("FitDiscretized accepted bad counts")
		}
	}
	zero, _ := passk.NewCounts("z", []int{5, 5}, []int{0, 0})
	if _, err := FitBetaBinomial(zero, MLEOptions{}); err == nil || !strings.Contains(err.Error(), "ever solved") {
		t.Errorf("all-zero counts: %v", err)
	}
	short, _ := passk.NewCounts("s", []int{5, 100}, []int{0, 3})
	if _, err := FitLeastSquares(short, []int{10}); err == nil || !strings.Contains(err.Error(), "row 0") {
		t.Errorf("k > n with c = 0 must name the row: %v", err)
	}
}

// A fit pushed to a bound says so: identical problems (no dispersion of p)
// drive the Beta-binomial towards a point mass, beta to its upper bound.
func TestMLEReportsBound(t *testing.T) {
	c, _ := passk.NewCounts("flat", []int{1000, 1000, 1000, 1000}, []int{100, 100, 100, 100})
	f, err := FitBetaBinomial(c, MLEOptions{Scale: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.AtBound) == 0 || !strings.Contains(f.AtBound[0], "upper bound 1000") || !strings.Contains(f.String(), "AT BOUND") {
		t.Errorf("bound not reported: %v", f)
	}
	if len(f.PerStart) != 2 || f.PerStart[0].Start[0] != 0.5 || math.Min(f.PerStart[0].Objective, f.PerStart[1].Objective) != f.Objective {
		t.Errorf("per-start records %+v do not match the fit (NLL %v)", f.PerStart, f.Objective)
	}
}

// With the scale fitted, a scaled Beta truth (alpha 0.4, beta 2, s 0.3;
// 512 problems × 1e4 samples, 3 seeds) is recovered: mean alpha within
// 0.05 and mean scale within 0.03 of the truth.
func TestFitScaleRecoversTruth(t *testing.T) {
	truth, _ := NewBeta(0.4, 2, 0.3)
	var sa, ss float64
	for seed := uint64(0); seed < 3; seed++ {
		c, err := Simulate(truth, 512, 10000, seed)
		if err != nil {
			t.Fatal(err)
		}
		f, err := FitBetaBinomial(c, MLEOptions{FitScale: true})
		if err != nil || !f.Converged() {
			t.Fatalf("%v %v", f, err)
		}
		if f.Scale < c.MaxPHat() {
			t.Errorf("fitted scale %v below max c/n %v", f.Scale, c.MaxPHat())
		}
		sa += f.Alpha / 3
		ss += f.Scale / 3
	}
	if math.Abs(sa-0.4) > 0.05 || math.Abs(ss-0.3) > 0.03 {
		t.Errorf("mean alpha %.4f (truth 0.4), mean scale %.4f (truth 0.3)", sa, ss)
	}
}

// Errors reading a counts file name file and line of the bad row.
func TestReadCountsBadRows(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ body, want string }{
		{"model,num_samples,num_correct\nm,10,3\nm,10,12\n", "(bad.csv:3): num_correct = 12 > num_samples = 10"},
		{"model,num_samples,num_correct\nm,10,3\nm,0,0\n", "(bad.csv:3): num_samples = 0"},
		{"model,num_samples,num_correct\nm,10,-1\n", "(bad.csv:2): num_correct = -1 is negative"},
		{"model,num_samples,num_correct\nm,10,x\n", "bad.csv:2:"},
	} {
		p := filepath.Join(dir, "bad.csv")
		if err := os.WriteFile(p, []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := passk.ReadCounts(p, "model")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.body, err, c.want)
		}
	}
}
