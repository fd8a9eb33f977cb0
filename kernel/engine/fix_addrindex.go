package engine

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Workaround: the address of an element of an array reached through a
// pointer.
//
// yaegi v0.16 refuses &p[i] where p is a pointer to an array ("cannot
// take address of int [kind: indexExpr]"; convert4, nilptr2 and
// fixedbugs/issue71932 of Go's tests); &(*p)[i] compiles but crashes
// yaegi's compiler as the value of a top-level :=. So under & the pass
// "addrindex" indexes the slice of the whole array instead, for every
// index through a pointer in the operand's chain of indexes, fields and
// parentheses (&p[i][j], &s.p[i].f):
//
//	&p[i]  ->  &p[:][i]
//
// which is the same variable (the slice shares the array), with the same
// panics: p[:] dereferences p (nil: the nil dereference), and the index
// is checked against the array's length. Only operands of & change:
// yaegi reads and assigns p[i] correctly.

// rewriteAddrIndexes is the pass "addrindex".
func rewriteAddrIndexes(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		u, ok := n.(*ast.UnaryExpr)
		if !ok || u.Op != token.AND {
			return true
		}
		for x := u.X; x != nil; {
			switch e := x.(type) {
			case *ast.ParenExpr:
				x = e.X
				continue
			case *ast.SelectorExpr:
				x = e.X
				continue
			case *ast.IndexExpr:
				if t := ct.info.TypeOf(e.X); t != nil {
					if _, ptr := t.Underlying().(*types.Pointer); ptr {
						p.r.addTail(p.off(e.X.End()), "[:]")
					}
				}
				x = e.X
				continue
			}
			break
		}
		return true
	})
}
