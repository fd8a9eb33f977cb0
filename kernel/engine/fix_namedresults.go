package engine

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Workaround: named results share the storage of the assignment's
// destination.
//
// yaegi v0.16 compiles n = g(), for a function g of the cell, by making
// g's result slot the destination itself: g's named results start with
// the destination's current value and write it while g runs. With func g()
// (r int) { r++; return }, n = g(); n = g() makes n 2 where Go gives 1;
// an append to a named result slice keeps what the destination held; and
// a g that reads the destination sees its own result. The same call in
// parentheses, n = (g()), gets a slot of its own. So the pass
// "namedresults" parenthesizes each call of a cell function or method
// with named results that is the right-hand side of an assignment of
// single values (a, b = g() of two results is not affected, and yaegi
// cannot compile it in parentheses).

// isolateNamedResults is the pass "namedresults".
func isolateNamedResults(p *prep) {
	ct := p.cellTypes()
	named := func(c *ast.CallExpr) bool {
		var id *ast.Ident
		switch f := ast.Unparen(c.Fun).(type) {
		case *ast.Ident:
			id = f
		case *ast.SelectorExpr:
			id = f.Sel
		case *ast.IndexExpr, *ast.IndexListExpr:
			return false
		default:
			return false
		}
		fn, ok := ct.info.Uses[id].(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "main" {
			return false
		}
		sig, ok := fn.Type().(*types.Signature)
		if !ok || sig.Results().Len() == 0 {
			return false
		}
		return sig.Results().At(0).Name() != ""
	}
	p.pc.inspect(func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN && as.Tok != token.DEFINE || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for _, r := range as.Rhs {
			if c, ok := r.(*ast.CallExpr); ok && named(c) {
				p.r.addText(p.off(c.Pos()), p.off(c.Pos()), "(")
				p.r.addTail(p.off(c.End()), ")")
			}
		}
		return true
	})
}
