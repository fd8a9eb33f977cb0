package monkeys

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gophernote/gophernote/fitlib/passk"
)

// Hypergeometric subsampling: the empirical pmf of 200,000 draws matches
// C(c,x)C(n-c,k-x)/C(n,k) (both the direct and the complement branch).
func TestHypergeometricPMF(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range [][3]int{{50, 7, 10}, {50, 7, 40}, {1000, 300, 600}, {20, 20, 5}, {20, 0, 5}} {
		n, c, k := tc[0], tc[1], tc[2]
		const draws = 200000
		hist := map[int]int{}
		for i := 0; i < draws; i++ {
			hist[hypergeometric(rng, n, c, k)]++
		}
		for x, got := range hist {
			lp := logChoose(c, x) + logChoose(n-c, k-x) - logChoose(n, k)
			want := math.Exp(lp) * draws
			if math.IsInf(lp, -1) {
				t.Fatalf("n=%d c=%d k=%d: impossible value %d drawn", n, c, k, x)
			}
			if sd := math.Sqrt(want); math.Abs(float64(got)-want) > 5*sd+1 {
				t.Errorf("n=%d c=%d k=%d x=%d: %d draws, expected %.1f", n, c, k, x, got, want)
			}
		}
	}
	cs, _ := passk.NewCounts("m", []int{100, 50}, []int{10, 0})
	if _, err := Subsample(cs, 60, 1); err == nil || !contains(err.Error(), "row 1") {
		t.Errorf("subsampling beyond n must name the row: %v", err)
	}
	a, _ := Subsample(cs, 40, 7)
	b, _ := Subsample(cs, 40, 7)
	if a.C[0] != b.C[0] || a.N[1] != 40 || a.C[1] != 0 {
		t.Errorf("subsample not reproducible or wrong: %+v %+v", a, b)
	}
}

// Sampling from each family: the empirical CDF at a few points agrees with
// Dist.CDF (Kolmogorov distance below 5/sqrt(N)).
func TestSampleMatchesCDF(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, d := range []Dist{
		{Family: FamilyBeta, Alpha: 0.3, Beta: 2, Scale: 0.5},
		{Family: FamilyKumaraswamy, Alpha: 0.7, Beta: 3, Scale: 1},
		{Family: FamilyUniform, Scale: 0.2},
	} {
		const N = 40000
		xs := make([]float64, N)
		for i := range xs {
			xs[i] = d.Sample(rng)
		}
		for _, q := range []float64{0.001, 0.01, 0.05, 0.1, 0.15, 0.3} {
			n := 0
			for _, x := range xs {
				if x <= q {
					n++
				}
			}
			if math.Abs(float64(n)/N-d.CDF(q)) > 5/math.Sqrt(N) {
				t.Errorf("%v: empirical CDF(%g) = %.4f, exact %.4f", d, q, float64(n)/N, d.CDF(q))
			}
		}
	}
}

// The theorem, shown: simulated repeated sampling agrees with the exact
// F(k) within 5 standard errors; the local log-log slope is constant -1
// (Uniform) and tends to -alpha (Beta), while for Delta it is exactly
// (k2-k1)·log(1-p)/log(k2/k1), ever steeper.
func TestDemonstrateTheorem(t *testing.T) {
	ks := IntLogKs(1e4, 41)
	delta, _ := NewDelta(0.01)
	uni, _ := NewUniform(1)
	beta, _ := NewBeta(0.3, 3, 1)
	for _, d := range []Dist{delta, uni, beta} {
		demo, err := Demonstrate(d, ks, 200000, 11)
		if err != nil {
			t.Fatal(err)
		}
		for i := range ks {
			if diff := math.Abs(demo.Simulated[i] - demo.Exact[i]); diff > 5*demo.SimSE[i]+1e-12 {
				t.Errorf("%v k=%.1f: simulated %.5g exact %.5g (SE %.2g)", d, ks[i], demo.Simulated[i], demo.Exact[i], demo.SimSE[i])
			}
		}
		last := demo.SlopeExact[len(demo.SlopeExact)-1]
		switch d.Family {
		case FamilyUniform:
			if math.Abs(last+1) > 1e-3 {
				t.Errorf("Uniform slope at 1e4 = %.5f, want -1", last)
			}
		case FamilyBeta:
			if math.Abs(last+0.3) > 0.005 {
				t.Errorf("Beta(0.3,3) slope at 1e4 = %.5f, want -0.3", last)
			}
		case FamilyDelta:
			for i, s := range demo.SlopeExact {
				k1, k2 := ks[i], ks[i+1]
				want := (k2 - k1) * math.Log1p(-0.01) / math.Log(k2/k1)
				if demo.Exact[i+1] > 0 && math.Abs(s-want) > 1e-9*math.Abs(want) {
					t.Errorf("Delta slope between %.1f and %.1f: %.9g, want %.9g", k1, k2, s, want)
				}
			}
		}
	}
}
