package engine

import (
	"go/ast"
	"go/token"
	"strings"
)

// Workaround: the iteration variables of a range loop.
//
// yaegi v0.16 assigns nothing in a range loop written with = (for k, v =
// range s leaves k and v as they were; for i, x[i] = range y too), and a
// loop body that assigns its iteration variable changes the iteration
// (for i := range s { if i == 1 { i = 2 } } skips an element; Go assigns
// each iteration's values afresh). So such a loop ranges over fresh
// variables, and the body starts by assigning (=) or defining (:=) the
// loop's own from them:
//
//	for k, v = range X { body }  =>  for _gnk1, _gnv2 := range X { k, v = _gnk1, _gnv2; body }
//
// which is Go's meaning: the iteration values are assigned at the start
// of each iteration, as by an assignment statement (index expressions on
// the left evaluated then), and left as the last iteration set them. A
// := loop is rewritten only when its body assigns a variable of its own;
// the copies are per iteration, as in Go 1.22. The rangeint pass ranges
// over an integer with the fresh variable, and loopvar leaves these loops
// alone.

// rewriteRangeVars is the pass "rangevars".
func rewriteRangeVars(p *prep) {
	p.use(factRangeVars)
	p.pc.inspect(func(n ast.Node) bool {
		rs, ok := n.(*ast.RangeStmt)
		if !ok || rs.Key == nil || rs.Body == nil {
			return true
		}
		if _, done := p.rangeKeys[rs]; done {
			return true // fix_rangechans.go's
		}
		if rs.Tok == token.DEFINE {
			var names []string
			for _, x := range []ast.Expr{rs.Key, rs.Value} {
				if id, ok := x.(*ast.Ident); ok && id.Name != "_" {
					names = append(names, id.Name)
				}
			}
			if len(names) == 0 || !assigns(rs.Body, names...) {
				return true
			}
		} else if rs.Tok != token.ASSIGN {
			return true
		}
		var lhs []ast.Expr
		var fresh []string
		for i, x := range []ast.Expr{rs.Key, rs.Value} {
			if x == nil {
				continue
			}
			if id, ok := x.(*ast.Ident); ok && id.Name == "_" {
				fresh = append(fresh, "_")
				continue
			}
			f := p.r.fresh([]string{"k", "v"}[i])
			fresh = append(fresh, f)
			lhs = append(lhs, x)
		}
		if len(lhs) == 0 {
			return true
		}
		p.rangeKeys[rs] = fresh[0]
		p.r.addText(p.off(rs.Key.Pos()), p.off(rs.TokPos)+len(rs.Tok.String()), join(fresh)+" :=")
		var rhs []string
		for _, f := range fresh {
			if f != "_" {
				rhs = append(rhs, f)
			}
		}
		// The assignment is at the range clause's position (an index out
		// of range on its left panics there).
		keyAt := p.off(rs.Key.Pos())
		open := p.off(rs.Body.Lbrace) + 1
		p.r.add(open, open, func(r *renderer) string {
			var ls []string
			for _, x := range lhs {
				ls = append(ls, r.render(p.off(x.Pos()), p.off(x.End())))
			}
			return r.directive(keyAt) + " " + join(ls) + " " + rs.Tok.String() + " " + join(rhs) + "; " + r.directive(open)
		})
		return true
	})
}

func join(xs []string) string { return strings.Join(xs, ", ") }
