package progen

import (
	"fmt"
	"go/constant"
	"go/token"
	"strconv"
	"strings"
)

// expr is a generated expression.
type expr struct {
	s string
	// cv is the value of a constant expression (nil: not constant).
	cv constant.Value
	// untyped: an untyped constant; its default kind is ukind (Int, Int32
	// for a rune, Float64, Complex128, String, Bool).
	untyped bool
	ukind   Kind
	// ctx: the expression's type comes from its context (an untyped
	// constant shifted by a non-constant count): it may stand only where
	// the context gives it the generator's type (an assignment to a typed
	// variable, an operand beside a typed one, an argument).
	ctx bool
	// minLen: a slice's or string's length is at least this.
	minLen int
}

func (e expr) isConst() bool { return e.cv != nil }

func plain(s string) expr { return expr{s: s} }

// paren wraps an expression that is not a primary expression.
func paren(s string) string {
	if isPrimary(s) {
		return s
	}
	return "(" + s + ")"
}

// isPrimary: an operand, call, index or selector (no operator at the
// top level, outside brackets and literals).
func isPrimary(s string) bool {
	depth := 0
	var inStr byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if inStr != 0 {
			if c == '\\' && inStr != '`' {
				i++
			} else if c == inStr {
				inStr = 0
			}
			continue
		}
		switch c {
		case '"', '\'', '`':
			inStr = c
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ' ', '+', '-', '!', '^', '*', '&', '<', '|', '/', '%', '=', '>':
			if depth == 0 {
				return false
			}
		}
	}
	return true
}

// expr generates an expression assignable to t (depth d: how much
// nesting is left).
func (g *gen) expr(s *scope, t *Type, d int) expr {
	if d < -1 {
		return g.simple(t, 0)
	}
	switch {
	case t.Kind.isNumeric():
		return g.numExpr(s, t, d)
	case t.Kind == Bool:
		return g.boolExpr(s, t, d)
	case t.Kind == String:
		return g.strExpr(s, t, d)
	case t.Kind == Slice:
		return g.sliceExpr(s, t, d, 0)
	case t.Kind == Array:
		return g.arrayExpr(s, t, d)
	case t.Kind == Map:
		return g.mapExpr(s, t, d)
	case t.Kind == Struct:
		return g.structExpr(s, t, d)
	case t.Kind == Pointer:
		return g.ptrExpr(s, t, d)
	case t.Kind == Interface:
		e, _ := g.ifaceExpr(s, t, d)
		return e
	case t.Kind == Func:
		return g.funcExpr(s, t, d)
	case t.Kind == TypeParam:
		return g.tparamExpr(s, t, d)
	}
	panic("progen: no expression for " + t.String())
}

// exprSelf is expr with a type of its own (not an untyped constant or a
// context-typed shift): for := declarations, fmt arguments, interfaces.
func (g *gen) exprSelf(s *scope, t *Type, d int) expr {
	e := g.expr(s, t, d)
	return g.selfTyped(e, t)
}

// selfTyped converts an untyped constant to t explicitly unless t is its
// default type; a context-typed expression is rebuilt.
func (g *gen) selfTyped(e expr, t *Type) expr {
	if e.ctx {
		// T(1 << n) would make the constant 1 a T before the shift; the
		// variable form keeps the generator's type.
		return expr{s: t.String() + "(0)"}
	}
	if t.Kind == Interface {
		// v := I(x): the variable's type is the interface
		if strings.HasPrefix(e.s, t.String()+"(") {
			return e
		}
		return expr{s: t.String() + "(" + e.s + ")"}
	}
	if !e.untyped {
		return e
	}
	if !t.Named && t.Kind == e.ukind && (t.Name == kindNames[t.Kind] || e.ukind == Int32 && t.Name == "rune") {
		return e
	}
	v := representable(e.cv, t.Kind)
	if t.Kind == TypeParam {
		v = e.cv
	}
	return expr{s: t.String() + "(" + e.s + ")", cv: v}
}

// leafVar returns a variable (or constant) of type t.
func (g *gen) leafVar(s *scope, t *Type) (expr, bool) {
	var cands []*variable
	for _, v := range s.all() {
		if v.isConst && v.untyped {
			if t.Kind.isBasic() && representable(v.cv.(constant.Value), t.Kind) != nil && compatibleUntyped(v.t.Kind, t.Kind) {
				cands = append(cands, v)
			}
			continue
		}
		if identical(v.t, t) {
			cands = append(cands, v)
		}
	}
	for _, c := range g.u.consts {
		if c.untyped && t.Kind.isBasic() && representable(c.cv.(constant.Value), t.Kind) != nil && compatibleUntyped(c.t.Kind, t.Kind) {
			cands = append(cands, c)
		} else if !c.untyped && identical(c.t, t) {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 {
		return expr{}, false
	}
	v := pick(g, cands)
	v.used = true
	e := expr{s: v.name, minLen: v.minLen}
	if v.isConst {
		e.cv = v.cv.(constant.Value)
		e.untyped = v.untyped
		if v.untyped {
			e.ukind = v.t.Kind
		} else {
			e.cv = representable(e.cv, t.Kind)
		}
	}
	return e, true
}

// compatibleUntyped: an untyped constant of default kind uk may be used
// as a value of kind k (numeric with numeric, string with string, bool
// with bool).
func compatibleUntyped(uk, k Kind) bool {
	switch {
	case uk.isNumeric():
		if uk.isComplex() {
			// (1 + 0i) converts to a float, but cannot be ordered
			return k.isComplex()
		}
		return k.isNumeric()
	case uk == String:
		return k == String
	case uk == Bool:
		return k == Bool
	}
	return false
}

// numExpr generates a numeric expression of type t.
func (g *gen) numExpr(s *scope, t *Type, d int) expr {
	k := t.Kind
	var e expr
	ok := false
	leaf := d <= 0
	opts := []option{
		{8, func() bool { e, ok = g.leafVar(s, t); return ok }},
		{4, func() bool { e = g.untypedLit(t); return true }},
		{2, func() bool { e, ok = g.typedLit(t); return ok }},
		{2, func() bool { e, ok = g.access(s, t, d); return ok }},
	}
	if !leaf {
		opts = append(opts,
			option{5, func() bool { e, ok = g.binary(s, t, d); return ok }},
			option{3, func() bool { e, ok = g.untypedTree(s, t, d); return ok }},
			option{2, func() bool { e, ok = g.unary(s, t, d); return ok }},
			option{3, func() bool { e, ok = g.conversion(s, t, d); return ok }},
			option{2, func() bool { e, ok = g.callReturning(s, t, d); return ok }},
			option{2, func() bool { e, ok = g.numBuiltin(s, t, d); return ok }},
		)
		if k.isInteger() {
			opts = append(opts, option{3, func() bool { e, ok = g.shift(s, t, d); return ok }})
		}
		if k.isFloat() {
			opts = append(opts, option{3, func() bool { e, ok = g.mathCall(s, t, d); return ok }})
		}
	}
	if g.choose(opts...) {
		return e
	}
	return g.untypedLit(t)
}

// untypedLit is an untyped literal representable in t.
func (g *gen) untypedLit(t *Type) expr {
	k := t.Kind
	for try := 0; try < 20; try++ {
		var e expr
		switch {
		case k.isComplex() && g.chance(2):
			e = g.complexLit()
		case (k.isFloat() || k.isComplex()) && g.chance(2):
			e = g.floatLit()
		case g.chance(8):
			e = g.runeLit()
		case k.isInteger() && g.chance(10):
			// an integral float literal: var i int = 1e3
			v := []string{"1e3", "2.0", "0.0", "1e2", "65536.0", "-4.0"}[g.r.Intn(6)]
			e = expr{s: v, cv: constant.MakeFromLiteral(strings.TrimPrefix(v, "-"), token.FLOAT, 0), untyped: true, ukind: Float64}
			if strings.HasPrefix(v, "-") {
				e.cv = constant.UnaryOp(token.SUB, e.cv, 0)
			}
		default:
			e = g.intLit(k)
		}
		if representable(e.cv, k) != nil || k == TypeParam {
			return e
		}
	}
	return expr{s: "1", cv: constant.MakeInt64(1), untyped: true, ukind: Int}
}

// intLit writes an integer literal, often near the limits of kind k.
func (g *gen) intLit(k Kind) expr {
	var v constant.Value
	switch g.r.Intn(10) {
	case 0, 1, 2, 3:
		v = constant.MakeInt64(int64(g.r.Intn(10)))
	case 4:
		v = constant.MakeInt64(int64(g.r.Intn(300)))
	case 5:
		v = constant.MakeInt64(-int64(g.r.Intn(130)))
	case 6:
		if k.isInteger() {
			v = maxInt[k]
			if !k.isUnsigned() && g.chance(2) {
				v = minInt[k]
			}
		} else {
			v = constant.MakeInt64(1 << 53)
		}
	case 7:
		v = constant.MakeInt64([]int64{127, 128, 255, 256, 32767, 32768, 65535, 65536, 1 << 31, 1<<31 - 1, 1 << 32, 1<<63 - 1}[g.r.Intn(12)])
	case 8:
		v = constant.MakeInt64(int64(g.r.Intn(100000)) - 50000)
	default:
		v = constant.MakeInt64(int64(g.r.Intn(64)))
	}
	return expr{s: g.intText(v), cv: v, untyped: true, ukind: Int}
}

// intText writes an integer constant in one of Go's literal forms.
func (g *gen) intText(v constant.Value) string {
	neg := constant.Sign(v) < 0
	a := v
	if neg {
		a = constant.UnaryOp(token.SUB, v, 0)
	}
	u, exact := constant.Uint64Val(a)
	var s string
	switch {
	case !exact:
		s = a.ExactString()
	case g.chance(6):
		s = fmt.Sprintf("0x%X", u)
	case g.chance(10):
		s = fmt.Sprintf("0o%o", u)
	case g.chance(12) && u < 1<<16:
		s = fmt.Sprintf("0b%b", u)
	case g.chance(12) && u >= 1000:
		s = underscore(strconv.FormatUint(u, 10))
	default:
		s = strconv.FormatUint(u, 10)
	}
	if neg {
		return "-" + s
	}
	return s
}

func underscore(s string) string {
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte('_')
		}
		b.WriteRune(c)
	}
	return b.String()
}

var floatLits = []string{"0.5", "1.5", "2.5", "0.1", "0.2", "0.3", "1e3", "1e-3", "1e10", ".25", "3.0", "1e308",
	"6.02e23", "0x1p-2", "1_000.5", "1e-320", "4.9e-324", "3.4028234663852886e38", "123.456", "-0.0", "-2.5",
	"1e20", "0.0", "2e-9", "9007199254740993.0", "16777217.0", "1.0000001"}

func (g *gen) floatLit() expr {
	lit := pick(g, floatLits)
	body := strings.TrimPrefix(lit, "-")
	v := constant.MakeFromLiteral(strings.ReplaceAll(body, "_", ""), token.FLOAT, 0)
	if body == lit {
		return expr{s: lit, cv: v, untyped: true, ukind: Float64}
	}
	return expr{s: lit, cv: constant.UnaryOp(token.SUB, v, 0), untyped: true, ukind: Float64}
}

func (g *gen) complexLit() expr {
	switch g.r.Intn(4) {
	case 0:
		return expr{s: "2i", cv: constant.MakeImag(constant.MakeInt64(2)), untyped: true, ukind: Complex128}
	case 1:
		v := constant.BinaryOp(constant.MakeInt64(1), token.ADD, constant.MakeImag(constant.MakeInt64(2)))
		return expr{s: "(1 + 2i)", cv: v, untyped: true, ukind: Complex128}
	case 2:
		v := constant.BinaryOp(constant.MakeFloat64(0.5), token.SUB, constant.MakeImag(constant.MakeFloat64(1.5)))
		return expr{s: "(0.5 - 1.5i)", cv: v, untyped: true, ukind: Complex128}
	}
	return expr{s: "1i", cv: constant.MakeImag(constant.MakeInt64(1)), untyped: true, ukind: Complex128}
}

var runeLits = []struct {
	s string
	v int64
}{{"'a'", 'a'}, {"'Z'", 'Z'}, {"'0'", '0'}, {`'\n'`, '\n'}, {`'\x41'`, 0x41}, {`'\u00e9'`, 0xe9}, {"'世'", '世'},
	{`'\U0001F600'`, 0x1F600}, {`'\''`, '\''}, {`'\\'`, '\\'}, {`'\000'`, 0}, {"'é'", 'é'}}

func (g *gen) runeLit() expr {
	r := pick(g, runeLits)
	return expr{s: r.s, cv: constant.MakeInt64(r.v), untyped: true, ukind: Int32}
}

// typedLit is T(c): a typed constant (t basic, named or not).
func (g *gen) typedLit(t *Type) (expr, bool) {
	if t.Kind == TypeParam {
		return expr{}, false
	}
	e := g.untypedLit(t)
	v := representable(e.cv, t.Kind)
	if v == nil {
		return expr{}, false
	}
	return expr{s: t.String() + "(" + e.s + ")", cv: v}, true
}

// untypedTree is a constant expression of untyped operands (3 / 2,
// 1 << 62, 'a' + 1, 7 % -3, 1.5 * 2) representable in t.
func (g *gen) untypedTree(s *scope, t *Type, d int) (expr, bool) {
	if t.Kind == TypeParam {
		return expr{}, false
	}
	for try := 0; try < 8; try++ {
		e := g.untypedConst(s, t.Kind, d)
		if e.ukind.isComplex() && !t.Kind.isComplex() {
			continue
		}
		if representable(e.cv, t.Kind) != nil {
			return e, true
		}
	}
	return expr{}, false
}

var mathConsts = []struct {
	name string
	lit  string
	tok  token.Token
	k    Kind
}{
	{"math.MaxInt8", "127", token.INT, Int}, {"math.MinInt8", "-128", token.INT, Int},
	{"math.MaxInt16", "32767", token.INT, Int}, {"math.MaxUint8", "255", token.INT, Int},
	{"math.MaxUint16", "65535", token.INT, Int}, {"math.MaxInt32", "2147483647", token.INT, Int},
	{"math.MinInt32", "-2147483648", token.INT, Int}, {"math.MaxUint32", "4294967295", token.INT, Int},
	{"math.MaxInt64", "9223372036854775807", token.INT, Int}, {"math.MinInt64", "-9223372036854775808", token.INT, Int},
	{"math.MaxUint64", "18446744073709551615", token.INT, Int}, {"math.MaxInt", "9223372036854775807", token.INT, Int},
	{"math.Pi", "3.14159265358979323846264338327950288419716939937510582097494459", token.FLOAT, Float64},
	{"math.E", "2.71828182845904523536028747135266249775724709369995957496696763", token.FLOAT, Float64},
	{"math.Sqrt2", "1.41421356237309504880168872420969807856967187537694807317667974", token.FLOAT, Float64},
	{"math.MaxFloat32", "0x1p127 * (1 + (1 - 0x1p-23))", token.FLOAT, Float64},
	{"math.SmallestNonzeroFloat64", "4.9406564584124654417656879286822137236505980e-324", token.FLOAT, Float64},
	{"math.MaxFloat64", "0x1p1023 * (1 + (1 - 0x1p-52))", token.FLOAT, Float64},
}

func mathConstValue(lit string, tok token.Token) constant.Value {
	switch lit {
	case "0x1p127 * (1 + (1 - 0x1p-23))":
		return constant.BinaryOp(constant.Shift(constant.MakeInt64(1), token.SHL, 127), token.MUL,
			constant.BinaryOp(constant.MakeInt64(2), token.SUB, constant.BinaryOp(constant.MakeInt64(1), token.QUO, constant.Shift(constant.MakeInt64(1), token.SHL, 23))))
	case "0x1p1023 * (1 + (1 - 0x1p-52))":
		return constant.BinaryOp(constant.Shift(constant.MakeInt64(1), token.SHL, 1023), token.MUL,
			constant.BinaryOp(constant.MakeInt64(2), token.SUB, constant.BinaryOp(constant.MakeInt64(1), token.QUO, constant.Shift(constant.MakeInt64(1), token.SHL, 52))))
	}
	neg := strings.HasPrefix(lit, "-")
	v := constant.MakeFromLiteral(strings.TrimPrefix(lit, "-"), tok, 0)
	if neg {
		v = constant.UnaryOp(token.SUB, v, 0)
	}
	return v
}

// untypedConst generates an untyped constant expression; kind k guides
// the choice of literals (floats for float contexts, and so on).
func (g *gen) untypedConst(s *scope, k Kind, d int) expr {
	if d <= 0 || g.chance(3) {
		switch g.r.Intn(7) {
		case 0:
			if k.isFloat() || k.isComplex() {
				return g.floatLit()
			}
		case 1:
			if k.isComplex() {
				return g.complexLit()
			}
		case 2:
			mc := pick(g, mathConsts)
			if mc.k == Float64 && k.isInteger() {
				break
			}
			g.imp("math")
			return expr{s: mc.name, cv: mathConstValue(mc.lit, mc.tok), untyped: true, ukind: mc.k}
		case 3:
			// a declared untyped constant
			var cs []*variable
			for _, v := range append(s.all(), g.u.consts...) {
				if v.isConst && v.untyped && v.t.Kind.isNumeric() {
					cs = append(cs, v)
				}
			}
			if len(cs) > 0 {
				c := pick(g, cs)
				return expr{s: c.name, cv: c.cv.(constant.Value), untyped: true, ukind: c.t.Kind}
			}
		case 4:
			return g.runeLit()
		}
		v := constant.MakeInt64(int64(g.r.Intn(20)) - 3)
		if g.chance(4) {
			v = constant.MakeInt64(int64(g.r.Intn(1000)))
		}
		return expr{s: g.intText(v), cv: v, untyped: true, ukind: Int}
	}
	for try := 0; try < 6; try++ {
		x := g.untypedConst(s, k, d-1)
		switch g.r.Intn(10) {
		case 0:
			if x.ukind.isComplex() {
				continue
			}
			op := token.SUB
			if x.cv.Kind() == constant.Int && (x.ukind == Int || x.ukind == Int32) && g.chance(3) {
				op = token.XOR
			}
			v := constUnary(op, x.cv, 0)
			if v == nil {
				continue
			}
			return expr{s: op.String() + paren(x.s), cv: v, untyped: true, ukind: x.ukind}
		case 1:
			if x.cv.Kind() != constant.Int || x.ukind != Int && x.ukind != Int32 {
				continue
			}
			n := uint(g.r.Intn(70))
			op := token.SHL
			if g.chance(3) {
				op = token.SHR
			}
			v := constShift(x.cv, op, n)
			if v == nil {
				continue
			}
			return expr{s: paren(x.s) + " " + op.String() + " " + strconv.Itoa(int(n)), cv: v, untyped: true, ukind: x.ukind}
		}
		y := g.untypedConst(s, k, d-1)
		ops := []token.Token{token.ADD, token.SUB, token.MUL, token.QUO, token.QUO}
		bothInt := x.cv.Kind() == constant.Int && y.cv.Kind() == constant.Int && !x.ukind.isFloat() && !y.ukind.isFloat() &&
			!x.ukind.isComplex() && !y.ukind.isComplex()
		if bothInt {
			ops = append(ops, token.REM, token.REM, token.AND, token.OR, token.XOR, token.AND_NOT)
		}
		op := pick(g, ops)
		intDiv := bothInt
		v := constBinary(x.cv, op, y.cv, intDiv)
		if v == nil {
			continue
		}
		uk := x.ukind
		if rank(y.ukind) > rank(uk) {
			uk = y.ukind
		}
		return expr{s: paren(x.s) + " " + op.String() + " " + paren(y.s), cv: v, untyped: true, ukind: uk}
	}
	return expr{s: "2", cv: constant.MakeInt64(2), untyped: true, ukind: Int}
}

// rank orders untyped constant kinds: int < rune < float < complex.
func rank(k Kind) int {
	switch k {
	case Int:
		return 0
	case Int32:
		return 1
	case Float64:
		return 2
	case Complex128:
		return 3
	}
	return -1
}

// binary is x op y of type t.
func (g *gen) binary(s *scope, t *Type, d int) (expr, bool) {
	k := t.Kind
	ops := []token.Token{token.ADD, token.SUB, token.MUL, token.QUO}
	if k.isInteger() {
		ops = append(ops, token.REM, token.REM, token.AND, token.OR, token.XOR, token.AND_NOT, token.QUO)
	}
	if k == TypeParam {
		ops = []token.Token{token.ADD, token.SUB, token.MUL}
	}
	op := pick(g, ops)
	x := g.numExpr(s, t, d-1)
	y := g.numExpr(s, t, d-1)
	if x.untyped && y.untyped {
		// untyped op untyped is an untypedTree's job
		return expr{}, false
	}
	if op == token.REM || op == token.AND || op == token.OR || op == token.XOR || op == token.AND_NOT {
		// 4.0 & x: an integer operator needs an integer constant
		for _, o := range []expr{x, y} {
			if o.untyped && o.ukind != Int && o.ukind != Int32 {
				return expr{}, false
			}
		}
	}
	if x.ctx && y.ctx {
		return expr{}, false
	}
	if x.isConst() && y.isConst() {
		// a typed constant expression: exact, must be representable
		xv, yv := representable(x.cv, k), representable(y.cv, k)
		v := constBinary(xv, op, yv, k.isInteger())
		if v == nil {
			return expr{}, false
		}
		v = representable(v, k)
		if v == nil {
			return expr{}, false
		}
		return expr{s: paren(x.s) + " " + op.String() + " " + paren(y.s), cv: v}, true
	}
	ys := paren(y.s)
	if (op == token.QUO || op == token.REM) && k.isInteger() || (op == token.QUO && k == TypeParam) {
		if y.isConst() {
			if constant.Sign(constant.ToInt(y.cv)) == 0 {
				return expr{}, false
			}
		} else if g.chance(12) {
			// an unguarded divisor, guarded by the statement that
			// recovers (divide by zero is a run-time panic)
			if !g.inRecover(s) {
				ys = "(" + y.s + " | 1)"
			}
		} else {
			ys = "(" + y.s + " | 1)"
		}
	} else if op == token.QUO && y.isConst() && constant.Sign(y.cv) == 0 {
		return expr{}, false
	}
	return expr{s: paren(x.s) + " " + op.String() + " " + ys, ctx: x.ctx || y.ctx}, true
}

// inRecover: a panic here is recovered by the enclosing function.
func (g *gen) inRecover(s *scope) bool { return s.fn != nil && s.fn.inDefer }

// unary is -x, +x or ^x.
func (g *gen) unary(s *scope, t *Type, d int) (expr, bool) {
	x := g.numExpr(s, t, d-1)
	if x.untyped {
		return expr{}, false
	}
	op := token.SUB
	if t.Kind.isInteger() && g.chance(3) {
		op = token.XOR
	} else if g.chance(8) {
		op = token.ADD
	}
	if x.isConst() {
		var bits uint
		if op == token.XOR && t.Kind.isUnsigned() {
			bits = t.Kind.bits()
		}
		v := representable(constUnary(op, x.cv, bits), t.Kind)
		if v == nil {
			return expr{}, false
		}
		return expr{s: op.String() + paren(x.s), cv: v}, true
	}
	xs := paren(x.s)
	if strings.HasPrefix(xs, "-") || strings.HasPrefix(xs, "+") || strings.HasPrefix(xs, "^") {
		xs = "(" + xs + ")"
	}
	return expr{s: op.String() + xs, ctx: x.ctx}, true
}

// shift is x << n or x >> n for an integer type t: constant and
// non-constant counts, counts beyond the width, signed counts.
func (g *gen) shift(s *scope, t *Type, d int) (expr, bool) {
	op := token.SHL
	if g.chance(2) {
		op = token.SHR
	}
	// The left operand: an untyped constant shifted by a non-constant
	// count takes the context's type (ctx), else an expression of t.
	var x expr
	if g.chance(5) {
		x = g.intLit(t.Kind)
		if representable(x.cv, t.Kind) == nil {
			return expr{}, false
		}
	} else {
		x = g.numExpr(s, t, d-1)
	}
	if x.untyped && (x.cv.Kind() != constant.Int || x.ukind != Int && x.ukind != Int32) {
		// 2.0 << n: an untyped float operand of a shift
		return expr{}, false
	}
	// The count: a constant (small, or beyond the width), an unsigned
	// variable (its values may be large), or a signed variable made
	// non-negative (v & 127 is in [0, 127]); a negative count panics at
	// run time where the statement recovers.
	var n expr
	cnst := false
	constCount := func() {
		c := g.r.Intn(8)
		if g.chance(3) {
			c = []int{7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 100, 200}[g.r.Intn(12)]
		}
		n = expr{s: strconv.Itoa(c), cv: constant.MakeInt64(int64(c)), untyped: true, ukind: Int}
		cnst = true
	}
	switch g.r.Intn(6) {
	case 0, 1:
		constCount()
	case 2:
		u := pick(g, []*Type{basic(Uint), basic(Uint8), basic(Uint16), basic(Uint32), basic(Uint64), tByte})
		if v := g.leafNonConst(s, u); v != "" {
			n = plain(v)
		} else {
			constCount()
		}
	default:
		sg := pick(g, []*Type{basic(Int), basic(Int8), basic(Int32), basic(Int64), basic(Int16), tRune})
		v := g.leafNonConst(s, sg)
		switch {
		case v == "":
			constCount()
		case g.inRecover(s) && g.chance(4):
			n = plain(v)
		default:
			n = plain("(" + v + " & 127)")
		}
	}
	if cnst && x.isConst() {
		var v constant.Value
		if x.untyped {
			c, _ := constant.Uint64Val(n.cv)
			v = constShift(x.cv, op, uint(c))
			if v == nil || representable(v, t.Kind) == nil {
				return expr{}, false
			}
			return expr{s: paren(x.s) + " " + op.String() + " " + n.s, cv: v, untyped: true, ukind: x.ukind}, true
		}
		c, _ := constant.Uint64Val(n.cv)
		v = constShift(x.cv, op, uint(c))
		if v == nil {
			return expr{}, false
		}
		v = representable(v, t.Kind)
		if v == nil {
			return expr{}, false
		}
		return expr{s: paren(x.s) + " " + op.String() + " " + n.s, cv: v}, true
	}
	if x.untyped {
		// 1 << n: typed by the context
		return expr{s: paren(x.s) + " " + op.String() + " " + n.s, ctx: true}, true
	}
	if x.isConst() && !cnst {
		// a typed constant shifted by a variable: not constant
		return expr{s: paren(x.s) + " " + op.String() + " " + n.s}, true
	}
	return expr{s: paren(x.s) + " " + op.String() + " " + n.s, ctx: x.ctx}, true
}

// numericTypes lists the numeric types the generator draws from.
var numericKinds = []Kind{Int, Int8, Int16, Int32, Int64, Uint, Uint8, Uint16, Uint32, Uint64, Uintptr,
	Float32, Float64, Complex64, Complex128}

// randNumeric draws a numeric type: predeclared (often), byte/rune
// aliases, or a declared named numeric type.
func (g *gen) randNumeric() *Type {
	switch g.r.Intn(12) {
	case 0:
		return tByte
	case 1:
		return tRune
	case 2, 3:
		if nt := g.namedBasic(func(t *Type) bool { return t.Kind.isNumeric() }); nt != nil {
			return nt
		}
	case 4, 5, 6:
		return basic(pick(g, []Kind{Int, Float64, Int64, Uint8}))
	}
	return basic(pick(g, numericKinds))
}

// conversion is T(x) for x of another numeric type: constant
// conversions (exact and checked), integer truncation and sign changes,
// int<->float, float32 rounding, complex64<->complex128.
func (g *gen) conversion(s *scope, t *Type, d int) (expr, bool) {
	k := t.Kind
	var src *Type
	for try := 0; try < 5; try++ {
		src = g.randNumeric()
		if src.Kind.isComplex() == k.isComplex() {
			break
		}
		src = nil
	}
	if src == nil {
		if k.isComplex() {
			src = basic(Complex128)
		} else {
			src = basic(Int)
		}
	}
	x := g.numExpr(s, src, d-1)
	if x.ctx {
		return expr{}, false
	}
	if k == TypeParam {
		if x.isConst() || src.Kind.isFloat() || src.Kind.isComplex() {
			return expr{}, false
		}
		return expr{s: t.String() + "(" + x.s + ")"}, true
	}
	if x.isConst() {
		// typed constant conversion: exact value, representable in T;
		// a float constant converts to an integer type only if integral
		var v constant.Value
		if x.untyped {
			v = x.cv
		} else {
			v = representable(x.cv, src.Kind)
		}
		if k.isInteger() && !isIntegral(v) {
			return expr{}, false
		}
		r := representable(v, k)
		if r == nil {
			return expr{}, false
		}
		return expr{s: t.String() + "(" + x.s + ")", cv: r}, true
	}
	if k.isInteger() && src.Kind.isFloat() {
		// Out-of-range float to integer conversions are
		// implementation-defined: clamp first.
		lo, hi := intRange(k)
		return expr{s: fmt.Sprintf("%s(%s(float64(%s), %s, %s))", t, g.usePrelude("clampF"), x.s, lo, hi)}, true
	}
	return expr{s: t.String() + "(" + x.s + ")"}, true
}

// intRange is a float range that converts to kind k exactly.
func intRange(k Kind) (lo, hi string) {
	switch k {
	case Int8:
		return "-128", "127"
	case Int16:
		return "-32768", "32767"
	case Int32:
		return "-2147483648", "2147483647"
	case Uint8:
		return "0", "255"
	case Uint16:
		return "0", "65535"
	case Uint32:
		return "0", "4294967295"
	case Uint, Uint64, Uintptr:
		return "0", "1.8e19"
	}
	return "-9.2e18", "9.2e18"
}

// mathCall is a call of package math with float64 operands (float32
// through conversions): NaN, infinities, -0, rounding functions.
func (g *gen) mathCall(s *scope, t *Type, d int) (expr, bool) {
	g.imp("math")
	f64 := basic(Float64)
	arg := func() string { return g.exprSelf(s, f64, d-1).s }
	var call string
	switch g.r.Intn(16) {
	case 0:
		call = "math.Inf(" + pick(g, []string{"1", "-1", "0"}) + ")"
	case 1:
		call = "math.NaN()"
	case 2:
		call = "math.Copysign(" + arg() + ", " + pick(g, []string{"-1", "1", arg()}) + ")"
	case 3:
		call = "math.Sqrt(" + arg() + ")"
	case 4:
		call = pick(g, []string{"math.Floor", "math.Ceil", "math.Trunc", "math.Round", "math.RoundToEven", "math.Abs"}) + "(" + arg() + ")"
	case 5:
		call = "math.Mod(" + arg() + ", " + arg() + ")"
	case 6:
		call = pick(g, []string{"math.Max", "math.Min", "math.Dim", "math.Remainder"}) + "(" + arg() + ", " + arg() + ")"
	case 7:
		call = "math.Pow(" + arg() + ", " + pick(g, []string{"2", "0.5", "-1", "0", arg()}) + ")"
	case 8:
		call = "math.Float64frombits(" + g.exprSelf(s, basic(Uint64), d-1).s + ")"
	case 9:
		call = "math.Hypot(" + arg() + ", " + arg() + ")"
	case 10:
		call = "math.Ldexp(" + arg() + ", " + strconv.Itoa(g.r.Intn(80)-40) + ")"
	case 11:
		call = pick(g, []string{"math.Log", "math.Exp", "math.Log2", "math.Cbrt"}) + "(" + arg() + ")"
	case 12:
		call = "math.Nextafter(" + arg() + ", " + arg() + ")"
	case 13:
		// -0 made at run time
		call = "math.Copysign(0, -1)"
	case 14:
		call = "float64(math.Float32frombits(" + g.exprSelf(s, basic(Uint32), d-1).s + "))"
	default:
		call = "math.Abs(" + arg() + ")"
	}
	if identical(t, f64) {
		return plain(call), true
	}
	return plain(t.String() + "(" + call + ")"), true
}

// numBuiltin is min, max, len, cap, real, imag or complex.
func (g *gen) numBuiltin(s *scope, t *Type, d int) (expr, bool) {
	k := t.Kind
	switch g.r.Intn(4) {
	case 0, 1:
		if !t.ordered() || k == TypeParam {
			return expr{}, false
		}
		fn := "min"
		if g.chance(2) {
			fn = "max"
		}
		n := 2 + g.r.Intn(2)
		if g.chance(20) {
			n = 1 // max(x): legal, rare
		}
		var args []string
		allConst := true
		var vals []constant.Value
		anyTyped := false
		for i := 0; i < n; i++ {
			a := g.numExpr(s, t, d-1)
			if a.ctx {
				return expr{}, false
			}
			if !a.untyped {
				anyTyped = true
			}
			args = append(args, a.s)
			if a.isConst() {
				vals = append(vals, a.cv)
			} else {
				allConst = false
			}
		}
		if !anyTyped {
			// min of untyped constants is untyped: convert the first
			args[0] = t.String() + "(" + args[0] + ")"
			if representable(vals[0], k) == nil {
				return expr{}, false
			}
		}
		e := expr{s: fn + "(" + strings.Join(args, ", ") + ")"}
		if allConst {
			best := representable(vals[0], k)
			for _, v := range vals[1:] {
				v = representable(v, k)
				if v == nil || best == nil {
					return expr{}, false
				}
				if fn == "min" && constant.Compare(v, token.LSS, best) || fn == "max" && constant.Compare(v, token.GTR, best) {
					best = v
				}
			}
			e.cv = best
		}
		return e, true
	case 2:
		if k != Int || t.Named {
			if k.isFloat() && !t.Named {
				// real/imag of a complex of the matching size
				c := basic(Complex128)
				if k == Float32 {
					c = basic(Complex64)
				}
				x := g.exprSelf(s, c, d-1)
				fn := pick(g, []string{"real", "imag"})
				e := expr{s: fn + "(" + x.s + ")"}
				if x.isConst() {
					if fn == "real" {
						e.cv = representable(constant.Real(x.cv), k)
					} else {
						e.cv = representable(constant.Imag(x.cv), k)
					}
					if e.cv == nil {
						return expr{}, false
					}
				}
				return e, true
			}
			if k.isComplex() && !t.Named {
				f := basic(Float64)
				if k == Complex64 {
					f = basic(Float32)
				}
				x, y := g.exprSelf(s, f, d-1), g.exprSelf(s, f, d-1)
				e := expr{s: "complex(" + x.s + ", " + y.s + ")"}
				if x.isConst() && y.isConst() {
					e.cv = representable(constant.BinaryOp(x.cv, token.ADD, constant.MakeImag(y.cv)), k)
					if e.cv == nil {
						return expr{}, false
					}
				}
				return e, true
			}
			return expr{}, false
		}
		// len of a string, slice, array or map in scope
		var cands []string
		var arr []*variable
		for _, v := range s.all() {
			switch v.t.Kind {
			case Array:
				// len of an array variable is a constant
				if !v.isConst {
					arr = append(arr, v)
				}
			case String, Slice, Map:
				if !v.isConst {
					cands = append(cands, "len("+v.name+")")
				}
			}
		}
		if len(arr) > 0 && (len(cands) == 0 || g.chance(3)) {
			a := pick(g, arr)
			return expr{s: "len(" + a.name + ")", cv: constant.MakeInt64(int64(a.t.Len))}, true
		}
		if len(cands) == 0 {
			lit := pick(g, stringLits)
			return expr{s: "len(" + lit.s + ")", cv: constant.MakeInt64(int64(len(lit.v)))}, true
		}
		e := plain(pick(g, cands))
		return e, true
	}
	return expr{}, false
}

// simple is a small constant-free value of type t (non-nil, with at
// least minLen elements): the end of the recursion.
func (g *gen) simple(t *Type, minLen int) expr {
	switch {
	case t.Kind == TypeParam:
		return plain("*new(" + t.Name + ")")
	case t.Kind.isNumeric():
		if t.Named {
			return expr{s: t.String() + "(1)", cv: constant.MakeInt64(1)}
		}
		return expr{s: "1", cv: constant.MakeInt64(1), untyped: true, ukind: Int}
	case t.Kind == String:
		if t.Named {
			return expr{s: t.String() + `("s")`, cv: constant.MakeString("s"), minLen: 1}
		}
		return expr{s: `"s"`, cv: constant.MakeString("s"), untyped: true, ukind: String, minLen: 1}
	case t.Kind == Bool:
		if t.Named {
			return expr{s: t.String() + "(true)", cv: constant.MakeBool(true)}
		}
		return expr{s: "true", cv: constant.MakeBool(true), untyped: true, ukind: Bool}
	case t.Kind == Slice:
		var parts []string
		for i := 0; i < minLen; i++ {
			parts = append(parts, g.selfTyped(g.simple(t.Elem, 0), t.Elem).s)
		}
		return expr{s: t.String() + "{" + strings.Join(parts, ", ") + "}", minLen: minLen}
	case t.Kind == Array || t.Kind == Map || t.Kind == Struct:
		return plain(t.String() + "{}")
	case t.Kind == Pointer:
		return plain("new(" + t.Elem.String() + ")")
	case t.Kind == Func:
		var ps []string
		for i, p := range t.Params {
			ps = append(ps, fmt.Sprintf("_%d %s", i, p))
		}
		var rs []string
		for _, r := range t.Results {
			rs = append(rs, g.selfTyped(g.simple(r, 0), r).s)
		}
		res := resultList(t.Results, nil)
		body := ""
		if len(rs) > 0 {
			body = " return " + strings.Join(rs, ", ") + " "
		}
		return plain("func(" + strings.Join(ps, ", ") + ")" + res + " {" + body + "}")
	case t.Kind == Interface:
		if len(t.Methods) == 0 {
			return plain("any(1)")
		}
		for _, nt := range g.u.types {
			if implements(nt, t) {
				return plain(t.String() + "(" + g.simple(nt, 0).s + ")")
			}
			if implements(ptrTo(nt), t) {
				return plain(t.String() + "(new(" + nt.String() + "))")
			}
		}
		if t.Name == "error" {
			return plain(`fmt.Errorf("e")`)
		}
		nt := g.implementer(t)
		return plain(t.String() + "(" + nt.String() + "{})")
	}
	panic("progen: no simple value of " + t.String())
}
