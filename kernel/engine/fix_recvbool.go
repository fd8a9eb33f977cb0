package engine

import (
	"go/ast"
	"go/token"
)

// Workaround: a blocking receive used as an operand of !, && or ||.
//
// Under EvalWithContext yaegi receives through a select that can be
// cancelled; when the receive had to wait and its value feeds a branch
// (!<-ch, <-ch && x, <-ch || x, if <-ch && x), yaegi drops the received
// value and the expression reads false. A comparison is not a branch, so
// such a receive becomes (<-ch == true), which has the same value.

// rewriteRecvBool is the pass "recvbool".
func rewriteRecvBool(p *prep) {
	wrap := func(x ast.Expr) {
		u, ok := ast.Unparen(x).(*ast.UnaryExpr)
		if !ok || u.Op != token.ARROW {
			return
		}
		p.r.addText(p.off(u.Pos()), p.off(u.Pos()), "(")
		p.r.addTail(p.off(u.End()), " == true)")
	}
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.NOT {
				wrap(n.X)
			}
		case *ast.BinaryExpr:
			if n.Op == token.LAND || n.Op == token.LOR {
				wrap(n.X)
				wrap(n.Y)
			}
		}
		return true
	}
	p.pc.inspect(visit)
}
