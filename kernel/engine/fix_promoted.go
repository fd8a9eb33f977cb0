package engine

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Workaround: a promoted field or method that a deeper one shadows.
//
// A selector x.f names the f at the shallowest depth of x's embedded
// fields. yaegi v0.16 searches its embedded fields depth first: with
// type B struct{ A; embedded } and A embedding embedded too, b.val()
// calls A's embedded val, not B's own. When the name also exists deeper
// than the one Go selects, the pass "promoted" writes the path go/types
// selected:
//
//	b.val()  =>  b.embedded.val()
//
// A conversion of such a value to an interface takes yaegi's method set,
// which keeps the deeper method (fixedbugs/issue24547: a String of a
// type two levels down instead of the embedded *bytes.Buffer's): no
// selector to rewrite there, so the pass refuses, at the value, a
// conversion to an interface (an assignment, a return, an argument, an
// element of a composite literal, a send, an explicit conversion) of a
// value whose method set has a method that a deeper embedded type also
// has — also a top-level var i I = s of a notebook cell whose statements
// define s (go/types checks the declaration apart, without s's type).
//
// A method promoted from an embedded field of an interface type (type B
// struct{ A2 } with A2 an interface: b.m2(1), f := b.m2) panics in yaegi
// ("invalid interface value"; typeparam/issue44688 of Go's tests); through
// the field it is called right, so the pass writes that path too:
//
//	b.m2(1)  =>  b.A2.m2(1)

// spellPromoted is the pass "promoted".
func spellPromoted(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	refuseShadowedMethodConversions(p, ct)
	p.pc.inspect(func(n ast.Node) bool {
		se, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		sel, ok := ct.info.Selections[se]
		if !ok || len(sel.Index()) < 2 || sel.Kind() == types.MethodExpr {
			return true
		}
		if !deeperName(sel.Recv(), se.Sel.Name, len(sel.Index())) && !viaEmbeddedIface(sel) {
			return true
		}
		path, ok := embeddedPath(sel.Recv(), sel.Index()[:len(sel.Index())-1], "main")
		if !ok {
			return true
		}
		p.r.addText(p.off(se.X.End()), p.off(se.X.End()), path)
		return true
	})
}

// viaEmbeddedIface reports whether sel is a method value promoted from an
// embedded field of an interface type.
func viaEmbeddedIface(sel *types.Selection) bool {
	if sel.Kind() != types.MethodVal {
		return false
	}
	t := sel.Recv()
	for _, i := range sel.Index()[:len(sel.Index())-1] {
		if pt, ok := t.Underlying().(*types.Pointer); ok {
			t = pt.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return false
		}
		t = st.Field(i).Type()
	}
	return isInterface(t)
}

// embeddedPath spells the embedded fields at indexes idx from t: ".A.B".
func embeddedPath(t types.Type, idx []int, pkg string) (string, bool) {
	out := ""
	for _, i := range idx {
		if pt, ok := t.Underlying().(*types.Pointer); ok {
			t = pt.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return "", false
		}
		f := st.Field(i)
		if !f.Exported() && (f.Pkg() == nil || f.Pkg().Path() != pkg) {
			return "", false
		}
		out += "." + f.Name()
		t = f.Type()
	}
	return out, true
}

// deeperName reports whether a field or method name exists among t's
// embedded fields deeper than depth (a field or method of t itself is at
// depth 1).
func deeperName(t types.Type, name string, depth int) bool {
	type level struct {
		t types.Type
		d int
	}
	todo := []level{{t, 1}}
	for n := 0; len(todo) > 0 && n < 1000; n++ {
		l := todo[0]
		todo = todo[1:]
		t := l.t
		if pt, ok := t.Underlying().(*types.Pointer); ok {
			t = pt.Elem()
		}
		if l.d > 8 {
			continue
		}
		if l.d > depth {
			if named, ok := t.(*types.Named); ok {
				for i := range named.NumMethods() {
					if named.Method(i).Name() == name {
						return true
					}
				}
			}
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := range st.NumFields() {
			f := st.Field(i)
			if f.Name() == name && l.d > depth {
				return true
			}
			if f.Embedded() {
				todo = append(todo, level{f.Type(), l.d + 1})
			}
		}
	}
	return false
}

// shadowedMethod returns a method of t's method set that Go selects from
// an embedded field while a deeper embedded type has a method of that
// name too, or "".
func shadowedMethod(t types.Type) string {
	if t == nil || isInterface(t) {
		return ""
	}
	mset := types.NewMethodSet(t)
	for i := range mset.Len() {
		sel := mset.At(i)
		if len(sel.Index()) >= 2 && deeperName(t, sel.Obj().Name(), len(sel.Index())) {
			return sel.Obj().Name()
		}
	}
	return ""
}

// refuseShadowedMethodConversions refuses the conversions to an
// interface of values whose method set yaegi builds otherwise than Go.
func refuseShadowedMethodConversions(p *prep, ct *cellTypes) {
	check := func(x ast.Expr, target types.Type) {
		if x == nil || !isInterface(target) {
			return
		}
		t := ct.goType(x)
		if id, ok := ast.Unparen(x).(*ast.Ident); ok && t == nil {
			t = stmtVarType(p, ct, id)
		}
		if m := shadowedMethod(t); m != "" {
			p.fail(x.Pos(), "converting a value of type "+types.TypeString(t, qualifyLocal)+" to an interface is not supported by the gophernote interpreter: its method "+m+" is promoted from an embedded field, and the interpreter's method set would take the "+m+" of a deeper embedded type instead; call the method on the value, or on the embedded field, directly")
		}
	}
	var funcs []*types.Signature
	var stack []ast.Node
	visit := func(n ast.Node) bool {
		if n == nil {
			switch stack[len(stack)-1].(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				funcs = funcs[:len(funcs)-1]
			}
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.FuncDecl:
			sig, _ := ct.goType(n.Name).(*types.Signature)
			funcs = append(funcs, sig)
		case *ast.FuncLit:
			sig, _ := ct.goType(n).(*types.Signature)
			funcs = append(funcs, sig)
		case *ast.ReturnStmt:
			if len(funcs) > 0 && funcs[len(funcs)-1] != nil {
				if res := funcs[len(funcs)-1].Results(); res.Len() == len(n.Results) {
					for i, r := range n.Results {
						check(r, res.At(i).Type())
					}
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					check(n.Rhs[i], ct.goType(n.Lhs[i]))
				}
			}
		case *ast.ValueSpec:
			if n.Type != nil && len(n.Values) == len(n.Names) {
				for i, v := range n.Values {
					check(v, ct.goType(n.Names[i]))
				}
			}
		case *ast.SendStmt:
			if t := ct.goType(n.Chan); t != nil {
				if ch, ok := t.Underlying().(*types.Chan); ok {
					check(n.Value, ch.Elem())
				}
			}
		case *ast.CallExpr:
			if tv, ok := ct.info.Types[n.Fun]; ok && tv.IsType() {
				if len(n.Args) == 1 {
					check(n.Args[0], tv.Type)
				}
				return true
			}
			sig, ok := ct.goType(n.Fun).(*types.Signature)
			if !ok {
				return true
			}
			params := sig.Params()
			for i, a := range n.Args {
				switch {
				case sig.Variadic() && i >= params.Len()-1 && !n.Ellipsis.IsValid():
					if sl, ok := params.At(params.Len() - 1).Type().(*types.Slice); ok {
						check(a, sl.Elem())
					}
				case i < params.Len():
					check(a, params.At(i).Type())
				}
			}
		case *ast.CompositeLit:
			t := ct.goType(n)
			if t == nil {
				return true
			}
			switch u := t.Underlying().(type) {
			case *types.Slice:
				for _, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						e = kv.Value
					}
					check(e, u.Elem())
				}
			case *types.Array:
				for _, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						e = kv.Value
					}
					check(e, u.Elem())
				}
			case *types.Map:
				for _, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						check(kv.Key, u.Key())
						check(kv.Value, u.Elem())
					}
				}
			case *types.Struct:
				for i, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							if f, ok := ct.info.Uses[id].(*types.Var); ok {
								check(kv.Value, f.Type())
							}
						}
					} else if i < u.NumFields() {
						check(e, u.Field(i).Type())
					}
				}
			}
		}
		return true
	}
	for _, d := range p.pc.decls.Decls {
		ast.Inspect(d, visit)
	}
	ast.Inspect(p.pc.stmts, visit)
}

// stmtVarType returns the type of the variable a top-level statement of
// the cell before id defines with id's name, or nil: a declaration of the
// cell (var i I = s) is checked apart from the statements, where go/types
// gives s no type.
func stmtVarType(p *prep, ct *cellTypes, id *ast.Ident) types.Type {
	var t types.Type
	at := p.off(id.Pos())
	for _, s := range p.pc.stmts.Body.List {
		if p.off(s.Pos()) >= at {
			break
		}
		var ids []*ast.Ident
		switch s := s.(type) {
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				for _, l := range s.Lhs {
					if l, ok := l.(*ast.Ident); ok {
						ids = append(ids, l)
					}
				}
			}
		case *ast.DeclStmt:
			if g, ok := s.Decl.(*ast.GenDecl); ok && g.Tok == token.VAR {
				for _, sp := range g.Specs {
					ids = append(ids, sp.(*ast.ValueSpec).Names...)
				}
			}
		}
		for _, l := range ids {
			if obj := ct.info.Defs[l]; obj != nil && l.Name == id.Name {
				t = obj.Type()
			}
		}
	}
	return t
}
