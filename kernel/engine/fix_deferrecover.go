package engine

import (
	"context"
	"go/ast"
	"reflect"
	"sync"

	"github.com/gophernote/gophernote/kernel/cell"
)

// Workaround, part of the top-level defer one (fix_defer.go): a cell's
// top-level deferred calls run after its statements, outside any panic,
// so `defer func() { if r := recover(); ... }()` could not stop a later
// panic of the same cell, as it stops one in func main. (Deferring at
// yaegi's top level instead is no way out: a recover in a top-level
// deferred literal hangs yaegi v0.16 — see the canary.)
//
// So recover() called directly in the body of a top-level deferred
// function literal becomes _gnrt.Recover(), and when a statement of the
// cell panics, the engine keeps the panic value while it runs the
// deferred calls: _gnrt.Recover() returns it and marks it recovered (nil
// when nothing panics, as recover). A recovered panic ends the cell
// without an error, after the statements that ran, as main returns after
// a deferred recover; a panic not recovered is reported as before, after
// every deferred call ran.

func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"Recover": reflect.ValueOf(e.cellPanic.recover)}
	})
}

// pendingPanic is the panic of a cell's statements while its top-level
// deferred calls run.
type pendingPanic struct {
	mu        sync.Mutex
	v         any
	active    bool
	recovered bool
}

// recover is recover() for a top-level deferred literal.
func (p *pendingPanic) recover() any {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.active || p.recovered {
		return nil
	}
	p.recovered = true
	return p.v
}

func (p *pendingPanic) set(v any, active bool) {
	p.mu.Lock()
	p.v, p.active, p.recovered = v, active, false
	p.mu.Unlock()
}

func (p *pendingPanic) wasRecovered() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.active && p.recovered
}

// recoverCalls rewrites recover() in the body of a top-level deferred
// function literal (not in literals nested in it, where Go's recover
// returns nil too).
func recoverCalls(p *prep, body *ast.BlockStmt) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if id, ok := n.Fun.(*ast.Ident); ok && len(n.Args) == 0 && p.builtin(id, "recover") {
				p.r.addText(p.off(id.Pos()), p.off(id.End()), rtName+".Recover")
			}
		}
		return true
	})
}

// runTopLevelDefers runs the deferred calls of a cell whose units ended
// with rerr (nil: no failure) and returns the cell's error.
func (e *Engine) runTopLevelDefers(ctx context.Context, pl *plan, rerr *cell.Error) *cell.Error {
	v, panicked := e.proc.lastPanic()
	panicked = panicked && rerr != nil && rerr.Name == "Panic"
	e.cellPanic.set(v, panicked)
	defer e.cellPanic.set(nil, false)
	_, err := e.eval(ctx, runDefersSrc)
	if panicked && e.cellPanic.wasRecovered() {
		rerr = nil
	}
	if err != nil {
		// A deferred call failed: its panic replaces the statement's, as
		// in Go.
		rerr = e.runError(err, ctx, pl, unit{kind: unitStmts})
	}
	return rerr
}
