package geneval

import (
	"fmt"
	"math"
	"strings"

	"github.com/gophernote/gophernote/fitlib/formula"
	inum "github.com/gophernote/gophernote/fitlib/internal/num"
)

// Law selects one of the three laws of Schaeffer et al. (2026), sec. 3,
// for -log pass_B@k. As a cell's final value a Law typesets itself.
type Law int

// The laws, in the paper's order. Their data columns (Law.Vars) are C
// (compute 6ND), N and D (parameters and tokens), and G (-log GoldProb_B).
const (
	LawCompute       Law = iota // E0 + C0 C^-alpha
	LawParamsTokens             // E0 + N0 N^-beta + D0 D^-gamma
	LawGoldReference            // xi0 + K0 G^kappa, G = -log GoldProb_B
)

// Laws lists the three laws in the paper's order.
func Laws() []Law { return []Law{LawCompute, LawParamsTokens, LawGoldReference} }

// String is the law's name in summaries: "compute", "params_tokens" or
// "gold_reference".
func (l Law) String() string {
	switch l {
	case LawCompute:
		return "compute"
	case LawParamsTokens:
		return "params_tokens"
	case LawGoldReference:
		return "gold_reference"
	}
	return fmt.Sprintf("Law(%d)", int(l))
}

// Params returns the law's parameter names, in the order of
// LawFit.Params (nil for an unknown law).
func (l Law) Params() []string {
	s, err := lookupLaw(l)
	if err != nil {
		return nil
	}
	return append([]string(nil), s.names...)
}

// Vars returns the names of the law's data columns: the keys of the
// columns FitLaw and Predict take (nil for an unknown law).
func (l Law) Vars() []string {
	s, err := lookupLaw(l)
	if err != nil {
		return nil
	}
	return append([]string(nil), s.vars...)
}

// Formula returns the law as fitlib/formula source text, e.g.
// "E0 + C0 * C^(-alpha)" ("" for an unknown law).
func (l Law) Formula() string {
	s, err := lookupLaw(l)
	if err != nil {
		return ""
	}
	return s.src
}

// LaTeX returns the law as a LaTeX equation for -log pass_B@k ("" for an
// unknown law).
func (l Law) LaTeX() string {
	s, err := lookupLaw(l)
	if err != nil {
		return ""
	}
	f, err := s.formula()
	if err != nil {
		return ""
	}
	return `-\log \mathrm{pass}_B@k = ` + f.LaTeX()
}

// MIMEBundle typesets the law when it ends a notebook cell: text/latex for
// the notebook, the formula's text as text/plain.
func (l Law) MIMEBundle() map[string]string {
	return map[string]string{"text/latex": "$" + l.LaTeX() + "$", "text/plain": l.String() + " law: -log pass_B@k = " + l.Formula()}
}

// lawSpec is one of the three laws of Schaeffer et al. (2026), sec. 3,
// written once as a fitlib/formula source: evaluation, gradient, LaTeX and
// parameter names all come from it. starts proposes multi-start points as
// log-parameters (every parameter is positive and fitted through its log).
type lawSpec struct {
	name   Law
	src    string   // the law as a formula
	vars   []string // its data variables (x1, and x2 for parameters+tokens)
	names  []string // its parameters, in order of first appearance in src
	starts func(x1, x2, y []float64) [][]float64
}

func lookupLaw(name Law) (*lawSpec, error) {
	switch name {
	case LawCompute:
		return &computeLaw, nil
	case LawParamsTokens:
		return &paramsTokensLaw, nil
	case LawGoldReference:
		return &goldLaw, nil
	}
	return nil, fmt.Errorf("geneval: unknown law %v (LawCompute, LawParamsTokens or LawGoldReference)", name)
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

// Predict evaluates the law with parameters params (in Params order) on
// named data columns (the keys of Vars: C for the compute law, N and D for
// the parameters+tokens law, G = -log GoldProb_B for the gold-reference
// law) and returns the predicted -log pass_B@k. A missing or extra column
// is an error naming it.
func (l Law) Predict(params []float64, cols map[string][]float64) ([]float64, error) {
	s, err := lookupLaw(l)
	if err != nil {
		return nil, err
	}
	if _, err := internal(s, params); err != nil {
		return nil, err
	}
	x1, x2, err := s.columns(cols, -1)
	if err != nil {
		return nil, err
	}
	data := [][]float64{x1}
	if x2 != nil {
		data = append(data, x2)
	}
	f, err := s.formula()
	if err != nil {
		return nil, err
	}
	return f.Eval(params, data)
}

// columns returns the law's columns from a map keyed by its variables,
// naming a missing or extra key; n >= 0 requires that length.
func (l *lawSpec) columns(cols map[string][]float64, n int) (x1, x2 []float64, err error) {
	for k := range cols {
		known := false
		for _, v := range l.vars {
			known = known || k == v
		}
		if !known {
			return nil, nil, fmt.Errorf("geneval: law %s reads the columns %s, not %q", l.name, strings.Join(l.vars, ", "), k)
		}
	}
	out := make([][]float64, 2)
	for i, v := range l.vars {
		c, ok := cols[v]
		if !ok {
			return nil, nil, fmt.Errorf("geneval: law %s needs a column %q (its columns: %s)", l.name, v, strings.Join(l.vars, ", "))
		}
		if n < 0 {
			n = len(c)
		}
		if len(c) != n {
			return nil, nil, fmt.Errorf("geneval: law %s: column %s has %d values, want %d", l.name, v, len(c), n)
		}
		out[i] = c
	}
	return out[0], out[1], nil
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
