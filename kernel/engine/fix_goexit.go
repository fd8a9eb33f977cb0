package engine

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"sync"

	"github.com/gophernote/gophernote/kernel/cell"
)

// Workaround: runtime.Goexit in a cell's own statements.
//
// yaegi evaluates a cell on a goroutine of its own, whose deferred
// recover closes the evaluation without an error when runtime.Goexit
// ends that goroutine: the cell would end "ok", its later statements
// silently skipped. In Go, Goexit in main ends the main goroutine (its
// deferred calls run) and the program never reaches the end of main. The
// engine replaces runtime.Goexit for cells: called on the goroutine that
// evaluates the cell (or a widget callback), it records the call and
// exits that goroutine as Go does, and the cell ends with a Goexit error
// at the top-level statement that called it ("runtime.Goexit ended the
// cell [at L:C]: its statements after the call did not run"); its
// top-level deferred calls run. In a goroutine the cell started it is
// Go's Goexit, which ends that goroutine alone.

// In a program run by gophernote run (Options.DetectDeadlocks), Goexit on
// the main goroutine (in main or an init function) ends it as Go does: the
// program's other goroutines run on, until one calls os.Exit (the run
// exits with its status) or none can run any more, which Go reports as
// "fatal error: no goroutines (main called runtime.Goexit) - deadlock!"
// (fixedbugs/issue5963.go). The deadlock watchdog then looks for the
// cell's goroutines without the cell's own.

// afterGoexit waits, after a Goexit of a program's main goroutine, until
// the cell's context ends: an os.Exit of another goroutine, a deadlock
// (returned in Go's words), an interrupt. nil: the Goexit error stands.
func (e *Engine) afterGoexit(ctx context.Context) *cell.Error {
	e.goexited.Store(true)
	defer e.goexited.Store(false)
	<-ctx.Done()
	var dc deadlockCause
	if errors.As(context.Cause(ctx), &dc) {
		v := "no goroutines (main called runtime.Goexit) - deadlock!"
		return &cell.Error{Name: "Deadlock", Value: v, Traceback: []string{"Deadlock: " + v}}
	}
	return stopError(ctx)
}

// goexits records a Goexit on a cell's evaluation goroutine.
type goexits struct {
	mu     sync.Mutex
	called bool
	line   int
	col    int
}

// goexitSymbols replaces runtime.Goexit for cells.
func (e *Engine) goexitSymbols() map[string]reflect.Value {
	return map[string]reflect.Value{
		"Goexit": reflect.ValueOf(func() {
			if onEvalGoroutine() {
				l, c := e.stmtAt()
				e.goexit.mu.Lock()
				e.goexit.called, e.goexit.line, e.goexit.col = true, l, c
				e.goexit.mu.Unlock()
				e.out.flush()
			}
			runtime.Goexit()
		}),
	}
}

// take returns the error of a recorded Goexit, once, or nil.
func (g *goexits) take() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.called {
		return nil
	}
	g.called = false
	return goexitError{line: g.line, col: g.col}
}

// goexitError ends a cell whose statements called runtime.Goexit.
type goexitError struct{ line, col int }

func (g goexitError) Error() string {
	s := "runtime.Goexit ended the cell"
	if g.line > 0 {
		s += fmt.Sprintf(" [at %d:%d]", g.line, g.col)
	}
	return s + ": its statements after the call did not run (in Go, Goexit in main ends the main goroutine; main never returns)"
}

// onEvalGoroutine reports whether the calling goroutine is one yaegi
// started to evaluate code (EvalWithContext, or ExecuteWithContext under
// the debugger), not one a cell started.
func onEvalGoroutine() bool {
	buf := make([]byte, 64<<10)
	n := runtime.Stack(buf, false)
	st := string(buf[:n])
	i := strings.LastIndex(st, "\ncreated by ")
	return i >= 0 && (strings.Contains(st[i:], "(*Interpreter).EvalWithContext") || strings.Contains(st[i:], "(*Interpreter).ExecuteWithContext"))
}
