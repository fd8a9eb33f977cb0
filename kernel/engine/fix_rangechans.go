package engine

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Workaround: range loops whose value variable is a channel.
//
// yaegi v0.16 decides whether a range loop ranges over a channel from
// the type of the loop's second child, which for `for k, v := range X`
// is the value variable v, not X: a loop over a slice, array or map of
// channels runs as a receive loop and panics ("reflect: call of
// reflect.Value.Len on int Value" for []chan bool, a nil dereference for
// a map). So such a loop (go/types: X's elements are channels, v not
// blank) ranges by index over X evaluated once, and the body starts by
// giving the loop's variables their values, as Go does at each iteration:
//
//	for k, v := range X { body }  =>  for _gni1, _gnx2 := 0, X; _gni1 < len(_gnx2); _gni1++ { k, v := _gni1, _gnx2[_gni1]; body }
//
// (an array is copied, as range copies it; a pointer to an array is
// not). A map is ranged over its keys, the value read by index: m must be
// a variable the body does not assign, else the loop is refused.
//
//	for k, v := range m { body }  =>  for _gnk1 := range m { k, v := _gnk1, m[_gnk1]; body }
//
// The variables are the body's own, so they are per iteration (Go 1.22)
// and assigning them does not change the iteration: the passes rangevars
// and loopvar leave these loops alone (prep.rangeKeys).

// rewriteRangeChans is the pass "rangechans".
func rewriteRangeChans(p *prep) {
	p.use(factRangeVars)
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		rs, ok := n.(*ast.RangeStmt)
		if !ok || rs.Key == nil || rs.Value == nil || rs.Body == nil || rs.Tok == token.ILLEGAL {
			return true
		}
		if id, ok := rs.Value.(*ast.Ident); ok && id.Name == "_" {
			return true
		}
		t := ct.goType(rs.X)
		if t == nil {
			return true
		}
		elem := rangeElemTypes(p, rs)[1]
		_, isMap := t.Underlying().(*types.Map)
		if elem == nil {
			return true
		}
		if _, ok := elem.Underlying().(*types.Chan); !ok {
			return true
		}
		xs, xe := p.off(rs.X.Pos()), p.off(rs.X.End())
		var idx, from string
		if isMap {
			m, ok := ast.Unparen(rs.X).(*ast.Ident)
			if !ok || assigns(rs.Body, m.Name) {
				p.fail(rs.X.Pos(), "a range loop with a value variable over a map of channels that is not a variable the loop leaves alone: the interpreter runs it as a receive loop; range over a variable's keys (for k := range m { v := m[k] ... })")
				return true
			}
			idx = p.r.fresh("k")
			p.r.add(p.off(rs.Key.Pos()), xe, func(r *renderer) string {
				return idx + " := range " + r.render(xs, xe)
			})
			from = m.Name
		} else {
			idx, from = p.r.fresh("i"), p.r.fresh("x")
			p.r.add(p.off(rs.Key.Pos()), xe, func(r *renderer) string {
				return idx + ", " + from + " := 0, " + r.render(xs, xe) + "; " + idx + " < len(" + from + "); " + idx + "++"
			})
		}
		p.rangeKeys[rs] = idx
		keyAt := p.off(rs.Key.Pos())
		open := p.off(rs.Body.Lbrace) + 1
		key, val := rs.Key, rs.Value
		p.r.add(open, open, func(r *renderer) string {
			lhs := r.render(p.off(key.Pos()), p.off(key.End())) + ", " + r.render(p.off(val.Pos()), p.off(val.End()))
			return r.directive(keyAt) + " " + lhs + " " + rs.Tok.String() + " " + idx + ", " + from + "[" + idx + "]; " + r.directive(open)
		})
		return true
	})
}
