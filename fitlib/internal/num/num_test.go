package num

import (
	"math"
	"testing"
)

func TestQuantileSorted(t *testing.T) {
	s := []float64{1, 2, 4, 8}
	// numpy.quantile([1, 2, 4, 8], p) (default method "linear")
	for _, c := range []struct{ p, want float64 }{{0, 1}, {0.25, 1.75}, {0.5, 3}, {0.9, 6.8}, {1, 8}} {
		if got := QuantileSorted(s, c.p); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("QuantileSorted(%v, %v) = %v, want %v", s, c.p, got, c.want)
		}
	}
	if got := QuantileSorted([]float64{3}, 0.3); got != 3 {
		t.Errorf("one value: got %v", got)
	}
	if got := QuantileSorted(nil, 0.5); !math.IsNaN(got) {
		t.Errorf("empty: got %v, want NaN", got)
	}
}

func TestMedian(t *testing.T) {
	x := []float64{5, 1, 3, 2}
	if got := Median(x); got != 2.5 {
		t.Errorf("Median = %v, want 2.5", got)
	}
	if x[0] != 5 || x[1] != 1 {
		t.Errorf("Median modified its input: %v", x)
	}
	if got := Median([]float64{4, 1, 7}); got != 4 {
		t.Errorf("Median odd = %v, want 4", got)
	}
	if got := Median(nil); !math.IsNaN(got) {
		t.Errorf("Median(nil) = %v, want NaN", got)
	}
}

func TestLogistic(t *testing.T) {
	xs := []float64{math.Inf(-1), -800, -40, -1.5, -1e-300, math.Copysign(0, -1), 0, 1e-300, 0.3, 2, 40, 800, math.Inf(1)}
	for _, x := range xs {
		sp, sg := SoftplusSigmoid(x)
		if sp != Softplus(x) || sg != Sigmoid(x) {
			t.Errorf("SoftplusSigmoid(%v) = %v, %v; Softplus, Sigmoid = %v, %v", x, sp, sg, Softplus(x), Sigmoid(x))
		}
		if math.IsInf(sp, 0) != math.IsInf(x, 1) || math.IsNaN(sp) || math.IsNaN(sg) || sg < 0 || sg > 1 {
			t.Errorf("x = %v: softplus %v, sigmoid %v", x, sp, sg)
		}
		if math.Abs(x) < 30 {
			if w := math.Log1p(math.Exp(x)); math.Abs(sp-w) > 1e-15*math.Max(1, w) {
				t.Errorf("Softplus(%v) = %v, want %v", x, sp, w)
			}
			if w := 1 / (1 + math.Exp(-x)); math.Abs(sg-w) > 1e-15 {
				t.Errorf("Sigmoid(%v) = %v, want %v", x, sg, w)
			}
		}
	}
	sp, sg := SoftplusSigmoid(math.NaN())
	if !math.IsNaN(sp) || !math.IsNaN(sg) || !math.IsNaN(Softplus(math.NaN())) || !math.IsNaN(Sigmoid(math.NaN())) {
		t.Errorf("NaN in, not NaN out")
	}
}

// TestPercentiles checks the bootstrap summary against numpy's linear
// quantiles of 1..5 (np.percentile([1,2,3,4,5], [2.5, 50, 97.5]) = 1.1, 3,
// 4.9) and the n-1 standard deviation sqrt(2.5); NaNs are left out.
func TestPercentiles(t *testing.T) {
	s := [][]float64{{1, 5}, {2, math.NaN()}, {3, 5}, {4, 5}, {5, 5}}
	lo, hi, med, sd := Percentiles(s, 2, 0.95)
	if math.Abs(lo[0]-1.1) > 1e-12 || math.Abs(hi[0]-4.9) > 1e-12 || med[0] != 3 || math.Abs(sd[0]-math.Sqrt(2.5)) > 1e-12 {
		t.Errorf("column 0: %v %v %v %v", lo[0], hi[0], med[0], sd[0])
	}
	if lo[1] != 5 || hi[1] != 5 || sd[1] != 0 {
		t.Errorf("column 1: %v %v %v", lo[1], hi[1], sd[1])
	}
}
