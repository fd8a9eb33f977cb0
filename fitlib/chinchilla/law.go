package chinchilla

import (
	"fmt"
	"math"
)

// Params are the coefficients of L(N, D) = E + A N^-alpha + B D^-beta.
type Params struct {
	A, B, E, Alpha, Beta float64
}

// Hoffmann returns the coefficients printed in Hoffmann et al. (2022),
// eq. (10): A = 406.4, B = 410.7, E = 1.69, alpha = 0.34, beta = 0.28.
func Hoffmann() Params { return Params{A: 406.4, B: 410.7, E: 1.69, Alpha: 0.34, Beta: 0.28} }

// HoffmannUnrounded returns the unrounded estimates found in the TeX source
// of Hoffmann et al. (2022) as quoted by Besiroglu et al. (2024), sect. 2,
// in log form a = 6.0073404, b = 6.0179186, e = 0.5267228, alpha =
// 0.33917084, beta = 0.2849083. Besiroglu et al. start their bootstrap
// fits from this point.
func HoffmannUnrounded() Params {
	return Params{A: math.Exp(6.0073404), B: math.Exp(6.0179186), E: math.Exp(0.5267228), Alpha: 0.33917084, Beta: 0.2849083}
}

// Besiroglu returns the Approach-3 estimates of Besiroglu et al. (2024),
// Table 1 (Huber-loss fit on 240 digitized runs): A = 482.01, B = 2085.43,
// E = 1.8172, alpha = 0.3478, beta = 0.3658.
func Besiroglu() Params { return Params{A: 482.01, B: 2085.43, E: 1.8172, Alpha: 0.3478, Beta: 0.3658} }

// Validate reports coefficients for which the law or its optimum is not
// defined (non-finite values, A, B or the exponents not positive, E negative).
func (p Params) Validate() error {
	v := []float64{p.A, p.B, p.E, p.Alpha, p.Beta}
	names := []string{"A", "B", "E", "alpha", "beta"}
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("chinchilla: %s = %v is not finite", names[i], x)
		}
	}
	if p.A <= 0 || p.B <= 0 || p.Alpha <= 0 || p.Beta <= 0 {
		return fmt.Errorf("chinchilla: A, B, alpha, beta must be > 0, got A=%g B=%g alpha=%g beta=%g", p.A, p.B, p.Alpha, p.Beta)
	}
	if p.E < 0 {
		return fmt.Errorf("chinchilla: E = %g must be >= 0", p.E)
	}
	return nil
}

// Loss evaluates L(N, D).
func (p Params) Loss(n, d float64) float64 {
	return p.E + p.A*math.Pow(n, -p.Alpha) + p.B*math.Pow(d, -p.Beta)
}

// LossColumn evaluates L for whole columns n and d of equal length.
func (p Params) LossColumn(n, d []float64) ([]float64, error) {
	if len(n) != len(d) {
		return nil, fmt.Errorf("chinchilla: %d model sizes but %d token counts", len(n), len(d))
	}
	out := make([]float64, len(n))
	for i := range n {
		if !(n[i] > 0) || !(d[i] > 0) {
			return nil, fmt.Errorf("chinchilla: row %d: N = %g and D = %g must be > 0", i, n[i], d[i])
		}
		out[i] = p.Loss(n[i], d[i])
	}
	return out, nil
}

// G returns (alpha A / (beta B))^(1/(alpha+beta)), the constant of the
// compute-optimal allocation (Hoffmann et al. 2022, eq. (4) and App. D.2).
func (p Params) G() float64 {
	return math.Pow(p.Alpha*p.A/(p.Beta*p.B), 1/(p.Alpha+p.Beta))
}

// ExponentA is a = beta/(alpha+beta), the exponent of N_opt ∝ C^a.
func (p Params) ExponentA() float64 { return p.Beta / (p.Alpha + p.Beta) }

// ExponentB is b = alpha/(alpha+beta), the exponent of D_opt ∝ C^b.
func (p Params) ExponentB() float64 { return p.Alpha / (p.Alpha + p.Beta) }

// RatioDriftExponent is (alpha-beta)/(alpha+beta): along the efficient
// frontier D_opt/N_opt = G^-2 (C/6)^((alpha-beta)/(alpha+beta)), so the
// optimal tokens per parameter drift with compute unless alpha = beta.
func (p Params) RatioDriftExponent() float64 { return (p.Alpha - p.Beta) / (p.Alpha + p.Beta) }

// NOpt is the loss-minimising model size at compute C = 6 N D:
// N_opt(C) = G (C/6)^a.
func (p Params) NOpt(c float64) float64 { return p.G() * math.Pow(c/6, p.ExponentA()) }

// DOpt is the loss-minimising token count at compute C: D_opt(C) =
// G^-1 (C/6)^b.
func (p Params) DOpt(c float64) float64 { return math.Pow(c/6, p.ExponentB()) / p.G() }

// Allocation is one row of the compute-optimal table.
type Allocation struct {
	Params         float64 // model size N
	FLOPs          float64 // compute C = 6 N D for which N is optimal
	Tokens         float64 // D_opt
	TokensPerParam float64 // D_opt / N
	Loss           float64 // L(N, D_opt)
}

// AllocationForParams inverts N_opt: the compute for which n parameters
// are optimal, C = 6 (n/G)^(1/a), and the tokens D = C/(6n).
func (p Params) AllocationForParams(n float64) (Allocation, error) {
	if err := p.Validate(); err != nil {
		return Allocation{}, err
	}
	if !(n > 0) || math.IsInf(n, 0) {
		return Allocation{}, fmt.Errorf("chinchilla: model size %g must be positive and finite", n)
	}
	c := 6 * math.Pow(n/p.G(), 1/p.ExponentA())
	d := c / (6 * n)
	return Allocation{Params: n, FLOPs: c, Tokens: d, TokensPerParam: d / n, Loss: p.Loss(n, d)}, nil
}

// AllocationTable applies AllocationForParams to each model size.
func (p Params) AllocationTable(sizes []float64) ([]Allocation, error) {
	out := make([]Allocation, 0, len(sizes))
	for i, n := range sizes {
		a, err := p.AllocationForParams(n)
		if err != nil {
			return nil, fmt.Errorf("size %d: %w", i, err)
		}
		out = append(out, a)
	}
	return out, nil
}

// TableSizes are the model sizes of Hoffmann et al. (2022), Table 3,
// used for the optimal-allocation table: 400M, 1B, 10B, 67B, 175B, 280B.
func TableSizes() []float64 { return []float64{400e6, 1e9, 10e9, 67e9, 175e9, 280e9} }
