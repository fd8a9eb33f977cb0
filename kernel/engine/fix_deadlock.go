package engine

// Guard: a cell whose goroutines are all blocked ends with a Deadlock
// error, as a Go program ends with "fatal error: all goroutines are asleep
// - deadlock!".
//
// Go's runtime sees every goroutine; in an interpreter embedded in a
// program with goroutines of its own (the kernel's sockets, timers) it
// never fires. So, when Options.DetectDeadlocks is set (gophernote run
// sets it), a watchdog looks at every goroutine's stack while a cell runs
// and reports a deadlock when, in three looks 0.3 s apart that see the
// same thing:
//
//   - every goroutine running interpreted code, the cell's own among
//     them, waits in a channel operation, a select or a sync wait that the
//     interpreted code itself started (not one inside a compiled call:
//     those can be woken from outside);
//   - no goroutine of compiled code that the cell started is alive; and
//   - no timer, ticker, deadline context or signal channel the cell's code
//     made can still fire (time.After, NewTimer, AfterFunc, Tick,
//     NewTicker, context.WithTimeout/WithDeadline, signal.Notify are
//     recorded for that).
//
// The error names the line of the blocking operation that started last
// (the pass "blockpos" records it in _gnrt.Blk before each statement that may
// block; statements lexically inside a go statement's function literal
// record _gnrt.BlkGo, reported only when no other goroutine recorded one).
//
// The kernel does not set DetectDeadlocks: there, a cell may wait for
// events the kernel itself delivers (widget messages, comm callbacks) from
// goroutines the watchdog cannot tell apart, and an interrupt stops a
// stuck cell anyway.

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"os/signal"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
	"weak"

	"github.com/traefik/yaegi/interp"
)

// What the blockpos pass writes, through the engine's pointers
// _gnrt.Blk and _gnrt.BlkGo (compiled values: an interpreted global
// assigned in a function literal of a package-level var's initializer
// made yaegi refuse the var, "variable definition loop", gcgort.go):
// cell*blkCell + line*atScale + column of the last statement that may
// block.
const (
	blkVar   = rtName + ".Blk"
	blkGoVar = rtName + ".BlkGo"
	blkCell  = 1_000_000_000_000
)

// blockPos holds the positions the blockpos pass records.
type blockPos struct{ blk, blkGo int }

func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"Blk": reflect.ValueOf(&e.blockPos.blk), "BlkGo": reflect.ValueOf(&e.blockPos.blkGo)}
	})
}

// deadlockCause is the cause a cell's context is cancelled with when the
// watchdog finds it deadlocked.
type deadlockCause struct{ at string }

func (d deadlockCause) Error() string {
	msg := "all goroutines are asleep - deadlock!"
	if d.at != "" {
		msg += " [at " + d.at + "]"
	}
	return msg
}

// wakers records what could still wake a blocked cell from outside the
// interpreter: pending timers and deadlines, live tickers and timers, and
// signal channels.
type wakers struct {
	mu       sync.Mutex
	deadline time.Time                  // the latest pending one-shot timer or deadline
	timers   []weak.Pointer[time.Timer] // may be Reset: alive means a possible waker
	tickers  []weak.Pointer[time.Ticker]
	forever  bool // time.Tick or signal.Notify: wakers that never go away
}

func (w *wakers) until(t time.Time) {
	w.mu.Lock()
	if t.After(w.deadline) {
		w.deadline = t
	}
	w.mu.Unlock()
}

// pending reports whether something registered may still wake a goroutine.
func (w *wakers) pending() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.forever || time.Now().Before(w.deadline.Add(100*time.Millisecond)) {
		return true
	}
	live := w.timers[:0]
	for _, p := range w.timers {
		if p.Value() != nil {
			live = append(live, p)
		}
	}
	w.timers = live
	liveT := w.tickers[:0]
	for _, p := range w.tickers {
		if p.Value() != nil {
			liveT = append(liveT, p)
		}
	}
	w.tickers = liveT
	return len(w.timers) > 0 || len(w.tickers) > 0
}

// symbols replaces the time, context and signal functions that make
// wakers, recording each.
func (w *wakers) symbols() interp.Exports {
	return interp.Exports{
		"time/time": {
			"After": reflect.ValueOf(func(d time.Duration) <-chan time.Time {
				w.until(time.Now().Add(d))
				return time.After(d)
			}),
			"AfterFunc": reflect.ValueOf(func(d time.Duration, f func()) *time.Timer {
				t := time.AfterFunc(d, f)
				w.until(time.Now().Add(d))
				w.mu.Lock()
				w.timers = append(w.timers, weak.Make(t))
				w.mu.Unlock()
				return t
			}),
			"NewTimer": reflect.ValueOf(func(d time.Duration) *time.Timer {
				t := time.NewTimer(d)
				w.until(time.Now().Add(d))
				w.mu.Lock()
				w.timers = append(w.timers, weak.Make(t))
				w.mu.Unlock()
				return t
			}),
			"NewTicker": reflect.ValueOf(func(d time.Duration) *time.Ticker {
				t := time.NewTicker(d)
				w.mu.Lock()
				w.tickers = append(w.tickers, weak.Make(t))
				w.mu.Unlock()
				return t
			}),
			"Tick": reflect.ValueOf(func(d time.Duration) <-chan time.Time {
				w.mu.Lock()
				w.forever = true
				w.mu.Unlock()
				return time.Tick(d)
			}),
		},
		"context/context": {
			"WithTimeout": reflect.ValueOf(func(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
				w.until(time.Now().Add(d))
				return context.WithTimeout(parent, d)
			}),
			"WithDeadline": reflect.ValueOf(func(parent context.Context, t time.Time) (context.Context, context.CancelFunc) {
				w.until(t)
				return context.WithDeadline(parent, t)
			}),
		},
		"os/signal/signal": {
			"Notify": reflect.ValueOf(func(c chan<- os.Signal, sig ...os.Signal) {
				w.mu.Lock()
				w.forever = true
				w.mu.Unlock()
				signal.Notify(c, sig...)
			}),
		},
	}
}

// watchDeadlock looks for a deadlock while the cell runs (until done is
// closed) and cancels the cell with a deadlockCause when it finds one.
func (e *Engine) watchDeadlock(done <-chan struct{}, cancel context.CancelCauseFunc) {
	before := goroutineIDs()
	tick := time.NewTicker(300 * time.Millisecond)
	defer tick.Stop()
	var last string
	same := 0
	for {
		select {
		case <-done:
			return
		case <-tick.C:
		}
		snap, ok := blockedSnapshot(before, !e.goexited.Load())
		if !ok || e.wakers.pending() {
			last, same = "", 0
			continue
		}
		if snap == last {
			same++
		} else {
			last, same = snap, 1
		}
		if same >= 3 {
			// Goroutines waiting on a sync primitive never wake up, even
			// when the interpreter stops: drain must not wait for them.
			for _, g := range strings.Split(snap, ";") {
				id, _, _ := strings.Cut(g, " ")
				abandoned.Store(id, true)
			}
			cancel(deadlockCause{at: e.blockedAt()})
			return
		}
	}
}

// blockedAt formats the recorded position of the last blocking statement.
func (e *Engine) blockedAt() string {
	for _, n := range []int{e.blockPos.blk, e.blockPos.blkGo} {
		if n == 0 {
			continue
		}
		cellN, rest := int(n/blkCell), int(n%blkCell)
		l, c := rest/atScale, rest%atScale
		if cellN == e.cellN {
			return fmt.Sprintf("%d:%d", l, c)
		}
		return fmt.Sprintf("cell %d, %d:%d", cellN, l, c)
	}
	return ""
}

// abandoned holds the ids of goroutines a deadlock left blocked for good.
var abandoned sync.Map

// goroutineIDs returns the ids of the goroutines alive now.
func goroutineIDs() map[string]bool {
	ids := map[string]bool{}
	for _, g := range goroutineStacks() {
		ids[goroutineID(g)] = true
	}
	return ids
}

// goroutineStacks returns every goroutine's stack trace.
func goroutineStacks() []string {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return strings.Split(string(buf[:n]), "\n\n")
		}
		buf = make([]byte, 2*len(buf))
	}
}

// goroutineID returns the id of a goroutine's trace ("goroutine 12 [...").
func goroutineID(g string) string {
	rest, _ := strings.CutPrefix(g, "goroutine ")
	id, _, _ := strings.Cut(rest, " ")
	return id
}

// interpFrame marks frames of yaegi's interpreter.
const interpFrame = "github.com/traefik/yaegi/interp."

// waitStates are the goroutine states of a channel or sync wait.
var waitStates = []string{"chan receive", "chan send", "select", "sync.", "semacquire", "sync.Cond.Wait"}

// blockedSnapshot describes the goroutines when every goroutine running
// interpreted code (the cell's own among them) waits in an operation the
// interpreted code started, and no goroutine of compiled code started
// since before is alive; ok is false otherwise.
func blockedSnapshot(before map[string]bool, needEval bool) (snap string, ok bool) {
	var ids []string
	evalSeen := false
	for _, g := range goroutineStacks() {
		id := goroutineID(g)
		interpreted := strings.Contains(g, interpFrame)
		if strings.Contains(g, parkFrame) || strings.Contains(g, "engine.(*Engine).watchDeadlock") {
			continue
		}
		if !interpreted {
			if !before[id] && !strings.Contains(g, "created by time.goFunc") {
				return "", false // compiled code the cell started is alive
			}
			continue
		}
		if !waitsInInterpreter(g) {
			return "", false
		}
		if bytes.Contains([]byte(g), evalFrame) {
			evalSeen = true
		}
		ids = append(ids, id+" "+goroutineState(g))
	}
	if !evalSeen && needEval {
		return "", false // the cell's own goroutine runs (unless it ended in Goexit)
	}
	return strings.Join(ids, ";"), true
}

// goroutineState returns the bracketed state of a goroutine's trace.
func goroutineState(g string) string {
	i := strings.IndexByte(g, '[')
	j := strings.IndexByte(g, ']')
	if i < 0 || j < i {
		return ""
	}
	state := g[i+1 : j]
	// "chan receive, 2 minutes" and "select, locked to thread": the
	// duration changes between looks; keep the kind of wait.
	state, _, _ = strings.Cut(state, ",")
	return state
}

// waitsInInterpreter reports whether a goroutine waits in a channel, select
// or sync operation called by the interpreter itself.
func waitsInInterpreter(g string) bool {
	state := goroutineState(g)
	waiting := false
	for _, w := range waitStates {
		if strings.HasPrefix(state, w) {
			waiting = true
		}
	}
	if !waiting {
		return false
	}
	// The first frame outside the runtime, sync and reflect must be the
	// interpreter's.
	lines := strings.Split(g, "\n")
	for _, l := range lines[1:] {
		if l == "" || l[0] == '\t' {
			continue
		}
		switch {
		case strings.HasPrefix(l, "runtime."), strings.HasPrefix(l, "internal/"),
			strings.HasPrefix(l, "sync."), strings.HasPrefix(l, "reflect."):
			continue
		}
		return strings.HasPrefix(l, interpFrame)
	}
	return false
}

// markBlockingStatements is the pass "blockpos": before each statement
// that may block (a send, a receive, a select without default, a range,
// a Wait, Lock or RLock call), _gnrt.Blk (or _gnrt.BlkGo inside a go
// statement's function literal) records the statement's position. It
// runs only when the engine detects deadlocks.
func markBlockingStatements(p *prep) {
	if !p.e.detectDeadlocks {
		return
	}
	var walk func(n ast.Node, inGo bool)
	mark := func(list []ast.Stmt, inGo bool) {
		for _, s := range list {
			if isClause(s) {
				continue // a switch or select body lists clauses, not statements
			}
			if !mayBlock(s) {
				continue
			}
			v := blkVar
			if inGo {
				v = blkGoVar
			}
			p.r.addText(p.off(s.Pos()), p.off(s.Pos()), "*"+v+" = "+strconv.Itoa(p.encPos(s.Pos()))+"; ")
		}
	}
	walk = func(n ast.Node, inGo bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.GoStmt:
				if fl, ok := m.Call.Fun.(*ast.FuncLit); ok {
					walk(fl.Body, true)
					for _, a := range m.Call.Args {
						walk(a, inGo)
					}
					return false
				}
			case *ast.BlockStmt:
				if m != n {
					mark(m.List, inGo)
				}
			case *ast.CaseClause:
				mark(m.Body, inGo)
			case *ast.CommClause:
				mark(m.Body, inGo)
			}
			return true
		})
		if b, ok := n.(*ast.BlockStmt); ok {
			mark(b.List, inGo)
		}
	}
	walk(p.pc.decls, false)
	walk(p.pc.stmts.Body, false)
}

// mayBlock reports whether a statement's own parts (not nested blocks or
// function literals) may wait on a channel or a sync primitive.
func mayBlock(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.LabeledStmt:
		return mayBlock(s.Stmt)
	case *ast.SendStmt:
		return true
	case *ast.SelectStmt:
		for _, c := range s.Body.List {
			if cc, ok := c.(*ast.CommClause); ok && cc.Comm == nil {
				return false // has a default
			}
		}
		return true
	case *ast.RangeStmt:
		return true
	case *ast.IfStmt:
		return exprsBlock(s.Init, s.Cond)
	case *ast.ForStmt:
		return exprsBlock(s.Init, s.Cond, s.Post)
	case *ast.SwitchStmt:
		return exprsBlock(s.Init, s.Tag)
	case *ast.TypeSwitchStmt:
		return exprsBlock(s.Init, s.Assign)
	case *ast.BlockStmt:
		return false
	}
	return exprsBlock(s)
}

// exprsBlock reports whether any of the nodes, outside function literals,
// receives from a channel or calls a Wait, Lock or RLock method.
func exprsBlock(nodes ...ast.Node) bool {
	found := false
	for _, n := range nodes {
		if isNilNode(n) {
			continue
		}
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.UnaryExpr:
				if m.Op == token.ARROW {
					found = true
				}
			case *ast.CallExpr:
				if sel, ok := m.Fun.(*ast.SelectorExpr); ok && len(m.Args) == 0 {
					switch sel.Sel.Name {
					case "Wait", "Lock", "RLock":
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}
