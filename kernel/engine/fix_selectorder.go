package engine

import (
	"go/ast"
	"go/token"
)

// Workaround: what a select statement evaluates when it starts, and the
// variables its cases define.
//
// Go evaluates the channel of every case and the value of every send
// once, in source order, when the select starts. yaegi v0.16 reads a sent
// variable when it sends (case c <- x sent what a later case's
// <-makec(&x) stored in x). And a variable a receive case defines (case
// x := <-ch) is one variable for every run of the select: &x taken in a
// loop pointed to the same one (Go: a new one each time). So the pass
// "selectorder"
//
//   - when a case's operands call a function or receive, evaluates every
//     case's channel and sent value into temporaries before the select,
//     in order;
//   - when a receive case's body takes an address, starts a closure, go or
//     defer, receives into fresh variables and defines the case's own at
//     the start of its body (a new variable each run).

// orderSelects is the pass "selectorder".
func orderSelects(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	var visit func(n ast.Node) bool
	list := func(ss []ast.Stmt) {
		for _, s := range ss {
			inner := s
			for l, ok := inner.(*ast.LabeledStmt); ok; l, ok = inner.(*ast.LabeledStmt) {
				inner = l.Stmt
			}
			if sel, ok := inner.(*ast.SelectStmt); ok {
				hoistSelectOperands(p, ct, s, sel)
			}
		}
	}
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			list(n.List)
		case *ast.CaseClause:
			list(n.Body)
		case *ast.CommClause:
			list(n.Body)
			freshCaseVars(p, n)
		}
		return true
	}
	p.pc.inspect(visit) // the top-level statements are a block too
}

// hoistSelectOperands evaluates the cases' channels and sent values
// before statement s (the select, or the labeled statement holding it).
func hoistSelectOperands(p *prep, ct *cellTypes, s ast.Stmt, sel *ast.SelectStmt) {
	var operands []ast.Expr
	hasCall := false
	for _, c := range sel.Body.List {
		cc := c.(*ast.CommClause)
		switch comm := cc.Comm.(type) {
		case *ast.SendStmt:
			operands = append(operands, comm.Chan, comm.Value)
		case *ast.ExprStmt:
			if u, ok := ast.Unparen(comm.X).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
				operands = append(operands, u.X)
			}
		case *ast.AssignStmt:
			if len(comm.Rhs) == 1 {
				if u, ok := ast.Unparen(comm.Rhs[0]).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
					operands = append(operands, u.X)
				}
			}
		}
	}
	for _, x := range operands {
		ast.Inspect(x, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				if tv, ok := ct.info.Types[n.Fun]; !ok || !tv.IsType() {
					hasCall = true
				}
			case *ast.UnaryExpr:
				if n.Op == token.ARROW {
					hasCall = true
				}
			}
			return !hasCall
		})
	}
	if !hasCall {
		return
	}
	at := p.off(s.Pos())
	var names []string
	for _, x := range operands {
		name := p.r.fresh("sel")
		names = append(names, name)
		p.r.addText(p.off(x.Pos()), p.off(x.End()), name)
	}
	places := len(p.r.edits) - len(operands)
	p.r.add(at, at, func(r *renderer) string {
		out := ""
		for i, x := range operands {
			out += names[i] + " := " + r.renderApart(p.off(x.Pos()), p.off(x.End()), places+i, false) + "; "
		}
		return out + r.directive(at)
	})
}

// freshCaseVars gives a receive case that defines variables a new one
// each time its body may keep them (an address, a closure, go, defer).
func freshCaseVars(p *prep, cc *ast.CommClause) {
	as, ok := cc.Comm.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE {
		return
	}
	keeps := false
	for _, s := range cc.Body {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt:
				keeps = true
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					keeps = true
				}
			}
			return !keeps
		})
	}
	if !keeps {
		return
	}
	var names, fresh []string
	for _, l := range as.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok {
			return
		}
		if id.Name == "_" {
			fresh = append(fresh, "_")
			continue
		}
		f := p.r.fresh("case")
		fresh = append(fresh, f)
		names = append(names, id.Name)
		p.r.addText(p.off(id.Pos()), p.off(id.End()), f)
	}
	if len(names) == 0 {
		return
	}
	var used []string
	for _, f := range fresh {
		if f != "_" {
			used = append(used, f)
		}
	}
	colon := p.off(cc.Colon) + 1
	at := p.off(as.Pos())
	p.r.add(colon, colon, func(r *renderer) string {
		return " " + r.directive(at) + join(names) + " := " + join(used) + "; " + r.directive(colon)
	})
}
