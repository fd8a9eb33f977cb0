package formula

import (
	"math"
	"math/big"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mathext"
)

// bigLog returns log(x) for a positive big.Int to float64 accuracy: x =
// m 2^e with m in [0.5, 1), so log x = log m + e log 2.
func bigLog(x *big.Int) float64 {
	m := new(big.Float).SetPrec(200).SetInt(x)
	e := m.MantExp(m)
	mf, _ := m.Float64()
	return math.Log(mf) + float64(e)*math.Ln2
}

// relClose is |a-b| <= tol |b| (tol alone when b is 0).
func relClose(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(math.Abs(b), 1e-300) || a == b
}

// TestLgammaIntegersExact: lgamma(n) = log((n-1)!) with the factorial
// computed exactly in integers, through the column instruction (lgamma(n +
// a), data and parameter), the data-only path (computed once at Bind) and
// the scalar path (n a parameter). relClose, not close: close accepts +Inf
// for any value.
func TestLgammaIntegersExact(t *testing.T) {
	const nmax = 400
	ns := make([]float64, nmax)
	want := make([]float64, nmax)
	fact := big.NewInt(1) // (n-1)!
	for n := 1; n <= nmax; n++ {
		if n > 1 {
			fact.Mul(fact, big.NewInt(int64(n-1)))
		}
		ns[n-1] = float64(n)
		want[n-1] = bigLog(fact)
	}
	if want[0] != 0 || want[1] != 0 || !relClose(want[3], math.Log(6), 1e-15) {
		t.Fatalf("reference broken: %v", want[:4])
	}
	col, err := Parse("lgamma(n + a)", "n") // mixed: column instruction
	if err != nil {
		t.Fatal(err)
	}
	got, err := col.Eval([]float64{0}, [][]float64{ns})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := Parse("lgamma(n)", "n") // data-only: computed at Bind
	gotData, _ := data.Eval(nil, [][]float64{ns})
	scal, _ := Parse("lgamma(n)") // parameter only: scalar phase
	for i, n := range ns {
		s, err := scal.Eval([]float64{n}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for name, v := range map[string]float64{"column": got[i], "data": gotData[i], "scalar": s[0]} {
			if !relClose(v, want[i], 4e-15) {
				t.Errorf("%s lgamma(%v) = %.17g, log(%d!) = %.17g", name, n, v, int(n)-1, want[i])
			}
		}
	}
}

func TestLgammaHalf(t *testing.T) {
	f, _ := Parse("lgamma(x)", "x")
	got, _ := f.Eval(nil, [][]float64{{0.5, 1.5, 2.5}})
	// Gamma(1/2) = sqrt(pi), Gamma(3/2) = sqrt(pi)/2, Gamma(5/2) = 3 sqrt(pi)/4.
	for i, w := range []float64{math.Log(math.Sqrt(math.Pi)), math.Log(math.Sqrt(math.Pi) / 2), math.Log(3 * math.Sqrt(math.Pi) / 4)} {
		if !relClose(got[i], w, 1e-15) {
			t.Errorf("row %d: %.17g, want %.17g", i, got[i], w)
		}
	}
}

// TestLgammaNonPositive documents what x <= 0 gives: log|Gamma(x)|, +Inf at
// the poles, and digamma as the derivative.
func TestLgammaNonPositive(t *testing.T) {
	f, _ := Parse("lgamma(x + a)", "x")
	xs := []float64{0, -1, -0.5, -1.5}
	val, _ := f.Eval([]float64{0}, [][]float64{xs})
	grad, _ := f.Gradient([]float64{0}, [][]float64{xs})
	// Gamma(-1/2) = -2 sqrt(pi), Gamma(-3/2) = 4 sqrt(pi)/3.
	if !math.IsInf(val[0], 1) || !math.IsInf(val[1], 1) {
		t.Errorf("lgamma at 0, -1 = %v, want +Inf", val[:2])
	}
	if w := math.Log(2 * math.Sqrt(math.Pi)); !relClose(val[2], w, 1e-15) {
		t.Errorf("lgamma(-0.5) = %.17g, want log|-2 sqrt(pi)| = %.17g", val[2], w)
	}
	if w := math.Log(4 * math.Sqrt(math.Pi) / 3); !relClose(val[3], w, 1e-15) {
		t.Errorf("lgamma(-1.5) = %.17g, want %.17g", val[3], w)
	}
	// psi(-1/2) = psi(1/2) + 2 = 2 - gamma - 2 log 2.
	if w := 2 - eulerGamma - 2*math.Ln2; !close(grad[0][2], w, psiTol) {
		t.Errorf("d lgamma(x)/dx at -0.5 = %.17g, want %.17g", grad[0][2], w)
	}
}

const eulerGamma = 0.57721566490153286060651209008240243104215933593992

// psiTol is the absolute accuracy of gonum's mathext.Digamma, which the
// gradient of lgamma uses: it shifts x up to [7, 8) and truncates the
// asymptotic series there, so it is off by up to about 5e-11 (psi(1) =
// -0.57721566495 instead of -0.57721566490). Values of lgamma are not
// affected. A wrong derivative (sign, missing chain factor, lgamma in place
// of digamma) is off by far more.
const psiTol = 1e-10

// TestLgammaGradient: the derivative of lgamma is digamma, checked against
// exact harmonic numbers (psi(n) = H_{n-1} - gamma), against mathext.Digamma
// and against central finite differences, on both the column and the
// scalar paths.
func TestLgammaGradient(t *testing.T) {
	f, err := Parse("lgamma(a*x + b) * c", "x")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(f.Params(), ","); got != "a,b,c" {
		t.Fatalf("params %s", got)
	}
	if d, _ := f.Derivative("b"); d != "c * digamma(a * x + b)" {
		t.Errorf("d/db = %q", d)
	}
	// a = 1, b = 0, c = 1 on integer x: d/db = psi(x) exactly known.
	xs := make([]float64, 300) // more than one block
	for i := range xs {
		xs[i] = float64(i + 1)
	}
	grad, err := f.Gradient([]float64{1, 0, 1}, [][]float64{xs})
	if err != nil {
		t.Fatal(err)
	}
	h := new(big.Rat)
	for i, x := range xs {
		if i > 0 {
			h.Add(h, big.NewRat(1, int64(i)))
		}
		hf, _ := h.Float64()
		psi := hf - eulerGamma
		if !close(grad[1][i], psi, psiTol) {
			t.Errorf("psi(%v) = %.17g, H - gamma = %.17g", x, grad[1][i], psi)
		}
		if math.Abs(grad[0][i]-x*psi) > x*psiTol {
			t.Errorf("d/da at x=%v: %.17g, want x psi = %.17g", x, grad[0][i], x*psi)
		}
		if lg, _ := math.Lgamma(x); grad[2][i] != lg {
			t.Errorf("d/dc at x=%v: %.17g, want lgamma %.17g", x, grad[2][i], lg)
		}
	}
	// Non-integer arguments: mathext.Digamma and finite differences.
	cols := testCols(50, 11)
	x := cols[2] // (0.5, 2)
	p := []float64{1.7, 0.3, -0.8}
	ev, _ := f.Bind([][]float64{x})
	val, g := make([]float64, len(x)), [][]float64{make([]float64, len(x)), make([]float64, len(x)), make([]float64, len(x))}
	if err := ev.ValueGrad(p, val, g); err != nil {
		t.Fatal(err)
	}
	scal, _ := Parse("lgamma(a*X + b) * c") // X a parameter: scalar phase
	if got := strings.Join(scal.Params(), ","); got != "a,X,b,c" {
		t.Fatalf("params %s", got)
	}
	const step = 1e-5
	for i, xi := range x {
		u := p[0]*xi + p[1]
		psi := mathext.Digamma(u)
		if !close(g[1][i], p[2]*psi, 1e-15) || !close(g[0][i], p[2]*xi*psi, 1e-15) {
			t.Errorf("x=%v: grad %v %v, c psi = %v", xi, g[0][i], g[1][i], p[2]*psi)
		}
		for j := range p {
			lo, hi := append([]float64(nil), p...), append([]float64(nil), p...)
			lo[j] -= step
			hi[j] += step
			fl := lo[2] * lgamma(lo[0]*xi+lo[1])
			fh := hi[2] * lgamma(hi[0]*xi+hi[1])
			if fd := (fh - fl) / (2 * step); !close(g[j][i], fd, 1e-8) {
				t.Errorf("x=%v d/d%s = %.12g, finite difference %.12g", xi, f.params[j], g[j][i], fd)
			}
		}
		// Scalar path (params a, X, b, c) agrees with the column path.
		sp := []float64{p[0], xi, p[1], p[2]}
		sv, _ := scal.Eval(sp, nil)
		sg, _ := scal.Gradient(sp, nil)
		if sv[0] != val[i] || sg[0][0] != g[0][i] || sg[2][0] != g[1][i] || sg[3][0] != g[2][i] {
			t.Errorf("x=%v: scalar %v %v %v %v, column %v %v %v %v", xi, sv[0], sg[0][0], sg[2][0], sg[3][0], val[i], g[0][i], g[1][i], g[2][i])
		}
	}
}

// TestLgammaColumnInstructions: the mixed lgamma and digamma nodes compile
// to their own column instructions (not a fallback), so the exec loops are
// what the other tests check.
func TestLgammaColumnInstructions(t *testing.T) {
	f, _ := Parse("lgamma(a*x + b) * c", "x")
	ev, _ := f.Bind([][]float64{{1, 2, 3}})
	have := map[vop]bool{}
	for _, in := range ev.full.p.vec {
		have[in.op] = true
	}
	if !have[vLgamma] || !have[vDigamma] {
		t.Errorf("program lacks vLgamma (%v) or vDigamma (%v)", have[vLgamma], have[vDigamma])
	}
}

// TestBetaRatio: the Beta-function ratio B(a, b+k)/B(a, b) written with
// lgamma equals the exact product prod_{j<k} (b+j)/(a+b+j) (rational
// arithmetic on the float64 values of a and b), and its gradient equals the
// exact d/da = -R sum 1/(a+b+j), d/db = R sum (1/(b+j) - 1/(a+b+j)) to
// within four digamma errors (psiTol each) times R.
func TestBetaRatio(t *testing.T) {
	f, err := Parse("exp(lgamma(b+k)+lgamma(a+b)-lgamma(b)-lgamma(a+b+k))", "k")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(f.Params(), ","); got != "b,a" {
		t.Fatalf("params %s", got)
	}
	ks := make([]float64, 20)
	for i := range ks {
		ks[i] = float64(i + 1)
	}
	for _, ab := range [][2]float64{{0.3, 1.7}, {0.05, 0.2}, {2.5, 4}, {1, 1}, {0.7, 30}} {
		a, b := ab[0], ab[1]
		p := []float64{b, a}
		ev, err := f.Bind([][]float64{ks})
		if err != nil {
			t.Fatal(err)
		}
		val, grad := make([]float64, len(ks)), [][]float64{make([]float64, len(ks)), make([]float64, len(ks))}
		if err := ev.ValueGrad(p, val, grad); err != nil {
			t.Fatal(err)
		}
		ra, rb := new(big.Rat).SetFloat64(a), new(big.Rat).SetFloat64(b)
		r := big.NewRat(1, 1)
		sa, sb := new(big.Rat), new(big.Rat) // sum 1/(a+b+j), sum 1/(b+j)
		for i, k := range ks {
			j := new(big.Rat).SetInt64(int64(k) - 1)
			bj := new(big.Rat).Add(rb, j)
			abj := new(big.Rat).Add(bj, ra)
			r.Mul(r, new(big.Rat).Quo(bj, abj))
			sa.Add(sa, new(big.Rat).Inv(abj))
			sb.Add(sb, new(big.Rat).Inv(bj))
			want, _ := r.Float64()
			da, _ := new(big.Rat).Neg(new(big.Rat).Mul(r, sa)).Float64()
			db, _ := new(big.Rat).Mul(r, new(big.Rat).Sub(sb, sa)).Float64()
			if !relClose(val[i], want, 1e-12) {
				t.Errorf("a=%v b=%v k=%v: %.17g, exact product %.17g (rel %.2g)", a, b, k, val[i], want, math.Abs(val[i]/want-1))
			}
			if tol := 4*psiTol*want + 1e-12*math.Abs(da); math.Abs(grad[1][i]-da) > tol || math.Abs(grad[0][i]-db) > tol {
				t.Errorf("a=%v b=%v k=%v: d/da %.15g d/db %.15g, exact %.15g %.15g", a, b, k, grad[1][i], grad[0][i], da, db)
			}
		}
	}
}

func TestLgammaTextAndLaTeX(t *testing.T) {
	src := "exp(lgamma(b+k)+lgamma(a+b)-lgamma(b)-lgamma(a+b+k))"
	f, _ := Parse(src, "k")
	s := f.String()
	if s != "exp(lgamma(b + k) + lgamma(a + b) - lgamma(b) - lgamma(a + b + k))" {
		t.Errorf("String = %q", s)
	}
	g, err := Parse(s, "k")
	if err != nil {
		t.Fatal(err)
	}
	ks := [][]float64{{1, 2, 3, 7.5, 100}}
	p := []float64{1.3, 0.4}
	a, _ := f.Eval(p, ks)
	b, _ := g.Eval(p, ks)
	for i := range a {
		if a[i] != b[i] {
			t.Errorf("row %d: %v, round trip %v", i, a[i], b[i])
		}
	}
	tex := f.LaTeX()
	if !strings.Contains(tex, `\ln\Gamma\left(b + k\right)`) || strings.Count(tex, `\Gamma`) != 4 {
		t.Errorf("LaTeX = %s", tex)
	}
}

// TestDigammaDerivativePanics: digamma never appears in a parsed formula, so
// no gradient differentiates it; asking for its derivative directly must
// fail loudly rather than return 0.
func TestDigammaDerivativePanics(t *testing.T) {
	g := newGraph()
	d := g.unary(gDigamma, g.intern(gnode{op: gParam, a: -1, b: -1, idx: 0}))
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "trigamma") {
			t.Errorf("recover() = %v", r)
		}
	}()
	g.deriv(d, 0, map[int32]int32{})
}
