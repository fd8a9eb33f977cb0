package fit

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/gophernote/gophernote/fitlib/data"
)

// BenchmarkChinchillaGridFit prints
//
//	BENCH chinchilla-grid-fit gophernote=<s> scipy=<s> ratio=<x>
//
// comparing the full 4,500-start Besiroglu et al. recipe with this engine
// (law as a formula, the product path) against testdata/chinchilla_scipy.py
// (scipy L-BFGS-B with an analytic gradient, Debian's python3-scipy), run
// side by side in the same invocation. Both must reach the published
// optimum. Run: go test -run '^$' -bench ChinchillaGridFit -benchtime 1x ./fitlib/fit
func BenchmarkChinchillaGridFit(b *testing.B) {
	c := loadChinchilla(b)
	path, _ := data.Path("chinchilla/svg_extracted_data.csv")
	py := os.Getenv("PYTHON")
	if py == "" {
		py = "/usr/bin/python3"
	}
	if err := exec.Command(py, "-c", "import scipy").Run(); err != nil {
		b.Skipf("no scipy for %s (install Debian's python3-scipy): %v", py, err)
	}
	for i := 0; i < b.N; i++ {
		t0, c0 := time.Now(), cpuSeconds()
		// scipy's stopping rule (relative to max(|f|, 1)), as the baseline
		r, err := Fit(c.formulaProblem(b), Options{SE: SENone, ScipyFTol: true})
		if err != nil {
			b.Fatal(err)
		}
		ours, oursCPU := time.Since(t0).Seconds(), cpuSeconds()-c0
		cmd := exec.Command(py, "testdata/chinchilla_scipy.py", path)
		out, err := cmd.Output()
		if err != nil {
			b.Fatalf("scipy baseline: %v", err)
		}
		pyCPU := (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
		var sp struct {
			Seconds   float64
			Objective float64
		}
		if err := json.Unmarshal(out, &sp); err != nil {
			b.Fatalf("scipy baseline output %q: %v", out, err)
		}
		for name, v := range map[string]float64{"gophernote": r.Objective, "scipy": sp.Objective} {
			if math.Abs(v-chinObjective) > 1e-6*chinObjective {
				b.Errorf("%s objective %.10g, want %.8g", name, v, chinObjective)
			}
		}
		fmt.Printf("BENCH chinchilla-grid-fit gophernote=%.3f scipy=%.3f ratio=%.4f\n", ours, sp.Seconds, ours/sp.Seconds)
		// CPU seconds (ours summed over GOMAXPROCS workers; scipy's
		// process includes interpreter start-up and data loading), less
		// sensitive than wall time to other load on a shared machine.
		fmt.Printf("BENCH chinchilla-grid-fit-cpu gophernote=%.3f scipy=%.3f ratio=%.4f workers=%d\n", oursCPU, pyCPU, oursCPU/pyCPU, runtime.GOMAXPROCS(0))
	}
}

// BenchmarkFormulaVsHandwritten prints
//
//	BENCH formula-vs-handwritten gophernote-formula=<s> handwritten=<s> ratio=<x>
//
// for the same 4,500-start grid fit with the law as a formula and as a
// hand-written fused Go objective. Run:
// go test -run '^$' -bench FormulaVsHandwritten -benchtime 1x ./fitlib/fit
func BenchmarkFormulaVsHandwritten(b *testing.B) {
	c := loadChinchilla(b)
	for i := 0; i < b.N; i++ {
		var secs, cpu [2]float64
		for k, pb := range []Problem{c.formulaProblem(b), c.handProblem()} {
			t0, c0 := time.Now(), cpuSeconds()
			r, err := Fit(pb, Options{SE: SENone})
			if err != nil {
				b.Fatal(err)
			}
			secs[k], cpu[k] = time.Since(t0).Seconds(), cpuSeconds()-c0
			if math.Abs(r.Objective-chinObjective) > 1e-6*chinObjective {
				b.Errorf("objective %.10g, want %.8g", r.Objective, chinObjective)
			}
		}
		fmt.Printf("BENCH formula-vs-handwritten gophernote-formula=%.3f handwritten=%.3f ratio=%.3f\n", secs[0], secs[1], secs[0]/secs[1])
		fmt.Printf("BENCH formula-vs-handwritten-cpu gophernote-formula=%.3f handwritten=%.3f ratio=%.3f\n", cpu[0], cpu[1], cpu[0]/cpu[1])
	}
}

// cpuSeconds is the user+system CPU time of this process so far.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return math.NaN()
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// BenchmarkObjectiveChinchilla times one value+gradient evaluation of the
// Huber objective on the 240 rows, formula and hand-written.
func BenchmarkObjectiveChinchilla(b *testing.B) {
	c := loadChinchilla(b)
	for _, tc := range []struct {
		name string
		pb   Problem
	}{{"formula", c.formulaProblem(b)}, {"handwritten", c.handProblem()}} {
		b.Run(tc.name, func(b *testing.B) {
			pr, err := prepare(&tc.pb)
			if err != nil {
				b.Fatal(err)
			}
			wk := newWorker(pr)
			z := []float64{6, 0.3, 7, 0.35, 0.5}
			g := make([]float64, 5)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				wk.eval(z, g)
			}
		})
	}
}

// BenchmarkEngineVsGonumLBFGS prints
//
//	BENCH lbfgs-engine-vs-gonum engine=<s> gonum=<s> ratio=<x> (and a -cpu line)
//
// for the 4,500-start Chinchilla grid (formula law) with the engine's own
// L-BFGS and with gonum's optimize.LBFGS under the same stopping rules.
func BenchmarkEngineVsGonumLBFGS(b *testing.B) {
	c := loadChinchilla(b)
	for i := 0; i < b.N; i++ {
		var secs, cpu [2]float64
		var evals [2]int
		for k, m := range []Method{LBFGS, GonumLBFGS} {
			t0, c0 := time.Now(), cpuSeconds()
			r, err := Fit(c.formulaProblem(b), Options{SE: SENone, Method: m})
			if err != nil {
				b.Fatal(err)
			}
			secs[k], cpu[k], evals[k] = time.Since(t0).Seconds(), cpuSeconds()-c0, r.TotalEvaluations
			if math.Abs(r.Objective-chinObjective) > 1e-6*chinObjective {
				b.Errorf("%v: objective %.10g, want %.8g", m, r.Objective, chinObjective)
			}
		}
		fmt.Printf("BENCH lbfgs-engine-vs-gonum engine=%.3f gonum=%.3f ratio=%.3f evals=%d/%d\n", secs[0], secs[1], secs[0]/secs[1], evals[0], evals[1])
		fmt.Printf("BENCH lbfgs-engine-vs-gonum-cpu engine=%.3f gonum=%.3f ratio=%.3f\n", cpu[0], cpu[1], cpu[0]/cpu[1])
	}
}

// BenchmarkVPvsGrid prints
//
//	BENCH vpnls-vs-grid vp=<s> grid=<s> ratio=<x> ...
//
// for the Chinchilla fit (Besiroglu et al. recipe, Huber 1e-3 of log
// residuals) by variable projection over (alpha, beta) — 25 exponent
// starts screened by the profile objective to the best 5 — against the
// 4,500-start grid fit of the log-form law, same engine and stopping
// rules, run side by side; both must reach the published optimum. A second
// line times VP refining all 25 starts. The condition numbers are those of
// the curvature at the optimum: the 5-parameter log-form problem the grid
// fit solves, the 5-parameter natural form, and the 2x2 profile (Schur
// complement) VP solves. Run:
// go test -run '^$' -bench VPvsGrid -benchtime 1x ./fitlib/fit
func BenchmarkVPvsGrid(b *testing.B) {
	c := loadChinchilla(b)
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		vp, err := Fit(c.naturalProblem(b), Options{Method: VarPro, Screen: 5})
		if err != nil {
			b.Fatal(err)
		}
		tvp := time.Since(t0).Seconds()
		t0 = time.Now()
		vpAll, err := Fit(c.naturalProblem(b), Options{Method: VarPro})
		if err != nil {
			b.Fatal(err)
		}
		tall := time.Since(t0).Seconds()
		t0 = time.Now()
		grid, err := Fit(c.formulaProblem(b), Options{})
		if err != nil {
			b.Fatal(err)
		}
		tgrid := time.Since(t0).Seconds()
		for name, v := range map[string]float64{"vp": vp.Objective, "vp-all": vpAll.Objective, "grid": grid.Objective} {
			if math.Abs(v-chinObjective) > 1e-6*chinObjective {
				b.Errorf("%s objective %.10g, want %.8g", name, v, chinObjective)
			}
		}
		logForm, _ := conditioning(b, c.formulaProblem(b), grid, nil)
		natural, reduced := conditioning(b, c.naturalProblem(b), vp, []string{"E", "A", "B"})
		fmt.Printf("BENCH vpnls-vs-grid vp=%.3f grid=%.3f ratio=%.4f evals=%d/%d cond_logform=%.3g cond_natural=%.3g cond_vp=%.3g\n",
			tvp, tgrid, tvp/tgrid, vp.TotalEvaluations, grid.TotalEvaluations, logForm, natural, reduced)
		fmt.Printf("BENCH vpnls-all-starts-vs-grid vp=%.3f grid=%.3f ratio=%.4f evals=%d/%d\n", tall, tgrid, tall/tgrid, vpAll.TotalEvaluations, grid.TotalEvaluations)
	}
}
