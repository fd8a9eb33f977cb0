package engine

import (
	"go/ast"
	"go/types"
)

// Workaround: unsafe.Add, unsafe.Slice and unsafe.String with a length
// of an integer type other than int.
//
// Go takes any integer type for their length argument; yaegi v0.16
// refuses all but int ("cannot use type uint8 as type int";
// fixedbugs/issue48536 of Go's tests). The pass "unsafelen" converts such
// a length to int, which keeps its bits (the length is a signed offset or
// a count that must fit an int anyway).

// convertUnsafeLens is the pass "unsafelen".
func convertUnsafeLens(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 2 {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if !isUnsafeSel(ct, sel) {
			return true
		}
		switch sel.Sel.Name {
		case "Add", "Slice", "String":
		default:
			return true
		}
		arg := call.Args[1]
		t := ct.info.TypeOf(arg)
		if t == nil {
			return true
		}
		bt, ok := t.(*types.Basic)
		if ok && (bt.Kind() == types.Int || bt.Info()&types.IsUntyped != 0) {
			return true
		}
		if _, isInt := t.Underlying().(*types.Basic); !isInt {
			return true
		}
		p.r.addText(p.off(arg.Pos()), p.off(arg.Pos()), "int(")
		p.r.addTail(p.off(arg.End()), ")")
		return true
	})
}
