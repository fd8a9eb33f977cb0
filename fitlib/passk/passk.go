package passk

import "fmt"

// PassAtK returns the unbiased estimate of the probability that at least one
// of k samples drawn without replacement from n samples, c of them correct,
// is correct (Chen et al. 2021, eq. 1, product form). It is 1 when n-c < k.
// Errors: k < 1, k > n, c < 0 or c > n.
func PassAtK(n, c, k int) (float64, error) {
	if err := check(n, c, k); err != nil {
		return 0, err
	}
	return passAtK(n, c, k), nil
}

func check(n, c, k int) error {
	switch {
	case n < 1:
		return fmt.Errorf("passk: n = %d samples, need n >= 1", n)
	case c < 0:
		return fmt.Errorf("passk: c = %d correct, need c >= 0", c)
	case c > n:
		return fmt.Errorf("passk: c = %d correct > n = %d samples", c, n)
	case k < 1:
		return fmt.Errorf("passk: k = %d, need k >= 1", k)
	case k > n:
		return fmt.Errorf("passk: k = %d > n = %d samples", k, n)
	}
	return nil
}

// passAtK assumes valid arguments. The product runs over i = n-c+1..n in
// increasing order, the order of the reference implementation, so that
// results agree to the last few ulps.
func passAtK(n, c, k int) float64 {
	if n-c < k {
		return 1
	}
	kf := float64(k)
	prod := 1.0
	for i := n - c + 1; i <= n; i++ {
		prod *= 1 - kf/float64(i)
	}
	return 1 - prod
}

// Curve returns pass@k of one problem for each k in ks.
func Curve(n, c int, ks []int) ([]float64, error) {
	out := make([]float64, len(ks))
	for j, k := range ks {
		if err := check(n, c, k); err != nil {
			return nil, fmt.Errorf("%w (ks[%d])", err, j)
		}
		out[j] = passAtK(n, c, k)
	}
	return out, nil
}

// Grid returns the usual k grid 1, 2, 5, 10, 20, 50, ... up to and including
// n (n is appended when it is not itself on the 1-2-5 grid). Grid(0) is empty.
func Grid(n int) []int {
	var ks []int
	for dec := 1; dec <= n; dec *= 10 {
		for _, m := range [3]int{1, 2, 5} {
			if k := m * dec; k <= n {
				ks = append(ks, k)
			}
		}
		if dec > n/10 {
			break
		}
	}
	if len(ks) > 0 && ks[len(ks)-1] != n {
		ks = append(ks, n)
	}
	return ks
}

// matrix returns pass@k for every problem (rows) and every k in ks
// (columns): m[i][j] = pass@ks[j] of problem i with ns[i] samples and
// cs[i] correct; row names problem i in errors.
func matrix(ns, cs []int, ks []int, row func(int) string) ([][]float64, error) {
	if len(ns) != len(cs) {
		return nil, fmt.Errorf("passk: %d sample counts but %d correct counts", len(ns), len(cs))
	}
	if len(ns) == 0 {
		return nil, fmt.Errorf("passk: no problems")
	}
	m := make([][]float64, len(ns))
	flat := make([]float64, len(ns)*len(ks))
	for i := range ns {
		r := flat[i*len(ks) : (i+1)*len(ks)]
		for j, k := range ks {
			if err := check(ns[i], cs[i], k); err != nil {
				return nil, fmt.Errorf("%w (%s, ks[%d])", err, row(i), j)
			}
			r[j] = passAtK(ns[i], cs[i], k)
		}
		m[i] = r
	}
	return m, nil
}

func colMeans(m [][]float64, nk int) []float64 {
	out := make([]float64, nk)
	for _, row := range m {
		for j, v := range row {
			out[j] += v
		}
	}
	for j := range out {
		out[j] /= float64(len(m))
	}
	return out
}
