package chinchilla

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gophernote/gophernote/fitlib/data"
)

// TestBenchBootstrap prints
//
//	BENCH chinchilla-bootstrap-4000 gophernote=<s> scipy=<s> ratio=<x>
//
// running the 4,000-resample bootstrap here (compiled, parallel) and
// testdata/bootstrap_scipy.py (numpy/scipy BFGS from Hoffmann's start per
// resample, analytic gradient) side by side. Set GOPHERNOTE_BENCH=1:
//
//	GOPHERNOTE_BENCH=1 go test -run TestBenchBootstrap -v ./fitlib/chinchilla
func TestBenchBootstrap(t *testing.T) {
	if os.Getenv("GOPHERNOTE_BENCH") != "1" {
		t.Skip("benchmark: set GOPHERNOTE_BENCH=1 (runs scipy for about a minute)")
	}
	py := os.Getenv("PYTHON")
	if py == "" {
		py = "/usr/bin/python3"
	}
	if err := exec.Command(py, "-c", "import scipy").Run(); err != nil {
		t.Fatalf("no scipy for %s (install Debian's python3-scipy): %v", py, err)
	}
	r := testRuns(t)
	t0 := time.Now()
	b, err := Bootstrap(r, besFit(), paperBoot(BootstrapOptions{Resamples: 4000, Seed: 1}))
	if err != nil {
		t.Fatal(err)
	}
	ours := time.Since(t0).Seconds()
	path, err := data.Path(DataFile)
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(py, "testdata/bootstrap_scipy.py", path, "4000", "1").Output()
	if err != nil {
		t.Fatalf("scipy baseline: %v", err)
	}
	kv := map[string]float64{}
	for _, f := range strings.Fields(string(out)) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			continue
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			t.Fatalf("scipy output %q: %v", out, err)
		}
		kv[k] = x
	}
	// both must land near the published intervals (Besiroglu et al. 2024)
	for name, got := range map[string][]float64{
		"gophernote alpha": {b.Lo[3], b.Hi[3]}, "gophernote beta": {b.Lo[4], b.Hi[4]},
		"scipy alpha": {kv["alpha_lo"], kv["alpha_hi"]}, "scipy beta": {kv["beta_lo"], kv["beta_hi"]},
	} {
		want := []float64{0.317, 0.373}
		if strings.HasSuffix(name, "beta") {
			want = []float64{0.331, 0.415}
		}
		for i := range want {
			if math.Abs(got[i]-want[i]) > 0.012 {
				t.Errorf("%s interval %v, want near %v", name, got, want)
			}
		}
	}
	fmt.Printf("BENCH chinchilla-bootstrap-4000 gophernote=%.3f scipy=%.3f ratio=%.4f\n", ours, kv["seconds"], ours/kv["seconds"])
}
