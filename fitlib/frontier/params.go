package frontier

import (
	"fmt"
	"math"

	"github.com/gophernote/gophernote/fitlib/internal/num"
)

// Params are the natural parameters of the sigmoid frontier
// q(z) = Y0 + L * sigmoid(A + B z), with z = log10(FLOPs).
type Params struct {
	Y0, L, A, B float64
}

// At returns the frontier value q(z).
func (p Params) At(z float64) float64 {
	return p.Y0 + p.L*num.Sigmoid(p.A+p.B*z)
}

// AtFLOPs returns the frontier value at c FLOPs (c > 0).
func (p Params) AtFLOPs(c float64) float64 { return p.At(math.Log10(c)) }

// Curve evaluates the frontier at every z.
func (p Params) Curve(z []float64) []float64 {
	out := make([]float64, len(z))
	for i, v := range z {
		out[i] = p.At(v)
	}
	return out
}

// Midpoint returns the compute z* = -A/B where the sigmoid is at half height
// (+Inf when B = 0).
func (p Params) Midpoint() float64 {
	if p.B == 0 {
		return math.Inf(1)
	}
	return -p.A / p.B
}

// Valid reports whether the parameters satisfy the frontier's constraints
// (B >= 0, Y0 and L in [0,1], Y0 + L <= 1, all finite).
func (p Params) Valid() error {
	for _, v := range []struct {
		name string
		x    float64
	}{{"y0", p.Y0}, {"L", p.L}, {"a", p.A}, {"b", p.B}} {
		if math.IsNaN(v.x) || math.IsInf(v.x, 0) {
			return fmt.Errorf("frontier: parameter %s = %v is not finite", v.name, v.x)
		}
	}
	switch {
	case p.B < 0:
		return fmt.Errorf("frontier: parameter b = %g < 0 (frontier must be non-decreasing)", p.B)
	case p.Y0 < 0 || p.Y0 > 1:
		return fmt.Errorf("frontier: parameter y0 = %g outside [0,1]", p.Y0)
	case p.L < 0 || p.L > 1:
		return fmt.Errorf("frontier: parameter L = %g outside [0,1]", p.L)
	case p.Y0+p.L > 1+1e-12:
		return fmt.Errorf("frontier: y0 + L = %g > 1", p.Y0+p.L)
	}
	return nil
}

// Jacobian returns dq/d(y0, L, a, b) at z, the row used by the design
// information matrix.
func (p Params) Jacobian(z float64) [4]float64 {
	s := num.Sigmoid(p.A + p.B*z)
	d := p.L * s * (1 - s)
	return [4]float64{1, s, d, d * z}
}

// raw is the unconstrained parameter vector the optimiser sees:
// y0 = sin^2(g0), L = (1-y0) sin^2(gL), b = softplus(h) (see unitLink), and the
// intercept c of the centred linear predictor c + b (z - zref), so that
// a = c - b zref. Centring keeps the Hessian well conditioned when z ~ 23.
type raw [4]float64

// toParams maps raw parameters to natural ones; the constraints hold for
// every finite raw vector.
func toParams(x []float64, zref float64) Params {
	y0, _, _ := unitLink(x[0])
	fr, _, _ := unitLink(x[1])
	l := (1 - y0) * fr
	b := num.Softplus(x[3])
	return Params{Y0: y0, L: l, A: x[2] - b*zref, B: b}
}

// fromParams inverts toParams on the principal branch (raw values in
// [0, pi/2]), clamping to the open constraint set so the inverse is
// finite and off the stationary boundary points (y0, L/(1-y0) in
// [1e-9, 1-1e-9], b >= 1e-9).
func fromParams(p Params, zref float64) []float64 {
	y0 := clamp(p.Y0, 1e-9, 1-1e-9)
	fr := clamp(p.L/(1-y0), 1e-9, 1-1e-9)
	b := math.Max(p.B, 1e-9)
	return []float64{math.Asin(math.Sqrt(y0)), math.Asin(math.Sqrt(fr)), p.A + b*zref, softplusInv(b)}
}

func clamp(x, lo, hi float64) float64 { return math.Min(hi, math.Max(lo, x)) }

// softplusInv is the inverse of softplus for y > 0: log(e^y - 1).
func softplusInv(y float64) float64 {
	if y > 30 {
		return y + math.Log1p(-math.Exp(-y))
	}
	return math.Log(math.Expm1(y))
}

func logit(p float64) float64 { return math.Log(p / (1 - p)) }
