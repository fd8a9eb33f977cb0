package data

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// The transformations T1–T9 of PROVENANCE.md §2, which rebuild the derived
// tables byte for byte from the downloaded sources. Each is checked by the
// sha256 of its output (Dataset.SHA256) before anything is written.

// sourceSet holds the verified bytes of the downloaded sources of one
// fetch and the parquet columns decoded from them, shared by the tables
// built from the same file.
type sourceSet struct {
	raw map[*SourceFile][]byte

	mu sync.Mutex
	pq map[*SourceFile]*pqCache
}

type pqCache struct {
	mu   sync.Mutex
	file *pqFile
	err  error
	cols map[string]any
}

func newSourceSet() *sourceSet {
	return &sourceSet{raw: map[*SourceFile][]byte{}, pq: map[*SourceFile]*pqCache{}}
}

// parquet returns the decoded-column cache of source f.
func (s *sourceSet) parquet(f *SourceFile) *pqCache {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.pq[f]
	if c == nil {
		c = &pqCache{cols: map[string]any{}}
		c.file, c.err = openParquet(f.Repo.Name+"/"+f.Path, s.raw[f])
		s.pq[f] = c
	}
	return c
}

// column decodes column col of kind "str", "int", "float" or "count"
// once per fetch.
func (c *pqCache) column(col, kind string) (any, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return nil, c.err
	}
	key := kind + "\x00" + col
	if v, ok := c.cols[key]; ok {
		return v, nil
	}
	var v any
	var err error
	switch kind {
	case "str":
		v, err = c.file.strings(col)
	case "int":
		v, err = c.file.ints(col)
	case "float":
		v, err = c.file.floats(col)
	case "count":
		v, err = c.file.counts(col)
	}
	if err != nil {
		return nil, err
	}
	c.cols[key] = v
	return v, nil
}

// cols2 reads several columns; spec is a list of (name, kind) pairs and
// dst receives *[]string, *[]int64 or *[]float64 in the same order.
func (c *pqCache) cols2(spec [][2]string, dst ...any) error {
	for i, s := range spec {
		v, err := c.column(s[0], s[1])
		if err != nil {
			return err
		}
		switch d := dst[i].(type) {
		case *[]string:
			*d = v.([]string)
		case *[]int64:
			*d = v.([]int64)
		case *[]float64:
			*d = v.([]float64)
		}
	}
	return nil
}

// f17 is C's %.17g (PROVENANCE.md "F17"): Go's 'g' with 17 digits drops
// trailing zeros and switches to an exponent exactly as C does.
func f17(v float64) string { return strconv.FormatFloat(v, 'g', 17, 64) }

// pyr is Python's repr(float) (PROVENANCE.md "PYR"): the shortest
// round-trip digits, positional when the decimal exponent e satisfies
// -4 <= e < 16 (with ".0" for whole numbers), else scientific.
func pyr(v float64) string {
	switch {
	case math.IsNaN(v):
		return "nan"
	case math.IsInf(v, 1):
		return "inf"
	case math.IsInf(v, -1):
		return "-inf"
	}
	e := strconv.FormatFloat(v, 'e', -1, 64)
	exp, _ := strconv.Atoi(e[strings.LastIndexByte(e, 'e')+1:])
	if exp < -4 || exp >= 16 {
		return e
	}
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if !strings.ContainsRune(s, '.') {
		s += ".0"
	}
	return s
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

// csvBytes writes header and n records made by rec (which may reuse its
// argument) with encoding/csv; crlf selects CRLF line endings.
func csvBytes(header []string, n int, crlf bool, rec func(i int, r []string)) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(n * 48)
	w := csv.NewWriter(&buf)
	w.UseCRLF = crlf
	if err := w.Write(header); err != nil {
		return nil, err
	}
	r := make([]string, len(header))
	for i := 0; i < n; i++ {
		rec(i, r)
		if err := w.Write(r); err != nil {
			return nil, err
		}
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}

// modelSize parses the size of "Pythia 70M" (K, M, B, T suffixes) for the
// size order of T2 and T3.
func modelSize(model string) (float64, error) {
	f := strings.Fields(model)
	if len(f) == 0 {
		return 0, fmt.Errorf("model %q has no size", model)
	}
	s := f[len(f)-1]
	mult := map[byte]float64{'K': 1e3, 'M': 1e6, 'B': 1e9, 'T': 1e12}[s[len(s)-1]]
	v, err := strconv.ParseFloat(s[:len(s)-1], 64)
	if mult == 0 || err != nil {
		return 0, fmt.Errorf("model %q: cannot read its size from %q", model, s)
	}
	return v * mult, nil
}

// sortModels orders model names by parsed size (bySize) or as strings.
func sortModels(models []string, bySize bool) error {
	if !bySize {
		sort.Strings(models)
		return nil
	}
	size := map[string]float64{}
	for _, m := range models {
		s, err := modelSize(m)
		if err != nil {
			return err
		}
		size[m] = s
	}
	sort.SliceStable(models, func(i, j int) bool { return size[models[i]] < size[models[j]] })
	return nil
}

// monkeyA reads the columns of source A that T1–T3 use.
type monkeyA struct {
	model, bench  []string
	prob, n, c, k []int64
	score         []float64
	name          string
}

func readMonkeyA(s *sourceSet) (*monkeyA, error) {
	p := s.parquet(srcMathPass)
	a := &monkeyA{name: srcMathPass.Path}
	err := p.cols2([][2]string{{"Model", "str"}, {"Benchmark", "str"}, {"Problem Idx", "int"}, {"Num. Samples Total", "int"},
		{"Num. Samples Correct", "count"}, {"Scaling Parameter", "int"}, {"Score", "float"}},
		&a.model, &a.bench, &a.prob, &a.n, &a.c, &a.k, &a.score)
	return a, err
}

// buildT1: every row of A in source order, six columns renamed, Score as
// F17, CRLF.
func buildT1(s *sourceSet) ([]byte, error) {
	a, err := readMonkeyA(s)
	if err != nil {
		return nil, err
	}
	return csvBytes([]string{"model", "problem_idx", "num_samples", "num_correct", "k", "pass_at_k"}, len(a.model), true,
		func(i int, r []string) {
			r[0], r[1], r[2], r[3], r[4], r[5] = a.model[i], itoa(a.prob[i]), itoa(a.n[i]), itoa(a.c[i]), itoa(a.k[i]), f17(a.score[i])
		})
}

// perProblem is one (model, [modality,] problem) group's counts.
type perProblem struct {
	model, extra string
	prob, n, c   int64
}

// groupCounts collapses rows to one per (model, extra, problem), checking
// that n and c do not vary with k; order: models (by size or as strings),
// extra, problem ascending.
func groupCounts(file string, model, extra []string, prob, n, c []int64, bySize bool) ([]perProblem, error) {
	type key struct {
		m, e string
		p    int64
	}
	at := map[key]int{}
	var out []perProblem
	for i := range model {
		e := ""
		if extra != nil {
			e = extra[i]
		}
		k := key{model[i], e, prob[i]}
		if j, ok := at[k]; ok {
			if out[j].n != n[i] || out[j].c != c[i] {
				return nil, fmt.Errorf("%s: row %d: %s problem %d has n=%d c=%d, but n=%d c=%d in an earlier row", file, i+1, model[i], prob[i], n[i], c[i], out[j].n, out[j].c)
			}
			continue
		}
		at[k] = len(out)
		out = append(out, perProblem{model[i], e, prob[i], n[i], c[i]})
	}
	rank, err := modelRank(model, bySize)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.model != b.model {
			return rank[a.model] < rank[b.model]
		}
		if a.extra != b.extra {
			return a.extra < b.extra
		}
		return a.prob < b.prob
	})
	return out, nil
}

// modelRank numbers the distinct models in the chosen order.
func modelRank(model []string, bySize bool) (map[string]int, error) {
	seen := map[string]bool{}
	var ms []string
	for _, m := range model {
		if !seen[m] {
			seen[m] = true
			ms = append(ms, m)
		}
	}
	if err := sortModels(ms, bySize); err != nil {
		return nil, err
	}
	rank := make(map[string]int, len(ms))
	for i, m := range ms {
		rank[m] = i
	}
	return rank, nil
}

// buildT2: one row per (model, problem) of A; models by size, problems
// ascending; CRLF.
func buildT2(s *sourceSet) ([]byte, error) {
	a, err := readMonkeyA(s)
	if err != nil {
		return nil, err
	}
	rows, err := groupCounts(a.name, a.model, a.bench, a.prob, a.n, a.c, true)
	if err != nil {
		return nil, err
	}
	return csvBytes([]string{"model", "benchmark", "problem_idx", "num_samples", "num_correct"}, len(rows), true,
		func(i int, r []string) {
			p := rows[i]
			r[0], r[1], r[2], r[3], r[4] = p.model, p.extra, itoa(p.prob), itoa(p.n), itoa(p.c)
		})
}

// meanPassAtK is T3/T5: for each (model, k) the mean of score over the
// problems, summed left to right in ascending problem order (the order
// that reproduces the published means bit for bit; an exactly rounded sum
// does not), printed as Python's repr.
func meanPassAtK(file string, model []string, prob, k []int64, score []float64, bySize bool) ([]byte, error) {
	type key struct {
		m string
		k int64
	}
	type pt struct {
		p int64
		s float64
	}
	groups := map[key][]pt{}
	var keys []key
	for i := range model {
		kk := key{model[i], k[i]}
		if _, ok := groups[kk]; !ok {
			keys = append(keys, kk)
		}
		groups[kk] = append(groups[kk], pt{prob[i], score[i]})
	}
	rank, err := modelRank(model, bySize)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].m != keys[j].m {
			return rank[keys[i].m] < rank[keys[j].m]
		}
		return keys[i].k < keys[j].k
	})
	return csvBytes([]string{"model", "k", "mean_pass_at_k", "num_problems"}, len(keys), true, func(i int, r []string) {
		g := groups[keys[i]]
		sort.SliceStable(g, func(a, b int) bool { return g[a].p < g[b].p })
		sum := 0.0
		for _, x := range g {
			sum += x.s
		}
		r[0], r[1], r[2], r[3] = keys[i].m, itoa(keys[i].k), pyr(sum/float64(len(g))), strconv.Itoa(len(g))
	})
}

// buildT3: mean pass@k of A per (model, k), models by size.
func buildT3(s *sourceSet) ([]byte, error) {
	a, err := readMonkeyA(s)
	if err != nil {
		return nil, err
	}
	return meanPassAtK(a.name, a.model, a.prob, a.k, a.score, true)
}

// monkeyB reads source B's text-modality rows.
type monkeyB struct {
	model, modality []string
	prob, n, c, k   []int64
	score           []float64
}

func readMonkeyB(s *sourceSet) (*monkeyB, error) {
	p := s.parquet(srcBoN)
	var all monkeyB
	err := p.cols2([][2]string{{"Model", "str"}, {"Modality", "str"}, {"Problem Idx", "int"}, {"Num. Samples", "int"},
		{"Num. Samples Correct", "count"}, {"Scaling Parameter", "int"}, {"Score", "float"}},
		&all.model, &all.modality, &all.prob, &all.n, &all.c, &all.k, &all.score)
	if err != nil {
		return nil, err
	}
	allText := true
	for _, m := range all.modality {
		allText = allText && m == "Text"
	}
	if allText { // as PROVENANCE.md finds: the filter keeps every row
		return &all, nil
	}
	b := &monkeyB{}
	for i, m := range all.modality {
		if m != "Text" {
			continue
		}
		b.model = append(b.model, all.model[i])
		b.modality = append(b.modality, m)
		b.prob = append(b.prob, all.prob[i])
		b.n = append(b.n, all.n[i])
		b.c = append(b.c, all.c[i])
		b.k = append(b.k, all.k[i])
		b.score = append(b.score, all.score[i])
	}
	return b, nil
}

// buildT4: one row per (model, modality, problem) of B's text rows;
// models as strings, problems ascending; CRLF.
func buildT4(s *sourceSet) ([]byte, error) {
	b, err := readMonkeyB(s)
	if err != nil {
		return nil, err
	}
	rows, err := groupCounts(srcBoN.Path, b.model, b.modality, b.prob, b.n, b.c, false)
	if err != nil {
		return nil, err
	}
	return csvBytes([]string{"model", "modality", "problem_idx", "num_samples", "num_correct"}, len(rows), true,
		func(i int, r []string) {
			p := rows[i]
			r[0], r[1], r[2], r[3], r[4] = p.model, p.extra, itoa(p.prob), itoa(p.n), itoa(p.c)
		})
}

// buildT5: mean pass@k of B's text rows per (model, k), models as strings.
func buildT5(s *sourceSet) ([]byte, error) {
	b, err := readMonkeyB(s)
	if err != nil {
		return nil, err
	}
	return meanPassAtK(srcBoN.Path, b.model, b.prob, b.k, b.score, false)
}

// buildT6: C exported as is (same columns and rows), doubles as F17, LF.
func buildT6(s *sourceSet) ([]byte, error) {
	p := s.parquet(srcNLL)
	var model, family []string
	var prob []int64
	var nls, sp, score, ls []float64
	err := p.cols2([][2]string{{"Model", "str"}, {"Problem Idx", "int"}, {"Neg Log Score", "float"}, {"Model Family", "str"},
		{"Scaling Parameter", "float"}, {"Score", "float"}, {"Log Score", "float"}},
		&model, &prob, &nls, &family, &sp, &score, &ls)
	if err != nil {
		return nil, err
	}
	return csvBytes([]string{"Model", "Problem Idx", "Neg Log Score", "Model Family", "Scaling Parameter", "Score", "Log Score"}, len(model), false,
		func(i int, r []string) {
			r[0], r[1], r[2], r[3], r[4], r[5], r[6] = model[i], itoa(prob[i]), f17(nls[i]), family[i], f17(sp[i]), f17(score[i]), f17(ls[i])
		})
}

// pythiaModel is a row of models_pythia.csv: the text written out and the
// numbers sorted by.
type pythiaModel struct {
	path, rev, params, tokens string
	p, t                      float64
}

func readPythiaModels(s *sourceSet) (map[string]pythiaModel, error) {
	// Read with encoding/csv rather than Table so that the text written
	// out is the file's own, whatever column kinds Table infers.
	name := srcModels.Repo.Name + "/" + srcModels.Path
	recs, err := csv.NewReader(bytes.NewReader(s.raw[srcModels])).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("%s: empty file", name)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	idx := make([]int, 5)
	for i, h := range []string{"Model Nickname", "HuggingFace Path", "HuggingFace Revision", "Parameters", "Tokens"} {
		j, ok := col[h]
		if !ok {
			return nil, fmt.Errorf("%s: no column %q", name, h)
		}
		idx[i] = j
	}
	out := make(map[string]pythiaModel, len(recs)-1)
	for li, r := range recs[1:] {
		m := pythiaModel{path: r[idx[1]], rev: r[idx[2]], params: r[idx[3]], tokens: r[idx[4]]}
		var err1, err2 error
		m.p, err1 = strconv.ParseFloat(m.params, 64)
		m.t, err2 = strconv.ParseFloat(m.tokens, 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%s:%d: Parameters %q or Tokens %q is not a number", name, li+2, m.params, m.tokens)
		}
		n := r[idx[0]]
		if _, dup := out[n]; dup {
			return nil, fmt.Errorf("%s:%d: model nickname %q appears twice", name, li+2, n)
		}
		out[n] = m
	}
	return out, nil
}

// buildCheckpointCounts is T7 (GSM8K, no Level column) and T8 (MATH): the
// k == 1 rows joined with models_pythia.csv on the nickname, sorted by
// (params, tokens, problem); CRLF.
func buildCheckpointCounts(s *sourceSet, f *SourceFile, bench string, withLevel bool) ([]byte, error) {
	p := s.parquet(f)
	var nick, level []string
	var prob, n, c, k []int64
	err := p.cols2([][2]string{{"Model Nickname", "str"}, {"prompt_idx", "int"}, {"Num. Samples", "int"}, {"Num. Samples Correct", "count"}, {"k", "int"}},
		&nick, &prob, &n, &c, &k)
	if err != nil {
		return nil, err
	}
	if withLevel {
		v, err := p.column("Level", "str")
		if err != nil {
			return nil, err
		}
		level = v.([]string)
	}
	models, err := readPythiaModels(s)
	if err != nil {
		return nil, err
	}
	var rows []int
	for i := range k {
		if k[i] != 1 {
			continue
		}
		if _, ok := models[nick[i]]; !ok {
			return nil, fmt.Errorf("%s: row %d: model nickname %q is not in %s", f.Path, i+1, nick[i], srcModels.Path)
		}
		rows = append(rows, i)
	}
	sort.SliceStable(rows, func(a, b int) bool {
		ma, mb := models[nick[rows[a]]], models[nick[rows[b]]]
		if ma.p != mb.p {
			return ma.p < mb.p
		}
		if ma.t != mb.t {
			return ma.t < mb.t
		}
		return prob[rows[a]] < prob[rows[b]]
	})
	return csvBytes([]string{"model_nickname", "hf_path", "hf_revision", "params", "tokens", "benchmark", "problem_idx", "level", "num_samples", "num_correct"},
		len(rows), true, func(j int, r []string) {
			i := rows[j]
			m := models[nick[i]]
			lv := ""
			if withLevel {
				lv = level[i]
			}
			r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9] = nick[i], m.path, m.rev, m.params, m.tokens, bench, itoa(prob[i]), lv, itoa(n[i]), itoa(c[i])
		})
}

func buildT7(s *sourceSet) ([]byte, error) { return buildCheckpointCounts(s, srcGSM8K, "GSM8K", false) }
func buildT8(s *sourceSet) ([]byte, error) { return buildCheckpointCounts(s, srcMATH, "MATH", true) }

// bnslPoints are the 17 (dataset size, test loss) points of 4-digit
// addition of Caballero, Gupta, Rish and Krueger (2023), "Broken Neural
// Scaling Laws", arXiv:2210.14891, Figure 4 (left), as the authors
// publish them in ethancaballero/broken_neural_scaling_laws @ ffa608f,
// fit_bnsl_and_extrapolate__4_digit_addition__dataset_size_x-axis.py
// (x and y array literals, lines 34–42, written here with the same digits;
// split_point = 14 on line 49: the first 14 are fitted, the last 3
// extrapolated). Published numbers, cited as facts; not downloaded.
var bnslPoints = [17][2]string{
	{"160", "2.13809046"}, {"192", "2.11813418"}, {"256", "2.08955508"}, {"320", "2.06988398"},
	{"384", "2.05404987"}, {"448", "2.03837089"}, {"480", "2.02814281"}, {"512", "2.00496872"},
	{"544", "1.95576149"}, {"576", "1.86313841"}, {"608", "1.70891537"}, {"640", "1.50637664"},
	{"672", "1.29754721"}, {"736", "0.96559684"}, {"800", "0.75856477"}, {"864", "0.64768338"},
	{"928", "0.55695445"},
}

// bnslSplit is the script's split_point.
const bnslSplit = 14

// buildT9 writes the BNSL points with role fit/extrapolate, LF.
func buildT9(*sourceSet) ([]byte, error) {
	return csvBytes([]string{"dataset_size", "test_loss", "role"}, len(bnslPoints), false, func(i int, r []string) {
		role := "fit"
		if i >= bnslSplit {
			role = "extrapolate"
		}
		r[0], r[1], r[2] = bnslPoints[i][0], bnslPoints[i][1], role
	})
}

// buildFrom makes table d from the verified sources in s.
func (d *Dataset) buildFrom(s *sourceSet) ([]byte, error) {
	if d.build != nil {
		return d.build(s)
	}
	b, ok := s.raw[d.Sources[0]]
	if !ok {
		return nil, fmt.Errorf("%s: source %s was not downloaded", d.Name, d.Sources[0].Path)
	}
	return b, nil
}
