package frontier

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
	"time"
)

// TestBenchFrontierFit (GOPHERNOTE_BENCH=1) times the full continuation fit
// (multi-start grid + random starts, eight stages; no standard errors) on
// BBH from the
// 5,679-row leaderboard file against testdata/scipy_frontier.py, the same
// recipe with scipy SLSQP from the same starts, and prints
//
//	BENCH frontier-fit gophernote=<s> scipy=<s> ratio=<x>
//
// Both timings exclude reading the data and are medians of 5 runs, the
// two alternating so that they share the machine's load. It also checks
// that both reach the same objective.
func TestBenchFrontierFit(t *testing.T) {
	if os.Getenv("GOPHERNOTE_BENCH") != "1" {
		t.Skip("benchmark: set GOPHERNOTE_BENCH=1")
	}
	pts, err := LoadLeaderboard("BBH")
	if err != nil {
		t.Fatal(err)
	}
	opt, err := Options{Task: "BBH", SE: SENone}.filled()
	if err != nil {
		t.Fatal(err)
	}
	// The same starts, in scipy's natural parameterisation with the
	// predictor c + b (z - zref).
	obj := newSigmoidObjective(pts.Z, pts.Y, nil)
	obj.configure(opt)
	zref := obj.zref
	zc := make([]float64, len(pts.Z))
	for i, v := range pts.Z {
		zc[i] = v - zref
	}
	var starts [][4]float64
	for _, s := range startGrid(pts.Z, pts.Y, opt) {
		starts = append(starts, [4]float64{s.Y0, s.L, s.A + s.B*zref, s.B})
	}
	var stages [][2]float64
	for _, s := range opt.Stages {
		stages = append(stages, [2]float64{s.Tau, s.Kappa})
	}
	in, _ := json.Marshal(map[string]any{"z": zc, "y": pts.Y, "starts": starts, "stages": stages,
		"lambda": *opt.Lambda, "mean": opt.Mean, "intercept": obj.intercept, "dpen": obj.dpen, "repeats": 1})
	f := filepath.Join(t.TempDir(), "bbh.json")
	if err := os.WriteFile(f, in, 0o644); err != nil {
		t.Fatal(err)
	}
	var py struct {
		Seconds   float64
		Objective float64
		Params    []float64
	}
	// Alternate the two so that both see the same machine load; medians of 5.
	const repeats = 5
	var goT, pyT []float64
	var res *Result
	for r := 0; r < repeats; r++ {
		t0 := time.Now()
		res, err = Fit(pts.Z, pts.Y, opt)
		if err != nil {
			t.Fatal(err)
		}
		goT = append(goT, time.Since(t0).Seconds())
		out, err := exec.Command("/usr/bin/python3", "testdata/scipy_frontier.py", f).Output()
		if err != nil {
			t.Fatalf("scipy baseline: %v", err)
		}
		if err := json.Unmarshal(out, &py); err != nil {
			t.Fatalf("scipy output %q: %v", out, err)
		}
		pyT = append(pyT, py.Seconds)
	}
	sort.Float64s(goT)
	sort.Float64s(pyT)
	goSec, pySec := goT[repeats/2], pyT[repeats/2]
	t.Logf("objective gophernote %.10g scipy %.10g; params %+v scipy %v", res.Objective, py.Objective, res.Params, py.Params)
	if res.Objective > py.Objective+1e-7 {
		t.Errorf("gophernote objective %.10g worse than scipy's %.10g", res.Objective, py.Objective)
	}
	fmt.Printf("BENCH frontier-fit gophernote=%.4f scipy=%.4f ratio=%.3f\n", goSec, pySec, goSec/pySec)
}
