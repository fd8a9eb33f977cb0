package monkeys

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Demo sets the exact aggregate failure curve of a distribution beside a
// simulation of repeated sampling: each simulated problem draws p from the
// distribution and attempts until its first success (a geometric number of
// attempts T); the simulated F(k) is the fraction of problems with T > k.
type Demo struct {
	Dist Dist
	Ks   []float64
	// Exact[i] = F(Ks[i]); Simulated[i] the Monte Carlo estimate; SimSE
	// its binomial standard error sqrt(F(1-F)/problems).
	Exact, Simulated, SimSE []float64
	// Local log-log slopes d log F / d log k at SlopeKs: constant -b for
	// a power law, ever steeper (k·log(1-p)) for the Delta's exponential.
	SlopeKs, SlopeExact, SlopeSim []float64
	// A, B: closed-form asymptote (zero for Delta).
	A, B float64
}

// Demonstrate computes a Demo with `problems` simulated problems. Attempts
// are whole: at a fractional k the simulation measures F(floor(k)), so
// use whole ks (IntLogKs) to compare.
func Demonstrate(d Dist, ks []float64, problems int, seed uint64) (*Demo, error) {
	exact, err := d.FailureCurve(ks)
	if err != nil {
		return nil, err
	}
	if problems < 1 {
		return nil, fmt.Errorf("monkeys: Demonstrate: %d problems, need >= 1", problems)
	}
	rng := rand.New(rand.NewPCG(seed, 0x64656d6f))
	T := make([]float64, problems)
	for i := range T {
		p := d.Sample(rng)
		u := 1 - rng.Float64() // (0, 1]
		if p >= 1 {
			T[i] = 1
		} else {
			T[i] = math.Ceil(math.Log(u) / math.Log1p(-p))
			if T[i] < 1 {
				T[i] = 1
			}
		}
	}
	demo := &Demo{Dist: d, Ks: ks, Exact: exact}
	for i, k := range ks {
		n := 0
		for _, t := range T {
			if t > k {
				n++
			}
		}
		demo.Simulated = append(demo.Simulated, float64(n)/float64(problems))
		demo.SimSE = append(demo.SimSE, math.Sqrt(exact[i]*(1-exact[i])/float64(problems)))
	}
	demo.SlopeKs, demo.SlopeExact = LocalSlopes(ks, exact)
	_, demo.SlopeSim = LocalSlopes(ks, demo.Simulated)
	if d.Family != FamilyDelta {
		demo.A, demo.B, _ = d.Asymptote()
	}
	return demo, nil
}
