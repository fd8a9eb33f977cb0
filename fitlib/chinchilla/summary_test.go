package chinchilla

import (
	"encoding/json"
	"math"
	"testing"
)

// TestNotebookSummary runs the sequence of notebooks/06_chinchilla.ipynb
// (same calls, same seeds) and checks every number of its summary
// against the published values.
func TestNotebookSummary(t *testing.T) {
	r := testRuns(t)
	grid := testGrid(t)
	ml, err := FitHuberLikelihood(r, FitOptions{Starts: [][]float64{HoffmannUnrounded().ToTheta(), grid.Theta}})
	if err != nil {
		t.Fatal(err)
	}
	boot, err := Bootstrap(r, ml, paperBoot(BootstrapOptions{Resamples: 4000, Seed: 1}))
	if err != nil {
		t.Fatal(err)
	}
	cmp, _, _, err := CompareApproaches(grid.Params, 1)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Summary(grid, ml, boot, Besiroglu(), cmp)
	if err != nil {
		t.Fatal(err)
	}
	js, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"grid_fit", "huber_likelihood_fit", "bootstrap_95", "optimal_allocation", "approach_exponents"} {
		if _, ok := back[k]; !ok {
			t.Errorf("summary lacks %s", k)
		}
	}
	if len(back) != 5 {
		t.Errorf("summary has %d keys, want exactly 5", len(back))
	}
	num := func(m map[string]any, k string) float64 {
		v, ok := m[k].(float64)
		if !ok {
			t.Fatalf("key %s: %v", k, m[k])
		}
		return v
	}
	g := back["grid_fit"].(map[string]any)
	within(t, "grid objective", num(g, "objective"), 1.0182740e-3, 1e-6)
	for k, want := range map[string]float64{"A": 477.8, "B": 2143, "E": 1.8172, "alpha": 0.3473, "beta": 0.3672} {
		within(t, "grid "+k, num(g, k), want, 0.005)
	}
	if num(g, "starts") != 4500 || !(num(g, "seconds") > 0) {
		t.Errorf("starts %v seconds %v", g["starts"], g["seconds"])
	}
	h := back["huber_likelihood_fit"].(map[string]any)
	for k, want := range map[string]float64{"A": 482.0, "B": 2085} {
		within(t, "likelihood "+k, num(h, k), want, 0.05)
	}
	for k, want := range map[string]float64{"E": 1.817, "alpha": 0.3478, "beta": 0.3658} {
		within(t, "likelihood "+k, num(h, k), want, 0.005)
	}
	b := back["bootstrap_95"].(map[string]any)
	for k, want := range map[string][]float64{"alpha": {0.317, 0.373}, "beta": {0.331, 0.415}} {
		got := b[k].([]any)
		for i := range want {
			if math.Abs(got[i].(float64)-want[i]) > 0.01 {
				t.Errorf("bootstrap %s[%d] = %v, want %g ± 0.01", k, i, got[i], want[i])
			}
		}
	}
	alloc := back["optimal_allocation"].([]any)
	if len(alloc) != 6 {
		t.Fatalf("%d allocation rows", len(alloc))
	}
	p := Besiroglu()
	for i, row := range alloc {
		m := row.(map[string]any)
		n := num(m, "params")
		if n != TableSizes()[i] {
			t.Errorf("row %d params %g", i, n)
		}
		within(t, "N_opt(flops)", p.NOpt(num(m, "flops")), n, 1e-3)
		within(t, "6ND", 6*n*num(m, "tokens"), num(m, "flops"), 1e-3)
		within(t, "tokens/param", num(m, "tokens_per_param"), num(m, "tokens")/n, 1e-3)
	}
	ae := back["approach_exponents"].(map[string]any)
	a3 := num(ae, "approach3")
	within(t, "approach3 = beta/(alpha+beta)", a3, grid.Params.ExponentA(), 1e-3)
	for _, k := range []string{"approach1", "approach2"} {
		if math.Abs(num(ae, k)-a3) > 0.05 {
			t.Errorf("%s = %g, approach3 %g", k, num(ae, k), a3)
		}
	}
}
