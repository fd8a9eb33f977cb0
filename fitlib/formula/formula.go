package formula

import (
	"fmt"
	"sort"
	"strings"
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
	unused []string
}

// Parse parses a formula over the named data variables. Every other name is
// a parameter (names are letters, Unicode Greek included, digits and _); parameters are numbered in order of first appearance, left
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
	f := &Formula{src: src, vars: append([]string(nil), vars...), params: p.params, tree: tree, g: newGraph(), unused: p.unusedVars(vars)}
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

// unusedVars lists the variables no token of the formula names.
func (p *parser) unusedVars(vars []string) []string {
	used := map[string]bool{}
	for _, t := range p.toks {
		if t.kind == 'i' {
			used[t.text] = true
		}
	}
	var out []string
	for _, v := range vars {
		if !used[v] {
			out = append(out, v)
		}
	}
	return out
}

// UnusedVars returns the variables given to Parse that the formula does
// not mention. Parse accepts them (one set of columns can serve several
// laws, and a derivative may lose a variable); a fit that was handed a
// data column its formula never reads should report it.
func (f *Formula) UnusedVars() []string { return append([]string(nil), f.unused...) }

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

// EvalMap is Eval with parameters and columns given by name. Every
// parameter and variable of the formula needs a value; names the formula
// does not use are ignored, so the parameter map of a whole law evaluates
// any formula over a subset of its names (a derivative, one term).
//
// Ignoring extras cannot hide a misspelling: a misspelt name leaves the
// name it was meant for without a value, and that error lists the unused
// names closest to it. EvalMapStrict also rejects the extras.
func (f *Formula) EvalMap(params map[string]float64, cols map[string][]float64) ([]float64, error) {
	return f.evalMap(params, cols, false)
}

// EvalMapStrict is EvalMap that also rejects any name the formula does not
// use, for checking that a map matches the formula exactly.
func (f *Formula) EvalMapStrict(params map[string]float64, cols map[string][]float64) ([]float64, error) {
	return f.evalMap(params, cols, true)
}

func (f *Formula) evalMap(params map[string]float64, cols map[string][]float64, strict bool) ([]float64, error) {
	p, err := f.paramVector(params, cols, strict)
	if err != nil {
		return nil, err
	}
	list := make([][]float64, len(f.vars))
	for j, v := range f.vars {
		c, ok := cols[v]
		if !ok {
			return nil, fmt.Errorf("formula %s: no data column for variable %s%s", f.src, v, closest(v, keys(cols)))
		}
		list[j] = c
	}
	if strict {
		for name := range cols {
			if !contains(f.vars, name) {
				return nil, fmt.Errorf("formula %s: column %s is not a variable (variables %v)", f.src, name, f.vars)
			}
		}
	}
	e, err := f.Bind(list)
	if err != nil {
		return nil, err
	}
	out := make([]float64, e.Len())
	return out, e.Value(p, out)
}

func (f *Formula) paramVector(params map[string]float64, cols map[string][]float64, strict bool) ([]float64, error) {
	p := make([]float64, len(f.params))
	for j, name := range f.params {
		v, ok := params[name]
		if !ok {
			if _, isCol := cols[name]; isCol {
				return nil, fmt.Errorf("formula %s: %s is given as a data column but the formula treats it as a parameter: list it as a variable, formula.Parse(%q, %s)", f.src, name, f.src, quoteList(append(f.Vars(), name)))
			}
			return nil, fmt.Errorf("formula %s: no value for parameter %s%s", f.src, name, closest(name, keys(params)))
		}
		p[j] = v
	}
	if strict {
		for name := range params {
			if f.ParamIndex(name) < 0 {
				return nil, fmt.Errorf("formula %s: %s is not a parameter (parameters %v)", f.src, name, f.params)
			}
		}
	}
	return p, nil
}

// CheckColumns returns an error when a parameter of the formula has the
// name of one of the data columns: the formula was parsed without listing
// that column as a variable, so a fit would treat it as a free constant
// and ignore the data (the Chinchilla law parsed over "N" only makes D a
// parameter). Fitting code calls it with the names of the columns it was
// given.
func (f *Formula) CheckColumns(columns ...string) error {
	var clash []string
	for _, c := range columns {
		if f.ParamIndex(c) >= 0 {
			clash = append(clash, c)
		}
	}
	if len(clash) == 0 {
		return nil
	}
	return fmt.Errorf("formula %s: %s %s a data column but the formula treats %s as a parameter; list %s: formula.Parse(%q, %s)",
		f.src, strings.Join(clash, ", "), plural3(len(clash), "is", "are"), plural3(len(clash), "it", "them"), plural3(len(clash), "it as a variable", "them as variables"), f.src, quoteList(append(f.Vars(), clash...)))
}

// ColumnParams returns the parameters that share a name with one of the
// columns (see CheckColumns).
func (f *Formula) ColumnParams(columns ...string) []string {
	var out []string
	for _, c := range columns {
		if f.ParamIndex(c) >= 0 {
			out = append(out, c)
		}
	}
	return out
}

func plural3(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// closest returns " (did you mean X?)" naming the candidate nearest to
// name by edit distance (at most 2 edits, or equal ignoring case), or "".
func closest(name string, candidates []string) string {
	best, bestD := "", 3
	for _, c := range candidates {
		if c == name {
			continue
		}
		d := editDistance(name, c)
		if strings.EqualFold(c, name) {
			d = 0
		}
		if d < bestD {
			best, bestD = c, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %s?)", best)
}

// editDistance is the Levenshtein distance between a and b in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
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
