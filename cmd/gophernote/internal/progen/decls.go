package progen

import (
	"fmt"
	"strconv"
	"strings"
)

// typeOpts restrict randType.
type typeOpts struct {
	comparable bool // a map key or == operand
	printable  bool // fmt prints it the same in every run
	noIface    bool
}

// randType draws a type for a variable: mostly numeric, then strings,
// declared types, slices, arrays, maps, structs, pointers, interfaces.
func (g *gen) randType(depth int, o typeOpts) *Type {
	for try := 0; try < 20; try++ {
		t := g.randType1(depth, o)
		if o.comparable && !t.comparable() || o.printable && !t.printable() {
			continue
		}
		return t
	}
	return basic(Int)
}

func (g *gen) randType1(depth int, o typeOpts) *Type {
	x := g.r.Intn(100)
	if depth <= 0 {
		x = g.r.Intn(60)
	}
	switch {
	case x < 30:
		return g.randNumeric()
	case x < 38:
		return basic(String)
	case x < 42:
		return basic(Bool)
	case x < 50:
		if t := g.namedBasic(func(*Type) bool { return true }); t != nil {
			return t
		}
		return basic(Int)
	case x < 60:
		return g.structType(depth)
	case x < 72:
		e := g.randType(depth-1, typeOpts{printable: o.printable})
		if g.chance(8) {
			return g.namedComposite(sliceOf(e))
		}
		return sliceOf(e)
	case x < 78:
		return arrayOf(1+g.r.Intn(4), g.randType(depth-1, typeOpts{printable: o.printable, comparable: o.comparable}))
	case x < 86:
		k := g.randType(depth-1, typeOpts{comparable: true, printable: true, noIface: true})
		if k.Kind == Struct && g.chance(2) || k.contains(func(x *Type) bool { return x.Kind.isFloat() || x.Kind.isComplex() }) {
			// (NaN keys: fmt prints them in the map's random order)
			k = basic(String)
		}
		m := mapOf(k, g.randType(depth-1, typeOpts{printable: o.printable}))
		if g.chance(8) {
			return g.namedComposite(m)
		}
		return m
	case x < 90:
		if o.printable {
			return basic(Int)
		}
		return ptrTo(g.structType(depth))
	case x < 94:
		if o.printable || o.noIface {
			return basic(Float64)
		}
		return g.ifaceType()
	case x < 97:
		if gt := g.genericInstance(depth); gt != nil {
			return gt
		}
		return basic(Int)
	default:
		if o.printable || o.comparable {
			return basic(Uint16)
		}
		return funcOf([]*Type{g.randNumeric()}, []*Type{g.randNumeric()})
	}
}

// structType returns a declared struct type (new or existing) that is
// safe as a zero value (no embedded pointers).
func (g *gen) structType(depth int) *Type {
	var cands []*Type
	for _, t := range g.u.types {
		if t.Kind == Struct && !t.ptrEmbed() && t.Generic == nil {
			cands = append(cands, t)
		}
	}
	if len(cands) == 0 || g.chance(6) && len(g.u.types) < 8 && !g.u.inDecl {
		return g.newStruct(depth, false)
	}
	return pick(g, cands)
}

// ptrEmbed: the struct embeds a pointer (its zero value's promoted
// fields would be a nil dereference).
func (t *Type) ptrEmbed() bool {
	for _, f := range t.Fields {
		if f.Embedded && f.T.Kind == Pointer {
			return true
		}
	}
	return false
}

var fieldNames = []string{"A", "B", "C", "X", "Y", "N", "Name", "Val", "Items", "M", "Tag", "K"}

// newStruct declares a struct type with fields of random types, some
// embedded, and methods.
func (g *gen) newStruct(depth int, allowPtrEmbed bool) *Type {
	t := &Type{Kind: Struct, Name: g.name("S"), Named: true}
	used := map[string]bool{}
	if depth > 0 && g.chance(3) {
		// an embedded struct (promoted fields and methods)
		inner := g.structType(depth - 1)
		if inner != t && !used[inner.Name] {
			ft := inner
			if allowPtrEmbed && g.chance(2) {
				ft = ptrTo(inner)
			}
			t.Fields = append(t.Fields, Field{T: ft, Embedded: true})
			used[inner.Name] = true
		}
	}
	n := 1 + g.r.Intn(3)
	for i := 0; i < n; i++ {
		name := pick(g, fieldNames)
		if used[name] {
			continue
		}
		used[name] = true
		var ft *Type
		switch g.r.Intn(10) {
		case 0:
			ft = sliceOf(g.randNumeric())
		case 1:
			ft = arrayOf(1+g.r.Intn(3), g.randNumeric())
		case 2:
			if depth > 0 {
				ft = g.structType(depth - 1)
			} else {
				ft = basic(String)
			}
		case 3:
			ft = basic(String)
		case 4:
			ft = mapOf(basic(String), basic(Int))
		case 5:
			ft = basic(Bool)
		default:
			ft = g.randNumeric()
		}
		t.Fields = append(t.Fields, Field{Name: name, T: ft})
	}
	var b strings.Builder
	fmt.Fprintf(&b, "type %s struct {\n", t.Name)
	for _, f := range t.Fields {
		if f.Embedded {
			fmt.Fprintf(&b, "\t%s\n", f.T)
		} else {
			fmt.Fprintf(&b, "\t%s %s\n", f.Name, f.T)
		}
	}
	b.WriteString("}")
	g.decl(b.String())
	g.u.types = append(g.u.types, t)
	g.methods(t)
	return t
}

// newNamedBasic declares a named type over a basic type, with methods.
func (g *gen) newNamedBasic() *Type {
	var u *Type
	switch g.r.Intn(6) {
	case 0:
		u = basic(String)
	case 1:
		u = basic(Float64)
	default:
		u = basic(pick(g, numericKinds))
	}
	t := &Type{Kind: u.Kind, Name: g.name("N"), Named: true}
	g.decl(fmt.Sprintf("type %s %s", t.Name, u))
	g.u.types = append(g.u.types, t)
	g.methods(t)
	return t
}

// namedComposite declares a named slice or map type (type L []int) with
// methods and returns it.
func (g *gen) namedComposite(u *Type) *Type {
	t := *u
	t.Name = g.name("L")
	t.Named = true
	nt := &t
	g.decl(fmt.Sprintf("type %s %s", nt.Name, u))
	g.u.types = append(g.u.types, nt)
	g.methods(nt)
	return nt
}

var methodNames = []string{"Get", "Sum", "Value", "Describe", "Double", "Twice", "Area", "Size", "First", "Score", "Norm", "Key"}

// methods declares 0-3 methods on t: value methods computing a result
// (pure), pointer methods changing the receiver (Set/Inc/Scale/Add), and
// sometimes String.
func (g *gen) methods(t *Type) {
	n := g.r.Intn(4)
	names := map[string]bool{}
	for _, f := range t.Fields {
		names[f.fieldName()] = true
	}
	// promoted methods: a method of t would hide one (and change what
	// an earlier selector meant)
	for name := range t.methodSet(true) {
		names[name] = true
	}
	for _, f := range t.Fields {
		if f.Embedded {
			inner := f.T
			if inner.Kind == Pointer {
				inner = inner.Elem
			}
			for _, m := range inner.Methods {
				names[m.Name] = true
			}
		}
	}
	for i := 0; i < n; i++ {
		switch g.r.Intn(5) {
		case 0, 1:
			name := pick(g, methodNames)
			if names[name] {
				continue
			}
			names[name] = true
			g.valueMethod(t, name)
		case 2:
			if t.Kind == Map || t.Kind == Slice {
				// pointer methods on maps and slices are rare; a value
				// method writing into a map is a mutator
				continue
			}
			name := pick(g, []string{"Set", "Inc", "Scale", "Add", "Reset"})
			if names[name] {
				continue
			}
			names[name] = true
			g.ptrMethod(t, name)
		case 3:
			if names["String"] || names["Error"] {
				continue
			}
			names["String"] = true
			g.stringMethod(t, "String", g.chance(4))
		default:
			if t.Kind == Struct && !names["Error"] && !names["String"] && g.chance(3) {
				names["Error"] = true
				g.stringMethod(t, "Error", false)
			}
		}
	}
}

// recvScope is a method body's scope with its receiver.
func (g *gen) recvScope(t *Type, recv string, ptr bool) *scope {
	s := newScope(nil)
	rt := t
	if ptr {
		rt = ptrTo(t)
	}
	s.add(&variable{name: recv, t: rt, noAssign: true, used: true})
	return s
}

// valueMethod declares func (r T) Name(params) R { ... } computing R from
// the receiver.
func (g *gen) valueMethod(t *Type, name string) {
	defer g.inDecl()()
	res := g.randType(0, typeOpts{printable: true})
	if g.chance(2) {
		res = g.randNumeric()
	}
	var params []*Type
	if g.chance(2) {
		params = append(params, g.randNumeric())
	}
	m := &Method{Name: name, Params: params, Results: []*Type{res}}
	// The method joins t's method set after its body is written: the
	// body may call t's earlier methods, never itself (no recursion).
	defer func() { t.Methods = append(t.Methods, m) }()
	s := g.recvScope(t, "r", false)
	s.fn = &fnCtx{results: m.Results}
	var ps []string
	for _, p := range params {
		pn := g.local("a")
		ps = append(ps, pn+" "+p.String())
		s.add(&variable{name: pn, t: p, noAssign: true, used: true})
	}
	w := newWriter(1)
	g.pureStmts(w, s, g.r.Intn(3))
	g.returnStmt(w, s, m.Results)
	g.decl(fmt.Sprintf("func (r %s) %s(%s) %s {\n%s}", t, name, strings.Join(ps, ", "), res, w.String()))
}

// ptrMethod declares a method with a pointer receiver that changes it.
func (g *gen) ptrMethod(t *Type, name string) {
	defer g.inDecl()()
	m := &Method{Name: name, Ptr: true}
	w := newWriter(1)
	s := g.recvScope(t, "r", true)
	s.fn = &fnCtx{}
	switch {
	case t.Kind.isNumeric():
		p := &variable{name: "k", t: t, noAssign: true, used: true}
		m.Params = []*Type{t}
		s.add(p)
		switch name {
		case "Inc":
			m.Params = nil
			w.line("*r++")
		case "Reset":
			m.Params = nil
			w.line("*r = 0")
		case "Scale":
			w.line("*r *= k")
		default:
			w.line("*r = *r + %s", paren(g.expr(s, t, 1).s))
		}
	case t.Kind == String:
		m.Params = []*Type{t}
		s.add(&variable{name: "k", t: t, noAssign: true, used: true})
		if name == "Reset" {
			m.Params = nil
			w.line("*r = \"\"")
		} else {
			w.line("*r += k")
		}
	case t.Kind == Bool:
		w.line("*r = !*r")
	case t.Kind == Struct:
		var nums []Field
		for _, f := range t.Fields {
			if !f.Embedded && f.T.Kind.isNumeric() {
				nums = append(nums, f)
			}
		}
		if len(nums) == 0 {
			w.line("*r = %s{}", t)
			break
		}
		f := pick(g, nums)
		if name == "Reset" || name == "Inc" {
			if name == "Inc" {
				w.line("r.%s++", f.Name)
			} else {
				w.line("r.%s = 0", f.Name)
			}
		} else {
			m.Params = []*Type{f.T}
			s.add(&variable{name: "k", t: f.T, noAssign: true, used: true})
			op := "+="
			if name == "Scale" {
				op = "*="
			}
			w.line("r.%s %s k", f.Name, op)
		}
	default:
		w.line("_ = r")
	}
	var ps []string
	for _, p := range m.Params {
		ps = append(ps, "k "+p.String())
	}
	t.Methods = append(t.Methods, m)
	g.decl(fmt.Sprintf("func (r *%s) %s(%s) {\n%s}", t, name, strings.Join(ps, ", "), w.String()))
}

// stringMethod declares String or Error (ptr: on *T): fmt calls it.
func (g *gen) stringMethod(t *Type, name string, ptr bool) {
	m := &Method{Name: name, Ptr: ptr, Results: []*Type{basic(String)}}
	t.Methods = append(t.Methods, m)
	recv := t.String()
	if ptr {
		recv = "*" + recv
	}
	var body string
	switch {
	case t.Kind.isInteger():
		body = fmt.Sprintf("return fmt.Sprintf(\"%s(%%d)\", int64(%s))", t.Name, deref("r", ptr))
	case t.Kind.isFloat():
		body = fmt.Sprintf("return fmt.Sprintf(\"%%.2f~\", float64(%s))", deref("r", ptr))
	case t.Kind == String:
		body = fmt.Sprintf("return \"<\" + string(%s) + \">\"", deref("r", ptr))
	case t.Kind == Struct:
		var parts []string
		var args []string
		for _, f := range t.Fields {
			if f.Embedded || !f.T.printable() || f.T.hasFmtMethod(true) || f.T.contains(func(x *Type) bool { return x.Named && len(x.Methods) > 0 }) {
				continue
			}
			parts = append(parts, f.Name+"=%v")
			args = append(args, "r."+f.Name)
		}
		if len(args) == 0 {
			body = fmt.Sprintf("return %q", t.Name+"{}")
		} else {
			body = fmt.Sprintf("return fmt.Sprintf(%q, %s)", t.Name+"{"+strings.Join(parts, " ")+"}", strings.Join(args, ", "))
		}
	case t.Kind == Slice || t.Kind == Map:
		body = fmt.Sprintf("return fmt.Sprintf(\"%s#%%d\", len(%s))", t.Name, deref("r", ptr))
	default:
		body = fmt.Sprintf("return %q", t.Name)
	}
	g.decl(fmt.Sprintf("func (r %s) %s() string {\n\t%s\n}", recv, name, body))
}

func deref(r string, ptr bool) string {
	if ptr {
		return "*" + r
	}
	return r
}

// ifaceType returns an interface type: any, error, fmt.Stringer, or a
// declared interface some declared type implements.
func (g *gen) ifaceType() *Type {
	switch g.r.Intn(6) {
	case 0:
		return tAny
	case 1:
		return tErr
	}
	if len(g.u.ifaces) > 0 && g.chance(2) {
		return pick(g, g.u.ifaces)
	}
	// an interface of a subset of a declared type's methods
	var impls []*Type
	for _, t := range g.u.types {
		if len(t.Methods) > 0 {
			impls = append(impls, t)
		}
	}
	if len(impls) == 0 {
		impls = append(impls, g.newStruct(1, false))
		if len(impls[0].Methods) == 0 {
			g.valueMethod(impls[0], "Get")
		}
	}
	t := pick(g, impls)
	it := &Type{Kind: Interface, Name: g.name("I"), Named: true}
	for _, m := range t.Methods {
		if g.chance(2) || len(it.Methods) == 0 {
			it.Methods = append(it.Methods, &Method{Name: m.Name, Params: m.Params, Results: m.Results})
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "type %s interface {\n", it.Name)
	for _, m := range it.Methods {
		fmt.Fprintf(&b, "\t%s%s\n", m.Name, sigString(m.Params, m.Results))
	}
	b.WriteString("}")
	g.decl(b.String())
	g.u.ifaces = append(g.u.ifaces, it)
	return it
}

// implementer declares a struct type implementing interface it.
func (g *gen) implementer(it *Type) *Type {
	t := &Type{Kind: Struct, Name: g.name("S"), Named: true, Fields: []Field{{Name: "V", T: basic(Int)}}}
	g.decl(fmt.Sprintf("type %s struct {\n\tV int\n}", t.Name))
	for _, m := range it.Methods {
		mm := &Method{Name: m.Name, Params: m.Params, Results: m.Results}
		s := g.recvScope(t, "r", false)
		s.fn = &fnCtx{results: m.Results}
		var ps []string
		for _, p := range m.Params {
			pn := g.local("a")
			ps = append(ps, pn+" "+p.String())
			s.add(&variable{name: pn, t: p, noAssign: true, used: true})
		}
		w := newWriter(1)
		g.returnStmt(w, s, m.Results)
		res := ""
		if len(m.Results) == 1 {
			res = " " + m.Results[0].String()
		}
		g.decl(fmt.Sprintf("func (r %s) %s(%s)%s {\n%s}", t, m.Name, strings.Join(ps, ", "), res, w.String()))
		t.Methods = append(t.Methods, mm)
	}
	g.u.types = append(g.u.types, t)
	return t
}

// helperFunc declares a pure function with the given results and random
// parameters (sometimes variadic, sometimes with named results).
func (g *gen) helperFunc(results []*Type) *funcDecl {
	defer g.inDecl()()
	f := &funcDecl{name: g.name("f"), results: results, pure: true}
	n := g.r.Intn(3)
	for i := 0; i < n; i++ {
		f.params = append(f.params, g.randType(1, typeOpts{}))
	}
	if g.chance(5) {
		f.params = append(f.params, sliceOf(g.randNumeric()))
		f.variadic = true
	}
	// f is callable once its body is written (no recursion).
	defer func() { g.u.funcs = append(g.u.funcs, f) }()
	s := newScope(nil)
	s.fn = &fnCtx{results: results}
	var ps []string
	for i, p := range f.params {
		pn := g.local("a")
		if f.variadic && i == len(f.params)-1 {
			ps = append(ps, pn+" ..."+p.Elem.String())
		} else {
			ps = append(ps, pn+" "+p.String())
		}
		s.add(&variable{name: pn, t: p, noAssign: true, used: true})
	}
	w := newWriter(1)
	named := len(results) > 0 && g.chance(4)
	res := resultList(results, nil)
	if named {
		var names []string
		for _, r := range results {
			rn := g.local("r")
			names = append(names, rn)
			if r.zeroSafe() {
				// (a nil pointer, func or interface result is never read)
				s.add(&variable{name: rn, t: r, used: true, minLen: 0})
			}
		}
		res = resultList(results, names)
		s.fn.named = names
	}
	g.pureStmts(w, s, 1+g.r.Intn(3))
	if named && g.chance(2) {
		for i, rn := range s.fn.named {
			w.line("%s = %s", rn, g.expr(s, results[i], 2).s)
		}
		w.line("return")
	} else {
		g.returnStmt(w, s, results)
	}
	g.decl(fmt.Sprintf("func %s(%s)%s {\n%s}", f.name, strings.Join(ps, ", "), res, w.String()))
	return f
}

func resultList(results []*Type, names []string) string {
	if len(results) == 0 {
		return ""
	}
	var rs []string
	for i, r := range results {
		if names != nil {
			rs = append(rs, names[i]+" "+r.String())
		} else {
			rs = append(rs, r.String())
		}
	}
	if len(rs) == 1 && names == nil {
		return " " + rs[0]
	}
	return " (" + strings.Join(rs, ", ") + ")"
}

// returnStmt writes return with values of the result types.
func (g *gen) returnStmt(w *writer, s *scope, results []*Type) {
	if len(results) == 0 {
		return
	}
	var vals []string
	for _, r := range results {
		vals = append(vals, g.expr(s, r, g.cfg.Depth-1).s)
	}
	w.line("return %s", strings.Join(vals, ", "))
}

// pureStmts writes statements that only define and change local
// variables (function bodies that must not change their caller's state
// or print).
func (g *gen) pureStmts(w *writer, s *scope, n int) {
	for i := 0; i < n; i++ {
		switch g.r.Intn(5) {
		case 0, 1:
			t := g.randType(1, typeOpts{})
			name := g.local("l")
			e := g.exprSelf(s, t, g.cfg.Depth-1)
			w.line("%s := %s", name, e.s)
			w.line("_ = %s", name)
			s.add(&variable{name: name, t: t, minLen: e.minLen})
		case 2:
			var vs []*variable
			for _, v := range s.vars {
				if !v.noAssign && !v.isConst && v.t.Kind.isNumeric() {
					vs = append(vs, v)
				}
			}
			if len(vs) == 0 {
				continue
			}
			v := pick(g, vs)
			op := pick(g, []string{"+=", "-=", "*=", "="})
			w.line("%s %s %s", v.name, op, g.expr(s, v.t, g.cfg.Depth-1).s)
		case 3:
			c := g.boolExpr(s, basic(Bool), 2)
			w.open("if %s {", hdr(c.s))
			inner := newScope(s)
			g.pureStmts(w, inner, 1)
			if len(s.fn.results) > 0 && g.chance(2) {
				g.returnStmt(w, inner, s.fn.results)
			}
			w.close("}")
		default:
			name := g.local("i")
			acc := g.local("acc")
			w.line("%s := 0", acc)
			w.open("for %s := 0; %s < %d; %s++ {", name, name, 1+g.r.Intn(5), name)
			w.line("%s += %s * %s", acc, name, strconv.Itoa(1+g.r.Intn(9)))
			w.close("}")
			w.line("_ = %s", acc)
			s.add(&variable{name: acc, t: basic(Int)})
		}
	}
}

// inDecl marks the writing of a declaration's body (which declares few
// new types and functions); the result restores the mark.
func (g *gen) inDecl() func() {
	old := g.u.inDecl
	g.u.inDecl = true
	return func() { g.u.inDecl = old }
}
