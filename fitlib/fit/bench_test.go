package fit

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
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
		t0 := time.Now()
		r, err := Fit(c.formulaProblem(b), Options{NoSE: true})
		if err != nil {
			b.Fatal(err)
		}
		ours := time.Since(t0).Seconds()
		out, err := exec.Command(py, "testdata/chinchilla_scipy.py", path).Output()
		if err != nil {
			b.Fatalf("scipy baseline: %v", err)
		}
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
		var secs [2]float64
		for k, pb := range []Problem{c.formulaProblem(b), c.handProblem()} {
			t0 := time.Now()
			r, err := Fit(pb, Options{NoSE: true})
			if err != nil {
				b.Fatal(err)
			}
			secs[k] = time.Since(t0).Seconds()
			if math.Abs(r.Objective-chinObjective) > 1e-6*chinObjective {
				b.Errorf("objective %.10g, want %.8g", r.Objective, chinObjective)
			}
		}
		fmt.Printf("BENCH formula-vs-handwritten gophernote-formula=%.3f handwritten=%.3f ratio=%.3f\n", secs[0], secs[1], secs[0]/secs[1])
	}
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
