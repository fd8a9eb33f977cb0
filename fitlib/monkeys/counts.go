package monkeys

import (
	"fmt"

	"github.com/gophernote/gophernote/fitlib/passk"
)

// Per-problem counts are passk.Counts, the one counts type of fitlib
// (read them with passk.ReadCounts, pick one with passk.FindCounts).

// label names counts in messages.
func label(c passk.Counts) string {
	if c.Name == "" {
		return "counts"
	}
	return fmt.Sprintf("%q", c.Name)
}

// pair is a distinct (n, c) with its multiplicity: likelihoods are
// evaluated once per distinct pair.
type pair struct {
	n, c int
	w    float64
}

func distinctPairs(c passk.Counts) []pair {
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
