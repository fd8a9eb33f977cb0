package fit

import (
	"fmt"
	"math"

	"github.com/gophernote/gophernote/fitlib/internal/num"
)

// LossKind names a loss function.
type LossKind int

// Loss kinds. A NegLogLik problem supplies its own objective (Problem.Objective).
const (
	SquaredLoss LossKind = iota // sum of r^2
	HuberLoss                   // sum of Huber(delta) of r
	PinballLoss                 // sum of smoothed pinball(tau, kappa) of r
)

// Loss is the per-row loss summed over rows. The residual is r = y - pred
// in linear space, or r = log y - log pred when Log is set. The zero value
// is squared error in linear space.
type Loss struct {
	Kind  LossKind
	Log   bool    // residuals of logs (needs y > 0 and pred > 0)
	Delta float64 // Huber threshold (> 0)
	Tau   float64 // pinball quantile in (0,1)
	Kappa float64 // pinball smoothing sharpness (> 0); larger is closer to the kinked loss
}

// Squared is the sum of squared residuals y - pred.
func Squared() Loss { return Loss{Kind: SquaredLoss} }

// SquaredLog is the sum of squared residuals log y - log pred.
func SquaredLog() Loss { return Loss{Kind: SquaredLoss, Log: true} }

// Huber is the sum over rows of Huber(delta) of log y - log pred:
// r^2/2 for |r| <= delta, delta(|r| - delta/2) beyond (the convention of
// scipy.special.huber used by Besiroglu et al. 2024).
func Huber(delta float64) Loss { return Loss{Kind: HuberLoss, Log: true, Delta: delta} }

// Pinball is the smoothed pinball (quantile) loss of u = y - pred:
// (1/kappa) log(1 + exp(kappa u)) + (tau - 1) u, which tends to the
// check loss max(tau u, (tau-1) u) as kappa grows.
func Pinball(tau, kappa float64) Loss { return Loss{Kind: PinballLoss, Tau: tau, Kappa: kappa} }

func (l Loss) check() error {
	switch l.Kind {
	case SquaredLoss:
	case HuberLoss:
		if !(l.Delta > 0) || math.IsInf(l.Delta, 0) {
			return fmt.Errorf("fit: Huber delta = %v, need a finite delta > 0", l.Delta)
		}
	case PinballLoss:
		if !(l.Tau > 0 && l.Tau < 1) {
			return fmt.Errorf("fit: pinball tau = %v, need 0 < tau < 1", l.Tau)
		}
		if !(l.Kappa > 0) || math.IsInf(l.Kappa, 0) {
			return fmt.Errorf("fit: pinball kappa = %v, need a finite kappa > 0", l.Kappa)
		}
	default:
		return fmt.Errorf("fit: unknown loss kind %d", l.Kind)
	}
	return nil
}

// String describes the loss.
func (l Loss) String() string {
	space := ""
	if l.Log {
		space = " of log residuals"
	}
	switch l.Kind {
	case HuberLoss:
		return fmt.Sprintf("Huber(delta=%g)%s", l.Delta, space)
	case PinballLoss:
		return fmt.Sprintf("smoothed pinball(tau=%g, kappa=%g)%s", l.Tau, l.Kappa, space)
	}
	return "squared error" + space
}

// rho returns the loss of residual r and its derivative d rho / d r.
func (l *Loss) rho(r float64) (float64, float64) {
	switch l.Kind {
	case HuberLoss:
		d := l.Delta
		if r > d {
			return d * (r - d/2), d
		}
		if r < -d {
			return d * (-r - d/2), -d
		}
		return r * r / 2, r
	case PinballLoss:
		// softplus(ku)/kappa; its derivative is sigmoid(ku).
		sp, s := num.SoftplusSigmoid(l.Kappa * r)
		return sp/l.Kappa + (l.Tau-1)*r, s + l.Tau - 1
	}
	return r * r, 2 * r
}

// logRatio is log y - log p (NaN when either is not positive).
func logRatio(y, p float64) float64 {
	if !(y > 0 && p > 0) {
		return math.NaN()
	}
	return math.Log(y) - math.Log(p)
}
