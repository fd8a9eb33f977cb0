package formula

import (
	"strconv"
	"strings"
)

// Precedence levels used to print minimal parentheses.
const (
	precSum = iota + 1
	precProduct
	precUnary
	precPower
	precAtom
)

func (e *expr) prec() int {
	switch e.kind {
	case 'u':
		return precUnary
	case 'b':
		switch e.op {
		case '+', '-':
			return precSum
		case '*', '/':
			return precProduct
		}
		return precPower
	}
	return precAtom
}

// String returns the formula in canonical plain syntax, with only the
// parentheses needed to parse back to the same tree.
func (f *Formula) String() string { return f.tree.plain() }

func (e *expr) plain() string {
	wrap := func(c *expr, min int) string {
		if c.prec() < min {
			return "(" + c.plain() + ")"
		}
		return c.plain()
	}
	switch e.kind {
	case 'n', 'v', 'p':
		return e.text
	case 'u':
		return "-" + wrap(e.args[0], precPower)
	case 'f':
		args := make([]string, len(e.args))
		for i, a := range e.args {
			args[i] = a.plain()
		}
		return e.fn + "(" + strings.Join(args, ", ") + ")"
	}
	a, b := e.args[0], e.args[1]
	switch e.op {
	case '+', '-':
		return wrap(a, precSum) + " " + string(e.op) + " " + wrap(b, precProduct)
	case '*', '/':
		return wrap(a, precProduct) + " " + string(e.op) + " " + wrap(b, precUnary)
	}
	return wrap(a, precAtom) + "^" + wrap(b, precPower)
}

// text prints graph node id (used by Derivative).
func (g *graph) text(id int32, vars, params []string, _ int) string {
	s, _ := g.textPrec(id, vars, params)
	return s
}

func (g *graph) textPrec(id int32, vars, params []string) (string, int) {
	n := g.nodes[id]
	sub := func(ch int32, min int) string {
		s, p := g.textPrec(ch, vars, params)
		if p < min {
			return "(" + s + ")"
		}
		return s
	}
	names := map[gop]string{gExp: "exp", gLog: "log", gLog10: "log10", gSqrt: "sqrt", gAbs: "abs",
		gSigmoid: "sigmoid", gSoftplus: "softplus", gLgamma: "lgamma", gDigamma: "digamma", gSign: "sign", gMin: "min", gMax: "max"}
	switch n.op {
	case gConst:
		s := strconv.FormatFloat(n.val, 'g', -1, 64)
		if n.val < 0 {
			return s, precUnary
		}
		return s, precAtom
	case gVar:
		return vars[n.idx], precAtom
	case gParam:
		return params[n.idx], precAtom
	case gNeg:
		return "-" + sub(n.a, precPower), precUnary
	case gAdd:
		return sub(n.a, precSum) + " + " + sub(n.b, precProduct), precSum
	case gSub:
		return sub(n.a, precSum) + " - " + sub(n.b, precProduct), precSum
	case gMul:
		return sub(n.a, precProduct) + " * " + sub(n.b, precUnary), precProduct
	case gDiv:
		return sub(n.a, precProduct) + " / " + sub(n.b, precUnary), precProduct
	case gPow:
		return sub(n.a, precAtom) + "^" + sub(n.b, precPower), precPower
	case gLE:
		return "step(" + sub(n.a, 0) + " <= " + sub(n.b, 0) + ")", precAtom
	}
	s := names[n.op] + "(" + sub(n.a, 0)
	if n.b >= 0 {
		s += ", " + sub(n.b, 0)
	}
	return s + ")", precAtom
}

// MIMEBundle makes a formula typeset itself as a notebook cell's final
// value: text/latex "$" + LaTeX() + "$" for the notebook, and the plain
// syntax of String as text/plain (gophernote's display layer shows any value
// with this method; the package does not import it).
func (f *Formula) MIMEBundle() map[string]string {
	return map[string]string{"text/latex": "$" + f.LaTeX() + "$", "text/plain": f.String()}
}
