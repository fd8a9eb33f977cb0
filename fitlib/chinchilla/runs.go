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

// Runs holds training runs as named columns: model size N, tokens D,
// compute C = 6 N D and final loss. A literal of your own columns works,
//
//	runs := &chinchilla.Runs{N: n, D: d, Loss: loss}
//
// (C may be left out; when given it must equal 6 N D to 1e-6 relative);
// the fits check the columns on first use and name the first bad run.
type Runs struct {
	N, D, C, Loss []float64

	// natural logs of N, D and Loss, filled by prepare
	logN, logD, logL []float64
	// w, when non-nil, weights each run in the Huber objective (a
	// bootstrap sample stores each drawn run once with its count).
	w []float64
}

// Len is the number of runs.
func (r *Runs) Len() int { return len(r.Loss) }

// prepare checks the columns and fills C (when absent) and the logs the
// objectives use; it runs once per Runs, before any goroutine reads it.
func (r *Runs) prepare() error {
	if r == nil {
		return fmt.Errorf("chinchilla: no runs")
	}
	if len(r.logL) == len(r.Loss) && len(r.logL) > 0 && r.C != nil {
		return nil
	}
	n, d, l := r.N, r.D, r.Loss
	if len(n) != len(d) || len(n) != len(l) || r.C != nil && len(r.C) != len(n) {
		return fmt.Errorf("chinchilla: Runs columns differ in length: N %d, D %d, C %d, Loss %d", len(n), len(d), len(r.C), len(l))
	}
	if len(n) == 0 {
		return fmt.Errorf("chinchilla: no runs")
	}
	c := make([]float64, len(n))
	logN, logD, logL := make([]float64, len(n)), make([]float64, len(n)), make([]float64, len(n))
	for i := range n {
		for _, v := range [...]float64{n[i], d[i], l[i]} {
			if !(v > 0) || math.IsInf(v, 0) {
				return fmt.Errorf("chinchilla: run %d: N = %g, D = %g, loss = %g: all must be positive and finite", i, n[i], d[i], l[i])
			}
		}
		c[i] = 6 * n[i] * d[i]
		if r.C != nil && !(math.Abs(r.C[i]-c[i]) <= 1e-6*c[i]) {
			return fmt.Errorf("chinchilla: run %d: C = %g, but 6 N D = %g: leave C out or give 6 N D", i, r.C[i], c[i])
		}
		logN[i], logD[i], logL[i] = math.Log(n[i]), math.Log(d[i]), math.Log(l[i])
	}
	if r.C == nil {
		r.C = c
	}
	r.logN, r.logD, r.logL = logN, logD, logL
	return nil
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
	r := &Runs{N: nn, D: dd, Loss: ll}
	return r, r.prepare()
}

// Resample returns the runs at the given indices (a bootstrap sample).
func (r *Runs) Resample(idx []int) (*Runs, error) {
	if err := r.prepare(); err != nil {
		return nil, err
	}
	out := &Runs{}
	for _, i := range idx {
		if i < 0 || i >= r.Len() {
			return nil, fmt.Errorf("chinchilla: resample index %d outside 0..%d", i, r.Len()-1)
		}
		out.N = append(out.N, r.N[i])
		out.D = append(out.D, r.D[i])
		out.C = append(out.C, r.C[i])
		out.Loss = append(out.Loss, r.Loss[i])
		out.logN = append(out.logN, r.logN[i])
		out.logD = append(out.logD, r.logD[i])
		out.logL = append(out.logL, r.logL[i])
	}
	return out, nil
}
