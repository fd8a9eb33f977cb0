package formula

import (
	"math"
	"strings"
	"testing"
)

// TestUnicodeNames: Greek letters typed as Unicode are names, keep their
// columns in error messages and render as LaTeX commands.
func TestUnicodeNames(t *testing.T) {
	f, err := Parse("E + A*N^(-α) + B*D^(-β)", "N", "D")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(f.Params(), " "); got != "E A α B β" {
		t.Errorf("params %s", got)
	}
	if got := f.LaTeX(); got != `E + A N^{-\alpha} + B D^{-\beta}` {
		t.Errorf("LaTeX %s", got)
	}
	g, err := Parse("λ0 * exp(-x/τ) + Γ + E_α", "x")
	if err != nil {
		t.Fatal(err)
	}
	if got := g.LaTeX(); got != `\lambda_0 \exp\left(\frac{-x}{\tau}\right) + \Gamma + E_{\alpha}` {
		t.Errorf("LaTeX %s", got)
	}
	v, err := f.EvalMap(map[string]float64{"E": 1.69, "A": 406.4, "α": 0.34, "B": 410.7, "β": 0.28}, map[string][]float64{"N": {1e9}, "D": {2e10}})
	want := 1.69 + 406.4*math.Pow(1e9, -0.34) + 410.7*math.Pow(2e10, -0.28)
	if err != nil || math.Abs(v[0]-want) > 1e-12 {
		t.Errorf("EvalMap %v %v, want %v", v, err, want)
	}
	if _, err := Parse("x + 1", "α β"); err == nil {
		t.Error("a variable name with a space accepted")
	}
	if _, err := Parse("2·x", "x"); err == nil {
		t.Error("· accepted")
	}
	_, err = Parse("α + (β", "x")
	if pe, ok := err.(*Error); !ok || pe.Col != 7 {
		t.Errorf("columns count runes: %v", err)
	}
}

// TestEvalMapExtraNames: EvalMap evaluates a derivative with the whole
// law's parameter map; EvalMapStrict rejects the extras; a misspelt name
// cannot pass silently because the name it was meant for is then missing.
func TestEvalMapExtraNames(t *testing.T) {
	f, err := Parse("E0 + C0 * C^(-alpha)", "C")
	if err != nil {
		t.Fatal(err)
	}
	all := map[string]float64{"E0": 1.5, "C0": 2, "alpha": 0.5}
	cols := map[string][]float64{"C": {1, 100}, "N": {3, 4}}
	d, err := f.Derivative("alpha")
	if err != nil {
		t.Fatal(err)
	}
	g, err := Parse(d, "C")
	if err != nil {
		t.Fatal(err)
	}
	v, err := g.EvalMap(all, cols)
	if err != nil {
		t.Fatal(err)
	}
	// d/dalpha C0 C^-alpha = -C0 C^-alpha log C
	if v[0] != 0 || math.Abs(v[1]-(-2*0.1*math.Log(100))) > 1e-15 {
		t.Errorf("derivative %v", v)
	}
	if _, err := g.EvalMapStrict(all, map[string][]float64{"C": {1}}); err == nil || !strings.Contains(err.Error(), "E0 is not a parameter") {
		t.Errorf("strict with an extra parameter: %v", err)
	}
	if _, err := f.EvalMapStrict(all, cols); err == nil || !strings.Contains(err.Error(), "column N is not a variable") {
		t.Errorf("strict with an extra column: %v", err)
	}
	if _, err := f.EvalMapStrict(all, map[string][]float64{"C": {1}}); err != nil {
		t.Errorf("strict with exact names: %v", err)
	}
	typo := map[string]float64{"E0": 1.5, "C0": 2, "alpah": 0.5}
	if _, err := f.EvalMap(typo, cols); err == nil || !strings.Contains(err.Error(), "no value for parameter alpha (did you mean alpah?)") {
		t.Errorf("misspelt parameter: %v", err)
	}
	if _, err := f.EvalMap(all, map[string][]float64{"c": {1}}); err == nil || !strings.Contains(err.Error(), "no data column for variable C (did you mean c?)") {
		t.Errorf("misspelt column: %v", err)
	}
}

// TestColumnTreatedAsParameter: the Chinchilla law parsed over N only makes
// D a parameter; CheckColumns and EvalMap say so.
func TestColumnTreatedAsParameter(t *testing.T) {
	f, err := Parse("E + A*N^(-alpha) + B*D^(-beta)", "N")
	if err != nil {
		t.Fatal(err)
	}
	err = f.CheckColumns("N", "D", "loss")
	if err == nil || !strings.Contains(err.Error(), `D is a data column but the formula treats it as a parameter`) || !strings.Contains(err.Error(), `"N", "D"`) {
		t.Errorf("CheckColumns: %v", err)
	}
	if got := f.ColumnParams("N", "D", "E"); strings.Join(got, ",") != "D,E" {
		t.Errorf("ColumnParams %v", got)
	}
	ok, _ := Parse("E + A*N^(-alpha) + B*D^(-beta)", "N", "D")
	if err := ok.CheckColumns("N", "D", "loss"); err != nil {
		t.Errorf("correct parse: %v", err)
	}
	_, err = f.EvalMap(map[string]float64{"E": 1, "A": 1, "alpha": 1, "B": 1, "beta": 1}, map[string][]float64{"N": {1}, "D": {2}})
	if err == nil || !strings.Contains(err.Error(), "D is given as a data column but the formula treats it as a parameter") {
		t.Errorf("EvalMap with D as a column: %v", err)
	}
	g, _ := Parse("E + A*N^(-alpha)", "N", "D")
	if u := g.UnusedVars(); len(u) != 1 || u[0] != "D" {
		t.Errorf("UnusedVars %v", u)
	}
}

func TestMIMEBundle(t *testing.T) {
	f, _ := Parse("E + A*N^(-α)", "N")
	b := f.MIMEBundle()
	if b["text/latex"] != `$E + A N^{-\alpha}$` || b["text/plain"] != "E + A * N^(-α)" || len(b) != 2 {
		t.Errorf("MIMEBundle %q", b)
	}
}
