package engine

import (
	"go/ast"
	"go/token"
)

// Workaround: a switch with both an init statement and a tag.
//
// yaegi v0.16 matches no case of `switch v := reflect.ValueOf(x);
// v.Kind() { case reflect.String: ... }`: with an init statement, a tag
// that is not a plain variable takes the default branch whatever its
// value (the same switch after a separate `v := ...` works). So the init
// statement moves into a block around the switch, which gives it the same
// scope: `{ v := ...; switch v.Kind() { ... } }` (a label stays on the
// switch, inside the block).

// hoistSwitchInits is the pass "switchinit". (A switch on an interface
// value, made tagless by the pass switchiface, has its init moved
// already.)
func hoistSwitchInits(p *prep) {
	p.use(factSwitches)
	labels := map[ast.Stmt]*ast.LabeledStmt{}
	visit := func(n ast.Node) bool {
		if ls, ok := n.(*ast.LabeledStmt); ok {
			labels[ls.Stmt] = ls
			return true
		}
		sw, ok := n.(*ast.SwitchStmt)
		if !ok || sw.Init == nil || p.tagless[sw] {
			return true
		}
		// A comma-ok define moves too, followed by the store of the zero
		// value where ok is false (fix_commaokzero.go).
		zero := ""
		if as, ok := sw.Init.(*ast.AssignStmt); ok && as.Tok == token.DEFINE && len(as.Lhs) == 2 && len(as.Rhs) == 1 && !p.isTopStmt(sw) {
			if ct := p.cellTypes(); ct != nil {
				zero, _ = zeroOnFailDefine(p, ct, as.Lhs[0], as.Lhs[1], as.Rhs[0])
			}
		}
		if zero == "" {
			if sw.Tag == nil {
				return true
			}
			if _, plain := ast.Unparen(sw.Tag).(*ast.Ident); plain {
				return true
			}
		} else {
			zero += "; "
		}
		end := sw.Body.Lbrace
		if sw.Tag != nil {
			end = sw.Tag.Pos()
		}
		start := ast.Node(sw)
		if ls := labels[sw]; ls != nil {
			start = ls
		}
		init := sw.Init
		// "{ init; " before the statement (label included), the init
		// removed from the header, " }" after the switch.
		p.r.add(p.off(start.Pos()), p.off(start.Pos()), func(r *renderer) string {
			return "{ " + r.render(p.off(init.Pos()), p.off(init.End())) + "; " + zero
		})
		p.r.addText(p.off(init.Pos()), p.off(end), "")
		p.r.addTail(p.off(sw.End()), " }")
		return true
	}
	p.pc.inspect(visit)
}
