package fit

import (
	"fmt"
	"math"

	"github.com/gophernote/gophernote/fitlib/internal/num"
)

// Transform maps an unconstrained optimizer variable z to a parameter p, so
// that L-BFGS (which has no bounds in gonum) respects positivity or bounds.
type Transform int

// Transforms. Lo and Hi are the Param bounds.
const (
	Identity Transform = iota // p = z
	Log                       // p = Lo + exp(z): p > Lo
	Softplus                  // p = Lo + log(1 + exp(z)): p > Lo, linear for large p
	Logit                     // p = Lo + (Hi - Lo) sigmoid(z): Lo < p < Hi
)

// Param configures one parameter. Parameters not listed in Problem.Params
// use the zero value: no transform, start 0.
//
// Bounds: a lower bound is Transform Log or Softplus with Lo, a two-sided
// bound Transform Logit with Lo and Hi (the optimizer works in the
// unbounded transformed variable). Lo or Hi given with Transform Identity
// is an error rather than a silently ignored bound.
//
// Fixed holds the parameter at Init (like lmfit's vary=False): it is not
// optimized, has no standard error, and is not counted in the degrees of
// freedom, AIC or BIC. Profile intervals fix parameters this way.
type Param struct {
	Name      string
	Init      float64   // start when Grid is empty (0 means Lo+1 for Log/Softplus, mid-range for Logit); the value of a Fixed parameter
	Grid      []float64 // multi-start values; the grid is the product over parameters
	Transform Transform
	Lo, Hi    float64 // bounds for Log, Softplus (Lo) and Logit (Lo, Hi)
	Fixed     bool    // hold at Init instead of fitting
}

func (q *Param) check() error {
	switch q.Transform {
	case Identity, Log, Softplus:
	case Logit:
		if !(q.Lo < q.Hi) || math.IsInf(q.Lo, 0) || math.IsInf(q.Hi, 0) {
			return fmt.Errorf("fit: parameter %s: logit bounds [%v, %v] need finite Lo < Hi", q.Name, q.Lo, q.Hi)
		}
	default:
		return fmt.Errorf("fit: parameter %s: unknown transform %d", q.Name, q.Transform)
	}
	if q.Transform == Identity && (q.Lo != 0 || q.Hi != 0) {
		return fmt.Errorf("fit: parameter %s: bounds Lo = %v, Hi = %v need a Transform (Log or Softplus for a lower bound, Logit for both); Identity would ignore them", q.Name, q.Lo, q.Hi)
	}
	if q.Transform == Log || q.Transform == Softplus {
		if q.Hi != 0 {
			return fmt.Errorf("fit: parameter %s: Hi = %v is ignored by the %s transform (lower bound only); use Logit for two bounds", q.Name, q.Hi, q.Transform)
		}
	}
	if q.Fixed {
		if len(q.Grid) > 0 {
			return fmt.Errorf("fit: parameter %s is Fixed but has a Grid of starts", q.Name)
		}
		if _, err := q.inverse(q.Init); err != nil {
			return fmt.Errorf("fit: fixed parameter %s: value Init = %v is outside its domain %s", q.Name, q.Init, q.domain())
		}
	}
	if math.IsNaN(q.Lo) || math.IsInf(q.Lo, 0) && q.Transform != Identity {
		return fmt.Errorf("fit: parameter %s: lower bound %v", q.Name, q.Lo)
	}
	return nil
}

func (q *Param) init() float64 {
	if q.Init != 0 || q.Fixed {
		return q.Init
	}
	switch q.Transform {
	case Log, Softplus:
		return q.Lo + 1
	case Logit:
		return (q.Lo + q.Hi) / 2
	}
	return 0
}

// String names the transform.
func (t Transform) String() string {
	switch t {
	case Log:
		return "Log"
	case Softplus:
		return "Softplus"
	case Logit:
		return "Logit"
	}
	return "Identity"
}

// forward returns p(z) and dp/dz.
func (q *Param) forward(z float64) (float64, float64) {
	switch q.Transform {
	case Log:
		e := math.Exp(z)
		return q.Lo + e, e
	case Softplus:
		s := num.Sigmoid(z)
		return q.Lo + math.Max(z, 0) + math.Log1p(math.Exp(-math.Abs(z))), s
	case Logit:
		s := num.Sigmoid(z)
		w := q.Hi - q.Lo
		return q.Lo + w*s, w * s * (1 - s)
	}
	return z, 1
}

// second returns d2p/dz2.
func (q *Param) second(z float64) float64 {
	switch q.Transform {
	case Log:
		return math.Exp(z)
	case Softplus:
		s := num.Sigmoid(z)
		return s * (1 - s)
	case Logit:
		s := num.Sigmoid(z)
		return (q.Hi - q.Lo) * s * (1 - s) * (1 - 2*s)
	}
	return 0
}

// inverse returns z with p(z) = p, or an error when p is outside the domain.
func (q *Param) inverse(p float64) (float64, error) {
	bad := func() (float64, error) {
		return 0, fmt.Errorf("fit: parameter %s: value %v is outside its domain %s", q.Name, p, q.domain())
	}
	if math.IsNaN(p) || math.IsInf(p, 0) {
		return bad()
	}
	switch q.Transform {
	case Log:
		if !(p > q.Lo) {
			return bad()
		}
		return math.Log(p - q.Lo), nil
	case Softplus:
		if !(p > q.Lo) {
			return bad()
		}
		x := p - q.Lo // z = log(exp(x) - 1) = x + log(1 - exp(-x))
		return x + math.Log(-math.Expm1(-x)), nil
	case Logit:
		if !(p > q.Lo && p < q.Hi) {
			return bad()
		}
		u := (p - q.Lo) / (q.Hi - q.Lo)
		return math.Log(u) - math.Log1p(-u), nil
	}
	return p, nil
}

func (q *Param) domain() string {
	switch q.Transform {
	case Log, Softplus:
		return fmt.Sprintf("(%g, inf)", q.Lo)
	case Logit:
		return fmt.Sprintf("(%g, %g)", q.Lo, q.Hi)
	}
	return "(-inf, inf)"
}

// atBound reports whether a fit ended on a bound of p: p lies within 1e-3
// of the interval width (Logit) or of max(1, |Lo|) (Log, Softplus) from a
// bound, and the natural-scale gradient g = dF/dp pushes outward, clearly
// non-zero (|g| >= 100 gtol). The optimizer stops there because dF/dz =
// g dp/dz vanishes with dp/dz, not because F is stationary in p.
func (q *Param) atBound(p, g, gtol float64) bool {
	if math.Abs(g) < 100*gtol {
		return false
	}
	switch q.Transform {
	case Log, Softplus:
		return p-q.Lo <= 1e-3*math.Max(1, math.Abs(q.Lo)) && g > 0
	case Logit:
		w := q.Hi - q.Lo
		return p-q.Lo <= 1e-3*w && g > 0 || q.Hi-p <= 1e-3*w && g < 0
	}
	return false
}

// interval is est ± q se computed on the scale the optimizer works in
// (z = T^-1(p), se_z = se / (dp/dz) by the delta method) and mapped back,
// so that it never crosses a bound of a Log, Softplus or Logit parameter
// and is asymmetric where the transform is curved. For Identity it is
// est ± q se.
func (q *Param) interval(est, se, c float64) (lo, hi float64) {
	if q.Transform == Identity || math.IsNaN(se) {
		return est - c*se, est + c*se
	}
	z, err := q.inverse(est)
	if err != nil {
		return math.NaN(), math.NaN()
	}
	_, d := q.forward(z)
	if !(d > 0) {
		return math.NaN(), math.NaN()
	}
	sz := se / d
	lo, _ = q.forward(z - c*sz)
	hi, _ = q.forward(z + c*sz)
	return lo, hi
}
