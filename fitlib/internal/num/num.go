// Package num holds the small numerical helpers that several fitlib
// packages share: numpy's default sample quantile, the median and the
// overflow-free logistic and softplus. It is internal so that it needs no
// yaegi symbol table; each function is written once here and must stay
// bit-for-bit what its callers computed before it moved.
package num

import (
	"math"
	"sort"
)

// QuantileSorted returns the quantile of sorted s at probability p by
// linear interpolation between the order statistics around h = p*(len-1)
// (Hyndman & Fan 1996 type 7, numpy's default "linear" method). Written by
// hand because gonum's stat.Quantile implements only the empirical-CDF and
// a different linear rule, which differ at small n. It is NaN for an empty
// s; p must lie in [0, 1].
func QuantileSorted(s []float64, p float64) float64 {
	if len(s) == 0 {
		return math.NaN()
	}
	h := p * float64(len(s)-1)
	lo := math.Floor(h)
	i := int(lo)
	if i+1 >= len(s) {
		return s[len(s)-1]
	}
	return s[i] + (h-lo)*(s[i+1]-s[i])
}

// Median returns the median of x (the mean of the two middle values for an
// even count), NaN for an empty x. x is not modified.
func Median(x []float64) float64 {
	n := len(x)
	if n == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), x...)
	sort.Float64s(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// Sigmoid is the logistic function 1/(1+e^-x) in a form that never
// overflows.
func Sigmoid(x float64) float64 {
	if x >= 0 {
		return 1 / (1 + math.Exp(-x))
	}
	e := math.Exp(x)
	return e / (1 + e)
}

// Softplus is log(1+e^x) without overflow: max(x,0) + log1p(e^-|x|).
func Softplus(x float64) float64 {
	return math.Max(x, 0) + math.Log1p(math.Exp(-math.Abs(x)))
}

// SoftplusSigmoid returns Softplus(x) and Sigmoid(x), bit for bit, sharing
// one exponential e^-|x|.
func SoftplusSigmoid(x float64) (sp, sig float64) {
	e := math.Exp(-math.Abs(x))
	if x > 0 {
		return x + math.Log1p(e), 1 / (1 + e)
	}
	return math.Log1p(e), e / (1 + e)
}

// GoldenMin returns the midpoint of the final bracket of a golden-section
// search for the minimum of a unimodal f on [lo, hi]: at most maxSteps
// steps, stopping once the bracket is narrower than tol. Each step reuses
// one of the two interior values, so a step costs one evaluation. Written
// by hand because gonum/optimize has no bounded scalar minimiser.
func GoldenMin(f func(float64) float64, lo, hi float64, maxSteps int, tol float64) float64 {
	const g = 0.6180339887498949 // (sqrt(5) - 1)/2
	x1, x2 := hi-g*(hi-lo), lo+g*(hi-lo)
	f1, f2 := f(x1), f(x2)
	for k := 0; k < maxSteps && hi-lo > tol; k++ {
		if f1 < f2 {
			hi, x2, f2 = x2, x1, f1
			x1 = hi - g*(hi-lo)
			f1 = f(x1)
		} else {
			lo, x1, f1 = x1, x2, f2
			x2 = lo + g*(hi-lo)
			f2 = f(x2)
		}
	}
	return (lo + hi) / 2
}

// Percentiles summarises bootstrap samples (samples[r][j]: parameter j of
// resample r; NaN entries are left out) for each of k parameters: the
// central percentile interval at level, the median and the standard
// deviation (n - 1 denominator), the shape every fitlib BootstrapResult
// reports. Quantiles follow QuantileSorted; a parameter without finite
// samples gets NaN.
func Percentiles(samples [][]float64, k int, level float64) (lo, hi, median, sd []float64) {
	a := (1 - level) / 2
	col := make([]float64, 0, len(samples))
	for j := 0; j < k; j++ {
		col = col[:0]
		for _, s := range samples {
			if v := s[j]; !math.IsNaN(v) {
				col = append(col, v)
			}
		}
		sort.Float64s(col)
		lo = append(lo, QuantileSorted(col, a))
		hi = append(hi, QuantileSorted(col, 1-a))
		median = append(median, QuantileSorted(col, 0.5))
		sd = append(sd, SD(col))
	}
	return lo, hi, median, sd
}

// SD is the sample standard deviation of x (n - 1 denominator), NaN for
// fewer than two values.
func SD(x []float64) float64 {
	n := float64(len(x))
	if n < 2 {
		return math.NaN()
	}
	var m float64
	for _, v := range x {
		m += v
	}
	m /= n
	var s float64
	for _, v := range x {
		s += (v - m) * (v - m)
	}
	return math.Sqrt(s / (n - 1))
}
