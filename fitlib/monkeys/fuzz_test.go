package monkeys

import (
	"math"
	"testing"
)

// FuzzLogPMF: for every valid (n, c) and parameters inside the fitting
// bounds, both log-pmfs are finite and at most 0 (no NaN, no +Inf).
func FuzzLogPMF(f *testing.F) {
	f.Add(uint16(10000), uint16(0), 0.05, 1.9, 0.0346)
	f.Add(uint16(10000), uint16(9999), 0.3, 0.4, 1.0)
	f.Add(uint16(60), uint16(44), 0.18, 3.7, 0.7333)
	f.Add(uint16(1), uint16(1), 1e-3, 1e3, 1e-3)
	f.Fuzz(func(t *testing.T, n16, c16 uint16, la, lb, s float64) {
		n := int(n16%10000) + 1
		c := int(c16) % (n + 1)
		// map the fuzzed floats into the fitting box [1e-3, 1e3] and (0, 1]
		a := boxed(la)
		b := boxed(lb)
		if math.IsNaN(s) || math.IsInf(s, 0) {
			s = 0.5
		}
		s = math.Abs(math.Mod(s, 1))
		if s < 1e-4 {
			s = 1
		}
		for name, v := range map[string]float64{
			"beta-binomial":        BetaBinomialLogPMF(n, c, a, b, s),
			"Kumaraswamy-binomial": KumaraswamyBinomialLogPMF(n, c, a, b, s),
		} {
			if math.IsNaN(v) || math.IsInf(v, 1) || v > 1e-9 {
				t.Fatalf("%s(n=%d, c=%d, alpha=%g, beta=%g, s=%g) = %v", name, n, c, a, b, s, v)
			}
		}
	})
}

func boxed(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		x = 0
	}
	u := 0.5 + math.Atan(x)/math.Pi // (0, 1)
	return math.Exp(math.Log(ShapeMin) + u*(math.Log(ShapeMax)-math.Log(ShapeMin)))
}
