package engine

import (
	"go/ast"
	"go/token"
)

// Workaround: a receive stored straight into a variable or a result.
//
// yaegi v0.16 gives a receive `<-c` the frame slot of the variable it
// defines or assigns (x := <-c, x = <-c, var x = <-c) or of the result
// it returns (return <-c), and stores there the value reflect's Recv
// gives, which is not addressable. The next write to that slot panics in
// reflect: x++ ("reflect.Value.SetInt using unaddressable value"), x = 5,
// &x ("reflect.Value.Addr of unaddressable value"), and the caller's
// store of a returned receive ("reflect.Value.Set using unaddressable
// value": every `return <-c`). A parenthesized receive has a slot of its
// own, copied into the variable like any value, so the pass "recvslot"
// writes the parentheses, which change nothing in Go:
//
//	s := <-c      ->  s := (<-c)
//	return <-c    ->  return (<-c)

// parenthesizeReceives is the pass "recvslot".
func parenthesizeReceives(p *prep) {
	wrap := func(x ast.Expr) {
		if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.ARROW {
			p.r.addText(p.off(u.Pos()), p.off(u.Pos()), "(")
			p.r.addTail(p.off(u.End()), ")")
		}
	}
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if (n.Tok == token.DEFINE || n.Tok == token.ASSIGN) && len(n.Lhs) == len(n.Rhs) {
				for _, x := range n.Rhs {
					wrap(x)
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for _, x := range n.Values {
					wrap(x)
				}
			}
		case *ast.ReturnStmt:
			for _, x := range n.Results {
				wrap(x)
			}
		case *ast.CommClause:
			// A select case's receive belongs to the select (yaegi
			// gives it a slot of its own); only the body is walked.
			for _, s := range n.Body {
				ast.Inspect(s, visit)
			}
			return false
		}
		return true
	}
	p.pc.inspect(visit)
}
