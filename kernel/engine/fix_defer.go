package engine

import (
	"go/ast"
)

// Workaround: defer at the top level of a cell.
//
// yaegi keeps a top-level deferred call in its global frame and runs it
// again after every later cell. So `defer f(args)` at the top level of a
// statement cell evaluates its arguments at once and appends the call to
// the interpreted list _gnDefers, which the engine runs (interruptibly,
// last first) when the cell ends, also after a failure; a panic out of
// one of them does not stop the others (runDefersSrc).

func init() {
	helpers["_gnDefers"] = helper{src: `var _gnDefers []func()`}
}

// runDefersSrc runs and clears the deferred calls a cell registered with
// its top-level defer statements. A panic out of one does not stop the
// others, as in Go: it becomes the cell's panic, which a later one may
// recover (_gnrt.CellRecover), and which is raised once all have run when
// none did.
const runDefersSrc = ";func() { _gnds := _gnDefers; _gnDefers = nil; for _gni := len(_gnds) - 1; _gni >= 0; _gni-- { " +
	"func() { defer func() { if _gnr := recover(); _gnr != nil { _gnrt.DeferPanic(_gnr) } }(); _gnds[_gni]() }() }; _gnrt.DeferRaise() }()"

// deferTopLevel is the pass "defer".
func deferTopLevel(p *prep) {
	for _, s := range p.pc.stmts.Body.List {
		d, ok := s.(*ast.DeferStmt)
		if !ok {
			continue
		}
		call := d.Call
		p.needHelper("_gnDefers")
		p.pl.hasDefers = true
		p.r.add(p.off(d.Pos()), p.off(d.End()), func(r *renderer) string {
			pre, text := deferredCall(p, r, call)
			return "{ " + pre + "_gnDefers = append(_gnDefers, func() { " + text + " }) }"
		})
	}
}

// deferredCall renders a call whose arguments must be evaluated now and
// the call made later (go, defer): temporaries for the arguments and for
// a method call's receiver (fix_deferargs.go), and the call on them.
// Constants stay inline (a temporary would give an untyped constant its
// default type).
func deferredCall(p *prep, r *renderer, call *ast.CallExpr) (pre, text string) {
	dc := evalDeferred(p, r, call, computedFunc(p.ct, call))
	return dc.pre, dc.text
}
