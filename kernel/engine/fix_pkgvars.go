package engine

import (
	"go/ast"
	"go/types"
)

// Workaround: a compiled package's variable of a basic type, assigned
// or read.
//
// yaegi v0.16 holds a compiled package's variable as a reflect value and
// takes one of a basic type (int, bool, string, float64...) on the left
// of = or op= for a constant: runtime.MemProfileRate = 0 is refused with
// "cannot assign to 524288 (int constant)" (chan/select2.go), and the
// right side of a multiple assignment (n, m = pkg.V, 1) reads the value
// the variable had when the cell was compiled. Through its address the
// interpreter reads and writes the variable itself. So the pass "pkgvars"
// writes every use of such a variable as *(&pkg.V); go/types tells
// package variables from constants and functions.

// rewritePkgVarAssigns is the pass "pkgvars".
func rewritePkgVarAssigns(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	wrap := func(sel *ast.SelectorExpr) {
		x := sel
		id, ok := sel.X.(*ast.Ident)
		if !ok {
			return
		}
		if _, ok := ct.info.Uses[id].(*types.PkgName); !ok {
			return
		}
		v, ok := ct.info.Uses[sel.Sel].(*types.Var)
		if !ok {
			return
		}
		if _, basic := v.Type().Underlying().(*types.Basic); !basic {
			return
		}
		p.r.add(p.off(x.Pos()), p.off(x.End()), func(r *renderer) string {
			return "*(&" + r.render(p.off(x.Pos()), p.off(x.End())) + ")"
		})
	}
	p.pc.inspect(func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			wrap(sel)
			return false
		}
		return true
	})
}
