package engine

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Workaround: the value of a failed comma-ok map read or type assertion.
//
// When the key is missing or the assertion fails, Go gives the value the
// zero value of its type. yaegi v0.16 sets only ok and leaves the value's
// slot as it was, and a variable defined in a loop body keeps its slot
// from one iteration to the next: in
//
//	for _, x := range []any{1, "a"} { n, ok := x.(int); fmt.Println(n, ok) }
//
// the second line printed 1 false (Go: 0 false), and v, ok := m[k] with a
// missing k gave the previous iteration's value. (A define outside loops
// gets a fresh slot, which is why it looked right: fix_assignorder.go's
// temporaries of v, ok = m[k] relied on that and were stale in loops too.)
//
// The pass "commaokzero" stores the zero value after each such define in a
// function or a loop body, where ok is false:
//
//	v, ok := m[k]   →  v, ok := m[k]; if !ok { v = 0 }
//	v, _ := x.(T)   →  v, _gnokN := x.(T); if !_gnokN { v = T{} }
//	var v, ok = m[k]  (the same)
//	if v, ok := m[k]; !ok || v > 2 {  →  if v, ok := m[k]; func() bool { if !ok { v = 0 }; return true }() && (!ok || v > 2) {
//
// An if whose condition is ok itself, without an else, reads v only where
// ok holds and is left alone; so is a cell's top-level statement (it runs
// once: fix_commaok.go gives it a function literal). The zero value is
// spelled from go/types (0, "", false, nil, T{}, *new(T)); a type the cell
// cannot name keeps yaegi's behaviour. fix_assignorder.go's temporaries of
// the assignment form get the same store (zeroOnFail), and
// fix_switchinit.go moves a switch's comma-ok init before the switch with
// it. Not covered: a comma-ok define in a for loop's init statement, or
// in the init of a switch on an interface value (fix_switchiface.go).

// rewriteCommaOKZero is the pass "commaokzero".
func rewriteCommaOKZero(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			commaOKZeroList(p, ct, n.List)
		case *ast.CaseClause:
			commaOKZeroList(p, ct, n.Body)
		case *ast.CommClause:
			commaOKZeroList(p, ct, n.Body)
		case *ast.IfStmt:
			commaOKZeroIf(p, ct, n)
		}
		return true
	})
}

// commaOKZeroList handles the defines and var declarations of a statement
// list (labeled statements included).
func commaOKZeroList(p *prep, ct *cellTypes, list []ast.Stmt) {
	for _, s := range list {
		for {
			l, ok := s.(*ast.LabeledStmt)
			if !ok {
				break
			}
			s = l.Stmt
		}
		if p.isTopStmt(s) {
			continue
		}
		switch s := s.(type) {
		case *ast.AssignStmt:
			if s.Tok != token.DEFINE || len(s.Lhs) != 2 || len(s.Rhs) != 1 {
				continue
			}
			if text, ok := zeroOnFailDefine(p, ct, s.Lhs[0], s.Lhs[1], s.Rhs[0]); ok {
				p.r.addText(p.off(s.End()), p.off(s.End()), "; "+text)
			}
		case *ast.DeclStmt:
			g, ok := s.Decl.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR || g.Lparen.IsValid() || len(g.Specs) != 1 {
				continue
			}
			vs := g.Specs[0].(*ast.ValueSpec)
			if len(vs.Names) != 2 || len(vs.Values) != 1 || vs.Type != nil {
				continue
			}
			if text, ok := zeroOnFailDefine(p, ct, vs.Names[0], vs.Names[1], vs.Values[0]); ok {
				p.r.addText(p.off(s.End()), p.off(s.End()), "; "+text)
			}
		}
	}
}

// commaOKZeroIf handles a comma-ok define in an if statement's init.
func commaOKZeroIf(p *prep, ct *cellTypes, s *ast.IfStmt) {
	as, ok := s.Init.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 2 || len(as.Rhs) != 1 || p.isTopStmt(s) {
		return
	}
	if id, ok := ast.Unparen(s.Cond).(*ast.Ident); ok && s.Else == nil {
		if okID, isID := as.Lhs[1].(*ast.Ident); isID && okID.Name == id.Name {
			return // the value is read only where ok holds
		}
	}
	text, ok := zeroOnFailDefine(p, ct, as.Lhs[0], as.Lhs[1], as.Rhs[0])
	if !ok {
		return
	}
	p.r.addText(p.off(s.Cond.Pos()), p.off(s.Cond.Pos()), "func() bool { "+text+"; return true }() && (")
	p.r.addTail(p.off(s.Cond.End()), ")")
}

// zeroOnFailDefine returns the statement storing the zero value into the
// value v of a comma-ok define of x, naming a blank ok (an edit of the
// define). ok is false when x is no map read or type assertion, v is
// blank, or the zero value cannot be spelled.
func zeroOnFailDefine(p *prep, ct *cellTypes, v, okExpr, x ast.Expr) (string, bool) {
	if !commaOKForm(ct, x) {
		return "", false
	}
	vid, isID := v.(*ast.Ident)
	okID, isOK := okExpr.(*ast.Ident)
	if !isID || !isOK || vid.Name == "_" {
		return "", false
	}
	t := ct.goType(vid)
	if t == nil {
		return "", false
	}
	zero, ok := zeroText(p, t)
	if !ok {
		return "", false
	}
	okName := okID.Name
	if okName == "_" {
		okName = p.r.fresh("ok")
		p.r.addText(p.off(okID.Pos()), p.off(okID.End()), okName)
	}
	return zeroOnFail(okName, vid.Name, zero), true
}

// zeroOnFail is the statement storing zero into v where ok is false.
func zeroOnFail(ok, v, zero string) string {
	return "if !" + ok + " { " + v + " = " + zero + " }"
}

// commaOKForm reports whether x, the value of a two-value assignment, is
// a map read or a type assertion (the forms whose failure yaegi leaves
// the value alone in).
func commaOKForm(ct *cellTypes, x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.TypeAssertExpr:
		return x.Type != nil
	case *ast.IndexExpr:
		if t := ct.goType(x.X); t != nil {
			_, isMap := t.Underlying().(*types.Map)
			return isMap
		}
	}
	return false
}

// zeroText spells the zero value of t in the cell.
func zeroText(p *prep, t types.Type) (string, bool) {
	if isTypeParam(t) {
		s, ok := p.spellGoType(t)
		return "*new(" + s + ")", ok
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false", true
		case u.Info()&types.IsString != 0:
			return `""`, true
		case u.Info()&types.IsNumeric != 0:
			return "0", true
		case u.Kind() == types.UnsafePointer:
			return "nil", true
		}
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil", true
	case *types.Struct, *types.Array:
		s, ok := p.spellGoType(t)
		if !ok {
			return "", false
		}
		return s + "{}", true
	}
	return "", false
}
