package geneval

import (
	"fmt"
	"math"
	"sort"

	"github.com/gophernote/gophernote/fitlib/data"
)

// Gold is one checkpoint's likelihood of the benchmark's reference answers.
type Gold struct {
	Checkpoint string  // Model column, e.g. "Pythia_12B_300B"
	Compute    float64 // the file's "Scaling Parameter" (6ND)
	Problems   int
	// NegLogGoldProb is -log GoldProb_B, GoldProb_B the mean over problems
	// of exp(-NLL_i), computed as log(M) - logsumexp(-NLL).
	NegLogGoldProb float64
}

// LoadGold reads a reference-answer likelihood file such as
// "pythia_checkpoints/gsm8k_gold_answer_nll.csv" (columns Model,
// Problem Idx, Neg Log Score, Scaling Parameter) and returns one Gold per
// checkpoint, sorted by compute.
func LoadGold(rel string) ([]Gold, error) {
	t, err := data.ReadCSV(rel)
	if err != nil {
		return nil, err
	}
	return GoldFromTable(t)
}

// GoldFromTable is LoadGold on a table already read.
func GoldFromTable(t *data.Table) ([]Gold, error) {
	models, err := t.Strings("Model")
	if err != nil {
		return nil, err
	}
	nll, err := t.Floats("Neg Log Score")
	if err != nil {
		return nil, err
	}
	scale, err := t.Floats("Scaling Parameter")
	if err != nil {
		return nil, err
	}
	groups := map[string][]float64{}
	comp := map[string]float64{}
	var order []string
	for r, m := range models {
		if math.IsNaN(nll[r]) || math.IsInf(nll[r], 0) || nll[r] < 0 {
			return nil, fmt.Errorf("%s:%d: model %s: Neg Log Score %v, need a finite value >= 0", t.File, t.Line(r), m, nll[r])
		}
		if _, ok := groups[m]; !ok {
			order = append(order, m)
			comp[m] = scale[r]
		}
		groups[m] = append(groups[m], -nll[r])
	}
	if len(order) == 0 {
		return nil, fmt.Errorf("%s: no rows", t.File)
	}
	out := make([]Gold, 0, len(order))
	for _, m := range order {
		v := groups[m]
		out = append(out, Gold{Checkpoint: m, Compute: comp[m], Problems: len(v),
			NegLogGoldProb: math.Log(float64(len(v))) - LogSumExp(v)})
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Compute < out[b].Compute })
	return out, nil
}

// LogSumExp returns log(sum exp(x)) without overflow or underflow: the
// largest term is factored out. It is -Inf for an empty slice.
func LogSumExp(x []float64) float64 {
	m := maxOf(x)
	if math.IsInf(m, 0) {
		return m
	}
	s := 0.0
	for _, v := range x {
		s += math.Exp(v - m)
	}
	return m + math.Log(s)
}
