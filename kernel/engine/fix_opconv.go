package engine

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Workaround: an operator's result stored into an interface.
//
// Where the result of -x, ^x, !x, x % y, x << y or x >> y (and of a
// comparison, as an untyped boolean) goes into an interface result of a
// function, into an interface variable, map or slice element or field by
// = or by its declaration (var v I = -a), or to _, yaegi v0.16 stores it with the wrong kind: the function
// silently ends there (var v any; v = -a; printed nothing, no error), or
// panics in reflect ("call of reflect.Value.SetBool on interface Value"
// for return x > y in a func returning any; issue4785, issue15303,
// issue18661 of Go's tests). Converted to its own type (int(-a),
// bool(x > y)) it is a value like any other: the pass "opconv" writes
// that conversion in those places (for every operator, which costs
// nothing where yaegi was right). The ok of a comma-ok assignment (v, ok
// = <-c, m[k], x.(T)) to a variable that is not a plain bool (an
// interface, a named bool) panics the same way (issue16870): the
// assignment goes through fresh variables defined by the comma-ok form
// (in a statement list, or in a select case, whose body then assigns); so
// does x[i], _ = <-c (a field, *p), whose value was stored as the ok
// ("reflect: call of reflect.Value.SetBool on ptr Value").

// convertOperators is the pass "opconv".
func convertOperators(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	wrap := func(x ast.Expr) {
		t, ok := operatorValue(ct, x)
		if !ok {
			return
		}
		ts, ok := p.spellGoType(t)
		if !ok {
			return
		}
		p.r.addText(p.off(x.Pos()), p.off(x.Pos()), ts+"(")
		p.r.addTail(p.off(x.End()), ")")
	}
	var results []*types.Tuple // of the enclosing functions, innermost last
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Body == nil {
				return false
			}
			var res *types.Tuple
			if fn, ok := ct.info.Defs[n.Name].(*types.Func); ok {
				if sig, ok := fn.Type().(*types.Signature); ok {
					res = sig.Results()
				}
			}
			results = append(results, res)
			ast.Inspect(n.Body, visit)
			results = results[:len(results)-1]
			return false
		case *ast.FuncLit:
			var res *types.Tuple
			if sig, ok := ct.goType(n).(*types.Signature); ok {
				res = sig.Results()
			}
			results = append(results, res)
			ast.Inspect(n.Body, visit)
			results = results[:len(results)-1]
			return false
		case *ast.ReturnStmt:
			if len(results) == 0 {
				return true
			}
			res := results[len(results)-1]
			if res == nil || res.Len() != len(n.Results) {
				return true
			}
			for i, x := range n.Results {
				if types.IsInterface(res.At(i).Type()) {
					wrap(x)
				}
			}
		case *ast.AssignStmt:
			if n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name == "_" {
						wrap(n.Rhs[i])
					} else if t := ct.goType(l); t != nil && types.IsInterface(t) {
						wrap(n.Rhs[i])
					}
				}
			}
		case *ast.ValueSpec:
			if n.Type != nil && len(n.Values) == len(n.Names) {
				if t := ct.goType(n.Type); t != nil && types.IsInterface(t) {
					for _, x := range n.Values {
						wrap(x)
					}
				}
			}
		case *ast.BlockStmt:
			for _, s := range n.List {
				commaOKToNonBool(p, ct, s, nil)
			}
		case *ast.CaseClause:
			for _, s := range n.Body {
				commaOKToNonBool(p, ct, s, nil)
			}
		case *ast.CommClause:
			for _, s := range n.Body {
				commaOKToNonBool(p, ct, s, nil)
			}
			// A receive case assigning existing variables (case v, ok =
			// <-c) is received into fresh ones by the pass selectrecv
			// (fix_selectrecv.go), whose assignment gives ok a bool.
		}
		return true
	}
	ast.Inspect(p.pc.decls, visit)
	ast.Inspect(p.pc.stmts.Body, visit)
}

// operatorValue returns the type of x when x is an operator's result
// that is not a constant: a unary -, ^, ! or +, or a binary operation
// (an untyped boolean is a bool).
func operatorValue(ct *cellTypes, x ast.Expr) (types.Type, bool) {
	tv, ok := ct.info.Types[x]
	if !ok || tv.Value != nil || tv.Type == nil {
		return nil, false
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.BinaryExpr:
	case *ast.UnaryExpr:
		if x.Op == token.AND || x.Op == token.ARROW {
			return nil, false
		}
	default:
		return nil, false
	}
	t := tv.Type
	if b, ok := t.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		if b.Kind() != types.UntypedBool {
			return nil, false
		}
		t = types.Typ[types.Bool]
	}
	return t, validType(t)
}

// commaOKToNonBool rewrites v, ok = <-c (m[k], x.(T)) whose ok is not a
// plain bool as _gnv, _gnok := <-c; v, ok = _gnv, _gnok. In a select
// case (cc set) the assignment starts the case's body.
func commaOKToNonBool(p *prep, ct *cellTypes, s ast.Stmt, cc *ast.CommClause) {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return
	}
	switch r := ast.Unparen(as.Rhs[0]).(type) {
	case *ast.TypeAssertExpr:
	case *ast.UnaryExpr:
		if r.Op != token.ARROW {
			return
		}
	case *ast.IndexExpr:
		if t := ct.goType(r.X); t == nil {
			return
		} else if _, isMap := t.Underlying().(*types.Map); !isMap {
			return
		}
	default:
		return
	}
	blankOK := false
	if id, ok := as.Lhs[1].(*ast.Ident); ok && id.Name == "_" {
		// x[i], _ = <-c (a field, *p): the value is stored as the ok.
		// Only when x and i call nothing: they are now evaluated after
		// the receive.
		if _, plain := ast.Unparen(as.Lhs[0]).(*ast.Ident); plain {
			return
		}
		if r, ok := ast.Unparen(as.Rhs[0]).(*ast.UnaryExpr); !ok || r.Op != token.ARROW || callsOrReceives(as.Lhs[0]) {
			return
		}
		blankOK = true
	} else {
		t := ct.goType(as.Lhs[1])
		if b, ok := t.(*types.Basic); t == nil || ok && b.Kind() == types.Bool {
			return // a plain bool, or go/types cannot say
		}
	}
	v, okName := p.r.fresh("v"), p.r.fresh("ok")
	lhs := func(r *renderer) string {
		return r.render(p.off(as.Lhs[0].Pos()), p.off(as.Lhs[0].End())) + ", " + r.render(p.off(as.Lhs[1].Pos()), p.off(as.Lhs[1].End()))
	}
	vals := v + ", " + okName
	if blankOK {
		okName = "_"
		lhs = func(r *renderer) string { return r.render(p.off(as.Lhs[0].Pos()), p.off(as.Lhs[0].End())) }
		vals = v
	}
	start, rhs := p.off(as.Pos()), p.off(as.Rhs[0].Pos())
	define := v + ", " + okName + " := "
	for _, top := range p.pc.stmts.Body.List {
		if top != s {
			continue
		}
		// A comma-ok := at the top level crashes yaegi (fix_commaok.go):
		// declare the variables with their types.
		tt, _ := ct.goType(as.Rhs[0]).(*types.Tuple)
		if tt == nil || tt.Len() != 2 {
			return
		}
		vt, ok := p.spellGoType(tt.At(0).Type())
		if !ok {
			return
		}
		define = "var " + v + " " + vt + "; var " + okName + " bool; " + v + ", " + okName + " = "
		if blankOK {
			// A global's blank ok fails the same way: a real one.
			ok := p.r.fresh("ok")
			define = "var " + v + " " + vt + "; var " + ok + " bool; " + v + ", " + ok + " = "
		}
	}
	p.r.addText(start, rhs, define)
	if cc == nil {
		p.r.addTailFunc(p.off(as.End()), func(r *renderer) string {
			return "; " + r.directive(start) + lhs(r) + " = " + vals
		})
		return
	}
	colon := p.off(cc.Colon) + 1
	p.r.add(colon, colon, func(r *renderer) string {
		return " " + r.directive(start) + lhs(r) + " = " + vals + "; " + r.directive(colon)
	})
}

// callsOrReceives reports whether x contains a call or a receive.
func callsOrReceives(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			found = true
		case *ast.UnaryExpr:
			found = found || n.Op == token.ARROW
		}
		return !found
	})
	return found
}
