package engine

import (
	"go/ast"
)

// Not worked around: iterators (Go 1.23 range over func).
//
// yaegi v0.16 cannot range over a function, and package iter does not
// exist for it. The rewrites cover slices.Collect and slices.Sorted of
// maps.Keys and maps.Values (see fix_slices.go); every other iterator
// function of slices and maps, and an import of iter, is rejected with an
// error naming the construct and what to write instead. Range over a
// function value is rejected by the rangeint pass.

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
				p.fail(sel.Pos(), pkg+"."+sel.Sel.Name+" uses iterators (Go 1.23 range over func), which the gophernote interpreter cannot run: "+
					"use slices.Collect(maps.Keys(m)) or slices.Sorted(maps.Keys(m)) (also maps.Values), or range over the map or slice directly")
				return false
			}
		}
		return true
	}
	p.pc.inspect(visit)
}
