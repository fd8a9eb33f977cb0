package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
)

// Workaround: comma-ok defines at the top level of a cell.
//
// yaegi v0.16 crashes ("nil type", outside its error handling) on a
// package-level `v, ok := m[k]`, `n, ok := x.(T)` or `v, ok := <-ch`; in
// a function the same statements work. So the value becomes a call of a
// function literal with typed results:
//
//	v, ok := func() (T, bool) { v, ok := m[k]; return v, ok }()
//
// T is the asserted type, or the map's or channel's element type from
// go/types (gotypes.go), else from the compiled value's reflect type.
// When the engine cannot name T, the cell gets an error saying what to
// write instead. The same holds for `var v, ok = E`; in `var v, ok U =
// E` (U an interface: var a, b any = x.(bool)) both results are U's.

// rewriteCommaOK is the pass "commaok".
func rewriteCommaOK(p *prep) {
	for _, s := range p.pc.stmts.Body.List {
		if as, ok := s.(*ast.AssignStmt); ok && as.Tok == token.DEFINE && len(as.Lhs) == 2 && len(as.Rhs) == 1 {
			commaOK(p, as.Lhs[0], as.Lhs[1], as.Rhs[0])
		}
	}
	for _, d := range p.pc.decls.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, sp := range g.Specs {
			vs := sp.(*ast.ValueSpec)
			if len(vs.Names) != 2 || len(vs.Values) != 1 {
				continue
			}
			if vs.Type == nil {
				commaOK(p, vs.Names[0], vs.Names[1], vs.Values[0])
			} else {
				commaOKTyped(p, vs.Type, vs.Values[0])
			}
		}
	}
}

// commaOK registers the rewrite of one comma-ok value x defining v, ok.
func commaOK(p *prep, v, ok, x ast.Expr) {
	var t string
	switch e := unparen(x).(type) {
	case *ast.TypeAssertExpr:
		if e.Type == nil {
			return
		}
		t = p.r.render(p.off(e.Type.Pos()), p.off(e.Type.End()))
	case *ast.IndexExpr:
		var known bool
		if t, known = elemTypeText(p, e.X, func(u types.Type) types.Type {
			if m, isMap := u.(*types.Map); isMap {
				return m.Elem()
			}
			return nil
		}, reflect.Map); !known {
			failCommaOK(p, v, ok, x)
			return
		}
	case *ast.UnaryExpr:
		if e.Op != token.ARROW {
			return
		}
		var known bool
		if t, known = elemTypeText(p, e.X, func(u types.Type) types.Type {
			if c, isChan := u.(*types.Chan); isChan {
				return c.Elem()
			}
			return nil
		}, reflect.Chan); !known {
			failCommaOK(p, v, ok, x)
			return
		}
	default:
		return
	}
	vt, okt := p.r.fresh("v"), p.r.fresh("ok")
	p.r.add(p.off(x.Pos()), p.off(x.End()), func(r *renderer) string {
		return "func() (" + t + ", bool) { " + vt + ", " + okt + " := " + r.render(p.off(x.Pos()), p.off(x.End())) +
			"; return " + vt + ", " + okt + " }()"
	})
}

// commaOKTyped registers the rewrite of a comma-ok value x in var v, ok T
// = x: the function literal's results are both of the declared type T
// (an interface: var a, b any = x.(bool)), which Go assigns both values
// to.
func commaOKTyped(p *prep, typ, x ast.Expr) {
	switch e := unparen(x).(type) {
	case *ast.TypeAssertExpr:
		if e.Type == nil {
			return
		}
	case *ast.IndexExpr:
	case *ast.UnaryExpr:
		if e.Op != token.ARROW {
			return
		}
	default:
		return
	}
	vt, okt := p.r.fresh("v"), p.r.fresh("ok")
	p.r.add(p.off(x.Pos()), p.off(x.End()), func(r *renderer) string {
		t := r.render(p.off(typ.Pos()), p.off(typ.End()))
		return "func() (" + t + ", " + t + ") { " + vt + ", " + okt + " := " + r.render(p.off(x.Pos()), p.off(x.End())) +
			"; return " + vt + ", " + okt + " }()"
	})
}

// elemTypeText spells the element type of container c: from go/types,
// else from the compiled value's reflect type.
func elemTypeText(p *prep, c ast.Expr, elem func(types.Type) types.Type, kind reflect.Kind) (string, bool) {
	if t := p.cellTypes().goType(c); t != nil {
		if et := elem(t.Underlying()); et != nil {
			if s, ok := p.spellGoType(et); ok {
				return s, true
			}
		}
	}
	if rt := p.compiledType(c); rt != nil && rt.Kind() == kind {
		return p.spellValueType(rt.Elem())
	}
	return "", false
}

func failCommaOK(p *prep, v, ok, x ast.Expr) {
	p.fail(v.Pos(), "cannot define "+p.text(v)+", "+p.text(ok)+" from "+p.text(x)+" at the top level of a cell: the interpreter crashes on a top-level comma-ok define, "+
		"and the engine cannot name the value's type here; declare the variables first (var "+p.text(v)+" T; var "+p.text(ok)+" bool), "+
		"then assign them ("+p.text(v)+", "+p.text(ok)+" = "+p.text(x)+"), or do it inside a function")
}
