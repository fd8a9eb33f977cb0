package passk

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/gophernote/gophernote/fitlib/data"
	"github.com/gophernote/gophernote/fitlib/internal/num"
	"github.com/gophernote/gophernote/fitlib/internal/report"
)

// exactPassAtK is 1 - C(n-c,k)/C(n,k) in exact rational arithmetic.
func exactPassAtK(n, c, k int) *big.Rat {
	num := new(big.Int).Binomial(int64(n-c), int64(k))
	den := new(big.Int).Binomial(int64(n), int64(k))
	r := new(big.Rat).SetFrac(num, den)
	return r.Sub(big.NewRat(1, 1), r)
}

func TestPassAtKExactSmall(t *testing.T) {
	worst := 0.0
	for n := 1; n <= 40; n++ {
		for c := 0; c <= n; c++ {
			for k := 1; k <= n; k++ {
				got, err := PassAtK(n, c, k)
				if err != nil {
					t.Fatal(err)
				}
				want, _ := exactPassAtK(n, c, k).Float64()
				if d := math.Abs(got - want); d > worst {
					worst = d
				}
				if math.Abs(got-want) > 1e-14 {
					t.Fatalf("pass@%d(n=%d,c=%d) = %.17g, exact %.17g", k, n, c, got, want)
				}
			}
		}
	}
	t.Logf("worst absolute error vs big.Rat over n <= 40: %.3g", worst)
	// Hand-checked cases: n=5, c=2, k=2: 1 - C(3,2)/C(5,2) = 1 - 3/10.
	if got, _ := PassAtK(5, 2, 2); math.Abs(got-0.7) > 1e-15 {
		t.Errorf("pass@2(5,2) = %v, want 0.7", got)
	}
	if got, _ := PassAtK(10, 0, 3); got != 0 {
		t.Errorf("no correct samples: %v, want 0", got)
	}
	if got, _ := PassAtK(10, 8, 3); got != 1 {
		t.Errorf("n-c < k: %v, want 1", got)
	}
}

func TestPassAtKLargeNExact(t *testing.T) {
	// n = 10,000 as in Brown et al. (2024): binomials overflow float64, the
	// product does not; compare against exact rationals.
	for _, tc := range [][3]int{{10000, 1, 1}, {10000, 122, 10}, {10000, 32, 1000}, {10000, 5, 9999}, {10000, 9990, 5}} {
		got, err := PassAtK(tc[0], tc[1], tc[2])
		if err != nil {
			t.Fatal(err)
		}
		want, _ := exactPassAtK(tc[0], tc[1], tc[2]).Float64()
		if math.Abs(got-want) > 1e-12 {
			t.Errorf("pass@%d(n=%d,c=%d) = %.17g, exact %.17g", tc[2], tc[0], tc[1], got, want)
		}
	}
}

func TestPassAtKErrors(t *testing.T) {
	for _, tc := range []struct {
		n, c, k int
		want    string
	}{
		{10, 3, 0, "k = 0, need k >= 1"},
		{10, 3, 11, "k = 11 > n = 10"},
		{10, -1, 1, "c = -1"},
		{10, 11, 1, "c = 11 correct > n = 10"},
		{0, 0, 1, "n = 0"},
	} {
		_, err := PassAtK(tc.n, tc.c, tc.k)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("PassAtK(%d,%d,%d) error %v, want %q", tc.n, tc.c, tc.k, err, tc.want)
		}
	}
	_, err := Counts{N: []int{10, 10}, C: []int{1, 4}}.Matrix([]int{11})
	if err == nil || !strings.Contains(err.Error(), "row 0") {
		t.Errorf("Matrix must name the problem: %v", err)
	}
}

func TestGrid(t *testing.T) {
	for n, want := range map[int]string{
		0: "[]", 1: "[1]", 7: "[1 2 5 7]", 10: "[1 2 5 10]", 100: "[1 2 5 10 20 50 100]",
		10000: "[1 2 5 10 20 50 100 200 500 1000 2000 5000 10000]", 300: "[1 2 5 10 20 50 100 200 300]",
	} {
		if got := fmt.Sprint(Grid(n)); got != want {
			t.Errorf("Grid(%d) = %s, want %s", n, got, want)
		}
	}
}

// TestReferenceLLMonkeys checks every pass_at_k value published with Brown
// et al. (2024) (90,496 rows) and the per-model means.
func TestReferenceLLMonkeys(t *testing.T) {
	tb, err := data.ReadCSV("llmonkeys/pythia_math_pass_at_k_per_problem.csv")
	if err != nil {
		t.Fatalf("dataset missing (set $GOPHERNOTE_DATA or put ../shared/data beside the checkout): %v", err)
	}
	counts, err := data.ReadCSV("llmonkeys/pythia_math_per_problem_counts.csv")
	if err != nil {
		t.Fatal(err)
	}
	// n and c come from the counts file, joined on (model, problem_idx).
	type key struct{ model, prob string }
	cm, _ := counts.Strings("model")
	cp, _ := counts.Strings("problem_idx")
	cn, err := counts.Ints("num_samples")
	if err != nil {
		t.Fatal(err)
	}
	cc, err := counts.Ints("num_correct")
	if err != nil {
		t.Fatal(err)
	}
	nc := map[key][2]int{}
	for i := range cm {
		nc[key{cm[i], cp[i]}] = [2]int{cn[i], cc[i]}
	}
	models, _ := tb.Strings("model")
	probs, _ := tb.Strings("problem_idx")
	ks, err := tb.Ints("k")
	if err != nil {
		t.Fatal(err)
	}
	ref, err := tb.Floats("pass_at_k")
	if err != nil {
		t.Fatal(err)
	}
	if len(ref) != 90496 {
		t.Fatalf("rows = %d, want 90,496", len(ref))
	}
	worst := 0.0
	for i := range ref {
		v, ok := nc[key{models[i], probs[i]}]
		if !ok {
			t.Fatalf("row %d: no counts for %s problem %s", i+2, models[i], probs[i])
		}
		got, err := PassAtK(v[0], v[1], ks[i])
		if err != nil {
			t.Fatalf("row %d: %v", i+2, err)
		}
		d := math.Abs(got - ref[i])
		worst = math.Max(worst, d)
		if d > 1e-12 {
			t.Fatalf("line %d (%s, problem %s, n=%d c=%d k=%d): %.17g, reference %.17g", i+2, models[i], probs[i], v[0], v[1], ks[i], got, ref[i])
		}
	}
	t.Logf("max |difference| over %d rows: %.3g", len(ref), worst)

	avg, err := data.ReadCSV("llmonkeys/pythia_math_avg_pass_at_k.csv")
	if err != nil {
		t.Fatal(err)
	}
	am, _ := avg.Strings("model")
	ak, _ := avg.Ints("k")
	amean, _ := avg.Floats("mean_pass_at_k")
	byModel := map[string][2][]int{}
	for i := range cm {
		e := byModel[cm[i]]
		e[0], e[1] = append(e[0], cn[i]), append(e[1], cc[i])
		byModel[cm[i]] = e
	}
	for i := range am {
		e := byModel[am[i]]
		got, err := Counts{N: e[0], C: e[1]}.Curve([]int{ak[i]})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got[0]-amean[i]) > 1e-12 {
			t.Errorf("%s k=%d: mean %.17g, reference %.17g", am[i], ak[i], got[0], amean[i])
		}
	}
}

func TestQuantileMatchesNumpyLinear(t *testing.T) {
	// numpy.quantile([1,2,3,4], q) with the default method: 1.75, 2.5, 3.25, 4.
	x := []float64{1, 2, 3, 4}
	for q, want := range map[float64]float64{0: 1, 0.25: 1.75, 0.5: 2.5, 0.75: 3.25, 1: 4} {
		if got := num.QuantileSorted(x, q); got != want {
			t.Errorf("quantile(%v) = %v, want %v", q, got, want)
		}
	}
}

func TestBootstrap(t *testing.T) {
	c := Counts{N: []int{100, 100, 100, 100, 100, 50, 50, 20}, C: []int{0, 1, 5, 50, 100, 3, 0, 19}}
	ks := []int{1, 5, 20}
	a, err := Bootstrap(c, ks, BootstrapOptions{Resamples: 400, Seed: 7, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Bootstrap(c, ks, BootstrapOptions{Resamples: 400, Seed: 7, Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	mean, _ := c.Curve(ks)
	if a.Resamples != 400 || a.Level != 0.95 || len(a.Samples) != 400 || a.Names[1] != "pass@5" || a.Ks[2] != 20 {
		t.Errorf("shape: %d resamples, level %v, %d samples, names %v, ks %v", a.Resamples, a.Level, len(a.Samples), a.Names, a.Ks)
	}
	for j := range ks {
		if a.Lo[j] != b.Lo[j] || a.Hi[j] != b.Hi[j] || a.SE[j] != b.SE[j] {
			t.Errorf("k=%d: results depend on workers", ks[j])
		}
		if a.Estimate[j] != mean[j] || !(a.Lo[j] <= a.Estimate[j] && a.Estimate[j] <= a.Hi[j]) || a.Lo[j] >= a.Hi[j] {
			t.Errorf("k=%d: bad interval %v [%v, %v]", ks[j], a.Estimate[j], a.Lo[j], a.Hi[j])
		}
	}
	// Identical problems: every resample has the same mean.
	d3, err := Bootstrap(Counts{N: []int{10, 10, 10}, C: []int{3, 3, 3}}, []int{2}, BootstrapOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := PassAtK(10, 3, 2)
	if math.Abs(d3.Lo[0]-want) > 1e-15 || math.Abs(d3.Hi[0]-want) > 1e-15 || d3.SE[0] > 1e-13 {
		t.Errorf("degenerate bootstrap [%v, %v] SE %v, want all %v", d3.Lo[0], d3.Hi[0], d3.SE[0], want)
	}
	// Brute force: with 2 problems the resampled mean takes values
	// {p0, (p0+p1)/2, p1} with probabilities 1/4, 1/2, 1/4, so the 2.5% and
	// 97.5% quantiles over many resamples are p0 and p1, the median 1/2
	// and the standard deviation sqrt(1/8).
	d, err := Bootstrap(Counts{N: []int{10, 10}, C: []int{0, 10}}, []int{1}, BootstrapOptions{Resamples: 4000, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if d.Lo[0] != 0 || d.Hi[0] != 1 || d.Estimate[0] != 0.5 || d.Median[0] != 0.5 || math.Abs(d.SE[0]-math.Sqrt(0.125)) > 0.01 {
		t.Errorf("two-problem bootstrap %v [%v, %v] median %v SE %v, want [0, 1] around 0.5, SE 0.354", d.Estimate[0], d.Lo[0], d.Hi[0], d.Median[0], d.SE[0])
	}
	if _, err := Bootstrap(c, ks, BootstrapOptions{Level: 1.5}); err == nil {
		t.Error("Level 1.5 accepted")
	}
}

func BenchmarkPassAtK(b *testing.B) {
	for i := 0; i < b.N; i++ {
		_, _ = PassAtK(10000, 5000, 100)
	}
}

// TestCountsLiteral: Counts works as a literal; its pass@k is the mean of
// the per-problem estimator; bad rows are named.
func TestCountsLiteral(t *testing.T) {
	c := Counts{Name: "toy", N: []int{10, 10, 4}, C: []int{1, 0, 4}}
	p, err := c.PassAtK(2)
	// (10, 1): 1 - C(9,2)/C(10,2) = 0.2; (10, 0): 0; (4, 4): 1.
	if err != nil || math.Abs(p-1.2/3) > 1e-15 {
		t.Errorf("pass@2 = %v, %v; want 0.4", p, err)
	}
	if _, err := c.PassAtK(5); err == nil || !strings.Contains(err.Error(), "row 2 has 4 samples, fewer than k = 5") {
		t.Errorf("k above a problem's samples: %v", err)
	}
	if c.MinSamples() != 4 || c.MaxSamples() != 10 || c.Solved() != 2 || c.Len() != 3 || c.MaxPHat() != 1 {
		t.Errorf("derived: %d %d %d %d %v", c.MinSamples(), c.MaxSamples(), c.Solved(), c.Len(), c.MaxPHat())
	}
	bad := Counts{Name: "bad", N: []int{5}, C: []int{6}, Where: []string{"f.csv:7"}}
	if _, err := bad.PassAtK(1); err == nil || !strings.Contains(err.Error(), "row 0 (f.csv:7): num_correct = 6 > num_samples = 5") {
		t.Errorf("bad row: %v", err)
	}
	curve, err := c.Curve([]int{1, 2})
	if err != nil || math.Abs(curve[1]-p) > 1e-15 {
		t.Errorf("curve %v %v", curve, err)
	}
}

func TestReadCountsFile(t *testing.T) {
	all, err := ReadCounts("llmonkeys/pythia_math_per_problem_counts.csv", "model")
	if err != nil {
		t.Fatal(err) // the datasets are a test prerequisite (make deps-data)
	}
	if len(all) != 7 {
		t.Fatalf("%d models, want 7", len(all))
	}
	c, err := FindCounts(all, "Pythia 12B")
	if err != nil || c.Len() != 128 || c.MinSamples() != 10000 {
		t.Errorf("Pythia 12B: %d problems, min samples %d, %v", c.Len(), c.MinSamples(), err)
	}
	if _, err := FindCounts(all, "GPT"); err == nil || !strings.Contains(err.Error(), "Pythia 12B") {
		t.Errorf("unknown model: %v", err)
	}
}

func TestBootstrapContextProgress(t *testing.T) {
	cn := Counts{N: []int{100, 100, 100, 100}, C: []int{1, 5, 50, 0}}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Bootstrap(cn, []int{1, 10}, BootstrapOptions{Resamples: 5000, Context: ctx}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	var last, calls int
	_, err := Bootstrap(cn, []int{1, 10}, BootstrapOptions{Resamples: 1000, Workers: 2, Progress: func(done, total int) {
		if total != 1000 || done <= last {
			t.Errorf("progress %d/%d after %d", done, total, last)
		}
		last = done
		calls++
	}})
	if err != nil || last != 1000 || calls > 101 {
		t.Errorf("progress ended at %d after %d calls: %v", last, calls, err)
	}
}

func TestBootstrapMIMEBundle(t *testing.T) {
	b, err := Bootstrap(Counts{N: []int{10, 10, 10}, C: []int{0, 3, 9}}, []int{1, 2}, BootstrapOptions{Resamples: 50})
	if err != nil {
		t.Fatal(err)
	}
	if err := report.Check(b.MIMEBundle()); err != nil {
		t.Error(err)
	}
	if !strings.Contains(b.String(), "pass@k bootstrap") {
		t.Error(b.String())
	}
}

// TestCurveFirstSuccess: equal to Curve where every problem has k samples;
// a short problem with a success counts as solved, one without is an
// error naming its row.
func TestCurveFirstSuccess(t *testing.T) {
	c := Counts{N: []int{20, 20, 5}, C: []int{2, 0, 5}}
	a, err := c.Curve([]int{1, 5})
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.CurveFirstSuccess([]int{1, 5})
	if err != nil || a[0] != b[0] || a[1] != b[1] {
		t.Errorf("Curve %v, CurveFirstSuccess %v (%v)", a, b, err)
	}
	p, _ := PassAtK(20, 2, 10)
	got, err := c.CurveFirstSuccess([]int{10}) // the third problem stopped at its first success
	if err != nil || math.Abs(got[0]-(p+0+1)/3) > 1e-15 {
		t.Errorf("k = 10: %v (%v), want %v", got, err, (p+1)/3)
	}
	if _, err := (Counts{N: []int{20, 5}, C: []int{1, 0}}).CurveFirstSuccess([]int{10}); err == nil || !strings.Contains(err.Error(), "row 1") {
		t.Errorf("short unsolved problem: %v", err)
	}
}
