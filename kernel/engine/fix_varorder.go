package engine

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Workaround: a var declaration among a cell's statements.
//
// A cell's declarations run before its statements (so that a statement
// may call a function declared further down), in one run, unless one of
// them reads a variable a statement defines (then they run in source
// order, units.go). A var declaration is a statement too, in the body
// that a cell of statements is (func main's): `var n = 1; n = 2; var m =
// n` gives m 2 in Go, but the hoisted `var m = n` ran before `n = 2` and
// gave 1 (`var i any; i = 1; var v = i.(int)` panicked). So a var
// declaration written after a statement that mentions a variable its
// values read, or whose values call a function of the session while a
// statement before it writes a variable or calls such a function (what
// the function may read), makes the declarations run in source order as
// well; the var then
// runs where it is written (fix_varinit.go makes it an assignment when
// it reads a variable of an earlier run). Source order costs what it
// always costs: a statement cannot call a function declared below it.

// varAfterStatements reports whether a var declaration of decls reads a
// variable that a statement written before it mentions.
func (u *unitBuilder) varAfterStatements(decls []ast.Decl, stmts []ast.Stmt) bool {
	if len(stmts) == 0 {
		return false
	}
	ct := u.cellTypes()
	for _, d := range decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR || u.off(gd.Pos()) < u.off(stmts[0].Pos()) {
			continue
		}
		mentioned := map[string]bool{} // by the statements before d
		writes := false                // a statement before d writes or calls the session's code
		for _, st := range stmts {
			if u.off(st.Pos()) > u.off(gd.Pos()) {
				break
			}
			for n := range identRefs(st) {
				mentioned[n] = true
			}
			writes = writes || writesState(ct, st)
		}
		for _, s := range gd.Specs {
			vs, ok := s.(*ast.ValueSpec)
			if !ok {
				continue
			}
			for _, v := range vs.Values {
				if u.readsMentioned(ct, v, mentioned) || writes && callsSession(ct, v) {
					return true
				}
			}
		}
	}
	return false
}

// readsMentioned reports whether x reads a variable named in mentioned,
// directly or in the body of a function of the cell it calls.
func (u *unitBuilder) readsMentioned(ct *cellTypes, x ast.Expr, mentioned map[string]bool) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if found {
			return false
		}
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		if fd := u.funcs[id.Name]; fd != nil && fd.Recv == nil {
			for r := range identRefs(fd.Body) {
				found = found || mentioned[r]
			}
			return false
		}
		if !mentioned[id.Name] {
			return false
		}
		if ct == nil {
			found = true
		} else if v, ok := ct.info.Uses[id].(*types.Var); ok && !v.IsField() {
			found = true
		}
		return false
	})
	return found
}

// writesState reports whether st assigns a variable (not only defines
// one), increments one, or calls a function that is not a compiled
// package's.
func writesState(ct *cellTypes, st ast.Stmt) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			found = found || n.Tok != token.DEFINE
		case *ast.IncDecStmt:
			found = true
		case *ast.CallExpr:
			found = found || callsSession(ct, n)
		}
		return !found
	})
	return found
}

// callsSession reports whether x calls a function that is not a compiled
// package's, a builtin or a conversion.
func callsSession(ct *cellTypes, x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if ct == nil {
			found = true
			return false
		}
		if tv, ok := ct.info.Types[c.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
			return true
		}
		if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				if _, pkg := ct.info.Uses[id].(*types.PkgName); pkg {
					return true // a compiled package's function
				}
			}
		}
		found = true
		return false
	})
	return found
}
