package fit

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/gophernote/gophernote/fitlib/formula"
	"github.com/gophernote/gophernote/fitlib/internal/num"
)

// Estimate is a quantity computed from fitted parameters — the fitted
// curve, its prediction band, or a derived quantity such as
// beta/(alpha+beta) — at each row of some data (one row when the
// expression has no variables), with its standard error and interval.
type Estimate struct {
	Expr    string
	Value   []float64 // at the fitted parameters
	SE      []float64 // delta method (NaN for bootstrap estimates)
	Lo, Hi  []float64 // interval at Level
	Level   float64
	DOF     []float64 // degrees of freedom of the Student t critical value of Lo, Hi per row (0: normal; nil for bootstrap percentiles)
	How     string    // how Lo and Hi were computed
	PredLo  []float64
	PredHi  []float64 // prediction band for a new observation (curves only; NaN where not defined)
	PredHow string
}

// parseWith parses expr, treating the names that are columns of data as
// variables and every other name as a parameter of res.
func parseWith(expr string, names []string, data map[string][]float64) (*formula.Formula, []int, error) {
	probe, err := formula.Parse(expr)
	if err != nil {
		return nil, nil, err
	}
	for _, n := range names {
		if _, ok := data[n]; ok {
			return nil, nil, fmt.Errorf("fit: %s: data column %s has the name of a fitted parameter: rename the column", expr, n)
		}
	}
	var vars []string
	for _, id := range probe.Params() {
		if _, ok := data[id]; ok {
			vars = append(vars, id)
		}
	}
	f, err := formula.Parse(expr, vars...)
	if err != nil {
		return nil, nil, err
	}
	idx := make([]int, len(f.Params()))
	for k, p := range f.Params() {
		idx[k] = -1
		for j, n := range names {
			if n == p {
				idx[k] = j
			}
		}
		if idx[k] < 0 {
			return nil, nil, fmt.Errorf("fit: %s: %s is neither a fitted parameter %v nor a data column", expr, p, names)
		}
	}
	return f, idx, nil
}

// evalAt evaluates f at the fit's parameters (mapped by idx) on data,
// with the gradient with respect to f's parameters. Data must be finite;
// a value that is not finite (the expression undefined there, such as
// log of a negative number or a division by zero) is an error naming the
// row.
func evalAt(f *formula.Formula, idx []int, p []float64, data map[string][]float64) ([]float64, [][]float64, error) {
	for _, v := range f.Vars() {
		c := data[v]
		if len(c) == 0 {
			return nil, nil, fmt.Errorf("fit: %s: data column %s has no rows", f.Source(), v)
		}
		for i, x := range c {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, nil, fmt.Errorf("fit: %s: data column %s row %d is %v", f.Source(), v, i, x)
			}
		}
	}
	ev, err := f.BindMap(data)
	if err != nil {
		return nil, nil, err
	}
	q := make([]float64, len(idx))
	for k, j := range idx {
		q[k] = p[j]
	}
	n := ev.Len()
	val := make([]float64, n)
	grad := make([][]float64, len(q))
	for k := range grad {
		grad[k] = make([]float64, n)
	}
	if err := ev.ValueGrad(q, val, grad); err != nil {
		return nil, nil, err
	}
	return val, grad, nil
}

// notFinite returns an error naming the first row where v is not
// finite, nil when every value is.
func notFinite(what, expr string, v []float64, data map[string][]float64, f *formula.Formula) error {
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("fit: %s of %s is %v%s: the expression is not defined (or not finite) there", what, expr, x, rowText(i, len(v), data, f))
		}
	}
	return nil
}

// rowText is " at row i (x = ..., ...)" for data with variables, "" for
// a single value.
func rowText(i, n int, data map[string][]float64, f *formula.Formula) string {
	if f == nil || len(f.Vars()) == 0 {
		if n > 1 {
			return fmt.Sprintf(" at row %d", i)
		}
		return ""
	}
	var parts []string
	for _, v := range f.Vars() {
		if c := data[v]; i < len(c) {
			parts = append(parts, fmt.Sprintf("%s = %g", v, c[i]))
		}
	}
	return fmt.Sprintf(" at row %d (%s)", i, strings.Join(parts, ", "))
}

// Derive evaluates expr — a formula over the fit's parameter names and
// any columns of data, such as "beta/(alpha+beta)" or
// "(alpha*exp(a)/(beta*exp(b)))^(1/(alpha+beta)) * (C/6)^(beta/(alpha+beta))"
// — at the fitted parameters, with delta-method standard errors
// sqrt(g' Cov g) (g its exact gradient) and intervals at res.Level with
// the fit's reference distribution: Student t with the Bell-McCaffrey
// degrees of freedom of g (HC2 sandwich fits), with res.DOF degrees of
// freedom, or the normal (DOF 0). For a fit with SE: SEBootstrap the
// standard errors still come from the bootstrap covariance; use
// BootstrapResult.Derive for percentile intervals. An expression that is
// not finite at the fitted parameters (log of a negative quantity, a
// division by zero) or data that are not finite give an error naming the
// row.
func Derive(res *Result, expr string, data map[string][]float64) (*Estimate, error) {
	if res == nil || res.Cov == nil {
		return nil, fmt.Errorf("fit: Derive needs a fit with a covariance (standard errors were not computed: %s)", reason(res))
	}
	f, idx, err := parseWith(expr, res.Names, data)
	if err != nil {
		return nil, err
	}
	val, grad, err := evalAt(f, idx, res.Params, data)
	if err != nil {
		return nil, err
	}
	if err := notFinite("the value", expr, val, data, f); err != nil {
		return nil, err
	}
	out := &Estimate{Expr: expr, Value: val, Level: res.Level, How: "delta method: sqrt(g' Cov g), " + refName(res)}
	l := make([]float64, len(res.Params))
	for i := range val {
		v := 0.0
		for a, ja := range idx {
			for b, jb := range idx {
				v += grad[a][i] * res.Cov[ja][jb] * grad[b][i]
			}
		}
		se := math.Sqrt(v)
		missing := false
		for _, j := range idx {
			if math.IsNaN(res.SE[j]) && !res.Fixed[j] && res.Cov[j][j] == 0 {
				missing = true // depends on a parameter without SE (at a bound)
			}
		}
		if missing {
			se = math.NaN()
		} else if math.IsNaN(se) || math.IsInf(se, 0) {
			return nil, fmt.Errorf("fit: the standard error of %s is %v%s: its gradient is not finite there", expr, se, rowText(i, len(val), data, f))
		}
		clear(l)
		for a, j := range idx {
			l[j] += grad[a][i]
		}
		nu := res.refDOF(l)
		q := tQuantile(nu, res.Level)
		out.DOF = append(out.DOF, nu)
		out.SE = append(out.SE, se)
		out.Lo = append(out.Lo, val[i]-q*se)
		out.Hi = append(out.Hi, val[i]+q*se)
	}
	return out, nil
}

// DeriveLog is Derive for a positive quantity (an optimal model size, a
// token ratio): the delta method is applied to log(expr) and the interval
// exponentiated, so it stays positive and is asymmetric like the
// quantity's uncertainty; SE is still that of expr (value times the SE of
// its log). A quantity that is not positive at the fitted parameters is an
// error naming the row.
func DeriveLog(res *Result, expr string, data map[string][]float64) (*Estimate, error) {
	d, err := Derive(res, expr, data)
	if err != nil {
		return nil, err
	}
	var f *formula.Formula
	if p, _, err := parseWith(expr, res.Names, data); err == nil {
		f = p
	}
	d.How = "delta method on log(quantity), exponentiated, " + refName(res)
	for i, v := range d.Value {
		if !(v > 0) {
			return nil, fmt.Errorf("fit: DeriveLog needs a positive quantity, but %s is %v%s", expr, v, rowText(i, len(d.Value), data, f))
		}
		// the interval of log(v) is log v ± q se/v: recover q from Derive's
		q := 0.0
		if d.SE[i] > 0 {
			q = (d.Hi[i] - v) / d.SE[i]
		}
		sl := d.SE[i] / v
		d.Lo[i], d.Hi[i] = v*math.Exp(-q*sl), v*math.Exp(q*sl)
	}
	return d, nil
}

func reason(res *Result) string {
	if res == nil {
		return "no result"
	}
	if res.seWhy != "" {
		return res.seWhy
	}
	return res.SEKind.String()
}

func refName(res *Result) string {
	if res.bm != nil {
		return "Student t with Bell-McCaffrey degrees of freedom"
	}
	if res.DOF > 0 {
		return fmt.Sprintf("Student t(%d)", res.DOF)
	}
	return "normal"
}

// Band is the fitted law on data (for example a grid reaching beyond the
// fitted rows) with a delta-method confidence band for the curve and,
// for squared-error fits, a prediction band for a new observation
// (residual scale added in quadrature, Student t(DOF)). For fits of log
// residuals both bands are built for log(law) and exponentiated, so they
// are multiplicative and stay positive.
func Band(f *formula.Formula, res *Result, data map[string][]float64, loss Loss) (*Estimate, error) {
	if f == nil {
		return nil, fmt.Errorf("fit: Band needs the fitted formula")
	}
	if res == nil || res.Cov == nil {
		return nil, fmt.Errorf("fit: Band needs a fit with a covariance (%s)", reason(res))
	}
	if err := sameParams(f, res); err != nil {
		return nil, err
	}
	d, err := Derive(res, f.Source(), data)
	if err != nil {
		return nil, err
	}
	q := res.quantile(res.Level)
	n := len(d.Value)
	d.PredLo, d.PredHi = nanVec(n), nanVec(n)
	d.PredHow = "not defined for " + loss.String() + " (use BootstrapResult.Band)"
	squared := loss.Kind == SquaredLoss
	if squared {
		d.PredHow = "curve variance plus the residual variance s^2, " + refName(res)
	}
	for i, v := range d.Value {
		se := d.SE[i]
		qc := q // the confidence band's critical value (Bell-McCaffrey per row for HC2 fits)
		if se > 0 {
			qc = (d.Hi[i] - v) / se
		}
		if loss.Log {
			if !(v > 0) {
				return nil, fmt.Errorf("fit: Band: the law is %v <= 0 at row %d, so its log band is undefined", v, i)
			}
			sl := se / v // delta method for log(law)
			d.Lo[i], d.Hi[i] = v*math.Exp(-qc*sl), v*math.Exp(qc*sl)
			if squared {
				sp := math.Sqrt(sl*sl + res.Scale*res.Scale)
				d.PredLo[i], d.PredHi[i] = v*math.Exp(-q*sp), v*math.Exp(q*sp)
			}
			continue
		}
		if squared {
			sp := math.Sqrt(se*se + res.Scale*res.Scale)
			d.PredLo[i], d.PredHi[i] = v-q*sp, v+q*sp
		}
	}
	if loss.Log {
		d.How = "delta method on log(law), exponentiated, " + refName(res)
	}
	return d, nil
}

func sameParams(f *formula.Formula, res *Result) error {
	ps := f.Params()
	if len(ps) != len(res.Names) {
		return fmt.Errorf("fit: formula %s has parameters %v, the fit %v", f.Source(), ps, res.Names)
	}
	for j, p := range ps {
		if res.Names[j] != p {
			return fmt.Errorf("fit: formula %s has parameters %v, the fit %v", f.Source(), ps, res.Names)
		}
	}
	return nil
}

// Derive evaluates expr (see the package function Derive) at every
// resample's estimates and returns percentile intervals at level (0: the
// bootstrap's Level); Value is at the full-data fit and SE the standard
// deviation over resamples.
func (b *BootstrapResult) Derive(expr string, data map[string][]float64, level float64) (*Estimate, error) {
	if level == 0 {
		level = b.Level
	}
	if !(level > 0 && level < 1) {
		return nil, fmt.Errorf("fit: level %v must be in (0, 1)", level)
	}
	f, idx, err := parseWith(expr, b.Names, data)
	if err != nil {
		return nil, err
	}
	val, _, err := evalAt(f, idx, b.Fit.Params, data)
	if err != nil {
		return nil, err
	}
	if err := notFinite("the value", expr, val, data, f); err != nil {
		return nil, err
	}
	n := len(val)
	cols := make([][]float64, n)
	for _, s := range b.Samples {
		v, _, err := evalAt(f, idx, s, data)
		if err != nil {
			return nil, err
		}
		for i := range cols {
			if !math.IsNaN(v[i]) {
				cols[i] = append(cols[i], v[i])
			}
		}
	}
	out := &Estimate{Expr: expr, Value: val, Level: level, How: fmt.Sprintf("bootstrap percentiles over %d resamples", len(b.Samples))}
	for i := range cols {
		lo, hi := percentiles(cols[i], level)
		out.Lo, out.Hi = append(out.Lo, lo), append(out.Hi, hi)
		out.SE = append(out.SE, sdOf(cols[i]))
	}
	return out, nil
}

// Band is the bootstrap band of the fitted law on data: percentiles of
// the resampled curves, and a prediction band from the resampled curves
// plus a residual of the full fit drawn at random (in log space for log
// losses; not defined for pinball fits, whose curve is a quantile).
func (b *BootstrapResult) Band(f *formula.Formula, data map[string][]float64, level float64, seed uint64) (*Estimate, error) {
	if f == nil {
		return nil, fmt.Errorf("fit: Band needs the fitted formula")
	}
	if err := sameParams(f, b.Fit); err != nil {
		return nil, err
	}
	out, err := b.Derive(f.Source(), data, level)
	if err != nil {
		return nil, err
	}
	n := len(out.Value)
	out.PredLo, out.PredHi = nanVec(n), nanVec(n)
	if b.pr == nil || b.pr.ev == nil || b.pr.loss.Kind == PinballLoss {
		out.PredHow = "not defined (needs a Formula fit with squared or Huber loss)"
		return out, nil
	}
	st, err := b.pr.residualStats(b.Fit.Params, nil)
	if err != nil {
		return nil, err
	}
	idx := make([]int, len(b.Names))
	for j := range idx {
		idx[j] = j
	}
	r := rand.New(rand.NewPCG(seed, 0xba2d))
	cols := make([][]float64, n)
	for _, s := range b.Samples {
		v, _, err := evalAt(f, idx, s, data)
		if err != nil {
			return nil, err
		}
		for i := range cols {
			e := st.r[r.IntN(len(st.r))]
			if b.pr.loss.Log {
				cols[i] = append(cols[i], v[i]*math.Exp(e))
			} else {
				cols[i] = append(cols[i], v[i]+e)
			}
		}
	}
	for i := range cols {
		out.PredLo[i], out.PredHi[i] = percentiles(cols[i], out.Level)
	}
	out.PredHow = "percentiles of resampled curves plus a residual of the full fit drawn at random"
	return out, nil
}

func percentiles(x []float64, level float64) (float64, float64) {
	s := append([]float64(nil), x...)
	sort.Float64s(s)
	a := (1 - level) / 2
	return num.QuantileSorted(s, a), num.QuantileSorted(s, 1-a)
}

func sdOf(x []float64) float64 {
	if len(x) < 2 {
		return math.NaN()
	}
	m := 0.0
	for _, v := range x {
		m += v / float64(len(x))
	}
	s := 0.0
	for _, v := range x {
		s += (v - m) * (v - m)
	}
	return math.Sqrt(s / float64(len(x)-1))
}

// Test is the outcome of a hypothesis test.
type Test struct {
	Name      string
	Statistic float64 // the Wald or likelihood-ratio statistic (chi-squared scale)
	DF        int     // degrees of freedom q of the hypothesis
	DF2       float64 // denominator degrees of freedom of an F(q, DF2) reference for Statistic/q; 0: chi-squared(q)
	P         float64 // p-value
	Reference string  // the distribution the p-value comes from
}

// String is one line: name, statistic, degrees of freedom, p-value.
func (t *Test) String() string {
	return fmt.Sprintf("%s: statistic %.4g, %s, p = %.3g", t.Name, t.Statistic, t.Reference, t.P)
}

// newTest fills the p-value of statistic s with q degrees of freedom:
// F(q, dof) for s/q when dof > 0 (the small-sample reference that matches
// Student t intervals: with q = 1 the test rejects exactly when the t
// interval excludes the null), chi-squared(q) otherwise.
func newTest(name string, s float64, q int, dof float64) *Test {
	t := &Test{Name: name, Statistic: s, DF: q}
	if dof > 0 && !math.IsInf(dof, 0) {
		t.DF2 = dof
		t.P = distuv.F{D1: float64(q), D2: dof}.Survival(s / float64(q))
		t.Reference = fmt.Sprintf("F(%d, %.4g) of statistic/%d", q, dof, q)
		return t
	}
	t.P = distuv.ChiSquared{K: float64(q)}.Survival(s)
	t.Reference = fmt.Sprintf("chi-squared(%d)", q)
	return t
}

// WaldCov is the Wald test of est = null with covariance cov:
// W = (est - null)' cov^-1 (est - null), chi-squared with len(est)
// degrees of freedom (as Besiroglu et al. test Hoffmann's estimates with
// their bootstrap covariance). Values that are not finite are an error.
func WaldCov(name string, est, null []float64, cov [][]float64) (*Test, error) {
	w, err := waldStat(est, null, cov)
	if err != nil {
		return nil, err
	}
	return newTest(name, w, len(est), 0), nil
}

func waldStat(est, null []float64, cov [][]float64) (float64, error) {
	k := len(est)
	if k == 0 || len(null) != k || len(cov) != k {
		return 0, fmt.Errorf("fit: Wald test: %d estimates, %d null values, %d covariance rows", k, len(null), len(cov))
	}
	for i := range est {
		if math.IsNaN(est[i]) || math.IsInf(est[i], 0) {
			return 0, fmt.Errorf("fit: Wald test: estimate %d is %v", i, est[i])
		}
		if math.IsNaN(null[i]) || math.IsInf(null[i], 0) {
			return 0, fmt.Errorf("fit: Wald test: null value %d is %v", i, null[i])
		}
	}
	c := mat.NewSymDense(k, nil)
	for i, row := range cov {
		if len(row) != k {
			return 0, fmt.Errorf("fit: Wald test: covariance row %d has %d entries for %d parameters", i, len(row), k)
		}
		for j := range row {
			if math.IsNaN(row[j]) || math.IsInf(row[j], 0) {
				return 0, fmt.Errorf("fit: Wald test: covariance entry (%d, %d) is %v", i, j, row[j])
			}
		}
		for j := i; j < k; j++ {
			c.SetSym(i, j, (row[j]+cov[j][i])/2)
		}
	}
	d := mat.NewVecDense(k, nil)
	for i := range est {
		d.SetVec(i, est[i]-null[i])
	}
	var ch mat.Cholesky
	if !ch.Factorize(c) {
		return 0, fmt.Errorf("fit: Wald test: covariance not positive definite")
	}
	var x mat.VecDense
	if err := ch.SolveVecTo(&x, d); err != nil {
		return 0, fmt.Errorf("fit: Wald test: %w", err)
	}
	w := mat.Dot(d, &x)
	if math.IsNaN(w) || math.IsInf(w, 0) || w < 0 {
		return 0, fmt.Errorf("fit: Wald test: statistic %v", w)
	}
	return w, nil
}

// Wald tests that the named parameters of a fit equal values, with the
// fit's covariance. The test is computed on the scale the fit's intervals
// use (the transformed scale z of a Log, Softplus or Logit parameter,
// with the delta-method covariance; the natural scale for Identity), so
// that with one parameter it rejects at level 1 - Level exactly when the
// reported interval excludes the null. Reference: F(q, nu) for W/q when
// the fit reports Student t intervals (nu the Bell-McCaffrey degrees of
// freedom of the parameter for q = 1, their smallest over the parameters
// for q > 1, DOF for model-based fits), chi-squared(q) for normal
// intervals and bootstrap standard errors. A null outside a parameter's
// domain (such as E = 0 for E > 0) is an error: the test is not regular
// on a bound.
func Wald(res *Result, names []string, values []float64) (*Test, error) {
	if res == nil || res.Cov == nil {
		return nil, fmt.Errorf("fit: Wald test needs a fit with a covariance (%s)", reason(res))
	}
	if len(names) != len(values) || len(names) == 0 {
		return nil, fmt.Errorf("fit: Wald test: %d names for %d values", len(names), len(values))
	}
	idx := make([]int, len(names))
	seen := map[string]bool{}
	for k, n := range names {
		if seen[n] {
			return nil, fmt.Errorf("fit: Wald test: parameter %s named twice", n)
		}
		seen[n] = true
		idx[k] = -1
		for j, m := range res.Names {
			if m == n {
				idx[k] = j
			}
		}
		if idx[k] < 0 {
			return nil, fmt.Errorf("fit: Wald test: no parameter %s (parameters %v)", n, res.Names)
		}
		if math.IsNaN(res.SE[idx[k]]) {
			return nil, fmt.Errorf("fit: Wald test: parameter %s has no standard error (fixed or at a bound)", n)
		}
		if math.IsNaN(values[k]) || math.IsInf(values[k], 0) {
			return nil, fmt.Errorf("fit: Wald test: null value of %s is %v", n, values[k])
		}
	}
	est := make([]float64, len(idx))
	null := make([]float64, len(idx))
	scale := make([]float64, len(idx)) // dz/dp at the estimate
	for a, j := range idx {
		q := res.param(j)
		est[a], null[a], scale[a] = res.Params[j], values[a], 1
		if q.Transform == Identity {
			continue
		}
		ze, err := q.inverse(res.Params[j])
		if err != nil {
			return nil, fmt.Errorf("fit: Wald test: estimate of %s: %w", names[a], err)
		}
		zn, err := q.inverse(values[a])
		if err != nil {
			return nil, fmt.Errorf("fit: Wald test: null value %v of %s is outside its domain %s (the test is computed on the %s scale its interval uses; a null on a bound is not a regular test)", values[a], names[a], q.domain(), q.Transform)
		}
		_, d := q.forward(ze)
		est[a], null[a], scale[a] = ze, zn, 1/d
	}
	cov := make([][]float64, len(idx))
	for a, ja := range idx {
		cov[a] = make([]float64, len(idx))
		for b, jb := range idx {
			cov[a][b] = res.Cov[ja][jb] * scale[a] * scale[b]
		}
	}
	w, err := waldStat(est, null, cov)
	if err != nil {
		return nil, err
	}
	dof := 0.0
	if res.SEMethod != SEBootstrap && res.DOF > 0 {
		dof = math.Inf(1)
		for _, j := range idx {
			dof = math.Min(dof, res.RefDOF[j])
		}
	}
	return newTest(fmt.Sprintf("Wald test of %v = %v", names, values), w, len(idx), dof), nil
}

// LikelihoodRatio tests a restricted fit against a full fit of the same
// rows that nests it (the restricted fit's free parameters are free in
// the full fit too, and it has fewer): q = NPar(full) - NPar(restricted).
//
// For a negative log-likelihood Objective the statistic is
// 2 (F(restricted) - F(full)) = 2 (LogLik(full) - LogLik(restricted)),
// chi-squared(q) (Wilks). For a Formula fit with a row loss it is the
// drop-in-dispersion statistic 2 c (F(restricted) - F(full)) with
// c = m / s_psi^2 from the full fit (Schrader & Hettmansperger 1980; for
// squared error c (F_r - F) = delta RSS / (2 s^2)), referred as
// statistic/q to F(q, DOF): for linear least squares this is the exact F
// test. Wilks' theorem does not apply to the Huber or pinball
// "likelihoods" of LogLik, which are evaluated at the loss fit's
// parameters rather than maximised over them (with them the test rejected
// a true null 9-19% of the time at nominal 5%, and reported negative
// statistics); the loss itself is what both fits minimised. The fits must
// use the same loss, or both the same kind of Objective, and the same
// data; a restricted objective below the full one (the full fit missed
// its optimum, or the fits are not nested) is an error, not p = 1.
func LikelihoodRatio(full, restricted *Result) (*Test, error) {
	if full == nil || restricted == nil {
		return nil, fmt.Errorf("fit: likelihood-ratio test needs two fits")
	}
	q, err := nested(full, restricted)
	if err != nil {
		return nil, err
	}
	df := restricted.Objective - full.Objective
	if math.IsNaN(df) || math.IsInf(df, 0) {
		return nil, fmt.Errorf("fit: likelihood-ratio test: objectives %v (full) and %v (restricted)", full.Objective, restricted.Objective)
	}
	var scale, dof float64
	name := "likelihood-ratio test"
	switch {
	case full.formula:
		if !(full.lrScale > 0) || math.IsInf(full.lrScale, 0) {
			return nil, fmt.Errorf("fit: likelihood-ratio test needs the full fit's standard errors (its dispersion m/s_psi^2): %s", reason(full))
		}
		scale, dof = 2*full.lrScale, float64(full.DOF)
		name = fmt.Sprintf("likelihood-ratio test (drop in %s)", full.Loss)
	case full.ObjectiveIs == NegLogLik:
		scale = 2
	default:
		return nil, fmt.Errorf("fit: likelihood-ratio test: the Objective is a sum of losses, not a likelihood")
	}
	s := scale * df
	if s < -lrTolerance {
		return nil, fmt.Errorf("fit: likelihood-ratio test: the restricted fit's objective %.10g is below the full fit's %.10g (statistic %.3g): the full fit did not reach its optimum (refit it, e.g. from the restricted optimum) or the fits are not nested", restricted.Objective, full.Objective, s)
	}
	return newTest(name, math.Max(s, 0), q, dof), nil
}

// lrTolerance is how far below 0 a likelihood-ratio statistic may come
// out and count as 0: fits stop within 0.01 standard errors of their
// optimum (Options.ConvergeSE), which leaves the statistic uncertain by
// about 1e-4 per parameter, more at the kinks of Huber and pinball losses
// (down to -0.006 in TestTestSize's 28,000 fits). A statistic of 0.01 has
// p = 0.92 on one degree of freedom.
const lrTolerance = 0.01

// nested checks that restricted can be a restriction of full and returns
// the number of parameters it fixes.
func nested(full, restricted *Result) (int, error) {
	if full.formula != restricted.formula {
		return 0, fmt.Errorf("fit: likelihood-ratio test: one fit is of a Formula, the other of an Objective")
	}
	if full.formula && full.Loss != restricted.Loss {
		return 0, fmt.Errorf("fit: likelihood-ratio test: the fits minimise different losses (%s and %s)", full.Loss, restricted.Loss)
	}
	if !full.formula && full.ObjectiveIs != restricted.ObjectiveIs {
		return 0, fmt.Errorf("fit: likelihood-ratio test: the Objectives are of different kinds (%s and %s)", full.ObjectiveIs, restricted.ObjectiveIs)
	}
	if full.Rows != restricted.Rows || full.dataSig != restricted.dataSig {
		return 0, fmt.Errorf("fit: likelihood-ratio test: the fits use different data (%d and %d rows)", full.Rows, restricted.Rows)
	}
	free := map[string]bool{}
	for j, n := range full.Names {
		if !full.Fixed[j] {
			free[n] = true
		}
	}
	nr := 0
	for j, n := range restricted.Names {
		if restricted.Fixed[j] {
			continue
		}
		nr++
		if !free[n] {
			return 0, fmt.Errorf("fit: likelihood-ratio test: parameter %s is free in the restricted fit but not in the full fit: not nested", n)
		}
	}
	if nr >= len(free) {
		return 0, fmt.Errorf("fit: likelihood-ratio test: the full fit has %d free parameters, the restricted %d: not nested", len(free), nr)
	}
	return len(free) - nr, nil
}

// LRStatistic is the likelihood-ratio test from two maximised
// log-likelihoods: 2 (llFull - llRestricted), chi-squared(df) (Wilks).
// Log-likelihoods that are not finite, or a restricted one above the full
// one (beyond rounding: the full fit is not at its maximum), are errors.
func LRStatistic(name string, llFull, llRestricted float64, df int) (*Test, error) {
	if df <= 0 {
		return nil, fmt.Errorf("fit: %s: %d degrees of freedom", name, df)
	}
	for _, v := range []float64{llFull, llRestricted} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("fit: %s: log-likelihoods %v (full) and %v (restricted)", name, llFull, llRestricted)
		}
	}
	s := 2 * (llFull - llRestricted)
	if s < -lrTolerance {
		return nil, fmt.Errorf("fit: %s: the restricted log-likelihood %.10g is above the full one %.10g: the full fit is not at its maximum", name, llRestricted, llFull)
	}
	return newTest(name, math.Max(s, 0), df, 0), nil
}
