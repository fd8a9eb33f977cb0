package chinchilla

import (
	"github.com/gophernote/gophernote/fitlib/fit"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

var (
	runsOnce sync.Once
	runs240  *Runs
	runsErr  error
	gridOnce sync.Once
	gridRes  *LawFit
	gridErr  error
)

func testRuns(t *testing.T) *Runs {
	t.Helper()
	runsOnce.Do(func() { runs240, runsErr = LoadRuns(5) })
	if runsErr != nil {
		t.Fatal(runsErr)
	}
	return runs240
}

func testGrid(t *testing.T) *LawFit {
	t.Helper()
	r := testRuns(t)
	gridOnce.Do(func() { gridRes, gridErr = FitGrid(r, FitOptions{}) })
	if gridErr != nil {
		t.Fatal(gridErr)
	}
	return gridRes
}

// paperBoot are the bootstrap options of Besiroglu et al. (2024): every
// resample fitted from Hoffmann et al.'s unrounded estimates.
func paperBoot(o BootstrapOptions) BootstrapOptions {
	o.Start = HoffmannUnrounded().ToTheta()
	return o
}

// besFit is a fit at Besiroglu et al.'s published estimates, for tests
// that need a LawFit without running the 4,500-start grid.
func besFit() *LawFit {
	return &LawFit{Params: Besiroglu(), Theta: Besiroglu().ToTheta()}
}

func within(t *testing.T, name string, got, want, rel float64) {
	t.Helper()
	if math.Abs(got-want) > rel*math.Abs(want) {
		t.Errorf("%s = %.6g, want %.6g within %.2g relative", name, got, want, rel)
	}
}

func TestLoadRuns(t *testing.T) {
	r := testRuns(t)
	if r.Len() != 240 {
		t.Fatalf("%d runs, want 240 (245 minus the 5 highest losses)", r.Len())
	}
	for i := range r.N {
		if math.Abs(r.C[i]-6*r.N[i]*r.D[i]) > 1e-9*r.C[i] {
			t.Fatalf("run %d: C != 6ND", i)
		}
		if r.Loss[i] >= 3.7 {
			// the five dropped runs have losses above 3.7 (4.0-5.0 at the
			// 1e19 budget); every kept one is below
			t.Errorf("run %d kept with loss %g", i, r.Loss[i])
		}
	}
}

// TestGridFitBesiroglu reproduces Besiroglu et al. (2024), sect. 2 and the
// data README: objective 1.0182740e-3 and A 477.8, B 2143, E 1.8172,
// alpha 0.3473, beta 0.3672 from their 4,500-start grid.
func TestGridFitBesiroglu(t *testing.T) {
	res := testGrid(t)
	if res.Starts != 4500 {
		t.Errorf("starts = %d, want 4500", res.Starts)
	}
	within(t, "objective", res.Objective, 1.0182740e-3, 1e-6)
	within(t, "A", res.Params.A, 477.8, 0.005)
	within(t, "B", res.Params.B, 2143, 0.005)
	within(t, "E", res.Params.E, 1.8172, 0.005)
	within(t, "alpha", res.Params.Alpha, 0.3473, 0.005)
	within(t, "beta", res.Params.Beta, 0.3672, 0.005)
	// the engine stops on scipy's relative-reduction rule; the gradient
	// there is small on the scale of the objective's curvature
	if !res.Converged() || res.GradNorm > 1e-4 {
		t.Errorf("best start not converged: %s, |grad| %g", res.Reason, res.GradNorm)
	}
}

// TestHuberLikelihood reproduces the likelihood fit with a learned scale
// of Besiroglu et al. (2024), Table 1: A 482.01, B 2085.43, E 1.817,
// alpha 0.3478, beta 0.3658.
func TestHuberLikelihood(t *testing.T) {
	r := testRuns(t)
	res, err := FitHuberLikelihood(r, FitOptions{Starts: [][]float64{HoffmannUnrounded().ToTheta(), testGrid(t).Theta}})
	if err != nil {
		t.Fatal(err)
	}
	within(t, "A", res.Params.A, 482.0, 0.05)
	within(t, "B", res.Params.B, 2085, 0.05)
	within(t, "E", res.Params.E, 1.817, 0.005)
	within(t, "alpha", res.Params.Alpha, 0.3478, 0.005)
	within(t, "beta", res.Params.Beta, 0.3658, 0.005)
	if !(res.Sigma > 0) {
		t.Errorf("sigma = %g", res.Sigma)
	}
	// the likelihood objective is the profile of the Huber sum: at the
	// optimum no nearby sigma does better
	for _, k := range []float64{0.9, 1.1} {
		th := append([]float64(nil), res.Theta...)
		th[5] += math.Log(k)
		if f := r.HuberNLL(th, nil, DefaultDelta); f < res.Objective {
			t.Errorf("sigma x %g gives NLL %g < optimum %g", k, f, res.Objective)
		}
	}
}

// TestGradients checks both analytic gradients against central finite
// differences at random points.
func TestGradients(t *testing.T) {
	r := testRuns(t)
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 20; trial++ {
		th := []float64{4 + 4*rng.Float64(), 4 + 4*rng.Float64(), 0.5 * rng.Float64(), 0.2 + 0.3*rng.Float64(), 0.2 + 0.3*rng.Float64(), math.Log(1e-3 + rng.Float64())}
		for _, which := range []string{"sum", "mean", "nll"} {
			dim := 5
			f := func(x, g []float64) float64 { return r.HuberObjective(x, g, DefaultDelta, which == "mean") }
			if which == "nll" {
				dim = 6
				f = func(x, g []float64) float64 { return r.HuberNLL(x, g, 0.5) }
			}
			x := th[:dim]
			g := make([]float64, dim)
			f(x, g)
			for j := 0; j < dim; j++ {
				h := 1e-6
				xp := append([]float64(nil), x...)
				xm := append([]float64(nil), x...)
				xp[j] += h
				xm[j] -= h
				num := (f(xp, nil) - f(xm, nil)) / (2 * h)
				if math.Abs(num-g[j]) > 1e-5*math.Max(1, math.Abs(num)) {
					t.Errorf("%s trial %d d/dθ%d: analytic %g, numeric %g", which, trial, j, g[j], num)
				}
			}
		}
	}
}

// TestHuberLogNorm integrates exp(-Huber_delta(x)) numerically (Simpson on
// the core and on each tail out to where it is below e^-60).
func TestHuberLogNorm(t *testing.T) {
	for _, delta := range []float64{1e-3, 0.1, 1, 1.345, 3} {
		f := func(x float64) float64 { h, _ := huber(x, delta); return math.Exp(-h) }
		simpson := func(a, b float64, n int) float64 {
			hh := (b - a) / float64(n)
			s := f(a) + f(b)
			for i := 1; i < n; i++ {
				w := 2.0
				if i%2 == 1 {
					w = 4
				}
				s += w * f(a+float64(i)*hh)
			}
			return s * hh / 3
		}
		end := delta + 60/delta
		z := simpson(-delta, delta, 2000) + 2*simpson(delta, end, 200000)
		within(t, "Z", math.Exp(fit.HuberLogNorm(delta)), z, 1e-8)
	}
}

func TestBesirogluGrid(t *testing.T) {
	g := BesirogluGrid()
	if len(g) != 4500 {
		t.Fatalf("%d starts", len(g))
	}
	seen := map[[5]float64]bool{}
	for _, s := range g {
		var k [5]float64
		copy(k[:], s)
		seen[k] = true
		if s[0] < 0 || s[0] > 25 || s[2] < -1 || s[2] > 1 || s[3] > 2 || s[4] > 2 {
			t.Fatalf("start %v outside the grid", s)
		}
	}
	if len(seen) != 4500 {
		t.Fatalf("%d distinct starts", len(seen))
	}
}

// TestMeanPitfall: with gonum's gradient-based stop, sum and mean agree;
// with an absolute one-step decrease test (gonum emulation, and the fit
// engine's scipy rules) the fit stops near Hoffmann's start — for the mean
// within a few iterations — as scipy's L-BFGS-B does
// (testdata/mean_pitfall_scipy.py measured f_sum = 1.1632692e-3 for the sum).
func TestMeanPitfall(t *testing.T) {
	rows, err := MeanPitfall(testRuns(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 6 {
		t.Fatalf("%d rows", len(rows))
	}
	within(t, "sum, default stop", rows[0].SumHuber, 1.0182740e-3, 1e-6)
	within(t, "mean, default stop", rows[3].SumHuber, 1.0182740e-3, 1e-6)
	within(t, "mean alpha", rows[3].Params.Alpha, rows[0].Params.Alpha, 1e-6)
	within(t, "sum, absolute stop (scipy measured)", rows[1].SumHuber, 1.1632692e-3, 1e-5)
	for _, i := range []int{1, 2, 4, 5} {
		if rows[i].SumHuber < 1.1*rows[0].SumHuber || math.Abs(rows[i].Params.Alpha-0.339) > 0.002 {
			t.Errorf("row %d (%s %s) reached f %g alpha %g: expected an early stop near the start", i, rows[i].Reduction, rows[i].Stopping, rows[i].SumHuber, rows[i].Params.Alpha)
		}
	}
	if rows[4].Iterations >= rows[1].Iterations || rows[5].Iterations >= rows[2].Iterations {
		t.Errorf("mean should stop earlier than sum: %d vs %d, %d vs %d", rows[4].Iterations, rows[1].Iterations, rows[5].Iterations, rows[2].Iterations)
	}
}

func TestBootstrapIntervals(t *testing.T) {
	r := testRuns(t)
	last := 0
	b, err := Bootstrap(r, testGrid(t), paperBoot(BootstrapOptions{Resamples: 4000, Seed: 1, Progress: func(done, total int) {
		if done <= last || total != 4000 {
			t.Errorf("progress %d/%d after %d", done, total, last)
		}
		last = done
	}}))
	if err != nil {
		t.Fatal(err)
	}
	if last != 4000 {
		t.Errorf("progress ended at %d, want 4000", last)
	}
	// Besiroglu et al. (2024), Table 1: alpha (0.317, 0.373), beta (0.331, 0.415)
	want := [][]float64{{0.317, 0.373}, {0.331, 0.415}}
	got := [][]float64{{b.Lo[3], b.Hi[3]}, {b.Lo[4], b.Hi[4]}}
	for i := range want {
		for j := range want[i] {
			if math.Abs(got[i][j]-want[i][j]) > 0.01 {
				t.Errorf("interval %d bound %d = %.4f, want %.3f ± 0.01", i, j, got[i][j], want[i][j])
			}
		}
	}
	if b.Failed > 40 {
		t.Errorf("%d of 4000 resample fits did not converge", b.Failed)
	}
}

func TestBootstrapDeterministic(t *testing.T) {
	r := testRuns(t)
	a, err := Bootstrap(r, besFit(), BootstrapOptions{Resamples: 50, Seed: 7, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Bootstrap(r, besFit(), BootstrapOptions{Resamples: 50, Seed: 7, Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Samples {
		if a.Samples[i][3] != b.Samples[i][3] || a.Samples[i][4] != b.Samples[i][4] {
			t.Fatalf("resample %d differs with worker count", i)
		}
	}
}

func TestErrors(t *testing.T) {
	if _, err := FitGrid(&Runs{N: []float64{1, 2}, D: []float64{1, 2}, Loss: []float64{1, -3}}, FitOptions{}); err == nil || !strings.Contains(err.Error(), "run 1") {
		t.Errorf("negative loss: %v", err)
	}
	if _, err := FitGrid(&Runs{N: []float64{1}, D: []float64{1, 2}, Loss: []float64{1}}, FitOptions{}); err == nil {
		t.Error("length mismatch accepted")
	}
	if _, err := FitGrid(nil, FitOptions{}); err == nil {
		t.Error("nil runs accepted")
	}
	r := testRuns(t)
	if _, err := FitGrid(r, FitOptions{Starts: [][]float64{{1, 2, 3}}}); err == nil || !strings.Contains(err.Error(), "start 0") {
		t.Errorf("short start: %v", err)
	}
	if _, err := FitGrid(r, FitOptions{Starts: [][]float64{{1, 2, math.NaN(), 0, 0}}}); err == nil {
		t.Error("NaN start accepted")
	}
	if v := r.HuberObjective([]float64{1, 2}, nil, DefaultDelta, false); !math.IsNaN(v) {
		t.Errorf("short theta gave %g", v)
	}
	if v := r.HuberNLL(make([]float64, 6), make([]float64, 2), DefaultDelta); !math.IsNaN(v) {
		t.Errorf("short gradient gave %g", v)
	}
	if err := FromTheta(nil).Validate(); err == nil {
		t.Error("FromTheta(nil) validated")
	}
	if _, err := Summary(&LawFit{}, &LawFit{}, &BootstrapResult{}, Besiroglu(), nil); err == nil {
		t.Error("empty summary inputs accepted")
	}
	if _, err := Bootstrap(r, besFit(), BootstrapOptions{Resamples: -1}); err == nil {
		t.Error("negative resamples accepted")
	}
	if _, err := Bootstrap(r, nil, BootstrapOptions{}); err == nil {
		t.Error("a bootstrap without its fit accepted")
	}
}

// TestBootstrapStart compares the two starts of the resample fits on the
// 240 runs, 1,000 resamples each: from the grid fit's optimum (the
// default) and from Hoffmann et al.'s unrounded estimates (Besiroglu et
// al.'s choice). The percentile intervals of alpha and beta agree to
// 1e-4 (measured; the test allows 1e-3), so the default reproduces the paper's intervals while starting
// where a bootstrap should, at the estimate it resamples around.
func TestBootstrapStart(t *testing.T) {
	if testing.Short() {
		t.Skip("two 1,000-resample bootstraps")
	}
	r := testRuns(t)
	g := testGrid(t)
	def, err := Bootstrap(r, g, BootstrapOptions{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	paper, err := Bootstrap(r, g, paperBoot(BootstrapOptions{Seed: 5}))
	if err != nil {
		t.Fatal(err)
	}
	if def.Resamples != 1000 {
		t.Errorf("default resamples %d, want 1000", def.Resamples)
	}
	for _, j := range []int{3, 4} {
		t.Logf("%s: grid start [%.4f, %.4f], Hoffmann start [%.4f, %.4f]; failed %d vs %d", def.Names[j], def.Lo[j], def.Hi[j], paper.Lo[j], paper.Hi[j], def.Failed, paper.Failed)
		if math.Abs(def.Lo[j]-paper.Lo[j]) > 1e-3 || math.Abs(def.Hi[j]-paper.Hi[j]) > 1e-3 {
			t.Errorf("%s: grid start [%.4f, %.4f], Hoffmann start [%.4f, %.4f]", def.Names[j], def.Lo[j], def.Hi[j], paper.Lo[j], paper.Hi[j])
		}
	}
}
