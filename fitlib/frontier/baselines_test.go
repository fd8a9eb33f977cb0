package frontier

import (
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

// TestISplineMatchesScipy compares the basis with sums of scipy 1.10.1
// B-splines (scipy.interpolate.BSpline, degree 3) on the same knots:
// I_i(x) = sum_{j>=i} B_j(x).
func TestISplineMatchesScipy(t *testing.T) {
	sp := &ISpline{Knots: []float64{21, 21, 21, 21, 22.1, 23.0, 23.7, 24.8, 24.8, 24.8, 24.8}}
	want := []struct {
		x float64
		I []float64
	}{
		{21.3, []float64{0.615326821938393, 0.105433884297521, 0.00454545454545457, 0, 0, 0}},
		{22.5, []float64{1, 0.965277777777778, 0.527777777777778, 0.0164609053497941, 0, 0}},
		{23.0, []float64{1, 1, 0.886574074074074, 0.1875, 0, 0}},
		{23.9, []float64{1, 1, 1, 0.863636363636363, 0.311983471074379, 0.00601051840721253}},
		{24.7, []float64{1, 1, 1, 0.999812944257389, 0.985588205285175, 0.751314800901575}},
	}
	if sp.Size() != 6 {
		t.Fatalf("size %d", sp.Size())
	}
	for _, w := range want {
		got := sp.Eval(w.x, nil)
		for i := range got {
			if math.Abs(got[i]-w.I[i]) > 1e-12 {
				t.Fatalf("I_%d(%v) = %.15g, scipy %.15g", i+1, w.x, got[i], w.I[i])
			}
		}
	}
	// Monotone, 0 at the left boundary and below, 1 at the right and above.
	prev := sp.Eval(20, nil)
	for x := 20.0; x <= 26; x += 0.003 {
		cur := sp.Eval(x, nil)
		for i := range cur {
			if cur[i] < prev[i]-1e-14 || cur[i] < 0 || cur[i] > 1+1e-14 {
				t.Fatalf("I_%d not monotone in [0,1] at %v: %v after %v", i+1, x, cur[i], prev[i])
			}
		}
		prev = cur
	}
	for i, v := range sp.Eval(21, nil) {
		if v != 0 {
			t.Fatalf("I_%d(21) = %v", i+1, v)
		}
	}
	for i, v := range sp.Eval(24.8, nil) {
		if v != 1 {
			t.Fatalf("I_%d(24.8) = %v", i+1, v)
		}
	}
}

// TestSplineGradient checks the I-spline objective gradient by central
// differences.
func TestSplineGradient(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	z, y, _ := synthetic(3, 200, wide, 0.1)
	sp, err := NewISpline("test", z, 3)
	if err != nil {
		t.Fatal(err)
	}
	o := &splineObjective{y: y, grp: make([]int32, len(z)), tau: 0.95, kappa: 25, lam: 1e-3}
	for i := range z {
		o.basis = append(o.basis, sp.Eval(z[i], nil))
		o.grp[i] = int32(i)
	}
	o.s, o.acc, o.beta = make([]float64, len(z)), make([]float64, len(z)), make([]float64, sp.Size())
	for trial := 0; trial < 10; trial++ {
		x := make([]float64, 3+sp.Size())
		for k := range x {
			x[k] = rng.NormFloat64()
		}
		g := make([]float64, len(x))
		o.eval(x, g)
		for k := range x {
			xp := append([]float64(nil), x...)
			xm := append([]float64(nil), x...)
			xp[k] += 1e-6
			xm[k] -= 1e-6
			fd := (o.eval(xp, nil) - o.eval(xm, nil)) / 2e-6
			if math.Abs(fd-g[k]) > 1e-7+1e-5*math.Abs(fd) {
				t.Fatalf("dF/dx%d = %v, fd %v", k, g[k], fd)
			}
		}
	}
}

// TestConstantLevelIsQuantile: with large kappa the constant baseline is the
// empirical tau-quantile (brute force over the sorted sample), and the
// binwise levels are the per-bin quantiles.
func TestConstantAndBinwise(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	y := make([]float64, 1000)
	z := make([]float64, 1000)
	for i := range y {
		z[i] = float64(i % 4)
		y[i] = 0.1*z[i] + 0.2*rng.Float64()
	}
	m, err := FitMethod(MethodConstant, z, y, MethodOptions{Fit: Options{Kappa: 1e5}})
	if err != nil {
		t.Fatal(err)
	}
	s := append([]float64(nil), y...)
	sort.Float64s(s)
	// any minimiser of the pinball loss lies between order statistics
	// 0.98 n and 0.98 n + 1 (980th and 981st).
	if m.Level < s[979]-1e-4 || m.Level > s[980]+1e-4 {
		t.Fatalf("constant %v not between %v and %v", m.Level, s[979], s[980])
	}
	bw, err := FitMethod(MethodBinwise, z, y, MethodOptions{Fit: Options{Kappa: 1e5}, Baselines: BaselineOptions{Bins: 4, MinPerBin: 10}})
	if err != nil {
		t.Fatal(err)
	}
	if len(bw.Levels) != 4 {
		t.Fatalf("bins %v", bw.Edges)
	}
	for b := 0; b < 4; b++ {
		// bin b holds z = b: uniform on [0.1 b, 0.1 b + 0.2], 0.98 quantile 0.1 b + 0.196
		if math.Abs(bw.Levels[b]-(0.1*float64(b)+0.196)) > 0.01 {
			t.Fatalf("bin %d level %v", b, bw.Levels[b])
		}
	}
	if _, err := FitMethod(MethodBinwise, z[:30], y[:30], MethodOptions{Fit: Options{Task: "GPQA"}, Baselines: BaselineOptions{Bins: 10, MinPerBin: 5}}); err == nil ||
		!strings.Contains(err.Error(), "task GPQA binwise baseline: 30 points, 10 bins of at least 5 need 50") {
		t.Fatalf("too few points: %v", err)
	}
}

// TestISplineBaselineMonotoneAndCalibrated: the I-spline frontier is
// non-decreasing and covers about tau of the synthetic sample.
func TestISplineBaselineMonotoneAndCalibrated(t *testing.T) {
	z, y, truth := synthetic(31, 3000, wide, 0.1)
	m, err := FitMethod(MethodISpline, z, y, MethodOptions{Fit: defaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	prev := -1.0
	for zz := 19.0; zz <= 27; zz += 0.01 {
		v := m.At(zz)
		if v < prev-1e-12 || v < 0 || v > 1 {
			t.Fatalf("not monotone in [0,1] at %v: %v after %v", zz, v, prev)
		}
		prev = v
	}
	cov := 0
	for i := range z {
		if y[i] <= m.At(z[i]) {
			cov++
		}
	}
	if c := float64(cov) / float64(len(z)); math.Abs(c-0.98) > 0.01 {
		t.Fatalf("coverage %v", c)
	}
	for _, zz := range []float64{20.5, 23, 25.5} {
		if d := math.Abs(m.At(zz) - truth.At(zz)); d > 0.05 { // the penalty flattens it, as for the sigmoid
			t.Fatalf("at %v: %v vs truth %v", zz, m.At(zz), truth.At(zz))
		}
	}
}

func TestEqualMassEdges(t *testing.T) {
	z := []float64{1, 1, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7}
	e, err := EqualMassEdges("t", z, 4, 2)
	if err != nil {
		t.Fatal(err)
	}
	c := binCounts(e, z)
	tot := 0
	for _, v := range c {
		if v < 2 {
			t.Fatalf("bin under-filled: edges %v counts %v", e, c)
		}
		tot += v
	}
	if tot != len(z) || e[0] != 1 || e[len(e)-1] != 7 {
		t.Fatalf("edges %v counts %v", e, c)
	}
	if BinOf(e, 0) != 0 || BinOf(e, 99) != len(e)-2 || BinOf(e, 7) != len(e)-2 {
		t.Fatal("out-of-range values must go to end bins")
	}
	if _, err := EqualMassEdges("period P3", z[:5], 3, 2); err == nil || !strings.Contains(err.Error(), "period P3: 5 points") {
		t.Fatalf("want error naming the period: %v", err)
	}
}
