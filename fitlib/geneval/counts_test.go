package geneval

import (
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/gophernote/gophernote/fitlib/data"
	"github.com/gophernote/gophernote/fitlib/passk"
)

func loadGSM8K(t testing.TB) *Benchmark {
	t.Helper()
	b, err := LoadBenchmark("pythia_checkpoints/gsm8k_per_problem_counts.csv")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// exactPass is 1 - C(n-c,k)/C(n,k) in exact rational arithmetic.
func exactPass(n, c, k int) *big.Rat {
	num := new(big.Int).Binomial(int64(n-c), int64(k))
	den := new(big.Int).Binomial(int64(n), int64(k))
	r := new(big.Rat).SetFrac(num, den)
	return r.Sub(big.NewRat(1, 1), r)
}

// TestPassAtKExact checks pass_B@k of every checkpoint with at most 2,048
// samples per problem against the binomial-coefficient definition in exact
// rational arithmetic, for every k it allows on the grid.
func TestPassAtKExact(t *testing.T) {
	b := loadGSM8K(t)
	if len(b.Checkpoints) != 81 {
		t.Fatalf("%d checkpoints, want 81 (9 sizes x 9 token counts)", len(b.Checkpoints))
	}
	checked := 0
	for _, k := range KGrid(10000) {
		got, err := b.PassAtK(k)
		if err != nil {
			t.Fatal(err)
		}
		for i, ck := range b.Checkpoints {
			if k > ck.Counts.MinSamples() {
				if !math.IsNaN(got[i]) {
					t.Errorf("%s k=%d > min samples %d: got %v, want NaN", ck.Name, k, ck.Counts.MinSamples(), got[i])
				}
				continue
			}
			if ck.Counts.MaxSamples() > 2048 {
				continue
			}
			sum := new(big.Rat)
			for j, n := range ck.Counts.N {
				sum.Add(sum, exactPass(n, ck.Counts.C[j], k))
			}
			want, _ := sum.Quo(sum, big.NewRat(int64(ck.Counts.Len()), 1)).Float64()
			if math.Abs(got[i]-want) > 1e-13 {
				t.Errorf("%s k=%d: pass@k %.17g, exact %.17g", ck.Name, k, got[i], want)
			}
			checked++
		}
	}
	if checked < 50 {
		t.Errorf("only %d (checkpoint, k) pairs checked", checked)
	}
	last := b.Checkpoints[len(b.Checkpoints)-1]
	if last.Name != "Pythia_12B_300B" || last.Compute() != 6*12e9*300e9 {
		t.Errorf("most expensive checkpoint %+v", last)
	}
}

func TestCountsErrorsNameRow(t *testing.T) {
	head := "model_nickname,params,tokens,problem_idx,num_samples,num_correct\n"
	for _, c := range []struct{ body, want string }{
		{"a,1,2,0,10,11\n", "t.csv:2: checkpoint a problem 0: num_correct 11"},
		{"a,1,2,0,10,1\na,1,2,0,10,1\n", "t.csv:3: checkpoint a lists problem 0 again (first at line 2)"},
		{"a,1,2,0,10,1\na,1,3,1,10,1\n", "t.csv:3: checkpoint a has params 1 tokens 3"},
		{"a,-1,2,0,10,1\n", "t.csv:2: checkpoint a: params -1"},
	} {
		tb, err := data.Parse("t.csv", strings.NewReader(head+c.body))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := BenchmarkFromTable(tb); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.body, err, c.want)
		}
	}
	if _, err := loadGSM8K(t).PassAtK(0); err == nil {
		t.Error("k = 0 accepted")
	}
}

// TestGoldLogSumExp checks -log GoldProb_B against values computed with
// mpmath at 50 significant digits, mean(exp(-NLL)) summed exactly.
func TestGoldLogSumExp(t *testing.T) {
	g, err := LoadGold("pythia_checkpoints/gsm8k_gold_answer_nll.csv")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{
		"Pythia_14M_20B":   108.54797639821565,
		"Pythia_70M_60B":   55.802121510299395,
		"Pythia_160M_60B":  46.612518667960269,
		"Pythia_410M_200B": 32.823080814168746,
		"Pythia_1B_300B":   28.221731927024495,
		"Pythia_1.4B_300B": 24.004783313446021,
		"Pythia_2.8B_300B": 22.310787517282461,
		"Pythia_6.9B_300B": 22.246306047567363,
		"Pythia_12B_300B":  22.726033097813866,
	}
	if len(g) != len(want) {
		t.Fatalf("%d checkpoints, want 9", len(g))
	}
	for i, x := range g {
		if i > 0 && g[i-1].Compute > x.Compute {
			t.Error("not sorted by compute")
		}
		if x.Problems != 1319 || math.Abs(x.NegLogGoldProb-want[x.Checkpoint]) > 1e-12*want[x.Checkpoint] {
			t.Errorf("%s: %d problems, -log GoldProb %.17g, want 1319 and %.17g", x.Checkpoint, x.Problems, x.NegLogGoldProb, want[x.Checkpoint])
		}
	}
	if v := LogSumExp([]float64{-1000, -1000}); math.Abs(v-(-1000+math.Ln2)) > 1e-12 {
		t.Errorf("LogSumExp underflow: %v", v)
	}
	if v := LogSumExp([]float64{1000, 1000}); math.Abs(v-(1000+math.Ln2)) > 1e-12 {
		t.Errorf("LogSumExp overflow: %v", v)
	}
}

// TestBenchmarkLiteral: a Benchmark written as a literal works (no field is
// a cache that an omitted value leaves at zero): pass@k is the mean of the
// per-problem estimator, compute is 6ND.
func TestBenchmarkLiteral(t *testing.T) {
	b := &Benchmark{Checkpoints: []Checkpoint{
		{Name: "small", Params: 1e8, Tokens: 2e9, Counts: passk.Counts{N: []int{10, 10}, C: []int{1, 0}}},
		{Name: "thin", Params: 1e8, Tokens: 2e9, Counts: passk.Counts{N: []int{4, 10}, C: []int{4, 0}}},
	}}
	p, err := b.PassAtK(5)
	if err != nil {
		t.Fatal(err)
	}
	// pass@5 of (10, 1) is 1 - C(9,5)/C(10,5) = 1/2; (10, 0) gives 0.
	if p[0] != 0.25 || !math.IsNaN(p[1]) {
		t.Errorf("pass@5 %v, want [0.25 NaN]", p)
	}
	if c := b.Checkpoints[0].Compute(); c != 6*1e8*2e9 {
		t.Errorf("compute %v", c)
	}
	if _, err := (&Benchmark{Checkpoints: []Checkpoint{{Name: "bad", Counts: passk.Counts{N: []int{1}, C: []int{2}}}}}).PassAtK(1); err == nil || !strings.Contains(err.Error(), "checkpoint bad") {
		t.Errorf("invalid literal counts: %v", err)
	}
}
