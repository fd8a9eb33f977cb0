package engine

import (
	"context"
	"go/ast"
	"reflect"
	"time"
)

// Workaround: time.Sleep that an interrupt ends.
//
// EvalWithContext stops interpreted code at its next step, but a compiled
// time.Sleep keeps yaegi's goroutine alive for the whole duration. So
// time.Sleep in cells becomes _gnrt.Sleep, which also returns when the
// cell is interrupted.

func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"Sleep": reflect.ValueOf(e.sleep)}
	})
}

// interruptibleSleep is the pass "sleep".
func interruptibleSleep(p *prep) {
	visit := func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok && sel.Sel.Name == "Sleep" && p.isPkg(id, "time") {
			p.r.addText(p.off(sel.Pos()), p.off(sel.End()), rtName+".Sleep")
		}
		return true
	}
	p.pc.inspect(visit)
}

// armStop sets the stop channel that sleep watches: it is closed when ctx
// is done before finished is closed (which the caller does when the cell
// or comm message ends).
func (e *Engine) armStop(ctx context.Context) (finished chan struct{}) {
	stop := make(chan struct{})
	e.stopMu.Lock()
	e.stop = stop
	e.stopMu.Unlock()
	finished = make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			close(stop)
		case <-finished:
		}
	}()
	return finished
}

// sleep is time.Sleep for cells.
func (e *Engine) sleep(d time.Duration) {
	e.stopMu.Lock()
	stop := e.stop
	e.stopMu.Unlock()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-stop:
	}
}
