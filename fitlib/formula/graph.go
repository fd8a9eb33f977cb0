package formula

import (
	"math"

	"github.com/gophernote/gophernote/fitlib/internal/num"
	"gonum.org/v1/gonum/mathext"
)

// gop is an operation of the expression graph.
type gop uint8

const (
	gConst gop = iota
	gVar
	gParam
	gNeg
	gAdd
	gSub
	gMul
	gDiv
	gPow
	gExp
	gLog
	gLog10
	gSqrt
	gAbs
	gSigmoid
	gSoftplus
	gLgamma // log|Gamma(a)|
	gMin
	gMax
	gSign // derivative of abs
	gLE   // 1 if a <= b else 0: derivative of min and max
	// gDigamma is psi(a) = d/da log|Gamma(a)|, the derivative of lgamma,
	// computed by gonum's mathext.Digamma (absolute error up to about
	// 5e-11). It appears only in derivative graphs: the parser has no name
	// for it.
	gDigamma
)

// Dependence classes of a node, as bit flags: a node with neither flag is a
// constant, one with only depParam is one scalar per evaluation, one with
// only depData is a column computed once when data are bound, and one with
// both is evaluated for every row at every evaluation.
const (
	depParam uint8 = 1 << iota
	depData
)

type gnode struct {
	op   gop
	a, b int32 // children (-1 when absent)
	val  float64
	idx  int32 // variable or parameter index
	dep  uint8
}

type gkey struct {
	op   gop
	a, b int32
	bits uint64
}

// graph is a hash-consed expression DAG: structurally equal subexpressions
// are one node, so the value and every partial derivative share work.
type graph struct {
	nodes []gnode
	memo  map[gkey]int32
}

func newGraph() *graph { return &graph{memo: map[gkey]int32{}} }

func (g *graph) intern(n gnode) int32 {
	k := gkey{n.op, n.a, n.b, math.Float64bits(n.val)}
	if n.op == gVar || n.op == gParam {
		k.bits = uint64(n.idx)
	}
	if id, ok := g.memo[k]; ok {
		return id
	}
	switch n.op {
	case gConst:
	case gVar:
		n.dep = depData
	case gParam:
		n.dep = depParam
	default:
		n.dep = g.nodes[n.a].dep
		if n.b >= 0 {
			n.dep |= g.nodes[n.b].dep
		}
	}
	id := int32(len(g.nodes))
	g.nodes = append(g.nodes, n)
	g.memo[k] = id
	return id
}

func (g *graph) num(v float64) int32 {
	if v == 0 {
		v = 0 // fold -0 into +0
	}
	return g.intern(gnode{op: gConst, a: -1, b: -1, val: v})
}

func (g *graph) isConst(id int32, v float64) bool {
	n := g.nodes[id]
	return n.op == gConst && n.val == v
}

// unary builds op(a) with simplification.
func (g *graph) unary(op gop, a int32) int32 {
	na := g.nodes[a]
	if na.op == gConst {
		return g.num(apply(op, na.val, 0))
	}
	if op == gNeg {
		switch na.op {
		case gNeg:
			return na.a
		case gSub:
			return g.binary(gSub, na.b, na.a)
		}
	}
	return g.intern(gnode{op: op, a: a, b: -1})
}

// binary builds a op b with algebraic simplification: constant folding,
// identities (x+0, x*1, x*0, x^1, x^0, x-x), sign pushing and a canonical
// order of commutative operands so that a*b and b*a are one node.
func (g *graph) binary(op gop, a, b int32) int32 {
	na, nb := g.nodes[a], g.nodes[b]
	if na.op == gConst && nb.op == gConst {
		return g.num(apply(op, na.val, nb.val))
	}
	switch op {
	case gAdd:
		switch {
		case g.isConst(a, 0):
			return b
		case g.isConst(b, 0):
			return a
		case nb.op == gNeg:
			return g.binary(gSub, a, nb.a)
		case na.op == gNeg:
			return g.binary(gSub, b, na.a)
		}
	case gSub:
		switch {
		case g.isConst(b, 0):
			return a
		case g.isConst(a, 0):
			return g.unary(gNeg, b)
		case a == b:
			return g.num(0)
		case nb.op == gNeg:
			return g.binary(gAdd, a, nb.a)
		}
	case gMul:
		switch {
		case g.isConst(a, 0) || g.isConst(b, 0):
			return g.num(0)
		case g.isConst(a, 1):
			return b
		case g.isConst(b, 1):
			return a
		case g.isConst(a, -1):
			return g.unary(gNeg, b)
		case g.isConst(b, -1):
			return g.unary(gNeg, a)
		case na.op == gNeg && nb.op == gNeg:
			return g.binary(gMul, na.a, nb.a)
		case na.op == gNeg:
			return g.unary(gNeg, g.binary(gMul, na.a, b))
		case nb.op == gNeg:
			return g.unary(gNeg, g.binary(gMul, a, nb.a))
		case na.op == gConst && nb.op == gMul && g.nodes[nb.a].op == gConst:
			return g.binary(gMul, g.num(na.val*g.nodes[nb.a].val), nb.b)
		case nb.op == gConst:
			a, b = b, a // constants first
		case na.op != gConst && a > b:
			a, b = b, a
		}
	case gDiv:
		switch {
		case g.isConst(a, 0):
			return g.num(0)
		case g.isConst(b, 1):
			return a
		case g.isConst(b, -1):
			return g.unary(gNeg, a)
		case na.op == gNeg:
			return g.unary(gNeg, g.binary(gDiv, na.a, b))
		case nb.op == gNeg:
			return g.unary(gNeg, g.binary(gDiv, a, nb.a))
		}
	case gPow:
		switch {
		case g.isConst(b, 1):
			return a
		case g.isConst(b, 0):
			return g.num(1)
		}
	case gMin, gMax:
		if a == b {
			return a
		}
	}
	return g.intern(gnode{op: op, a: a, b: b})
}

func sign(x float64) float64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	case x == 0:
		return 0
	}
	return x // NaN
}

// lgamma is log|Gamma(x)| (math.Lgamma without its sign). Laws use it for
// x > 0, where Gamma(x) > 0 and this is log Gamma(x); for x <= 0 it is still
// log|Gamma(x)|, +Inf at 0 and the negative integers.
func lgamma(x float64) float64 {
	v, _ := math.Lgamma(x)
	return v
}

func le(a, b float64) float64 {
	if a <= b {
		return 1
	}
	return 0
}

// apply evaluates one operation on scalars; the compiled column loops in
// eval.go must agree with it.
func apply(op gop, a, b float64) float64 {
	switch op {
	case gNeg:
		return -a
	case gAdd:
		return a + b
	case gSub:
		return a - b
	case gMul:
		return a * b
	case gDiv:
		return a / b
	case gPow:
		return math.Pow(a, b)
	case gExp:
		return math.Exp(a)
	case gLog:
		return math.Log(a)
	case gLog10:
		return math.Log10(a)
	case gSqrt:
		return math.Sqrt(a)
	case gAbs:
		return math.Abs(a)
	case gSigmoid:
		return num.Sigmoid(a)
	case gSoftplus:
		return num.Softplus(a)
	case gLgamma:
		return lgamma(a)
	case gDigamma:
		return mathext.Digamma(a)
	case gMin:
		return math.Min(a, b)
	case gMax:
		return math.Max(a, b)
	case gSign:
		return sign(a)
	case gLE:
		return le(a, b)
	}
	return math.NaN()
}

// build converts a parse tree into graph nodes.
func (g *graph) build(e *expr) int32 {
	switch e.kind {
	case 'n':
		return g.num(e.num)
	case 'v':
		return g.intern(gnode{op: gVar, a: -1, b: -1, idx: int32(e.index)})
	case 'p':
		return g.intern(gnode{op: gParam, a: -1, b: -1, idx: int32(e.index)})
	case 'u':
		return g.unary(gNeg, g.build(e.args[0]))
	case 'b':
		a, b := g.build(e.args[0]), g.build(e.args[1])
		return g.binary(map[byte]gop{'+': gAdd, '-': gSub, '*': gMul, '/': gDiv, '^': gPow}[e.op], a, b)
	}
	ops := map[string]gop{"exp": gExp, "log": gLog, "log10": gLog10, "sqrt": gSqrt, "abs": gAbs,
		"sigmoid": gSigmoid, "softplus": gSoftplus, "lgamma": gLgamma, "min": gMin, "max": gMax}
	op := ops[e.fn]
	if len(e.args) == 2 {
		return g.binary(op, g.build(e.args[0]), g.build(e.args[1]))
	}
	return g.unary(op, g.build(e.args[0]))
}

// deriv returns the node of d(id)/d(param p), memoised in m.
func (g *graph) deriv(id int32, p int32, m map[int32]int32) int32 {
	if d, ok := m[id]; ok {
		return d
	}
	n := g.nodes[id]
	var d int32
	if n.dep&depParam == 0 {
		d = g.num(0)
	} else if n.op == gParam {
		d = g.num(0)
		if n.idx == p {
			d = g.num(1)
		}
	} else {
		d = g.derivOp(id, n, p, m)
	}
	m[id] = d
	return d
}

func (g *graph) derivOp(id int32, n gnode, p int32, m map[int32]int32) int32 {
	a, b := n.a, n.b
	da := g.deriv(a, p, m)
	var db int32 = -1
	if b >= 0 {
		db = g.deriv(b, p, m)
	}
	mul := func(x, y int32) int32 { return g.binary(gMul, x, y) }
	div := func(x, y int32) int32 { return g.binary(gDiv, x, y) }
	add := func(x, y int32) int32 { return g.binary(gAdd, x, y) }
	sub := func(x, y int32) int32 { return g.binary(gSub, x, y) }
	switch n.op {
	case gNeg:
		return g.unary(gNeg, da)
	case gAdd:
		return add(da, db)
	case gSub:
		return sub(da, db)
	case gMul:
		return add(mul(da, b), mul(a, db))
	case gDiv:
		// (a/b)' = (a' - (a/b) b') / b, reusing the node a/b.
		return div(sub(da, mul(id, db)), b)
	case gPow:
		if g.nodes[b].dep&depParam == 0 { // u^c: c u^(c-1) u'
			return mul(mul(b, g.binary(gPow, a, sub(b, g.num(1)))), da)
		}
		t := mul(db, g.unary(gLog, a)) // u^v (v' log u + v u'/u)
		if !g.isConst(da, 0) {
			t = add(t, div(mul(b, da), a))
		}
		return mul(id, t)
	case gExp:
		return mul(id, da)
	case gLog:
		return div(da, a)
	case gLog10:
		return div(da, mul(g.num(math.Ln10), a))
	case gSqrt:
		return div(da, mul(g.num(2), id))
	case gAbs:
		return mul(g.unary(gSign, a), da)
	case gSigmoid:
		return mul(mul(id, sub(g.num(1), id)), da)
	case gSoftplus:
		return mul(g.unary(gSigmoid, a), da)
	case gLgamma: // d/dx log|Gamma(x)| = psi(x), for x < 0 too
		return mul(g.unary(gDigamma, a), da)
	case gDigamma:
		// Unreachable: gradients are first derivatives of the parsed
		// formula, which never contains digamma (only derivative graphs
		// do). A second derivative would need trigamma; fail loudly rather
		// than return 0.
		panic("formula: derivative of digamma (trigamma) is not implemented: only first derivatives are supported")
	case gMin, gMax:
		var w int32 // weight of a' : [a <= b] for min, [b <= a] for max
		if n.op == gMin {
			w = g.binary(gLE, a, b)
		} else {
			w = g.binary(gLE, b, a)
		}
		return add(mul(w, da), mul(sub(g.num(1), w), db))
	}
	// gSign and gLE are piecewise constant.
	return g.num(0)
}
