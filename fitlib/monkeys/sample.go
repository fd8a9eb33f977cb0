package monkeys

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/gophernote/gophernote/fitlib/passk"
)

// Sample draws one success probability from d (gonum distuv for the Beta,
// inversion of the CDF for Kumaraswamy: x = (1 - (1-u)^(1/β))^(1/α)).
func (d Dist) Sample(rng *rand.Rand) float64 {
	switch d.Family {
	case FamilyDelta:
		return d.P
	case FamilyUniform:
		return d.s() * rng.Float64()
	case FamilyBeta:
		return d.s() * distuv.Beta{Alpha: d.Alpha, Beta: d.Beta, Src: rng}.Rand()
	case FamilyKumaraswamy:
		u := rng.Float64()
		y := -math.Expm1(math.Log1p(-u) / d.Beta)
		return d.s() * math.Pow(y, 1/d.Alpha)
	}
	return math.NaN()
}

// hypergeometric returns the number of successes among k items drawn
// without replacement from n items of which c are successes (sequential
// draws; the smaller of the draw and its complement is simulated).
func hypergeometric(rng *rand.Rand, n, c, k int) int {
	if k > n/2 {
		return c - hypergeometric(rng, n, c, n-k)
	}
	got, left, good := 0, n, c
	for i := 0; i < k && good > 0; i++ {
		if good == left {
			return got + (k - i)
		}
		if rng.IntN(left) < good {
			got++
			good--
		}
		left--
	}
	return got
}

// Subsample keeps nPrime of each problem's samples, drawn without
// replacement (hypergeometric thinning of the counts): what the data would
// have been with nPrime attempts per problem. Problems with fewer than
// nPrime samples are an error naming the row.
func Subsample(c passk.Counts, nPrime int, seed uint64) (passk.Counts, error) {
	return subsample(c, nPrime, rand.New(rand.NewPCG(seed, 0x6d6f6e6b657973)))
}

func subsample(c passk.Counts, nPrime int, rng *rand.Rand) (passk.Counts, error) {
	if err := c.Validate(); err != nil {
		return passk.Counts{}, err
	}
	if nPrime < 1 {
		return passk.Counts{}, fmt.Errorf("monkeys: subsample size %d, need >= 1", nPrime)
	}
	out := passk.Counts{Name: c.Name, N: make([]int, len(c.N)), C: make([]int, len(c.N)), Where: c.Where}
	for i := range c.N {
		if c.N[i] < nPrime {
			return passk.Counts{}, fmt.Errorf("monkeys: %s: %s has %d samples, cannot keep %d", label(c), c.Row(i), c.N[i], nPrime)
		}
		out.N[i] = nPrime
		out.C[i] = hypergeometric(rng, c.N[i], c.C[i], nPrime)
	}
	return out, nil
}

// Simulate draws problems success probabilities from d and n attempts of
// each (binomial counts): synthetic data with a known power law.
func Simulate(d Dist, problems, n int, seed uint64) (passk.Counts, error) {
	if err := d.Validate(); err != nil {
		return passk.Counts{}, err
	}
	if problems < 1 || n < 1 {
		return passk.Counts{}, fmt.Errorf("monkeys: Simulate(%d problems, %d samples): need both >= 1", problems, n)
	}
	rng := rand.New(rand.NewPCG(seed, 0x73696d))
	c := passk.Counts{Name: d.String(), N: make([]int, problems), C: make([]int, problems)}
	for i := range c.N {
		p := d.Sample(rng)
		c.N[i] = n
		c.C[i] = int(distuv.Binomial{N: float64(n), P: p, Src: rng}.Rand())
	}
	return c, nil
}
