package engine

import (
	"go/ast"
	"go/token"
)

// Workaround: nil on the left of !=.
//
// yaegi v0.16 evaluates `nil != x` to false whatever x is (x != nil is
// right). So a comparison with nil as its left operand has its operands
// swapped: nil != x becomes x != nil, nil == x becomes x == nil (the same
// value in Go).

// swapNilComparisons is the pass "nilleft".
func swapNilComparisons(p *prep) {
	visit := func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || b.Op != token.NEQ && b.Op != token.EQL || !isNilIdent(b.X) || isNilIdent(b.Y) {
			return true
		}
		if id := ast.Unparen(b.X).(*ast.Ident); !p.builtin(id, "nil") {
			return true
		}
		y := b.Y
		p.r.add(p.off(b.Pos()), p.off(b.End()), func(r *renderer) string {
			return r.render(p.off(y.Pos()), p.off(y.End())) + " " + b.Op.String() + " nil"
		})
		return true
	}
	p.pc.inspect(visit)
}
