package chinchilla

import (
	"fmt"
	"math"

	"github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/formula"
	"github.com/gophernote/gophernote/fitlib/internal/num"
)

// The honest stopping rule of FitHuberLikelihood. The Huber likelihood's
// kinks (at |r| = delta sigma, sigma ~ 0.01) stop BFGS's line search near
// the optimum in most fits ("linesearch: failed to converge") with a
// gradient that is small but not below any fixed threshold, so a
// threshold test reports "not converged" for estimates that are right,
// and a looser one would pass estimates that are not. What matters is the
// distance to the optimum in units of the estimates' uncertainty. Since
// Huber_delta(r/sigma) = Huber_{delta sigma}(r) / sigma^2, the likelihood
// at fixed sigma is the Huber loss with threshold delta sigma: its optimum
// in theta is a fit on the engine (fitlib/fit), which judges convergence
// by the Newton step in standard errors, and the optimum in log sigma
// given theta is one-dimensional. Alternating the two from the BFGS point
// until both moves are below 0.01 standard errors reaches the joint
// optimum; the first round's moves are how far BFGS stopped from it.

// likelihoodLaw is the log-form law of the fit engine's formula, with
// parameters in order a, alpha, b, beta, e.
const likelihoodLaw = "exp(a - alpha*log(N)) + exp(b - beta*log(D)) + exp(e)"

// convergeSE is the criterion: moves below this many standard errors.
const convergeSE = 0.01

// likelihoodCheck is the outcome of the alternating refinement.
type likelihoodCheck struct {
	Theta      []float64 // refined (a, b, e, alpha, beta, log sigma)
	NLL        float64
	FirstMove  float64 // distance of the starting point from the optimum, in standard errors
	FirstWhere string
	LastMove   float64
	LastWhere  string
	Rounds     int
	Converged  bool
	SE         []float64 // of (a, b, e, alpha, beta, log sigma) at the optimum
}

// thetaFromFormula maps (a, alpha, b, beta, e) to (a, b, e, alpha, beta).
func thetaFromFormula(p []float64) []float64 { return []float64{p[0], p[2], p[4], p[1], p[3]} }
func formulaFromTheta(t []float64) []float64 { return []float64{t[0], t[3], t[1], t[4], t[2]} }

// Problem is the Huber fit of the log-form law exp(a - alpha log N) +
// exp(b - beta log D) + exp(e) to the runs as a fit.Problem (threshold
// delta; 0 means DefaultDelta): the problem FitEngine solves, for
// fit.ProfileInterval, fit.Extrapolate and fit.Bootstrap.
func (r *Runs) Problem(delta float64) (fit.Problem, error) {
	if delta == 0 {
		delta = DefaultDelta
	}
	if !(delta > 0) {
		return fit.Problem{}, fmt.Errorf("chinchilla: Huber delta %g must be > 0", delta)
	}
	if err := r.prepare(); err != nil {
		return fit.Problem{}, err
	}
	f, err := formula.Parse(likelihoodLaw, "N", "D")
	if err != nil {
		return fit.Problem{}, err
	}
	n := make([]float64, len(r.logL))
	d := make([]float64, len(r.logL))
	y := make([]float64, len(r.logL))
	for i := range y {
		n[i], d[i], y[i] = math.Exp(r.logN[i]), math.Exp(r.logD[i]), math.Exp(r.logL[i])
	}
	return fit.Problem{Formula: f, Data: map[string][]float64{"N": n, "D": d}, Y: y, YName: "loss",
		Loss: fit.Huber(delta), Weights: r.w}, nil
}

// sigmaStep maximises the likelihood over log sigma at theta (golden
// section on [s0 - 5, s0 + 5]) and returns the new log sigma and its
// standard error 1/sqrt(d2 NLL/d log sigma^2).
func (r *Runs) sigmaStep(th []float64, delta float64) (float64, float64) {
	x := append([]float64(nil), th...)
	nll := func(s float64) float64 {
		x[5] = s
		return r.HuberNLL(x, nil, delta)
	}
	s0 := th[5]
	s := num.GoldenMin(nll, s0-5, s0+5, 300, 1e-12)
	h := 1e-3
	d2 := (nll(s+h) - 2*nll(s) + nll(s-h)) / (h * h)
	se := math.NaN()
	if d2 > 0 {
		se = 1 / math.Sqrt(d2)
	}
	return s, se
}

// refineLikelihood alternates the theta fit at fixed sigma and the sigma
// step at fixed theta from th (six log-form values), at most 20 rounds.
func (r *Runs) refineLikelihood(th []float64, delta float64) (*likelihoodCheck, error) {
	names := []string{"a", "b", "e", "alpha", "beta", "log sigma"}
	cur := append([]float64(nil), th...)
	out := &likelihoodCheck{SE: make([]float64, 6)}
	for round := 0; round < 20; round++ {
		sigma := math.Exp(cur[5])
		pb, err := r.Problem(delta * sigma)
		if err != nil {
			return nil, err
		}
		res, err := fit.Fit(pb, fit.Options{Starts: [][]float64{formulaFromTheta(cur)}, Workers: 1})
		if err != nil {
			return nil, err
		}
		if res.SE == nil || math.IsNaN(res.SE[0]) {
			return nil, fmt.Errorf("chinchilla: no standard errors at the likelihood optimum (%s)", res.SEKind)
		}
		next := thetaFromFormula(res.Params)
		se := thetaFromFormula(res.SE)
		move, where := 0.0, ""
		for j := 0; j < 5; j++ {
			if v := math.Abs(next[j]-cur[j]) / se[j]; v > move || where == "" {
				move, where = v, names[j]
			}
		}
		next = append(next, cur[5])
		s, sse := r.sigmaStep(next, delta)
		if v := math.Abs(s-cur[5]) / sse; v > move {
			move, where = v, names[5]
		}
		next[5] = s
		copy(out.SE, se)
		out.SE[5] = sse
		cur = next
		out.Rounds = round + 1
		out.LastMove, out.LastWhere = move, where
		if round == 0 {
			out.FirstMove, out.FirstWhere = move, where
		}
		if move <= convergeSE {
			out.Converged = true
			break
		}
	}
	out.Theta = cur
	out.NLL = r.HuberNLL(cur, nil, delta)
	return out, nil
}
