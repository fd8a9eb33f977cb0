package geneval

import (
	"fmt"
	"math"
)

// Envelope is the reducible part of the parameters+tokens law,
// L(N, D) - E0 = N0 N^-Beta + D0 D^-Gamma, under the compute constraint
// C = c N D (c = 6 for dense transformers). Its methods give the
// compute-optimal allocation and the cost of allocating off the optimum.
//
// Derivation (written out by EnvelopeDerivation): at fixed C put D = C/(cN)
// and set the N-derivative to zero; the optimum balances the two terms as
// Beta N0 N^-Beta = Gamma D0 D^-Gamma, which gives power laws N*, D* in C and
// a reducible loss C0 C^-Alpha with Alpha = Beta Gamma / (Beta + Gamma) (the
// same algebra as Hoffmann et al. 2022, "Training Compute-Optimal Large
// Language Models", eq. (4) and App. D.2, with their a = Beta/(Alpha+Beta)).
type Envelope struct {
	Beta, Gamma float64 // exponents of N and D, > 0
	N0, D0      float64 // prefactors of N and D, > 0
	C           float64 // FLOPs per parameter per token, > 0 (usually 6)
	E0          float64 // irreducible term (only added by Loss)
}

// Validate reports the first parameter that is not a positive finite number.
func (e Envelope) Validate() error {
	for _, p := range []struct {
		name string
		v    float64
	}{{"beta", e.Beta}, {"gamma", e.Gamma}, {"N0", e.N0}, {"D0", e.D0}, {"c", e.C}} {
		if !(p.v > 0) || math.IsInf(p.v, 1) {
			return fmt.Errorf("geneval: envelope parameter %s = %v, need a positive finite number", p.name, p.v)
		}
	}
	if math.IsNaN(e.E0) || math.IsInf(e.E0, 0) {
		return fmt.Errorf("geneval: envelope parameter E0 = %v, need a finite number", e.E0)
	}
	return nil
}

// Alpha returns the envelope exponent Beta Gamma / (Beta + Gamma).
func (e Envelope) Alpha() float64 { return e.Beta * e.Gamma / (e.Beta + e.Gamma) }

// g returns G = (Beta N0 / (Gamma D0))^(1/(Beta+Gamma)), so that
// N* = G (C/c)^(Gamma/(Beta+Gamma)) and D* = (C/c)^(Beta/(Beta+Gamma)) / G.
func (e Envelope) g() float64 {
	return math.Pow(e.Beta*e.N0/(e.Gamma*e.D0), 1/(e.Beta+e.Gamma))
}

// C0 returns the envelope prefactor: min over N D = C/c of the reducible
// loss equals C0 C^-Alpha, with
// C0 = (Beta+Gamma)/Gamma * N0 * G^-Beta * c^Alpha.
func (e Envelope) C0() float64 {
	return (e.Beta + e.Gamma) / e.Gamma * e.N0 * math.Pow(e.g(), -e.Beta) * math.Pow(e.C, e.Alpha())
}

// NOpt returns the compute-optimal parameter count N*(C).
func (e Envelope) NOpt(compute float64) float64 {
	return e.g() * math.Pow(compute/e.C, e.Gamma/(e.Beta+e.Gamma))
}

// DOpt returns the compute-optimal token count D*(C) = C / (c N*(C)).
func (e Envelope) DOpt(compute float64) float64 {
	return math.Pow(compute/e.C, e.Beta/(e.Beta+e.Gamma)) / e.g()
}

// Reducible returns N0 N^-Beta + D0 D^-Gamma.
func (e Envelope) Reducible(n, d float64) float64 {
	return e.N0*math.Pow(n, -e.Beta) + e.D0*math.Pow(d, -e.Gamma)
}

// Loss returns E0 + N0 N^-Beta + D0 D^-Gamma.
func (e Envelope) Loss(n, d float64) float64 { return e.E0 + e.Reducible(n, d) }

// OptimalReducible returns C0 C^-Alpha, the smallest reducible loss at
// compute C.
func (e Envelope) OptimalReducible(compute float64) float64 {
	return e.C0() * math.Pow(compute, -e.Alpha())
}

// Phi returns the mismatch penalty of allocating N = r N*(C) (and so
// D = D*(C)/r) at fixed compute: the reducible loss divided by its optimum,
// Phi(r) = (Gamma r^-Beta + Beta r^Gamma) / (Beta + Gamma) >= 1, Phi(1) = 1.
func (e Envelope) Phi(r float64) float64 {
	return (e.Gamma*math.Pow(r, -e.Beta) + e.Beta*math.Pow(r, e.Gamma)) / (e.Beta + e.Gamma)
}

// PhiQuadratic returns the second-order expansion of Phi in log r about
// r = 1: 1 + (Beta Gamma / 2) (log r)^2.
func (e Envelope) PhiQuadratic(r float64) float64 {
	l := math.Log(r)
	return 1 + e.Beta*e.Gamma/2*l*l
}

// EffectiveCompute returns Phi(r)^(-1/Alpha): the fraction of its compute
// that an allocation r times off the optimum effectively uses, since
// Phi C0 C^-Alpha = C0 (C Phi^(-1/Alpha))^-Alpha.
func (e Envelope) EffectiveCompute(r float64) float64 {
	return math.Pow(e.Phi(r), -1/e.Alpha())
}

// PathAlpha returns the asymptotic exponent min(Beta, Gamma)/2 of the
// reducible loss along a fixed tokens-per-parameter path D = rho N: both
// N and D then grow as C^(1/2) and the slower term dominates.
func (e Envelope) PathAlpha() float64 { return math.Min(e.Beta, e.Gamma) / 2 }

// PathAllocation returns N and D on the fixed-ratio path D = rho N at
// compute C: N = sqrt(C/(c rho)), D = rho N.
func (e Envelope) PathAllocation(compute, rho float64) (n, d float64) {
	n = math.Sqrt(compute / (e.C * rho))
	return n, rho * n
}

// PathLocalSlope returns the local exponent -dlog(reducible)/dlog C along the
// fixed-ratio path D = rho N at compute C: (Beta A + Gamma B) / (2 (A + B))
// with A = N0 N^-Beta and B = D0 D^-Gamma. It lies between min and
// max(Beta, Gamma)/2 and tends to PathAlpha as C grows.
func (e Envelope) PathLocalSlope(compute, rho float64) float64 {
	n, d := e.PathAllocation(compute, rho)
	a := e.N0 * math.Pow(n, -e.Beta)
	b := e.D0 * math.Pow(d, -e.Gamma)
	return (e.Beta*a + e.Gamma*b) / (2 * (a + b))
}

// OptimalRatio returns D*/N* at compute C (tokens per parameter on the
// envelope; it drifts with C unless Beta = Gamma).
func (e Envelope) OptimalRatio(compute float64) float64 {
	return e.DOpt(compute) / e.NOpt(compute)
}
