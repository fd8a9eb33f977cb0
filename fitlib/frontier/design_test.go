package frontier

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

var refParams = Params{Y0: 0.1, L: 0.7, A: -0.9 * 23, B: 0.9}

// TestDesignGreedyStepsMatchBruteForce: every greedy choice is the
// candidate whose addition most reduces the integrated variance per unit
// cost, computed by direct 4x4 inversion (gonum Cholesky) for every
// candidate; the final variance equals the directly inverted one.
func TestDesignGreedyStepsMatchBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	n := 40
	z, cost := make([]float64, n), make([]float64, n)
	for i := range z {
		z[i] = 21 + 4*rng.Float64()
		cost[i] = 0.5 + rng.Float64()
	}
	opt := DesignOptions{Budget: 9, Bins: 5, Ridge: 1e-4}
	sel, err := Design(refParams, z, cost, opt)
	if err != nil {
		t.Fatal(err)
	}
	spent := 0.0
	var chosen []int
	for step, pick := range sel.Indices {
		cur := integratedVariance(refParams, z, chosen, sel.Grid, opt.Ridge)
		best, bestScore := -1, math.Inf(-1)
		for i := range z {
			if contains(chosen, i) || spent+cost[i] > opt.Budget {
				continue
			}
			s := (cur - integratedVariance(refParams, z, append(append([]int(nil), chosen...), i), sel.Grid, opt.Ridge)) / cost[i]
			if s > bestScore {
				best, bestScore = i, s
			}
		}
		if best != pick {
			t.Fatalf("step %d: greedy chose %d, brute force %d", step, pick, best)
		}
		chosen = append(chosen, pick)
		spent += cost[pick]
	}
	if spent > opt.Budget || math.Abs(spent-sel.Cost) > 1e-12 {
		t.Fatalf("cost %v (reported %v) over budget %v", spent, sel.Cost, opt.Budget)
	}
	direct := integratedVariance(refParams, z, sel.Indices, sel.Grid, opt.Ridge)
	if math.Abs(direct-sel.Variance) > 1e-8*direct {
		t.Fatalf("variance %v, direct %v", sel.Variance, direct)
	}
	// Nothing left is affordable.
	for i := range z {
		if !contains(sel.Indices, i) && spent+cost[i] <= opt.Budget {
			t.Fatalf("candidate %d still affordable", i)
		}
	}
}

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// TestBalancedDesignSpreadsBins: with equal costs and a dominant balance
// bonus the selection fills the bins evenly.
func TestBalancedDesignSpreadsBins(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	n := 200
	z, cost := make([]float64, n), make([]float64, n)
	for i := range z {
		z[i] = 21 + 4*rng.Float64()
		cost[i] = 1
	}
	sel, err := Design(refParams, z, cost, DesignOptions{Budget: 20, Bins: 5, Balance: 1e6})
	if err != nil {
		t.Fatal(err)
	}
	edges, _ := EqualMassEdges("t", z, 5, 1)
	counts := make([]int, 5)
	for _, i := range sel.Indices {
		counts[BinOf(edges, z[i])]++
	}
	for _, c := range counts {
		if c != 4 {
			t.Fatalf("bin counts %v, want 4 each", counts)
		}
	}
	plain, _ := Design(refParams, z, cost, DesignOptions{Budget: 20, Bins: 5})
	if len(plain.Indices) != 20 || len(sel.Indices) != 20 {
		t.Fatalf("sizes %d %d", len(plain.Indices), len(sel.Indices))
	}
	if plain.Variance > sel.Variance {
		t.Fatalf("plain I-optimal variance %v above the balanced one %v", plain.Variance, sel.Variance)
	}
}

func TestDesignErrors(t *testing.T) {
	if _, err := Design(refParams, []float64{22, 23}, []float64{1, 0}, DesignOptions{Budget: 1, Bins: 1}); err == nil || !strings.Contains(err.Error(), "candidate 2: cost 0") {
		t.Fatalf("zero cost: %v", err)
	}
	if _, err := Design(Params{Y0: 0.5, L: 0.7}, []float64{22}, []float64{1}, DesignOptions{Budget: 1}); err == nil || !strings.Contains(err.Error(), "y0 + L") {
		t.Fatalf("invalid params: %v", err)
	}
	idx := RandomSelection([]float64{3, 3, 3, 1, 1}, 5, 7)
	s := 0.0
	for _, i := range idx {
		s += []float64{3, 3, 3, 1, 1}[i]
	}
	if s > 5 {
		t.Fatalf("random selection over budget: %v", idx)
	}
}

// TestBootstrapBandCoversTruth: on synthetic data the 95% band contains the
// true quantile curve in the middle of the data and brackets the fit;
// AttainableAt returns the fit's value inside its interval.
func TestBootstrapBandCoversTruth(t *testing.T) {
	z, y, truth := synthetic(41, 2000, steep, 0.03)
	fit, err := Fit(z, y, Options{Kappa: 400, Lambda: Lambda(1e-7)})
	if err != nil {
		t.Fatal(err)
	}
	band, err := Bootstrap(z, y, fit, BootstrapOptions{Resamples: 100, Seed: 3, Grid: []float64{21, 22, 23, 24, 25}})
	if err != nil {
		t.Fatal(err)
	}
	if band.Failed != 0 {
		t.Fatalf("%d refits failed", band.Failed)
	}
	for k, g := range band.Grid {
		if !(band.BandLo[k] <= band.Curve[k] && band.Curve[k] <= band.BandHi[k]) {
			t.Fatalf("fit outside band at %v", g)
		}
		if w := band.BandHi[k] - band.BandLo[k]; w <= 0 || w > 0.05 {
			t.Fatalf("band width %v at %v", w, g)
		}
		if tv := truth.At(g); tv < band.BandLo[k]-0.005 || tv > band.BandHi[k]+0.005 {
			t.Fatalf("truth %v outside [%v, %v] at %v", tv, band.BandLo[k], band.BandHi[k], g)
		}
	}
	a, err := AttainableAt(fit, band, 1e23)
	if err != nil {
		t.Fatal(err)
	}
	if a.Value != fit.Params.At(23) || a.Lo > a.Value || a.Hi < a.Value {
		t.Fatalf("attainable %+v", a)
	}
	if _, err := AttainableAt(fit, band, -1); err == nil {
		t.Fatal("negative compute accepted")
	}
}

// TestTemporalDetectsDrift: a frontier fitted on period A of a stationary
// process covers about tau of period B; when period B's scores shift up by
// 0.2 (two noise s.d.) the signed coverage error is strongly negative. An empty period is
// reported by name.
func TestTemporalDetectsDrift(t *testing.T) {
	mk := func(shift float64) *Points {
		z, y, _ := synthetic(51, 3000, wide, 0.1)
		p := &Points{Task: "synthetic"}
		for i := range z {
			d := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
			if i%2 == 1 {
				d = time.Date(2024, 8, 1, 0, 0, 0, 0, time.UTC)
				y[i] = math.Min(1, y[i]+shift)
			}
			p.Z = append(p.Z, z[i])
			p.Y = append(p.Y, y[i])
			p.FLOPs = append(p.FLOPs, math.Pow(10, z[i]))
			p.Names = append(p.Names, "m")
			p.Lines = append(p.Lines, i+2)
			p.Dates = append(p.Dates, d)
		}
		return p
	}
	per := DefaultPeriods()[:3]
	rows, err := BacktestTemporal(mk(0), TemporalOptions{Periods: per[:2]})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.Err != "" || math.Abs(r.CoverageError) > 0.015 {
			t.Fatalf("stationary %s: coverage error %v %s", r.Method, r.CoverageError, r.Err)
		}
		if len(r.BinCoverageError) != 3 {
			t.Fatalf("bins %v %s", r.BinCoverageError, r.BinErr)
		}
	}
	rows, err = BacktestTemporal(mk(0.2), TemporalOptions{Periods: per})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.Test == "P2" && r.CoverageError > -0.2 {
			t.Fatalf("drift %s: coverage error %v", r.Method, r.CoverageError)
		}
		if r.Test == "P3" && !strings.Contains(r.Err, "test period P3 has no points") {
			t.Fatalf("empty period: %q", r.Err)
		}
	}
	s := Summarize(rows)
	if len(s) != 4 || s[0].Splits != 1 || s[0].CoverageError > -0.3 {
		t.Fatalf("summary %+v", s)
	}
}
