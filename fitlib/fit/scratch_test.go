package fit

import (
	"os"
	"strconv"
	"testing"
)

func TestScratchEvals(t *testing.T) {
	if os.Getenv("SCRATCH") == "" {
		t.Skip("scratch")
	}
	c := loadChinchilla(t)
	r, _ := Fit(c.handProblem(), Options{NoSE: true, KeepStarts: true})
	it := 0
	for _, s := range r.Table {
		it += s.Iterations
	}
	t.Logf("evals %d (%.1f/start) iters %.1f/start obj %.10g conv %d", r.TotalEvals, float64(r.TotalEvals)/4500, float64(it)/4500, r.Objective, r.ConvStarts)
	_ = strconv.Itoa
}
