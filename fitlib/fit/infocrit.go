package fit

import (
	"fmt"
	"math"

	"github.com/gophernote/gophernote/fitlib/internal/num"
)

// LogLikKind says which density Result.LogLik is the log-likelihood of.
type LogLikKind int

// Log-likelihood kinds.
const (
	// LogLikNotComputed (the zero value): no log-likelihood (LogLik is
	// NaN), as when the residuals could not be evaluated.
	LogLikNotComputed LogLikKind = iota
	LogLikGaussian
	LogLikHuber
	LogLikALD
	LogLikObjective
	// LogLikSumOfLosses: the Objective is a sum of losses, not a
	// likelihood (LogLik, AIC and BIC are NaN).
	LogLikSumOfLosses
)

var logLikText = [...]string{
	LogLikNotComputed: "not computed",
	LogLikGaussian:    "Gaussian residuals, variance profiled (sigma^2 = sum w r^2 / n); NPar counts sigma",
	LogLikHuber:       "Huber density of r/sigma with the loss's delta (Besiroglu et al. 2024, sect. 3), sigma profiled at the fitted law; NPar counts sigma",
	LogLikALD:         "asymmetric Laplace density of the check loss (quantile regression), scale profiled (sum w rho_tau(r) / n); NPar counts the scale",
	LogLikObjective:   "minus the Objective (a negative log-likelihood)",
	LogLikSumOfLosses: "none: the Objective is a sum of losses, not a likelihood",
}

// String describes the kind in one sentence.
func (k LogLikKind) String() string {
	if k >= 0 && int(k) < len(logLikText) {
		return logLikText[k]
	}
	return fmt.Sprintf("LogLikKind(%d)", int(k))
}

// informationCriteria fills LogLik, NPar, AIC and BIC. Residual-space
// likelihoods are densities of y (or of log y for log losses: add
// -sum log y to compare with a fit in linear space).
func (pr *prepared) informationCriteria(res *Result) {
	k := len(pr.free)
	n := float64(res.Rows)
	res.NPar = k
	switch {
	case pr.fn != nil && pr.objKind == NegLogLik:
		res.LogLik, res.LogLikKind = -res.Objective, LogLikObjective
	case pr.fn != nil:
		res.LogLikKind = LogLikSumOfLosses
		return
	default:
		st, err := pr.residualStats(res.Params, nil)
		if err != nil || st.n == 0 {
			return
		}
		res.NPar = k + 1
		res.LogLik, res.LogLikKind = pr.loss.logLik(st)
	}
	res.AIC = 2*float64(res.NPar) - 2*res.LogLik
	res.BIC = float64(res.NPar)*math.Log(n) - 2*res.LogLik
}

// logLik is the profiled log-likelihood of the residuals under the density
// the loss corresponds to.
func (l *Loss) logLik(st *rowStats) (float64, LogLikKind) {
	n := float64(st.n)
	var slw float64
	for _, w := range st.w {
		slw += math.Log(w)
	}
	switch l.Kind {
	case HuberLoss:
		d := l.Delta
		lz := HuberLogNorm(d)
		nll := func(ls float64) float64 {
			s := math.Exp(ls)
			f := 0.0
			for i, r := range st.r {
				h, _ := (&Loss{Kind: HuberLoss, Delta: d}).rho(r / s)
				f += st.w[i] * h
			}
			return f + n*(ls+lz)
		}
		// the profile in log sigma is unimodal; bracket it around the
		// residuals' scale
		var rms float64
		for i, r := range st.r {
			rms += st.w[i] * r * r
		}
		rms = math.Sqrt(rms/n) + 1e-300
		c := math.Log(rms)
		ls := num.GoldenMin(nll, c-40, c+10, 400, 1e-12)
		return -nll(ls), LogLikHuber
	case PinballLoss:
		t := l.Tau
		var s float64
		for i, r := range st.r {
			s += st.w[i] * math.Max(t*r, (t-1)*r)
		}
		s /= n
		return n*math.Log(t*(1-t)) - n*math.Log(s) - n, LogLikALD
	}
	var rss float64
	for i, r := range st.r {
		rss += st.w[i] * r * r
	}
	s2 := rss / n
	return -n/2*(math.Log(2*math.Pi*s2)+1) + slw/2, LogLikGaussian
}

// HuberLogNorm is log Z(delta) for the Huber density
// f(x) = exp(-Huber_delta(x)) / Z(delta), with
// Z(delta) = sqrt(2 pi) (1 - 2 Q(delta)) + 2 exp(-delta^2/2) / delta,
// Q the standard normal upper tail: the Gaussian core integrates over
// |x| <= delta and each linear tail to exp(-delta^2/2)/delta.
func HuberLogNorm(delta float64) float64 {
	core := math.Sqrt(2*math.Pi) * math.Erf(delta/math.Sqrt2)
	return math.Log(core + 2*math.Exp(-0.5*delta*delta)/delta)
}
