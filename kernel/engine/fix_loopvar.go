package engine

import (
	"go/ast"
	"go/token"
	"strings"
)

// Workaround: per-iteration loop variables (Go 1.22).
//
// yaegi v0.16 follows the pre-1.22 rule: one variable for the whole loop,
// so closures started in a loop all see its last value (3 3 3). So a loop
// body that has a closure, go, defer or takes an address starts with
// `i := i` for each loop variable. For a three-clause loop (also a
// rewritten range over int) the copy is skipped when the body assigns the
// variable, since the copy would hide the change from the loop; such a
// loop keeps pre-1.22 capture.

// perIterationLoopVars is the pass "loopvar".
func perIterationLoopVars(p *prep) {
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt:
			loopVars(p, n.Init, n.Body, true)
		case *ast.RangeStmt:
			if n.Tok != token.DEFINE {
				return true
			}
			switch p.classify(n.X) {
			case classInt:
				if n.Key != nil {
					loopVars(p, nil, n.Body, true, n.Key)
				}
			case classOther, classUnknown:
				loopVars(p, nil, n.Body, false, n.Key, n.Value)
			}
		}
		return true
	}
	p.pc.inspect(visit)
}

// loopVars adds the copies of the loop variables vars (and those init
// defines) at the top of body, when the body captures them.
func loopVars(p *prep, init ast.Stmt, body *ast.BlockStmt, threeClause bool, vars ...ast.Expr) {
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
	p.r.addText(p.off(body.Lbrace)+1, p.off(body.Lbrace)+1, " "+b.String())
}
