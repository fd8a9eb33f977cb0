package fit

import (
	"fmt"
	"math"
	"slices"
	"sort"

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
	// SEAuto: for a Formula law with fewer than 30 residual degrees of
	// freedom, the model-based M-estimation covariance s_psi^2 / m^2
	// (J'WJ)^-1 with Student t(n - p) intervals, where s_psi^2 = sum w
	// psi(r)^2 / (n - p) and m is the mean curvature psi'(r) smoothed by
	// a Gaussian kernel (for squared error exactly the classical
	// s^2 (J'J)^-1); with 30 or more, the robust sandwich (SERobust),
	// which stays honest when residuals are heteroscedastic or the law
	// misfits (on the Chinchilla data the model-based SEs are 0.4-0.6 of
	// the bootstrap's, the sandwich's 0.75-1.0) but is too noisy below.
	// Pinball fits stay model-based at every n: their sandwich was noisy
	// in the coverage tests (median SE 1.45 times the spread of the
	// estimates) where the model-based one was not.
	// For an Objective: the inverse observed information (NegLogLik) with
	// normal intervals; for SumOfLosses the bootstrap, since no closed form
	// is honest for an arbitrary sum of losses at a kinked optimum.
	SEAuto SEMethod = iota
	// SERobust: the heteroscedasticity-robust sandwich H^-1 B H^-1 with
	// the kernel-smoothed curvature H and B = n/(n-p) sum w^2 psi^2 g g'
	// (Formula laws), or per-row scores (Objective with Rows).
	SERobust
	// SEBootstrap: Options.Resamples refits of rows drawn with
	// replacement; covariance of the refits, percentile intervals.
	SEBootstrap
	// SENone: no standard errors (studies that refit many times).
	SENone
	// SEModel: the model-based covariance (see SEAuto) whatever the
	// number of rows: s^2 (J'WJ)^-1 for squared error, as lmfit and
	// scipy's curve_fit report.
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

// Standard error kinds (Result.SEKind), one sentence each.
const (
	SELeastSquares = "least squares: s^2 (J'WJ)^-1 with s^2 = sum w r^2/(n - p); Student t(n - p) intervals"
	SEMEstimation  = "M-estimation, model-based: s_psi^2/m^2 (J'WJ)^-1, s_psi^2 = sum w psi^2/(n - p), m = mean psi' smoothed by a Gaussian kernel of bandwidth h (see Result.Bandwidth); Student t(n - p) intervals"
	SESandwich     = "robust sandwich: H^-1 B H^-1, H = sum w psi'_h g g' (kernel-smoothed), B = n/(n - p) sum w^2 psi^2 g g'; Student t(n - p) intervals"
	SESandwichAuto = "robust sandwich (n - p >= 30): H^-1 B H^-1, H = sum w psi'_h g g' (kernel-smoothed), B = n/(n - p) sum w^2 psi^2 g g'; Student t(n - p) intervals"
	SEInverseHess  = "inverse observed information (Hessian of the negative log-likelihood, central differences of the exact gradient); normal intervals"
	SEScores       = "sandwich of per-row scores: H^-1 B H^-1, B = n/(n - p) sum of score outer products; normal intervals"
	SEBoot         = "bootstrap: covariance of refits to rows resampled with replacement; percentile intervals"
	SENotPD        = "unavailable: Hessian not positive definite at the optimum"
)

// robustDOF is the residual degrees of freedom from which SEAuto uses the
// robust sandwich for Formula laws.
const robustDOF = 30

// lrScale turns an objective difference into a likelihood-ratio statistic:
// 2 lrScale (F(restricted) - F(full)) is asymptotically chi-squared.
// curvature is the (smoothed) Hessian of the objective over the active
// parameters, used for the convergence check.
type uncertainty struct {
	active    []int // parameter indices with an estimated SE
	cov       *mat.SymDense
	curvature *mat.SymDense
	dof       int
	kind      string
	method    SEMethod
	lrScale   float64
	bandwidth float64
	scale     float64
	modelVar  []float64 // model-based variances of the active parameters (row losses)
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

// smoothedCurvature is psi'(r) averaged over r + h Z, Z standard normal:
// the kernel estimate of E psi' at bandwidth h. Squared error has
// psi' = 2. Huber's psi' is the indicator of |r| <= delta, so the average
// is Phi((delta - r)/h) - Phi((-delta - r)/h). The smoothed pinball's psi'
// is a logistic density of scale 1/kappa; it is widened only by the part
// of h it lacks (total variance h^2), by averaging the Gaussian kernel
// over 400 logistic quantiles.
func (l *Loss) smoothedCurvature(r, h float64) float64 {
	switch l.Kind {
	case HuberLoss:
		d := l.Delta
		if h <= 0 {
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

// bandwidth is 0.9 s n^-rate with s the residuals' standard deviation
// about their weighted mean on n - p degrees of freedom: Silverman's rule
// (rate 1/5) for Huber, the faster n^-1/3 of Hall and Sheather's sparsity
// bandwidth for quantile (pinball) fits. See coverage_test.go for the
// measurements behind these choices.
func (st *rowStats) bandwidth(p int, rate float64) float64 {
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
	dof := float64(st.n - p)
	if dof <= 0 {
		return 0
	}
	s := math.Sqrt(ss / sw * float64(st.n) / dof)
	return 0.9 * s * math.Pow(float64(st.n), -rate)
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
	h := 0.0
	switch l.Kind {
	case HuberLoss:
		h = st.bandwidth(k, 0.2)
	case PinballLoss:
		h = st.bandwidth(k, 1.0/3)
	}
	G := mat.NewSymDense(k, nil)
	H := mat.NewSymDense(k, nil)
	B := mat.NewSymDense(k, nil)
	var sw, sm, sp float64
	// Quantile regression interpolates: p residuals sit at 0 by
	// construction (Koenker 2005, sect. 2.2) and say nothing about the
	// density there, so the curvature of a pinball fit leaves them out.
	skip := map[int]bool{}
	if l.Kind == PinballLoss {
		idx := make([]int, len(st.r))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return math.Abs(st.r[idx[a]]) < math.Abs(st.r[idx[b]]) })
		for _, i := range idx[:k] {
			skip[i] = true
		}
	}
	var swAll float64
	for i, r := range st.r {
		w := st.w[i]
		ps := l.psi(r)
		c := l.smoothedCurvature(r, h)
		swAll += w
		if skip[i] {
			c = 0 // left out of the curvature; rescaled below
		} else {
			sw += w
			sm += w * c
		}
		sp += w * ps * ps
		for a := 0; a < k; a++ {
			ga := st.g[a][i]
			for b := a; b < k; b++ {
				gg := ga * st.g[b][i]
				G.SetSym(a, b, G.At(a, b)+w*gg)
				H.SetSym(a, b, H.At(a, b)+w*c*gg)
				B.SetSym(a, b, B.At(a, b)+w*w*ps*ps*gg)
			}
		}
	}
	H.ScaleSym(swAll/sw, H)
	m := sm / sw
	s2 := sp / float64(dof)
	u := &uncertainty{active: active, curvature: H, dof: dof, method: method, bandwidth: h}
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
		rm = 0 // s is about zero, the classical definition
		rss = sp / 4
	}
	u.scale = math.Sqrt(rss / swAll * float64(st.n) / float64(dof))
	// the model-based variances, for adjusting profile statistics when
	// the reported covariance is another
	var gi mat.SymDense
	var chg mat.Cholesky
	if chg.Factorize(G) && chg.InverseTo(&gi) == nil {
		u.modelVar = make([]float64, k)
		for a := range u.modelVar {
			u.modelVar[a] = s2 / (m * m) * gi.At(a, a)
		}
	}
	robust := method == SERobust
	if method == SEAuto && dof >= robustDOF && l.Kind != PinballLoss {
		robust = true
	}
	switch {
	case robust:
		var ch mat.Cholesky
		if !ch.Factorize(H) {
			return nil, SENotPD
		}
		var hi mat.SymDense
		if err := ch.InverseTo(&hi); err != nil {
			return nil, SENotPD
		}
		B.ScaleSym(float64(st.n)/float64(dof), B)
		u.cov = sandwich(&hi, B)
		u.kind = SESandwich
		if method == SEAuto {
			u.kind = SESandwichAuto
		}
	default:
		var ch mat.Cholesky
		if !ch.Factorize(G) {
			return nil, "unavailable: the law's gradient columns are linearly dependent at the optimum (J'WJ singular)"
		}
		var gi mat.SymDense
		if err := ch.InverseTo(&gi); err != nil {
			return nil, "unavailable: J'WJ singular"
		}
		gi.ScaleSym(s2/(m*m), &gi)
		u.cov = &gi
		u.kind = SEMEstimation
		if l.Kind == SquaredLoss {
			u.kind = SELeastSquares
		}
	}
	return u, ""
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
	if !ch.Factorize(h) {
		return nil, SENotPD
	}
	var hi mat.SymDense
	if err := ch.InverseTo(&hi); err != nil {
		return nil, SENotPD
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
	if u == nil && method != SEBootstrap {
		res.SEKind = why
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
			res.SEKind = why
			return
		}
	}
	for round := 0; round < 3; round++ {
		worst, _, ok := pr.newtonStep(res, u)
		if !ok || worst <= opt.ConvergeSE || !res.code.polishable() || !pr.polish(res, opt) {
			break
		}
		if u2, _ := pr.uncertainty(res, base); u2 != nil {
			u = u2
		}
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
			res.SEKind = "unavailable: " + err.Error()
			return
		}
		cov = bc
		u.kind = SEBoot
	}
	res.SEKind, res.SEMethod = u.kind, method
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
	q := res.quantile(res.Level)
	for _, j := range u.active {
		res.Lo[j], res.Hi[j] = res.Params[j]-q*res.SE[j], res.Params[j]+q*res.SE[j]
	}
}

// quantile is the two-sided critical value of the intervals at level:
// Student t with DOF degrees of freedom, or the normal when DOF is 0.
func (r *Result) quantile(level float64) float64 {
	p := 1 - (1-level)/2
	if r.DOF > 0 {
		return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(r.DOF)}.Quantile(p)
	}
	return distuv.UnitNormal.Quantile(p)
}

// Interval returns the intervals of every parameter at another level (NaN
// where no standard error is available). For SEBootstrap they are
// bootstrap percentiles, otherwise estimate ± q SE with q the Student t
// (DOF > 0) or normal quantile.
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
	q := r.quantile(level)
	for j := range lo {
		if j < len(r.SE) && !math.IsNaN(r.SE[j]) {
			lo[j], hi[j] = r.Params[j]-q*r.SE[j], r.Params[j]+q*r.SE[j]
		}
	}
	return lo, hi, nil
}

func nanVec(k int) []float64 {
	v := make([]float64, k)
	for j := range v {
		v[j] = math.NaN()
	}
	return v
}
