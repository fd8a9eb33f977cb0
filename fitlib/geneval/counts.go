package geneval

import (
	"fmt"
	"math"
	"sort"

	"github.com/gophernote/gophernote/fitlib/data"
	"github.com/gophernote/gophernote/fitlib/passk"
)

// FLOPsPerParamToken is c in C = c N D, the usual 6 FLOPs per parameter per
// training token of a dense transformer (Kaplan et al. 2020, sec. 2.1).
const FLOPsPerParamToken = 6.0

// Checkpoint is one model checkpoint of a benchmark: its size, its
// training tokens and its per-problem counts. Everything derived (compute,
// problems, fewest samples) is a method, so a literal works.
type Checkpoint struct {
	Name   string       // model_nickname, e.g. "Pythia_12B_300B"
	Params float64      // N
	Tokens float64      // D
	Counts passk.Counts // samples n and correct c of every problem
	Line   int          // file line of the checkpoint's first row (0 when built in code)
}

// Compute returns C = 6 N D (FLOPsPerParamToken).
func (c Checkpoint) Compute() float64 { return FLOPsPerParamToken * c.Params * c.Tokens }

// Benchmark holds the per-problem counts of every checkpoint of a model
// family on one benchmark. LoadBenchmark and BenchmarkFromTable sort the
// checkpoints by compute, then by name; a literal is used as written:
//
//	b := &geneval.Benchmark{Checkpoints: []geneval.Checkpoint{
//		{Name: "small", Params: 1e8, Tokens: 2e9, Counts: passk.Counts{N: []int{10, 10}, C: []int{1, 0}}},
//	}}
type Benchmark struct {
	File        string
	Checkpoints []Checkpoint
	// Excluded names checkpoints removed by a filter such as WithoutWarmup.
	Excluded []string
}

// LoadBenchmark reads a per-problem counts file such as
// "pythia_checkpoints/gsm8k_per_problem_counts.csv" (columns model_nickname,
// params, tokens, problem_idx, num_samples, num_correct; see data.ReadCSV
// for where it is looked up).
func LoadBenchmark(path string) (*Benchmark, error) {
	t, err := data.ReadCSV(path)
	if err != nil {
		return nil, err
	}
	return BenchmarkFromTable(t)
}

// BenchmarkFromTable groups a per-problem counts table by model_nickname.
// It rejects negative or inconsistent counts, a problem listed twice for
// one checkpoint and a checkpoint whose params or tokens change between
// rows, naming the file line.
func BenchmarkFromTable(t *data.Table) (*Benchmark, error) {
	names, err := t.Strings("model_nickname")
	if err != nil {
		return nil, err
	}
	params, err := t.Floats("params")
	if err != nil {
		return nil, err
	}
	tokens, err := t.Floats("tokens")
	if err != nil {
		return nil, err
	}
	probs, err := t.Strings("problem_idx")
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
	if t.Len() == 0 {
		return nil, fmt.Errorf("%s: no rows", t.File)
	}
	idx := map[string]int{}
	seen := map[[2]string]int{}
	out := &Benchmark{File: t.File}
	for r := range names {
		line := t.Line(r)
		if !(params[r] > 0) || !(tokens[r] > 0) || math.IsInf(params[r]*tokens[r], 0) {
			return nil, fmt.Errorf("%s:%d: checkpoint %s: params %v and tokens %v must be positive", t.File, line, names[r], params[r], tokens[r])
		}
		if ns[r] < 1 || cs[r] < 0 || cs[r] > ns[r] {
			return nil, fmt.Errorf("%s:%d: checkpoint %s problem %s: num_correct %d, num_samples %d (need 0 <= correct <= samples, samples >= 1)", t.File, line, names[r], probs[r], cs[r], ns[r])
		}
		key := [2]string{names[r], probs[r]}
		if first, dup := seen[key]; dup {
			return nil, fmt.Errorf("%s:%d: checkpoint %s lists problem %s again (first at line %d)", t.File, line, names[r], probs[r], first)
		}
		seen[key] = line
		i, ok := idx[names[r]]
		if !ok {
			i = len(out.Checkpoints)
			idx[names[r]] = i
			out.Checkpoints = append(out.Checkpoints, Checkpoint{Name: names[r], Params: params[r], Tokens: tokens[r],
				Counts: passk.Counts{Name: names[r]}, Line: line})
		}
		ck := &out.Checkpoints[i]
		if ck.Params != params[r] || ck.Tokens != tokens[r] {
			return nil, fmt.Errorf("%s:%d: checkpoint %s has params %v tokens %v here but %v, %v at line %d", t.File, line, names[r], params[r], tokens[r], ck.Params, ck.Tokens, ck.Line)
		}
		ck.Counts.N = append(ck.Counts.N, ns[r])
		ck.Counts.C = append(ck.Counts.C, cs[r])
		ck.Counts.Where = append(ck.Counts.Where, fmt.Sprintf("%s:%d", t.Base(), line))
	}
	sort.SliceStable(out.Checkpoints, func(a, b int) bool {
		ca, cb := out.Checkpoints[a], out.Checkpoints[b]
		if ca.Compute() != cb.Compute() {
			return ca.Compute() < cb.Compute()
		}
		return ca.Name < cb.Name
	})
	return out, nil
}

// Index returns the position of the named checkpoint, or an error.
func (b *Benchmark) Index(name string) (int, error) {
	for i, c := range b.Checkpoints {
		if c.Name == name {
			return i, nil
		}
	}
	return -1, fmt.Errorf("geneval: %s has no checkpoint %q", b.File, name)
}

// PassAtK returns the benchmark-level pass_B@k of every checkpoint: the mean
// over its problems of the unbiased per-problem estimator (Chen et al. 2021,
// eq. 1, product form, via fitlib/passk). A checkpoint with a problem
// sampled fewer than k times gets NaN (the estimator is undefined there; a
// mean over the remaining problems would change the benchmark).
func (b *Benchmark) PassAtK(k int) ([]float64, error) {
	if k < 1 {
		return nil, fmt.Errorf("geneval: k = %d, need k >= 1", k)
	}
	out := make([]float64, len(b.Checkpoints))
	for i, ck := range b.Checkpoints {
		if err := ck.Counts.Validate(); err != nil {
			return nil, fmt.Errorf("geneval: checkpoint %s: %w", ck.Name, err)
		}
		if k > ck.Counts.MinSamples() {
			out[i] = math.NaN()
			continue
		}
		p, err := ck.Counts.PassAtK(k)
		if err != nil {
			return nil, fmt.Errorf("geneval: checkpoint %s: %w", ck.Name, err)
		}
		out[i] = p
	}
	return out, nil
}

// KGrid returns 1, 2, 5, 10, 20, 50, ... up to and including kmax's
// 1-2-5 value at or below kmax.
func KGrid(kmax int) []int {
	var ks []int
	for dec := 1; dec <= kmax && dec > 0; dec *= 10 {
		for _, m := range []int{1, 2, 5} {
			if m*dec <= kmax {
				ks = append(ks, m*dec)
			}
		}
	}
	return ks
}

// Columns returns params, tokens and compute of every checkpoint as slices.
func (b *Benchmark) Columns() (params, tokens, compute []float64) {
	for _, c := range b.Checkpoints {
		params = append(params, c.Params)
		tokens = append(tokens, c.Tokens)
		compute = append(compute, c.Compute())
	}
	return
}
