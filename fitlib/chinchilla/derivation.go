package chinchilla

import (
	"fmt"
	"math"
	"strings"
)

// DerivationMarkdown returns the derivation of the compute-optimal
// allocation as Markdown with LaTeX ($...$, $$...$$), step by step, with
// p's numbers filled in: substitute D = C/(6N), set dL/dN = 0, solve for
// N_opt and D_opt, and the drift of D/N with compute. label names the
// coefficient set (e.g. "Besiroglu et al. 2024").
func (p Params) DerivationMarkdown(label string) (string, error) {
	if err := p.Validate(); err != nil {
		return "", err
	}
	var b strings.Builder
	g := p.G()
	a, bb := p.ExponentA(), p.ExponentB()
	fmt.Fprintf(&b, "### Compute-optimal allocation (%s)\n\n", label)
	fmt.Fprintf(&b, "Law: $L(N,D) = E + A N^{-\\alpha} + B D^{-\\beta}$ with $A = %.4g$, $B = %.4g$, $E = %.4g$, $\\alpha = %.4g$, $\\beta = %.4g$.\n\n",
		p.A, p.B, p.E, p.Alpha, p.Beta)
	b.WriteString("**1. Constraint.** Training compute $C \\approx 6ND$, so substitute $D = C/(6N)$:\n\n")
	b.WriteString("$$L(N) = E + A N^{-\\alpha} + B \\left(\\frac{C}{6}\\right)^{-\\beta} N^{\\beta}.$$\n\n")
	b.WriteString("**2. Stationarity.** $\\frac{dL}{dN} = -\\alpha A N^{-\\alpha-1} + \\beta B (C/6)^{-\\beta} N^{\\beta-1} = 0$, i.e.\n\n")
	b.WriteString("$$N^{\\alpha+\\beta} = \\frac{\\alpha A}{\\beta B} \\left(\\frac{C}{6}\\right)^{\\beta}.$$\n\n")
	b.WriteString("(The second derivative is positive, so this is the minimum; a Lagrange multiplier on $6ND = C$ gives the same condition $\\alpha A N^{-\\alpha} = \\beta B D^{-\\beta}$.)\n\n")
	fmt.Fprintf(&b, "**3. Solve.** With $G = \\left(\\frac{\\alpha A}{\\beta B}\\right)^{1/(\\alpha+\\beta)} = \\left(\\frac{%.4g \\cdot %.4g}{%.4g \\cdot %.4g}\\right)^{1/%.4g} = %.4f$:\n\n",
		p.Alpha, p.A, p.Beta, p.B, p.Alpha+p.Beta, g)
	fmt.Fprintf(&b, "$$N_{opt}(C) = G \\left(\\frac{C}{6}\\right)^{a},\\quad a = \\frac{\\beta}{\\alpha+\\beta} = %.4f,$$\n\n", a)
	fmt.Fprintf(&b, "$$D_{opt}(C) = G^{-1} \\left(\\frac{C}{6}\\right)^{b},\\quad b = \\frac{\\alpha}{\\alpha+\\beta} = %.4f.$$\n\n", bb)
	drift := p.RatioDriftExponent()
	fmt.Fprintf(&b, "**4. Tokens per parameter.** $D_{opt}/N_{opt} = G^{-2} (C/6)^{(\\alpha-\\beta)/(\\alpha+\\beta)}$ with exponent $%.4f$", drift)
	if math.Abs(drift) > 1e-9 {
		fmt.Fprintf(&b, ": because $\\alpha \\ne \\beta$ the ratio is not a constant; it changes by a factor $%.3f$ per 1000x of compute.\n", math.Pow(1000, drift))
	} else {
		b.WriteString(": with $\\alpha = \\beta$ the ratio is a constant.\n")
	}
	return b.String(), nil
}
