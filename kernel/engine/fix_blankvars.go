package engine

import (
	"go/ast"
	"go/token"
)

// Workaround: var _ T inside a function.
//
// yaegi v0.16 refuses `var _ T` (no value) in a function body ("cannot
// use _ as value"; typeparam/issue48454 and issue49667 of Go's tests).
// Such a declaration declares nothing and evaluates nothing (T's array
// lengths are constants), so the pass "blankvars" drops it. A declaration
// with values, or with a name other than _, is left alone.

// dropBlankVars is the pass "blankvars".
func dropBlankVars(p *prep) {
	p.pc.inspect(func(n ast.Node) bool {
		ds, ok := n.(*ast.DeclStmt)
		if !ok {
			return true
		}
		gd, ok := ds.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR || len(gd.Specs) == 0 {
			return true
		}
		for _, s := range gd.Specs {
			vs, ok := s.(*ast.ValueSpec)
			if !ok || len(vs.Values) > 0 {
				return true
			}
			for _, id := range vs.Names {
				if id.Name != "_" {
					return true
				}
			}
		}
		p.r.addText(p.off(ds.Pos()), p.off(ds.End()), "")
		return false
	})
}
