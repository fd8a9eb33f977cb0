package monkeys

import (
	"fmt"

	"github.com/gophernote/gophernote/fitlib/data"
)

// Counts holds one model's repeated-sampling outcomes: problem i was
// attempted N[i] times and solved C[i] times.
type Counts struct {
	Name string
	N, C []int
	// Where[i] locates problem i in its source (file:line) for error
	// messages; empty for counts built in memory.
	Where []string
}

// NewCounts checks and wraps per-problem counts. Errors name the row
// (0-based) and what is wrong: n <= 0, c < 0, c > n, or unequal lengths.
func NewCounts(name string, ns, cs []int) (Counts, error) {
	c := Counts{Name: name, N: append([]int(nil), ns...), C: append([]int(nil), cs...)}
	return c, c.Validate()
}

// Validate reports the first invalid row.
func (c Counts) Validate() error {
	if len(c.N) != len(c.C) {
		return fmt.Errorf("monkeys: %s: %d sample counts but %d correct counts", c.label(), len(c.N), len(c.C))
	}
	if len(c.N) == 0 {
		return fmt.Errorf("monkeys: %s: no problems", c.label())
	}
	for i := range c.N {
		n, k := c.N[i], c.C[i]
		switch {
		case n <= 0:
			return fmt.Errorf("monkeys: %s: %s: num_samples = %d, need > 0", c.label(), c.row(i), n)
		case k < 0:
			return fmt.Errorf("monkeys: %s: %s: num_correct = %d is negative", c.label(), c.row(i), k)
		case k > n:
			return fmt.Errorf("monkeys: %s: %s: num_correct = %d > num_samples = %d", c.label(), c.row(i), k, n)
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

func (c Counts) row(i int) string {
	if i < len(c.Where) && c.Where[i] != "" {
		return fmt.Sprintf("row %d (%s)", i, c.Where[i])
	}
	return fmt.Sprintf("row %d", i)
}

// Len returns the number of problems.
func (c Counts) Len() int { return len(c.N) }

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

// ReadCounts reads a per-problem counts CSV (columns num_samples and
// num_correct) from the shared data folder (see fitlib/data) and splits it
// by the values of groupCol (e.g. "model"), in order of first appearance.
// Errors name file:line of the offending row.
func ReadCounts(rel, groupCol string) ([]Counts, error) {
	t, err := data.ReadCSV(rel)
	if err != nil {
		return nil, err
	}
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
	for _, c := range out {
		if err := c.Validate(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Find returns the counts named name from a list, or an error listing the
// names available.
func Find(all []Counts, name string) (Counts, error) {
	var names []string
	for _, c := range all {
		if c.Name == name {
			return c, nil
		}
		names = append(names, c.Name)
	}
	return Counts{}, fmt.Errorf("monkeys: no counts named %q (have %q)", name, names)
}

// pair is a distinct (n, c) with its multiplicity: likelihoods are
// evaluated once per distinct pair.
type pair struct {
	n, c int
	w    float64
}

func distinctPairs(c Counts) []pair {
	idx := map[[2]int]int{}
	var out []pair
	for i := range c.N {
		key := [2]int{c.N[i], c.C[i]}
		if j, ok := idx[key]; ok {
			out[j].w++
			continue
		}
		idx[key] = len(out)
		out = append(out, pair{c.N[i], c.C[i], 1})
	}
	return out
}
