package passk

import (
	"fmt"

	"github.com/gophernote/gophernote/fitlib/data"
)

// Counts holds one model's repeated-sampling outcomes on a benchmark:
// problem i was attempted N[i] times and solved C[i] times. It is the one
// per-problem counts type of fitlib (package monkeys fits power laws to it,
// package geneval holds one per checkpoint). Every method derives what it
// needs from N and C, so a literal works:
//
//	c := passk.Counts{Name: "toy", N: []int{100, 100}, C: []int{3, 0}}
//	p, err := c.PassAtK(10)
type Counts struct {
	// Name labels the counts in messages and plots (a model, a checkpoint).
	Name string
	// N and C are the samples and correct samples of each problem.
	N, C []int
	// Where[i] locates problem i in its source (file:line) for error
	// messages; empty for counts built in memory.
	Where []string
}

// NewCounts checks and copies per-problem counts. Errors name the row
// (0-based, with its file line when known) and what is wrong.
func NewCounts(name string, ns, cs []int) (Counts, error) {
	c := Counts{Name: name, N: append([]int(nil), ns...), C: append([]int(nil), cs...)}
	return c, c.Validate()
}

// Validate reports the first invalid row: n <= 0, c < 0, c > n, unequal
// lengths or no problems.
func (c Counts) Validate() error {
	if len(c.N) != len(c.C) {
		return fmt.Errorf("passk: %s: %d sample counts but %d correct counts", c.label(), len(c.N), len(c.C))
	}
	if len(c.N) == 0 {
		return fmt.Errorf("passk: %s: no problems", c.label())
	}
	for i := range c.N {
		n, k := c.N[i], c.C[i]
		switch {
		case n <= 0:
			return fmt.Errorf("passk: %s: %s: num_samples = %d, need > 0", c.label(), c.Row(i), n)
		case k < 0:
			return fmt.Errorf("passk: %s: %s: num_correct = %d is negative", c.label(), c.Row(i), k)
		case k > n:
			return fmt.Errorf("passk: %s: %s: num_correct = %d > num_samples = %d", c.label(), c.Row(i), k, n)
		}
	}
	return nil
}

func (c Counts) label() string {
	if c.Name == "" {
		return "counts"
	}
	return fmt.Sprintf("%q", c.Name)
}

// Row describes problem i for messages: "row 3 (file.csv:5)".
func (c Counts) Row(i int) string {
	if i < len(c.Where) && c.Where[i] != "" {
		return fmt.Sprintf("row %d (%s)", i, c.Where[i])
	}
	return fmt.Sprintf("row %d", i)
}

// Len returns the number of problems.
func (c Counts) Len() int { return len(c.N) }

// Solved returns the number of problems with at least one correct sample.
func (c Counts) Solved() int {
	s := 0
	for _, k := range c.C {
		if k > 0 {
			s++
		}
	}
	return s
}

// MinSamples returns the fewest samples of any problem: pass@k of the
// benchmark needs k <= MinSamples. It is 0 for no problems.
func (c Counts) MinSamples() int {
	if len(c.N) == 0 {
		return 0
	}
	m := c.N[0]
	for _, n := range c.N[1:] {
		m = min(m, n)
	}
	return m
}

// MaxSamples returns the most samples of any problem.
func (c Counts) MaxSamples() int {
	m := 0
	for _, n := range c.N {
		m = max(m, n)
	}
	return m
}

// PHat returns the per-problem success fractions c_i/n_i (pass_i@1).
func (c Counts) PHat() []float64 {
	out := make([]float64, len(c.N))
	for i := range c.N {
		out[i] = float64(c.C[i]) / float64(c.N[i])
	}
	return out
}

// MaxPHat returns the largest c_i/n_i.
func (c Counts) MaxPHat() float64 {
	m := 0.0
	for i := range c.N {
		if p := float64(c.C[i]) / float64(c.N[i]); p > m {
			m = p
		}
	}
	return m
}

// PassAtK returns the benchmark-level pass_B@k, the mean over problems of
// the unbiased per-problem estimator. It is an error when a problem has
// fewer than k samples (the estimator is undefined there, and a mean over
// the other problems would change the benchmark).
func (c Counts) PassAtK(k int) (float64, error) {
	if err := c.Validate(); err != nil {
		return 0, err
	}
	if k < 1 {
		return 0, fmt.Errorf("passk: %s: k = %d, need k >= 1", c.label(), k)
	}
	sum := 0.0
	for i, n := range c.N {
		if k > n {
			return 0, fmt.Errorf("passk: %s: %s has %d samples, fewer than k = %d", c.label(), c.Row(i), n, k)
		}
		sum += passAtK(n, c.C[i], k)
	}
	return sum / float64(len(c.N)), nil
}

// Curve returns PassAtK for each k in ks (the benchmark's pass@k curve).
func (c Counts) Curve(ks []int) ([]float64, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	m, err := matrix(c.N, c.C, ks, c.Row)
	if err != nil {
		return nil, err
	}
	return colMeans(m, len(ks)), nil
}

// CurveFirstSuccess is Curve for data whose sampling stops at a problem's
// first success, as best-of-N jailbreaking data do: a problem with fewer
// samples than k counts as solved when it has a success (n - c < k, where
// the unbiased estimator 1 - C(n-c,k)/C(n,k) is itself 1); one without a
// success and fewer than k samples has no estimate, and the error names
// its row. On problems with at least k samples it equals Curve.
func (c Counts) CurveFirstSuccess(ks []int) ([]float64, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	out := make([]float64, len(ks))
	for j, k := range ks {
		if k < 1 {
			return nil, fmt.Errorf("passk: ks[%d] = %d, need k >= 1", j, k)
		}
		sum := 0.0
		for i := range c.N {
			n, cc := c.N[i], c.C[i]
			if k > n {
				if cc > 0 {
					sum++
					continue
				}
				return nil, fmt.Errorf("passk: %s: %s: k = %d > %d samples with none correct: pass@k cannot be estimated", c.label(), c.Row(i), k, n)
			}
			sum += passAtK(n, cc, k)
		}
		out[j] = sum / float64(len(c.N))
	}
	return out, nil
}

// Matrix returns pass@k for every problem (rows) and every k in ks
// (columns): m[i][j] is pass@ks[j] of problem i. Errors name the problem's
// row (and file line) and k.
func (c Counts) Matrix(ks []int) ([][]float64, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return matrix(c.N, c.C, ks, c.Row)
}

// ReadCounts reads a per-problem counts CSV (columns num_samples and
// num_correct; see data.ReadCSV for where the file is looked up) and splits
// it by the values of groupCol (e.g. "model"), in order of first
// appearance. Errors name file:line of the offending row.
func ReadCounts(path, groupCol string) ([]Counts, error) {
	t, err := data.ReadCSV(path)
	if err != nil {
		return nil, err
	}
	return CountsFromTable(t, groupCol)
}

// CountsFromTable splits a per-problem counts table (columns num_samples,
// num_correct and groupCol) by groupCol, in order of first appearance.
func CountsFromTable(t *data.Table, groupCol string) ([]Counts, error) {
	groups, err := t.Strings(groupCol)
	if err != nil {
		return nil, err
	}
	ns, err := t.Ints("num_samples")
	if err != nil {
		return nil, err
	}
	cs, err := t.Ints("num_correct")
	if err != nil {
		return nil, err
	}
	var out []Counts
	index := map[string]int{}
	for i, g := range groups {
		j, ok := index[g]
		if !ok {
			j = len(out)
			index[g] = j
			out = append(out, Counts{Name: g})
		}
		out[j].N = append(out[j].N, ns[i])
		out[j].C = append(out[j].C, cs[i])
		out[j].Where = append(out[j].Where, fmt.Sprintf("%s:%d", t.Base(), t.Line(i)))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("passk: %s: no rows", t.File)
	}
	for _, c := range out {
		if err := c.Validate(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// FindCounts returns the counts named name from a list, or an error
// listing the names available.
func FindCounts(all []Counts, name string) (Counts, error) {
	var names []string
	for _, c := range all {
		if c.Name == name {
			return c, nil
		}
		names = append(names, c.Name)
	}
	return Counts{}, fmt.Errorf("passk: no counts named %q (have %q)", name, names)
}
