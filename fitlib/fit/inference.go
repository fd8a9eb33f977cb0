package fit

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

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
	Method  string // how Lo and Hi were computed
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
// with the gradient with respect to f's parameters.
func evalAt(f *formula.Formula, idx []int, p []float64, data map[string][]float64) ([]float64, [][]float64, error) {
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

// Derive evaluates expr — a formula over the fit's parameter names and
// any columns of data, such as "beta/(alpha+beta)" or
// "(alpha*exp(a)/(beta*exp(b)))^(1/(alpha+beta)) * (C/6)^(beta/(alpha+beta))"
// — at the fitted parameters, with delta-method standard errors
// sqrt(g' Cov g) (g its exact gradient) and intervals at res.Level with
// the fit's reference distribution (Student t with res.DOF degrees of
// freedom, or the normal). For a fit with SE: SEBootstrap the standard
// errors still come from the bootstrap covariance; use
// BootstrapResult.Derive for percentile intervals.
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
	out := &Estimate{Expr: expr, Value: val, Level: res.Level, Method: "delta method: sqrt(g' Cov g), " + refName(res)}
	q := res.quantile(res.Level)
	for i := range val {
		v := 0.0
		for a, ja := range idx {
			for b, jb := range idx {
				v += grad[a][i] * res.Cov[ja][jb] * grad[b][i]
			}
		}
		se := math.Sqrt(v)
		for _, j := range idx {
			if math.IsNaN(res.SE[j]) && !res.Fixed[j] && res.Cov[j][j] == 0 {
				se = math.NaN() // depends on a parameter without SE (at a bound)
			}
		}
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
// its log).
func DeriveLog(res *Result, expr string, data map[string][]float64) (*Estimate, error) {
	d, err := Derive(res, "log("+expr+")", data)
	if err != nil {
		return nil, err
	}
	q := res.quantile(res.Level)
	d.Expr = expr
	d.Method = "delta method on log(quantity), exponentiated, " + refName(res)
	for i, v := range d.Value {
		ev := math.Exp(v)
		d.Lo[i], d.Hi[i] = ev*math.Exp(-q*d.SE[i]), ev*math.Exp(q*d.SE[i])
		d.Value[i], d.SE[i] = ev, ev*d.SE[i]
	}
	return d, nil
}

func reason(res *Result) string {
	if res == nil {
		return "no result"
	}
	return res.SEKind
}

func refName(res *Result) string {
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
		if loss.Log {
			if !(v > 0) {
				return nil, fmt.Errorf("fit: Band: the law is %v <= 0 at row %d, so its log band is undefined", v, i)
			}
			sl := se / v // delta method for log(law)
			d.Lo[i], d.Hi[i] = v*math.Exp(-q*sl), v*math.Exp(q*sl)
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
		d.Method = "delta method on log(law), exponentiated, " + refName(res)
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
	out := &Estimate{Expr: expr, Value: val, Level: level, Method: fmt.Sprintf("bootstrap percentiles over %d resamples", len(b.Samples))}
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
	Statistic float64
	DF        int
	P         float64 // p-value
	Reference string  // the distribution the p-value comes from
}

// String is one line: name, statistic, degrees of freedom, p-value.
func (t *Test) String() string {
	return fmt.Sprintf("%s: statistic %.4g, %s, p = %.3g", t.Name, t.Statistic, t.Reference, t.P)
}

// WaldCov is the Wald test of est = null with covariance cov:
// W = (est - null)' cov^-1 (est - null), chi-squared with len(est)
// degrees of freedom.
func WaldCov(name string, est, null []float64, cov [][]float64) (*Test, error) {
	k := len(est)
	if len(null) != k || len(cov) != k {
		return nil, fmt.Errorf("fit: Wald test: %d estimates, %d null values, %d covariance rows", k, len(null), len(cov))
	}
	c := mat.NewSymDense(k, nil)
	for i, row := range cov {
		if len(row) != k {
			return nil, fmt.Errorf("fit: Wald test: covariance row %d has %d entries for %d parameters", i, len(row), k)
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
		return nil, fmt.Errorf("fit: Wald test: covariance not positive definite")
	}
	var x mat.VecDense
	if err := ch.SolveVecTo(&x, d); err != nil {
		return nil, fmt.Errorf("fit: Wald test: %w", err)
	}
	w := mat.Dot(d, &x)
	return &Test{Name: name, Statistic: w, DF: k, P: distuv.ChiSquared{K: float64(k)}.Survival(w),
		Reference: fmt.Sprintf("chi-squared(%d)", k)}, nil
}

// Wald tests that the named parameters of a fit equal values, with the
// fit's covariance (chi-squared; with one parameter this is the square of
// estimate-minus-null over SE).
func Wald(res *Result, names []string, values []float64) (*Test, error) {
	if res == nil || res.Cov == nil {
		return nil, fmt.Errorf("fit: Wald test needs a fit with a covariance (%s)", reason(res))
	}
	if len(names) != len(values) || len(names) == 0 {
		return nil, fmt.Errorf("fit: Wald test: %d names for %d values", len(names), len(values))
	}
	idx := make([]int, len(names))
	for k, n := range names {
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
	}
	est := make([]float64, len(idx))
	cov := make([][]float64, len(idx))
	for a, ja := range idx {
		est[a] = res.Params[ja]
		cov[a] = make([]float64, len(idx))
		for b, jb := range idx {
			cov[a][b] = res.Cov[ja][jb]
		}
	}
	return WaldCov(fmt.Sprintf("Wald test of %v = %v", names, values), est, values, cov)
}

// LikelihoodRatio compares nested fits of the same rows: 2 (LogLik(full)
// - LogLik(restricted)), chi-squared with NPar(full) - NPar(restricted)
// degrees of freedom (Wilks). Both fits need a log-likelihood (squared,
// Huber and pinball losses have profiled ones; an Objective must be a
// negative log-likelihood).
func LikelihoodRatio(full, restricted *Result) (*Test, error) {
	if full == nil || restricted == nil {
		return nil, fmt.Errorf("fit: likelihood-ratio test needs two fits")
	}
	if math.IsNaN(full.LogLik) || math.IsNaN(restricted.LogLik) {
		return nil, fmt.Errorf("fit: likelihood-ratio test needs log-likelihoods (full: %s; restricted: %s)", full.LogLikKind, restricted.LogLikKind)
	}
	if full.Rows != restricted.Rows {
		return nil, fmt.Errorf("fit: likelihood-ratio test: the fits use %d and %d rows", full.Rows, restricted.Rows)
	}
	df := full.NPar - restricted.NPar
	if df <= 0 {
		return nil, fmt.Errorf("fit: likelihood-ratio test: the full fit has %d parameters, the restricted %d: not nested", full.NPar, restricted.NPar)
	}
	return LRStatistic("likelihood-ratio test", full.LogLik, restricted.LogLik, df), nil
}

// LRStatistic is the likelihood-ratio test from two maximised
// log-likelihoods: 2 (llFull - llRestricted), chi-squared(df).
func LRStatistic(name string, llFull, llRestricted float64, df int) *Test {
	s := 2 * (llFull - llRestricted)
	return &Test{Name: name, Statistic: s, DF: df, P: distuv.ChiSquared{K: float64(df)}.Survival(s),
		Reference: fmt.Sprintf("chi-squared(%d)", df)}
}
