package frontier

import (
	"fmt"
	"sort"

	"github.com/gophernote/gophernote/fitlib/internal/num"
)

// ISpline is a cubic I-spline basis (Ramsay 1988, "Monotone regression
// splines in action", Statist. Sci. 3(4), eq. 5): with cubic B-splines
// B_j (order 4) on the knot vector t (boundary knots repeated four times),
// I_i(x) = sum_{j >= i} B_j(x), i = 1..n-1. Each I_i rises monotonically
// from 0 at the left boundary to 1 at the right one and is constant
// outside, so sum_i beta_i I_i with beta_i >= 0 is non-decreasing.
// gonum has no spline bases; this one is hand-written.
type ISpline struct {
	Knots []float64 // full knot vector (boundaries repeated)
}

const splineOrder = 4

// NewISpline places nInterior interior knots at equal-mass quantiles of z
// (merging ties) between min(z) and max(z).
func NewISpline(where string, z []float64, nInterior int) (*ISpline, error) {
	if len(z) < 2 {
		return nil, fmt.Errorf("frontier: %s: I-spline needs at least 2 points, have %d", where, len(z))
	}
	s := append([]float64(nil), z...)
	sort.Float64s(s)
	lo, hi := s[0], s[len(s)-1]
	if !(hi > lo) {
		return nil, fmt.Errorf("frontier: %s: I-spline needs more than one compute value", where)
	}
	t := []float64{lo, lo, lo, lo}
	for k := 1; k <= nInterior; k++ {
		e := num.QuantileSorted(s, float64(k)/float64(nInterior+1))
		if e > t[len(t)-1] && e < hi {
			t = append(t, e)
		}
	}
	t = append(t, hi, hi, hi, hi)
	return &ISpline{Knots: t}, nil
}

// Size returns the number of I-spline functions.
func (s *ISpline) Size() int { return len(s.Knots) - splineOrder - 1 }

// Eval stores I_1(x)..I_Size(x) in out (len Size) and returns it.
func (s *ISpline) Eval(x float64, out []float64) []float64 {
	nb := len(s.Knots) - splineOrder
	if out == nil {
		out = make([]float64, nb-1)
	}
	t := s.Knots
	lo, hi := t[0], t[len(t)-1]
	switch {
	case x <= lo:
		for i := range out {
			out[i] = 0
		}
		return out
	case x >= hi:
		for i := range out {
			out[i] = 1
		}
		return out
	}
	b := make([]float64, nb)
	bsplines(t, x, b)
	acc := 0.0
	for j := nb - 1; j >= 1; j-- {
		acc += b[j]
		out[j-1] = acc
	}
	return out
}

// bsplines evaluates the cubic B-splines on knots t at x (t[3] <= x <
// t[len-4]) by the Cox-de Boor recursion.
func bsplines(t []float64, x float64, out []float64) {
	// span: t[m] <= x < t[m+1]
	m := sort.Search(len(t), func(i int) bool { return t[i] > x }) - 1
	var n [splineOrder]float64
	n[0] = 1
	for d := 1; d < splineOrder; d++ {
		var next [splineOrder]float64
		for r := 0; r <= d; r++ {
			j := m - d + r // B_{j,d}
			v := 0.0
			if r > 0 {
				if den := t[j+d] - t[j]; den > 0 {
					v += (x - t[j]) / den * n[r-1]
				}
			}
			if r < d {
				if den := t[j+d+1] - t[j+1]; den > 0 {
					v += (t[j+d+1] - x) / den * n[r]
				}
			}
			next[r] = v
		}
		n = next
	}
	for i := range out {
		out[i] = 0
	}
	for r := 0; r < splineOrder; r++ {
		j := m - (splineOrder - 1) + r
		if j >= 0 && j < len(out) {
			out[j] = n[r]
		}
	}
}
