package formula

import (
	"fmt"
)

// Formula is a parsed law: its value, the exact partial derivative with
// respect to every parameter (symbolic, simplified), its parameter names and
// its LaTeX form. A Formula is immutable and safe for concurrent use.
type Formula struct {
	src    string
	vars   []string
	params []string
	tree   *expr
	g      *graph
	root   int32
	grads  []int32
}

// Parse parses a formula over the named data variables. Every other name is
// a parameter; parameters are numbered in order of first appearance, left
// to right (so "E0 + C0 * C^(-alpha)" over C has parameters E0, C0, alpha).
//
// Grammar: + - * / and ^ (right-associative, binding tighter than unary
// minus: -x^2 = -(x^2), 2^-x = 2^(-x)), parentheses, numbers such as 3,
// 0.5, 1e-3, 2.5E+4, and the functions exp, log (natural), log10, sqrt, abs,
// sigmoid, softplus, lgamma, min(a, b) and max(a, b). Errors are *Error
// values naming the 1-based column.
//
// lgamma(x) is log Gamma(x), meant for x > 0 (Beta-function ratios such as
// B(a, b+k)/B(a, b) = exp(lgamma(b+k) + lgamma(a+b) - lgamma(b) -
// lgamma(a+b+k))). It is math.Lgamma with the sign dropped, so for x <= 0 it
// is log|Gamma(x)|, +Inf at 0 and the negative integers. Its derivative is
// the digamma function psi(x) (gonum's mathext.Digamma), which is
// d/dx log|Gamma(x)| on both sides of 0 and NaN or infinite at the poles.
func Parse(src string, vars ...string) (*Formula, error) {
	p := &parser{src: src, vars: map[string]int{}, pindex: map[string]int{}}
	for i, v := range vars {
		if !validName(v) {
			return nil, fmt.Errorf("formula: variable %q is not a name (letters, digits, _)", v)
		}
		if _, fn := functions[v]; fn {
			return nil, fmt.Errorf("formula: variable %q is a function name", v)
		}
		if _, dup := p.vars[v]; dup {
			return nil, fmt.Errorf("formula: variable %q listed twice", v)
		}
		p.vars[v] = i
	}
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	p.toks = toks
	tree, err := p.sum()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != 0 {
		what := "an operator"
		if t.kind == 'o' && t.text == ")" {
			what = "an operator (unmatched ')')"
		}
		return nil, p.errAt(t, "expected %s or end of input, found %s", what, describe(t))
	}
	f := &Formula{src: src, vars: append([]string(nil), vars...), params: p.params, tree: tree, g: newGraph()}
	f.root = f.g.build(tree)
	f.grads = make([]int32, len(f.params))
	for j := range f.params {
		f.grads[j] = f.g.deriv(f.root, int32(j), map[int32]int32{})
	}
	// For u^v with data-only u and a parameter-dependent v, make log u a
	// node now, so that Bind can evaluate u^v as exp(v log u) when u > 0
	// without changing the (shared, read-only) graph.
	for i := range f.g.nodes {
		n := f.g.nodes[i]
		if n.op == gPow && f.g.nodes[n.a].dep == depData && f.g.nodes[n.b].dep&depParam != 0 {
			f.g.unary(gLog, n.a)
		}
	}
	return f, nil
}

// Source returns the text the formula was parsed from.
func (f *Formula) Source() string { return f.src }

// Vars returns the data variable names, in the order given to Parse.
func (f *Formula) Vars() []string { return append([]string(nil), f.vars...) }

// Params returns the parameter names in order of first appearance.
func (f *Formula) Params() []string { return append([]string(nil), f.params...) }

// NumParams is len(f.Params()).
func (f *Formula) NumParams() int { return len(f.params) }

// ParamIndex returns the position of parameter name, or -1.
func (f *Formula) ParamIndex(name string) int {
	for i, p := range f.params {
		if p == name {
			return i
		}
	}
	return -1
}

// Eval evaluates the formula on columns given in the order of Vars. It
// allocates; for repeated evaluation use Bind.
func (f *Formula) Eval(params []float64, cols [][]float64) ([]float64, error) {
	e, err := f.Bind(cols)
	if err != nil {
		return nil, err
	}
	out := make([]float64, e.Len())
	return out, e.Value(params, out)
}

// EvalMap is Eval with parameters and columns given by name.
func (f *Formula) EvalMap(params map[string]float64, cols map[string][]float64) ([]float64, error) {
	p, err := f.paramVector(params)
	if err != nil {
		return nil, err
	}
	e, err := f.BindMap(cols)
	if err != nil {
		return nil, err
	}
	out := make([]float64, e.Len())
	return out, e.Value(p, out)
}

func (f *Formula) paramVector(params map[string]float64) ([]float64, error) {
	p := make([]float64, len(f.params))
	for j, name := range f.params {
		v, ok := params[name]
		if !ok {
			return nil, fmt.Errorf("formula %s: no value for parameter %s", f.src, name)
		}
		p[j] = v
	}
	for name := range params {
		if f.ParamIndex(name) < 0 {
			return nil, fmt.Errorf("formula %s: %s is not a parameter (parameters %v)", f.src, name, f.params)
		}
	}
	return p, nil
}

// Gradient returns the partial derivatives (one column per parameter, in
// Params order) on columns given in the order of Vars. It allocates.
func (f *Formula) Gradient(params []float64, cols [][]float64) ([][]float64, error) {
	e, err := f.Bind(cols)
	if err != nil {
		return nil, err
	}
	out := make([]float64, e.Len())
	grad := make([][]float64, len(f.params))
	for j := range grad {
		grad[j] = make([]float64, e.Len())
	}
	return grad, e.ValueGrad(params, out, grad)
}

// Derivative returns d f / d param as formula text (simplified). It is for
// reading; sign(x) and step(x <= y) appear for abs, min and max, and
// digamma(x) for lgamma. Those three names are not functions of the
// formula language, so such text does not parse back.
func (f *Formula) Derivative(param string) (string, error) {
	j := f.ParamIndex(param)
	if j < 0 {
		return "", fmt.Errorf("formula %s: %s is not a parameter (parameters %v)", f.src, param, f.params)
	}
	return f.g.text(f.grads[j], f.vars, f.params, 0), nil
}
