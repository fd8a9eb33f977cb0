package frontier

import (
	"encoding/binary"
	"math"
	"testing"
)

// FuzzFitInput feeds arbitrary (z, y) pairs to Fit, the baselines and the
// equal-mass binning: each must return an error or a valid, finite
// frontier, never panic.
func FuzzFitInput(f *testing.F) {
	seed := func(v ...float64) []byte {
		b := make([]byte, 8*len(v))
		for i, x := range v {
			binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(x))
		}
		return b
	}
	f.Add(seed(21, 0.1, 22, 0.3, 23, 0.5, 24, 0.6, 25, 0.65, 23, 0.2))
	f.Add(seed(23, 0.5, 23, 0.5, 23, 0.5, 23, 0.5, 23, 0.5))
	f.Add(seed(21, 0, 22, 1, 23, 0, 24, 1, 25, 0, 26, 1, 20, 2))
	f.Add(seed(math.NaN(), 0.3, 22, math.Inf(1), 1e300, 0.5, -1e300, 0.2, 0, 0))
	f.Fuzz(func(t *testing.T, b []byte) {
		var z, y []float64
		for i := 0; i+16 <= len(b) && len(z) < 64; i += 16 {
			z = append(z, math.Float64frombits(binary.LittleEndian.Uint64(b[i:])))
			y = append(y, math.Float64frombits(binary.LittleEndian.Uint64(b[i+8:])))
		}
		opt := Options{GridMid: 1, GridSlopes: []float64{1}, RandomStarts: 1, MaxIter: 200, Workers: 1, Resamples: 10}
		if r, err := Fit(z, y, opt); err == nil {
			if verr := r.Params.Valid(); verr != nil {
				t.Fatalf("invalid params %+v: %v", r.Params, verr)
			}
			for _, v := range z {
				if q := r.Params.At(v); math.IsNaN(q) || q < 0 || q > 1 {
					t.Fatalf("q(%v) = %v", v, q)
				}
			}
		}
		for _, m := range []Method{MethodConstant, MethodBinwise} {
			if mod, err := FitMethod(m, z, y, MethodOptions{Fit: opt, Baselines: BaselineOptions{Bins: 3, MinPerBin: 1}}); err == nil {
				for _, v := range z {
					if q := mod.At(v); math.IsNaN(q) {
						t.Fatalf("%s: NaN at %v", m, v)
					}
				}
			}
		}
		if e, err := EqualMassEdges("fuzz", z, 4, 1); err == nil {
			for k := 1; k < len(e); k++ {
				if !(e[k] >= e[k-1]) {
					t.Fatalf("edges not sorted: %v", e)
				}
			}
		}
	})
}
