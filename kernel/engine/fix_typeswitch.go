package engine

import (
	"go/ast"
	"strconv"
)

// Workaround: a type switch that binds no variable never takes a case
// naming a cell struct type.
//
// yaegi v0.16.1 runs switch v.(type) { case P: ... } (P a struct type of
// the cell, v holding a P) as if no case matched: it takes default, or
// nothing; the same switch written switch x := v.(type) takes case P. A
// shape taught in every first lesson (switch s.(type) { case Circle: ...
// }) printed nothing. The pass "typeswitch" binds a fresh variable in
// every type switch that binds none: switch _gnTS1 := v.(type). yaegi,
// unlike Go, does not refuse a bound variable that no clause uses.

// bindTypeSwitches is the pass "typeswitch".
func bindTypeSwitches(p *prep) {
	p.use(factAnySwitches)
	n := 0
	p.pc.inspect(func(node ast.Node) bool {
		ts, ok := node.(*ast.TypeSwitchStmt)
		if !ok || p.anySwitches[ts] {
			return true
		}
		if es, ok := ts.Assign.(*ast.ExprStmt); ok {
			n++
			off := p.off(es.X.Pos())
			p.r.addText(off, off, "_gnTS"+strconv.Itoa(n)+" := ")
		}
		return true
	})
}
