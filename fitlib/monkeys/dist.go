package monkeys

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mathext"
)

// Family names a distribution of per-problem success probabilities p.
type Family int

// The families of Dist.
const (
	FamilyDelta       Family = iota // every problem has the same p
	FamilyUniform                   // p uniform on [0, Scale]
	FamilyBeta                      // p = Scale·X, X ~ Beta(Alpha, Beta)
	FamilyKumaraswamy               // p = Scale·X, X ~ Kumaraswamy(Alpha, Beta)
)

// String returns the family's name.
func (f Family) String() string {
	switch f {
	case FamilyDelta:
		return "Delta"
	case FamilyUniform:
		return "Uniform"
	case FamilyBeta:
		return "Beta"
	case FamilyKumaraswamy:
		return "Kumaraswamy"
	}
	return fmt.Sprintf("Family(%d)", int(f))
}

// Dist is a distribution of per-problem single-attempt success
// probabilities. A literal works (Scale left at zero means the unscaled
// support [0, 1]); NewDelta, NewUniform, NewBeta and NewKumaraswamy check
// the parameters at once, and every method reports invalid ones.
type Dist struct {
	Family Family
	P      float64 // Delta: the common success probability
	Alpha  float64 // Beta, Kumaraswamy: shape at 0 (density ~ p^(Alpha-1))
	Beta   float64 // Beta, Kumaraswamy: shape at the top of the support
	Scale  float64 // support [0, Scale], 0 < Scale <= 1 (Uniform, Beta, Kumaraswamy); 0 means 1
}

// s is the top of the support: Scale, or 1 when Scale is zero.
func (d Dist) s() float64 {
	if d.Scale == 0 {
		return 1
	}
	return d.Scale
}

// NewDelta returns the distribution with all mass at p, 0 < p <= 1.
func NewDelta(p float64) (Dist, error) {
	d := Dist{Family: FamilyDelta, P: p}
	return d, d.Validate()
}

// NewUniform returns p ~ Uniform[0, s], 0 < s <= 1 (0 means 1).
func NewUniform(s float64) (Dist, error) {
	d := Dist{Family: FamilyUniform, Scale: s}
	return d, d.Validate()
}

// NewBeta returns p = s·X with X ~ Beta(alpha, beta), 0 < s <= 1 (0
// means 1).
func NewBeta(alpha, beta, s float64) (Dist, error) {
	d := Dist{Family: FamilyBeta, Alpha: alpha, Beta: beta, Scale: s}
	return d, d.Validate()
}

// NewKumaraswamy returns p = s·X with X ~ Kumaraswamy(alpha, beta), whose
// CDF is 1 - (1 - x^alpha)^beta (Kumaraswamy 1980), 0 < s <= 1 (0 means
// 1).
func NewKumaraswamy(alpha, beta, s float64) (Dist, error) {
	d := Dist{Family: FamilyKumaraswamy, Alpha: alpha, Beta: beta, Scale: s}
	return d, d.Validate()
}

// Validate reports what is wrong with d's parameters, naming the parameter.
func (d Dist) Validate() error {
	bad := func(name string, v float64, want string) error {
		return fmt.Errorf("monkeys: %v distribution: %s = %v, need %s", d.Family, name, v, want)
	}
	switch d.Family {
	case FamilyDelta:
		if !(d.P > 0 && d.P <= 1) {
			return bad("p", d.P, "0 < p <= 1")
		}
		return nil
	case FamilyUniform, FamilyBeta, FamilyKumaraswamy:
	default:
		return fmt.Errorf("monkeys: unknown distribution family %d", int(d.Family))
	}
	if !(d.s() > 0 && d.s() <= 1) {
		return bad("scale", d.Scale, "0 < scale <= 1 (0 means 1)")
	}
	if d.Family == FamilyUniform {
		return nil
	}
	if !(d.Alpha > 0) || math.IsInf(d.Alpha, 0) {
		return bad("alpha", d.Alpha, "0 < alpha < Inf")
	}
	if !(d.Beta > 0) || math.IsInf(d.Beta, 0) {
		return bad("beta", d.Beta, "0 < beta < Inf")
	}
	return nil
}

// String describes d with its parameters.
func (d Dist) String() string {
	switch d.Family {
	case FamilyDelta:
		return fmt.Sprintf("Delta(p=%.4g)", d.P)
	case FamilyUniform:
		return fmt.Sprintf("Uniform(0, %.4g)", d.s())
	}
	if d.s() == 1 {
		return fmt.Sprintf("%v(%.4g, %.4g)", d.Family, d.Alpha, d.Beta)
	}
	return fmt.Sprintf("%v(%.4g, %.4g) on [0, %.4g]", d.Family, d.Alpha, d.Beta, d.s())
}

// CDF returns P(p <= x).
func (d Dist) CDF(x float64) float64 {
	if x < 0 {
		return 0
	}
	if d.Family == FamilyDelta {
		if x < d.P {
			return 0
		}
		return 1
	}
	if x >= d.s() {
		return 1
	}
	y := x / d.s()
	switch d.Family {
	case FamilyUniform:
		return y
	case FamilyBeta:
		return mathext.RegIncBeta(d.Alpha, d.Beta, y)
	case FamilyKumaraswamy:
		// 1 - (1 - y^a)^b, with the inner power and outer power in log form.
		return -math.Expm1(d.Beta * math.Log1p(-math.Pow(y, d.Alpha)))
	}
	return math.NaN()
}

// PDF returns the density of p at x (0 for Delta).
func (d Dist) PDF(x float64) float64 {
	if d.Family == FamilyDelta || x <= 0 || x >= d.s() {
		return 0
	}
	y := x / d.s()
	switch d.Family {
	case FamilyUniform:
		return 1 / d.s()
	case FamilyBeta:
		lb := mathext.Lbeta(d.Alpha, d.Beta)
		return math.Exp((d.Alpha-1)*math.Log(y)+(d.Beta-1)*math.Log1p(-y)-lb) / d.s()
	case FamilyKumaraswamy:
		ya := math.Pow(y, d.Alpha)
		return d.Alpha * d.Beta * math.Exp((d.Alpha-1)*math.Log(y)+(d.Beta-1)*math.Log1p(-ya)) / d.s()
	}
	return math.NaN()
}

// Asymptote returns (a, b) such that F(k) ~ a·k^(-b) as k → ∞, in closed
// form (Schaeffer et al. 2025, Sec. 4): a CDF K·p^b near 0 gives
// a = K·Γ(b+1). Beta(α,β) on [0,s]: K = s^-α/(α·B(α,β)), so
// a = Γ(α+β)/Γ(β)·s^-α, b = α. Kumaraswamy(α,β) on [0,s]: K = β·s^-α, so
// a = β·Γ(α+1)·s^-α, b = α. Uniform on [0,s]: a = 1/s, b = 1. Delta has no
// power law (F falls exponentially): an error.
func (d Dist) Asymptote() (a, b float64, err error) {
	if err := d.Validate(); err != nil {
		return 0, 0, err
	}
	switch d.Family {
	case FamilyDelta:
		return 0, 0, fmt.Errorf("monkeys: %v: F(k) = (1-p)^k is exponential, not a power law", d)
	case FamilyUniform:
		return 1 / d.s(), 1, nil
	case FamilyBeta:
		la := LogGammaRatio(d.Beta, d.Alpha) - d.Alpha*math.Log(d.s())
		return math.Exp(la), d.Alpha, nil
	default: // Kumaraswamy
		lg, _ := math.Lgamma(d.Alpha + 1)
		return d.Beta * math.Exp(lg-d.Alpha*math.Log(d.s())), d.Alpha, nil
	}
}
