package magic

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
)

// Interpreter is what the magics need of the Go engine underneath;
// *engine.Engine implements it.
type Interpreter interface {
	// Execute runs Go code in the session (see engine.Engine.Execute).
	Execute(ctx context.Context, code string, sink cell.Sink) cell.Result
	// CompleteItems, Inspect and IsComplete answer for Go code.
	CompleteItems(code string, cursor int) (items []cell.Completion, start, end int)
	Inspect(code string, cursor, detailLevel int) (data display.MIME, found bool)
	IsComplete(code string) (status, indent string)
	// Variables lists the session's variables (ok false while a cell runs).
	Variables() (vars []cell.Variable, ok bool)
	Close()
}

// commEngine is the comm side of an engine that hosts widgets (the
// session's CommEngine); Engine passes it through.
type commEngine interface {
	Comm(ctx context.Context, c cell.Comm, sink cell.Sink) error
	Comms() map[string]string
}

// Engine runs cells with magics: it implements what the Jupyter session
// and `gophernote run` need of an engine (Execute, Complete,
// CompleteItems, Inspect, IsComplete, Close, Comm, Comms) over an
// Interpreter, which runs the Go.
type Engine struct {
	in Interpreter

	mu      sync.Mutex // guards prevDir
	prevDir string     // the directory before the last %cd (%cd -)
}

// New returns the magics in front of in. The Engine owns in: Close closes it.
func New(in Interpreter) *Engine {
	return &Engine{in: in}
}

// Close closes the interpreter.
func (m *Engine) Close() { m.in.Close() }

// Comm passes a comm message to the interpreter (interactive widgets).
func (m *Engine) Comm(ctx context.Context, c cell.Comm, sink cell.Sink) error {
	ce, ok := m.in.(commEngine)
	if !ok {
		return fmt.Errorf("comm %s ignored: this engine hosts no widgets", c.Type)
	}
	return ce.Comm(ctx, c, sink)
}

// Comms lists the interpreter's open comms.
func (m *Engine) Comms() map[string]string {
	if ce, ok := m.in.(commEngine); ok {
		return ce.Comms()
	}
	return map[string]string{}
}

// Execute runs one cell: Go code passes straight to the interpreter (also
// any code under cell.GoOnly: user_expressions); a cell with magic lines
// runs in segments, in order (see the package doc).
func (m *Engine) Execute(ctx context.Context, code string, sink cell.Sink) cell.Result {
	if !mayHaveMagic(code) || cell.IsGoOnly(ctx) {
		return m.in.Execute(ctx, code, sink)
	}
	p, perr := parse(code, 1, true, m.goNames())
	if perr != nil {
		return cell.Result{Err: usageError(perr.line, perr.col, perr.msg)}
	}
	if !p.hasMagic() {
		return m.in.Execute(ctx, code, sink)
	}
	r := &runner{m: m, ctx: ctx, sink: sink}
	return r.cell(p)
}

// goNames returns a function reporting whether a name is a variable or
// constant of the session; it asks the interpreter once, when first used.
func (m *Engine) goNames() func(string) bool {
	var names map[string]bool
	return func(name string) bool {
		if names == nil {
			names = map[string]bool{}
			vars, _ := m.in.Variables()
			for _, v := range vars {
				names[v.Name] = true
			}
		}
		return names[name]
	}
}

// runner runs the segments of one cell.
type runner struct {
	m       *Engine
	ctx     context.Context
	sink    cell.Sink
	started bool // an Execute of this cell has run: later ones continue it
}

// exec runs Go code as a part of the cell.
func (r *runner) exec(ctx context.Context, code string) cell.Result {
	if r.started {
		ctx = cell.ContinueCell(ctx)
	}
	r.started = true
	return r.m.in.Execute(ctx, code, r.sink)
}

// start makes sure the cell has begun in the interpreter (it counts the
// cell, and output of background goroutines goes to this cell's sink).
func (r *runner) start() {
	if !r.started {
		r.exec(r.ctx, "")
	}
}

// cell runs a parsed cell.
func (r *runner) cell(p *parsedCell) cell.Result {
	if p.cellMagic != nil {
		r.start()
		return r.cellMagic(p)
	}
	return r.segments(r.ctx, p, nil)
}

// segments runs p's segments in order and returns the cell's result: the
// first error, else the value of the last segment that is not blank.
// timer, when set, brackets each part that runs (for %%time).
func (r *runner) segments(ctx context.Context, p *parsedCell, t *timer) cell.Result {
	last := len(p.segs) - 1
	for last >= 0 && p.segs[last].kind == goSeg && p.blank(p.segs[last]) {
		last--
	}
	var value *display.Bundle
	for i, s := range p.segs {
		if err := ctx.Err(); err != nil {
			return cell.Result{Err: interrupted()}
		}
		if s.kind == goSeg && p.blank(s) {
			continue
		}
		var res cell.Result
		switch s.kind {
		case goSeg:
			code := strings.Repeat("\n", s.first-1) + strings.Join(p.span(s), "\n")
			c := ctx
			if t != nil {
				c = cell.WithRunHook(ctx, t.hook)
			}
			res = r.exec(c, code)
		default:
			r.start()
			if t != nil {
				t.hook(true)
			}
			res = r.lineMagic(ctx, s, p)
			if t != nil {
				t.hook(false)
			}
		}
		if res.Err != nil {
			return res
		}
		if i == last {
			value = res.Value
		}
	}
	return cell.Result{Value: value}
}

// span returns the lines of segment s.
func (p *parsedCell) span(s segment) []string {
	return p.lines[s.first-p.base : s.last-p.base+1]
}

// blank reports whether segment s holds only blank lines.
func (p *parsedCell) blank(s segment) bool {
	for _, l := range p.span(s) {
		if strings.TrimSpace(l) != "" {
			return false
		}
	}
	return true
}

// usageError is the error of a magic used wrongly, at a cell position.
func usageError(line, col int, msg string) *cell.Error {
	v := msg
	if line > 0 {
		v = fmt.Sprintf("%d:%d: %s", line, col, msg)
	}
	return &cell.Error{Name: "UsageError", Value: v, Traceback: []string{"UsageError: " + v}}
}

// interrupted is the error of a cancelled cell, as the engine words it.
func interrupted() *cell.Error {
	return &cell.Error{Name: "Interrupted", Value: "the cell was interrupted", Traceback: []string{"Interrupted: the cell was interrupted"}}
}

// text is a text/plain result value.
func text(s string) *display.Bundle {
	return &display.Bundle{Data: display.MIME{"text/plain": s}}
}
