package engine

import (
	"go/ast"
)

// Guard: iterator functions left after the lowering.
//
// The pass rangefunc (fix_rangefunc.go) lowers range over func, package
// iter and the calls of the iterator functions of slices and maps. What
// is left of those functions (a function value, f := slices.All) is
// rejected here with an error naming the construct.

// iteratorFuncs are Go 1.23 functions returning or taking iterators.
var iteratorFuncs = map[string]map[string]bool{
	"maps":   {"Keys": true, "Values": true, "All": true, "Insert": true, "Collect": true},
	"slices": {"All": true, "Values": true, "Backward": true, "Collect": true, "Sorted": true, "SortedFunc": true, "SortedStableFunc": true, "AppendSeq": true, "Chunk": true},
}

// unsupportedImport returns the error for an import path cells cannot
// use, or "".
func unsupportedImport(path string) string {
	return ""
}

// rejectIterators is the pass "iterators".
func rejectIterators(p *prep) {
	p.use(factIterOK)
	visit := func(n ast.Node) bool {
		if p.err != nil || n == nil || p.iterOK[n] {
			return false
		}
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		for pkg, names := range iteratorFuncs {
			if names[sel.Sel.Name] && p.isPkg(id, pkg) {
				p.fail(sel.Pos(), pkg+"."+sel.Sel.Name+" (an iterator function) is supported by the gophernote interpreter only when called: call it, or wrap it in a function literal")
				return false
			}
		}
		return true
	}
	p.pc.inspect(visit)
}
