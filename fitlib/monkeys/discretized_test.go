package monkeys

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/gophernote/gophernote/fitlib/passk"
)

// kumaCDF is the scaled Kumaraswamy CDF written out directly,
// 1 - (1 - (x/s)^a)^b on [0, s], independent of Dist.CDF.
func kumaCDF(x, a, b, s float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= s:
		return 1
	}
	return 1 - math.Pow(1-math.Pow(x/s, a), b)
}

// kumaQuantileCounts builds counts whose c_i/n_i sit at the mid-quantiles
// (i+1/2)/m of Kumaraswamy(a, b) on [0, s] (inverse CDF in closed form,
// n attempts each, c rounded), plus one problem at p = s so that the fit's
// scale max c_i/n_i is the true s: a histogram as close to the binned
// truth as m problems allow, free of sampling noise.
func kumaQuantileCounts(a, b, s float64, m, n int) (passk.Counts, error) {
	ns, cs := make([]int, m+1), make([]int, m+1)
	for i := 0; i < m; i++ {
		u := (float64(i) + 0.5) / float64(m)
		x := math.Pow(1-math.Pow(1-u, 1/b), 1/a)
		ns[i], cs[i] = n, int(math.Round(s*x*float64(n)))
	}
	ns[m], cs[m] = n, int(math.Round(s*float64(n)))
	return passk.NewCounts("quantiles", ns, cs)
}

// The discretized Kumaraswamy fit recovers known parameters: to 1.5% from
// noise-free quantile data, and to 8% from seeded binomial samples
// (4,000 problems × 10,000 attempts; there the scale max c_i/n_i and the
// binomial scatter of c_i/n_i add their own error: observed <= 3.5%).
func TestDiscretizedKumaraswamyRecovers(t *testing.T) {
	for _, kc := range []KumaraswamyScaling{KumaraswamyRescaleData, KumaraswamyScaleDistribution} {
		t.Run(kc.String(), func(t *testing.T) { testKumaraswamyRecovers(t, DiscretizedOptions{Kumaraswamy: kc}) })
	}
}

func testKumaraswamyRecovers(t *testing.T, kopt DiscretizedOptions) {
	for _, tr := range []struct{ a, b, s float64 }{{0.3, 2, 0.6}, {0.6, 1.5, 0.8}} {
		c, err := kumaQuantileCounts(tr.a, tr.b, tr.s, 4000, 100000)
		if err != nil {
			t.Fatal(err)
		}
		f, err := FitDiscretized(c, FamilyKumaraswamy, kopt)
		if err != nil {
			t.Fatal(err)
		}
		if f.Scale != tr.s || math.Abs(f.Alpha/tr.a-1) > 0.015 || math.Abs(f.Beta/tr.b-1) > 0.015 {
			t.Errorf("quantiles of Kumaraswamy(%g, %g) on [0, %g]: fit (%.5f, %.5f, %.4f)", tr.a, tr.b, tr.s, f.Alpha, f.Beta, f.Scale)
		}
		if !f.Converged() || len(f.AtBound) > 0 || f.Family != FamilyKumaraswamy || f.B != f.Alpha {
			t.Errorf("quantile fit: %s %v family %v b %g", f.Reason, f.AtBound, f.Family, f.B)
		}
	}
	truth, err := NewKumaraswamy(0.6, 1.5, 0.8)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 3; seed++ {
		c, err := Simulate(truth, 4000, 10000, seed)
		if err != nil {
			t.Fatal(err)
		}
		f, err := FitDiscretized(c, FamilyKumaraswamy, kopt)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(f.Alpha/truth.Alpha-1) > 0.08 || math.Abs(f.Beta/truth.Beta-1) > 0.08 || math.Abs(f.Scale/truth.Scale-1) > 0.03 {
			t.Errorf("seed %d: %v fitted as (%.4f, %.4f, %.4f)", seed, truth, f.Alpha, f.Beta, f.Scale)
		}
		if !f.Converged() || len(f.AtBound) > 0 {
			t.Errorf("seed %d: %s %v", seed, f.Reason, f.AtBound)
		}
	}
}

// The binned likelihood's bin probabilities are differences of the closed-
// form Kumaraswamy CDF and sum to 1; the reported NLL is
// -Σ count·log(mass + 1e-16) recomputed from those masses.
func TestDiscretizedKumaraswamyBinMasses(t *testing.T) {
	for _, kc := range []KumaraswamyScaling{KumaraswamyRescaleData, KumaraswamyScaleDistribution} {
		t.Run(kc.String(), func(t *testing.T) { testKumaraswamyBinMasses(t, DiscretizedOptions{Kumaraswamy: kc}) })
	}
}

// massScale is the scale of the distribution whose CDF differences are
// the bin masses of f: 1 when the data were rescaled, f.Scale otherwise.
func massScale(f *DiscretizedFit) float64 {
	if f.DataScale != 1 {
		return 1
	}
	return f.Scale
}

func testKumaraswamyBinMasses(t *testing.T, kopt DiscretizedOptions) {
	c, err := Simulate(Dist{Family: FamilyKumaraswamy, Alpha: 0.3, Beta: 2, Scale: 0.6}, 2000, 10000, 7)
	if err != nil {
		t.Fatal(err)
	}
	f, err := FitDiscretized(c, FamilyKumaraswamy, kopt)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Edges) != 43 || f.Edges[0] != 0 || f.Edges[len(f.Edges)-1] != 1 {
		t.Fatalf("edges %v", f.Edges)
	}
	total := 0
	for _, k := range f.Counts {
		total += k
	}
	if total != len(c.N) {
		t.Errorf("histogram holds %d of %d problems", total, len(c.N))
	}
	for _, p := range [][3]float64{{f.Alpha, f.Beta, massScale(f)}, {0.05, 0.5, 1}, {2, 7, 0.3}, {0.9, 5.1, massScale(f)}} {
		d := Dist{Family: FamilyKumaraswamy, Alpha: p[0], Beta: p[1], Scale: p[2]}
		ms := binMasses(d, f.Edges)
		sum := 0.0
		for i, m := range ms {
			want := kumaCDF(f.Edges[i+1], p[0], p[1], p[2]) - kumaCDF(f.Edges[i], p[0], p[1], p[2])
			if math.Abs(m-want) > 1e-13 || m < 0 {
				t.Errorf("%v bin %d [%g, %g): mass %.17g, closed form %.17g", d, i, f.Edges[i], f.Edges[i+1], m, want)
			}
			sum += m
		}
		if math.Abs(sum-1) > 1e-13 {
			t.Errorf("%v: bin masses sum to %.17g", d, sum)
		}
		if p[0] == f.Alpha && p[1] == f.Beta {
			nll := 0.0
			for i, k := range f.Counts {
				want := kumaCDF(f.Edges[i+1], p[0], p[1], p[2]) - kumaCDF(f.Edges[i], p[0], p[1], p[2])
				nll -= float64(k) * math.Log(want+1e-16)
			}
			if math.Abs(nll-f.Objective) > 1e-9*math.Abs(nll) {
				t.Errorf("NLL %.12g, recomputed %.12g", f.Objective, nll)
			}
		}
	}
}

// The discretized Kumaraswamy optimum is stationary (central differences
// in log alpha and log beta) and no neighbouring point does better.
func TestDiscretizedKumaraswamyOptimum(t *testing.T) {
	for _, kc := range []KumaraswamyScaling{KumaraswamyRescaleData, KumaraswamyScaleDistribution} {
		t.Run(kc.String(), func(t *testing.T) { testKumaraswamyOptimum(t, DiscretizedOptions{Kumaraswamy: kc}) })
	}
}

func testKumaraswamyOptimum(t *testing.T, kopt DiscretizedOptions) {
	var cs []passk.Counts
	for seed := uint64(1); seed <= 2; seed++ {
		c, err := Simulate(Dist{Family: FamilyKumaraswamy, Alpha: 0.3, Beta: 2, Scale: 0.6}, 3000, 10000, seed)
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	cs = append(cs, pythia(t)[6]) // Pythia 12B: real data
	for _, c := range cs {
		f, err := FitDiscretized(c, FamilyKumaraswamy, kopt)
		if err != nil {
			t.Fatal(err)
		}
		nll := func(la, lb float64) float64 {
			return discretizedNLL(Dist{Family: FamilyKumaraswamy, Alpha: math.Exp(la), Beta: math.Exp(lb), Scale: massScale(f)}, f.Edges, f.Counts)
		}
		la, lb := math.Log(f.Alpha), math.Log(f.Beta)
		f0 := nll(la, lb)
		if math.Abs(f0-f.Objective) > 1e-12*f.Objective { // exp(log(alpha)) may round
			t.Errorf("%s: NLL %.15g, at the reported optimum %.15g", c.Name, f.Objective, f0)
		}
		const h = 1e-4
		ga := (nll(la+h, lb) - nll(la-h, lb)) / (2 * h)
		gb := (nll(la, lb+h) - nll(la, lb-h)) / (2 * h)
		// Curvatures turn the gradient into a distance from the optimum
		// (Newton step in log shape; observed <= 3.1e-8).
		haa := (nll(la+h, lb) - 2*f0 + nll(la-h, lb)) / (h * h)
		hbb := (nll(la, lb+h) - 2*f0 + nll(la, lb-h)) / (h * h)
		if !(haa > 0 && hbb > 0) || math.Abs(ga/haa) > 1e-6 || math.Abs(gb/hbb) > 1e-6 {
			t.Errorf("%s: gradient (%.3g, %.3g), curvature (%.3g, %.3g) at (%.6f, %.6f)", c.Name, ga, gb, haa, hbb, f.Alpha, f.Beta)
		}
		for _, step := range []float64{1e-3, 1e-2} {
			for _, d := range [][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
				if v := nll(la+step*d[0], lb+step*d[1]); v < f0 {
					t.Errorf("%s: NLL %.12g at step %g·%v below the optimum %.12g", c.Name, v, step, d, f0)
				}
			}
		}
	}
}

// Every model analysis carries the discretized Kumaraswamy fit next to
// the discretized Beta, and the table shows both.
func TestAnalyzeIncludesDiscretizedKumaraswamy(t *testing.T) {
	c, err := kumaQuantileCounts(0.3, 2, 0.6, 1000, 10000)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Analyze(c, AnalyzeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Discretized.Family != FamilyBeta || m.DiscretizedKuma.Family != FamilyKumaraswamy {
		t.Fatalf("families %v, %v", m.Discretized.Family, m.DiscretizedKuma.Family)
	}
	want, err := FitDiscretized(c, FamilyKumaraswamy, DiscretizedOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if m.DiscretizedKuma.Alpha != want.Alpha || m.DiscretizedKuma.Beta != want.Beta {
		t.Errorf("analysis (%g, %g), direct fit (%g, %g)", m.DiscretizedKuma.Alpha, m.DiscretizedKuma.Beta, want.Alpha, want.Beta)
	}
	md := AnalysisMarkdown([]*ModelAnalysis{m})
	if !strings.Contains(md, "discretized α (Kumaraswamy)") || !strings.Contains(md, fmt.Sprintf("| %.3f |\n", want.Alpha)) {
		t.Errorf("table lacks the discretized Kumaraswamy column:\n%s", md)
	}
	if _, ok := m.SummaryEntry()["ls_b"]; !ok || len(m.SummaryEntry()) != 6 {
		t.Errorf("summary keys changed: %v", m.SummaryEntry())
	}
}

// TestDiscretizedReportsConventions: a discretized fit's record and report
// say how it was fitted — the record (Objective the total NLL, MeanNLL the
// authors' mean over bins, a converged Nelder-Mead status, counters of
// both rounds, no gradient norm), the scale as a fixed parameter, and in
// the report the bin convention, its resolution, the mean NLL and, for
// the Kumaraswamy family only, how it met the scale.
func TestDiscretizedReportsConventions(t *testing.T) {
	c := pythia(t)[0] // Pythia 70M
	for _, w := range []struct {
		family Family
		opt    DiscretizedOptions
		bins   int
	}{
		{FamilyBeta, DiscretizedOptions{}, 42},
		{FamilyBeta, DiscretizedOptions{Bins: BinsDense}, 1000},
		{FamilyKumaraswamy, DiscretizedOptions{}, 42},
		{FamilyKumaraswamy, DiscretizedOptions{Kumaraswamy: KumaraswamyScaleDistribution, ResolutionPerSample: true}, 42},
	} {
		f, err := FitDiscretized(c, w.family, w.opt)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("%v %v", w.family, w.opt.Bins)
		if !f.Converged() || f.Iterations <= 0 || f.Evaluations < f.Iterations || !math.IsNaN(f.GradNorm) || f.Reason == "" {
			t.Errorf("%s: record %+v", name, f.Outcome)
		}
		if len(f.Counts) != w.bins || math.Abs(f.MeanNLL*float64(w.bins)-f.Objective) > 1e-12*f.Objective {
			t.Errorf("%s: %d bins, mean NLL %v, objective %v", name, len(f.Counts), f.MeanNLL, f.Objective)
		}
		if s, err := f.Param("scale"); err != nil || !s.Fixed || s.Value != f.Scale {
			t.Errorf("%s: scale %+v, %v", name, s, err)
		}
		stats := map[string]string{}
		for _, s := range f.Report().Stats {
			stats[s.Name] = s.Value
		}
		wantBins := fmt.Sprintf("%d (%v, resolution %g)", w.bins, w.opt.Bins, f.Options.Resolution)
		if stats["bins"] != wantBins {
			t.Errorf("%s: bins %q, want %q", name, stats["bins"], wantBins)
		}
		var mean float64
		if _, err := fmt.Sscan(stats["mean NLL per bin"], &mean); err != nil || math.Abs(mean/f.MeanNLL-1) > 1e-5 {
			t.Errorf("%s: mean NLL per bin %q, the fit's %v", name, stats["mean NLL per bin"], f.MeanNLL)
		}
		kuma, ok := stats["Kumaraswamy"]
		if (w.family == FamilyKumaraswamy) != ok || ok && kuma != w.opt.Kumaraswamy.String() {
			t.Errorf("%s: Kumaraswamy convention %q (shown: %v)", name, kuma, ok)
		}
		if txt := f.String(); !strings.Contains(txt, wantBins) || !strings.Contains(f.MIMEBundle()["text/html"], "mean NLL per bin") {
			t.Errorf("%s: the report does not show the conventions:\n%s", name, txt)
		}
	}
}
