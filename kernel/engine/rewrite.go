package engine

import (
	"go/ast"
	"go/token"
	"strings"
)

// rewriteAll walks both views of the cell and registers the rewrites that
// make modern Go run on yaegi (see modern.go) and the goroutine guard.
func (a *analysis) rewriteAll() {
	a.labeled = map[ast.Node]bool{}
	skip := map[ast.Node]bool{}
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if a.err != nil || n == nil || skip[n] {
			return false
		}
		switch n := n.(type) {
		case *ast.LabeledStmt:
			a.labeled[n.Stmt] = true
		case *ast.RangeStmt:
			a.rewriteRange(n)
		case *ast.ForStmt:
			a.loopVars(n.Init, n.Body, true)
		case *ast.CallExpr:
			a.rewriteCall(n, skip)
		case *ast.GoStmt:
			a.guardGo(n)
		case *ast.SelectorExpr:
			a.checkIterSelector(n)
			if id, ok := n.X.(*ast.Ident); ok && n.Sel.Name == "Sleep" && a.isPkg(id, "time") {
				a.r.addText(a.off(n.Pos()), a.off(n.End()), rtName+".Sleep")
			}
		}
		return true
	}
	a.wrapCompound()
	a.guardRecursion()
	a.noteInferredCalls()
	a.deferTopLevel()
	a.renameMain()
	a.markStashes()
	a.markIndexDefines()
	a.wrapFinalShow()
	ast.Inspect(a.pc.decls, visit)
	ast.Inspect(a.pc.stmts.Body, visit)
}

// builtin reports whether id is the predeclared name (not shadowed by the
// cell or the session).
func (a *analysis) builtin(id *ast.Ident, name string) bool {
	return id.Name == name && id.Obj == nil && !a.known(name)
}

// rewriteCall handles min, max, clear and the slices/maps functions.
func (a *analysis) rewriteCall(c *ast.CallExpr, skip map[ast.Node]bool) {
	a.fixVariadicIface(c)
	switch fun := c.Fun.(type) {
	case *ast.Ident:
		switch {
		case a.builtin(fun, "min"), a.builtin(fun, "max"):
			h := "_gnMin"
			if fun.Name == "max" {
				h = "_gnMax"
			}
			a.needHelpers[h] = true
			a.r.addText(a.off(fun.Pos()), a.off(fun.End()), h)
			a.reorderMinMax(c)
		case a.builtin(fun, "clear"):
			a.r.addText(a.off(fun.Pos()), a.off(fun.End()), rtName+".Clear")
		}
	case *ast.SelectorExpr:
		id, ok := fun.X.(*ast.Ident)
		if !ok {
			return
		}
		if a.isPkg(id, "slices") {
			if (fun.Sel.Name == "Collect" || fun.Sel.Name == "Sorted") && len(c.Args) == 1 {
				if h, m, ok := a.mapsIter(c.Args[0], fun.Sel.Name == "Sorted"); ok {
					skip[c.Args[0]] = true
					skip[fun] = true
					a.needHelpers[h] = true
					a.r.add(a.off(c.Pos()), a.off(c.End()), func(r *renderer) string {
						return h + "(" + r.render(a.off(m.Pos()), a.off(m.End())) + ")"
					})
					return
				}
			}
			if rw, ok := slicesRewrites[fun.Sel.Name]; ok {
				skip[fun] = true
				if strings.HasPrefix(rw, "_gn") {
					a.needHelpers[rw] = true
				}
				a.r.addText(a.off(fun.Pos()), a.off(fun.End()), rw)
			}
		}
	}
}

// mapsIter recognizes maps.Keys(m) and maps.Values(m) as the argument of
// slices.Collect or slices.Sorted, returning the helper and m.
func (a *analysis) mapsIter(x ast.Expr, sorted bool) (string, ast.Expr, bool) {
	c, ok := x.(*ast.CallExpr)
	if !ok || len(c.Args) != 1 {
		return "", nil, false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", nil, false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok || !a.isPkg(id, "maps") {
		return "", nil, false
	}
	switch {
	case sel.Sel.Name == "Keys" && !sorted:
		return "_gnMapKeys", c.Args[0], true
	case sel.Sel.Name == "Keys":
		return "_gnSortedKeys", c.Args[0], true
	case sel.Sel.Name == "Values" && !sorted:
		return "_gnMapValues", c.Args[0], true
	case sel.Sel.Name == "Values":
		return "_gnSortedValues", c.Args[0], true
	}
	return "", nil, false
}

// checkIterSelector rejects the iterator functions of slices and maps that
// are not part of a supported rewrite (those are skipped before reaching
// here).
func (a *analysis) checkIterSelector(sel *ast.SelectorExpr) {
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return
	}
	for pkg, names := range iteratorFuncs {
		if names[sel.Sel.Name] && a.isPkg(id, pkg) {
			a.fail(sel.Pos(), pkg+"."+sel.Sel.Name+" uses iterators (Go 1.23 range over func), which the gophernote interpreter cannot run: "+
				"use slices.Collect(maps.Keys(m)) or slices.Sorted(maps.Keys(m)) (also maps.Values), or range over the map or slice directly")
			return
		}
	}
}

// reorderMinMax moves a typed argument in front of untyped constants so the
// helper's type parameter is inferred from it (yaegi infers from the first
// argument only), or a float constant in front of integer ones.
func (a *analysis) reorderMinMax(c *ast.CallExpr) {
	if len(c.Args) < 2 {
		return
	}
	isLit := func(x ast.Expr) bool { _, ok := x.(*ast.BasicLit); return ok }
	if !isLit(c.Args[0]) {
		return
	}
	pick := -1
	for i, x := range c.Args {
		if !isLit(x) {
			pick = i
			break
		}
	}
	if pick < 0 {
		for i, x := range c.Args {
			if bl := x.(*ast.BasicLit); bl.Kind == token.FLOAT {
				pick = i
				break
			}
		}
	}
	if pick <= 0 {
		return
	}
	order := []ast.Expr{c.Args[pick]}
	for i, x := range c.Args {
		if i != pick {
			order = append(order, x)
		}
	}
	a.r.add(a.off(c.Lparen)+1, a.off(c.Rparen), func(r *renderer) string {
		parts := make([]string, len(order))
		for i, x := range order {
			parts[i] = r.render(a.off(x.Pos()), a.off(x.End()))
		}
		return strings.Join(parts, ", ")
	})
}

// guardGo rewrites `go f(args)` so that the arguments are evaluated first
// and f runs under a deferred recover that reports a panic on stderr
// instead of killing the process.
func (a *analysis) guardGo(g *ast.GoStmt) {
	call := g.Call
	a.r.add(a.off(g.Pos()), a.off(g.End()), func(r *renderer) string {
		pre, text := a.deferredCall(r, call)
		return "{ " + pre + "go func() { defer func() { if _gnr := recover(); _gnr != nil { " + rtName + ".GoPanic(_gnr) } }(); " + text + " }() }"
	})
}

// deferTopLevel rewrites a `defer f(args)` at the top level of a statement
// cell so that it runs when the cell ends: yaegi keeps such a deferred
// call in its global frame and runs it again after every later cell. The
// call is appended to the interpreted list _gnDefers, which the engine
// runs (interruptibly) after the cell.
func (a *analysis) deferTopLevel() {
	for _, s := range a.pc.stmts.Body.List {
		d, ok := s.(*ast.DeferStmt)
		if !ok {
			continue
		}
		call := d.Call
		a.needHelpers["_gnDefers"] = true
		a.pl.hasDefers = true
		a.r.add(a.off(d.Pos()), a.off(d.End()), func(r *renderer) string {
			pre, text := a.deferredCall(r, call)
			return "{ " + pre + "_gnDefers = append(_gnDefers, func() { " + text + " }) }"
		})
	}
}

// deferredCall renders a call whose arguments must be evaluated now and
// the call made later (go, defer): temporaries for the arguments, and the
// call on them.
func (a *analysis) deferredCall(r *renderer, call *ast.CallExpr) (pre, text string) {
	var args []string
	for _, x := range call.Args {
		if a.isConstant(x) {
			args = append(args, r.render(a.off(x.Pos()), a.off(x.End())))
			continue
		}
		t := r.fresh("arg")
		pre += t + " := " + r.render(a.off(x.Pos()), a.off(x.End())) + "; "
		args = append(args, t)
	}
	ell := ""
	if call.Ellipsis.IsValid() {
		ell = "..."
	}
	return pre, r.render(a.off(call.Fun.Pos()), a.off(call.Fun.End())) + "(" + strings.Join(args, ", ") + ell + ")"
}

// isConstant reports whether x is a literal or a constant identifier, which
// must stay inline (a temporary would give it its default type).
func (a *analysis) isConstant(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.BasicLit:
		return true
	case *ast.Ident:
		if x.Obj != nil {
			return x.Obj.Kind == ast.Con
		}
		if k, ok := a.declDefined[x.Name]; ok {
			return k == token.CONST
		}
		if r, ok := a.e.decls[x.Name]; ok {
			return r.kind == token.CONST
		}
		return x.Name == "true" || x.Name == "false" || x.Name == "nil" || x.Name == "iota"
	}
	return false
}

// wrapCompound runs each top-level compound statement (if, for, switch,
// select, block) of a statement cell inside a function literal. yaegi runs
// a statement cell in the global scope, where block scoping is broken:
// `i := i` in a loop body rebinds the loop variable itself, closures in a
// loop fail, and `a, b := f()` in a nested block gives `undefined: a`.
// In a function body all of these work. Such a statement defines nothing
// visible after it, so the wrapping keeps its meaning; a defer inside it
// runs when the statement ends instead of when the cell ends.
func (a *analysis) wrapCompound() {
	for _, s := range a.pc.stmts.Body.List {
		switch s.(type) {
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt,
			*ast.SelectStmt, *ast.BlockStmt, *ast.LabeledStmt:
		default:
			continue
		}
		a.r.addText(a.off(s.Pos()), a.off(s.Pos()), "func() { ")
		a.r.addTail(a.off(s.End()), " }()")
	}
}
