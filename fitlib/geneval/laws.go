package geneval

import (
	"fmt"
	"math"
	"strings"

	"github.com/gophernote/gophernote/fitlib/formula"
	inum "github.com/gophernote/gophernote/fitlib/internal/num"
)

// Law names accepted by FitLaw, the grid fits and the backtests.
const (
	LawCompute       = "compute"        // E0 + C0 C^-alpha
	LawParamsTokens  = "params_tokens"  // E0 + N0 N^-beta + D0 D^-gamma
	LawGoldReference = "gold_reference" // xi0 + K0 x^kappa, x = -log GoldProb_B
)

// Laws lists the three law names in the paper's order.
func Laws() []string { return []string{LawCompute, LawParamsTokens, LawGoldReference} }

// lawSpec is one of the three laws of Schaeffer et al. (2026), sec. 3,
// written once as a fitlib/formula source: evaluation, gradient, LaTeX and
// parameter names all come from it. starts proposes multi-start points as
// log-parameters (every parameter is positive and fitted through its log).
type lawSpec struct {
	name   string
	src    string   // the law as a formula
	vars   []string // its data variables (x1, and x2 for parameters+tokens)
	names  []string // its parameters, in order of first appearance in src
	starts func(x1, x2, y []float64) [][]float64
}

func lookupLaw(name string) (*lawSpec, error) {
	switch name {
	case LawCompute:
		return &computeLaw, nil
	case LawParamsTokens:
		return &paramsTokensLaw, nil
	case LawGoldReference:
		return &goldLaw, nil
	}
	return nil, fmt.Errorf("geneval: unknown law %q (want %q, %q or %q)", name, LawCompute, LawParamsTokens, LawGoldReference)
}

// formula parses the law (cheap: a few microseconds).
func (l *lawSpec) formula() (*formula.Formula, error) {
	f, err := formula.Parse(l.src, l.vars...)
	if err != nil {
		return nil, fmt.Errorf("geneval: law %s: %w", l.name, err)
	}
	if got := f.Params(); strings.Join(got, ",") != strings.Join(l.names, ",") {
		return nil, fmt.Errorf("geneval: law %s: formula parameters %v, want %v", l.name, got, l.names)
	}
	return f, nil
}

// LawParamNames returns the parameter names of a law in the order of
// Fit.Params.
func LawParamNames(law string) ([]string, error) {
	l, err := lookupLaw(law)
	if err != nil {
		return nil, err
	}
	return append([]string(nil), l.names...), nil
}

// LawFormula returns the law as fitlib/formula source text, e.g.
// "E0 + C0 * C^(-alpha)".
func LawFormula(law string) (string, error) {
	l, err := lookupLaw(law)
	if err != nil {
		return "", err
	}
	return l.src, nil
}

// LawLaTeX returns the law as a LaTeX equation for -log pass_B@k.
func LawLaTeX(law string) (string, error) {
	l, err := lookupLaw(law)
	if err != nil {
		return "", err
	}
	f, err := l.formula()
	if err != nil {
		return "", err
	}
	return `-\log \mathrm{pass}_B@k = ` + f.LaTeX(), nil
}

var computeLaw = lawSpec{
	name:  LawCompute,
	src:   "E0 + C0 * C^(-alpha)",
	vars:  []string{"C"},
	names: []string{"E0", "C0", "alpha"},
	starts: func(c, _, y []float64) [][]float64 {
		lc := logs(c)
		ym, lcm := inum.Median(y), inum.Median(lc)
		var out [][]float64
		for _, f := range []float64{1e-3, 0.3, 0.8} {
			e0 := f * minOf(y)
			for _, a := range []float64{0.05, 0.1, 0.2, 0.4, 0.8} {
				out = append(out, []float64{math.Log(e0), math.Log(math.Max(ym-e0, 1e-3*ym)) + a*lcm, math.Log(a)})
			}
		}
		return out
	},
}

var paramsTokensLaw = lawSpec{
	name:  LawParamsTokens,
	src:   "E0 + N0 * N^(-beta) + D0 * D^(-gamma)",
	vars:  []string{"N", "D"},
	names: []string{"E0", "N0", "beta", "D0", "gamma"},
	starts: func(n, d, y []float64) [][]float64 {
		ym, lnm, ldm := inum.Median(y), inum.Median(logs(n)), inum.Median(logs(d))
		var out [][]float64
		for _, f := range []float64{1e-3, 0.3, 0.8} {
			e0 := f * minOf(y)
			half := math.Log(math.Max(ym-e0, 1e-3*ym) / 2)
			for _, b := range []float64{0.1, 0.3, 0.6} {
				for _, c := range []float64{0.1, 0.3, 0.6} {
					out = append(out, []float64{math.Log(e0), half + b*lnm, math.Log(b), half + c*ldm, math.Log(c)})
				}
			}
		}
		return out
	},
}

// goldLaw's variable G is -log GoldProb_B.
var goldLaw = lawSpec{
	name:  LawGoldReference,
	src:   "xi0 + K0 * G^kappa",
	vars:  []string{"G"},
	names: []string{"xi0", "K0", "kappa"},
	starts: func(x, _, y []float64) [][]float64 {
		ym, lxm := inum.Median(y), inum.Median(logs(x))
		var out [][]float64
		for _, f := range []float64{1e-3, 0.3, 0.8} {
			xi := f * minOf(y)
			for _, k := range []float64{0.25, 0.5, 1, 2, 4} {
				out = append(out, []float64{math.Log(xi), math.Log(math.Max(ym-xi, 1e-3*ym)) - k*lxm, math.Log(k)})
			}
		}
		return out
	},
}

// public converts log-parameters to the law's parameters.
func public(th []float64) []float64 {
	out := make([]float64, len(th))
	for i, v := range th {
		out[i] = math.Exp(v)
	}
	return out
}

// internal is the inverse of public; it fails on a non-positive parameter.
func internal(l *lawSpec, p []float64) ([]float64, error) {
	if len(p) != len(l.names) {
		return nil, fmt.Errorf("geneval: law %s has %d parameters (%v), got %d", l.name, len(l.names), l.names, len(p))
	}
	th := make([]float64, len(p))
	for i, v := range p {
		if !(v > 0) || math.IsInf(v, 1) {
			return nil, fmt.Errorf("geneval: law %s parameter %s = %v, need a positive finite number", l.name, l.names[i], v)
		}
		th[i] = math.Log(v)
	}
	return th, nil
}

// PredictLaw evaluates a law with parameters params (in LawParamNames order)
// at checkpoints given as whole columns: x1 is C for the compute law, N for
// the parameters+tokens law and -log GoldProb_B for the gold-reference law;
// x2 is D for the parameters+tokens law and ignored (may be nil) otherwise.
// It returns the predicted -log pass_B@k.
func PredictLaw(law string, params, x1, x2 []float64) ([]float64, error) {
	l, err := lookupLaw(law)
	if err != nil {
		return nil, err
	}
	if _, err := internal(l, params); err != nil {
		return nil, err
	}
	cols := [][]float64{x1}
	if len(l.vars) == 2 {
		if len(x2) != len(x1) {
			return nil, fmt.Errorf("geneval: law %s needs N and D of equal length, got %d and %d", law, len(x1), len(x2))
		}
		cols = append(cols, x2)
	}
	f, err := l.formula()
	if err != nil {
		return nil, err
	}
	return f.Eval(params, cols)
}

func logs(x []float64) []float64 {
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = math.Log(v)
	}
	return out
}

func minOf(x []float64) float64 {
	m := math.Inf(1)
	for _, v := range x {
		m = math.Min(m, v)
	}
	return m
}
