package engine

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// Workaround: a panic in a goroutine a cell started.
//
// A panic in a goroutine started by interpreted `go` kills the process
// (yaegi does not recover it). So `go f(args)` evaluates its arguments
// first and runs f under a deferred recover that reports the panic with
// Go's words for it (goPanicText: "runtime error: invalid memory address
// or nil pointer dereference", not reflect's "call of reflect.Value.Len on
// zero Value") and the interpreted positions yaegi printed while it
// unwound. In Go the program would die there. When the cell that ran the
// go statement is still running, it stops at once and fails with a Panic
// error "MSG [at L:C in the goroutine started at L:C]" (the innermost
// position the engine is sure of, else only the go statement's); when it
// has ended, the panic is
// printed on stderr ("panic in goroutine: MSG (the goroutine started at
// L:C; ...)" and the frames) and the goroutine alone ends.

func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		return map[string]reflect.Value{
			"GoPanic": reflect.ValueOf(e.goPanic),
			"GoCell":  reflect.ValueOf(func() int { return e.cellN }),
		}
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
		l, c := lineCol(p.r.src, p.off(g.Pos()))
		at := strconv.Itoa(encodePos(p.e.cellN, l, c))
		p.r.add(p.off(g.Pos()), p.off(g.End()), func(r *renderer) string {
			pre, text := deferredCall(p, r, call)
			return "{ " + pre + "_gnGc := " + rtName + ".GoCell(); " + rtName + ".GoStart(); go func() { defer " + rtName + ".GoEnd(); defer func() { if _gnr := recover(); _gnr != nil { " + rtName + ".GoPanic(_gnr, _gnGc, " + at + ") } }(); " + text + " }() }"
		})
		return true
	}
	p.pc.inspect(visit)
}

// goPanicCause is the cause a cell's context is cancelled with when a
// goroutine it started panicked.
type goPanicCause struct {
	value     string
	traceback []string
}

func (c goPanicCause) Error() string { return "panic in a goroutine: " + c.value }

// goPanic reports a panic recovered in a goroutine started while the
// cell numbered cellN ran, by the go statement at goAt (encodePos): the
// cell fails with it when it still runs, else it is printed on stderr.
func (e *Engine) goPanic(v any, cellN, goAt int) {
	msg := e.panicText(v)
	e.out.mu.Lock()
	cur := e.out.cell
	e.out.mu.Unlock()
	var frames []string
	at := ""
	for _, p := range e.out.takePanics() {
		ce := mapPosition(p, cur)
		if ce.line > 0 && !isTopFrame(ce) {
			// Another goroutine may have written the recorded position:
			// only a one-line body's is certain (fix_panicpos.go).
			ce = e.framePos(ce, false)
		}
		if ce.line > 0 || isFuncFrame(ce) {
			frames = append(frames, frameLine(ce))
			if at == "" && ce.line > 0 {
				at = ce.where()
				at = at[:len(at)-2]
			}
		}
	}
	started := "the goroutine started at "
	if gc, gl, gcol := decodePos(goAt); gl == 0 {
		started = "a goroutine"
	} else if gc != cur {
		started += fmt.Sprintf("cell %d, %d:%d", gc, gl, gcol)
	} else {
		started += fmt.Sprintf("%d:%d", gl, gcol)
	}
	if int64(cellN) == e.runningCell.Load() && cellN != 0 {
		value := msg + " [in " + started + "]"
		if at != "" {
			value = msg + " [at " + at + " in " + started + "]"
		}
		tb := []string{"panic: " + msg, "", "in " + started + " (in Go the program would have died here):"}
		for _, f := range frames {
			tb = append(tb, "    "+f)
		}
		e.proc.cancelCell(goPanicCause{value: value, traceback: tb})
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "panic in goroutine: %s (%s; it stopped, the kernel keeps running)\n", msg, started)
	for _, f := range frames {
		b.WriteString("\t" + f + "\n")
	}
	e.out.write("stderr", b.String())
}

// settleGoroutinePanics runs when a cell's statements have ended: a
// goroutine of a cell may be panicking right now — running its deferred
// calls, which may be what let the cell's statements finish (defer
// wg.Done()) — and not yet have reached the recover that reports it. The
// engine waits, at most settleLimit, until no goroutine that a cell
// started has a panic in progress or the panic has ended the cell. It
// costs a dump of the goroutine stacks when goroutines of cells ran
// during the cell, nothing otherwise.
func (e *Engine) settleGoroutinePanics(ctx context.Context) {
	if e.panicPos.ran.Load() == 0 && e.panicPos.live.Load() == 0 {
		return
	}
	deadline := time.Now().Add(settleLimit)
	for cellGoroutinePanicking() {
		var gp goPanicCause
		if errors.As(context.Cause(ctx), &gp) || time.Now().After(deadline) {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// settleLimit bounds the wait of settleGoroutinePanics.
const settleLimit = 2 * time.Second

// cellGoroutinePanicking reports whether a goroutine started by a cell's
// go statement (yaegi starts it in interp.call) is panicking: its stack
// holds a runtime panic frame.
func cellGoroutinePanicking() bool {
	buf := make([]byte, 256<<10)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		if len(buf) >= 64<<20 {
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	for _, g := range strings.Split(string(buf), "\n\n") {
		if strings.Contains(g, "\npanic(") && strings.Contains(g, "\ncreated by github.com/traefik/yaegi/interp.call") {
			return true
		}
	}
	return false
}
