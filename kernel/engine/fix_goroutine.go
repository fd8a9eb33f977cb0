package engine

import (
	"fmt"
	"go/ast"
	"reflect"
	"strings"
)

// Workaround: a panic in a goroutine a cell started.
//
// A panic in a goroutine started by interpreted `go` kills the process
// (yaegi does not recover it). So `go f(args)` evaluates its arguments
// first and runs f under a deferred recover that reports the panic on
// stderr, with the interpreted positions, instead of killing the kernel.

func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"GoPanic": reflect.ValueOf(e.goPanic)}
	})
}

// guardGoroutines is the pass "goroutine".
func guardGoroutines(p *prep) {
	visit := func(n ast.Node) bool {
		g, ok := n.(*ast.GoStmt)
		if !ok {
			return true
		}
		call := g.Call
		p.r.add(p.off(g.Pos()), p.off(g.End()), func(r *renderer) string {
			pre, text := deferredCall(p, r, call)
			return "{ " + pre + rtName + ".GoStart(); go func() { defer " + rtName + ".GoEnd(); defer func() { if _gnr := recover(); _gnr != nil { " + rtName + ".GoPanic(_gnr) } }(); " + text + " }() }"
		})
		return true
	}
	p.pc.inspect(visit)
}

// goPanic reports a panic recovered in a goroutine started by a cell on
// stderr, with the interpreted positions yaegi printed while unwinding.
func (e *Engine) goPanic(v any) {
	var b strings.Builder
	fmt.Fprintf(&b, "panic in goroutine: %v\n", v)
	e.out.mu.Lock()
	cell := e.out.cell
	e.out.mu.Unlock()
	for _, p := range e.out.takePanics() {
		ce := mapPosition(p, cell)
		if ce.line > 0 && !isTopFrame(ce) {
			// Another goroutine may have written the recorded position:
			// only a one-line body's is certain (fix_panicpos.go).
			ce = e.framePos(ce, false)
		}
		if ce.line > 0 || isFuncFrame(ce) {
			b.WriteString("\t" + frameLine(ce) + "\n")
		}
	}
	e.out.write("stderr", b.String())
}
