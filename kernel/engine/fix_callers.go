package engine

import (
	"fmt"
	"go/ast"
	"go/types"
)

// Refusal: runtime's views of the call stack.
//
// An interpreted function has no frame of its own in the Go runtime: its
// code runs inside yaegi's (reflect.Value.call, interp.(*frame)...). So
// runtime.Caller(0) reports reflect/value.go:586, runtime.Callers and
// CallersFrames list yaegi's functions, FuncForPC names them, and
// runtime.Stack and the profiles' records (MemProfile, BlockProfile,
// MutexProfile) show them — values compiled Go never gives for the cell's
// code (inline_caller.go, bug347.go, issue4562.go, heapsampling.go...).
// The pass "callers" refuses, at its line:col, every use of these
// functions.

// stackViews are the functions of runtime whose results describe frames.
var stackViews = map[string]bool{
	"Caller": true, "Callers": true, "CallersFrames": true, "FuncForPC": true,
	"Stack": true, "MemProfile": true, "BlockProfile": true, "MutexProfile": true,
}

// refuseStackViews is the pass "callers".
func refuseStackViews(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || !stackViews[sel.Sel.Name] {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		pn, ok := ct.info.Uses[id].(*types.PkgName)
		if !ok || pn.Imported().Path() != "runtime" {
			return true
		}
		p.fail(sel.Pos(), fmt.Sprintf("runtime.%s is not supported by the gophernote interpreter: interpreted functions have no frames of their own in the Go runtime, so it would describe the interpreter's frames, not the cell's", sel.Sel.Name))
		return false
	})
}
