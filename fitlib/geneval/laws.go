package geneval

import (
	"fmt"
	"math"
)

// Law names accepted by FitLaw, the grid fits and the backtests.
const (
	LawCompute       = "compute"        // E0 + C0 C^-alpha
	LawParamsTokens  = "params_tokens"  // E0 + N0 N^-beta + D0 D^-gamma
	LawGoldReference = "gold_reference" // xi0 + K0 x^kappa, x = -log GoldProb_B
)

// Laws lists the three law names in the paper's order.
func Laws() []string { return []string{LawCompute, LawParamsTokens, LawGoldReference} }

// lawSpec is one of the three laws of Schaeffer et al. (2026), sec. 3. Every
// parameter is fitted through its logarithm (all are positive), so the
// internal vector th holds log-parameters. eval returns the law's value of
// -log pass_B@k at one checkpoint (x1, x2) and, when grad is not nil, its
// partial derivatives with respect to th.
type lawSpec struct {
	name   string
	names  []string // public parameter names
	latex  string   // the law in LaTeX
	inputs string   // what x1 (and x2) are
	eval   func(th []float64, x1, x2 float64, grad []float64) float64
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

// LawParamNames returns the parameter names of a law in the order of
// Fit.Params.
func LawParamNames(law string) ([]string, error) {
	l, err := lookupLaw(law)
	if err != nil {
		return nil, err
	}
	return append([]string(nil), l.names...), nil
}

// LawLaTeX returns the law as a LaTeX formula.
func LawLaTeX(law string) (string, error) {
	l, err := lookupLaw(law)
	if err != nil {
		return "", err
	}
	return l.latex, nil
}

// Power-law term p * x^(-e) = exp(lp - e log x) with e = exp(le); returns
// the term and fills d/dlp, d/dle.
func powTerm(lp, le, logx float64) (t, dlp, dle float64) {
	e := math.Exp(le)
	t = math.Exp(lp - e*logx)
	return t, t, -t * e * logx
}

var computeLaw = lawSpec{
	name:   LawCompute,
	names:  []string{"E0", "C0", "alpha"},
	latex:  `-\log \mathrm{pass}_B@k = E_0(k) + C_0(k)\, C^{-\alpha(k)}`,
	inputs: "C = 6ND",
	eval: func(th []float64, c, _ float64, g []float64) float64 {
		e0 := math.Exp(th[0])
		t, d1, d2 := powTerm(th[1], th[2], math.Log(c))
		if g != nil {
			g[0], g[1], g[2] = e0, d1, d2
		}
		return e0 + t
	},
	starts: func(c, _, y []float64) [][]float64 {
		lc := logs(c)
		ym, lcm := median(y), median(lc)
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
	name:   LawParamsTokens,
	names:  []string{"E0", "N0", "beta", "D0", "gamma"},
	latex:  `-\log \mathrm{pass}_B@k = E_0(k) + N_0(k)\, N^{-\beta(k)} + D_0(k)\, D^{-\gamma(k)}`,
	inputs: "N, D",
	eval: func(th []float64, n, d float64, g []float64) float64 {
		e0 := math.Exp(th[0])
		tn, dn1, dn2 := powTerm(th[1], th[2], math.Log(n))
		td, dd1, dd2 := powTerm(th[3], th[4], math.Log(d))
		if g != nil {
			g[0], g[1], g[2], g[3], g[4] = e0, dn1, dn2, dd1, dd2
		}
		return e0 + tn + td
	},
	starts: func(n, d, y []float64) [][]float64 {
		ym, lnm, ldm := median(y), median(logs(n)), median(logs(d))
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

var goldLaw = lawSpec{
	name:   LawGoldReference,
	names:  []string{"xi0", "K0", "kappa"},
	latex:  `-\log \mathrm{pass}_B@k = \xi_0(k) + K_0(k) \left[-\log \mathrm{GoldProb}_B\right]^{\kappa(k)}`,
	inputs: "-log GoldProb_B",
	eval: func(th []float64, x, _ float64, g []float64) float64 {
		xi := math.Exp(th[0])
		// K0 x^kappa is the power term with exponent -kappa.
		t, d1, d2 := powTerm(th[1], th[2], -math.Log(x))
		if g != nil {
			g[0], g[1], g[2] = xi, d1, d2
		}
		return xi + t
	},
	starts: func(x, _, y []float64) [][]float64 {
		ym, lxm := median(y), median(logs(x))
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
	th, err := internal(l, params)
	if err != nil {
		return nil, err
	}
	if law == LawParamsTokens && len(x2) != len(x1) {
		return nil, fmt.Errorf("geneval: law %s needs N and D of equal length, got %d and %d", law, len(x1), len(x2))
	}
	out := make([]float64, len(x1))
	for i, v := range x1 {
		w := 0.0
		if x2 != nil && i < len(x2) {
			w = x2[i]
		}
		out[i] = l.eval(th, v, w, nil)
	}
	return out, nil
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

func median(x []float64) float64 {
	s := append([]float64(nil), x...)
	sortFloats(s)
	n := len(s)
	if n == 0 {
		return math.NaN()
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
