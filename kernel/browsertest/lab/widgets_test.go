package lab

import (
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
	"testing"
)

// widgetResult is what checks/widgets.js reports.
type widgetResult struct {
	Labels, Readouts  []string
	Initial, AfterOne widgetOutputs
	Final             widgetOutputs
	ReadoutAfterOne   string
	ReadoutFinal      string
	Timings           []struct{ Total, Kernel float64 }
	Kernel            string
	Errors            []string
}

type widgetOutputs struct {
	Count      int
	Headline   string
	Derivation string
	Raw        bool
	Images     []string
}

// alpha formats βγ/(β+γ) as the notebook does (%.7g).
func alpha(beta, gamma float64) string { return fmt.Sprintf("%.7g", beta*gamma/(beta+gamma)) }

// check verifies that the outputs show the envelope for beta (γ = 0.28):
// the headline's α and the α of the typeset derivation (step 5), and the
// two plots.
func (o widgetOutputs) check(t *testing.T, when string, beta float64) {
	t.Helper()
	a := alpha(beta, 0.28)
	if o.Count != 4 {
		t.Errorf("%s: the output widget shows %d outputs, want headline, derivation and 2 plots", when, o.Count)
	}
	if !strings.Contains(o.Headline, "α = βγ/(β+γ) = "+a+" ") {
		t.Errorf("%s: headline %q, want α = %s (β = %.2f, γ = 0.28)", when, o.Headline, a, beta)
	}
	// The derivation's step 5 typeset: \alpha = \frac{β·γ}{β+γ} = a.
	if !strings.Contains(o.Derivation, fmt.Sprintf("%.7g", beta)) || !strings.Contains(o.Derivation, a) || o.Raw {
		t.Errorf("%s: the typeset derivation lacks β = %.7g or α = %s (raw TeX left: %v): %.400q", when, beta, a, o.Raw, o.Derivation)
	}
	for _, img := range o.Images {
		if !strings.HasPrefix(img, "data:image/") {
			t.Errorf("%s: plot shown as %q", when, img)
		}
	}
}

// widgets runs notebook 08 in Lab, moves the β slider in the browser and
// checks that the derivation's α follows; it reports BENCH
// widget-roundtrip (slider key press to the replaced plot in the page,
// p50 over the moves; goal 150 ms).
func (e *env) widgets(t *testing.T, moves int) {
	nb := e.copyNotebook(t, "../../../notebooks/08_envelope_interactive.ipynb", "envelope_interactive.ipynb")
	var r widgetResult
	e.drive(t, "widgets", nb, map[string]int{"moves": moves}, &r)
	if len(r.Errors) > 0 {
		t.Errorf("error outputs: %q", r.Errors)
	}
	if got := strings.Join(r.Labels, " "); got != "β γ N₀ D₀ c C (FLOPs)" {
		t.Errorf("slider labels %q", got)
	}
	if got := strings.Join(r.Readouts, " "); got != "0.34 0.28 406 411 6.0 5.76e+23" {
		t.Errorf("slider readouts %q", got)
	}
	r.Initial.check(t, "initially", 0.34)
	r.AfterOne.check(t, "after one move", 0.35)
	final := 0.34 + float64(moves)*0.01
	r.Final.check(t, fmt.Sprintf("after %d moves", moves), final)
	if r.ReadoutAfterOne != "0.35" || r.ReadoutFinal != fmt.Sprintf("%.2f", final) {
		t.Errorf("β readout after one move %q, at the end %q", r.ReadoutAfterOne, r.ReadoutFinal)
	}
	if want := fmt.Sprintf("%g 0.28\n", math.Round(final*100)/100); r.Kernel != want {
		t.Errorf("the kernel's beta.Value(), gamma.Value() = %q, want %q", r.Kernel, want)
	}
	if len(r.Timings) != moves {
		t.Fatalf("%d timed moves, want %d", len(r.Timings), moves)
	}
	var total, kernel []float64
	for _, s := range r.Timings {
		total = append(total, s.Total)
		if s.Kernel >= 0 {
			kernel = append(kernel, s.Kernel)
		}
	}
	line := fmt.Sprintf("BENCH widget-roundtrip gophernote=%.0fms goal=150ms ratio=%.2f p90=%.0fms to-new-outputs-p50=%.0fms moves=%d",
		quantile(total, 0.5), quantile(total, 0.5)/150, quantile(total, 0.9), quantile(kernel, 0.5), moves)
	fmt.Println(line)
	t.Log(line)
}

// quantile returns the q-quantile of xs (nearest rank), NaN when empty.
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64{}, xs...)
	sort.Float64s(s)
	i := int(math.Ceil(q*float64(len(s)))) - 1
	return s[max(i, 0)]
}

// TestBenchWidgetRoundtrip (GOPHERNOTE_BENCH=1, for `make bench`) runs
// only the widget check of TestJupyterLab: BENCH widget-roundtrip. There
// is no side-by-side baseline: Debian's ipywidgets 6 speaks widget
// protocol 1, which JupyterLab 4's widget manager does not, so the line
// compares against the goal of issue 15 (150 ms).
func TestBenchWidgetRoundtrip(t *testing.T) {
	if os.Getenv("GOPHERNOTE_BENCH") != "1" {
		t.Skip("benchmark: set GOPHERNOTE_BENCH=1 (starts JupyterLab and Chromium)")
	}
	e := start(t)
	e.widgets(t, 20)
}
