// Package cell holds the types a cell's run is described by: the Sink that
// receives a running cell's output, and the Result and Error it ends with.
// The engine (yaegi) produces them; the Jupyter session and `gophernote run`
// consume them. It is its own small package so that the session depends on
// these shapes, not on the interpreter.
package cell

import (
	"context"

	"github.com/gophernote/gophernote/kernel/display"
)

// Sink receives what a running cell produces besides its result, as it
// happens. The Jupyter session implements it over iopub/stdin; `gophernote
// run` implements it over notebook outputs and files. Implementations must be
// safe for concurrent use (a cell's goroutines may write at any time).
type Sink interface {
	// Stream delivers text written to stdout ("stdout") or stderr ("stderr").
	Stream(name, text string)
	// Display shows a bundle (update=true: update_display_data by b.ID).
	Display(b display.Bundle, update bool)
	// Clear clears the cell's output (clear_output).
	Clear(wait bool)
	// Input asks the front end for a line of input (input_request). It
	// returns an error when the front end does not allow stdin.
	Input(prompt string, password bool) (string, error)
}

// Error is a failed cell, in the shape Jupyter's error reply and error
// output need. Name is "Interrupted" when the cell was cancelled.
type Error struct {
	Name      string   // ename, e.g. "CompileError", "Panic", "Interrupted"
	Value     string   // evalue: one line, with the cell line:col when known
	Traceback []string // lines shown to the user
	// Crash is set when the process running the cell died (kernel/worker):
	// what it printed as it died (the Go runtime's crash report), or a
	// description of its end when it printed none.
	Crash string
}

func (e *Error) Error() string { return e.Name + ": " + e.Value }

// Result is the outcome of one cell.
type Result struct {
	// Value is the execute_result bundle of the cell's final expression,
	// or nil when the cell ends in a statement or produced no value.
	Value *display.Bundle
	// Err is non-nil when the cell failed; Value is then nil.
	Err *Error
}

type countKey struct{}

// WithExecutionCount returns a copy of ctx that carries the execution
// count the front end shows for the cell ([n]). The Jupyter session sets
// it; an engine that records what cells ran (kernel/worker, to say which
// cells a crash lost and to re-run them) reads it with ExecutionCount.
func WithExecutionCount(ctx context.Context, n int) context.Context {
	return context.WithValue(ctx, countKey{}, n)
}

// ExecutionCount returns the count WithExecutionCount put in ctx.
func ExecutionCount(ctx context.Context) (n int, ok bool) {
	n, ok = ctx.Value(countKey{}).(int)
	return n, ok
}

type evaluationKey struct{}

// AsEvaluation marks ctx as the evaluation of an expression on the
// session's behalf (an execute_request's user_expressions), not a cell:
// an engine that records the cells that ran, to re-run them after a crash,
// leaves it out.
func AsEvaluation(ctx context.Context) context.Context {
	return context.WithValue(ctx, evaluationKey{}, true)
}

// IsEvaluation reports whether ctx was marked by AsEvaluation.
func IsEvaluation(ctx context.Context) bool {
	v, _ := ctx.Value(evaluationKey{}).(bool)
	return v
}
