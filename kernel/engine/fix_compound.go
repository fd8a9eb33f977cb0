package engine

import "go/ast"

// Workaround: block scoping at top level.
//
// yaegi runs a statement cell in the global scope, where block scoping is
// broken: `i := i` in a loop body rebinds the loop variable itself,
// closures in a loop fail, and `a, b := f()` in a nested block gives
// `undefined: a`. In a function body all of these work. So each
// top-level compound statement (if, for, switch, select, block) runs
// inside a function literal. Such a statement defines nothing visible
// after it, so the wrapping keeps its meaning; a defer inside it runs
// when the statement ends instead of when the cell ends.

// wrapCompound is the pass "compound".
func wrapCompound(p *prep) {
	p.use(factWrappers)
	list := p.pc.stmts.Body.List
	// Statements joined by jumps to top-level labels run together in one
	// function literal (fix_labels.go).
	inSpan := map[int]bool{}
	for _, sp := range labelSpans(list) {
		p.r.addText(p.off(list[sp[0]].Pos()), p.off(list[sp[0]].Pos()), "func() { ")
		p.r.addTail(p.off(list[sp[1]].End()), " }()")
		for i := sp[0]; i <= sp[1]; i++ {
			inSpan[i] = true
		}
	}
	for i, s := range list {
		if inSpan[i] {
			continue
		}
		switch s.(type) {
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt,
			*ast.SelectStmt, *ast.BlockStmt, *ast.LabeledStmt:
		default:
			continue
		}
		p.r.addText(p.off(s.Pos()), p.off(s.Pos()), "func() { ")
		p.r.addTail(p.off(s.End()), " }()")
	}
}
