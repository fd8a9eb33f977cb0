package frontier

import (
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// scipyGolden is testdata/paper_objective_scipy.json: per task, scipy's
// L-BFGS-B minimum of the paper's objective (testdata/
// scipy_paper_objective.py) from the authors' legacy fitter's own start
// and from this package's optimum.
type scipyRun struct {
	Objective float64   `json:"objective"`
	Params    []float64 `json:"params"`
	Success   bool      `json:"success"`
	Message   string    `json:"message"`
}

type scipyGolden struct {
	Generated string `json:"_generated"`
	Tasks     map[string]struct {
		LegacyStart  scipyRun `json:"legacy_start"`
		GoOptimum    scipyRun `json:"go_optimum"`
		LegacyFitter scipyRun `json:"legacy_fitter"`
	} `json:"tasks"`
}

const scipyGoldenFile = "testdata/paper_objective_scipy.json"

// TestPaperObjectiveMatchesScipy: PaperOptions minimises the paper's
// objective (summed smoothed pinball at kappa 50 plus 1e-3 (a^2 + b^2),
// z = log10 FLOPs) as written independently in numpy: on each of the six
// leaderboard tasks the fit's objective is no higher than scipy's minimum
// from the authors' legacy start (and than scipy's polish of our optimum)
// by more than 1e-7 relative, and the two frontiers agree within 1e-3 over
// the data's compute range (scipy's parameterization keeps y0 > 0 and
// y0 + L < 1 - 1e-6 strictly, so it stops a hair inside the boundary our
// fits reach). GOPHERNOTE_SCIPY=1 reruns scipy (needs /usr/bin/python3 with
// scipy) and rewrites the golden file.
func TestPaperObjectiveMatchesScipy(t *testing.T) {
	regen := os.Getenv("GOPHERNOTE_SCIPY") == "1"
	golden := scipyGolden{Generated: "by TestPaperObjectiveMatchesScipy with GOPHERNOTE_SCIPY=1 (testdata/scipy_paper_objective.py); do not edit",
		Tasks: map[string]struct {
			LegacyStart  scipyRun `json:"legacy_start"`
			GoOptimum    scipyRun `json:"go_optimum"`
			LegacyFitter scipyRun `json:"legacy_fitter"`
		}{}}
	if !regen {
		b, err := os.ReadFile(scipyGoldenFile)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &golden); err != nil {
			t.Fatal(err)
		}
	}
	for _, task := range Tasks() {
		pts, err := LoadTask(task)
		if err != nil {
			t.Fatal(err)
		}
		o := PaperOptions()
		o.SE = SENone
		r, err := Fit(pts.Z, pts.Y, o)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Converged() {
			t.Errorf("%s: not converged: %s", task, r.Reason)
		}
		// The objective as defined, summed here directly.
		p := r.Params
		f := 1e-3 * (p.A*p.A + p.B*p.B)
		for i, z := range pts.Z {
			f += SmoothedPinball(pts.Y[i]-p.At(z), 0.98, 50)
		}
		if math.Abs(f-r.Objective) > 1e-9*f {
			t.Errorf("%s: Result.Objective %.12g, the paper's objective at the fit %.12g", task, r.Objective, f)
		}
		if regen {
			in, _ := json.Marshal(map[string]any{"z": pts.Z, "y": pts.Y, "tau": 0.98, "kappa": 50.0, "lam": 1e-3,
				"start": []float64{p.Y0, p.L, p.A, p.B}})
			fn := filepath.Join(t.TempDir(), "in.json")
			if err := os.WriteFile(fn, in, 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command("/usr/bin/python3", "testdata/scipy_paper_objective.py", fn).Output()
			if err != nil {
				t.Fatalf("%s: scipy: %v", task, err)
			}
			var g struct {
				LegacyStart  scipyRun `json:"legacy_start"`
				GoOptimum    scipyRun `json:"go_optimum"`
				LegacyFitter scipyRun `json:"legacy_fitter"`
			}
			if err := json.Unmarshal(out, &g); err != nil {
				t.Fatal(err)
			}
			golden.Tasks[task] = g
		}
		g, ok := golden.Tasks[task]
		if !ok {
			t.Fatalf("%s: not in %s", task, scipyGoldenFile)
		}
		lo, hi := zRange(pts.Z)
		for name, s := range map[string]scipyRun{"legacy start": g.LegacyStart, "our optimum": g.GoOptimum} {
			if !s.Success || !strings.Contains(s.Message, "CONVERGENCE") {
				t.Errorf("%s: scipy from %s did not converge: %s", task, name, s.Message)
			}
			if r.Objective > s.Objective*(1+1e-7) {
				t.Errorf("%s: objective %.10g above scipy's %.10g from the %s", task, r.Objective, s.Objective, name)
			}
			sp := Params{Y0: s.Params[0], L: s.Params[1], A: s.Params[2], B: s.Params[3]}
			if gap := maxGap(r.Params, sp, lo, hi); gap > 1e-3 {
				t.Errorf("%s: frontier differs from scipy's (from the %s) by %.2g: %+v vs %+v", task, name, gap, r.Params, sp)
			}
		}
	}
	legacyGap(t, golden)
	if regen {
		b, _ := json.MarshalIndent(golden, "", " ")
		if err := os.WriteFile(scipyGoldenFile, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// legacyGap pins the sentence of PaperOptions' documentation: the
// authors' legacy fitter as they run it (one start, scipy's default
// tolerances and finite-difference gradient; the "legacy_fitter" runs of
// the golden file) stops short of the paper objective's minimum on BBH
// and IFEval (objective 6.53 against 4.88, 10.27 against 9.37; frontier
// at 1e24 FLOPs 0.668 against 0.678 and 0.752 against 0.775) and reaches
// it, within 1e-6 relative, on the other four tasks.
func legacyGap(t *testing.T, golden scipyGolden) {
	t.Helper()
	want := map[string][2]float64{"BBH": {6.53, 0.668}, "IFEval": {10.27, 0.752}}
	for task, g := range golden.Tasks {
		l, best := g.LegacyFitter, g.LegacyStart
		if l.Objective == 0 {
			t.Fatalf("%s: no legacy_fitter run in %s: regenerate with GOPHERNOTE_SCIPY=1", task, scipyGoldenFile)
		}
		w, short := want[task]
		gap := l.Objective/best.Objective - 1
		at24 := Params{Y0: l.Params[0], L: l.Params[1], A: l.Params[2], B: l.Params[3]}.At(24)
		switch {
		case short && (math.Abs(l.Objective-w[0]) > 0.01 || math.Abs(at24-w[1]) > 0.001):
			t.Errorf("%s: the legacy fitter stops at objective %.4f, frontier at 1e24 %.4f; documented %.2f and %.3f", task, l.Objective, at24, w[0], w[1])
		case !short && gap > 1e-6:
			t.Errorf("%s: the legacy fitter stops %.2g above the minimum (objective %.6g against %.6g)", task, gap, l.Objective, best.Objective)
		}
	}
}
