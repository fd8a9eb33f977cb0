package progen

import (
	"fmt"
	"strings"
)

// The productions of this file are forms users type that the older ones
// did not write: comma-ok forms assigned with = into existing variables,
// map elements, fields, slice elements and pointers' targets; simple
// statements (comma-ok too) in if, for and switch headers; method values
// of value receivers taken before the receiver changes; named non-struct
// types with methods held in interfaces; type switch cases listing
// several types; labelled break and continue out of switches and range
// loops; ranging over invalid UTF-8; 3-index slices of arrays, pointers
// to arrays and with variable indices. Each is reached through an
// existing feature (multi, map, control, method, iface, string, slice),
// so the features' weights keep their balance.

// invalidUTF8 are string literals with invalid UTF-8 (truncated,
// overlong, surrogate and stray continuation bytes).
var invalidUTF8 = []string{`"a\xffb"`, `"\xe2\x82"`, `"x\xc0\xafy"`, `"\xed\xa0\x80!"`, `"\x80\x80"`,
	`"é\xe9t"`, `"\xf4\x90\x80\x80"`, `"ok\xe4\xb8"`, `"\xf0\x9f\x98"`, `"\xc3"`}

// okElemType draws the value type of a comma-ok form.
func (g *gen) okElemType() *Type {
	if g.chance(2) {
		return g.randNumeric()
	}
	return g.randType(1, typeOpts{noIface: true})
}

// okPlace returns an assignable place of type t, declaring what it
// needs: an existing variable, a fresh variable, a map element, a
// struct field, a slice element or a pointer's target. It returns the
// place and an expression reading it back.
func (g *gen) okPlace(w *writer, s *scope, t *Type) string {
	switch g.r.Intn(6) {
	case 0:
		// (not a variable whose length, non-nil map or pointer later
		// statements rely on)
		if vs := g.assignable(s, func(v *variable) bool {
			return identical(v.t, t) && t.zeroSafe() && t.Kind != String &&
				!t.contains(func(x *Type) bool { return x.Kind == Slice || x.Kind == Map })
		}); len(vs) > 0 {
			v := pick(g, vs)
			v.minLen = 0
			return v.name
		}
		fallthrough
	case 1:
		x := g.local("x")
		w.line("var %s %s", x, t)
		s.add(&variable{name: x, t: t})
		return x
	case 2:
		m := g.local("pm")
		w.line("%s := map[string]%s{}", m, t)
		return m + `["k"]`
	case 3:
		st := g.local("st")
		w.line("var %s struct {\n%s\tV  %s\n%s\tOK bool\n%s}", st, strings.Repeat("\t", w.indent+1), t,
			strings.Repeat("\t", w.indent+1), strings.Repeat("\t", w.indent))
		return st + ".V"
	case 4:
		sl := g.local("sl")
		w.line("%s := make([]%s, 2)", sl, t)
		return sl + "[1]"
	default:
		p := g.local("px")
		w.line("%s := new(%s)", p, t)
		return "*" + p
	}
}

// okBool returns an assignable bool place.
func (g *gen) okBool(w *writer, s *scope) string {
	switch g.r.Intn(4) {
	case 0:
		if vs := g.assignable(s, func(v *variable) bool { return identical(v.t, basic(Bool)) }); len(vs) > 0 {
			return pick(g, vs).name
		}
		fallthrough
	case 1:
		ok := g.local("ok")
		w.line("var %s bool", ok)
		s.add(&variable{name: ok, t: basic(Bool)})
		return ok
	case 2:
		m := g.local("oks")
		w.line("%s := map[int]bool{}", m)
		return m + "[0]"
	default:
		ok := g.local("ok")
		w.line("%s := true", ok)
		s.add(&variable{name: ok, t: basic(Bool)})
		return ok
	}
}

// showPlace prints a place after a comma-ok assignment (its zero value
// when the form failed: only for types whose zero value prints).
func (g *gen) showPlace(w *writer, s *scope, place string, t *Type, ok string) {
	if vw := g.view(s, place, t, 0); vw != "" && t.zeroSafe() {
		w.line("fmt.Println(%s, %s)", vw, ok)
	} else {
		w.line("fmt.Println(%s)", ok)
		w.line("_ = %s", place)
	}
}

// commaOkAssignStmt: v, ok = m[k] / x.(T) / <-ch into existing places.
func (g *gen) commaOkAssignStmt(w *writer, s *scope, d int) {
	t := g.okElemType()
	if g.chance(4) {
		g.commaOkLoop(w, s, t, d)
		return
	}
	place := g.okPlace(w, s, t)
	ok := "_"
	if !g.chance(5) {
		ok = g.okBool(w, s)
	}
	switch g.r.Intn(3) {
	case 0:
		k := g.randType(0, typeOpts{comparable: true, printable: true, noIface: true})
		if k.Kind.isFloat() || k.Kind.isComplex() || k.Kind == Struct {
			k = basic(String)
		}
		mt := mapOf(k, t)
		m := g.local("m")
		w.line("%s := %s", m, g.mapLit(s, mt, d-1))
		for i := 0; i < 2; i++ {
			w.line("%s, %s = %s[%s]", place, ok, m, g.exprSelf(s, k, d-1).s)
			g.showPlace(w, s, place, t, okShown(ok))
		}
	case 1:
		a := g.local("a")
		var e expr
		if g.chance(2) {
			e = g.exprSelf(s, t, d-1)
		} else {
			e = g.exprSelf(s, g.okElemType(), d-1)
		}
		w.line("var %s any = %s", a, e.s)
		w.line("%s, %s = %s.(%s)", place, ok, a, t)
		g.showPlace(w, s, place, t, okShown(ok))
		w.line("%s = nil", a)
		w.line("%s, %s = %s.(%s)", place, ok, a, t)
		g.showPlace(w, s, place, t, okShown(ok))
	default:
		ch := g.local("ch")
		n := 1 + g.r.Intn(2)
		w.line("%s := make(chan %s, %d)", ch, t, n)
		for i := 0; i < n; i++ {
			w.line("%s <- %s", ch, g.exprSelf(s, t, d-1).s)
		}
		w.line("close(%s)", ch)
		for i := 0; i <= n; i++ {
			w.line("%s, %s = <-%s", place, ok, ch)
			g.showPlace(w, s, place, t, okShown(ok))
		}
		w.line("fmt.Println(len(%s), cap(%s))", ch, ch)
	}
}

func okShown(ok string) string {
	if ok == "_" {
		return `"_"`
	}
	return ok
}

// commaOkLoop: comma-ok defines of an assertion and a map read in loop
// bodies (yaegi v0.16 kept the last iteration's value on a failure).
func (g *gen) commaOkLoop(w *writer, s *scope, t *Type, d int) {
	// comma-ok defines in a loop body: a failure after a success
	// must give the zero value, not the last iteration's.
	xs, e := g.local("xs"), g.local("e")
	first, second := g.exprSelf(s, t, d-1).s, g.exprSelf(s, g.randNumeric(), d-1).s
	if g.chance(3) {
		first, second = second, first
	}
	w.line("%s := []any{%s, %s}", xs, first, second)
	w.open("for _, %s := range %s {", e, xs)
	x, xok := g.local("x"), g.local("ok")
	w.line("%s, %s := %s.(%s)", x, xok, e, t)
	g.showPlace(w, s, x, t, xok)
	w.close("}")
	m := g.local("m")
	w.line("%s := %s", m, g.mapLit(s, mapOf(basic(String), t), d-1))
	w.open("for _, k := range []string{%s, %s, \"missing\"} {", pick(g, stringLits).s, pick(g, stringLits).s)
	v, vok := g.local("v"), g.local("ok")
	w.line("%s, %s := %s[k]", v, vok, m)
	g.showPlace(w, s, v, t, vok)
	w.close("}")
}

// headerStmt: simple statements in if, for and switch headers.
func (g *gen) headerStmt(w *writer, s *scope, d int) {
	switch g.r.Intn(6) {
	case 0:
		// if v, ok := m[k]; ok { ... } else if ...
		t := g.okElemType()
		mt := mapOf(basic(String), t)
		m := g.local("m")
		w.line("%s := %s", m, g.mapLit(s, mt, d-1))
		s.add(&variable{name: m, t: mt})
		w.open("if v, ok := %s[%s]; ok {", m, pick(g, stringLits).s)
		g.showPlace(w, s, "v", t, `"found"`)
		w.close("} else if v, ok := " + m + "[" + pick(g, stringLits).s + "]; !ok {")
		w.indent++
		g.showPlace(w, s, "v", t, `"missing"`)
		w.close("} else {")
		w.indent++
		w.line("fmt.Println(\"second\", len(%s))", m)
		w.close("}")
	case 1:
		// if x, ok := a.(T); ok { ... } else if y, ok := a.(U); ok { ... }
		t1, t2 := g.okElemType(), g.randNumeric()
		a := g.local("a")
		src := t1
		if g.chance(2) {
			src = t2
		}
		w.line("var %s any = %s", a, g.exprSelf(s, src, d-1).s)
		w.open("if x, ok := %s.(%s); ok {", a, t1)
		g.showPlace(w, s, "x", t1, `"first"`)
		w.close(fmt.Sprintf("} else if y, ok := %s.(%s); ok {", a, t2))
		w.indent++
		g.showPlace(w, s, "y", t2, `"second"`)
		w.line("_ = x")
		w.close("} else {")
		w.indent++
		if t1.comparable() {
			w.line("fmt.Println(\"neither\", x == %s, y == %s)", zeroOf(t1), zeroOf(t2))
		} else {
			w.line("fmt.Println(\"neither\", y == %s)", zeroOf(t2))
			w.line("_ = x")
		}
		w.close("}")
	case 2:
		// switch x := f(); x { ... }
		t := basic(pick(g, []Kind{Int, Int8, Uint8, Int64}))
		var init string
		if g.chance(2) {
			f := g.funcWith([]*Type{t})
			init = g.callArgs(s, f, d-1)
		} else {
			init = g.exprSelf(s, t, d-1).s
		}
		x := g.local("x")
		w.open("switch %s := %s; %s {", x, hdr(init), x)
		seen := map[int]bool{}
		for i := 0; i < 2+g.r.Intn(3); i++ {
			c := g.r.Intn(10)
			if seen[c] {
				continue
			}
			seen[c] = true
			w.line("case %d:", c)
			w.line("\tfmt.Println(\"case\", %s)", x)
		}
		w.line("default:")
		w.line("\tfmt.Println(\"default\", %s)", x)
		w.close("}")
	case 3:
		// switch v, ok := m[k]; { case !ok: ... }, switch i := e; x := a.(type)
		if g.chance(2) {
			t := g.randNumeric()
			m := g.local("m")
			w.line("%s := %s", m, g.mapLit(s, mapOf(basic(Int), t), d-1))
			w.open("switch v, ok := %s[%d]; {", m, g.r.Intn(6)-2)
			w.line("case !ok:")
			w.line("\tfmt.Println(\"absent\", v)")
			w.line("case v == 0:")
			w.line("\tfmt.Println(\"zero\")")
			w.line("default:")
			w.line("\tfmt.Println(\"value\", v)")
			w.close("}")
		} else {
			t := g.okElemType()
			a := g.local("a")
			w.line("var %s any = %s", a, g.exprSelf(s, t, d-1).s)
			w.open("switch y := %s; x := y.(type) {", a)
			w.line("case %s:", t)
			g.showPlace(w, s, "x", t, `"match"`)
			w.line("case nil:")
			w.line("\tfmt.Println(\"nil\", y == nil)")
			w.line("default:")
			w.line("\tfmt.Printf(\"%%T\\n\", x)")
			w.close("}")
		}
	case 4:
		// for with several variables in its header, a receive in one
		n := 2 + g.r.Intn(4)
		t := basic(pick(g, []Kind{Int, Int16, Uint32, Float64}))
		acc := g.local("acc")
		w.open("for i, j, %s := 0, %d, %s(%d); i < j; i, j = i+1, j-1 {", acc, n, t, g.r.Intn(5))
		w.line("%s += %s(i * j)", acc, t)
		w.line("fmt.Println(i, j, %s)", acc)
		w.close("}")
		ch := g.local("ch")
		w.line("%s := make(chan int, 3)", ch)
		w.line("%s <- %d", ch, g.r.Intn(5))
		w.line("%s <- %d", ch, g.r.Intn(5))
		w.line("close(%s)", ch)
		w.open("if v := <-%s; v > %d {", ch, g.r.Intn(4))
		w.line("fmt.Println(\"big\", v)")
		w.close("} else {")
		w.indent++
		w.line("fmt.Println(\"small\", v)")
		w.close("}")
		w.open("for v := range %s {", ch)
		w.line("fmt.Println(\"rest\", v)")
		w.close("}")
	default:
		// if n := len(x); n > k, if err := f(); err != nil
		str := g.exprSelf(s, basic(String), d-1).s
		w.open("if n := len(%s); n > %d {", str, g.r.Intn(5))
		w.line("fmt.Println(\"long\", n)")
		w.close("} else if n == 0 {")
		w.indent++
		w.line("fmt.Println(\"empty\")")
		w.close("}")
		g.imp("strconv")
		w.open("if v, err := strconv.Atoi(%s); err != nil {", pick(g, []string{`"12"`, `"x1"`, `"-7"`, `""`, `"99999999999999999999"`}))
		w.line("fmt.Println(\"error\", v, err)")
		w.close("} else {")
		w.indent++
		w.line("fmt.Println(\"number\", v)")
		w.close("}")
	}
}

// zeroOf is t's zero value as an expression (for == with a comparable
// t).
func zeroOf(t *Type) string {
	return "*new(" + t.String() + ")"
}

// methodValueStmt: a method value of a value receiver (f := v.M, also
// through a pointer and an interface) taken, then the receiver changed:
// f keeps the copy it was bound to.
func (g *gen) methodValueStmt(w *writer, s *scope, d int) bool {
	t := g.methodType()
	var ms []*Method
	for _, m := range t.Methods {
		if !m.Ptr && len(m.Results) == 1 && m.Results[0].printable() {
			ms = append(ms, m)
		}
	}
	if len(ms) == 0 {
		return false
	}
	m := pick(g, ms)
	v := g.local("rv")
	w.line("%s := %s", v, g.exprSelf(s, t, d-1).s)
	s.add(&variable{name: v, t: t, noAssign: true})
	args := func() string {
		var as []string
		for _, p := range m.Params {
			as = append(as, g.expr(s, p, d-1).s)
		}
		return strings.Join(as, ", ")
	}
	f := g.local("mv")
	via := g.r.Intn(3)
	switch via {
	case 0:
		w.line("%s := %s.%s", f, v, m.Name)
	case 1:
		p := g.local("p")
		w.line("%s := &%s", p, v)
		w.line("%s := %s.%s", f, p, m.Name)
	default:
		w.line("var %s func(%s) %s", f, typeList(m.Params), m.Results[0])
		w.line("%s = %s.%s", f, v, m.Name)
	}
	w.line("fmt.Println(%s(%s), %s.%s(%s))", f, args(), v, m.Name, args())
	// change the receiver
	var fields []Field
	if t.Kind == Struct {
		for _, fl := range t.Fields {
			if !fl.Embedded && (fl.T.Kind.isNumeric() || fl.T.Kind == String || fl.T.Kind == Bool) {
				fields = append(fields, fl)
			}
		}
	}
	switch {
	case len(fields) > 0 && g.chance(2):
		fl := pick(g, fields)
		w.line("%s.%s = %s", v, fl.Name, g.exprSelf(s, fl.T, d-1).s)
	case t.Kind.isInteger() && g.chance(2):
		w.line("%s++", v)
	default:
		w.line("%s = %s", v, g.exprSelf(s, t, d-1).s)
	}
	for _, m2 := range t.Methods {
		if m2.Ptr && len(m2.Results) == 0 && len(m2.Params) == 0 && g.chance(2) {
			w.line("%s.%s()", v, m2.Name)
		}
	}
	w.line("fmt.Println(%s(%s), %s.%s(%s))", f, args(), v, m.Name, args())
	if len(m.Params) == 0 && g.chance(2) {
		// method values in a slice and a struct, bound at evaluation
		fs := g.local("fs")
		w.line("%s := []func() %s{%s.%s}", fs, m.Results[0], v, m.Name)
		w.line("%s = %s", v, g.exprSelf(s, t, d-1).s)
		w.line("%s = append(%s, %s.%s)", fs, fs, v, m.Name)
		w.open("for _, h := range %s {", fs)
		w.line("fmt.Println(h())")
		w.close("}")
	}
	if g.chance(2) {
		// through an interface holding a copy
		it := g.local("it")
		w.line("var %s interface{ %s%s } = %s", it, m.Name, sigString(m.Params, m.Results), v)
		h := g.local("h")
		w.line("%s := %s.%s", h, it, m.Name)
		w.line("%s = %s", v, g.exprSelf(s, t, d-1).s)
		w.line("%s = %s", it, v)
		w.line("fmt.Println(%s(%s), %s.%s(%s))", h, args(), it, m.Name, args())
	}
	return true
}

func typeList(ts []*Type) string {
	var out []string
	for _, t := range ts {
		out = append(out, t.String())
	}
	return strings.Join(out, ", ")
}

// namedIfaceStmt: a named non-struct type (basic, slice or map) with
// methods held in an interface: calls, reassignment, a slice of them,
// comparison, printing, assertion back.
func (g *gen) namedIfaceStmt(w *writer, s *scope, d int) {
	var t *Type
	if g.chance(3) {
		t = g.namedComposite(sliceOf(g.randNumeric()))
	} else {
		t = g.newNamedBasic()
	}
	var ms []*Method
	for _, m := range t.Methods {
		if !m.Ptr && len(m.Results) == 1 {
			ms = append(ms, m)
		}
	}
	if len(ms) == 0 {
		name := "Get"
		if t.method(name) != nil {
			name = "Value"
		}
		if t.method(name) != nil {
			return
		}
		g.valueMethod(t, name)
		ms = append(ms, t.Methods[len(t.Methods)-1])
	}
	it := &Type{Kind: Interface, Name: g.name("I"), Named: true}
	var b strings.Builder
	fmt.Fprintf(&b, "type %s interface {\n", it.Name)
	for _, m := range ms {
		if len(it.Methods) == 0 || g.chance(2) {
			it.Methods = append(it.Methods, &Method{Name: m.Name, Params: m.Params, Results: m.Results})
			fmt.Fprintf(&b, "\t%s%s\n", m.Name, sigString(m.Params, m.Results))
		}
	}
	b.WriteString("}")
	g.decl(b.String())
	g.u.ifaces = append(g.u.ifaces, it)
	i := g.local("i")
	w.line("var %s %s = %s", i, it, g.exprSelf(s, t, d-1).s)
	s.add(&variable{name: i, t: it})
	call := func(recv string) {
		for _, m := range it.Methods {
			var as []string
			for _, p := range m.Params {
				as = append(as, g.expr(s, p, d-1).s)
			}
			c := recv + "." + m.Name + "(" + strings.Join(as, ", ") + ")"
			if vw := g.view(s, c, m.Results[0], 0); vw != "" {
				w.line("fmt.Println(%s)", vw)
			} else {
				w.line("_ = %s", c)
			}
		}
	}
	call(i)
	w.line("%s = %s", i, g.exprSelf(s, t, d-1).s)
	call(i)
	switch g.r.Intn(4) {
	case 0:
		xs := g.local("xs")
		w.line("%s := []%s{%s, %s(%s)}", xs, it, g.exprSelf(s, t, d-1).s, t, g.exprSelf(s, t, d-1).s)
		w.open("for _, x := range %s {", xs)
		call("x")
		w.close("}")
	case 1:
		if t.comparable() {
			x := g.local("x")
			w.line("%s := %s", x, g.exprSelf(s, t, d-1).s)
			w.line("%s = %s", i, x)
			w.line("fmt.Println(%s == %s(%s), %s != nil)", i, it, x, i)
		}
	case 2:
		if t.printable() {
			w.line("fmt.Println(%s)", i)
			w.line("fmt.Printf(\"%%v %%T\\n\", %s, %s)", i, i)
		}
	default:
		x, ok := g.local("x"), g.local("ok")
		w.line("%s, %s := %s.(%s)", x, ok, i, t)
		if vw := g.view(s, x, t, 0); vw != "" {
			w.line("fmt.Println(%s, %s)", vw, ok)
		} else {
			w.line("fmt.Println(%s)", ok)
			w.line("_ = %s", x)
		}
	}
}

// labelStmt: labelled break and continue out of switches and range
// loops, labels on switches.
func (g *gen) labelStmt(w *writer, s *scope, d int) {
	lbl := strings.ToUpper(g.local("l"))
	switch g.r.Intn(3) {
	case 0:
		// continue and break an outer range loop from inside a switch
		et := g.randNumeric()
		xs := g.local("xs")
		lit := g.sliceLit(s, sliceOf(et), d-1, 3)
		w.line("%s := %s", xs, lit.s)
		n := g.local("n")
		w.line("%s := 0", n)
		w.line("%s:", lbl)
		w.open("for i, x := range %s {", xs)
		w.open("switch {")
		w.line("case i == %d:", g.r.Intn(3))
		w.line("\tcontinue %s", lbl)
		w.line("case i > %d:", 1+g.r.Intn(3))
		w.line("\tbreak %s", lbl)
		w.line("case x == 0:")
		w.line("\tbreak")
		w.close("}")
		w.line("%s++", n)
		w.line("fmt.Println(i, x)")
		w.close("}")
		w.line("fmt.Println(%s)", n)
	case 1:
		// break a labelled switch from a loop inside it
		x := g.local("x")
		w.line("%s := %d", x, g.r.Intn(3))
		w.line("%s:", lbl)
		w.open("switch %s {", x)
		w.line("case 0, 1:")
		w.indent++
		w.open("for j := range %d {", 2+g.r.Intn(3))
		w.open("if j == %d {", g.r.Intn(3))
		w.line("break %s", lbl)
		w.close("}")
		w.line("fmt.Println(\"j\", j)")
		w.close("}")
		w.line("fmt.Println(\"after loop\")")
		w.indent--
		w.line("default:")
		w.line("\tfmt.Println(\"default\")")
		w.close("}")
		w.line("fmt.Println(\"after switch\", %s)", x)
	default:
		// continue an outer loop over a string from an inner range loop
		str := pick(g, append(invalidUTF8, `"héllo"`, `"abc"`, `"世界!"`))
		cnt := g.local("cnt")
		w.line("%s := 0", cnt)
		w.line("%s:", lbl)
		w.open("for i, r := range %s {", str)
		w.open("for k := range %d {", 1+g.r.Intn(3))
		w.open("if k == 1 || r == '\\uFFFD' {")
		w.line("fmt.Println(\"skip\", i, k)")
		w.line("continue %s", lbl)
		w.close("}")
		w.line("%s += int(r) + k", cnt)
		w.close("}")
		w.close("}")
		w.line("fmt.Println(%s)", cnt)
	}
}

// invalidStringStmt: ranging over and converting invalid UTF-8.
func (g *gen) invalidStringStmt(w *writer, s *scope, d int) {
	v := g.local("s")
	str := pick(g, invalidUTF8)
	if g.chance(3) {
		str = str + " + " + g.exprSelf(s, basic(String), d-1).s
	}
	w.line("%s := %s", v, str)
	s.add(&variable{name: v, t: basic(String)})
	switch g.r.Intn(4) {
	case 0:
		w.open("for i, r := range %s {", v)
		w.line("fmt.Println(i, r, r == '\\uFFFD', string(r))")
		w.close("}")
	case 1:
		n := g.local("n")
		w.line("%s := 0", n)
		w.open("for i := range %s {", v)
		w.line("%s += i", n)
		w.close("}")
		w.line("fmt.Println(%s, len(%s))", n, v)
		w.open("for _, r := range []byte(%s) {", v)
		w.line("fmt.Print(r, \" \")")
		w.close("}")
		w.line("fmt.Println()")
	case 2:
		rs := g.local("rs")
		w.line("%s := []rune(%s)", rs, v)
		w.line("fmt.Println(%s, len(%s), string(%s) == %s, len(string(%s)))", rs, rs, rs, v, rs)
		w.line("fmt.Printf(\"%%q %%+q %%x\\n\", %s, string(%s), %s)", v, rs, v)
	default:
		r := g.local("r")
		w.line("%s := rune(%s)", r, pick(g, []string{"-1", "0xD800", "0x110000", "0xDFFF", "65", "0x10FFFF"}))
		w.line("fmt.Println(string(%s), []byte(string(%s)), len(string(%s)))", r, r, r)
		w.open("for i, c := range %s + string(%s) {", v, r)
		w.line("fmt.Print(i, \":\", c, \" \")")
		w.close("}")
		w.line("fmt.Println()")
	}
}

// slice3Stmt: 3-index slices of arrays, pointers to arrays and slices,
// with constant and variable indices; appends within and past the
// capacity they set.
func (g *gen) slice3Stmt(w *writer, s *scope, d int) {
	et := g.randType(0, typeOpts{printable: true})
	elem := func() string { return g.expr(s, et, d-1).s }
	n := 4 + g.r.Intn(3)
	arr := g.local("arr")
	var parts []string
	for i := 0; i < n; i++ {
		parts = append(parts, elem())
	}
	w.line("%s := [%d]%s{%s}", arr, n, et, strings.Join(parts, ", "))
	lo := g.r.Intn(2)
	hi := lo + 1 + g.r.Intn(2)
	mx := hi + g.r.Intn(n-hi+1)
	b := g.local("b")
	switch g.r.Intn(4) {
	case 0:
		w.line("%s := %s[%d:%d:%d]", b, arr, lo, hi, mx)
	case 1:
		p := g.local("p")
		w.line("%s := &%s", p, arr)
		w.line("%s := %s[%d:%d:%d]", b, p, lo, hi, mx)
	case 2:
		i, j, k := g.local("i"), g.local("j"), g.local("k")
		w.line("%s, %s, %s := %d, %d, %d", i, j, k, lo, hi, mx)
		w.line("%s := %s[%s:%s:%s]", b, arr, i, j, k)
	default:
		w.line("%s := %s[:%d:%d]", b, arr, hi, mx)
	}
	w.line("fmt.Println(len(%s), cap(%s), %s)", b, b, b)
	w.line("%s = append(%s, %s)", b, b, elem())
	w.line("fmt.Println(%s, %s)", arr, b)
	if hi+1 < mx || g.chance(2) {
		w.line("%s = append(%s, %s)", b, b, elem())
		w.line("%s[0] = %s", b, elem())
		w.line("fmt.Println(%s, %s)", arr, b)
	}
	c := g.local("c")
	w.line("%s := %s[:0:0]", c, b)
	w.line("%s = append(%s, %s)", c, c, elem())
	w.line("fmt.Println(%s, %s, len(%s), cap(%s[:0:0]))", c, b, b, b)
	w.line("fmt.Println(%s[:cap(%s)])", b, b)
}
