package engine

import (
	"go/ast"
	"go/token"
	"strings"
)

// Rewrites for Go 1.22+ loops that yaegi v0.16 does not implement.

// intTypeNames are the predeclared integer types.
var intTypeNames = map[string]bool{
	"int": true, "int8": true, "int16": true, "int32": true, "int64": true, "rune": true, "byte": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true, "uintptr": true,
}

// rewriteRange turns `for i := range n` (n an integer) into a three-clause
// loop and rejects range over functions.
func (a *analysis) rewriteRange(rs *ast.RangeStmt) {
	switch a.classify(rs.X) {
	case classFunc:
		a.fail(rs.X.Pos(), "range over func (Go 1.23 iterators) is not supported by the gophernote interpreter: call the function with a callback, or collect the values into a slice first")
		return
	case classUnknown:
		a.pl.rangeUnknown = append(a.pl.rangeUnknown, a.posString(rs.For))
		a.loopVars(nil, rs.Body, false, rs.Key, rs.Value)
		return
	case classOther:
		if rs.Tok == token.DEFINE {
			a.loopVars(nil, rs.Body, false, rs.Key, rs.Value)
		}
		return
	}
	// Integer range.
	operand := func(r *renderer) string { return "(" + r.render(a.off(rs.X.Pos()), a.off(rs.X.End())) + ")" }
	n := operand
	if _, simple := rs.X.(*ast.BasicLit); !simple && !a.labeled[rs] {
		if _, id := rs.X.(*ast.Ident); !id {
			// Evaluate the operand once, in a block around the loop (a
			// labeled loop re-evaluates it instead: the label must stay on
			// the loop).
			tmp := a.r.fresh("n")
			a.r.addText(a.off(rs.Pos()), a.off(rs.Pos()), "{ "+tmp+" := ")
			a.r.add(a.off(rs.Pos()), a.off(rs.Pos()), func(r *renderer) string { return operand(r) + "; " + r.directive(a.off(rs.Pos())) })
			a.r.addTail(a.off(rs.End()), " }")
			n = func(*renderer) string { return tmp }
		}
	}
	key := ""
	if id, ok := rs.Key.(*ast.Ident); ok && id.Name != "_" {
		key = id.Name
	}
	if key == "" || rs.Tok != token.DEFINE && rs.Tok != token.ASSIGN {
		key = a.r.fresh("i")
	}
	assign := ":="
	if kid, ok := rs.Key.(*ast.Ident); ok && rs.Tok == token.ASSIGN && key == kid.Name {
		assign = "="
	}
	a.r.add(a.off(rs.For), a.off(rs.X.End()), func(r *renderer) string {
		nt := n(r)
		init := key + " " + assign + " " + nt + " - " + nt
		if _, lit := rs.X.(*ast.BasicLit); lit && assign == ":=" {
			init = key + " := 0"
		}
		return "for " + init + "; " + key + " < " + nt + "; " + key + "++"
	})
	if assign == ":=" && rs.Key != nil {
		a.loopVars(nil, rs.Body, true, rs.Key)
	}
}

// loopVars gives closures in a loop body their own copy of the loop
// variables (Go 1.22 semantics): `i := i` at the top of the body, when the
// body has a closure, go/defer, or takes an address. For three-clause loops
// the copy is skipped when the body assigns the variable (the copy would
// hide the change from the loop); such a loop keeps pre-1.22 capture.
func (a *analysis) loopVars(init ast.Stmt, body *ast.BlockStmt, threeClause bool, vars ...ast.Expr) {
	if as, ok := init.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
		vars = append(vars, as.Lhs...)
	} else if init != nil {
		return
	}
	var names []string
	for _, v := range vars {
		if id, ok := v.(*ast.Ident); ok && id.Name != "_" {
			names = append(names, id.Name)
		}
	}
	if len(names) == 0 || body == nil {
		return
	}
	captures, assigned := false, map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt:
			captures = true
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				captures = true
			}
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						assigned[id.Name] = true
					}
				}
			}
		case *ast.IncDecStmt:
			if id, ok := n.X.(*ast.Ident); ok {
				assigned[id.Name] = true
			}
		}
		return true
	})
	if !captures {
		return
	}
	var b strings.Builder
	for _, n := range names {
		if threeClause && assigned[n] {
			return
		}
		b.WriteString(n + " := " + n + "; ")
	}
	a.r.addText(a.off(body.Lbrace)+1, a.off(body.Lbrace)+1, " "+b.String())
}
