package fit

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"gonum.org/v1/gonum/diff/fd"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/gophernote/gophernote/fitlib/internal/num"
)

// SEMethod selects how a fit's standard errors, covariance and intervals
// are computed (Options.SE).
type SEMethod int

// Standard-error methods. See the package documentation for when each is
// honest; the coverage tests (coverage_test.go) measure them.
const (
	// SEAuto: for a Formula law with squared or Huber loss, the robust
	// sandwich (SERobust: HC2 with Bell-McCaffrey degrees of freedom) at
	// every number of rows; for pinball (quantile) fits the model-based
	// M-estimation covariance s_psi^2/m^2 (J'WJ)^-1 below 30 residual
	// degrees of freedom and the kernel sandwich from 30 on. Why: the
	// model-based covariance is exact only for homoscedastic errors, and
	// with noise growing fourfold along the law it covered the asymptote
	// 90% (squared) and 86% (Huber) of the time at 20 rows; HC1 and HC3
	// sandwiches with t(n - p) covered 93-94% and 97.6-97.9% on
	// homoscedastic data at 10 rows; HC2 with Bell-McCaffrey degrees of
	// freedom (Imbens & Kolesar 2016) stayed within 93-97% on almost every
	// design of coverage_test.go's table. Pinball's sandwich is noisier
	// (1.2-1.5 times the spread of the estimates) and needs the rows.
	// For an Objective: the inverse observed information (NegLogLik) with
	// normal intervals; for SumOfLosses the bootstrap, since no closed form
	// is honest for an arbitrary sum of losses at a kinked optimum.
	SEAuto SEMethod = iota
	// SERobust: the heteroscedasticity-robust sandwich H^-1 B H^-1 with
	// the kernel-smoothed curvature H: for squared and Huber losses
	// B = sum w^2 psi^2 g g' / (1 - h_i) (HC2, h_i the leverage) and
	// Student t intervals with Bell-McCaffrey degrees of freedom; for
	// pinball B = n/(n-p) sum w^2 psi^2 g g' (Powell's kernel sandwich);
	// per-row scores for an Objective with Rows.
	SERobust
	// SEBootstrap: Options.Resamples refits of rows drawn with
	// replacement; covariance of the refits, percentile intervals.
	SEBootstrap
	// SENone: no standard errors (studies that refit many times).
	SENone
	// SEModel: the model-based covariance s_psi^2/m^2 (J'WJ)^-1 whatever
	// the number of rows: s^2 (J'WJ)^-1 with t(n - p) intervals for
	// squared error, as lmfit and scipy's curve_fit report (exact for
	// homoscedastic Gaussian errors of a linear law).
	SEModel
)

// String names the method.
func (m SEMethod) String() string {
	switch m {
	case SERobust:
		return "robust sandwich"
	case SEBootstrap:
		return "bootstrap"
	case SENone:
		return "none"
	case SEModel:
		return "model-based"
	}
	return "auto"
}

// SEKind says how a fit's standard errors were computed (Outcome.SEKind,
// for every fit of fitlib); String gives the formula in one sentence.
type SEKind int

// Standard-error kinds.
const (
	// SENotComputed (the zero value): no standard errors were asked for
	// (Options.SE = SENone) or the estimator gives none.
	SENotComputed SEKind = iota
	// SEUnavailable: standard errors were asked for but could not be
	// computed; a warning of the result says why.
	SEUnavailable
	SELeastSquares
	SEMEstimation
	SESandwich
	SESandwichQR
	SESandwichAuto
	SEInverseHess
	SEScores
	SEBoot
	// SEQuantileSandwich is the kernel sandwich of a quantile regression
	// (package frontier).
	SEQuantileSandwich
	// SEJackknife is the leave-one-group-out jackknife (package
	// chinchilla's IsoFLOP fit).
	SEJackknife
	// SEConditional gives each block of parameters the standard errors
	// of its fit at the other block's optimum (package chinchilla's Huber
	// likelihood: the law's at the fitted scale, the scale's at the
	// fitted law).
	SEConditional
)

var seKindText = [...]string{
	SENotComputed:      "not computed",
	SEUnavailable:      "unavailable (see the warnings)",
	SELeastSquares:     "least squares: s^2 (J'WJ)^-1 with s^2 = sum w r^2/(n - p); Student t(n - p) intervals",
	SEMEstimation:      "M-estimation, model-based: s_psi^2/m^2 (J'WJ)^-1, s_psi^2 = sum w psi^2/(n - p), m = mean psi' smoothed by a Gaussian kernel of bandwidth h (see Result.Bandwidth); Student t(n - p) intervals",
	SESandwich:         "robust sandwich (HC2): H^-1 B H^-1, H = sum w psi'_h g g' (kernel-smoothed; psi' = 2 for squared error), B = sum w^2 psi^2 g g' / (1 - h_i), h_i = w_i g_i' (J'WJ)^-1 g_i; Student t intervals with Bell-McCaffrey degrees of freedom per parameter (Result.RefDOF)",
	SESandwichQR:       "robust (Powell kernel) sandwich: H^-1 B H^-1, H = sum w psi'_h g g' (kernel-smoothed), B = n/(n - p) sum w^2 psi^2 g g'; Student t(n - p) intervals",
	SESandwichAuto:     "robust (Powell kernel) sandwich (n - p >= 30): H^-1 B H^-1, H = sum w psi'_h g g' (kernel-smoothed), B = n/(n - p) sum w^2 psi^2 g g'; Student t(n - p) intervals",
	SEInverseHess:      "inverse observed information (Hessian of the negative log-likelihood, central differences of the exact gradient); normal intervals",
	SEScores:           "sandwich of per-row scores: H^-1 B H^-1, B = n/(n - p) sum of score outer products; normal intervals",
	SEBoot:             "bootstrap: covariance of refits to rows resampled with replacement; percentile intervals",
	SEQuantileSandwich: "kernel (Powell) sandwich of quantile regression: A^-1 B A^-1, B = tau (1 - tau) sum j j', A = sum K_h(u) j j' with a logistic kernel; normal intervals",
	SEJackknife:        "leave-one-group-out jackknife: sqrt((g - 1)/g sum (theta_(i) - mean)^2); normal intervals",
	SEConditional:      "conditional: each block's standard errors at the other block's optimum (the law's from the fit engine at the fitted scale, the scale's from the observed information at the fitted law); normal intervals on the fit's scale",
}

// String is the kind's formula in one sentence.
func (k SEKind) String() string {
	if k >= 0 && int(k) < len(seKindText) {
		return seKindText[k]
	}
	return fmt.Sprintf("SEKind(%d)", int(k))
}

// notPD is why the standard errors of a fit whose curvature is not
// positive definite are unavailable.
const notPD = "unavailable: Hessian not positive definite at the optimum"

// robustDOF is the residual degrees of freedom from which SEAuto uses the
// robust sandwich for pinball fits.
const robustDOF = 30

// uncertainty is a covariance computation. lrScale turns an objective
// difference into a likelihood-ratio statistic: 2 lrScale (F(restricted)
// - F(full)) is asymptotically chi-squared. curvature is the (smoothed)
// Hessian of the objective over the active parameters, used for the
// convergence check.
type uncertainty struct {
	active    []int // parameter indices with an estimated SE
	cov       *mat.SymDense
	curvature *mat.SymDense
	dof       int
	kind      SEKind
	method    SEMethod
	lrScale   float64
	bandwidth float64
	scale     float64
	modelVar  []float64 // model-based variances of the active parameters (row losses)
	bm        *bmInfo   // Bell-McCaffrey degrees of freedom (HC2 sandwich); nil: t(dof) or normal
	singular  []string  // parameters in the null space of a singular curvature
}

// rowStats are the per-row quantities of a Formula fit at its optimum.
type rowStats struct {
	r, w []float64   // residuals (rows with positive weight), weights
	g    [][]float64 // g[a][i] = d r_i / d p_active[a]
	n    int         // rows with positive weight
}

// residualStats evaluates residuals and their gradients at p over the
// active parameters.
func (pr *prepared) residualStats(p []float64, active []int) (*rowStats, error) {
	wk := newWorker(pr)
	if math.IsInf(wk.natural(p, make([]float64, len(p))), 0) {
		return nil, fmt.Errorf("objective not finite at the optimum")
	}
	st := &rowStats{g: make([][]float64, len(active))}
	for i := 0; i < pr.n; i++ {
		w := 1.0
		if pr.weights != nil {
			w = pr.weights[i]
		}
		if w <= 0 {
			continue
		}
		q := wk.pred[i]
		r, dr := pr.y[i]-q, -1.0
		if pr.loss.Log {
			r, dr = pr.ly[i]-math.Log(q), -1/q
		}
		st.r = append(st.r, r)
		st.w = append(st.w, w)
		for a, j := range active {
			st.g[a] = append(st.g[a], dr*wk.dp[j][i])
		}
	}
	st.n = len(st.r)
	return st, nil
}

// psi returns the loss's score psi(r) = d rho/d r.
func (l *Loss) psi(r float64) float64 {
	_, d := l.rho(r)
	return d
}

// smoothedCurvature is psi'(r) averaged over r + h' Z, Z standard normal:
// the kernel estimate of E psi' at bandwidth h. Squared error has
// psi' = 2. Huber's psi' is the indicator of |r| <= delta, so the average
// is Phi((delta - r)/h') - Phi((-delta - r)/h') with
// h'^2 = max(0, h^2 - delta^2/3). The smoothed pinball's psi' is a
// logistic density of scale 1/kappa; it is likewise widened only by the
// part of h it lacks (total variance h^2), by averaging the Gaussian
// kernel over 400 logistic quantiles.
func (l *Loss) smoothedCurvature(r, h float64) float64 {
	switch l.Kind {
	case HuberLoss:
		d := l.Delta
		// the indicator of |r| <= delta is itself a window of variance
		// delta^2/3: widen it only by the part of h^2 it lacks (with
		// delta near the residuals' sd, smoothing by all of h took 6-8%
		// off the curvature: Huber(1e-2) intervals covered 96-97.8%)
		h = math.Sqrt(math.Max(0, h*h-d*d/3))
		if h <= 1e-3*d {
			if math.Abs(r) <= d {
				return 1
			}
			return 0
		}
		return distuv.UnitNormal.CDF((d-r)/h) - distuv.UnitNormal.CDF((-d-r)/h)
	case PinballLoss:
		k := l.Kappa
		own := math.Pi * math.Pi / (3 * k * k) // variance of the logistic psi'
		extra := h*h - own
		if extra <= 0.01*own {
			s := num.Sigmoid(k * r)
			return k * s * (1 - s)
		}
		he := math.Sqrt(extra)
		const m = 400
		sum := 0.0
		for i := 0; i < m; i++ {
			u := (float64(i) + 0.5) / m
			x := (math.Log(u) - math.Log1p(-u)) / k
			sum += distuv.UnitNormal.Prob((r - x) / he)
		}
		return sum / (m * he)
	}
	return 2
}

// bandwidth is Silverman's rule 0.9 s n^-1/5 with s the robust scale of
// the residuals (spread), for Huber and pinball fits alike. Pinball fits
// used Hall and Sheather's faster n^-1/3 before their kernel sandwich was
// measured: at n^-1/3 the per-row curvature of the sandwich is noisy
// (standard errors 1.5 times the spread of the estimates, coverage
// 0.968-0.972 on the coverage test's pinball case), at n^-1/5 0.956-0.960
// (see coverage_test.go).
func (st *rowStats) bandwidth(p int, pinned map[int]bool) float64 {
	if st.n-p <= 0 {
		return 0
	}
	return 0.9 * st.spread(p, pinned) * math.Pow(float64(st.n), -0.2)
}

// spread is Silverman's robust scale min(SD, IQR/1.349) of the residuals:
// the SD about their weighted mean on n - p degrees of freedom, and the
// interquartile range of the residuals other than the pinned ones (those
// a kinked loss interpolates sit at 0 by construction and would shrink
// the IQR: with them, Huber(1e-3) at 10 rows covered 84%). The SD alone
// let 10% of outliers inflate the bandwidth, flatten the smoothed
// curvature and make Huber standard errors 1.4-1.6 times too large
// (coverage 0.98-0.996; review of issue 13, item 6).
func (st *rowStats) spread(p int, pinned map[int]bool) float64 {
	var sw, m float64
	for i, r := range st.r {
		sw += st.w[i]
		m += st.w[i] * r
	}
	m /= sw
	var ss float64
	for i, r := range st.r {
		ss += st.w[i] * (r - m) * (r - m)
	}
	sd := math.Sqrt(ss / sw * float64(st.n) / float64(st.n-p))
	rest := make([]float64, 0, len(st.r))
	for i, r := range st.r {
		if !pinned[i] {
			rest = append(rest, r)
		}
	}
	if len(rest) < 4 {
		return sd
	}
	sort.Float64s(rest)
	iqr := (num.QuantileSorted(rest, 0.75) - num.QuantileSorted(rest, 0.25)) / 1.349
	if iqr > 0 && iqr < sd {
		return iqr
	}
	return sd
}

// pinned returns the k residuals of smallest magnitude: a fit whose loss
// has a kink at zero (pinball; Huber with delta small against the
// residuals' spread) interpolates about as many rows as it has
// parameters (Koenker 2005, sect. 2.2), so their residuals sit at 0 by
// construction and say nothing about the density there.
func (st *rowStats) pinned(k int) map[int]bool {
	idx := make([]int, len(st.r))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return math.Abs(st.r[idx[a]]) < math.Abs(st.r[idx[b]]) })
	out := map[int]bool{}
	for _, i := range idx[:min(k, len(idx))] {
		out[i] = true
	}
	return out
}

// uncertainty computes the covariance of the fit's active parameters
// (free and not at a bound) by the requested method; it returns nil
// with a reason when none can be computed.
func (pr *prepared) uncertainty(res *Result, method SEMethod) (*uncertainty, string) {
	var active []int
	for _, j := range pr.free {
		if !slices.Contains(res.AtBound, pr.names[j]) {
			active = append(active, j)
		}
	}
	if len(active) == 0 {
		return nil, "unavailable: every free parameter is at a bound"
	}
	if pr.fn != nil {
		return pr.objectiveUncertainty(res, active, method)
	}
	return pr.rowUncertainty(res, active, method)
}

// rowUncertainty is the M-estimation covariance of a Formula fit.
func (pr *prepared) rowUncertainty(res *Result, active []int, method SEMethod) (*uncertainty, string) {
	k := len(active)
	st, err := pr.residualStats(res.Params, active)
	if err != nil {
		return nil, "unavailable: " + err.Error()
	}
	dof := st.n - k
	if dof <= 0 {
		return nil, fmt.Sprintf("unavailable: %d rows for %d parameters leave no residual degrees of freedom", st.n, k)
	}
	l := &pr.loss
	u := &uncertainty{active: active, dof: dof, method: method}
	G := mat.NewSymDense(k, nil)
	for i := range st.r {
		for a := 0; a < k; a++ {
			for b := a; b < k; b++ {
				G.SetSym(a, b, G.At(a, b)+st.w[i]*st.g[a][i]*st.g[b][i])
			}
		}
	}
	var gi mat.SymDense
	var chg mat.Cholesky
	if !chg.Factorize(G) || chg.InverseTo(&gi) != nil {
		u.singular = nullNames(G, active, pr.names)
		return u, fmt.Sprintf("unavailable: the law's gradient columns are linearly dependent at the optimum (J'WJ singular): %s not identified", strings.Join(u.singular, ", "))
	}
	// Quantile regression interpolates: p residuals sit at 0 by
	// construction and say nothing about the density there, so the
	// curvature of a pinball fit leaves them out.
	pinned := st.pinned(k)
	skip := map[int]bool{}
	h := 0.0
	switch l.Kind {
	case HuberLoss:
		h = st.bandwidth(k, pinned)
	case PinballLoss:
		h = st.bandwidth(k, pinned)
		skip = pinned
	}
	u.bandwidth = h
	H := mat.NewSymDense(k, nil)
	var sw, sm, sp, swAll float64
	ps := make([]float64, len(st.r))
	for i, r := range st.r {
		w := st.w[i]
		ps[i] = l.psi(r)
		c := l.smoothedCurvature(r, h)
		swAll += w
		if skip[i] {
			c = 0 // left out of the curvature; rescaled below
		} else {
			sw += w
			sm += w * c
		}
		sp += w * ps[i] * ps[i]
		for a := 0; a < k; a++ {
			ga := st.g[a][i]
			for b := a; b < k; b++ {
				H.SetSym(a, b, H.At(a, b)+w*c*ga*st.g[b][i])
			}
		}
	}
	H.ScaleSym(swAll/sw, H)
	u.curvature = H
	m := sm / sw
	s2 := sp / float64(dof)
	if !(m > 0) {
		return nil, "unavailable: no residual lies where the loss has curvature (psi' = 0 everywhere)"
	}
	// 2 (m / s_psi^2) (F_restricted - F) is the robust likelihood-ratio
	// statistic (Schrader & Hettmansperger 1980); for squared error it is
	// delta RSS / s^2.
	u.lrScale = m / s2
	// residual standard deviation on n - p degrees of freedom (s for
	// squared error), for prediction bands
	var rm, rss float64
	for i, r := range st.r {
		rm += st.w[i] * r / swAll
	}
	for i, r := range st.r {
		rss += st.w[i] * (r - rm) * (r - rm)
	}
	if l.Kind == SquaredLoss {
		rss = sp / 4 // s is about zero, the classical definition
	}
	u.scale = math.Sqrt(rss / swAll * float64(st.n) / float64(dof))
	// the model-based variances, for adjusting profile statistics when
	// the reported covariance is another
	u.modelVar = make([]float64, k)
	for a := range u.modelVar {
		u.modelVar[a] = s2 / (m * m) * gi.At(a, a)
	}
	robust := method == SERobust
	if method == SEAuto {
		robust = l.Kind != PinballLoss || dof >= robustDOF
	}
	if !robust {
		gi.ScaleSym(s2/(m*m), &gi)
		u.cov = &gi
		u.kind = SEMEstimation
		if l.Kind == SquaredLoss {
			u.kind = SELeastSquares
		}
		return u, ""
	}
	var ch mat.Cholesky
	var hi mat.SymDense
	if !ch.Factorize(H) || ch.InverseTo(&hi) != nil {
		u.singular = nullNames(H, active, pr.names)
		return u, notPD + ": " + strings.Join(u.singular, ", ") + " not identified"
	}
	var bm *bmInfo
	if l.Kind != PinballLoss {
		bm = newBM(st, &gi)
		u.bm = bm
	}
	B := mat.NewSymDense(k, nil)
	for i := range st.r {
		w := st.w[i]
		f := w * w * ps[i] * ps[i]
		if bm != nil {
			f /= 1 - bm.lev[i] // HC2
		}
		for a := 0; a < k; a++ {
			for b := a; b < k; b++ {
				B.SetSym(a, b, B.At(a, b)+f*st.g[a][i]*st.g[b][i])
			}
		}
	}
	switch {
	case bm != nil:
		u.kind = SESandwich
	case method == SEAuto:
		B.ScaleSym(float64(st.n)/float64(dof), B)
		u.kind = SESandwichAuto
	default:
		B.ScaleSym(float64(st.n)/float64(dof), B)
		u.kind = SESandwichQR
	}
	u.cov = sandwich(&hi, B)
	return u, ""
}

// bmInfo holds what the Bell-McCaffrey degrees of freedom of a linear
// combination l of the active parameters need: the whitened gradients
// g~_i = sqrt(w_i) g_i, their leverages h_i = g~_i' (J'WJ)^-1 g~_i and
// (J'WJ)^-1. For the HC2 variance of l'theta, Bell and McCaffrey (2002)
// approximate its distribution by a scaled chi-squared with
// nu = (sum lambda)^2 / sum lambda^2, lambda the eigenvalues of
// D M D, M = I - P the residual maker and D = diag(a_i / sqrt(1 - h_i)),
// a_i = l' (J'WJ)^-1 g~_i (the weight of row i's error in l'theta). With
// P_ij = g~_i' (J'WJ)^-1 g~_j the traces are O(n k^2):
// tr(DMD) = sum d_i^2 (1 - h_i), tr((DMD)^2) = sum d_i^4 (1 - 2 h_i) +
// tr((A (J'WJ)^-1)^2), A = sum d_i^2 g~_i g~_i'. Imbens and Kolesar
// (2016, "Robust Standard Errors in Small Samples: Some Practical
// Advice") recommend this pairing; for the nonlinear law the gradients at
// the optimum play the role of the design, and for Huber the same design
// weights are used (the curvature weights would make nu depend on the
// kernel bandwidth).
type bmInfo struct {
	gt  [][]float64 // gt[i][a] whitened gradient of row i
	lev []float64
	gi  *mat.SymDense
}

func newBM(st *rowStats, gi *mat.SymDense) *bmInfo {
	k := gi.SymmetricDim()
	b := &bmInfo{gi: mat.NewSymDense(k, nil), lev: make([]float64, len(st.r)), gt: make([][]float64, len(st.r))}
	b.gi.CopySym(gi)
	for i := range st.r {
		s := math.Sqrt(st.w[i])
		g := make([]float64, k)
		for a := range g {
			g[a] = s * st.g[a][i]
		}
		h := 0.0
		for a := 0; a < k; a++ {
			for c := 0; c < k; c++ {
				h += g[a] * gi.At(a, c) * g[c]
			}
		}
		b.gt[i], b.lev[i] = g, math.Min(h, 1-1e-9)
	}
	return b
}

// dof returns the Bell-McCaffrey degrees of freedom of l'theta (l over
// the active parameters); NaN when l is zero.
func (b *bmInfo) dof(l []float64) float64 {
	k := len(l)
	v := make([]float64, k) // (J'WJ)^-1 l
	for a := 0; a < k; a++ {
		for c := 0; c < k; c++ {
			v[a] += b.gi.At(a, c) * l[c]
		}
	}
	A := mat.NewDense(k, k, nil)
	var tr, t2 float64
	for i, g := range b.gt {
		ai := 0.0
		for a := range g {
			ai += v[a] * g[a]
		}
		d2 := ai * ai / (1 - b.lev[i])
		tr += d2 * (1 - b.lev[i])
		t2 += d2 * d2 * (1 - 2*b.lev[i])
		for a := 0; a < k; a++ {
			for c := 0; c < k; c++ {
				A.Set(a, c, A.At(a, c)+d2*g[a]*g[c])
			}
		}
	}
	var AG, AGAG mat.Dense
	AG.Mul(A, b.gi)
	AGAG.Mul(&AG, &AG)
	t2 += mat.Trace(&AGAG)
	if !(tr > 0) || !(t2 > 0) {
		return math.NaN()
	}
	return tr * tr / t2
}

// nullNames names the parameters that carry the null space of a singular
// (or numerically singular) symmetric matrix m over the active
// parameters: those whose diagonal is below 1e-14 of the largest (the
// objective does not depend on them there), then, with m scaled to unit
// diagonal over the rest, the components above 0.1 of the eigenvectors
// whose eigenvalue is below 1e-10 of the largest (or of the smallest
// eigenvalue's vector when none is).
func nullNames(m *mat.SymDense, active []int, names []string) []string {
	k := m.SymmetricDim()
	var out []string
	var rest []int
	top := 0.0
	for a := 0; a < k; a++ {
		top = math.Max(top, m.At(a, a))
	}
	for a := 0; a < k; a++ {
		d := m.At(a, a)
		if !(d > 1e-14*top) || math.IsInf(d, 0) {
			out = append(out, names[active[a]])
			continue
		}
		rest = append(rest, a)
	}
	if len(rest) > 0 {
		c := mat.NewSymDense(len(rest), nil)
		for x, a := range rest {
			for y := x; y < len(rest); y++ {
				b := rest[y]
				c.SetSym(x, y, m.At(a, b)/math.Sqrt(m.At(a, a)*m.At(b, b)))
			}
		}
		var es mat.EigenSym
		if es.Factorize(c, true) {
			vals := es.Values(nil) // ascending
			var vecs mat.Dense
			es.VectorsTo(&vecs)
			big := vals[len(vals)-1]
			named := map[int]bool{}
			for e, v := range vals {
				if v > 1e-10*big && !(e == 0 && len(out) == 0) {
					continue
				}
				for x, a := range rest {
					if !named[a] && math.Abs(vecs.At(x, e)) > 0.1 {
						out = append(out, names[active[a]])
						named[a] = true
					}
				}
			}
		}
	}
	if len(out) == 0 {
		for _, j := range active {
			out = append(out, names[j])
		}
	}
	return out
}

func sandwich(hi, b *mat.SymDense) *mat.SymDense {
	k := hi.SymmetricDim()
	var t, s mat.Dense
	t.Mul(hi, b)
	s.Mul(&t, hi)
	c := mat.NewSymDense(k, nil)
	for a := 0; a < k; a++ {
		for d := a; d < k; d++ {
			c.SetSym(a, d, (s.At(a, d)+s.At(d, a))/2)
		}
	}
	return c
}

// hessian is the Hessian of the objective over the active parameters in
// natural coordinates, by central differences (gonum diff/fd) of the exact
// gradient in coordinates scaled by each parameter's magnitude.
func (pr *prepared) hessian(p []float64, active []int, w []float64) *mat.SymDense {
	k := len(active)
	wk := newWorker(pr)
	if w != nil {
		wk.w = w
	}
	scale := make([]float64, k)
	for a, j := range active {
		scale[a] = math.Max(math.Abs(p[j]), 1e-8)
	}
	pp := append([]float64(nil), p...)
	g := make([]float64, len(p))
	x0 := make([]float64, k) // p_j / scale_j: +-1 (the sign matters)
	for a, j := range active {
		x0[a] = p[j] / scale[a]
	}
	jac := mat.NewDense(k, k, nil)
	fd.Jacobian(jac, func(y, x []float64) {
		for a, j := range active {
			pp[j] = x[a] * scale[a]
		}
		wk.natural(pp, g)
		for a, j := range active {
			y[a] = g[j] * scale[a]
		}
	}, x0, &fd.JacobianSettings{Formula: fd.Central, Step: 1e-5})
	h := mat.NewSymDense(k, nil)
	for a := 0; a < k; a++ {
		for b := a; b < k; b++ {
			h.SetSym(a, b, (jac.At(a, b)+jac.At(b, a))/2/(scale[a]*scale[b]))
		}
	}
	return h
}

// objectiveUncertainty is the covariance of an Objective fit.
func (pr *prepared) objectiveUncertainty(res *Result, active []int, method SEMethod) (*uncertainty, string) {
	k := len(active)
	h := pr.hessian(res.Params, active, pr.weights)
	u := &uncertainty{active: active, curvature: h, method: method, lrScale: 1}
	var ch mat.Cholesky
	var hi mat.SymDense
	if !ch.Factorize(h) || ch.InverseTo(&hi) != nil {
		if pr.objKind == SumOfLosses {
			// the Hessian of a sum of kinked losses need not be positive
			// definite at its optimum; the bootstrap needs no curvature
			return nil, notPD
		}
		u.singular = nullNames(h, active, pr.names)
		return u, notPD + ": " + strings.Join(u.singular, ", ") + " not identified"
	}
	if pr.objKind == NegLogLik && method != SERobust {
		u.cov = &hi
		u.kind = SEInverseHess
		return u, ""
	}
	// Per-row scores: the gradient with one row weighted, the others 0.
	if pr.n == 0 {
		return nil, "unavailable: a sandwich needs per-row scores: declare Rows and honour the weights argument"
	}
	n := positiveRows(pr.weights, pr.n)
	if n <= k {
		return nil, "unavailable: no residual degrees of freedom"
	}
	wk := newWorker(pr)
	wts := make([]float64, pr.n)
	wk.w = wts
	g := make([]float64, len(res.Params))
	B := mat.NewSymDense(k, nil)
	for i := 0; i < pr.n; i++ {
		wi := 1.0
		if pr.weights != nil {
			wi = pr.weights[i]
		}
		if wi <= 0 {
			continue
		}
		wts[i] = wi
		wk.natural(res.Params, g)
		wts[i] = 0
		for a, ja := range active {
			for b := a; b < k; b++ {
				B.SetSym(a, b, B.At(a, b)+g[ja]*g[active[b]])
			}
		}
	}
	B.ScaleSym(float64(n)/float64(n-k), B)
	u.cov = sandwich(&hi, B)
	u.kind = SEScores
	if pr.objKind == SumOfLosses {
		u.lrScale = math.NaN() // not a likelihood
	}
	return u, ""
}

// standardErrors fills res.SE, Cov, Corr, the intervals and the
// convergence check.
func (pr *prepared) standardErrors(res *Result, opt *Options, pb *Problem) {
	k := len(res.Params)
	res.SE = nanVec(k)
	res.Lo, res.Hi = nanVec(k), nanVec(k)
	res.Level = opt.Level
	res.StepSE = math.NaN()
	method := opt.SE
	if method == SEAuto && pr.fn != nil && pr.objKind == SumOfLosses {
		// No closed form is honest for an arbitrary sum of losses: its
		// Hessian at a kinked optimum is not the expected curvature.
		method = SEBootstrap
	}
	base := method
	if base == SEBootstrap {
		base = SEAuto
	}
	u, why := pr.uncertainty(res, base)
	if u != nil && u.singular != nil {
		singularCurvature(res, u, why)
		return
	}
	if u == nil && method != SEBootstrap {
		res.unavailable(why)
		return
	}
	if u == nil {
		// no curvature for the convergence check, but the bootstrap
		// needs none
		u = &uncertainty{}
		for _, j := range pr.free {
			if !slices.Contains(res.AtBound, pr.names[j]) {
				u.active = append(u.active, j)
			}
		}
		if len(u.active) == 0 {
			res.unavailable(why)
			return
		}
	}
	for round := 0; round < 3; round++ {
		worst, _, ok := pr.newtonStep(res, u)
		if !ok || worst <= opt.ConvergeSE || !res.code.polishable() || !pr.polish(res, opt) {
			break
		}
		u2, why2 := pr.uncertainty(res, base)
		if u2 != nil && u2.singular != nil {
			// the polished point is the one reported, and its
			// curvature is singular
			singularCurvature(res, u2, why2)
			return
		}
		if u2 != nil {
			u = u2
		}
	}
	for round := 0; round < 8; round++ {
		// L-BFGS's tolerances can stop short of the optimum where the
		// curvature still knows the way (noise-free data): Newton steps
		worst, _, ok := pr.newtonStep(res, u)
		if !ok || worst <= opt.ConvergeSE || !res.code.polishable() || !pr.newtonApply(res, u) {
			break
		}
		u2, why2 := pr.uncertainty(res, base)
		if u2 != nil && u2.singular != nil {
			singularCurvature(res, u2, why2)
			return
		}
		if u2 == nil {
			break
		}
		u = u2
	}
	if res.newtonSteps > 0 {
		res.Reason = fmt.Sprintf("%s, then %d Newton step%s on the curvature", res.Reason, res.newtonSteps, plural(res.newtonSteps))
	}
	pr.judge(res, u, opt)
	if u.curvature != nil {
		res.unc = u
	}
	res.DOF, res.Bandwidth, res.lrScale, res.Scale = u.dof, u.bandwidth, u.lrScale, u.scale
	if u.modelVar != nil {
		res.modelVar = nanVec(len(res.Params))
		for a, j := range u.active {
			res.modelVar[j] = u.modelVar[a]
		}
	}
	cov := u.cov
	if method == SEBootstrap {
		bc, err := pr.bootstrapCov(pb, res, u.active, opt)
		if err != nil {
			res.unavailable("unavailable: " + err.Error())
			return
		}
		cov = bc
		u.kind = SEBoot
	}
	res.SEKind, res.SEMethod = u.kind, method
	res.RefDOF = nanVec(k)
	for a, j := range u.active {
		res.RefDOF[j] = float64(u.dof)
		if u.bm != nil && method != SEBootstrap {
			l := make([]float64, len(u.active))
			l[a] = 1
			res.RefDOF[j] = u.bm.dof(l)
		}
	}
	if method != SEBootstrap {
		res.bm, res.bmActive = u.bm, u.active
	}
	res.Cov = make([][]float64, k)
	res.Corr = make([][]float64, k)
	for j := range res.Cov {
		res.Cov[j] = make([]float64, k)
		res.Corr[j] = nanVec(k)
	}
	for a, ja := range u.active {
		for b, jb := range u.active {
			res.Cov[ja][jb] = cov.At(a, b)
		}
	}
	for _, ja := range u.active {
		if v := res.Cov[ja][ja]; v >= 0 {
			res.SE[ja] = math.Sqrt(v)
		}
	}
	for _, ja := range u.active {
		for _, jb := range u.active {
			res.Corr[ja][jb] = res.Cov[ja][jb] / (res.SE[ja] * res.SE[jb])
		}
	}
	if method == SEBootstrap && res.boot != nil {
		for _, j := range u.active {
			res.Lo[j], res.Hi[j] = res.boot.percentile(j, res.Level)
		}
		return
	}
	for _, j := range u.active {
		res.Lo[j], res.Hi[j] = res.param(j).interval(res.Params[j], res.SE[j], res.paramQuantile(j, res.Level))
	}
}

// quantile is the two-sided critical value of the intervals at level:
// Student t with DOF degrees of freedom, or the normal when DOF is 0.
func (r *Result) quantile(level float64) float64 {
	return tQuantile(float64(r.DOF), level)
}

// tQuantile is the two-sided critical value at level of Student t with
// nu degrees of freedom, the normal when nu is 0 (or not finite).
func tQuantile(nu, level float64) float64 {
	p := 1 - (1-level)/2
	if nu > 0 && !math.IsInf(nu, 0) {
		return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: nu}.Quantile(p)
	}
	return distuv.UnitNormal.Quantile(p)
}

// paramQuantile is the critical value of parameter j's interval.
func (r *Result) paramQuantile(j int, level float64) float64 {
	if j < len(r.RefDOF) && r.RefDOF[j] > 0 {
		return tQuantile(r.RefDOF[j], level)
	}
	return r.quantile(level)
}

// refDOF is the reference degrees of freedom of the linear combination
// l (one coefficient per parameter) of the estimates: Bell-McCaffrey's
// for the HC2 sandwich, else DOF (0: normal).
func (r *Result) refDOF(l []float64) float64 {
	if r.bm == nil {
		return float64(r.DOF)
	}
	la := make([]float64, len(r.bmActive))
	for a, j := range r.bmActive {
		la[a] = l[j]
	}
	if nu := r.bm.dof(la); nu > 0 {
		return nu
	}
	return float64(r.DOF)
}

// Interval returns the intervals of every parameter at another level (NaN
// where no standard error is available). For SEBootstrap they are
// bootstrap percentiles, otherwise estimate ± q SE with q the Student t
// quantile with RefDOF degrees of freedom (or the normal's), computed on
// the scale the optimizer works in for a Log, Softplus or Logit
// parameter (see Param), so that the interval never crosses its bound.
func (r *Result) Interval(level float64) (lo, hi []float64, err error) {
	if !(level > 0 && level < 1) {
		return nil, nil, fmt.Errorf("fit: interval level %v must be in (0, 1)", level)
	}
	k := len(r.Params)
	lo, hi = nanVec(k), nanVec(k)
	if r.SEMethod == SEBootstrap && r.boot != nil {
		for j := range lo {
			if !math.IsNaN(r.SE[j]) {
				lo[j], hi[j] = r.boot.percentile(j, level)
			}
		}
		return lo, hi, nil
	}
	for j := range lo {
		if j < len(r.SE) && !math.IsNaN(r.SE[j]) {
			lo[j], hi[j] = r.param(j).interval(r.Params[j], r.SE[j], r.paramQuantile(j, level))
		}
	}
	return lo, hi, nil
}

// param returns parameter j's configuration (Identity when unknown, as
// for a Result built by hand).
func (r *Result) param(j int) *Param {
	if j < len(r.params) {
		return &r.params[j]
	}
	return &Param{}
}

func nanVec(k int) []float64 {
	v := make([]float64, k)
	for j := range v {
		v[j] = math.NaN()
	}
	return v
}

// singularCurvature marks res as not converged: a singular curvature is no
// optimum to report. The objective is flat along some direction (a plateau
// such as alpha -> large in E + A N^-alpha with E taking the level, or a
// law whose parameters are not identified by the data).
func singularCurvature(res *Result, u *uncertainty, why string) {
	res.Status = StatusSingular
	res.Reason = fmt.Sprintf("not converged: the curvature is singular where the optimizer stopped (%s): %s not identified by the data there (a plateau or a degenerate law); try other starts, or fix or bound these parameters", res.Reason, strings.Join(u.singular, ", "))
	res.unavailable(why)
}
