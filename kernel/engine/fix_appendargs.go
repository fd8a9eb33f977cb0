package engine

import (
	"go/ast"
	"go/types"
)

// Workaround: append's arguments read after append writes.
//
// yaegi v0.16 passes append the values to add by reference and reads them
// while it writes: when the slice appended to shares its array with an
// element among them, the element is read after it was overwritten
// (append(s[:4], '5', s[4]) gave 123455, Go 123456; append(x[:0], x[2],
// x[1], x[0]) gave [3 2 3]). A conversion to its own type makes yaegi
// read the value first, so the pass "appendargs" writes T(e) for each
// value to add that reads memory (an element, *p, a field through a
// pointer) when append adds two or more.

// convertAppendArgs is the pass "appendargs".
func convertAppendArgs(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		// One value cannot be overwritten before it is read (it is the
		// one written); two or more can.
		if !ok || len(c.Args) < 3 || c.Ellipsis.IsValid() {
			return true
		}
		id, ok := ast.Unparen(c.Fun).(*ast.Ident)
		if !ok || !p.builtin(id, "append") {
			return true
		}
		for _, a := range c.Args[1:] {
			if !readsMemory(ct, a) {
				continue
			}
			t := ct.goType(a)
			if t == nil || !validType(t) {
				continue
			}
			ts, ok := p.spellGoType(t)
			if !ok {
				continue
			}
			if _, ptr := t.(*types.Pointer); ptr {
				ts = "(" + ts + ")"
			}
			p.r.addText(p.off(a.Pos()), p.off(a.Pos()), ts+"(")
			p.r.addTail(p.off(a.End()), ")")
		}
		return true
	})
}

// readsMemory reports whether x is an element, *p or a field through a
// pointer (not a variable, a constant or a computed value).
func readsMemory(ct *cellTypes, x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.IndexExpr:
		if t := ct.goType(x.X); t != nil {
			if _, isMap := t.Underlying().(*types.Map); isMap {
				return false // a map index is a copy
			}
		}
		return true
	case *ast.StarExpr:
		return true
	case *ast.SelectorExpr:
		sel, ok := ct.info.Selections[x]
		return ok && sel.Kind() == types.FieldVal && (sel.Indirect() || readsMemory(ct, x.X))
	}
	return false
}
