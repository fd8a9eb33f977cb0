package fit

import (
	"strings"
	"testing"

	"github.com/gophernote/gophernote/fitlib/internal/report"
)

// TestMIMEBundles: every result a cell may end with shows a table and a
// text/plain view that is text, not HTML (rule R3).
func TestMIMEBundles(t *testing.T) {
	x, y := synth(40, 6)
	f := mustParse(t, "E + A * x^(-alpha)", "x")
	pb := Problem{Formula: f, Data: map[string][]float64{"x": x}, Y: y, Loss: SquaredLog(),
		Params: []Param{{Name: "A", Init: 20}, {Name: "alpha", Init: 0.4}, {Name: "E", Init: 1}}}
	res, err := Fit(pb, Options{})
	if err != nil {
		t.Fatal(err)
	}
	boot, err := Bootstrap(pb, BootstrapOptions{Resamples: 30, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	est, err := Derive(res, "alpha/(1+alpha)", nil)
	if err != nil {
		t.Fatal(err)
	}
	band, err := Band(f, res, map[string][]float64{"x": {1, 2}}, pb.Loss)
	if err != nil {
		t.Fatal(err)
	}
	prof, err := ProfileInterval(pb, res, "alpha", Options{})
	if err != nil {
		t.Fatal(err)
	}
	ex, err := Extrapolate(pb, "x", x[30], Options{})
	if err != nil {
		t.Fatal(err)
	}
	bt, err := Backtest(pb, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	w, err := Wald(res, []string{"alpha"}, []float64{0.4})
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]interface{ MIMEBundle() map[string]string }{
		"Result": res, "BootstrapResult": boot, "Estimate": est, "band": band, "Profile": prof,
		"Extrapolation": ex, "BacktestResult": bt, "Test": w} {
		b := v.MIMEBundle()
		if err := report.Check(b); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if !strings.Contains(b["text/html"], "<table") {
			t.Errorf("%s: no HTML table", name)
		}
	}
	if s := boot.String(); !strings.Contains(s, "alpha") || !strings.Contains(s, "30 resamples") {
		t.Errorf("bootstrap text:\n%s", s)
	}
}
