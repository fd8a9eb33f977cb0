package progen

import (
	"fmt"
	"go/constant"
	"go/token"
	"sort"
	"strconv"
	"strings"
)

// leafNonConst is a non-constant variable of type t, or "".
func (g *gen) leafNonConst(s *scope, t *Type) string {
	vs := s.find(t, func(v *variable) bool { return !v.isConst })
	if len(vs) == 0 {
		return ""
	}
	v := pick(g, vs)
	v.used = true
	return v.name
}

// namedBasic returns a declared named basic type satisfying f, declaring
// one sometimes.
func (g *gen) namedBasic(f func(*Type) bool) *Type {
	var cands []*Type
	for _, t := range g.u.types {
		if t.isNamedBasic() && f(t) {
			cands = append(cands, t)
		}
	}
	if len(cands) == 0 || g.chance(10) && !g.u.inDecl {
		for try := 0; try < 4; try++ {
			if t := g.newNamedBasic(); f(t) {
				return t
			}
		}
		if len(cands) == 0 {
			return nil
		}
	}
	return pick(g, cands)
}

// boolExpr generates a boolean expression.
func (g *gen) boolExpr(s *scope, t *Type, d int) expr {
	var e expr
	ok := false
	opts := []option{
		{5, func() bool { e, ok = g.leafVar(s, t); return ok }},
		{2, func() bool {
			v := g.chance(2)
			e = expr{s: strconv.FormatBool(v), cv: constant.MakeBool(v), untyped: true, ukind: Bool}
			return true
		}},
		{2, func() bool { e, ok = g.access(s, t, d); return ok }},
	}
	if d > 0 {
		opts = append(opts,
			option{8, func() bool { e, ok = g.comparison(s, d); return ok }},
			option{3, func() bool {
				x, y := g.boolExpr(s, t, d-1), g.boolExpr(s, t, d-1)
				op := pick(g, []string{"&&", "||"})
				e = expr{s: paren(x.s) + " " + op + " " + paren(y.s)}
				if x.isConst() && y.isConst() {
					xb, yb := constant.BoolVal(x.cv), constant.BoolVal(y.cv)
					r := xb && yb
					if op == "||" {
						r = xb || yb
					}
					e.cv, e.untyped, e.ukind = constant.MakeBool(r), x.untyped && y.untyped, Bool
				}
				return true
			}},
			option{2, func() bool {
				x := g.boolExpr(s, t, d-1)
				e = expr{s: "!" + paren(x.s)}
				if x.isConst() {
					e.cv, e.untyped, e.ukind = constant.MakeBool(!constant.BoolVal(x.cv)), x.untyped, Bool
				}
				return true
			}},
			option{2, func() bool {
				g.imp("math")
				f := g.exprSelf(s, basic(Float64), d-1).s
				e = plain(pick(g, []string{"math.IsNaN(" + f + ")", "math.IsInf(" + f + ", 0)", "math.Signbit(" + f + ")"}))
				return true
			}},
			option{2, func() bool {
				g.imp("strings")
				a, b := g.exprSelf(s, basic(String), d-1).s, g.exprSelf(s, basic(String), d-1).s
				e = plain(pick(g, []string{"strings.Contains", "strings.HasPrefix", "strings.HasSuffix", "strings.EqualFold"}) + "(" + a + ", " + b + ")")
				return true
			}},
			option{1, func() bool { e, ok = g.callReturning(s, t, d); return ok }},
		)
	}
	if g.choose(opts...) {
		if t.Named && e.isConst() && !e.untyped {
			return expr{s: t.String() + "(" + e.s + ")"}
		}
		return e
	}
	return expr{s: "true", cv: constant.MakeBool(true), untyped: true, ukind: Bool}
}

// comparison compares two values of a random comparable type: numbers
// of every kind (NaN included), strings, structs, arrays, pointers,
// interfaces.
func (g *gen) comparison(s *scope, d int) (expr, bool) {
	var t *Type
	switch g.r.Intn(10) {
	case 0:
		t = basic(String)
	case 1:
		t = g.randType(1, typeOpts{comparable: true})
	case 2:
		// an interface and a value or pointer
		return g.ifaceComparison(s, d)
	default:
		t = g.randNumeric()
	}
	if !t.comparable() || t.contains(func(x *Type) bool { return x.Kind == Interface }) {
		// (an interface's dynamic value may not be comparable: == panics)
		return expr{}, false
	}
	ops := []string{"==", "!="}
	if t.ordered() {
		ops = append(ops, "<", "<=", ">", ">=")
	}
	op := pick(g, ops)
	x := g.expr(s, t, d-1)
	y := g.expr(s, t, d-1)
	if t.Kind == Interface {
		// two concrete operands would not compare as interfaces
		x, y = g.selfTyped(x, t), g.selfTyped(y, t)
	}
	if x.ctx || y.ctx {
		return expr{}, false
	}
	if x.untyped && y.untyped {
		return expr{}, false
	}
	e := expr{s: hdr(paren(x.s)) + " " + op + " " + hdr(paren(y.s)), ukind: Bool}
	if x.isConst() && y.isConst() && t.Kind.isBasic() {
		xv, yv := representable(x.cv, t.Kind), representable(y.cv, t.Kind)
		if xv == nil || yv == nil {
			return expr{}, false
		}
		tok := map[string]token.Token{"==": token.EQL, "!=": token.NEQ, "<": token.LSS, "<=": token.LEQ, ">": token.GTR, ">=": token.GEQ}[op]
		// A comparison of constants is an untyped boolean constant.
		e.cv, e.untyped = constant.MakeBool(constant.Compare(xv, tok, yv)), true
	}
	return e, true
}

// ifaceComparison compares an interface value with a concrete value or
// pointer (var f any = &b; f == &b) or with another interface.
func (g *gen) ifaceComparison(s *scope, d int) (expr, bool) {
	var ivs []*variable
	for _, v := range s.all() {
		if v.t.Kind == Interface && !v.isConst && v.dynComparable {
			ivs = append(ivs, v)
		}
	}
	if len(ivs) == 0 {
		return expr{}, false
	}
	iv := pick(g, ivs)
	iv.used = true
	// a comparable value of a type implementing the interface
	var cands []string
	for _, v := range s.all() {
		if v.isConst || v == iv {
			continue
		}
		if v.t.Kind == Interface {
			if (identical(v.t, iv.t) || len(v.t.Methods) == 0) && v.dynComparable {
				cands = append(cands, v.name)
			}
			continue
		}
		if v.t.comparable() && implements(v.t, iv.t) && v.t.Kind != TypeParam {
			cands = append(cands, v.name)
		}
		if v.t.Kind != Pointer && implements(ptrTo(v.t), iv.t) && v.t.Kind != TypeParam {
			cands = append(cands, "&"+v.name)
		}
	}
	if len(cands) == 0 {
		return expr{}, false
	}
	c := pick(g, cands)
	if g.chance(2) {
		return plain(iv.name + " == " + c), true
	}
	return plain(c + " != " + iv.name), true
}

// stringLits are string literals: ASCII, UTF-8, escapes, invalid UTF-8.
var stringLits = []struct{ s, v string }{
	{`"hello"`, "hello"}, {`""`, ""}, {`"héllo"`, "héllo"}, {`"世界"`, "世界"}, {`"a\tb"`, "a\tb"},
	{`"\xff\xfe"`, "\xff\xfe"}, {`"a\x80b"`, "a\x80b"}, {`"\u00e9t\u00e9"`, "\u00e9t\u00e9"}, {"`raw\\n`", `raw\n`},
	{`"Go"`, "Go"}, {`"😀!"`, "😀!"}, {`"abc"`, "abc"}, {`"\xe2\x82"`, "\xe2\x82"}, {`"x"`, "x"}, {`"\000z"`, "\000z"},
	{`"ABC def"`, "ABC def"}, {`"\U0001F600"`, "\U0001F600"}, {`"1,2,3"`, "1,2,3"}, {`"  pad  "`, "  pad  "},
}

// strExpr generates a string expression.
func (g *gen) strExpr(s *scope, t *Type, d int) expr {
	var e expr
	ok := false
	str := basic(String)
	opts := []option{
		{6, func() bool { e, ok = g.leafVar(s, t); return ok }},
		{5, func() bool {
			l := pick(g, stringLits)
			e = expr{s: l.s, cv: constant.MakeString(l.v), untyped: true, ukind: String, minLen: len(l.v)}
			return true
		}},
		{2, func() bool { e, ok = g.access(s, t, d); return ok }},
	}
	if d > 0 {
		opts = append(opts,
			option{4, func() bool {
				x, y := g.strExpr(s, t, d-1), g.strExpr(s, t, d-1)
				if x.untyped && y.untyped {
					e = expr{s: x.s + " + " + y.s, cv: constant.MakeString(constant.StringVal(x.cv) + constant.StringVal(y.cv)), untyped: true, ukind: String, minLen: x.minLen + y.minLen}
					return true
				}
				e = expr{s: paren(x.s) + " + " + paren(y.s), minLen: x.minLen + y.minLen}
				if x.isConst() && y.isConst() {
					e.cv = constant.MakeString(constant.StringVal(x.cv) + constant.StringVal(y.cv))
				}
				return true
			}},
			option{3, func() bool {
				// conversions: string(rune), string([]byte), string([]rune)
				switch g.r.Intn(4) {
				case 0:
					r := g.exprSelf(s, tRune, d-1)
					e = plain("string(" + r.s + ")")
				case 1:
					b := g.sliceExpr(s, sliceOf(tByte), d-1, 0)
					e = plain("string(" + b.s + ")")
				case 2:
					r := g.sliceExpr(s, sliceOf(tRune), d-1, 0)
					e = plain("string(" + r.s + ")")
				default:
					b := g.exprSelf(s, tByte, d-1)
					e = plain("string(rune(" + b.s + "))")
				}
				if t.Named {
					e.s = t.String() + "(" + e.s + ")"
				}
				return true
			}},
			option{3, func() bool {
				if t.Named {
					return false
				}
				g.imp("strings")
				x := g.exprSelf(s, str, d-1).s
				switch g.r.Intn(8) {
				case 0:
					e = plain("strings.ToUpper(" + x + ")")
				case 1:
					e = plain("strings.Repeat(" + x + ", " + strconv.Itoa(g.r.Intn(4)) + ")")
				case 2:
					e = plain("strings.ReplaceAll(" + x + ", " + pick(g, stringLits).s + ", " + pick(g, stringLits).s + ")")
				case 3:
					e = plain("strings.TrimSpace(" + x + ")")
				case 4:
					e = plain("strings.Join(" + g.sliceExpr(s, sliceOf(str), d-1, 0).s + ", " + pick(g, []string{`","`, `""`, `" "`}) + ")")
				case 5:
					e = plain("strings.ToValidUTF8(" + x + ", \"?\")")
				case 6:
					e = plain("strings.ToLower(" + x + ")")
				default:
					e = plain("strings.TrimLeft(" + x + ", \"a\")")
				}
				return true
			}},
			option{3, func() bool {
				if t.Named {
					return false
				}
				// fmt and strconv formatting of numbers
				switch g.r.Intn(5) {
				case 0:
					g.imp("strconv")
					e = plain("strconv.Itoa(" + g.exprSelf(s, basic(Int), d-1).s + ")")
				case 1:
					g.imp("strconv")
					e = plain("strconv.FormatFloat(" + g.exprSelf(s, basic(Float64), d-1).s + ", " +
						pick(g, []string{"'g', -1, 64", "'f', 2, 64", "'e', 3, 64", "'g', -1, 32"}) + ")")
				case 2:
					g.imp("strconv")
					e = plain("strconv.Quote(" + g.exprSelf(s, str, d-1).s + ")")
				case 3:
					nt := g.randNumeric()
					e = plain("fmt.Sprint(" + g.exprSelf(s, nt, d-1).s + ")")
				default:
					g.imp("strconv")
					e = plain("strconv.FormatInt(" + g.exprSelf(s, basic(Int64), d-1).s + ", " + pick(g, []string{"2", "16", "36", "10"}) + ")")
				}
				return true
			}},
			option{2, func() bool {
				// slicing a string of known length
				x := g.strExpr(s, t, d-1)
				if x.minLen == 0 {
					return false
				}
				lo := g.r.Intn(x.minLen + 1)
				hi := lo + g.r.Intn(x.minLen-lo+1)
				e = expr{s: paren(x.s) + fmt.Sprintf("[%d:%d]", lo, hi), minLen: hi - lo}
				if x.untyped {
					// a slice of a constant string is not constant
					e.s = "(" + t.String() + "(" + x.s + "))" + fmt.Sprintf("[%d:%d]", lo, hi)
					if !t.Named {
						e.s = paren(x.s) + fmt.Sprintf("[%d:%d]", lo, hi)
					}
				}
				return true
			}},
			option{1, func() bool { e, ok = g.callReturning(s, t, d); return ok }},
		)
	}
	if g.choose(opts...) {
		return e
	}
	return expr{s: `"s"`, cv: constant.MakeString("s"), untyped: true, ukind: String, minLen: 1}
}

// sliceExpr generates a slice of type t whose length is at least minLen.
func (g *gen) sliceExpr(s *scope, t *Type, d int, minLen int) expr {
	var e expr
	ok := false
	opts := []option{
		{6, func() bool {
			vs := s.find(t, func(v *variable) bool { return v.minLen >= minLen })
			if len(vs) == 0 {
				return false
			}
			v := pick(g, vs)
			v.used = true
			e = expr{s: v.name, minLen: v.minLen}
			return true
		}},
		{5, func() bool { e = g.sliceLit(s, t, d, minLen); return true }},
		{2, func() bool {
			if !t.Elem.zeroSafe() {
				return false // make([]*T, n) holds nil pointers
			}
			n := minLen + g.r.Intn(4)
			c := n + g.r.Intn(4)
			if g.chance(2) {
				e = expr{s: fmt.Sprintf("make(%s, %d)", t, n), minLen: n}
			} else {
				e = expr{s: fmt.Sprintf("make(%s, %d, %d)", t, n, c), minLen: n}
			}
			return true
		}},
	}
	if d > 0 {
		opts = append(opts,
			option{3, func() bool {
				// append(x, elems...) or append(x, y...)
				x := g.sliceExpr(s, t, d-1, 0)
				n := g.r.Intn(3)
				var parts []string
				for i := 0; i < n; i++ {
					parts = append(parts, g.elemExpr(s, t.Elem, d-1))
				}
				if n == 0 || g.chance(4) {
					y := g.sliceExpr(s, t, d-1, 0)
					e = expr{s: "append(" + x.s + ", " + y.s + "...)", minLen: x.minLen + y.minLen}
					if x.minLen+y.minLen < minLen {
						return false
					}
					return true
				}
				if x.minLen+n < minLen {
					return false
				}
				e = expr{s: "append(" + x.s + ", " + strings.Join(parts, ", ") + ")", minLen: x.minLen + n}
				return true
			}},
			option{2, func() bool {
				// reslicing a variable of known length: s[a:b], s[a:b:c]
				vs := s.find(t, func(v *variable) bool { return v.minLen > 0 })
				if len(vs) == 0 {
					return false
				}
				v := pick(g, vs)
				lo := g.r.Intn(v.minLen + 1)
				hi := lo + g.r.Intn(v.minLen-lo+1)
				if hi-lo < minLen {
					return false
				}
				if g.chance(3) {
					e = expr{s: fmt.Sprintf("%s[%d:%d:%d]", v.name, lo, hi, hi+g.r.Intn(v.minLen-hi+1)), minLen: hi - lo}
				} else {
					e = expr{s: fmt.Sprintf("%s[%d:%d]", v.name, lo, hi), minLen: hi - lo}
				}
				return true
			}},
			option{2, func() bool {
				// a slice of an array variable (aliases it)
				vs := s.find(arrayOf(0, t.Elem), nil)
				for _, v := range s.all() {
					if v.t.Kind == Array && identical(v.t.Elem, t.Elem) && !t.Named && !v.isConst {
						vs = append(vs, v)
					}
				}
				if len(vs) == 0 {
					return false
				}
				v := pick(g, vs)
				if v.t.Len < minLen {
					return false
				}
				lo := g.r.Intn(v.t.Len - minLen + 1)
				e = expr{s: fmt.Sprintf("%s[%d:]", v.name, lo), minLen: v.t.Len - lo}
				return true
			}},
			option{2, func() bool {
				if minLen > 0 {
					return false
				}
				e, ok = g.callReturning(s, t, d)
				return ok
			}},
			option{1, func() bool {
				// []byte(s), []rune(s)
				if minLen > 0 || t.Named || !(identical(t.Elem, tByte) || identical(t.Elem, tRune)) {
					return false
				}
				x := g.exprSelf(s, basic(String), d-1)
				if identical(t.Elem, tByte) {
					e = expr{s: "[]byte(" + x.s + ")", minLen: 0}
				} else {
					e = expr{s: "[]rune(" + x.s + ")"}
				}
				return true
			}},
		)
	}
	if g.choose(opts...) {
		return e
	}
	return g.sliceLit(s, t, d, minLen)
}

// elemExpr is an element of a composite literal or append: elided types
// are the literal's business, this is the full expression.
func (g *gen) elemExpr(s *scope, t *Type, d int) string {
	return g.expr(s, t, d).s
}

// sliceLit is []T{...} with at least minLen elements; elements of
// composite types often elide their type ([]P{{1, 2}}).
func (g *gen) sliceLit(s *scope, t *Type, d int, minLen int) expr {
	n := minLen + g.r.Intn(4)
	if n > 6 {
		n = minLen
	}
	var parts []string
	indexed := g.chance(10) && n > 0
	for i := 0; i < n; i++ {
		p := g.compositeElem(s, t.Elem, d-1)
		if indexed {
			p = strconv.Itoa(i) + ": " + p
		}
		parts = append(parts, p)
	}
	if indexed && g.chance(2) {
		// an index beyond: the gap holds zero values
		parts = append(parts, fmt.Sprintf("%d: %s", n+1, g.compositeElem(s, t.Elem, d-1)))
		n += 2
	}
	return expr{s: t.String() + "{" + strings.Join(parts, ", ") + "}", minLen: n}
}

// compositeElem is an element of a composite literal of type t: a
// composite literal of a struct, slice, array or map type may elide
// its type, &T{...} may elide &T.
func (g *gen) compositeElem(s *scope, t *Type, d int) string {
	e := g.expr(s, t, d).s
	if strings.HasPrefix(e, t.String()+"{") && t.Kind != Interface && g.chance(2) {
		return e[len(t.String()):]
	}
	if t.Kind == Pointer && strings.HasPrefix(e, "&"+t.Elem.String()+"{") && g.chance(2) {
		return e[len(t.Elem.String())+1:]
	}
	return e
}

// arrayExpr generates an array of type t.
func (g *gen) arrayExpr(s *scope, t *Type, d int) expr {
	var e expr
	ok := false
	opts := []option{
		{5, func() bool { e, ok = g.leafVar(s, t); return ok }},
		{5, func() bool {
			var parts []string
			form := g.r.Intn(4)
			if !t.Elem.zeroSafe() {
				form = 2 // every element given
			}
			switch form {
			case 0:
				// keyed: [4]int{1: x, 3: y}
				for i := 0; i < t.Len; i++ {
					if g.chance(2) {
						parts = append(parts, fmt.Sprintf("%d: %s", i, g.compositeElem(s, t.Elem, d-1)))
					}
				}
			case 1:
				// fewer elements than the length: the rest are zero
				for i := 0; i < g.r.Intn(t.Len+1); i++ {
					parts = append(parts, g.compositeElem(s, t.Elem, d-1))
				}
			default:
				for i := 0; i < t.Len; i++ {
					parts = append(parts, g.compositeElem(s, t.Elem, d-1))
				}
				if !t.Named && g.chance(3) && len(parts) == t.Len {
					e = plain("[...]" + t.Elem.String() + "{" + strings.Join(parts, ", ") + "}")
					return true
				}
			}
			e = plain(t.String() + "{" + strings.Join(parts, ", ") + "}")
			return true
		}},
		{1, func() bool { e, ok = g.access(s, t, d); return ok }},
		{1, func() bool { e, ok = g.callReturning(s, t, d); return ok }},
	}
	if g.choose(opts...) {
		return e
	}
	return plain(t.String() + "{}")
}

// mapExpr generates a non-nil map of type t.
func (g *gen) mapExpr(s *scope, t *Type, d int) expr {
	var e expr
	ok := false
	opts := []option{
		{5, func() bool { e, ok = g.leafVar(s, t); return ok }},
		{5, func() bool { e = plain(g.mapLit(s, t, d)); return true }},
		{2, func() bool {
			if g.chance(2) {
				e = plain("make(" + t.String() + ")")
			} else {
				e = plain("make(" + t.String() + ", " + strconv.Itoa(g.r.Intn(10)) + ")")
			}
			return true
		}},
		{1, func() bool { e, ok = g.callReturning(s, t, d); return ok }},
	}
	if g.choose(opts...) {
		return e
	}
	return plain(t.String() + "{}")
}

// mapLit is a map literal of type t with distinct keys.
func (g *gen) mapLit(s *scope, t *Type, d int) string {
	n := g.r.Intn(4)
	var parts []string
	seen := map[string]bool{}
	for i := 0; i < n; i++ {
		k := g.mapKey(s, t.Key, d-1)
		if k == "" || seen[k] {
			continue
		}
		seen[k] = true
		parts = append(parts, k+": "+g.compositeElem(s, t.Elem, d-1))
	}
	return t.String() + "{" + strings.Join(parts, ", ") + "}"
}

// mapKey is a constant key of a map literal (duplicate constant keys are
// a compile error, so they are literals the caller dedupes), or "".
func (g *gen) mapKey(s *scope, k *Type, d int) string {
	switch {
	case k.Kind.isInteger():
		v := g.r.Intn(20) - 5
		if k.Kind.isUnsigned() {
			v = g.r.Intn(20)
		}
		if k.Named {
			return fmt.Sprintf("%s(%d)", k, v)
		}
		return strconv.Itoa(v)
	case k.Kind.isFloat():
		return pick(g, []string{"0.5", "1.5", "-2.25", "1e3", "0.1", "3"})
	case k.Kind == String:
		l := pick(g, stringLits)
		if k.Named {
			return k.String() + "(" + l.s + ")"
		}
		return l.s
	case k.Kind == Bool:
		return pick(g, []string{"true", "false"})
	case k.Kind == Struct || k.Kind == Array:
		// non-constant keys: duplicates are allowed (the later wins)
		return g.expr(s, k, d).s
	}
	return ""
}

// structExpr generates a struct value.
func (g *gen) structExpr(s *scope, t *Type, d int) expr {
	var e expr
	ok := false
	opts := []option{
		{5, func() bool { e, ok = g.leafVar(s, t); return ok }},
		{6, func() bool { e = g.structLit(s, t, d); return true }},
		{2, func() bool { e, ok = g.access(s, t, d); return ok }},
		{2, func() bool { e, ok = g.callReturning(s, t, d); return ok }},
	}
	if g.choose(opts...) {
		return e
	}
	return g.structLit(s, t, d)
}

// structLit is T{...}: keyed (some fields left zero) or positional.
// Embedded pointers are always set (a nil one would panic when its
// promoted fields are used).
func (g *gen) structLit(s *scope, t *Type, d int) expr {
	var parts []string
	keyed := g.r.Intn(3) > 0 || len(t.Fields) == 0
	for _, f := range t.Fields {
		needed := f.Embedded && f.T.Kind == Pointer || f.T.Kind == Map || f.T.Kind == Pointer || f.T.Kind == Func || f.T.Kind == Interface
		if keyed && !needed && g.chance(4) {
			continue
		}
		v := g.expr(s, f.T, d-1).s
		if keyed {
			parts = append(parts, f.fieldName()+": "+v)
		} else {
			parts = append(parts, v)
		}
	}
	return plain(t.String() + "{" + strings.Join(parts, ", ") + "}")
}

// ptrExpr generates a non-nil pointer.
func (g *gen) ptrExpr(s *scope, t *Type, d int) expr {
	var e expr
	ok := false
	opts := []option{
		{5, func() bool { e, ok = g.leafVar(s, t); return ok }},
		{4, func() bool {
			if t.Elem.Kind != Struct {
				return false
			}
			e = plain("&" + g.structLit(s, t.Elem, d).s)
			return true
		}},
		{3, func() bool {
			// &v of an addressable variable
			vs := s.find(t.Elem, func(v *variable) bool { return !v.isConst && !v.noAssign })
			if len(vs) == 0 {
				return false
			}
			v := pick(g, vs)
			v.used = true
			e = plain("&" + v.name)
			return true
		}},
		{1, func() bool { e = plain("new(" + t.Elem.String() + ")"); return true }},
	}
	if g.choose(opts...) {
		return e
	}
	return plain("new(" + t.Elem.String() + ")")
}

// ifaceExpr generates a non-nil interface value: a value of a type that
// implements it. It reports whether fmt prints the value the same way in
// every run (no pointer inside).
func (g *gen) ifaceExpr(s *scope, t *Type, d int) (expr, bool) {
	// interface variables first
	if vs := s.find(t, func(v *variable) bool { return !v.isConst }); len(vs) > 0 && g.chance(3) {
		v := pick(g, vs)
		v.used = true
		g.lastDynComparable = v.dynComparable
		return plain(v.name), v.dynPrintable
	}
	g.lastDynComparable = false
	var cands []*Type
	if len(t.Methods) == 0 {
		for i := 0; i < 3; i++ {
			cands = append(cands, g.randType(1, typeOpts{noIface: true}))
		}
	}
	for _, nt := range g.u.types {
		if implements(nt, t) {
			cands = append(cands, nt)
		}
		if nt.Kind != Interface && implements(ptrTo(nt), t) {
			cands = append(cands, ptrTo(nt))
		}
	}
	if len(cands) == 0 {
		if t.Name == "error" {
			g.imp("errors")
			return plain("errors.New(" + pick(g, stringLits).s + ")"), true
		}
		// declare a type that implements t
		nt := g.implementer(t)
		cands = append(cands, nt)
	}
	ct := pick(g, cands)
	e := g.exprSelf(s, ct, d-1)
	g.lastDynComparable = ct.comparable()
	return e, ct.printable()
}

// funcExpr generates a non-nil func value: a literal, a declared
// function, a method value.
func (g *gen) funcExpr(s *scope, t *Type, d int) expr {
	var e expr
	opts := []option{
		{3, func() bool {
			vs := s.find(t, func(v *variable) bool { return !v.isConst })
			if len(vs) == 0 {
				return false
			}
			v := pick(g, vs)
			v.used = true
			e = plain(v.name)
			return true
		}},
		{5, func() bool { e = plain(g.funcLit(s, t, d)); return true }},
		{2, func() bool {
			for _, f := range g.u.funcs {
				if !f.variadic && sigString(f.params, f.results) == sigString(t.Params, t.Results) {
					e = plain(f.name)
					return true
				}
			}
			return false
		}},
	}
	if g.choose(opts...) {
		return e
	}
	return plain(g.funcLit(s, t, d))
}

// funcLit writes a function literal of type t whose body computes its
// results from its parameters and the variables in scope (read only).
func (g *gen) funcLit(s *scope, t *Type, d int) string {
	inner := newScope(s)
	inner.fn = &fnCtx{results: t.Results}
	inner.loop = false
	var params []string
	for _, p := range t.Params {
		n := g.local("p")
		params = append(params, n+" "+p.String())
		inner.add(&variable{name: n, t: p, noAssign: true, used: true})
	}
	w := newWriter(0)
	w.indent = 1
	g.pureStmts(w, inner, g.r.Intn(3))
	g.returnStmt(w, inner, t.Results)
	body := w.String()
	res := ""
	switch len(t.Results) {
	case 0:
	case 1:
		res = " " + t.Results[0].String()
	default:
		var rs []string
		for _, r := range t.Results {
			rs = append(rs, r.String())
		}
		res = " (" + strings.Join(rs, ", ") + ")"
	}
	return "func(" + strings.Join(params, ", ") + ")" + res + " {\n" + body + "}"
}

// tparamExpr is a value of a type parameter T.
func (g *gen) tparamExpr(s *scope, t *Type, d int) expr {
	var e expr
	ok := false
	numeric := len(t.TypeSet) > 0
	for _, m := range t.TypeSet {
		if !m.Kind.isNumeric() {
			numeric = false
		}
	}
	opts := []option{
		{6, func() bool { e, ok = g.leafVar(s, t); return ok }},
		{1, func() bool { e = plain("*new(" + t.Name + ")"); return true }},
	}
	if numeric {
		opts = append(opts,
			option{3, func() bool {
				// T(c): c representable by every type in T's set
				e = plain(t.Name + "(" + strconv.Itoa(g.r.Intn(100)) + ")")
				return true
			}},
			option{3, func() bool {
				if d <= 0 {
					return false
				}
				x, y := g.tparamExpr(s, t, d-1), g.tparamExpr(s, t, d-1)
				e = plain(paren(x.s) + " " + pick(g, []string{"+", "-", "*"}) + " " + paren(y.s))
				return true
			}},
		)
	}
	if g.choose(opts...) {
		return e
	}
	return plain("*new(" + t.Name + ")")
}

// access reaches a value of type t in one step from a variable: a field,
// an element, a map entry, a dereference, a method call.
func (g *gen) access(s *scope, t *Type, d int) (expr, bool) {
	var cands []string
	for _, v := range s.all() {
		if v.isConst {
			continue
		}
		vt := v.t
		base := v.name
		if vt.Kind == Pointer {
			if identical(vt.Elem, t) {
				cands = append(cands, "*"+v.name)
			}
			vt = vt.Elem
		}
		switch vt.Kind {
		case Struct:
			for _, path := range fieldPaths(vt, t, 2) {
				cands = append(cands, base+"."+path)
			}
		case Slice:
			if identical(vt.Elem, t) && v.minLen > 0 && vt == v.t {
				cands = append(cands, fmt.Sprintf("%s[%d]", base, g.r.Intn(v.minLen)))
			}
		case Array:
			if identical(vt.Elem, t) && vt.Len > 0 {
				if g.chance(3) {
					// a non-constant index, in range
					cands = append(cands, fmt.Sprintf("%s[uint(%s)%%%d]", base, g.nonNegIndex(s), vt.Len))
				} else {
					cands = append(cands, fmt.Sprintf("%s[%d]", base, g.r.Intn(vt.Len)))
				}
			}
		case Map:
			// (a missing key gives the zero value)
			if identical(vt.Elem, t) && vt == v.t && t.zeroSafe() {
				if k := g.mapKey(s, vt.Key, d-1); k != "" {
					cands = append(cands, base+"["+k+"]")
				}
			}
		case String:
			if identical(t, tByte) && v.minLen > 0 && vt == v.t && !vt.Named {
				cands = append(cands, fmt.Sprintf("%s[%d]", base, g.r.Intn(v.minLen)))
			}
		}
		// a method with one result of type t (value receiver, or a
		// pointer receiver on an addressable variable)
		if v.t.Kind != Interface && v.t.Kind != TypeParam {
			mt := v.t
			ptr := false
			if mt.Kind == Pointer {
				mt, ptr = mt.Elem, true
			}
			set := mt.methodSet(true)
			for _, name := range sortedMethodNames(set) {
				m := set[name]
				if m.Ptr && !ptr && v.noAssign {
					continue
				}
				if m.Ptr || len(m.Results) != 1 || !identical(m.Results[0], t) || isMutator(name) {
					continue
				}
				var args []string
				for _, p := range m.Params {
					args = append(args, g.expr(s, p, d-1).s)
				}
				cands = append(cands, base+"."+name+"("+strings.Join(args, ", ")+")")
			}
		} else if v.t.Kind == Interface {
			for _, m := range v.t.Methods {
				if len(m.Results) == 1 && identical(m.Results[0], t) && len(m.Params) == 0 && v.dynPrintable {
					cands = append(cands, base+"."+m.Name+"()")
				}
			}
		}
	}
	if len(cands) == 0 {
		return expr{}, false
	}
	return plain(pick(g, cands)), true
}

// isMutator: methods named like this change their receiver (pointer
// receivers only); they are called as statements, never in expressions.
func isMutator(name string) bool {
	return strings.HasPrefix(name, "Set") || strings.HasPrefix(name, "Inc") || strings.HasPrefix(name, "Push") ||
		strings.HasPrefix(name, "Pop") || strings.HasPrefix(name, "Reset") || strings.HasPrefix(name, "Scale") ||
		strings.HasPrefix(name, "Add")
}

// fieldPaths lists selector paths from a struct of type st to fields of
// type t, through embedded fields (promotion) up to depth.
func fieldPaths(st, t *Type, depth int) []string {
	var out []string
	names := map[string]int{}
	for _, f := range st.Fields {
		names[f.fieldName()]++
	}
	for _, f := range st.Fields {
		if identical(f.T, t) {
			out = append(out, f.fieldName())
		}
		if depth > 0 {
			inner := f.T
			if inner.Kind == Pointer {
				inner = inner.Elem
			}
			if inner.Kind == Struct {
				for _, p := range fieldPaths(inner, t, depth-1) {
					out = append(out, f.fieldName()+"."+p)
					if f.Embedded && names[strings.Split(p, ".")[0]] == 0 && promoted(st, strings.Split(p, ".")[0]) {
						out = append(out, p) // promoted
					}
				}
			}
		}
	}
	return out
}

// promoted: a selector name reaches exactly one field at the shallowest
// depth among st's embedded structs (else it is ambiguous).
func promoted(st *Type, name string) bool {
	n := 0
	for _, f := range st.Fields {
		if !f.Embedded {
			continue
		}
		inner := f.T
		if inner.Kind == Pointer {
			inner = inner.Elem
		}
		for _, g := range inner.Fields {
			if g.fieldName() == name {
				n++
			}
		}
		if inner.method(name) != nil {
			n++
		}
	}
	return n == 1
}

// nonNegIndex is a non-negative int expression for a modular index.
func (g *gen) nonNegIndex(s *scope) string {
	if v := g.leafNonConst(s, basic(Int)); v != "" {
		return v
	}
	return strconv.Itoa(g.r.Intn(10))
}

// callReturning calls a declared function, method or generic function
// with a result of type t, declaring a new helper sometimes.
func (g *gen) callReturning(s *scope, t *Type, d int) (expr, bool) {
	if t.Kind == TypeParam {
		return expr{}, false
	}
	var cands []*funcDecl
	for _, f := range g.u.funcs {
		if len(f.results) == 1 && identical(f.results[0], t) {
			cands = append(cands, f)
		}
	}
	if len(cands) == 0 && g.chance(3) || g.chance(12) {
		if len(g.u.funcs) < 5 && d > 0 && !g.u.inDecl {
			cands = append(cands, g.helperFunc([]*Type{t}))
		}
	}
	if len(cands) == 0 {
		return g.genericCall(s, t, d)
	}
	if g.chance(4) {
		if e, ok := g.genericCall(s, t, d); ok {
			return e, true
		}
	}
	f := pick(g, cands)
	return plain(g.callArgs(s, f, d)), true
}

// callArgs writes a call of f with generated arguments.
func (g *gen) callArgs(s *scope, f *funcDecl, d int) string {
	var args []string
	for i, p := range f.params {
		if f.variadic && i == len(f.params)-1 {
			switch g.r.Intn(3) {
			case 0: // no variadic arguments
			case 1:
				for j := 0; j < 1+g.r.Intn(3); j++ {
					args = append(args, g.expr(s, p.Elem, d-1).s)
				}
			default:
				args = append(args, g.sliceExpr(s, p, d-1, 0).s+"...")
			}
			continue
		}
		args = append(args, g.expr(s, p, d-1).s)
	}
	return f.name + "(" + strings.Join(args, ", ") + ")"
}

func sortedMethodNames(set map[string]*Method) []string {
	names := make([]string, 0, len(set))
	for n := range set {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// hdr wraps an expression holding a composite literal in parentheses,
// as the header of an if, for or switch statement needs.
func hdr(s string) string {
	if strings.Contains(s, "{") {
		return "(" + s + ")"
	}
	return s
}
