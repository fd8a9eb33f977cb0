package engine

import "go/ast"

// Workaround: a parenthesized name as the left operand of a comparison
// under && or ||.
//
// yaegi v0.16 panics ("reflect: call of reflect.Value.Bool on int
// Value") on `(i) >= 3 || ok` and `(i) > 3 && ok`, and runs `i >= 3 ||
// ok` and `(i+1) >= 3 || ok` fine. Parentheses around a lone name never
// change a Go program's meaning, so the engine drops them everywhere.

// dropNameParens is the pass "parens".
func dropNameParens(p *prep) {
	visit := func(n ast.Node) bool {
		pe, ok := n.(*ast.ParenExpr)
		if !ok {
			return true
		}
		if id, ok := pe.X.(*ast.Ident); ok {
			p.r.add(p.off(pe.Pos()), p.off(pe.End()), func(r *renderer) string {
				return r.render(p.off(id.Pos()), p.off(id.End()))
			})
		}
		return true
	}
	p.pc.inspect(visit)
}
