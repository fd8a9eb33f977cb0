package geneval

import (
	"fmt"
	"math"

	"github.com/gophernote/gophernote/fitlib/data"
	"github.com/gophernote/gophernote/fitlib/passk"
)

// Files of the repeated-sampling study of Brown et al. (2024), "Large
// Language Monkeys", as published by Schaeffer et al. (2025).
const (
	MonkeysCounts = "llmonkeys/pythia_math_per_problem_counts.csv"
	MonkeysPassAt = "llmonkeys/pythia_math_pass_at_k_per_problem.csv"
)

// PassKReport checks fitlib/passk against a published per-problem pass@k
// table and summarises pass@1 per model.
type PassKReport struct {
	Rows        int     // rows of the reference table checked
	MaxAbsError float64 // max |our pass@k - published pass_at_k|
	// The row of the largest error.
	WorstLine  int
	WorstModel string
	WorstK     int
	// Models in order of appearance in the counts file, with the mean
	// over problems of pass@1 = c/n.
	Models      []string
	MeanPassAt1 []float64
}

// CheckPassK recomputes every row of the reference table refRel (columns
// model, problem_idx, num_samples, num_correct, k, pass_at_k) with
// passk.PassAtK, checks that each row's (n, c) agree with the counts file
// countsRel (columns model, problem_idx, num_samples, num_correct), and
// computes each model's mean pass@1 from the counts file.
func CheckPassK(countsRel, refRel string) (*PassKReport, error) {
	ct, err := data.ReadCSV(countsRel)
	if err != nil {
		return nil, err
	}
	cm, err := ct.Strings("model")
	if err != nil {
		return nil, err
	}
	cp, err := ct.Strings("problem_idx")
	if err != nil {
		return nil, err
	}
	cn, err := ct.Ints("num_samples")
	if err != nil {
		return nil, err
	}
	cc, err := ct.Ints("num_correct")
	if err != nil {
		return nil, err
	}
	type key struct{ model, problem string }
	counts := map[key][2]int{}
	rep := &PassKReport{}
	idx := map[string]int{}
	num := []int{}
	for i := range cm {
		if cn[i] < 1 || cc[i] < 0 || cc[i] > cn[i] {
			return nil, fmt.Errorf("%s:%d: model %s problem %s: num_correct %d of num_samples %d", ct.File, ct.Line(i), cm[i], cp[i], cc[i], cn[i])
		}
		counts[key{cm[i], cp[i]}] = [2]int{cn[i], cc[i]}
		j, ok := idx[cm[i]]
		if !ok {
			j = len(rep.Models)
			idx[cm[i]] = j
			rep.Models = append(rep.Models, cm[i])
			rep.MeanPassAt1 = append(rep.MeanPassAt1, 0)
			num = append(num, 0)
		}
		rep.MeanPassAt1[j] += float64(cc[i]) / float64(cn[i])
		num[j]++
	}
	for j := range rep.MeanPassAt1 {
		rep.MeanPassAt1[j] /= float64(num[j])
	}
	rt, err := data.ReadCSV(refRel)
	if err != nil {
		return nil, err
	}
	rm, err := rt.Strings("model")
	if err != nil {
		return nil, err
	}
	rp, err := rt.Strings("problem_idx")
	if err != nil {
		return nil, err
	}
	rn, err := rt.Ints("num_samples")
	if err != nil {
		return nil, err
	}
	rc, err := rt.Ints("num_correct")
	if err != nil {
		return nil, err
	}
	rk, err := rt.Ints("k")
	if err != nil {
		return nil, err
	}
	rv, err := rt.Floats("pass_at_k")
	if err != nil {
		return nil, err
	}
	for i := range rm {
		nc, ok := counts[key{rm[i], rp[i]}]
		if !ok {
			return nil, fmt.Errorf("%s:%d: model %s problem %s is not in %s", rt.File, rt.Line(i), rm[i], rp[i], ct.File)
		}
		if nc != [2]int{rn[i], rc[i]} {
			return nil, fmt.Errorf("%s:%d: model %s problem %s has n=%d c=%d, the counts file n=%d c=%d", rt.File, rt.Line(i), rm[i], rp[i], rn[i], rc[i], nc[0], nc[1])
		}
		v, err := passk.PassAtK(rn[i], rc[i], rk[i])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", rt.File, rt.Line(i), err)
		}
		if d := math.Abs(v - rv[i]); d > rep.MaxAbsError || rep.Rows == 0 {
			rep.MaxAbsError, rep.WorstLine, rep.WorstModel, rep.WorstK = d, rt.Line(i), rm[i], rk[i]
		}
		rep.Rows++
	}
	return rep, nil
}

// Summary returns the 01_passk notebook summary: passk_rows_checked,
// passk_max_abs_error and mean_pass_at_1 {model: value}.
func (r *PassKReport) Summary() map[string]any {
	m := map[string]float64{}
	for i, name := range r.Models {
		m[name] = r.MeanPassAt1[i]
	}
	return map[string]any{"passk_rows_checked": r.Rows, "passk_max_abs_error": r.MaxAbsError, "mean_pass_at_1": m}
}
