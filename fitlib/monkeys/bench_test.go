package monkeys

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"sort"
	"testing"
	"time"

	"github.com/gophernote/gophernote/fitlib/data"
	"github.com/gophernote/gophernote/fitlib/passk"
)

// TestBenchBetaBinomialMLE times the unscaled (s = 1) Beta-binomial MLE on
// Pythia 12B's 128 problems against scipy (Debian python3-scipy,
// testdata/betabinom_mle.py: scipy.stats.betabinom + L-BFGS-B), both
// best-of-N in one invocation, and prints
//
//	BENCH beta-binomial-mle gophernote=<s> scipy=<s> ratio=<x>
//
// Run with GOPHERNOTE_BENCH=1 go test -run TestBenchBetaBinomialMLE -v ./fitlib/monkeys/
// It also checks the two optima: ours must reach a total NLL no worse than
// scipy's (scipy's default tolerances stop early).
func TestBenchBetaBinomialMLE(t *testing.T) {
	if os.Getenv("GOPHERNOTE_BENCH") != "1" {
		t.Skip("benchmark: set GOPHERNOTE_BENCH=1 (needs /usr/bin/python3 with scipy)")
	}
	all := pythia(t)
	c, err := passk.FindCounts(all, "Pythia 12B")
	if err != nil {
		t.Fatal(err)
	}
	const repeats = 7
	var times []float64
	var fit *MLEFit
	for i := 0; i < repeats; i++ {
		t0 := time.Now()
		fit, err = FitBetaBinomial(c, MLEOptions{Scale: 1})
		times = append(times, time.Since(t0).Seconds())
		if err != nil {
			t.Fatal(err)
		}
	}
	sort.Float64s(times)
	goSec := times[0]
	path, err := data.Path(PythiaMathFile)
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("/usr/bin/python3", "testdata/betabinom_mle.py", path, "Pythia 12B", fmt.Sprint(repeats)).Output()
	if err != nil {
		t.Fatalf("scipy baseline: %v", err)
	}
	var py struct {
		Alpha, Beta, NLL, Seconds float64
	}
	if err := json.Unmarshal(out, &py); err != nil {
		t.Fatalf("scipy output %q: %v", out, err)
	}
	ours := 0.0
	theirs := 0.0
	for i := range c.N {
		ours -= BetaBinomialLogPMF(c.N[i], c.C[i], fit.Alpha, fit.Beta, 1)
		theirs -= BetaBinomialLogPMF(c.N[i], c.C[i], py.Alpha, py.Beta, 1)
	}
	if math.Abs(theirs-py.NLL) > 1e-6*py.NLL {
		t.Errorf("our log-pmf at scipy's optimum %.9f, scipy says %.9f", theirs, py.NLL)
	}
	if ours > theirs+1e-9 {
		t.Errorf("our optimum NLL %.9f is worse than scipy's %.9f", ours, theirs)
	}
	t.Logf("gophernote alpha=%.6f beta=%.6f NLL=%.6f; scipy alpha=%.6f beta=%.6f NLL=%.6f", fit.Alpha, fit.Beta, ours, py.Alpha, py.Beta, theirs)
	fmt.Printf("BENCH beta-binomial-mle gophernote=%.6f scipy=%.6f ratio=%.4f\n", goSec, py.Seconds, goSec/py.Seconds)
}

func BenchmarkBetaBinomialLogPMFScaled(b *testing.B) {
	for i := 0; i < b.N; i++ {
		BetaBinomialLogPMF(10000, 122, 0.25, 2, 0.2328)
	}
}

func BenchmarkKumaraswamyBinomialLogPMF(b *testing.B) {
	for i := 0; i < b.N; i++ {
		KumaraswamyBinomialLogPMF(10000, 122, 0.3, 1.7, 0.2328)
	}
}
