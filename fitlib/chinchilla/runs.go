package chinchilla

import (
	"fmt"
	"math"
	"sort"

	"github.com/gophernote/gophernote/fitlib/data"
)

// DataFile is the digitized Hoffmann et al. (2022) Fig. 4 runs published
// by Besiroglu et al. (2024), relative to the shared data folder.
const DataFile = "chinchilla/svg_extracted_data.csv"

// Runs holds training runs as whole columns: model size N, tokens D,
// compute C and final loss L, plus their natural logs used by the fits.
type Runs struct {
	N, D, C, Loss    []float64
	LogN, LogD, LogL []float64
	// W, when non-nil, weights each run in the Huber objective (a
	// bootstrap sample stores each drawn run once with its count).
	W []float64
}

// Len is the number of runs.
func (r *Runs) Len() int { return len(r.Loss) }

// NewRuns builds Runs from columns of model size n, tokens d and loss l
// (C = 6 N D). Every value must be positive and finite; the error names the
// first bad row.
func NewRuns(n, d, l []float64) (*Runs, error) {
	if len(n) != len(d) || len(n) != len(l) {
		return nil, fmt.Errorf("chinchilla: column lengths differ: N %d, D %d, loss %d", len(n), len(d), len(l))
	}
	if len(n) == 0 {
		return nil, fmt.Errorf("chinchilla: no runs")
	}
	r := &Runs{}
	for i := range n {
		for _, v := range [...]float64{n[i], d[i], l[i]} {
			if !(v > 0) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("chinchilla: run %d: N = %g, D = %g, loss = %g: all must be positive and finite", i, n[i], d[i], l[i])
			}
		}
		r.N = append(r.N, n[i])
		r.D = append(r.D, d[i])
		r.C = append(r.C, 6*n[i]*d[i])
		r.Loss = append(r.Loss, l[i])
		r.LogN = append(r.LogN, math.Log(n[i]))
		r.LogD = append(r.LogD, math.Log(d[i]))
		r.LogL = append(r.LogL, math.Log(l[i]))
	}
	return r, nil
}

// LoadRuns reads DataFile (columns `Model Size`, `Training FLOP`, `loss`),
// sets D = C/(6N) and drops the dropHighest runs of highest loss, as
// Besiroglu et al. (2024) do (245 - 5 = 240 runs).
func LoadRuns(dropHighest int) (*Runs, error) {
	t, err := data.ReadCSV(DataFile)
	if err != nil {
		return nil, err
	}
	n, err := t.Floats("Model Size")
	if err != nil {
		return nil, err
	}
	c, err := t.Floats("Training FLOP")
	if err != nil {
		return nil, err
	}
	l, err := t.Floats("loss")
	if err != nil {
		return nil, err
	}
	return dropAndBuild(n, c, l, dropHighest)
}

func dropAndBuild(n, c, l []float64, dropHighest int) (*Runs, error) {
	if dropHighest < 0 || dropHighest >= len(l) {
		return nil, fmt.Errorf("chinchilla: cannot drop %d of %d runs", dropHighest, len(l))
	}
	idx := make([]int, len(l))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return l[idx[a]] > l[idx[b]] })
	drop := map[int]bool{}
	for _, i := range idx[:dropHighest] {
		drop[i] = true
	}
	var nn, dd, ll []float64
	for i := range l {
		if drop[i] {
			continue
		}
		if !(n[i] > 0) {
			return nil, fmt.Errorf("chinchilla: %s row %d: model size %g must be > 0", DataFile, i+2, n[i])
		}
		nn = append(nn, n[i])
		dd = append(dd, c[i]/(6*n[i]))
		ll = append(ll, l[i])
	}
	return NewRuns(nn, dd, ll)
}

// Resample returns the runs at the given indices (a bootstrap sample).
func (r *Runs) Resample(idx []int) (*Runs, error) {
	out := &Runs{}
	for _, i := range idx {
		if i < 0 || i >= r.Len() {
			return nil, fmt.Errorf("chinchilla: resample index %d outside 0..%d", i, r.Len()-1)
		}
		out.N = append(out.N, r.N[i])
		out.D = append(out.D, r.D[i])
		out.C = append(out.C, r.C[i])
		out.Loss = append(out.Loss, r.Loss[i])
		out.LogN = append(out.LogN, r.LogN[i])
		out.LogD = append(out.LogD, r.LogD[i])
		out.LogL = append(out.LogL, r.LogL[i])
	}
	return out, nil
}
