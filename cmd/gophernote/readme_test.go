package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestReadmeFitYourOwnLaw runs the README's "Fit your own law on your own
// data" block, as written, as cell code on a CSV of 25 runs drawn from
// L = 1.8 + 400 N^-0.34 + 2000 D^-0.37 with 1% multiplicative noise: it
// must run, converge and cover the true parameters with its 95% intervals. A README
// whose one obvious way fails on a stranger's first try fails here.
func TestReadmeFitYourOwnLaw(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(testDir, "..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(readme), "## Fit your own law on your own data\n")
	if !ok {
		t.Fatal("README has no section \"Fit your own law on your own data\"")
	}
	var block []string
	for _, line := range strings.Split(after, "\n") {
		if strings.HasPrefix(line, "    ") {
			block = append(block, strings.TrimPrefix(line, "    "))
		} else if len(block) > 0 && line != "" {
			break
		}
	}
	if len(block) < 5 || !strings.Contains(strings.Join(block, "\n"), "fit.Fit(") {
		t.Fatalf("the section's code block is not the fit:\n%s", strings.Join(block, "\n"))
	}
	dir := t.TempDir()
	csv := "N,D,loss\n"
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []float64{1e8, 3e8, 1e9, 3e9, 1e10} {
		for _, d := range []float64{2e9, 6e9, 2e10, 6e10, 2e11} {
			l := (1.8 + 400*math.Pow(n, -0.34) + 2000*math.Pow(d, -0.37)) * math.Exp(0.01*r.NormFloat64())
			csv += fmt.Sprintf("%g,%g,%.6f\n", n, d, l)
		}
	}
	os.WriteFile(filepath.Join(dir, "losses.csv"), []byte(csv), 0o644)
	os.WriteFile(filepath.Join(dir, "fit.go"), []byte(strings.Join(block, "\n")+"\n"), 0o644)
	stdout, stderr, code := runIn(t, dir, os.Environ(), "run", "fit.go", "--out", filepath.Join(dir, "out"))
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "status:                converged") {
		t.Errorf("the fit did not converge:\n%s", stdout)
	}
	// with 25 noisy runs B and beta are loosely identified (beta's SE is
	// about 0.05): the truth must lie inside each 95% interval the report
	// prints (name, value, SE, rel. error, lower, upper)
	truth := map[string]float64{"E": 1.8, "A": 400, "alpha": 0.34, "B": 2000, "beta": 0.37}
	seen := 0
	for _, line := range strings.Split(stdout, "\n") {
		f := strings.Fields(line)
		want, ok := truth[strings.TrimSpace(firstField(f))]
		if !ok || len(f) < 6 {
			continue
		}
		seen++
		lo, _ := strconv.ParseFloat(f[4], 64)
		hi, _ := strconv.ParseFloat(f[5], 64)
		if !(lo <= want && want <= hi) {
			t.Errorf("%s: true %v outside the reported 95%% interval [%v, %v]", f[0], want, lo, hi)
		}
	}
	if seen != len(truth) {
		t.Errorf("found %d of %d parameter rows in the report:\n%s", seen, len(truth), stdout)
	}
}

func firstField(f []string) string {
	if len(f) == 0 {
		return ""
	}
	return f[0]
}
