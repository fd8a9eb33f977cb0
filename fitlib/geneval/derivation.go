package geneval

import (
	"fmt"
	"math"
	"strings"
)

// EnvelopeDerivation returns, as Markdown with LaTeX ($...$ and $$...$$),
// the step-by-step derivation of the compute-optimal envelope of the
// parameters+tokens law with e's numbers substituted at each step, and its
// consequences evaluated at the compute budget atC (FLOPs): N*, D*, the
// mismatch penalty at r = 2 and 3, the effective-compute multiplier and the
// fixed-ratio path at the optimal tokens-per-parameter ratio of atC.
func EnvelopeDerivation(e Envelope, atC float64) (string, error) {
	if err := e.Validate(); err != nil {
		return "", err
	}
	if !(atC > 0) || math.IsInf(atC, 1) {
		return "", fmt.Errorf("geneval: EnvelopeDerivation: compute %v, need a positive finite number of FLOPs", atC)
	}
	b, g, n0, d0, c := e.Beta, e.Gamma, e.N0, e.D0, e.C
	a := e.Alpha()
	G := e.g()
	var s strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&s, format, args...) }
	w("### Compute-optimal envelope of the parameters+tokens law\n\n")
	w("**1. The law and the constraint.** The reducible loss is $L(N,D) - E_0 = N_0 N^{-\\beta} + D_0 D^{-\\gamma}$ ")
	w("with $\\beta = %s$, $\\gamma = %s$, $N_0 = %s$, $D_0 = %s$; compute is $C = cND$ with $c = %s$.\n\n", num(b), num(g), num(n0), num(d0), num(c))
	w("**2. Eliminate $D$.** At fixed $C$, $D = C/(cN)$, so\n$$f(N) = N_0 N^{-\\beta} + D_0 \\left(\\frac{c}{C}\\right)^{\\gamma} N^{\\gamma}.$$\n\n")
	w("**3. Stationarity.** $f'(N) = -\\beta N_0 N^{-\\beta-1} + \\gamma D_0 (c/C)^{\\gamma} N^{\\gamma-1} = 0$, i.e. the two terms balance as\n")
	w("$$\\beta N_0 N^{-\\beta} = \\gamma D_0 D^{-\\gamma} \\quad (%s\\,N_0 N^{-\\beta} = %s\\,D_0 D^{-\\gamma}).$$\n", num(b), num(g))
	w("$f$ is convex in $\\log N$ (a sum of exponentials in $\\log N$), so this point is the unique minimum.\n\n")
	w("**4. Optimal allocation.** Solving, with $G = \\left(\\frac{\\beta N_0}{\\gamma D_0}\\right)^{1/(\\beta+\\gamma)} = \\left(\\frac{%s \\cdot %s}{%s \\cdot %s}\\right)^{1/%s} = %s$,\n",
		num(b), num(n0), num(g), num(d0), num(b+g), num(G))
	w("$$N^*(C) = G \\left(\\frac{C}{c}\\right)^{\\gamma/(\\beta+\\gamma)} = %s \\left(\\frac{C}{%s}\\right)^{%s}, \\qquad D^*(C) = \\frac{1}{G}\\left(\\frac{C}{c}\\right)^{\\beta/(\\beta+\\gamma)} = %s \\left(\\frac{C}{%s}\\right)^{%s}.$$\n\n",
		num(G), num(c), num(g/(b+g)), num(1/G), num(c), num(b/(b+g)))
	w("**5. The envelope.** At the optimum $D_0 D^{-\\gamma} = (\\beta/\\gamma) N_0 N^{-\\beta}$, so the reducible loss is $\\frac{\\beta+\\gamma}{\\gamma} N_0 N^{*-\\beta} = C_0 C^{-\\alpha}$ with\n")
	w("$$\\alpha = \\frac{\\beta\\gamma}{\\beta+\\gamma} = \\frac{%s \\cdot %s}{%s} = %s, \\qquad C_0 = \\frac{\\beta+\\gamma}{\\gamma} N_0 G^{-\\beta} c^{\\alpha} = %s.$$\n\n",
		num(b), num(g), num(b+g), num(a), num(e.C0()))
	nOpt, dOpt := e.NOpt(atC), e.DOpt(atC)
	w("At $C = %s$ FLOPs: $N^* = %s$, $D^* = %s$ ($D^*/N^* = %s$ tokens per parameter), reducible loss $C_0 C^{-\\alpha} = %s$.\n\n",
		sci(atC), sci(nOpt), sci(dOpt), num(dOpt/nOpt), num(e.OptimalReducible(atC)))
	w("**6. Mismatch penalty.** Allocate $N = rN^*$, $D = D^*/r$ (same compute). The two terms scale as $r^{-\\beta}$ and $r^{\\gamma}$ and, by step 5, ")
	w("carry weights $\\gamma/(\\beta+\\gamma)$ and $\\beta/(\\beta+\\gamma)$ of the optimum, so\n")
	w("$$\\Phi(r) = \\frac{\\gamma r^{-\\beta} + \\beta r^{\\gamma}}{\\beta+\\gamma} \\approx 1 + \\frac{\\beta\\gamma}{2}(\\log r)^2 ,$$\n")
	w("the quadratic term from $\\Phi(1) = 1$, $\\Phi'(1) = 0$ and $\\frac{d^2\\Phi}{d(\\log r)^2}\\big|_{r=1} = \\beta\\gamma$. ")
	w("Here $\\Phi(2) = %s$ (quadratic %s), $\\Phi(3) = %s$ (quadratic %s), $\\Phi(1/2) = %s$.\n\n", num(e.Phi(2)), num(e.PhiQuadratic(2)), num(e.Phi(3)), num(e.PhiQuadratic(3)), num(e.Phi(0.5)))
	w("**7. Effective compute.** Since $\\Phi\\, C_0 C^{-\\alpha} = C_0 \\left(C\\, \\Phi^{-1/\\alpha}\\right)^{-\\alpha}$, an allocation $r$ off the optimum is worth the compute multiplier ")
	w("$\\Phi(r)^{-1/\\alpha}$: %s at $r = 2$, %s at $r = 3$, %s at $r = 10$.\n\n", num(e.EffectiveCompute(2)), num(e.EffectiveCompute(3)), num(e.EffectiveCompute(10)))
	rho := dOpt / nOpt
	w("**8. Fixed-ratio path.** Holding $D = \\rho N$ fixed as compute grows gives $N, D \\propto C^{1/2}$, so the terms fall as $C^{-\\beta/2}$ and $C^{-\\gamma/2}$ and the slower one wins: ")
	w("$$\\alpha_{\\text{path}} = \\frac{\\min(\\beta,\\gamma)}{2} = %s < \\alpha = %s.$$\n", num(e.PathAlpha()), num(a))
	w("The local slope $-\\frac{d\\log(L-E_0)}{d\\log C} = \\frac{\\beta A + \\gamma B}{2(A+B)}$ ($A = N_0N^{-\\beta}$, $B = D_0D^{-\\gamma}$) with $\\rho = %s$ (optimal at $C = %s$) is %s at $C = %s$, %s at $100\\times$ and %s at $10^{6}\\times$ that compute.\n",
		num(rho), sci(atC), num(e.PathLocalSlope(atC, rho)), sci(atC), num(e.PathLocalSlope(100*atC, rho)), num(e.PathLocalSlope(1e6*atC, rho)))
	return s.String(), nil
}

// num formats a number with 7 significant digits for prose.
func num(v float64) string { return fmt.Sprintf("%.7g", v) }

// sci formats v as LaTeX scientific notation, e.g. 1.00 \times 10^{22}.
func sci(v float64) string {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Sprint(v)
	}
	ex := math.Floor(math.Log10(math.Abs(v)))
	m := v / math.Pow(10, ex)
	return fmt.Sprintf("%.3g \\times 10^{%d}", m, int(ex))
}
