package fit

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/gophernote/gophernote/fitlib/internal/num"
	"github.com/gophernote/gophernote/fitlib/internal/par"
)

// TestTestSize: the likelihood-ratio and Wald tests of a true null
// (alpha = 0.34 in E + A N^-alpha, the full fit against alpha fixed)
// reject it 4-6% of the time at nominal 5%, for squared error (linear and
// log residuals) and Huber at 10 and 50 rows, over 4000 simulated datasets
// each (binomial sd of a 5% rate: 0.0034). Before the review of issue 13
// the likelihood-ratio test used the Huber "likelihood" evaluated at the
// loss fit's parameters (never maximised) with chi-squared(1): it
// rejected 18.7% (Huber(1e-3), 10 rows), 11.9% (50 rows), 10.7%
// (Huber(1e-2)), 10.4% (squared-log, 10 rows) and gave negative
// statistics in 5-32% of datasets, reported as p = 1; the Wald test used
// chi-squared(1) where the intervals use Student t (8.1% at 10 rows).
// About 10 s on 2 cores.
func TestTestSize(t *testing.T) {
	law := mustParse(t, "E + A * N^(-alpha)", "N")
	const D = 4000
	for _, c := range []struct {
		name  string
		n     int
		loss  Loss
		noise float64
		log   bool
	}{
		{"squared, n=10", 10, Squared(), 0.02, false},
		{"squared, n=50", 50, Squared(), 0.02, false},
		{"squared-log, n=10", 10, SquaredLog(), 0.01, true},
		{"squared-log, n=50", 50, SquaredLog(), 0.01, true},
		{"Huber(1e-3), n=10", 10, Huber(1e-3), 0.01, true},
		{"Huber(1e-3), n=50", 50, Huber(1e-3), 0.01, true},
		{"Huber(1e-2), n=50", 50, Huber(1e-2), 0.01, true},
	} {
		t0 := time.Now()
		lrRej, wRej := make([]bool, D), make([]bool, D)
		errs := make([]error, D)
		par.For(runtime.GOMAXPROCS(0), D, func() func(int) {
			return func(i int) {
				r := rand.New(rand.NewPCG(uint64(i), 0x5e))
				x, y := powerLawData(r, c.n, gaussNoise(c.noise), c.log)
				pb := Problem{Formula: law, Data: map[string][]float64{"N": x}, Y: y, Loss: c.loss, Params: covParams()}
				full, err := Fit(pb, Options{Workers: 1})
				if err != nil {
					errs[i] = err
					return
				}
				pr := pb
				pr.Params = []Param{{Name: "E", Init: 1.8, Transform: Log}, {Name: "A", Init: 400, Transform: Log}, {Name: "alpha", Init: 0.34, Fixed: true}}
				rest, err := Fit(pr, Options{Workers: 1})
				if err != nil {
					errs[i] = err
					return
				}
				lr, err := LikelihoodRatio(full, rest)
				if err != nil {
					errs[i] = err
					return
				}
				w, err := Wald(full, []string{"alpha"}, []float64{0.34})
				if err != nil {
					errs[i] = err
					return
				}
				lrRej[i], wRej[i] = lr.P < 0.05, w.P < 0.05
				// with one parameter the Wald test rejects exactly when the
				// reported interval excludes the null
				if out := 0.34 < full.Lo[2] || 0.34 > full.Hi[2]; out != wRej[i] && math.Abs(w.P-0.05) > 1e-9 {
					errs[i] = errTest("Wald p = %v but the interval [%v, %v] %s 0.34", w.P, full.Lo[2], full.Hi[2], map[bool]string{true: "excludes", false: "holds"}[out])
				}
			}
		})
		failed, lrN, wN := 0, 0, 0
		for i := range errs {
			if errs[i] != nil {
				if failed == 0 {
					t.Errorf("%s: dataset %d: %v", c.name, i, errs[i])
				}
				failed++
			}
			if lrRej[i] {
				lrN++
			}
			if wRej[i] {
				wN++
			}
		}
		lr, w := float64(lrN)/D, float64(wN)/D
		t.Logf("%s: likelihood ratio rejects %.3f, Wald %.3f (%d datasets, %d failed, %.1fs)", c.name, lr, w, D, failed, time.Since(t0).Seconds())
		if failed > D/200 {
			t.Errorf("%s: %d of %d datasets failed", c.name, failed, D)
		}
		for _, v := range []struct {
			name string
			rate float64
		}{{"likelihood-ratio", lr}, {"Wald", w}} {
			if v.rate < 0.04 || v.rate > 0.06 {
				t.Errorf("%s: the %s test rejects a true null %.3f of the time at nominal 0.05, want 0.04-0.06", c.name, v.name, v.rate)
			}
		}
	}
}

func errTest(format string, a ...any) error { return fmt.Errorf(format, a...) }

// TestLikelihoodRatioChecks: what LikelihoodRatio refuses, and its
// reference distributions where they are exact.
func TestLikelihoodRatioChecks(t *testing.T) {
	law := mustParse(t, "E + A * N^(-alpha)", "N")
	x := []float64{1e6, 1e7, 1e8, 1e9, 1e10, 1e11}
	y := []float64{3.0, 2.6, 2.3, 2.1, 2.0, 1.95}
	mk := func(loss Loss, fixAlpha bool, yy []float64) Problem {
		ps := covParams()
		ps[2].Fixed = fixAlpha
		return Problem{Formula: law, Data: map[string][]float64{"N": x}, Y: yy, Loss: loss, Params: ps}
	}
	fit := func(pb Problem, o Options) *Result {
		t.Helper()
		r, err := Fit(pb, o)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	huber := fit(mk(Huber(1e-3), false, y), Options{})
	sqlog := fit(mk(SquaredLog(), true, y), Options{})
	sqlin := fit(mk(Squared(), false, y), Options{})
	sqlogFull := fit(mk(SquaredLog(), false, y), Options{})
	other := fit(mk(SquaredLog(), true, []float64{3.1, 2.6, 2.3, 2.1, 2.0, 1.95}), Options{})
	for _, c := range []struct {
		name        string
		full, restr *Result
		want        string
	}{
		{"Huber against squared-log", huber, sqlog, "different losses"},
		{"linear squared against log squared", sqlin, sqlog, "different losses"},
		{"a fit against itself", sqlogFull, sqlogFull, "not nested"},
		{"restricted with more free parameters", sqlog, sqlogFull, "not nested"},
		{"different data", sqlogFull, other, "different data"},
		{"nil", nil, sqlog, "two fits"},
	} {
		if _, err := LikelihoodRatio(c.full, c.restr); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	// a full fit stopped before its optimum: its objective is above the
	// restricted one's, an error rather than p = 1
	early := fit(mk(SquaredLog(), false, y), Options{MaxIter: 1, NoFallback: true, SE: SEModel})
	if early.Objective > sqlog.Objective {
		if _, err := LikelihoodRatio(early, sqlog); err == nil || !strings.Contains(err.Error(), "did not reach its optimum") {
			t.Errorf("restricted objective below the full one: %v", err)
		}
	} else {
		t.Errorf("one iteration reached %v, below the restricted %v: the check is not exercised", early.Objective, sqlog.Objective)
	}
	// A negative log-likelihood: two Gaussian groups with sigma 1 and
	// means mu1, mu2; the LR of mu2 = 0 is n2 ybar2^2 exactly,
	// chi-squared(1).
	g1, g2 := []float64{1.3, 0.8, 1.1}, []float64{0.3, -0.2, 0.9, 0.4, 0.1}
	nll := func(p, g, w []float64) float64 {
		f := 0.0
		g[0], g[1] = 0, 0
		for k, grp := range [][]float64{g1, g2} {
			for i, v := range grp {
				wi := 1.0
				if w != nil {
					wi = w[k*len(g1)+i]
				}
				f += wi * 0.5 * (v - p[k]) * (v - p[k])
				g[k] -= wi * (v - p[k])
			}
		}
		return f
	}
	two := func(kind ObjectiveKind, fix bool) *Result {
		return fit(Problem{Objective: nll, Rows: len(g1) + len(g2), ObjectiveIs: kind,
			Params: []Param{{Name: "mu1"}, {Name: "mu2", Fixed: fix}}}, Options{GTol: 1e-12})
	}
	var ybar float64
	for _, v := range g2 {
		ybar += v / float64(len(g2))
	}
	want := float64(len(g2)) * ybar * ybar
	tst, err := LikelihoodRatio(two(NegLogLik, false), two(NegLogLik, true))
	if err != nil {
		t.Fatal(err)
	}
	near(t, "Gaussian LR", tst.Statistic, want, 1e-8)
	near(t, "Gaussian LR p", tst.P, distuv.ChiSquared{K: 1}.Survival(want), 1e-8)
	if tst.DF != 1 || tst.DF2 != 0 {
		t.Errorf("Gaussian LR reference %s", tst.Reference)
	}
	if _, err := LikelihoodRatio(two(SumOfLosses, false), two(SumOfLosses, true)); err == nil || !strings.Contains(err.Error(), "not a likelihood") {
		t.Errorf("sum of losses: %v", err)
	}
	if _, err := LRStatistic("x", 1, 2, 1); err == nil || !strings.Contains(err.Error(), "not at its maximum") {
		t.Errorf("negative LR statistic: %v", err)
	}
	if _, err := LRStatistic("x", math.NaN(), 2, 1); err == nil {
		t.Error("NaN log-likelihood accepted")
	}
}

// TestHC2BellMcCaffreyExact: for a straight line the default standard
// errors are the HC2 sandwich (X'X)^-1 X' diag(e_i^2/(1 - h_i)) X (X'X)^-1
// and each interval's degrees of freedom Bell and McCaffrey's
// (sum lambda)^2 / sum lambda^2, lambda the eigenvalues of G'G with
// G = (I - H) diag(a_i / sqrt(1 - h_i)), a = X (X'X)^-1 l: recomputed
// here with dense n x n matrices and an eigendecomposition, independently
// of the O(n p^2) traces the engine uses. Derive's degrees of freedom for
// a combination of both coefficients are checked the same way.
func TestHC2BellMcCaffreyExact(t *testing.T) {
	l := newLine()
	res, err := Fit(l.problem(t), Options{GTol: 1e-12})
	if err != nil {
		t.Fatal(err)
	}
	if res.SEKind != SESandwich {
		t.Fatalf("default SE kind %q", res.SEKind)
	}
	n := l.n
	X := mat.NewDense(n, 2, nil)
	e := make([]float64, n)
	for i := range l.x {
		X.Set(i, 0, 1)
		X.Set(i, 1, l.x[i])
		e[i] = l.y[i] - l.a - l.b*l.x[i]
	}
	var xtx, xtxi mat.Dense
	xtx.Mul(X.T(), X)
	if err := xtxi.Inverse(&xtx); err != nil {
		t.Fatal(err)
	}
	var hat, tmp mat.Dense
	tmp.Mul(X, &xtxi)
	hat.Mul(&tmp, X.T())
	meat := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		meat.Set(i, i, e[i]*e[i]/(1-hat.At(i, i)))
	}
	var c1, c2, cov mat.Dense
	c1.Mul(&xtxi, X.T())
	c2.Mul(&c1, meat)
	cov.Mul(&c2, &tmp) // (X'X)^-1 X' M X (X'X)^-1
	bm := func(lv []float64) float64 {
		a := mat.NewVecDense(n, nil)
		a.MulVec(&tmp, mat.NewVecDense(2, lv)) // X (X'X)^-1 l
		D := mat.NewDense(n, n, nil)
		for i := 0; i < n; i++ {
			D.Set(i, i, a.AtVec(i)/math.Sqrt(1-hat.At(i, i)))
		}
		M := mat.NewDense(n, n, nil)
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				v := -hat.At(i, j)
				if i == j {
					v++
				}
				M.Set(i, j, v)
			}
		}
		var G, GtG mat.Dense
		G.Mul(M, D)
		GtG.Mul(G.T(), &G)
		var es mat.EigenSym
		if !es.Factorize(mat.NewSymDense(n, GtG.RawMatrix().Data), false) {
			t.Fatal("eigendecomposition failed")
		}
		var s1, s2 float64
		for _, v := range es.Values(nil) {
			s1 += v
			s2 += v * v
		}
		return s1 * s1 / s2
	}
	for j := 0; j < 2; j++ {
		near(t, "HC2 SE", res.SE[j], math.Sqrt(cov.At(j, j)), 1e-6)
		lv := []float64{0, 0}
		lv[j] = 1
		nu := bm(lv)
		near(t, "Bell-McCaffrey DOF", res.RefDOF[j], nu, 1e-6)
		q := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: nu}.Quantile(0.975)
		near(t, "interval upper", res.Hi[j], res.Params[j]+q*res.SE[j], 1e-9)
	}
	d, err := Derive(res, "a + 10*b", nil)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "Derive DOF", d.DOF[0], bm([]float64{1, 10}), 1e-6)
	if !strings.Contains(d.How, "Bell-McCaffrey") {
		t.Errorf("Derive method %q", d.How)
	}
}

// TestNotFiniteResultsAreErrors: no err == nil with a NaN or infinite
// value, standard error or statistic (review of issue 13, item 7).
func TestNotFiniteResultsAreErrors(t *testing.T) {
	law := mustParse(t, "E + A * N^(-alpha)", "N")
	x := []float64{1e6, 1e7, 1e8, 1e9, 1e10, 1e11}
	y := []float64{3.0, 2.6, 2.3, 2.1, 2.0, 1.95}
	pb := Problem{Formula: law, Data: map[string][]float64{"N": x}, Y: y, Loss: SquaredLog(), Params: covParams()}
	res, err := Fit(pb, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		run  func() error
		want string
	}{
		{"log of a negative quantity", func() error { _, err := Derive(res, "log(E - 100)", nil); return err }, "not defined"},
		{"division by zero", func() error { _, err := Derive(res, "1/(alpha-alpha)", nil); return err }, "+Inf"},
		{"NaN data", func() error {
			_, err := Derive(res, "A*N^(-alpha)", map[string][]float64{"N": {1e6, math.NaN()}})
			return err
		}, "data column N row 1 is NaN"},
		{"law undefined at a row", func() error {
			_, err := Derive(res, "A*N^(-alpha)", map[string][]float64{"N": {1e6, -5}})
			return err
		}, "at row 1 (N = -5)"},
		{"empty data", func() error { _, err := Derive(res, "A*N^(-alpha)", map[string][]float64{"N": {}}); return err }, "no rows"},
		{"DeriveLog of a negative quantity", func() error { _, err := DeriveLog(res, "E - 100", nil); return err }, "needs a positive quantity"},
		{"Band of a negative compute", func() error { _, err := Band(law, res, map[string][]float64{"N": {-5}}, SquaredLog()); return err }, "row 0"},
		{"Wald with a NaN null", func() error { _, err := Wald(res, []string{"alpha"}, []float64{math.NaN()}); return err }, "is NaN"},
		{"Wald with a null outside the domain", func() error { _, err := Wald(res, []string{"E"}, []float64{0}); return err }, "outside its domain"},
		{"Wald naming a parameter twice", func() error { _, err := Wald(res, []string{"E", "E"}, []float64{1, 1}); return err }, "named twice"},
		{"WaldCov with a NaN covariance", func() error {
			_, err := WaldCov("x", []float64{1}, []float64{0}, [][]float64{{math.NaN()}})
			return err
		}, "NaN"},
		{"a law NaN at a row", func() error {
			p := pb
			p.Loss = Squared()
			p.Data = map[string][]float64{"N": {-1e6, 1e7, 1e8, 1e9, 1e10, 1e11}}
			r, err := Fit(p, Options{})
			if err == nil {
				return fmt.Errorf("no error; objective %v, SE %v", r.Objective, r.SE)
			}
			if r == nil || len(r.SE) != 3 || !math.IsNaN(r.SE[0]) || r.Converged() {
				return fmt.Errorf("result beside the error: %+v", r)
			}
			return err
		}, "is NaN at row 0 (N = -1e+06)"},
	} {
		err := c.run()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

// TestSingularAfterPolish: the curvature can turn singular only at the
// polished point. Fuzzing found 2^A*x + A0 under SquaredLog, where A runs
// to -37 (2^A vanishes and A0 takes the level): the first curvature was
// regular, the polished one singular, and Fit dereferenced the missing
// covariance (a panic in standardErrors). It must report the plateau as
// not converged, with no standard errors, like any singular stop.
func TestSingularAfterPolish(t *testing.T) {
	law := mustParse(t, "2^A*x + A0", "x")
	r, err := Fit(Problem{Formula: law, Data: map[string][]float64{"x": {0.5, 1, 2, 4, 8, 16}},
		Y: []float64{3, 2.5, 2.1, 1.9, 1.8, 1.75}, Loss: SquaredLog()},
		Options{MaxIter: 40, MaxEval: 200, RandomStarts: 2, Seed: 1, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if r.Converged() || !strings.Contains(r.Reason, "A not identified") {
		t.Errorf("converged %v, status %q: want not converged naming A", r.Converged(), r.Reason)
	}
	for i, se := range r.SE {
		if !math.IsNaN(se) {
			t.Errorf("SE[%d] = %v at a singular stop, want NaN", i, se)
		}
	}
}

// TestSingularCurvatureNotConverged: a fit that stops where the curvature
// is singular is never "converged" (review of issue 13, item 5). From
// E = 0.5, A = 400, alpha = 0.3 on data with true E = 0, L-BFGS walks to
// alpha of 1.3-10, where A N^-alpha vanishes and E takes the level:
// objective 18.09 against 0.006 at the optimum, gradient below GTol, and
// before the fix every one of 1000 such fits said converged. Now none
// that stopped away from the optimum does, and the status names the
// parameters the data no longer identify there.
func TestSingularCurvatureNotConverged(t *testing.T) {
	law := mustParse(t, "E + A * N^(-alpha)", "N")
	const D, n = 1000, 20
	type out struct {
		plateau, conv bool
		status        string
	}
	res := make([]out, D)
	par.For(runtime.GOMAXPROCS(0), D, func() func(int) {
		return func(i int) {
			r := rand.New(rand.NewPCG(uint64(i), 0xab))
			var x, y []float64
			for k := 0; k < n; k++ {
				xi := math.Pow(10, 6+4*float64(k)/float64(n-1))
				x = append(x, xi)
				y = append(y, 400*math.Pow(xi, -0.34)*math.Exp(0.02*r.NormFloat64()))
			}
			pb := Problem{Formula: law, Data: map[string][]float64{"N": x}, Y: y, Loss: SquaredLog(),
				Params: []Param{{Name: "E", Init: 0.5, Transform: Log}, {Name: "A", Init: 400, Transform: Log}, {Name: "alpha", Init: 0.3}}}
			f, err := Fit(pb, Options{Workers: 1})
			if err != nil {
				res[i].status = err.Error()
				return
			}
			res[i] = out{plateau: f.Params[2] > 1, conv: f.Converged(), status: f.Reason}
		}
	})
	plateaus, claimed := 0, 0
	for i, o := range res {
		if !o.plateau {
			continue
		}
		plateaus++
		if o.conv {
			claimed++
			if claimed == 1 {
				t.Errorf("dataset %d: converged at a plateau: %s", i, o.status)
			}
		}
		if !strings.Contains(o.status, "not identified") || !strings.Contains(o.status, "A") {
			t.Errorf("dataset %d: status %q does not name the unidentified parameters", i, o.status)
			break
		}
	}
	t.Logf("%d of %d fits stopped at the plateau (alpha > 1); %d claim convergence", plateaus, D, claimed)
	if plateaus < D/2 {
		t.Errorf("only %d of %d fits reached the plateau: the case no longer tests it", plateaus, D)
	}
	// a negative log-likelihood of a + b only: the Hessian is singular
	obj := func(p, g, w []float64) float64 {
		s := p[0] + p[1] - 3
		g[0], g[1] = s, s
		return s * s / 2
	}
	r, err := Fit(Problem{Objective: obj, Params: []Param{{Name: "a", Init: 1}, {Name: "b", Init: 1}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Converged() || !strings.Contains(r.Reason, "a, b not identified") {
		t.Errorf("a + b objective: converged=%v, %q", r.Converged(), r.Reason)
	}
}

// TestIntervalsOnTransformedScale: a Log (or Logit) parameter's interval
// is computed on the optimizer's scale and mapped back, so it never
// crosses the bound (review of issue 13, item 11: with true E = 0, 470 of
// 489 interior fits reported a negative lower limit for E > 0), and
// matches Lo + (E - Lo) exp(± q SE / (E - Lo)) exactly.
func TestIntervalsOnTransformedScale(t *testing.T) {
	law := mustParse(t, "E + A * N^(-alpha)", "N")
	const D, n = 1000, 20
	neg, withSE := 0, 0
	var bad error
	par.For(1, D, func() func(int) {
		return func(i int) {
			r := rand.New(rand.NewPCG(uint64(i), 0xab))
			var x, y []float64
			for k := 0; k < n; k++ {
				xi := math.Pow(10, 6+4*float64(k)/float64(n-1))
				x = append(x, xi)
				y = append(y, 400*math.Pow(xi, -0.34)*math.Exp(0.02*r.NormFloat64()))
			}
			pb := Problem{Formula: law, Data: map[string][]float64{"N": x}, Y: y, Loss: SquaredLog(),
				Params: []Param{{Name: "E", Init: 0.01, Transform: Log}, {Name: "A", Init: 400, Transform: Log}, {Name: "alpha", Init: 0.3}}}
			f, err := Fit(pb, Options{Workers: 1})
			if err != nil || math.IsNaN(f.SE[0]) {
				return
			}
			withSE++
			if !(f.Lo[0] >= 0) { // NaN or below the bound; 0 when exp(-q SE/E) underflows
				neg++
			}
			e, se := f.Params[0], f.SE[0]
			q := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: f.RefDOF[0]}.Quantile(0.975)
			if lo := e * math.Exp(-q*se/e); bad == nil && !(math.Abs(f.Lo[0]-lo) <= 1e-9*lo) {
				bad = fmt.Errorf("dataset %d: E lower limit %v, want %v", i, f.Lo[0], lo)
			}
		}
	})
	if bad != nil {
		t.Error(bad)
	}
	if neg > 0 || withSE < D/4 {
		t.Errorf("%d of %d intervals of E > 0 reach below 0 (want none; %d fits with SE)", neg, withSE, withSE)
	}
	// Logit: p in (0, 1)
	q := Param{Name: "p", Transform: Logit, Lo: 0, Hi: 1}
	lo, hi := q.interval(0.98, 0.05, 1.96)
	z := math.Log(0.98 / 0.02)
	sz := 0.05 / (0.98 * 0.02)
	if !(lo > 0 && hi < 1) || math.Abs(lo-num.Sigmoid(z-1.96*sz)) > 1e-12 || math.Abs(hi-num.Sigmoid(z+1.96*sz)) > 1e-12 {
		t.Errorf("logit interval [%v, %v]", lo, hi)
	}
}

// TestExactDataConverges: noise-free data, as a teacher uses to derive a
// law in class. Every polished L-BFGS stop of E + A N^-alpha + B D^-beta
// on 25 exact points lay 3.5-3.9 standard errors (~1e-6 of the values)
// from the optimum and was reported as not converged, for squared,
// squared-log and Huber losses alike; Newton steps on the curvature finish
// the fit: converged, the truth recovered to 1e-9 relative.
func TestExactDataConverges(t *testing.T) {
	law := mustParse(t, "E + A*N^(-alpha) + B*D^(-beta)", "N", "D")
	var n, d, y []float64
	for _, nn := range []float64{1e8, 3e8, 1e9, 3e9, 1e10} {
		for _, dd := range []float64{2e9, 6e9, 2e10, 6e10, 2e11} {
			n, d = append(n, nn), append(d, dd)
			y = append(y, 1.8+400*math.Pow(nn, -0.34)+2000*math.Pow(dd, -0.37))
		}
	}
	truth := map[string]float64{"E": 1.8, "A": 400, "B": 2000, "alpha": 0.34, "beta": 0.37}
	for _, loss := range []Loss{SquaredLog(), Squared(), Huber(1e-3)} {
		r, err := Fit(Problem{Formula: law, Data: map[string][]float64{"N": n, "D": d}, Y: y, Loss: loss,
			Params: []Param{
				{Name: "E", Transform: Log, Grid: []float64{1, 2}},
				{Name: "A", Transform: Log, Grid: []float64{100, 1000}},
				{Name: "B", Transform: Log, Grid: []float64{100, 1000}},
				{Name: "alpha", Transform: Log, Grid: []float64{0.2, 0.5}},
				{Name: "beta", Transform: Log, Grid: []float64{0.2, 0.5}},
			}}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Converged() {
			t.Errorf("%s: not converged on exact data: %s", loss, r.Reason)
		}
		for name, want := range truth {
			p, err := r.Param(name)
			if got := p.Value; err != nil || math.Abs(got-want) > 1e-9*want {
				t.Errorf("%s: %s = %.12g (%v), want %v", loss, name, p.Value, err, want)
			}
		}
	}
}
