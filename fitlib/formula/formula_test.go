package formula

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/diff/fd"
	"gonum.org/v1/gonum/mat"
)

// treeEval is an independent reference: a direct walk of the parse tree.
func treeEval(e *expr, p []float64, row []float64) float64 {
	switch e.kind {
	case 'n':
		return e.num
	case 'v':
		return row[e.index]
	case 'p':
		return p[e.index]
	case 'u':
		return -treeEval(e.args[0], p, row)
	case 'b':
		a, b := treeEval(e.args[0], p, row), treeEval(e.args[1], p, row)
		switch e.op {
		case '+':
			return a + b
		case '-':
			return a - b
		case '*':
			return a * b
		case '/':
			return a / b
		}
		return math.Pow(a, b)
	}
	a := treeEval(e.args[0], p, row)
	switch e.fn {
	case "exp":
		return math.Exp(a)
	case "log":
		return math.Log(a)
	case "log10":
		return math.Log10(a)
	case "sqrt":
		return math.Sqrt(a)
	case "abs":
		return math.Abs(a)
	case "sigmoid":
		return 1 / (1 + math.Exp(-a))
	case "softplus":
		if a > 30 { // log(1 + e^a) = a + log(1 + e^-a), and e^-30 is below rounding
			return a + math.Exp(-a)
		}
		return math.Log(1 + math.Exp(a))
	case "lgamma":
		v, _ := math.Lgamma(a)
		return v
	case "min":
		return math.Min(a, treeEval(e.args[1], p, row))
	}
	return math.Max(a, treeEval(e.args[1], p, row))
}

// testCols returns x > 0 (spanning decades), y of both signs, z in (0.5, 2).
func testCols(n int, seed uint64) [][]float64 {
	r := rand.New(rand.NewPCG(seed, 1))
	x, y, z := make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range x {
		x[i] = math.Pow(10, 4*r.Float64()-1)
		y[i] = 4*r.Float64() - 2
		z[i] = 0.5 + 1.5*r.Float64()
	}
	return [][]float64{x, y, z}
}

var gradCases = []struct {
	src string
	p   []float64
}{
	{"E0 + C0 * x^(-alpha)", []float64{1.7, 400, 0.34}},
	{"exp(a - alpha*log(x)) + exp(b - beta*log(z)) + exp(e)", []float64{6, 0.35, 7, 0.37, 0.6}},
	{"a*log(x) + b*log10(x) / c", []float64{0.3, -1.2, 2.5}},
	{"sqrt(a*x + b^2) - abs(c - y)", []float64{0.7, 1.3, 0.25}},
	{"sigmoid(k*(log10(x) - c0))*h + l", []float64{1.5, 1.2, 0.8, 0.05}},
	{"softplus(a*y - b) * exp(-c*z)", []float64{1.1, 0.3, 0.7}},
	{"min(a*x, b) + max(c, y*d)", []float64{0.9, 30, 0.1, 1.7}},
	{"a^z + x^a * b", []float64{1.3, 0.2}},
	{"y^2 * b + (a + z)^(b*y)", []float64{0.4, 0.9}},
	{"-a^2 * z / (b - y)^3", []float64{1.2, 3.5}},
	{"a / (1 + (x/b)^c)", []float64{2, 30, 0.8}},
	{"log(exp(a) + exp(b*y))", []float64{0.5, 1.5}},
	{"2^-a*z + 1e-3*b - 2.5E+1/(c*c + x)", []float64{0.6, 3, 1.1}},
	{"(E0 + A*x^-alpha)^(1/gamma)", []float64{0.2, 3, 0.5, 2.2}},
	{"sigmoid(a)*z + softplus(b) - exp(-c)*y", []float64{-0.4, 2.5, 1}},
	{"lgamma(a*z + b) - c*lgamma(x + 1) + lgamma(exp(d))", []float64{1.3, 0.4, 0.01, -0.5}},
}

func TestGradientMatchesFiniteDifferences(t *testing.T) {
	cols := testCols(37, 1)
	for _, tc := range gradCases {
		f, err := Parse(tc.src, "x", "y", "z")
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		if f.NumParams() != len(tc.p) {
			t.Fatalf("%s: params %v", tc.src, f.Params())
		}
		ev, err := f.Bind(cols)
		if err != nil {
			t.Fatal(err)
		}
		n := ev.Len()
		val := make([]float64, n)
		grad := make([][]float64, len(tc.p))
		for j := range grad {
			grad[j] = make([]float64, n)
		}
		if err := ev.ValueGrad(tc.p, val, grad); err != nil {
			t.Fatal(err)
		}
		jac := mat.NewDense(n, len(tc.p), nil)
		fd.Jacobian(jac, func(y, p []float64) {
			if err := ev.Value(p, y); err != nil {
				t.Fatal(err)
			}
		}, tc.p, &fd.JacobianSettings{Formula: fd.Central, Step: 1e-6})
		for i := 0; i < n; i++ {
			row := []float64{cols[0][i], cols[1][i], cols[2][i]}
			if want := treeEval(f.tree, tc.p, row); !close(val[i], want, 1e-12) {
				t.Errorf("%s row %d: value %.17g, tree walk %.17g", tc.src, i, val[i], want)
			}
			for j := range tc.p {
				if !close(grad[j][i], jac.At(i, j), 2e-6) {
					t.Errorf("%s row %d: d/d%s = %.12g, finite difference %.12g", tc.src, i, f.params[j], grad[j][i], jac.At(i, j))
				}
			}
		}
	}
}

func close(a, b, tol float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

func TestEvalMatchesHandWrittenGo(t *testing.T) {
	cols := testCols(1000, 2) // several blocks of rows
	x, y, z := cols[0], cols[1], cols[2]
	cases := []struct {
		src  string
		p    []float64
		want func(p []float64, i int) float64
	}{
		{"E0 + C0 * x^(-alpha)", []float64{1.69, 406.4, 0.34}, func(p []float64, i int) float64 {
			return p[0] + p[1]*math.Pow(x[i], -p[2])
		}},
		{"exp(a - alpha*log(x)) + exp(b - beta*log(z)) + exp(e)", []float64{6.17, 0.3473, 7.67, 0.3672, 0.597}, func(p []float64, i int) float64 {
			return math.Exp(p[0]-p[1]*math.Log(x[i])) + math.Exp(p[2]-p[3]*math.Log(z[i])) + math.Exp(p[4])
		}},
		{"y^a", []float64{2}, func(p []float64, i int) float64 { return y[i] * y[i] }}, // negative base: math.Pow, not exp(a log y)
		{"h * sigmoid(k*(log10(x) - c)) + l", []float64{0.8, 2, 1, 0.1}, func(p []float64, i int) float64 {
			return p[0]/(1+math.Exp(-p[1]*(math.Log10(x[i])-p[2]))) + p[3]
		}},
		{"-y^2", nil, func(p []float64, i int) float64 { return -(y[i] * y[i]) }},
		{"2^3^2", nil, func(p []float64, i int) float64 { return 512 }},
		{"max(y, 0) - min(z, 1)", nil, func(p []float64, i int) float64 { return math.Max(y[i], 0) - math.Min(z[i], 1) }},
	}
	for _, tc := range cases {
		f, err := Parse(tc.src, "x", "y", "z")
		if err != nil {
			t.Fatal(err)
		}
		got, err := f.Eval(tc.p, cols)
		if err != nil {
			t.Fatal(err)
		}
		for i := range got {
			if w := tc.want(tc.p, i); !close(got[i], w, 1e-13) {
				t.Fatalf("%s row %d: %.17g, Go %.17g", tc.src, i, got[i], w)
			}
		}
	}
}

func TestEvalMapAndErrors(t *testing.T) {
	f, err := Parse("E0 + C0 * C^(-alpha)", "C")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(f.Params(), ","); got != "E0,C0,alpha" {
		t.Fatalf("params %s", got)
	}
	v, err := f.EvalMap(map[string]float64{"E0": 1, "C0": 2, "alpha": 1}, map[string][]float64{"C": {1, 4}})
	if err != nil || v[0] != 3 || v[1] != 1.5 {
		t.Fatalf("EvalMap = %v, %v", v, err)
	}
	if _, err := f.EvalMap(map[string]float64{"E0": 1, "C0": 2}, map[string][]float64{"C": {1}}); err == nil || !strings.Contains(err.Error(), "alpha") {
		t.Errorf("missing parameter not named: %v", err)
	}
	g, _ := Parse("a*x + y", "x", "y")
	if _, err := g.Bind([][]float64{{1, 2}, {1}}); err == nil || !strings.Contains(err.Error(), "column y has 1 rows") {
		t.Errorf("length mismatch not named: %v", err)
	}
	ev, _ := g.Bind([][]float64{{1, 2}, {3, 4}})
	if err := ev.Value([]float64{1, 2}, make([]float64, 2)); err == nil {
		t.Error("wrong parameter count accepted")
	}
	if _, err := Parse("x", "x", "x"); err == nil {
		t.Error("duplicate variable accepted")
	}
	if _, err := Parse("exp", "exp"); err == nil {
		t.Error("function name as variable accepted")
	}
}

func TestParseErrorPositions(t *testing.T) {
	cases := []struct {
		src  string
		col  int
		want string
	}{
		{"", 1, "expected a number"},
		{"a +", 4, "found end of input"},
		{"(a + b", 7, "expected ')' to close '(' at column 1"},
		{"a + b)", 6, "unmatched ')'"},
		{"exp a", 5, "expected '(' after function exp"},
		{"E0 + foo(C)", 6, `unknown function "foo"`},
		{"lgamma(a, b)", 9, "lgamma takes 1 argument, found ','"},
		{"digamma(x)", 1, `unknown function "digamma"`},
		{"min(a)", 6, "min takes 2 arguments"},
		{"max(a, b, c)", 9, "max takes 2 arguments"},
		{"1e+ * x", 4, "expected exponent digits"},
		{"a # b", 3, "unexpected character '#'"},
		{"a ** b", 4, "expected a number"},
		{"α + ∞", 5, "unexpected character '∞'"},
		{"β·x", 2, "unexpected character '·'"},
		{"2 x", 3, `found name "x"`},
		{"1.2.3", 1, "malformed number"},
		{"log(x,)", 6, "log takes 1 argument, found ','"},
		{"log(x, ", 6, "log takes 1 argument"},
		{"min(x, )", 8, "expected a number"},
	}
	for _, tc := range cases {
		_, err := Parse(tc.src, "x")
		var pe *Error
		if !errors.As(err, &pe) {
			t.Errorf("%q: error %v is not *Error", tc.src, err)
			continue
		}
		if pe.Col != tc.col || !strings.Contains(pe.Msg, tc.want) {
			t.Errorf("%q: column %d %q, want column %d containing %q", tc.src, pe.Col, pe.Msg, tc.col, tc.want)
		}
	}
}

func TestLaTeXGolden(t *testing.T) {
	cases := map[string]string{
		"E0 + C0 * C^(-alpha)":           `E_0 + C_0 C^{-\alpha}`,
		"E + A/N^alpha + B/D^beta":       `E + \frac{A}{N^{\alpha}} + \frac{B}{D^{\beta}}`,
		"exp(a - alpha*log(N)) + exp(e)": `\exp\left(a - \alpha \log N\right) + \exp\left(e\right)`,
		"(a + b) * c":                    `\left(a + b\right) c`,
		"-(a + b)":                       `-\left(a + b\right)`,
		"-x^2":                           `-x^{2}`,
		"(-x)^2":                         `\left(-x\right)^{2}`,
		"a - (b - c)":                    `a - \left(b - c\right)`,
		"a - b*c":                        `a - b c`,
		"2 * 3":                          `2 \cdot 3`,
		"1e-3 * x":                       `10^{-3} x`,
		"2.5E+4":                         `2.5 \times 10^{4}`,
		"sigmoid(k*(log10(C) - c0))":     `\sigma\left(k \left(\log_{10} C - c_0\right)\right)`,
		"sqrt(x) + abs(y - 1)":           `\sqrt{x} + \left|y - 1\right|`,
		"min(a, b) + softplus(x)":        `\min\left(a, b\right) + \operatorname{softplus}\left(x\right)`,
		"E_inf + tokens * beta2":         `E_{\mathrm{inf}} + \mathrm{tokens} \beta_2`,
		"log(N) * a":                     `\log N \cdot a`,
		"a / (1 + (x/b)^c)":              `\frac{a}{1 + \left(\frac{x}{b}\right)^{c}}`,
		"Gamma10 * x^(a^b)":              `\Gamma_{10} x^{a^{b}}`,
		"lgamma(b + x) - lgamma(b)":      `\ln\Gamma\left(b + x\right) - \ln\Gamma\left(b\right)`,
		"a * lgamma(x)^2":                `a \left(\ln\Gamma\left(x\right)\right)^{2}`,
	}
	for src, want := range cases {
		f, err := Parse(src, "C", "N", "D", "x", "y")
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if got := f.LaTeX(); got != want {
			t.Errorf("LaTeX(%s)\n got %s\nwant %s", src, got, want)
		}
	}
}

func TestStringRoundTrip(t *testing.T) {
	cols := testCols(20, 3)
	for _, tc := range gradCases {
		f, _ := Parse(tc.src, "x", "y", "z")
		g, err := Parse(f.String(), "x", "y", "z")
		if err != nil {
			t.Fatalf("%s -> %s: %v", tc.src, f.String(), err)
		}
		if g.String() != f.String() {
			t.Errorf("String not a fixed point: %s -> %s", f.String(), g.String())
		}
		a, _ := f.Eval(tc.p, cols)
		b, _ := g.Eval(tc.p, cols)
		for i := range a {
			if a[i] != b[i] && !(math.IsNaN(a[i]) && math.IsNaN(b[i])) {
				t.Fatalf("%s: round trip changes row %d: %v vs %v", tc.src, i, a[i], b[i])
			}
		}
	}
}

func TestDerivativeText(t *testing.T) {
	f, _ := Parse("E0 + C0 * C^(-alpha)", "C")
	for p, want := range map[string]string{"E0": "1", "C0": "C^(-alpha)", "alpha": "-(C0 * (C^(-alpha) * log(C)))"} {
		if got, err := f.Derivative(p); err != nil || got != want {
			t.Errorf("d/d%s = %q (%v), want %q", p, got, err, want)
		}
	}
}

func TestValueGradDoesNotAllocate(t *testing.T) {
	f, _ := Parse("exp(a - alpha*log(x)) + exp(b - beta*log(z)) + exp(e)", "x", "z")
	cols := testCols(700, 4)
	ev, err := f.Bind([][]float64{cols[0], cols[2]})
	if err != nil {
		t.Fatal(err)
	}
	p := []float64{6, 0.3, 7, 0.4, 0.5}
	val := make([]float64, ev.Len())
	grad := make([][]float64, 5)
	for j := range grad {
		grad[j] = make([]float64, ev.Len())
	}
	if a := testing.AllocsPerRun(50, func() { _ = ev.ValueGrad(p, val, grad) }); a != 0 {
		t.Errorf("ValueGrad allocates %v times per call", a)
	}
}

// FuzzParse: no input makes Parse panic, and every formula that parses can
// be printed, differentiated and evaluated (value and gradient) without
// panicking, and its String parses back.
func FuzzParse(f *testing.F) {
	for _, tc := range gradCases {
		f.Add(tc.src)
	}
	for _, s := range []string{"", "(", "2^-x^2", "min(,)", "1e309*x", "x/0", "log(-x)", "((((a))))", "a^b^c^d", "lgamma(-x)", "lgamma(a*y)", "lgamma(0*x - 3)", "exp(lgamma(b+k)+lgamma(a+b)-lgamma(b)-lgamma(a+b+k))"} {
		f.Add(s)
	}
	cols := testCols(300, 5)
	f.Fuzz(func(t *testing.T, src string) {
		fm, err := Parse(src, "x", "y", "z")
		if err != nil {
			return
		}
		_ = fm.LaTeX()
		for _, p := range fm.Params() {
			if _, err := fm.Derivative(p); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := Parse(fm.String(), "x", "y", "z"); err != nil {
			t.Fatalf("String %q of %q does not parse: %v", fm.String(), src, err)
		}
		p := make([]float64, fm.NumParams())
		for j := range p {
			p[j] = 0.5 + float64(j)
		}
		if _, err := fm.Eval(p, cols); err != nil {
			t.Fatal(err)
		}
		if _, err := fm.Gradient(p, cols); err != nil {
			t.Fatal(err)
		}
	})
}

func BenchmarkValueGradChinchilla(b *testing.B) {
	f, _ := Parse("exp(a - alpha*log(N)) + exp(b - beta*log(D)) + exp(e)", "N", "D")
	cols := testCols(240, 6)
	ev, _ := f.Bind([][]float64{cols[0], cols[2]})
	p := []float64{6, 0.3, 7, 0.4, 0.5}
	val := make([]float64, ev.Len())
	grad := make([][]float64, 5)
	for j := range grad {
		grad[j] = make([]float64, ev.Len())
	}
	for i := 0; i < b.N; i++ {
		_ = ev.ValueGrad(p, val, grad)
	}
}
