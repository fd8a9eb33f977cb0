package monkeys

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot/vg"

	"github.com/gophernote/gophernote/fitlib/passk"
	"github.com/gophernote/gophernote/fitlib/plots"
)

// Data files of the notebook (see ../shared/data/README.md).
const (
	PythiaMathFile = "llmonkeys/pythia_math_per_problem_counts.csv"
	BoNTextFile    = "llmonkeys/bon_jailbreaking_text_per_problem_counts.csv"
)

// AnalyzePythiaMath analyses the 7 Pythia models on 128 MATH problems
// (Brown et al. 2024 samples, n = 10,000 per problem).
func AnalyzePythiaMath(opt AnalyzeOptions) ([]*ModelAnalysis, error) {
	return AnalyzeFile(PythiaMathFile, "model", opt)
}

// AnalyzeBoNText analyses the 7 frontier models of best-of-N text
// jailbreaking (Hughes et al. 2024, 159 prompts).
func AnalyzeBoNText(opt AnalyzeOptions) ([]*ModelAnalysis, error) {
	return AnalyzeFile(BoNTextFile, "model", opt)
}

// CountsOf returns the counts of analysed models, in order.
func CountsOf(ms []*ModelAnalysis) []passk.Counts {
	out := make([]passk.Counts, len(ms))
	for i, m := range ms {
		out[i] = m.Counts
	}
	return out
}

// TheoremDemos returns the three demonstrations of the theorem: Delta(0.01)
// (exponential), Uniform[0,1] (k^-1) and Beta(0.3, 3) (k^-0.3), on whole k
// from 1 to 1e4 with 100,000 simulated problems each.
func TheoremDemos() ([]*Demo, error) {
	ks := IntLogKs(1e4, 40)
	var out []*Demo
	for i, d := range []Dist{{Family: FamilyDelta, P: 0.01}, {Family: FamilyUniform, Scale: 1}, {Family: FamilyBeta, Alpha: 0.3, Beta: 3, Scale: 1}} {
		demo, err := Demonstrate(d, ks, 100000, uint64(i+1))
		if err != nil {
			return nil, err
		}
		out = append(out, demo)
	}
	return out, nil
}

// DemoMarkdown tabulates the local log-log slopes of the demos at a few k.
func DemoMarkdown(demos []*Demo) string {
	var b strings.Builder
	b.WriteString("| distribution | closed-form b | slope near k=10 (exact / simulated) | near k=100 | near k=1000 |\n|---|---|---|---|---|\n")
	for _, d := range demos {
		bs := "none (exponential)"
		if d.Dist.Family != FamilyDelta {
			bs = fmt.Sprintf("%.3g", d.B)
		}
		fmt.Fprintf(&b, "| %v | %s |", d.Dist, bs)
		for _, k := range []float64{10, 100, 1000} {
			j := nearest(d.SlopeKs, k)
			fmt.Fprintf(&b, " %.3f / %.3f |", d.SlopeExact[j], d.SlopeSim[j])
		}
		b.WriteString("\n")
	}
	return b.String()
}

func nearest(xs []float64, x float64) int {
	best := 0
	for i := range xs {
		if math.Abs(math.Log(xs[i]/x)) < math.Abs(math.Log(xs[best]/x)) {
			best = i
		}
	}
	return best
}

// AnalysisMarkdown tabulates every estimate of b per model.
func AnalysisMarkdown(ms []*ModelAnalysis) string {
	var b strings.Builder
	b.WriteString("| model | LS b (R²) | Beta-binomial α, β, s | closed-form a, b | paper's route b | Kumaraswamy α | discretized α (Beta) | discretized α (Kumaraswamy) |\n|---|---|---|---|---|---|---|---|\n")
	for _, m := range ms {
		bb := m.BetaBinomial
		fmt.Fprintf(&b, "| %s | %.3f (%.4f) | %.3f, %.3f, %.4g | %.3f, %.3f | %.3f | %.3f | %.3f | %.3f |\n",
			m.Model, m.LS.B, m.LS.R2, bb.Alpha, bb.Beta, bb.Scale, bb.A, bb.B, m.BetaRouteLS.B, m.Kumaraswamy.Alpha, m.Discretized.Alpha, m.DiscretizedKuma.Alpha)
	}
	return b.String()
}

// Markdown tabulates the median relative errors per sample size.
func (r *BacktestResult) Markdown() string {
	var b strings.Builder
	b.WriteString("| estimator |")
	for _, n := range r.SampleSizes {
		fmt.Fprintf(&b, " n'=%d |", n)
	}
	b.WriteString(" within 10% from |\n|---|")
	for range r.SampleSizes {
		b.WriteString("---|")
	}
	b.WriteString("---|\n")
	for e, name := range r.Estimators {
		fmt.Fprintf(&b, "| %s |", name)
		for s := range r.SampleSizes {
			fmt.Fprintf(&b, " %.3f |", r.MedianRelErr[e][s])
		}
		if r.SamplesTo10Pct[e] < 0 {
			b.WriteString(" never |\n")
		} else {
			fmt.Fprintf(&b, " %d |\n", r.SamplesTo10Pct[e])
		}
	}
	return b.String()
}

// PlotBComparison is the diagonal plot: per model, the least-squares b
// (x) against the distributional estimates (y): the Beta-binomial's
// closed-form b = alpha (circles) and the paper's route through the same
// fit (triangles). Points on y = x agree.
func PlotBComparison(ms []*ModelAnalysis, title string) (*plots.Figure, error) {
	if len(ms) == 0 {
		return nil, fmt.Errorf("monkeys: PlotBComparison: no models")
	}
	f := plots.New(plots.Axes{Title: title, XLabel: "b by least squares on pass_B@k", YLabel: "b from the Beta-binomial fit"})
	var ls, closed, route []float64
	var labels []string
	hi := 0.0
	for _, m := range ms {
		ls, closed, route = append(ls, m.LS.B), append(closed, m.BetaBinomial.B), append(route, m.BetaRouteLS.B)
		labels = append(labels, m.Model)
		hi = math.Max(hi, math.Max(m.LS.B, math.Max(m.BetaBinomial.B, m.BetaRouteLS.B)))
	}
	hi *= 1.1
	if err := f.Line("y = x", []float64{0, hi}, []float64{0, hi}, plots.Style{Color: color.Gray{Y: 120}, Width: vg.Points(1), Dashed: true}); err != nil {
		return nil, err
	}
	if err := f.Scatter("closed form b = alpha", ls, closed, plots.Style{Color: plots.Color(0), Radius: vg.Points(3)}); err != nil {
		return nil, err
	}
	if err := f.Scatter("paper's route: LS on exact F(k)", ls, route, plots.Style{Color: plots.Color(1), Marker: "triangle", Radius: vg.Points(3)}); err != nil {
		return nil, err
	}
	if err := f.Text(ls, route, labels); err != nil {
		return nil, err
	}
	if err := f.XLim(0, hi); err != nil {
		return nil, err
	}
	if err := f.YLim(0, hi); err != nil {
		return nil, err
	}
	return f, nil
}
