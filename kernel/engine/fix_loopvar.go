package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// Workaround: per-iteration loop variables (Go 1.22).
//
// yaegi v0.16 follows the pre-1.22 rule: one variable for the whole loop,
// so closures started in a loop all see its last value (3 3 3). So a loop
// body that has a closure, go, defer or takes an address starts with
// `i := i` for each loop variable. For a three-clause loop whose body
// assigns the variable that copy would hide the change from the loop:
// such a loop runs its clauses on a shadow variable instead, which each
// iteration copies into its own variable and back at its end and at each
// continue (shadowLoopVars). Range loops whose body assigns an iteration
// variable range over fresh variables already (fix_rangevars.go).

// perIterationLoopVars is the pass "loopvar".
func perIterationLoopVars(p *prep) {
	p.use(factRangeVars)
	labels := map[ast.Stmt]string{}
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.LabeledStmt:
			labels[n.Stmt] = n.Label.Name
		case *ast.ForStmt:
			loopVars(p, n, labels[n], n.Init, n.Body, true)
		case *ast.RangeStmt:
			if _, fresh := p.rangeKeys[n]; n.Tok != token.DEFINE || fresh {
				return true // a loop over fresh variables defines its own per iteration
			}
			switch p.classify(n.X) {
			case classInt:
				if n.Key != nil {
					loopVars(p, n, labels[n], nil, n.Body, true, n.Key)
				}
			case classOther, classUnknown:
				loopVars(p, n, labels[n], nil, n.Body, false, n.Key, n.Value)
			}
		}
		return true
	}
	p.pc.inspect(visit)
}

// loopVars adds the copies of the loop variables vars (and those init
// defines) at the top of body, when the body captures them.
func loopVars(p *prep, loop ast.Stmt, label string, init ast.Stmt, body *ast.BlockStmt, threeClause bool, vars ...ast.Expr) {
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
	// A body that starts by copying a loop variable itself (i := i, the
	// pre-1.22 idiom) already has its own per iteration; a second copy
	// in the same block would not compile.
	copied := map[string]bool{}
	for _, s := range body.List {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != len(as.Rhs) {
			break
		}
		for i, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok {
				if r, ok := as.Rhs[i].(*ast.Ident); ok && r.Name == id.Name {
					copied[id.Name] = true
				}
			}
		}
	}
	var b strings.Builder
	for _, n := range names {
		if copied[n] {
			continue
		}
		if threeClause && assigned[n] {
			if fs, ok := loop.(*ast.ForStmt); ok && shadowLoopVars(p, fs, label) {
				return
			}
			return // go/types cannot say which names are the loop's: pre-1.22 capture
		}
		b.WriteString(n + " := " + n + "; ")
	}
	p.r.addText(p.off(body.Lbrace)+1, p.off(body.Lbrace)+1, " "+b.String())
}

// shadowLoopVars gives a three-clause loop whose body assigns a variable
// it captures Go 1.22's per-iteration variables: the loop's clauses run
// on fresh variables, each iteration copies them into its own and, at its
// end (also at each continue of the loop), back:
//
//	for i := 0; i < n; i++ { body }
//	=> for _gni := 0; _gni < n; _gni++ { i := _gni; body; _gni = i }
//
// It reports false, changing nothing, when go/types does not know the
// loop's variables.
func shadowLoopVars(p *prep, fs *ast.ForStmt, label string) bool {
	ct := p.cellTypes()
	init, ok := fs.Init.(*ast.AssignStmt)
	if !ok || ct == nil {
		return false
	}
	objs := map[types.Object]string{}
	var names, shadows []string
	for _, l := range init.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok || id.Name == "_" {
			continue
		}
		obj := ct.info.Defs[id]
		if obj == nil {
			return false
		}
		objs[obj] = p.r.fresh("l")
		names = append(names, id.Name)
		shadows = append(shadows, objs[obj])
	}
	if len(names) == 0 {
		return false
	}
	rename := func(root ast.Node) {
		if root == nil {
			return
		}
		ast.Inspect(root, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				obj := ct.info.Uses[id]
				if obj == nil {
					obj = ct.info.Defs[id]
				}
				if s, ok := objs[obj]; ok {
					p.r.addText(p.off(id.Pos()), p.off(id.End()), s)
				}
			}
			return true
		})
	}
	for _, l := range init.Lhs {
		rename(l)
	}
	rename(fs.Cond)
	rename(fs.Post)
	back := join(shadows) + " = " + join(names)
	open, end := p.off(fs.Body.Lbrace)+1, p.off(fs.Body.Rbrace)
	p.r.addText(open, open, " "+join(names)+" := "+join(shadows)+"; ")
	p.r.add(end, end, func(r *renderer) string { return "; " + back + "; " + r.directive(end) })
	// continue (of this loop) copies back first.
	var walk func(n ast.Node, nested bool) bool
	walk = func(n ast.Node, nested bool) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			var body *ast.BlockStmt
			if f, ok := n.(*ast.ForStmt); ok {
				body = f.Body
			} else {
				body = n.(*ast.RangeStmt).Body
			}
			ast.Inspect(body, func(m ast.Node) bool { return walk(m, true) })
			return false
		case *ast.BranchStmt:
			if n.Tok == token.CONTINUE && (n.Label == nil && !nested || n.Label != nil && n.Label.Name == label) {
				at := p.off(n.Pos())
				p.r.add(at, at, func(r *renderer) string { return "{ " + back + "; " + r.directive(at) })
				p.r.addTail(p.off(n.End()), " }")
			}
		}
		return true
	}
	ast.Inspect(fs.Body, func(n ast.Node) bool { return walk(n, false) })
	return true
}
