package progen

import (
	"fmt"
	"go/constant"
	"strconv"
	"strings"
)

// stmt emits one statement (or a few) of feature f.
func (g *gen) stmt(w *writer, s *scope, f Feature) {
	d := g.cfg.Depth
	switch f {
	case FNumeric:
		g.numericStmt(w, s, d)
	case FConst:
		g.constStmt(w, s, d)
	case FConvert:
		g.convertStmt(w, s, d)
	case FFloat:
		g.floatStmt(w, s, d)
	case FComposite:
		g.compositeStmt(w, s, d)
	case FMulti:
		g.multiStmt(w, s, d)
	case FOrder:
		g.orderStmt(w, s, d)
	case FControl:
		g.controlStmt(w, s, d)
	case FClosure:
		g.closureStmt(w, s, d)
	case FMethod:
		g.methodStmt(w, s, d)
	case FIface:
		g.ifaceStmt(w, s, d)
	case FDefer:
		g.deferStmt(w, s, d)
	case FMap:
		g.mapStmt(w, s, d)
	case FSlice:
		g.sliceStmt(w, s, d)
	case FString:
		g.stringStmt(w, s, d)
	case FGeneric:
		g.genericStmt(w, s, d)
	case FPrintf:
		g.printfStmt(w, s, d)
	case FStringer:
		g.stringerStmt(w, s, d)
	case FFunc:
		g.funcStmt(w, s, d)
	case FStructCmp:
		g.structCmpStmt(w, s, d)
	case FPointer:
		g.pointerStmt(w, s, d)
	case FBlock:
		g.blockStmt(w, s, d)
	case FCompound:
		g.compoundStmt(w, s, d)
	case FLoopVar:
		g.loopVarStmt(w, s, d)
	case FBuiltin:
		g.builtinStmt(w, s, d)
	case FInterfaceE:
		g.embedIfaceStmt(w, s, d)
	case FChan:
		g.chanStmt(w, s, d)
	default:
		g.numericStmt(w, s, d)
	}
}

// declare writes a declaration of a new variable of type t holding e in
// one of Go's forms and prints it; it returns the variable.
func (g *gen) declare(w *writer, s *scope, t *Type, e expr) *variable {
	name := g.local("v")
	g.declareAs(w, s, name, t, e)
	v := s.add(&variable{name: name, t: t, minLen: e.minLen})
	if t.Kind == Interface {
		v.dynPrintable = false
	}
	g.show(w, s, name, t)
	return v
}

// declareAs writes the declaration of name (type t) = e.
func (g *gen) declareAs(w *writer, s *scope, name string, t *Type, e expr) {
	switch {
	case e.untyped || e.ctx:
		// the context gives the constant its type
		if g.chance(3) && !e.ctx && defaultIs(e, t) {
			w.line("var %s = %s", name, e.s)
		} else {
			w.line("var %s %s = %s", name, t, e.s)
		}
	case g.chance(4):
		w.line("var %s %s = %s", name, t, e.s)
	default:
		w.line("%s := %s", name, e.s)
	}
}

// defaultIs: an untyped constant's default type is t.
func defaultIs(e expr, t *Type) bool {
	return e.untyped && !t.Named && t.Kind == e.ukind && (t.Name == kindNames[t.Kind] || t.Name == "rune" && e.ukind == Int32)
}

// show prints a value so that the output reveals it: fmt.Println of a
// printable value, else of its printable parts.
func (g *gen) show(w *writer, s *scope, x string, t *Type) {
	if v := g.view(s, x, t, 0); v != "" {
		if g.chance(6) {
			w.line("fmt.Printf(\"%%v\\n\", %s)", v)
		} else {
			w.line("fmt.Println(%s)", v)
		}
	} else {
		w.line("_ = %s", x)
	}
}

// view is a printable expression showing x of type t, or "".
func (g *gen) view(s *scope, x string, t *Type, depth int) string {
	if depth > 2 {
		return ""
	}
	if t.printable() {
		return x
	}
	switch t.Kind {
	case Pointer:
		if v := g.view(s, "(*"+x+")", t.Elem, depth+1); v != "" {
			if t.Elem.printable() {
				return "*" + x
			}
			return v
		}
	case Interface:
		if vs := s.find(t, nil); len(vs) > 0 {
			for _, v := range vs {
				if v.name == x && v.dynPrintable {
					return x
				}
			}
		}
		return "fmt.Sprintf(\"%T\", " + x + ")"
	case Struct:
		var parts []string
		for _, f := range t.Fields {
			if v := g.view(s, x+"."+f.fieldName(), f.T, depth+1); v != "" {
				parts = append(parts, v)
			}
		}
		return strings.Join(parts, ", ")
	case Slice, Map:
		return "len(" + x + ")"
	case Array:
		return "len(" + x + ")"
	case Func:
		if len(t.Params) == 0 && len(t.Results) == 1 && t.Results[0].printable() {
			return x + "()"
		}
	}
	return ""
}

// assignable lists the variables a statement may assign.
func (g *gen) assignable(s *scope, f func(*variable) bool) []*variable {
	var out []*variable
	for _, v := range s.all() {
		if v.isConst || v.noAssign {
			continue
		}
		if f == nil || f(v) {
			out = append(out, v)
		}
	}
	return out
}

// numericStmt declares or changes a numeric variable and prints it.
func (g *gen) numericStmt(w *writer, s *scope, d int) {
	vs := g.assignable(s, func(v *variable) bool { return v.t.Kind.isNumeric() })
	if len(vs) == 0 || g.chance(2) {
		t := g.randNumeric()
		g.declare(w, s, t, g.expr(s, t, d))
		return
	}
	v := pick(g, vs)
	switch g.r.Intn(5) {
	case 0:
		w.line("%s = %s", v.name, g.expr(s, v.t, d).s)
	case 1:
		if v.t.Kind.isComplex() || g.chance(2) {
			w.line("%s%s", v.name, pick(g, []string{"++", "--"}))
		} else {
			g.opAssign(w, s, v, d)
		}
	default:
		g.opAssign(w, s, v, d)
	}
	g.show(w, s, v.name, v.t)
}

// opAssign writes v op= e (the right side an expression of v's type:
// an untyped constant converts to it; shifts take any integer count).
func (g *gen) opAssign(w *writer, s *scope, v *variable, d int) {
	k := v.t.Kind
	ops := []string{"+=", "-=", "*=", "/="}
	if k.isInteger() {
		ops = append(ops, "%=", "&=", "|=", "^=", "&^=", "<<=", ">>=")
	}
	op := pick(g, ops)
	switch op {
	case "<<=", ">>=":
		n := strconv.Itoa(g.r.Intn(70))
		if g.chance(2) {
			if c := g.leafNonConst(s, basic(pick(g, []Kind{Uint, Uint8, Int}))); c != "" {
				n = "(" + c + " & 63)"
			}
		}
		w.line("%s %s %s", v.name, op, n)
		return
	case "/=", "%=":
		e := g.expr(s, v.t, d-1)
		if e.isConst() {
			if constant.Sign(e.cv) == 0 {
				w.line("%s -= %s", v.name, e.s)
				return
			}
			w.line("%s %s %s", v.name, op, e.s)
			return
		}
		if k.isInteger() {
			w.line("%s %s (%s | 1)", v.name, op, e.s)
		} else {
			w.line("%s %s %s", v.name, op, e.s)
		}
		return
	}
	w.line("%s %s %s", v.name, op, g.expr(s, v.t, d-1).s)
}

// constStmt declares constants: untyped expressions (printed through
// their default type, which must hold them), typed ones, iota blocks.
func (g *gen) constStmt(w *writer, s *scope, d int) {
	switch g.r.Intn(4) {
	case 0:
		// an iota block
		t := g.randNumeric()
		if t.Kind.isComplex() || t.Kind.isFloat() && g.chance(2) {
			t = basic(Int)
		}
		typed := g.chance(2)
		n := 2 + g.r.Intn(4)
		var exprs = []string{"iota", "iota * 2", "1 << iota", "iota + 1", "10 - iota", "iota * iota", "-iota"}
		ex := pick(g, exprs)
		var names []string
		for i := 0; i < n; i++ {
			names = append(names, g.local("c"))
		}
		// check every value against t
		var vals []constant.Value
		for i := 0; i < n; i++ {
			v := iotaValue(ex, i)
			if typed {
				if representable(v, t.Kind) == nil {
					typed = false
				}
			}
			vals = append(vals, v)
		}
		w.open("const (")
		if typed {
			w.line("%s %s = %s", names[0], t, ex)
		} else {
			w.line("%s = %s", names[0], ex)
		}
		skip := g.r.Intn(n)
		for i := 1; i < n; i++ {
			if i == skip && g.chance(2) {
				w.line("_")
				names[i] = ""
				continue
			}
			w.line("%s", names[i])
		}
		w.close(")")
		var shown []string
		for i, nm := range names {
			if nm == "" {
				continue
			}
			c := &variable{name: nm, isConst: true, cv: vals[i], used: true}
			if typed {
				c.t = t
			} else {
				c.t, c.untyped = basic(Int), true
			}
			s.add(c)
			shown = append(shown, nm)
		}
		w.line("fmt.Println(%s)", strings.Join(shown, ", "))
	case 1, 2:
		// an untyped constant expression
		k := pick(g, []Kind{Int, Float64, Int, Complex128, Int32})
		e := g.untypedConst(s, k, d)
		name := g.local("c")
		w.line("const %s = %s", name, e.s)
		c := s.add(&variable{name: name, t: basic(e.ukind), isConst: true, untyped: true, cv: e.cv, used: true})
		if e.ukind == Int32 {
			c.t = tRune
		}
		g.showConst(w, c)
	default:
		// a typed constant
		t := g.randNumeric()
		if g.chance(5) {
			t = basic(String)
		}
		e := g.expr(s, t, d)
		if !e.isConst() {
			e2, ok := g.typedLit(t)
			if !ok {
				return
			}
			e = e2
		}
		v := representable(e.cv, t.Kind)
		if v == nil {
			return
		}
		name := g.local("c")
		w.line("const %s %s = %s", name, t, e.s)
		c := s.add(&variable{name: name, t: t, isConst: true, cv: v, used: true})
		g.showConst(w, c)
	}
}

// showConst prints a constant: an untyped one through its default type
// when it holds the value, else converted to float64 or shifted down.
func (g *gen) showConst(w *writer, c *variable) {
	v := c.cv.(constant.Value)
	if !c.untyped || representable(v, c.t.Kind) != nil {
		w.line("fmt.Println(%s)", c.name)
		return
	}
	if c.t.Kind == Int || c.t.Kind == Int32 {
		if f := representable(v, Float64); f != nil {
			w.line("fmt.Println(float64(%s))", c.name)
			return
		}
	}
	if c.t.Kind == Int && constant.Sign(v) > 0 {
		bits := constant.BitLen(v)
		if bits > 60 {
			w.line("fmt.Println(%s >> %d)", c.name, bits-60)
			return
		}
	}
	w.line("_ = %s == %s", c.name, c.name)
}

// iotaValue is the value of an iota expression at index i.
func iotaValue(ex string, i int) constant.Value {
	n := int64(i)
	switch ex {
	case "iota * 2":
		n = n * 2
	case "1 << iota":
		n = 1 << n
	case "iota + 1":
		n++
	case "10 - iota":
		n = 10 - n
	case "iota * iota":
		n = n * n
	case "-iota":
		n = -n
	}
	return constant.MakeInt64(n)
}

// convertStmt declares variables through conversions and prints them.
func (g *gen) convertStmt(w *writer, s *scope, d int) {
	switch g.r.Intn(4) {
	case 0:
		// string, byte and rune conversions
		str := g.exprSelf(s, basic(String), d-1)
		v := g.local("v")
		switch g.r.Intn(4) {
		case 0:
			w.line("%s := []byte(%s)", v, str.s)
			w.line("fmt.Println(%s, len(%s), string(%s))", v, v, v)
		case 1:
			w.line("%s := []rune(%s)", v, str.s)
			w.line("fmt.Println(%s, len(%s), string(%s))", v, v, v)
		case 2:
			r := g.exprSelf(s, tRune, d-1)
			w.line("%s := string(%s)", v, r.s)
			w.line("fmt.Println(%s, len(%s), []byte(%s))", v, v, v)
		default:
			n := g.exprSelf(s, g.randNumeric(), d-1)
			if strings.Contains(n.s, "complex") {
				n = g.exprSelf(s, basic(Int), d-1)
			}
			w.line("%s := fmt.Sprint(%s)", v, n.s)
			w.line("fmt.Println(%s, len(%s))", v, v)
		}
	default:
		t := g.randNumeric()
		e, ok := g.conversion(s, t, d)
		if !ok {
			e = g.expr(s, t, d)
		}
		g.declare(w, s, t, e)
	}
}

// floatStmt computes with NaN, infinities and -0 and prints them and
// comparisons of them.
func (g *gen) floatStmt(w *writer, s *scope, d int) {
	g.imp("math")
	t := basic(pick(g, []Kind{Float64, Float64, Float32}))
	v := g.local("f")
	var src string
	switch g.r.Intn(7) {
	case 0:
		src = "math.NaN()"
	case 1:
		src = "math.Inf(" + pick(g, []string{"1", "-1"}) + ")"
	case 2:
		src = "math.Copysign(0, -1)"
	case 3:
		// -0 from arithmetic on a zero variable
		z := g.local("z")
		w.line("%s := 0.0", z)
		src = "-" + z
		if g.chance(2) {
			src = z + " * -1"
		}
	case 4:
		z := g.local("z")
		w.line("%s := 0.0", z)
		src = pick(g, []string{"1 / " + z, "-1 / " + z, z + " / " + z})
	default:
		src = ""
	}
	if src == "" {
		src = g.exprSelf(s, t, d).s
	} else if t.Kind == Float32 {
		src = "float32(" + src + ")"
	}
	w.line("%s := %s", v, src)
	fv := s.add(&variable{name: v, t: t})
	other := g.expr(s, t, d-1)
	switch g.r.Intn(5) {
	case 0:
		w.line("fmt.Println(%s, %s == %s, %s != %s, %s < %s, %s > %s)", v, v, v, v, v, v, paren(other.s), v, paren(other.s))
	case 1:
		w.line("fmt.Println(%s, math.Signbit(float64(%s)), 1/%s)", v, v, v)
	case 2:
		w.line("fmt.Println(%s+%s, %s*%s, %s-%s)", v, paren(other.s), v, paren(other.s), v, v)
	case 3:
		w.line("fmt.Println(min(%s, %s), max(%s, %s))", v, paren(other.s), v, paren(other.s))
	default:
		w.line("fmt.Printf(\"%%v %%.3f %%e %%g\\n\", %s, %s, %s, %s)", v, v, v, v)
	}
	_ = fv
}

// compositeStmt declares composite values, alone or in multi-value
// declarations and assignments beside other values (c, d := []int{1}, n).
func (g *gen) compositeStmt(w *writer, s *scope, d int) {
	pickComposite := func() *Type {
		for try := 0; try < 10; try++ {
			t := g.randType(2, typeOpts{})
			switch t.Kind {
			case Struct, Slice, Map, Array, Pointer:
				return t
			}
		}
		return sliceOf(basic(Int))
	}
	switch g.r.Intn(3) {
	case 0:
		t := pickComposite()
		g.declare(w, s, t, g.expr(s, t, d))
	default:
		// several values at once, composite literals among them
		n := 2 + g.r.Intn(2)
		var names, vals []string
		var types []*Type
		var es []expr
		for i := 0; i < n; i++ {
			var t *Type
			if i == 0 || g.chance(2) {
				t = pickComposite()
			} else {
				t = g.randType(1, typeOpts{})
			}
			e := g.exprSelf(s, t, d-1)
			if t.Kind.isBasic() && g.chance(2) {
				if vs := g.assignable(s, func(v *variable) bool { return identical(v.t, t) }); len(vs) > 0 {
					e = plain(pick(g, vs).name)
				}
			}
			names = append(names, g.local("v"))
			vals = append(vals, e.s)
			types = append(types, t)
			es = append(es, e)
		}
		if g.chance(3) {
			var ts []string
			same := true
			for _, t := range types {
				ts = append(ts, t.String())
				if !identical(t, types[0]) {
					same = false
				}
			}
			if same {
				w.line("var %s %s = %s", strings.Join(names, ", "), types[0], strings.Join(vals, ", "))
			} else {
				w.line("var %s = %s", strings.Join(names, ", "), strings.Join(vals, ", "))
			}
		} else {
			w.line("%s := %s", strings.Join(names, ", "), strings.Join(vals, ", "))
		}
		for i, nm := range names {
			s.add(&variable{name: nm, t: types[i], minLen: es[i].minLen})
		}
		for i, nm := range names {
			g.show(w, s, nm, types[i])
		}
		// and an assignment of new composite values to them
		if g.chance(2) {
			var lhs, rhs []string
			for i, nm := range names {
				lhs = append(lhs, nm)
				e := g.exprSelf(s, types[i], d-1)
				if e.minLen < es[i].minLen && types[i].Kind == Slice {
					e = g.sliceExpr(s, types[i], d-1, es[i].minLen)
				}
				rhs = append(rhs, e.s)
			}
			w.line("%s = %s", strings.Join(lhs, ", "), strings.Join(rhs, ", "))
			for i, nm := range names {
				g.show(w, s, nm, types[i])
			}
		}
	}
}

// multiStmt writes multi-value assignments: swaps and rotations, index
// expressions on the left whose index changes in the same statement
// (i, a[i] = 1, 2), assignments from functions with several results.
func (g *gen) multiStmt(w *writer, s *scope, d int) {
	if g.chance(5) {
		g.commaOkAssignStmt(w, s, d)
		return
	}
	switch g.r.Intn(5) {
	case 0:
		// swap or rotate variables of one type
		t := g.randType(1, typeOpts{})
		vs := g.assignable(s, func(v *variable) bool { return identical(v.t, t) })
		for len(vs) < 2+g.r.Intn(2) {
			vs = append(vs, g.declare(w, s, t, g.exprSelf(s, t, d-1)))
		}
		var lhs, rhs []string
		rot := vs[:min(len(vs), 3)]
		lens := make([]int, len(rot))
		for i, v := range rot {
			lhs = append(lhs, v.name)
			rhs = append(rhs, rot[(i+1)%len(rot)].name)
			lens[i] = rot[(i+1)%len(rot)].minLen
		}
		for i, v := range rot {
			v.minLen = lens[i] // a slice's known length moves with it
		}
		if g.chance(3) {
			// an expression of the old values
			if t.Kind.isNumeric() {
				rhs[0] = paren(rhs[0]) + " + " + paren(lhs[0])
			}
		}
		w.line("%s = %s", strings.Join(lhs, ", "), strings.Join(rhs, ", "))
		var show []string
		for _, l := range lhs {
			if x := g.view(s, l, t, 0); x != "" {
				show = append(show, x)
			}
		}
		if len(show) > 0 {
			w.line("fmt.Println(%s)", strings.Join(show, ", "))
		}
	case 1:
		// i, a[i] = x, y: the index is the old i
		i := g.local("i")
		a := g.local("a")
		et := g.randNumeric()
		n := 3 + g.r.Intn(3)
		w.line("%s := 0", i)
		lit := g.sliceLit(s, sliceOf(et), d-1, n)
		w.line("%s := %s", a, lit.s)
		s.add(&variable{name: a, t: sliceOf(et), minLen: lit.minLen})
		forms := []string{
			"%[1]s, %[2]s[%[1]s] = %[3]d, %[4]s",
			"%[2]s[%[1]s], %[1]s = %[4]s, %[3]d",
			"%[1]s, %[2]s[%[1]s+1] = %[3]d, %[4]s",
			"%[2]s[%[1]s], %[2]s[%[3]d] = %[2]s[%[3]d], %[2]s[%[1]s]",
		}
		w.line(pick(g, forms), i, a, 1+g.r.Intn(n-2), g.exprSelf(s, et, d-1).s)
		w.line("fmt.Println(%s, %s)", i, a)
	case 2:
		// a function with several results
		rs := []*Type{g.randType(1, typeOpts{}), g.randType(1, typeOpts{})}
		if g.chance(3) {
			rs = append(rs, basic(Bool))
		}
		f := g.funcWith(rs)
		var names []string
		for range rs {
			names = append(names, g.local("r"))
		}
		blank := -1
		if g.chance(3) {
			blank = g.r.Intn(len(names))
			names[blank] = "_"
		}
		w.line("%s := %s", strings.Join(names, ", "), g.callArgs(s, f, d-1))
		allBlank := true
		for i, nm := range names {
			if nm == "_" {
				continue
			}
			allBlank = false
			s.add(&variable{name: nm, t: rs[i]})
			g.show(w, s, nm, rs[i])
		}
		_ = allBlank
	case 3:
		// a, b = b, a+b in a loop
		t := basic(pick(g, []Kind{Int, Int8, Uint16, Float64, Int64}))
		a, b := g.local("a"), g.local("b")
		w.line("%s, %s := %s(%d), %s(%d)", a, b, t, g.r.Intn(3), t, 1+g.r.Intn(3))
		n := 5 + g.r.Intn(30)
		w.open("for range %d {", n)
		w.line("%s, %s = %s, %s+%s", a, b, b, a, b)
		w.close("}")
		w.line("fmt.Println(%s, %s)", a, b)
		s.add(&variable{name: a, t: t})
		s.add(&variable{name: b, t: t})
	default:
		// a struct field and a variable in one assignment
		st := g.structType(1)
		v := g.local("s")
		w.line("%s := %s", v, g.structLit(s, st, d-1).s)
		sv := s.add(&variable{name: v, t: st})
		var lhs, rhs []string
		var fs []Field
		for _, f := range st.Fields {
			if !f.Embedded {
				fs = append(fs, f)
			}
		}
		if len(fs) == 0 {
			g.show(w, s, v, st)
			return
		}
		for _, f := range fs[:min(len(fs), 2)] {
			lhs = append(lhs, v+"."+f.Name)
			rhs = append(rhs, g.exprSelf(s, f.T, d-1).s)
		}
		if len(fs) >= 2 && identical(fs[0].T, fs[1].T) && g.chance(2) {
			rhs = []string{v + "." + fs[1].Name, v + "." + fs[0].Name}
		}
		w.line("%s = %s", strings.Join(lhs, ", "), strings.Join(rhs, ", "))
		g.show(w, s, v, st)
		_ = sv
	}
}

// funcWith returns a declared function with exactly these results.
func (g *gen) funcWith(rs []*Type) *funcDecl {
	for _, f := range g.u.funcs {
		if len(f.results) == len(rs) {
			ok := true
			for i := range rs {
				if !identical(f.results[i], rs[i]) {
					ok = false
				}
			}
			if ok {
				return f
			}
		}
	}
	return g.helperFunc(rs)
}

// tracer declares the unit's tracing functions: they print a tag and
// return their argument, making the order of evaluation visible.
func (g *gen) tracer() (ti, ts string) {
	n := fmt.Sprint(g.u.idx)
	ti, ts = "tr"+n, "trs"+n
	if !g.u.hasTrace {
		g.u.hasTrace = true
		g.decl(fmt.Sprintf("func %s(tag string, v int) int {\n\tfmt.Print(tag, \" \")\n\treturn v\n}", ti))
		g.decl(fmt.Sprintf("func %s(tag string, v string) string {\n\tfmt.Print(tag, \" \")\n\treturn v\n}", ts))
	}
	return ti, ts
}

// orderStmt writes expressions and assignments whose calls print in the
// order Go evaluates them: left to right for operands, arguments,
// composite literal elements, index expressions on either side of an
// assignment, op-assignments, map keys and values, method receivers.
func (g *gen) orderStmt(w *writer, s *scope, d int) {
	ti, ts := g.tracer()
	tag := 0
	call := func() string {
		tag++
		return fmt.Sprintf("%s(%q, %d)", ti, string(rune('a'+tag-1)), g.r.Intn(10))
	}
	callS := func() string {
		tag++
		return fmt.Sprintf("%s(%q, %s)", ts, string(rune('a'+tag-1)), pick(g, stringLits).s)
	}
	var tree func(depth int) string
	tree = func(depth int) string {
		if depth <= 0 || g.chance(3) {
			if g.chance(4) {
				return strconv.Itoa(g.r.Intn(5))
			}
			return call()
		}
		op := pick(g, []string{"+", "-", "*", "+"})
		return "(" + tree(depth-1) + " " + op + " " + tree(depth-1) + ")"
	}
	v := g.local("o")
	switch g.r.Intn(8) {
	case 0:
		w.line("%s := %s", v, tree(3))
		w.line("fmt.Println(%s)", v)
	case 1:
		// composite literal elements and keys
		w.line("%s := []int{%s, %s, %s}", v, call(), call(), tree(1))
		w.line("fmt.Println(%s)", v)
		m := g.local("m")
		w.line("%s := map[string]int{%s: %s, %s: %s}", m, callS(), call(), callS(), call())
		w.line("fmt.Println(len(%s))", m)
	case 2:
		// index expressions on the left are evaluated before the right
		w.line("%s := make([]int, 5)", v)
		x := g.local("x")
		w.line("var %s int", x)
		w.line("%s[%s%%5], %s = %s, %s", v, call(), x, call(), call())
		w.line("fmt.Println(%s, %s)", v, x)
	case 3:
		// op-assignment: the index is evaluated once
		w.line("%s := []int{1, 2, 3, 4}", v)
		w.line("%s[%s%%4] += %s", v, call(), call())
		w.line("%s[%s%%4] *= %s", v, call(), tree(1))
		w.line("fmt.Println(%s)", v)
	case 4:
		// arguments of a call, including a variadic one
		f := g.local("f")
		w.line("%s := func(xs ...int) int { return len(xs) }", f)
		w.line("fmt.Println(%s(%s, %s, %s), %s)", f, call(), call(), tree(1), call())
	case 5:
		// map assignment: key, then value
		m := g.local("m")
		w.line("%s := map[string]int{}", m)
		w.line("%s[%s] = %s", m, callS(), call())
		w.line("%s[%s], %s[%s] = %s, %s", m, callS(), m, callS(), call(), call())
		w.line("fmt.Println(%s)", m)
	case 6:
		// a struct literal and a method receiver computed by calls
		st := fmt.Sprintf("struct{ A, B int }{%s, %s}", call(), call())
		w.line("%s := %s", v, st)
		w.line("fmt.Println(%s.A+%s, %s.B)", v, call(), v)
	default:
		// && and || evaluate their right operand only when needed
		w.line("%s := %s > 4 && %s > 2 || %s < 3", v, call(), call(), call())
		w.line("fmt.Println(%s)", v)
	}
}
