package frontier

import (
	"fmt"
	"math"
	"sort"

	"github.com/gophernote/gophernote/fitlib/internal/num"
)

// EqualMassEdges returns the edges of at most nbins equal-mass bins of z
// (edges at the k/nbins empirical quantiles, first and last at min and max).
// Tied values (models sharing one base model share z) can make quantiles
// coincide; coinciding edges are merged, so fewer bins may come back, and
// a bin left with fewer than minPerBin points is merged into its
// neighbour. where names the data (task, period) in errors; fewer than
// nbins*minPerBin points is an error.
func EqualMassEdges(where string, z []float64, nbins, minPerBin int) ([]float64, error) {
	if nbins < 1 {
		return nil, fmt.Errorf("frontier: %s: %d bins requested", where, nbins)
	}
	if minPerBin < 1 {
		minPerBin = 1
	}
	if len(z) < nbins*minPerBin {
		return nil, fmt.Errorf("frontier: %s: %d points, %d bins of at least %d need %d", where, len(z), nbins, minPerBin, nbins*minPerBin)
	}
	s := append([]float64(nil), z...)
	sort.Float64s(s)
	for i, v := range s {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("frontier: %s: point %d: compute %v not finite", where, i+1, v)
		}
	}
	edges := []float64{s[0]}
	for k := 1; k < nbins; k++ {
		e := num.QuantileSorted(s, float64(k)/float64(nbins))
		if e > edges[len(edges)-1] && e < s[len(s)-1] {
			edges = append(edges, e)
		}
	}
	edges = append(edges, s[len(s)-1])
	if len(edges) == 2 && edges[0] == edges[1] {
		return edges, nil // all points at one compute: one bin
	}
	// Merge under-filled bins into their neighbour (the later one, or the
	// earlier one for the last bin).
	for {
		counts := binCounts(edges, s)
		bad := -1
		for b, c := range counts {
			if c < minPerBin {
				bad = b
				break
			}
		}
		if bad < 0 || len(counts) == 1 {
			break
		}
		if bad == len(counts)-1 {
			edges = append(edges[:bad], edges[bad+1:]...)
		} else {
			edges = append(edges[:bad+1], edges[bad+2:]...)
		}
	}
	return edges, nil
}

// BinOf returns the bin of z for the given edges: bins are [e_k, e_k+1)
// except the last, which is closed; values outside go to the end bins.
func BinOf(edges []float64, z float64) int {
	nb := len(edges) - 1
	if nb <= 1 {
		return 0
	}
	b := sort.SearchFloat64s(edges, z) // first edge >= z
	if b < len(edges) && edges[b] == z {
		b++ // z on edge k belongs to bin k
	}
	b--
	if b < 0 {
		return 0
	}
	if b >= nb {
		return nb - 1
	}
	return b
}

// Midpoints returns the centres of the bins.
func Midpoints(edges []float64) []float64 {
	m := make([]float64, 0, len(edges)-1)
	for k := 0; k+1 < len(edges); k++ {
		m = append(m, (edges[k]+edges[k+1])/2)
	}
	return m
}

func binCounts(edges, z []float64) []int {
	c := make([]int, max(1, len(edges)-1))
	for _, v := range z {
		c[BinOf(edges, v)]++
	}
	return c
}
