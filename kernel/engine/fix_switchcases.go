package engine

import (
	"go/ast"
)

// Workaround: a case of several expressions in a switch without a tag.
//
// yaegi v0.16 evaluates only the first expression of such a case
// (switch { case x, y: } never takes the case when only y holds). Go
// evaluates them left to right and takes the case at the first true one,
// which is what || does: the pass "switchcases" joins the expressions of
// such a case with ||. Switches with a tag and type switches are right.

// joinSwitchCases is the pass "switchcases".
func joinSwitchCases(p *prep) {
	p.pc.inspect(func(n ast.Node) bool {
		sw, ok := n.(*ast.SwitchStmt)
		if !ok || sw.Tag != nil || sw.Body == nil {
			return true
		}
		for _, s := range sw.Body.List {
			cc, ok := s.(*ast.CaseClause)
			if !ok || len(cc.List) < 2 {
				continue
			}
			for i := 1; i < len(cc.List); i++ {
				// The comma (and what surrounds it) between two expressions.
				p.r.addText(p.off(cc.List[i-1].End()), p.off(cc.List[i].Pos()), " || ")
			}
		}
		return true
	})
}
