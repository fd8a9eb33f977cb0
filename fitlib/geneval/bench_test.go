package geneval

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// BenchmarkLawGrids prints
//
//	BENCH geneval-law-grids gophernote=<s> scipy=<s> ratio=<x>
//
// timing the fits of the three laws at every k of the GSM8K study (35
// fits, 14-26 starts each) with FitLaw against testdata/bench_scipy.py
// (scipy L-BFGS-B, analytic gradient, the same starts and observations),
// run side by side in the same invocation, and fails if any scipy best
// objective is more than 1e-6 relative below ours. Run:
// go test -run '^$' -bench LawGrids -benchtime 1x ./fitlib/geneval
func BenchmarkLawGrids(b *testing.B) {
	if err := exec.Command("/usr/bin/python3", "-c", "import scipy").Run(); err != nil {
		b.Skipf("no scipy for /usr/bin/python3 (install Debian's python3-scipy): %v", err)
	}
	bc, err := LoadPythia("gsm8k")
	if err != nil {
		b.Fatal(err)
	}
	gold, err := LoadGold(GSM8KGold)
	if err != nil {
		b.Fatal(err)
	}
	jobs := map[string][]benchJob{}
	var obs []*Observations
	for _, law := range Laws() {
		l, _ := lookupLaw(law)
		for _, k := range KGrid(10000) {
			o, err := Observe(bc, gold, law, k)
			if err != nil {
				b.Fatal(err)
			}
			if len(o.Y) < len(l.names)+2 {
				continue
			}
			var st [][]float64
			x1, x2 := o.columns()
			for _, th := range l.starts(x1, x2, o.Y) {
				st = append(st, public(th))
			}
			jobs[law.String()] = append(jobs[law.String()], benchJob{x1, x2, o.Y, st})
			obs = append(obs, o)
		}
	}
	spec := filepath.Join(b.TempDir(), "spec.json")
	raw, _ := json.Marshal(map[string]any{
		"compute": toPy(jobs["compute"]), "params_tokens": toPy(jobs["params_tokens"]), "gold_reference": toPy(jobs["gold_reference"]),
	})
	if err := os.WriteFile(spec, raw, 0o644); err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		ours := map[string][]float64{}
		for _, o := range obs {
			f, err := o.Fit()
			if err != nil {
				b.Fatal(err)
			}
			ours[o.Law.String()] = append(ours[o.Law.String()], f.Objective)
		}
		goSec := time.Since(t0).Seconds()
		cmd := exec.Command("/usr/bin/python3", "testdata/bench_scipy.py", spec)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			b.Fatalf("scipy baseline: %v\n%s", err, stderr.String())
		}
		var py struct {
			Seconds    float64              `json:"seconds"`
			Objectives map[string][]float64 `json:"objectives"`
		}
		if err := json.Unmarshal(out, &py); err != nil {
			b.Fatal(err)
		}
		for law, v := range py.Objectives {
			for j, s := range v {
				if s < ours[law][j]*(1-1e-6) {
					b.Errorf("%s fit %d: scipy objective %.10g below ours %.10g", law, j, s, ours[law][j])
				}
			}
		}
		fmt.Printf("BENCH geneval-law-grids gophernote=%.3f scipy=%.3f ratio=%.4f\n", goSec, py.Seconds, goSec/py.Seconds)
	}
}

// benchJob is one fit of the benchmark: observations and starts.
type benchJob struct {
	X1, X2, Y []float64
	Starts    [][]float64
}

// toPy turns jobs into the JSON the baseline reads (x2 defaults to x1).
func toPy(js []benchJob) []map[string]any {
	var out []map[string]any
	for _, j := range js {
		x2 := j.X2
		if x2 == nil {
			x2 = j.X1
		}
		out = append(out, map[string]any{"x1": j.X1, "x2": x2, "y": j.Y, "starts": j.Starts})
	}
	return out
}
