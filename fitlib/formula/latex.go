package formula

import (
	"strings"
	"unicode/utf8"
)

var greek = map[string]bool{
	"alpha": true, "beta": true, "gamma": true, "delta": true, "epsilon": true, "zeta": true, "eta": true,
	"theta": true, "iota": true, "kappa": true, "lambda": true, "mu": true, "nu": true, "xi": true, "pi": true,
	"rho": true, "sigma": true, "tau": true, "upsilon": true, "phi": true, "chi": true, "psi": true, "omega": true,
	"Gamma": true, "Delta": true, "Theta": true, "Lambda": true, "Xi": true, "Pi": true, "Sigma": true,
	"Upsilon": true, "Phi": true, "Psi": true, "Omega": true,
}

// LaTeX returns the formula as LaTeX math (no surrounding $): Greek names
// become \alpha, a trailing number or _suffix becomes a subscript (N0 ->
// N_0, E_inf -> E_{\mathrm{inf}}), / becomes \frac, ^ a superscript,
// products are juxtaposed, and parentheses appear only where needed.
func (f *Formula) LaTeX() string { return f.tree.latex() }

func latexName(name string) string {
	base, sub := name, ""
	if i := strings.IndexByte(name, '_'); i > 0 {
		base, sub = name[:i], name[i+1:]
	} else {
		j := len(name)
		for j > 1 && isDigit(name[j-1]) {
			j--
		}
		if j == 0 || !utf8.ValidString(name[:j]) {
			j = len(name)
		}
		base, sub = name[:j], name[j:]
	}
	s := latexWord(base)
	if sub != "" {
		w := latexWord(sub)
		if len(w) == 1 {
			s += "_" + w
		} else {
			s += "_{" + w + "}"
		}
	}
	return s
}

// greekRunes maps Greek letters typed as Unicode to their LaTeX commands
// (capitals that look like Latin ones have none: A, B, E, ... stay Latin).
var greekRunes = map[rune]string{
	'α': "alpha", 'β': "beta", 'γ': "gamma", 'δ': "delta", 'ε': "epsilon", 'ζ': "zeta", 'η': "eta",
	'θ': "theta", 'ι': "iota", 'κ': "kappa", 'λ': "lambda", 'μ': "mu", 'ν': "nu", 'ξ': "xi", 'π': "pi",
	'ρ': "rho", 'σ': "sigma", 'ς': "varsigma", 'τ': "tau", 'υ': "upsilon", 'φ': "phi", 'χ': "chi", 'ψ': "psi", 'ω': "omega",
	'ϵ': "epsilon", 'ϑ': "vartheta", 'ϕ': "phi", 'ϱ': "varrho",
	'Γ': "Gamma", 'Δ': "Delta", 'Θ': "Theta", 'Λ': "Lambda", 'Ξ': "Xi", 'Π': "Pi", 'Σ': "Sigma",
	'Υ': "Upsilon", 'Φ': "Phi", 'Ψ': "Psi", 'Ω': "Omega",
	'Α': "A", 'Β': "B", 'Ε': "E", 'Ζ': "Z", 'Η': "H", 'Ι': "I", 'Κ': "K", 'Μ': "M", 'Ν': "N", 'Ο': "O", 'Ρ': "P", 'Τ': "T", 'Χ': "X",
}

func latexWord(w string) string {
	if utf8.RuneCountInString(w) == 1 {
		r, _ := utf8.DecodeRuneInString(w)
		if g, ok := greekRunes[r]; ok {
			if len(g) == 1 {
				return g
			}
			return `\` + g
		}
	}
	switch {
	case greek[w]:
		return `\` + w
	case utf8.RuneCountInString(w) <= 1 || allDigits(w):
		return w
	}
	return `\mathrm{` + w + `}`
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

func latexNumber(text string) string {
	i := strings.IndexAny(text, "eE")
	if i < 0 {
		return text
	}
	mant, exp := text[:i], strings.TrimPrefix(text[i+1:], "+")
	neg := strings.HasPrefix(exp, "-")
	exp = strings.TrimLeft(strings.TrimPrefix(exp, "-"), "0")
	if exp == "" {
		exp = "0"
	}
	if neg {
		exp = "-" + exp
	}
	if mant == "1" {
		return "10^{" + exp + "}"
	}
	return mant + ` \times 10^{` + exp + "}"
}

func paren(s string) string { return `\left(` + s + `\right)` }

// bareCall reports whether e prints as a function applied without
// parentheses (\log N), which must not be followed by a juxtaposed factor.
func (e *expr) bareCall() bool {
	return e.kind == 'f' && (e.fn == "log" || e.fn == "log10") && e.args[0].kind != 'b' && e.args[0].kind != 'u' && e.args[0].kind != 'f'
}

// startsWithDigit reports whether e's LaTeX begins with a digit.
func (e *expr) startsWithDigit() bool {
	switch e.kind {
	case 'n':
		return true
	case 'b':
		if e.op != '/' {
			return e.args[0].startsWithDigit() && e.args[0].prec() >= e.prec()
		}
	}
	return false
}

func (e *expr) latex() string {
	switch e.kind {
	case 'n':
		return latexNumber(e.text)
	case 'v', 'p':
		return latexName(e.text)
	case 'u':
		a := e.args[0]
		if a.prec() < precProduct {
			return "-" + paren(a.latex())
		}
		return "-" + a.latex()
	case 'f':
		return e.latexCall()
	}
	a, b := e.args[0], e.args[1]
	switch e.op {
	case '+':
		rb := b.latex()
		if b.kind == 'u' {
			rb = paren(rb)
		}
		return a.latex() + " + " + rb
	case '-':
		rb := b.latex()
		if b.prec() <= precUnary && !(b.kind == 'b' && b.op != '+' && b.op != '-') {
			rb = paren(rb)
		}
		return a.latex() + " - " + rb
	case '*':
		la, rb := a.latex(), b.latex()
		if a.prec() < precProduct {
			la = paren(la)
		}
		if b.prec() < precProduct || b.kind == 'u' {
			rb = paren(rb)
		}
		sep := " "
		if (b.startsWithDigit() && b.prec() >= precProduct) || a.bareCall() || (a.kind == 'b' && a.op == '*' && a.args[1].bareCall()) {
			sep = ` \cdot `
		}
		return la + sep + rb
	case '/':
		return `\frac{` + a.latex() + "}{" + b.latex() + "}"
	}
	base := a.latex()
	if a.kind != 'n' && a.kind != 'v' && a.kind != 'p' && !(a.kind == 'f' && (a.fn == "sqrt" || a.fn == "abs")) || strings.Contains(base, `\times`) {
		base = paren(base)
	}
	return base + "^{" + b.latex() + "}"
}

func (e *expr) latexCall() string {
	x := e.args[0].latex()
	switch e.fn {
	case "sqrt":
		return `\sqrt{` + x + "}"
	case "abs":
		return `\left|` + x + `\right|`
	case "min", "max":
		return `\` + e.fn + paren(x+", "+e.args[1].latex())
	case "log", "log10":
		name := `\log`
		if e.fn == "log10" {
			name = `\log_{10}`
		}
		if e.bareCall() {
			return name + " " + x
		}
		return name + paren(x)
	case "exp":
		return `\exp` + paren(x)
	case "sigmoid":
		return `\sigma` + paren(x)
	case "lgamma":
		return `\ln\Gamma` + paren(x)
	}
	return `\operatorname{softplus}` + paren(x)
}
