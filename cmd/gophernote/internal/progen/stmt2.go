package progen

import (
	"fmt"
	"strconv"
	"strings"
)

// closureStmt: closures capturing variables (read after a later change,
// changed by the closure), closures returning closures, recursive
// closures, immediately invoked literals.
func (g *gen) closureStmt(w *writer, s *scope, d int) {
	t := g.randNumeric()
	if t.Kind.isComplex() {
		t = basic(Int)
	}
	switch g.r.Intn(6) {
	case 0:
		// a counter: the closure changes the captured variable
		n, inc := g.local("n"), g.local("inc")
		w.line("%s := %s", n, g.exprSelf(s, t, d-1).s)
		w.open("%s := func(k %s) %s {", inc, t, t)
		w.line("%s += k", n)
		w.line("return %s", n)
		w.close("}")
		a := g.local("a")
		w.line("%s := %s(%s)", a, inc, g.expr(s, t, d-1).s)
		w.line("fmt.Println(%s, %s(%s))", a, inc, g.expr(s, t, d-1).s)
		w.line("fmt.Println(%s)", n)
		s.add(&variable{name: n, t: t})
	case 1:
		// a captured variable changed after the closure is made
		x, f := g.local("x"), g.local("f")
		w.line("%s := %s", x, g.exprSelf(s, t, d-1).s)
		w.line("%s := func() %s { return %s }", f, t, g.exprUsing(s, t, x, d-1))
		w.line("%s = %s", x, g.expr(s, t, d-1).s)
		w.line("fmt.Println(%s(), %s)", f, x)
	case 2:
		// a closure factory
		mk, a := g.local("mk"), g.local("add")
		w.open("%s := func(base %s) func(%s) %s {", mk, t, t, t)
		w.line("return func(x %s) %s { return base + x }", t, t)
		w.close("}")
		w.line("%s := %s(%s)", a, mk, g.exprSelf(s, t, d-1).s)
		w.line("fmt.Println(%s(%s), %s(%s)(%s))", a, g.expr(s, t, d-1).s, mk, g.expr(s, t, d-1).s, g.expr(s, t, d-1).s)
	case 3:
		// a recursive closure
		f := g.local("rec")
		op := pick(g, []string{"+", "*", "-"})
		w.line("var %s func(int) int", f)
		w.open("%s = func(n int) int {", f)
		w.open("if n <= 1 {")
		w.line("return %d", 1+g.r.Intn(3))
		w.close("}")
		w.line("return n %s %s(n-1)", op, f)
		w.close("}")
		w.line("fmt.Println(%s(%d))", f, 2+g.r.Intn(10))
	case 4:
		// an immediately invoked literal with arguments
		a, b := g.exprSelf(s, t, d-1), g.exprSelf(s, t, d-1)
		r := g.local("r")
		w.line("%s := func(a, b %s) %s { return a*2 - b }(%s, %s)", r, t, t, a.s, b.s)
		w.line("fmt.Println(%s)", r)
		s.add(&variable{name: r, t: t})
	default:
		// a closure appending to a captured slice
		sl, add := g.local("sl"), g.local("push")
		w.line("%s := %s", sl, g.sliceLit(s, sliceOf(t), d-1, 0).s)
		w.line("%s := func(v %s) { %s = append(%s, v) }", add, t, sl, sl)
		for i := 0; i < 1+g.r.Intn(3); i++ {
			w.line("%s(%s)", add, g.expr(s, t, d-1).s)
		}
		w.line("fmt.Println(%s, len(%s))", sl, sl)
	}
}

// exprUsing is an expression of type t that reads variable x (of t).
func (g *gen) exprUsing(s *scope, t *Type, x string, d int) string {
	e := g.expr(s, t, d)
	if e.isConst() || g.chance(2) {
		return x
	}
	op := "+"
	if t.Kind == String {
		return x + " + " + paren(e.s)
	}
	return x + " " + op + " " + paren(e.s)
}

// loopVarStmt: Go 1.22 loop variables, one per iteration, captured by
// closures, by pointers and by defers; a body that changes the variable.
func (g *gen) loopVarStmt(w *writer, s *scope, d int) {
	fs := g.local("fs")
	n := 2 + g.r.Intn(4)
	k := g.r.Intn(5) + 1
	switch g.r.Intn(5) {
	case 0:
		w.line("var %s []func() int", fs)
		w.open("for i := 0; i < %d; i++ {", n)
		w.line("%s = append(%s, func() int { return i * %d })", fs, fs, k)
		w.close("}")
	case 1:
		// the body changes the variable: the next iteration starts from
		// the changed value
		w.line("var %s []func() int", fs)
		w.open("for i := 0; i < %d; i++ {", n*2)
		w.line("%s = append(%s, func() int { return i })", fs, fs)
		w.line("i += %d", 1+g.r.Intn(2))
		w.close("}")
	case 2:
		// range over a slice: index and value per iteration
		xs := g.sliceLit(s, sliceOf(basic(Int)), 0, n)
		w.line("var %s []func() int", fs)
		w.open("for i, v := range %s {", hdr(xs.s))
		w.line("%s = append(%s, func() int { return i*100 + v })", fs, fs)
		w.close("}")
	case 3:
		// pointers to the loop variable
		ps := g.local("ps")
		w.line("var %s []*int", ps)
		w.open("for i := range %d {", n)
		w.line("%s = append(%s, &i)", ps, ps)
		w.close("}")
		w.open("for _, p := range %s {", ps)
		w.line("fmt.Print(*p, \" \")")
		w.close("}")
		w.line("fmt.Println()")
		return
	default:
		// defers in a loop capture each iteration's variable
		w.open("func() {")
		w.open("for i := 0; i < %d; i++ {", n)
		w.line("defer func() { fmt.Print(i*%d, \" \") }()", k)
		w.close("}")
		w.close("}()")
		w.line("fmt.Println()")
		return
	}
	w.open("for _, f := range %s {", fs)
	w.line("fmt.Print(f(), \" \")")
	w.close("}")
	w.line("fmt.Println(len(%s))", fs)
}

// methodType returns a declared type with methods, declaring one.
func (g *gen) methodType() *Type {
	var cands []*Type
	for _, t := range g.u.types {
		if len(t.Methods) > 0 && t.Generic == nil && !t.ptrEmbed() {
			cands = append(cands, t)
		}
	}
	if len(cands) == 0 || g.chance(3) {
		var t *Type
		if g.chance(2) {
			t = g.newNamedBasic()
		} else {
			t = g.newStruct(1, false)
		}
		if len(t.Methods) == 0 {
			g.valueMethod(t, "Get")
		}
		if !t.hasPointerMethods() && t.Kind != Slice && t.Kind != Map && g.chance(2) {
			g.ptrMethod(t, "Inc")
		}
		return t
	}
	return pick(g, cands)
}

// callMethod writes a call of m on recv (an addressable variable of
// type t, or a pointer when ptr) and returns the call, or "".
func (g *gen) methodCall(s *scope, recv string, m *Method, d int) string {
	var args []string
	for _, p := range m.Params {
		args = append(args, g.expr(s, p, d-1).s)
	}
	return recv + "." + m.Name + "(" + strings.Join(args, ", ") + ")"
}

// methodStmt: methods with value and pointer receivers on named struct
// and non-struct types, called on values, pointers and through
// embedding; method values (bound at evaluation) and expressions.
func (g *gen) methodStmt(w *writer, s *scope, d int) {
	if g.chance(4) && g.methodValueStmt(w, s, d) {
		return
	}
	if g.chance(4) {
		g.embeddingStmt(w, s, d)
		return
	}
	t := g.methodType()
	v := g.local("m")
	e := g.exprSelf(s, t, d-1)
	w.line("%s := %s", v, e.s)
	mv := s.add(&variable{name: v, t: t, minLen: e.minLen})
	for _, m := range t.Methods {
		if g.chance(3) {
			continue
		}
		call := g.methodCall(s, v, m, d)
		switch {
		case len(m.Results) == 0:
			w.line("%s", call)
			g.show(w, s, v, t)
		case len(m.Results) == 1:
			switch g.r.Intn(4) {
			case 0:
				// a method value: the receiver is evaluated (copied for a
				// value receiver) now
				f := g.local("mv")
				w.line("%s := %s.%s", f, v, m.Name)
				for _, m2 := range t.Methods {
					if m2.Ptr && len(m2.Results) == 0 {
						w.line("%s", g.methodCall(s, v, m2, d))
						break
					}
				}
				var args []string
				for _, p := range m.Params {
					args = append(args, g.expr(s, p, d-1).s)
				}
				if r := g.view(s, f+"("+strings.Join(args, ", ")+")", m.Results[0], 0); r != "" {
					w.line("fmt.Println(%s)", r)
				} else {
					w.line("_ = %s", f)
				}
			case 1:
				// a method expression
				recv := t.String()
				arg := v
				if m.Ptr {
					recv = "(*" + t.String() + ")"
					arg = "&" + v
				}
				call = recv + "." + m.Name + "(" + strings.Join(append([]string{arg}, strings.Split(strings.TrimSuffix(strings.TrimPrefix(call, v+"."+m.Name+"("), ")"), ", ")...), ", ") + ")"
				call = strings.Replace(call, ", )", ")", 1)
				if len(m.Params) == 0 {
					call = recv + "." + m.Name + "(" + arg + ")"
				}
				if r := g.view(s, call, m.Results[0], 0); r != "" {
					w.line("fmt.Println(%s)", r)
				} else {
					w.line("_ = %s", call)
				}
			default:
				if r := g.view(s, call, m.Results[0], 0); r != "" {
					w.line("fmt.Println(%s)", r)
				} else {
					w.line("_ = %s", call)
				}
			}
		default:
			var names []string
			for range m.Results {
				names = append(names, g.local("r"))
			}
			w.line("%s := %s", strings.Join(names, ", "), call)
			for i, nm := range names {
				s.add(&variable{name: nm, t: m.Results[i]})
				g.show(w, s, nm, m.Results[i])
			}
		}
	}
	// through a pointer
	if t.hasPointerMethods() && g.chance(2) {
		p := g.local("p")
		w.line("%s := &%s", p, v)
		for _, m := range t.Methods {
			if len(m.Results) == 0 {
				w.line("%s", g.methodCall(s, p, m, d))
			}
		}
		g.show(w, s, v, t)
		w.line("_ = %s", p)
	}
	w.line("_ = %s", mv.name)
}

// embeddingStmt: a struct embedding another (by value or pointer):
// promoted fields and methods, the embedded value itself, shadowing by
// an outer field.
func (g *gen) embeddingStmt(w *writer, s *scope, d int) {
	inner := g.methodType()
	for inner.Kind != Struct {
		inner = g.newStruct(0, false)
		if len(inner.Methods) == 0 {
			g.valueMethod(inner, "Get")
		}
	}
	ptr := g.chance(2)
	outer := &Type{Kind: Struct, Name: g.name("O"), Named: true}
	ft := inner
	if ptr {
		ft = ptrTo(inner)
	}
	outer.Fields = []Field{{T: ft, Embedded: true}}
	extra := pick(g, fieldNames)
	shadow := false
	for _, f := range inner.Fields {
		if f.fieldName() == extra {
			shadow = true
		}
	}
	et := g.randNumeric()
	outer.Fields = append(outer.Fields, Field{Name: extra, T: et})
	g.decl(fmt.Sprintf("type %s struct {\n\t%s\n\t%s %s\n}", outer.Name, ft, extra, et))
	g.u.types = append(g.u.types, outer)
	v := g.local("o")
	lit := g.structLit(s, inner, d-1).s
	if ptr {
		lit = "&" + lit
	}
	w.line("%s := %s{%s: %s, %s: %s}", v, outer.Name, inner.Name, lit, extra, g.expr(s, et, d-1).s)
	// promoted fields
	for _, f := range inner.Fields {
		if f.fieldName() == extra {
			continue
		}
		if x := g.view(s, v+"."+f.fieldName(), f.T, 1); x != "" {
			w.line("fmt.Println(%s)", x)
		}
	}
	if shadow {
		w.line("fmt.Println(%s.%s, %s.%s.%s)", v, extra, v, inner.Name, extra)
	}
	// promoted methods (pointer ones through the addressable outer)
	for _, m := range inner.Methods {
		if m.Name == extra {
			continue
		}
		call := g.methodCall(s, v, m, d)
		if len(m.Results) == 1 {
			if x := g.view(s, call, m.Results[0], 0); x != "" {
				w.line("fmt.Println(%s)", x)
			}
		} else if len(m.Results) == 0 {
			w.line("%s", call)
			if x := g.view(s, v+"."+inner.Name, ft, 0); x != "" {
				w.line("fmt.Println(%s)", x)
			}
		}
	}
	// a copy of the outer value shares an embedded pointer, not a value
	c := g.local("c")
	w.line("%s := %s", c, v)
	var num *Field
	for i, f := range inner.Fields {
		if f.T.Kind.isNumeric() && !f.Embedded && f.fieldName() != extra {
			num = &inner.Fields[i]
		}
	}
	if num != nil {
		w.line("%s.%s = %s", c, num.Name, g.expr(s, num.T, 1).s)
		w.line("fmt.Println(%s.%s, %s.%s)", v, num.Name, c, num.Name)
	} else {
		w.line("_ = %s", c)
	}
}

// ifaceStmt: interface values of declared types, method calls through
// them, assertions (comma-ok), type switches, comparisons with values
// and pointers, nil interfaces and typed nil pointers.
func (g *gen) ifaceStmt(w *writer, s *scope, d int) {
	if g.chance(5) {
		g.namedIfaceStmt(w, s, d)
		return
	}
	switch g.r.Intn(6) {
	case 0, 1:
		it := g.ifaceType()
		e, printable := g.ifaceExpr(s, it, d)
		v := g.local("i")
		w.line("var %s %s = %s", v, it, e.s)
		iv := s.add(&variable{name: v, t: it, dynPrintable: printable, dynComparable: g.lastDynComparable})
		if printable {
			w.line("fmt.Println(%s)", v)
		}
		for _, m := range it.Methods {
			call := g.methodCall(s, v, m, d)
			if len(m.Results) == 1 {
				if x := g.view(s, call, m.Results[0], 0); x != "" {
					w.line("fmt.Println(%s)", x)
					continue
				}
			}
			w.line("%s", call)
		}
		g.typeSwitch(w, s, iv, d)
	case 2:
		// var f any = &b; f == &b
		t := g.methodType()
		b := g.local("b")
		w.line("%s := %s", b, g.exprSelf(s, t, d-1).s)
		s.add(&variable{name: b, t: t})
		f := g.local("f")
		w.line("var %s any = &%s", f, b)
		w.line("fmt.Println(%s == &%s, %s != nil)", f, b, f)
		c := g.local("c")
		w.line("%s := &%s", c, b)
		w.line("fmt.Println(%s == any(%s), any(%s) == any(&%s))", f, c, c, b)
		if t.comparable() {
			h := g.local("h")
			w.line("var %s any = %s", h, b)
			w.line("fmt.Println(%s == %s, %s == any(%s))", h, b, h, g.exprSelf(s, t, d-1).s)
		}
	case 3:
		// assertions, comma-ok and to the wrong type
		it := tAny
		e, printable := g.ifaceExpr(s, it, d)
		v := g.local("a")
		w.line("var %s any = %s", v, e.s)
		iv := s.add(&variable{name: v, t: it, dynPrintable: printable, dynComparable: g.lastDynComparable})
		for i := 0; i < 2; i++ {
			t := g.randType(1, typeOpts{noIface: true})
			if g.chance(3) {
				t = g.randNumeric()
			}
			x, ok := g.local("x"), g.local("ok")
			w.line("%s, %s := %s.(%s)", x, ok, v, t)
			if vw := g.view(s, x, t, 0); vw != "" && t.zeroSafe() {
				w.line("fmt.Println(%s, %s)", vw, ok)
			} else {
				w.line("fmt.Println(%s)", ok)
				w.line("_ = %s", x)
			}
		}
		g.typeSwitch(w, s, iv, d)
	case 4:
		// nil interfaces and typed nil pointers
		st := g.structType(1)
		p, i, e := g.local("p"), g.local("i"), g.local("e")
		w.line("var %s *%s", p, st)
		w.line("var %s any = %s", i, p)
		w.line("var %s error", e)
		w.line("fmt.Println(%s == nil, %s == nil, %s == nil, %s == (*%s)(nil))", p, i, e, i, st)
	default:
		// interfaces compared: same dynamic type and value, different
		// types with the same value
		t1, t2 := g.randNumeric(), g.randNumeric()
		x := g.exprSelf(s, t1, d-1)
		y := g.exprSelf(s, t2, d-1)
		a, b := g.local("a"), g.local("b")
		w.line("var %s, %s any = %s, %s", a, b, x.s, y.s)
		w.line("fmt.Println(%s == %s, %s == %s, %s != %s(%s))", a, b, a, a, b, t2, y.s)
	}
}

// typeSwitch writes a type switch over an interface variable with cases
// for types it may hold and some it does not.
func (g *gen) typeSwitch(w *writer, s *scope, iv *variable, d int) {
	cases := map[string]*Type{}
	var order []string
	add := func(t *Type) {
		if t.Kind == TypeParam {
			return
		}
		k := canon(t.String())
		if _, ok := cases[k]; ok {
			return
		}
		if iv.t.Kind == Interface && len(iv.t.Methods) > 0 && !implements(t, iv.t) {
			return // impossible case: a compile error
		}
		cases[k] = t
		order = append(order, k)
	}
	for _, t := range g.u.types {
		if g.chance(2) {
			add(t)
			if t.Kind == Struct && g.chance(2) {
				add(ptrTo(t))
			}
		}
	}
	for i := 0; i < 3; i++ {
		add(g.randType(1, typeOpts{noIface: true}))
	}
	if g.chance(3) {
		add(tErr)
	}
	x := g.local("x")
	w.open("switch %s := %s.(type) {", x, iv.name)
	used := false
	for i := 0; i < len(order); i++ {
		t := cases[order[i]]
		if i+1 < len(order) && g.chance(3) {
			// a case listing several types: x keeps the interface type
			list := []string{t.String()}
			for ; i+1 < len(order) && len(list) < 3 && (len(list) < 2 || g.chance(2)); i++ {
				list = append(list, cases[order[i+1]].String())
			}
			w.line("case %s:", strings.Join(list, ", "))
			w.line("\tfmt.Printf(\"%%s %%T\\n\", %q, %s)", strings.Join(list, "|"), x)
			continue
		}
		w.line("case %s:", t)
		w.indent++
		if vw := g.view(s, x, t, 0); vw != "" && t.Kind != Interface {
			w.line("fmt.Println(%q, %s)", t.String(), vw)
		} else {
			w.line("fmt.Println(%q)", t.String())
		}
		used = true
		w.indent--
	}
	if g.chance(4) && len(order) >= 2 {
		// a case with two types: x keeps the interface type
		w.line("case nil:")
		w.line("\tfmt.Println(\"nil\")")
	}
	w.line("default:")
	w.line("\tfmt.Println(\"default\")")
	w.line("\t_ = %s", x)
	w.close("}")
	_ = used
}

// panicSource writes a statement that panics: a panic call with a value
// of some type, or a run-time error.
func (g *gen) panicSource(w *writer, s *scope, d int) {
	switch g.r.Intn(12) {
	case 0:
		w.line("panic(%s)", pick(g, stringLits).s)
	case 1:
		w.line("panic(%s)", g.exprSelf(s, basic(Int), d-1).s)
	case 2:
		g.imp("errors")
		w.line("panic(errors.New(%s))", pick(g, stringLits).s)
	case 3:
		w.line("panic(fmt.Errorf(\"wrapped: %%w\", fmt.Errorf(\"inner %%d\", %s)))", g.exprSelf(s, basic(Int), d-1).s)
	case 4:
		z := g.local("z")
		w.line("%s := 0", z)
		w.line("fmt.Println(%d / %s)", 1+g.r.Intn(9), z)
	case 5:
		xs := g.local("xs")
		w.line("%s := []int{1, 2, 3}", xs)
		k := g.local("k")
		w.line("%s := %d", k, 3+g.r.Intn(3))
		w.line("fmt.Println(%s[%s])", xs, k)
	case 6:
		m := g.local("m")
		w.line("var %s map[string]int", m)
		w.line("%s[\"k\"] = 1", m)
	case 7:
		a := g.local("a")
		w.line("var %s any = %s", a, g.exprSelf(s, basic(String), d-1).s)
		w.line("fmt.Println(%s.(int))", a)
	case 8:
		st := g.structType(1)
		p := g.local("p")
		w.line("var %s *%s", p, st)
		w.line("fmt.Println(*%s)", p)
	case 9:
		// a value of a declared type with a String or Error method
		t := g.methodType()
		w.line("panic(%s)", g.exprSelf(s, t, d-1).s)
	case 10:
		xs, lo := g.local("xs"), g.local("lo")
		w.line("%s := []int{1, 2, 3}", xs)
		w.line("%s := %d", lo, 2+g.r.Intn(3))
		w.line("fmt.Println(%s[%s:1])", xs, lo)
	default:
		t := g.namedBasic(func(t *Type) bool { return t.Kind.isInteger() || t.Kind == String })
		if t == nil {
			w.line("panic(%d)", g.r.Intn(9))
			return
		}
		w.line("panic(%s)", g.exprSelf(s, t, d-1).s)
	}
}

// deferStmt: defer, panic and recover: deferred calls in LIFO order with
// arguments evaluated at the defer statement, recover's value for panics
// of values and run-time errors, a panic in a deferred call replacing the
// first, recover in a nested call (nil), re-panics, named results changed
// by deferred closures.
func (g *gen) deferStmt(w *writer, s *scope, d int) {
	switch g.r.Intn(6) {
	case 0, 1:
		w.open("func() {")
		w.open("defer func() {")
		w.line("r := recover()")
		w.line("fmt.Println(\"recovered:\", r)")
		if g.chance(3) {
			w.open("if e, ok := r.(error); ok {")
			w.line("fmt.Println(\"error:\", e.Error())")
			w.close("}")
		}
		w.close("}()")
		inner := newScope(s)
		inner.fn = &fnCtx{inDefer: true}
		x := g.local("x")
		t := g.randNumeric()
		w.line("%s := %s", x, g.exprSelf(inner, t, d-1).s)
		inner.add(&variable{name: x, t: t})
		w.line("defer fmt.Println(\"deferred\", %s)", x)
		w.line("%s = %s", x, g.expr(inner, t, d-1).s)
		if g.chance(3) {
			g.stmt(w, inner, FNumeric)
		}
		g.panicSource(w, inner, d)
		w.close("}()")
	case 2:
		// a panic in a deferred call replaces the first
		w.open("func() {")
		w.line("defer func() { fmt.Println(\"recovered:\", recover()) }()")
		w.line("defer func() { panic(%s) }()", pick(g, stringLits).s)
		g.panicSource(w, s, d)
		w.close("}()")
	case 3:
		// recover called by a function the deferred one calls: nil
		h := g.name("h")
		g.decl(fmt.Sprintf("func %s() any { return recover() }", h))
		w.open("func() {")
		w.line("defer func() { fmt.Println(\"outer:\", recover()) }()")
		w.line("defer func() { fmt.Println(\"nested:\", %s()) }()", h)
		g.panicSource(w, s, d)
		w.close("}()")
	case 4:
		// named results changed by a deferred closure, with and without
		// a panic
		f := g.name("nr")
		t := basic(pick(g, []Kind{Int, Int64, Float64, String}))
		k := g.r.Intn(5) + 1
		upd := fmt.Sprintf("n *= %d", k)
		if t.Kind == String {
			upd = "n += \"!\""
		}
		val := g.expr(newScope(nil), t, 1).s
		g.decl(fmt.Sprintf("func %s(fail bool) (n %s, err error) {\n\tdefer func() {\n\t\tif r := recover(); r != nil {\n\t\t\terr = fmt.Errorf(\"caught: %%v\", r)\n\t\t}\n\t\t%s\n\t}()\n\tn = %s\n\tif fail {\n\t\tpanic(\"fail\")\n\t}\n\treturn n, nil\n}", f, t, upd, val))
		w.line("fmt.Println(%s(false))", f)
		w.line("fmt.Println(%s(true))", f)
	default:
		// a re-panic recovered further out; recover with no panic
		w.open("func() {")
		w.line("defer func() { fmt.Println(\"outer:\", recover()) }()")
		w.open("func() {")
		w.open("defer func() {")
		w.line("r := recover()")
		w.line("fmt.Println(\"inner:\", r)")
		w.line("panic(fmt.Sprint(\"again: \", r))")
		w.close("}()")
		g.panicSource(w, s, d)
		w.close("}()")
		w.close("}()")
		w.line("func() { defer func() { fmt.Println(\"none:\", recover()) }() }()")
	}
}

// panicExit ends the program with an unrecovered panic (after deferred
// calls print).
func (g *gen) panicExit(w *writer, s *scope) {
	w.line("defer fmt.Println(\"deferred before the crash\")")
	switch g.r.Intn(4) {
	case 0:
		w.line("panic(%s)", pick(g, stringLits).s)
	case 1:
		g.imp("errors")
		w.line("panic(errors.New(\"fatal \" + %s))", pick(g, stringLits).s)
	case 2:
		w.line("panic(%s)", g.exprSelf(s, basic(pick(g, []Kind{Int, Float64, Uint8, Bool})), 1).s)
	default:
		g.panicSource(w, s, 1)
	}
}

// mapStmt: maps of random key and value types: insert, overwrite,
// delete, comma-ok lookups of present and missing keys, op-assignments
// on entries, maps of slices, len, clear, printing (fmt sorts the keys),
// order-independent iteration.
func (g *gen) mapStmt(w *writer, s *scope, d int) {
	if g.chance(6) {
		g.commaOkAssignStmt(w, s, d)
		return
	}
	var mt *Type
	for _, v := range s.all() {
		if v.t.Kind == Map && !v.isConst && !v.noAssign && g.chance(2) {
			mt = v.t
			break
		}
	}
	if mt == nil {
		k := g.randType(0, typeOpts{comparable: true, printable: true, noIface: true})
		if k.Kind.isFloat() || k.Kind.isComplex() || k.Kind == Struct && k.contains(func(t *Type) bool { return t.Kind.isFloat() || t.Kind.isComplex() }) {
			k = basic(String)
		}
		mt = mapOf(k, g.randType(1, typeOpts{}))
	}
	// a fresh map (a map read from elsewhere may be nil: writing it panics)
	m := g.local("m")
	if g.chance(3) {
		w.line("%s := make(%s)", m, mt)
	} else {
		w.line("%s := %s", m, g.mapLit(s, mt, d-1))
	}
	s.add(&variable{name: m, t: mt})
	for i := 0; i < 1+g.r.Intn(4); i++ {
		key := g.exprSelf(s, mt.Key, d-1).s
		switch g.r.Intn(6) {
		case 0, 1:
			w.line("%s[%s] = %s", m, key, g.expr(s, mt.Elem, d-1).s)
		case 2:
			w.line("delete(%s, %s)", m, key)
		case 3:
			x, ok := g.local("x"), g.local("ok")
			w.line("%s, %s := %s[%s]", x, ok, m, key)
			if vw := g.view(s, x, mt.Elem, 0); vw != "" && mt.Elem.zeroSafe() {
				w.line("fmt.Println(%s, %s)", vw, ok)
			} else {
				w.line("fmt.Println(%s)", ok)
				w.line("_ = %s", x)
			}
		case 4:
			switch {
			case mt.Elem.Kind.isNumeric():
				if g.chance(2) {
					w.line("%s[%s]++", m, key)
				} else {
					w.line("%s[%s] += %s", m, key, g.expr(s, mt.Elem, d-1).s)
				}
			case mt.Elem.Kind == Slice && !mt.Elem.Named:
				w.line("%s[%s] = append(%s[%s], %s)", m, key, m, key, g.expr(s, mt.Elem.Elem, d-1).s)
			case mt.Elem.Kind == String:
				w.line("%s[%s] += %s", m, key, g.expr(s, mt.Elem, d-1).s)
			default:
				w.line("%s[%s] = %s", m, key, g.expr(s, mt.Elem, d-1).s)
			}
		default:
			w.line("fmt.Println(len(%s))", m)
		}
	}
	if mt.printable() {
		w.line("fmt.Println(%s)", m)
	} else {
		w.line("fmt.Println(len(%s))", m)
	}
	switch g.r.Intn(4) {
	case 0:
		if mt.Elem.Kind.isNumeric() && !mt.Elem.Kind.isFloat() && !mt.Elem.Kind.isComplex() {
			// an order-independent sum
			sum := g.local("sum")
			w.line("var %s %s", sum, mt.Elem)
			w.open("for _, v := range %s {", m)
			w.line("%s += v", sum)
			w.close("}")
			w.line("fmt.Println(%s)", sum)
		}
	case 1:
		if inSet(mt.Key, []Kind{Int, String}) && !mt.Key.Named {
			g.imp("sort")
			ks := g.local("ks")
			w.line("%s := make([]%s, 0, len(%s))", ks, mt.Key, m)
			w.open("for k := range %s {", m)
			w.line("%s = append(%s, k)", ks, ks)
			w.close("}")
			if mt.Key.Kind == Int {
				w.line("sort.Ints(%s)", ks)
			} else {
				w.line("sort.Strings(%s)", ks)
			}
			w.line("fmt.Println(%s)", ks)
		}
	case 2:
		w.line("clear(%s)", m)
		w.line("fmt.Println(len(%s))", m)
	}
}

// sliceStmt: aliasing through append with spare capacity, copy (also
// overlapping), 3-index slices, slices of arrays, delete and insert
// idioms, nil and empty slices. Capacities are printed only where Go
// defines them (make, slicing), never after an append that grows.
func (g *gen) sliceStmt(w *writer, s *scope, d int) {
	if g.chance(4) {
		g.slice3Stmt(w, s, d)
		return
	}
	et := g.randType(0, typeOpts{printable: true})
	st := sliceOf(et)
	elem := func() string { return g.expr(s, et, d-1).s }
	a, b, c := g.local("a"), g.local("b"), g.local("c")
	switch g.r.Intn(7) {
	case 0:
		n := 1 + g.r.Intn(3)
		w.line("%s := make(%s, %d, %d)", a, st, n, n+2+g.r.Intn(3))
		w.line("%s := append(%s, %s)", b, a, elem())
		w.line("%s := append(%s, %s)", c, a, elem())
		w.line("fmt.Println(%s, %s, %s, len(%s), cap(%s))", a, b, c, b, a)
		w.line("%s[0] = %s", a, elem())
		w.line("fmt.Println(%s[0], %s[0])", b, c)
	case 1:
		lit := g.sliceLit(s, st, d-1, 4)
		w.line("%s := %s", a, lit.s)
		w.line("%s := make(%s, %d)", b, st, g.r.Intn(6))
		w.line("%s := copy(%s, %s)", c, b, a)
		w.line("fmt.Println(%s, %s, %s)", c, b, a)
		w.line("fmt.Println(copy(%s[1:], %s), %s)", a, a, a)
	case 2:
		lit := g.sliceLit(s, st, d-1, 5)
		w.line("%s := %s", a, lit.s)
		lo := g.r.Intn(2)
		hi := lo + 1 + g.r.Intn(2)
		mx := hi + g.r.Intn(lit.minLen-hi+1)
		w.line("%s := %s[%d:%d:%d]", b, a, lo, hi, mx)
		w.line("fmt.Println(len(%s), cap(%s))", b, b)
		w.line("%s = append(%s, %s)", b, b, elem())
		w.line("fmt.Println(%s, %s)", a, b)
	case 3:
		n := 3 + g.r.Intn(3)
		var parts []string
		for i := 0; i < n; i++ {
			parts = append(parts, elem())
		}
		w.line("%s := [%d]%s{%s}", a, n, et, strings.Join(parts, ", "))
		lo := g.r.Intn(2)
		w.line("%s := %s[%d:%d]", b, a, lo, lo+2)
		w.line("%s[0] = %s", b, elem())
		w.line("fmt.Println(%s, %s, len(%s), cap(%s))", a, b, b, b)
		w.line("%s = append(%s, %s)", b, b, elem())
		w.line("fmt.Println(%s, %s)", a, b)
	case 4:
		lit := g.sliceLit(s, st, d-1, 4)
		w.line("%s := %s", a, lit.s)
		i := g.r.Intn(3)
		w.line("%s = append(%s[:%d], %s[%d:]...)", a, a, i, a, i+1)
		w.line("fmt.Println(%s, len(%s))", a, a)
		w.line("%s = append(%s[:%d], append([]%s{%s}, %s[%d:]...)...)", a, a, i, et, elem(), a, i)
		w.line("fmt.Println(%s)", a)
	case 5:
		w.line("var %s %s", a, st)
		w.line("%s := %s{}", b, st)
		w.line("fmt.Println(%s == nil, %s == nil, len(%s), %s, %s)", a, b, a, a, b)
		w.line("%s = append(%s, %s)", a, a, elem())
		w.line("fmt.Println(%s, %s == nil)", a, a)
		w.open("for i, x := range %s {", a)
		w.line("fmt.Println(i, x)")
		w.close("}")
	default:
		// range evaluates a slice once; appends in the body do not
		// extend the loop
		lit := g.sliceLit(s, st, d-1, 2)
		w.line("%s := %s", a, lit.s)
		w.open("for i := range %s {", a)
		w.line("%s = append(%s, %s)", a, a, elem())
		w.line("_ = i")
		w.close("}")
		w.line("fmt.Println(%s, len(%s))", a, a)
	}
}

// stringStmt: ranging over strings (runes, byte offsets, invalid UTF-8),
// byte indexing, conversions, strings.Builder, utf8, comparisons.
func (g *gen) stringStmt(w *writer, s *scope, d int) {
	if g.chance(4) {
		g.invalidStringStmt(w, s, d)
		return
	}
	str := g.exprSelf(s, basic(String), d-1).s
	v := g.local("s")
	w.line("%s := %s", v, str)
	switch g.r.Intn(7) {
	case 0:
		w.open("for i, r := range %s {", v)
		w.line("fmt.Print(i, \":\", r, \" \")")
		w.close("}")
		w.line("fmt.Println(len(%s))", v)
	case 1:
		w.open("for i := 0; i < len(%s); i++ {", v)
		w.line("fmt.Print(%s[i], \" \")", v)
		w.close("}")
		w.line("fmt.Println()")
	case 2:
		g.imp("unicode/utf8")
		w.line("fmt.Println(utf8.RuneCountInString(%s), utf8.ValidString(%s), len([]rune(%s)))", v, v, v)
		r, size := g.local("r"), g.local("size")
		w.line("%s, %s := utf8.DecodeRuneInString(%s)", r, size, v)
		w.line("fmt.Println(%s, %s)", r, size)
	case 3:
		g.imp("strings")
		sb := g.local("sb")
		w.line("var %s strings.Builder", sb)
		w.line("%s.WriteString(%s)", sb, v)
		w.line("%s.WriteByte(%s)", sb, pick(g, []string{"'x'", "65", "0xff"}))
		w.line("%s.WriteRune(%s)", sb, g.exprSelf(s, tRune, d-1).s)
		w.line("fmt.Println(%s.String(), %s.Len())", sb, sb)
	case 4:
		g.imp("strings")
		w.line("fmt.Println(strings.Split(%s, %s), strings.Index(%s, %s), strings.Count(%s, %s))", v, pick(g, []string{`","`, `""`, `"l"`}), v, pick(g, stringLits).s, v, pick(g, []string{`""`, `"a"`}))
		w.line("fmt.Println(strings.Fields(%s), strings.Compare(%s, %s))", v, v, g.exprSelf(s, basic(String), d-1).s)
	case 5:
		o := g.exprSelf(s, basic(String), d-1).s
		w.line("fmt.Println(%s < %s, %s == %s, %s+%s)", v, o, v, o, v, o)
		w.line("fmt.Printf(\"%%q %%x %%+q\\n\", %s, %s, %s)", v, v, v)
	default:
		if g.chance(2) {
			bs := g.local("bs")
			w.line("%s := []byte(%s)", bs, v)
			w.open("for i := range %s {", bs)
			w.line("%s[i] ^= 0x20", bs)
			w.close("}")
			w.line("fmt.Println(string(%s), %s)", bs, bs)
		} else {
			rs := g.local("rs")
			w.line("%s := []rune(%s)", rs, v)
			w.open("for i, j := 0, len(%[1]s)-1; i < j; i, j = i+1, j-1 {", rs)
			w.line("%[1]s[i], %[1]s[j] = %[1]s[j], %[1]s[i]", rs)
			w.close("}")
			w.line("fmt.Println(string(%[1]s), len(%[1]s))", rs)
		}
	}
	s.add(&variable{name: v, t: basic(String)})
}

// genericStmt: generic types (instantiated with random type arguments)
// and their methods; generic functions with inferred or explicit type
// arguments.
func (g *gen) genericStmt(w *writer, s *scope, d int) {
	switch g.r.Intn(3) {
	case 0:
		t := g.genericInstance(1)
		v := g.local("gv")
		if t.zeroSafe() && g.chance(2) {
			w.line("var %s %s", v, t)
		} else {
			w.line("var %s %s = %s", v, t, g.expr(s, t, d-1).s)
		}
		s.add(&variable{name: v, t: t})
		for _, m := range t.Methods {
			call := g.methodCall(s, v, m, d)
			switch len(m.Results) {
			case 0:
				w.line("%s", call)
			case 1:
				if x := g.view(s, call, m.Results[0], 0); x != "" {
					w.line("fmt.Println(%s)", x)
				} else {
					w.line("_ = %s", call)
				}
			default:
				a, b := g.local("r"), g.local("ok")
				w.line("%s, %s := %s", a, b, call)
				if x := g.view(s, a, m.Results[0], 0); x != "" {
					w.line("fmt.Println(%s, %s)", x, b)
				} else {
					w.line("fmt.Println(%s)", b)
					w.line("_ = %s", a)
				}
			}
		}
		g.show(w, s, v, t)
	case 1:
		fn := g.genericFuncDecl("swap")
		t1, t2 := g.randType(0, typeOpts{printable: true}), g.randType(0, typeOpts{printable: true})
		a, b := g.local("a"), g.local("b")
		args := g.exprSelf(s, t1, d-1).s + ", " + g.exprSelf(s, t2, d-1).s
		if g.chance(2) {
			fn += "[" + t1.String() + ", " + t2.String() + "]"
		}
		w.line("%s, %s := %s(%s)", a, b, fn, args)
		w.line("fmt.Println(%s, %s)", a, b)
	default:
		for try := 0; try < 5; try++ {
			t := g.randType(1, typeOpts{})
			if e, ok := g.genericCall(s, t, d); ok {
				g.declare(w, s, t, e)
				return
			}
		}
	}
}

// printfStmt prints values in scope with verbs matching their types,
// widths, precisions and flags; Print's spacing rule; %T and %#v.
func (g *gen) printfStmt(w *writer, s *scope, d int) {
	var verbs, args []string
	for i := 0; i < 1+g.r.Intn(3); i++ {
		t := g.randType(1, typeOpts{printable: true})
		e := g.exprSelf(s, t, d-1).s
		verbs = append(verbs, g.verbFor(t))
		args = append(args, e)
	}
	switch g.r.Intn(5) {
	case 0:
		w.line("fmt.Print(%s)", strings.Join(args, ", "))
		w.line("fmt.Println()")
	case 1:
		w.line("fmt.Println(fmt.Sprint(%s), fmt.Sprintln(%s) != \"\")", strings.Join(args, ", "), args[0])
	default:
		w.line("fmt.Printf(%q, %s)", strings.Join(verbs, "|")+"\n", strings.Join(args, ", "))
	}
}

// verbFor is a fmt verb for a value of type t.
func (g *gen) verbFor(t *Type) string {
	if g.chance(10) {
		return pick(g, []string{"%v", "%T", "%+v", "%#v"})
	}
	k := t.Kind
	switch {
	case t.hasFmtMethod(false):
		return pick(g, []string{"%v", "%s", "%d"})
	case k.isInteger():
		return pick(g, []string{"%d", "%x", "%X", "%o", "%b", "%5d", "%-4d|", "%05d", "%+d", "%c", "%q", "%U", "%v", "%#x", "%08b"})
	case k.isFloat():
		return pick(g, []string{"%f", "%.2f", "%e", "%E", "%g", "%G", "%8.3f", "%v", "%.0f", "%x", "%+.1e", "%6.2g"})
	case k.isComplex():
		return pick(g, []string{"%v", "%.2f", "%g", "%e"})
	case k == String:
		return pick(g, []string{"%s", "%q", "%x", "% x", "%10s", "%-8s|", "%.3s", "%v", "%X"})
	case k == Bool:
		return pick(g, []string{"%t", "%v"})
	case k == Slice && (identical(t.Elem, tByte)):
		return pick(g, []string{"%s", "%x", "%v", "%q"})
	case k == Slice || k == Array:
		if t.Elem.Kind.isInteger() {
			return pick(g, []string{"%v", "%d", "%x"})
		}
		return "%v"
	case k == Struct:
		return pick(g, []string{"%v", "%+v"})
	}
	return "%v"
}

// stringerStmt prints values of types with String or Error methods:
// directly, through pointers, in slices, maps and struct fields, with
// %v %s %d, and errors wrapped with %w.
func (g *gen) stringerStmt(w *writer, s *scope, d int) {
	var t *Type
	for _, x := range g.u.types {
		if x.hasFmtMethod(true) && x.Generic == nil && !x.ptrEmbed() {
			t = x
		}
	}
	if t == nil || g.chance(3) {
		if g.chance(2) {
			t = g.newNamedBasic()
		} else {
			t = g.newStruct(1, false)
		}
		if !t.hasFmtMethod(true) {
			g.stringMethod(t, pick(g, []string{"String", "String", "Error"}), g.chance(4))
		}
	}
	v := g.local("sv")
	w.line("%s := %s", v, g.exprSelf(s, t, d-1).s)
	s.add(&variable{name: v, t: t})
	switch g.r.Intn(6) {
	case 0:
		w.line("fmt.Println(%s)", v)
		w.line("fmt.Println(&%s)", v)
	case 1:
		w.line("fmt.Printf(\"%%v|%%s|%%+v\\n\", %s, %s, %s)", v, v, v)
	case 2:
		w.line("fmt.Println([]%s{%s, %s})", t, v, g.exprSelf(s, t, d-1).s)
	case 3:
		w.line("fmt.Println(map[string]%s{\"k\": %s})", t, v)
	case 4:
		w.line("fmt.Println(struct{ F %s }{%s}, fmt.Sprint(%s))", t, v, v)
	default:
		if t.hasFmtMethod(false) && t.method("Error") != nil && !t.method("Error").Ptr {
			e := g.local("e")
			w.line("var %s error = %s", e, v)
			w.line("fmt.Println(%[1]s, fmt.Errorf(\"ctx: %%w\", %[1]s))", e)
		} else {
			a := g.local("a")
			w.line("var %s any = %s", a, v)
			w.line("fmt.Println(%[1]s, fmt.Sprintf(\"%%v\", %[1]s))", a)
		}
	}
}

// funcStmt: helper functions with several results, variadic calls,
// recursion, functions as values in slices and maps.
func (g *gen) funcStmt(w *writer, s *scope, d int) {
	switch g.r.Intn(4) {
	case 0:
		f := g.name("rec")
		op := pick(g, []string{"+", "*", "-"})
		g.decl(fmt.Sprintf("func %s(n int) int {\n\tif n <= 1 {\n\t\treturn n + %d\n\t}\n\treturn %s(n-1) %s %s(n-2)\n}", f, g.r.Intn(3), f, op, f))
		w.line("fmt.Println(%s(%d))", f, g.r.Intn(12))
	case 1:
		t := g.randNumeric()
		fs := g.local("fs")
		w.open("%s := []func(%s) %s{", fs, t, t)
		for i := 0; i < 1+g.r.Intn(3); i++ {
			w.line("%s,", g.funcLit(s, funcOf([]*Type{t}, []*Type{t}), d-1))
		}
		w.close("}")
		w.open("for _, f := range %s {", fs)
		w.line("fmt.Println(f(%s))", g.expr(s, t, d-1).s)
		w.close("}")
	case 2:
		// variadic: no arguments, some, a slice spread
		f := g.helperFunc([]*Type{g.randType(0, typeOpts{printable: true})})
		if !f.variadic {
			t := g.randNumeric()
			f.params = append(f.params, sliceOf(t))
			f.variadic = true
			// redeclare with the variadic parameter
			f.name = g.name("va")
			vs := g.local("xs")
			g.decl(fmt.Sprintf("func %s(%s ...%s) int {\n\treturn len(%s)\n}", f.name, vs, t, vs))
			f.params = []*Type{sliceOf(t)}
			f.results = []*Type{basic(Int)}
			g.u.funcs = append(g.u.funcs, f)
		}
		for i := 0; i < 2; i++ {
			if x := g.view(s, g.callArgs(s, f, d), f.results[0], 0); x != "" {
				w.line("fmt.Println(%s)", x)
			}
		}
	default:
		rs := []*Type{g.randType(0, typeOpts{}), basic(pick(g, []Kind{Bool, Int, String}))}
		f := g.funcWith(rs)
		a, b := g.local("a"), g.local("b")
		w.line("%s, %s := %s", a, b, g.callArgs(s, f, d))
		s.add(&variable{name: a, t: rs[0]})
		s.add(&variable{name: b, t: rs[1]})
		g.show(w, s, a, rs[0])
		g.show(w, s, b, rs[1])
	}
}

// structCmpStmt: struct and array values are copied by assignment and
// by range, compared with ==, used as map keys.
func (g *gen) structCmpStmt(w *writer, s *scope, d int) {
	var t *Type
	if g.chance(2) {
		t = g.structType(1)
	} else {
		t = arrayOf(2+g.r.Intn(3), g.randType(0, typeOpts{comparable: true, printable: true}))
	}
	a, b := g.local("a"), g.local("b")
	w.line("%s := %s", a, g.exprSelf(s, t, d-1).s)
	w.line("%s := %s", b, a)
	s.add(&variable{name: a, t: t})
	s.add(&variable{name: b, t: t})
	// change the copy
	switch t.Kind {
	case Array:
		w.line("%s[%d] = %s", b, g.r.Intn(t.Len), g.expr(s, t.Elem, d-1).s)
	case Struct:
		for _, f := range t.Fields {
			if !f.Embedded && (f.T.Kind.isBasic()) {
				w.line("%s.%s = %s", b, f.Name, g.expr(s, f.T, d-1).s)
				break
			}
		}
	}
	va, vb := g.view(s, a, t, 0), g.view(s, b, t, 0)
	if va != "" {
		w.line("fmt.Println(%s)", va)
		w.line("fmt.Println(%s)", vb)
	}
	if t.comparable() {
		w.line("fmt.Println(%s == %s, %s != %s)", a, b, a, b)
		if t.printable() && !t.contains(func(x *Type) bool { return x.Kind.isFloat() || x.Kind.isComplex() }) {
			m := g.local("m")
			w.line("%s := map[%s]int{}", m, t)
			w.line("%s[%s]++", m, a)
			w.line("%s[%s]++", m, b)
			w.line("%s[%s] += 10", m, a)
			w.line("fmt.Println(len(%s), %s[%s], %s)", m, m, a, m)
		}
	}
	if t.Kind == Array && t.Elem.Kind.isNumeric() {
		// range over an array ranges over a copy
		w.open("for i, v := range %s {", a)
		w.line("%s[%d] = %s", a, t.Len-1, g.expr(s, t.Elem, 0).s)
		w.line("fmt.Print(i, v, \" \")")
		w.close("}")
		w.line("fmt.Println(%s)", a)
	}
}

// pointerStmt: pointers to variables, fields, elements; aliasing; new;
// pointer equality; pointers to pointers.
func (g *gen) pointerStmt(w *writer, s *scope, d int) {
	t := g.randNumeric()
	x, p := g.local("x"), g.local("p")
	w.line("%s := %s", x, g.exprSelf(s, t, d-1).s)
	s.add(&variable{name: x, t: t})
	switch g.r.Intn(5) {
	case 0:
		w.line("%s := &%s", p, x)
		w.line("*%s = %s", p, g.expr(s, t, d-1).s)
		w.line("fmt.Println(%s, *%s, %s == &%s)", x, p, p, x)
	case 1:
		st := g.structType(1)
		v := g.local("sv")
		w.line("%s := %s", v, g.structLit(s, st, d-1).s)
		for _, f := range st.Fields {
			if !f.Embedded && f.T.Kind.isNumeric() {
				w.line("%s := &%s.%s", p, v, f.Name)
				w.line("*%s += %s", p, g.expr(s, f.T, d-1).s)
				w.line("fmt.Println(%s.%s, *%s)", v, f.Name, p)
				break
			}
		}
		g.show(w, s, v, st)
		w.line("_ = %s", x)
	case 2:
		sl := g.local("sl")
		w.line("%s := []%s{%s, %s}", sl, t, x, g.expr(s, t, d-1).s)
		w.line("%s := &%s[1]", p, sl)
		w.line("*%s = %s", p, g.expr(s, t, d-1).s)
		w.line("fmt.Println(%s)", sl)
		w.line("%s = append(%s, %s)", sl, sl, x)
		w.line("*%s = %s", p, g.expr(s, t, d-1).s)
		w.line("fmt.Println(%s, *%s)", sl, p)
	case 3:
		w.line("%s := new(%s)", p, t)
		w.line("fmt.Println(*%s)", p)
		w.line("*%s = %s", p, x)
		pp := g.local("pp")
		w.line("%s := &%s", pp, p)
		w.line("**%s = %s", pp, g.expr(s, t, d-1).s)
		w.line("fmt.Println(*%s, %s)", p, x)
	default:
		w.line("%s, %s := &%s, &%s", p, p+"b", x, x)
		w.line("fmt.Println(%s == %s, %s == new(%s))", p, p+"b", p, t)
	}
}

// blockStmt: nested blocks and if/switch initializers that shadow names.
func (g *gen) blockStmt(w *writer, s *scope, d int) {
	vs := g.assignable(s, nil)
	if len(vs) == 0 {
		g.numericStmt(w, s, d)
		return
	}
	v := pick(g, vs)
	t := g.randType(1, typeOpts{})
	if g.chance(2) {
		w.open("{")
		inner := newScope(s)
		e := g.exprSelf(inner, t, d-1)
		w.line("%s := %s", v.name, e.s)
		inner.add(&variable{name: v.name, t: t, minLen: e.minLen})
		g.show(w, inner, v.name, t)
		w.close("}")
	} else {
		inner := newScope(s)
		e := g.exprSelf(s, t, d-1)
		inner.add(&variable{name: v.name, t: t, minLen: e.minLen})
		c := g.boolExpr(inner, basic(Bool), 1)
		w.open("if %s := %s; %s {", v.name, hdr(e.s), hdr(c.s))
		g.show(w, inner, v.name, t)
		w.close("} else {")
		w.indent++
		g.show(w, inner, v.name, t)
		w.close("}")
	}
	g.show(w, s, v.name, v.t)
}

// compoundStmt: if/else and loops whose bodies are drawn from the
// grammar.
func (g *gen) compoundStmt(w *writer, s *scope, d int) {
	fs := []Feature{FNumeric, FComposite, FMethod, FString, FMap, FConvert, FFloat, FMulti}
	switch g.r.Intn(3) {
	case 0:
		c := g.boolExpr(s, basic(Bool), d)
		w.open("if %s {", hdr(c.s))
		g.stmt(w, newScope(s), pick(g, fs))
		if g.chance(2) {
			w.close("} else {")
			w.indent++
			g.stmt(w, newScope(s), pick(g, fs))
		}
		w.close("}")
	case 1:
		n := 1 + g.r.Intn(3)
		w.open("for i := 0; i < %d; i++ {", n)
		inner := newScope(s)
		inner.loop = true
		inner.add(&variable{name: "i", t: basic(Int), noAssign: true})
		g.stmt(w, inner, pick(g, fs))
		w.close("}")
	default:
		n := 1 + g.r.Intn(3)
		w.open("for k := range %d {", n)
		inner := newScope(s)
		inner.loop = true
		inner.add(&variable{name: "k", t: basic(Int), noAssign: true})
		w.line("fmt.Println(\"iteration\", k)")
		g.stmt(w, inner, pick(g, fs))
		w.close("}")
	}
}

// controlStmt: switches (constant cases, fallthrough, no tag, init),
// labeled break and continue, loops of every form, goto.
func (g *gen) controlStmt(w *writer, s *scope, d int) {
	if g.chance(3) {
		if g.chance(2) {
			g.headerStmt(w, s, d)
		} else {
			g.labelStmt(w, s, d)
		}
		return
	}
	switch g.r.Intn(6) {
	case 0:
		t := basic(pick(g, []Kind{Int, Int8, Uint, String, Int64}))
		x := g.exprSelf(s, t, d-1)
		w.open("switch %s {", hdr(x.s))
		seen := map[string]bool{}
		ncase := 2 + g.r.Intn(3)
		for i := 0; i < ncase; i++ {
			var vals []string
			for j := 0; j < 1+g.r.Intn(2); j++ {
				var c string
				if t.Kind == String {
					c = pick(g, stringLits).s
				} else {
					c = strconv.Itoa(g.r.Intn(12) - 2)
					if t.Kind == Uint && strings.HasPrefix(c, "-") {
						c = c[1:]
					}
				}
				if seen[c] {
					continue
				}
				seen[c] = true
				vals = append(vals, c)
			}
			if len(vals) == 0 {
				continue
			}
			w.line("case %s:", strings.Join(vals, ", "))
			w.line("\tfmt.Println(\"case\", %d)", i)
			if i < ncase-1 && g.chance(4) {
				w.line("\tfallthrough")
			}
		}
		w.line("default:")
		w.line("\tfmt.Println(\"default\")")
		w.close("}")
	case 1:
		v := g.local("v")
		t := g.randNumeric()
		if t.Kind.isComplex() {
			t = basic(Float64)
		}
		w.open("switch %s := %s; {", v, hdr(g.exprSelf(s, t, d-1).s))
		w.line("case %s > %s:", v, g.expr(s, t, 0).s)
		w.line("\tfmt.Println(\"greater\", %s)", v)
		w.line("case %s == %s:", v, g.expr(s, t, 0).s)
		w.line("\tfmt.Println(\"equal\")")
		w.line("default:")
		w.line("\tfmt.Println(\"other\", %s)", v)
		w.close("}")
	case 2:
		// labeled continue and break
		n, m := 2+g.r.Intn(3), 2+g.r.Intn(3)
		count, outer := g.local("count"), g.local("outer")
		w.line("%s := 0", count)
		w.line("%s:", outer)
		w.open("for i := 0; i < %d; i++ {", n)
		w.open("for j := 0; j < %d; j++ {", m)
		w.open("if j == %d {", g.r.Intn(m))
		w.line("continue %s", outer)
		w.close("}")
		w.open("if i*j > %d {", g.r.Intn(6))
		w.line("break %s", outer)
		w.close("}")
		w.line("%s += i + j", count)
		w.close("}")
		w.close("}")
		w.line("fmt.Println(%s)", count)
	case 3:
		// a condition-only loop and a loop with continue
		i, acc := g.local("i"), g.local("acc")
		w.line("%s, %s := 0, 0", i, acc)
		w.open("for %s < %d {", i, 3+g.r.Intn(5))
		w.line("%s++", i)
		w.open("if %s%%%d == 0 {", i, 2+g.r.Intn(2))
		w.line("continue")
		w.close("}")
		w.line("%s += %s", acc, i)
		w.close("}")
		w.line("fmt.Println(%s, %s)", i, acc)
	case 4:
		// range over an int, a pointer to an array, a string's bytes
		n := g.r.Intn(5)
		w.open("for i := range %d {", n)
		w.line("fmt.Print(i, \" \")")
		w.close("}")
		arr := g.local("arr")
		w.line("%s := [3]int{%d, %d, %d}", arr, g.r.Intn(9), g.r.Intn(9), g.r.Intn(9))
		w.open("for i, v := range &%s {", arr)
		w.line("%s[2] = 100", arr)
		w.line("fmt.Print(i, v, \" \")")
		w.close("}")
		w.line("fmt.Println()")
	default:
		// goto
		i := g.local("i")
		w.line("%s := 0", i)
		lbl := "L" + strings.TrimPrefix(i, "i")
		w.line("%s:", lbl)
		w.line("%s++", i)
		w.open("if %s < %d {", i, 2+g.r.Intn(4))
		w.line("goto %s", lbl)
		w.close("}")
		w.line("fmt.Println(%s)", i)
	}
}

// builtinStmt: min and max (mixed constants, NaN, strings), clear, copy
// from a string, append of a string to bytes, complex/real/imag.
func (g *gen) builtinStmt(w *writer, s *scope, d int) {
	switch g.r.Intn(5) {
	case 0:
		t := g.randNumeric()
		if t.Kind.isComplex() {
			t = basic(String)
		}
		var args []string
		for i := 0; i < 2+g.r.Intn(2); i++ {
			args = append(args, g.exprSelf(s, t, d-1).s)
		}
		w.line("fmt.Println(min(%s), max(%s))", strings.Join(args, ", "), strings.Join(args, ", "))
	case 1:
		a := g.local("a")
		w.line("%s := %s", a, g.sliceLit(s, sliceOf(g.randNumeric()), d-1, 2).s)
		w.line("clear(%s)", a)
		w.line("fmt.Println(%s, len(%s))", a, a)
	case 2:
		b := g.local("b")
		w.line("%s := make([]byte, %d)", b, g.r.Intn(6))
		n := g.local("n")
		w.line("%s := copy(%s, %s)", n, b, g.exprSelf(s, basic(String), d-1).s)
		w.line("fmt.Println(%s, %s)", n, b)
		w.line("%s = append(%s, %s...)", b, b, g.exprSelf(s, basic(String), d-1).s)
		w.line("fmt.Println(string(%s))", b)
	case 3:
		c := g.local("c")
		w.line("%s := complex(%s, %s)", c, g.exprSelf(s, basic(Float64), d-1).s, g.exprSelf(s, basic(Float64), d-1).s)
		w.line("fmt.Println(%s, real(%s), imag(%s), %s*%s, %s / %s)", c, c, c, c, c, c, paren(g.expr(s, basic(Complex128), d-1).s))
	default:
		t := g.randNumeric()
		v := g.declare(w, s, t, g.numExpr(s, t, d))
		if t.ordered() {
			w.line("fmt.Println(min(%s, %s), max(%s, %s))", v.name, g.expr(s, t, d-1).s, v.name, g.expr(s, t, 0).s)
		}
	}
}

// embedIfaceStmt: interfaces embedding interfaces, assertions from one
// interface type to another.
func (g *gen) embedIfaceStmt(w *writer, s *scope, d int) {
	a := g.ifaceType()
	b := g.ifaceType()
	if a == tAny || b == tAny || a == b || a == tErr || b == tErr {
		g.ifaceStmt(w, s, d)
		return
	}
	// the union's methods must agree where names meet
	for _, m := range a.Methods {
		if o := b.method(m.Name); o != nil && sigString(o.Params, o.Results) != sigString(m.Params, m.Results) {
			g.ifaceStmt(w, s, d)
			return
		}
	}
	ab := &Type{Kind: Interface, Name: g.name("I"), Named: true}
	seen := map[string]bool{}
	for _, m := range append(append([]*Method{}, a.Methods...), b.Methods...) {
		if !seen[m.Name] {
			seen[m.Name] = true
			ab.Methods = append(ab.Methods, m)
		}
	}
	g.decl(fmt.Sprintf("type %s interface {\n\t%s\n\t%s\n}", ab.Name, a, b))
	g.u.ifaces = append(g.u.ifaces, ab)
	e, printable := g.ifaceExpr(s, ab, d)
	v := g.local("i")
	w.line("var %s %s = %s", v, a, e.s)
	iv := s.add(&variable{name: v, t: a, dynPrintable: printable, dynComparable: g.lastDynComparable})
	x, ok := g.local("x"), g.local("ok")
	w.line("%s, %s := %s.(%s)", x, ok, v, b)
	w.line("fmt.Println(%s, %s != nil)", ok, x)
	if printable {
		w.line("fmt.Println(%s, %s)", v, x)
	}
	g.typeSwitch(w, s, iv, d)
}
