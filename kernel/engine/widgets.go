package engine

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
	"github.com/gophernote/gophernote/kernel/internal/widgethost"
)

// Interactive widgets (kernel/widgets) call back into the engine through
// kernel/internal/widgethost. A comm message from the front end is handled
// by Engine.Comm under the engine's lock, so widget callbacks are
// serialised with cells: they run between cells, in the order the
// messages arrive. While it runs, the interpreter's output (stdout, stderr,
// display calls) goes to the sink of that comm message, whose iopub
// messages are parented to it; a widget may redirect it further into an
// Output widget. A user callback runs inside an EvalWithContext of
// "_gnrt.WidgetCall()", so an interrupt stops it like a cell, and
// time.Sleep in it returns on interrupt too.

// widgetHost implements widgethost.Host for one engine.
type widgetHost struct {
	e       *Engine
	restore func()

	mu      sync.Mutex
	bases   []cell.Sink     // sinks in effect when each active redirection began
	ctx     context.Context // of the comm message being handled; nil otherwise
	inCall  bool            // a callback evaluation is running
	pending func()          // the callback WidgetCall runs
}

// installWidgets makes e the host of the widget library.
func (e *Engine) installWidgets() {
	e.wh = &widgetHost{e: e}
	e.wh.restore = widgethost.SetHost(e.wh)
}

// closeWidgets uninstalls e as the widget host.
func (e *Engine) closeWidgets() {
	if e.wh != nil && e.wh.restore != nil {
		e.wh.restore()
	}
}

// widgetSymbols are the rt symbols of widget callbacks.
func widgetSymbols(e *Engine) map[string]reflect.Value {
	return map[string]reflect.Value{
		"WidgetCall": reflect.ValueOf(func() {
			e.wh.mu.Lock()
			f := e.wh.pending
			e.wh.pending = nil
			e.wh.mu.Unlock()
			if f != nil {
				f()
			}
		}),
	}
}

// ErrNoWidgets is returned by Comm when no widget library is linked in.
var ErrNoWidgets = errors.New("no comm targets: the widget library is not linked into this kernel")

// Comm handles one comm message from the front end (comm_open, comm_msg or
// comm_close): the widget library updates its models and runs the
// callbacks the message triggers, with output to sink. Cancelling ctx
// interrupts a running callback. The error describes a message that was
// ignored (malformed, unknown comm); the kernel keeps running.
func (e *Engine) Comm(ctx context.Context, c cell.Comm, sink cell.Sink) (err error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed.Load() {
		return errors.New("the engine is closed")
	}
	recv := widgethost.CurrentReceiver()
	if recv == nil {
		return ErrNoWidgets
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error handling %s: %v", c.Type, r)
		}
	}()
	defer e.out.swap(sink)()
	display.SetPublisher(sinkPublisher{e.out})
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer display.SetContext(cctx)()
	// time.Sleep in a callback (rewritten to the engine's sleep) returns
	// on interrupt.
	finished := e.armStop(cctx)
	defer close(finished)
	e.wh.mu.Lock()
	e.wh.ctx = cctx
	e.wh.mu.Unlock()
	defer func() {
		e.wh.mu.Lock()
		e.wh.ctx = nil
		e.wh.mu.Unlock()
	}()
	return recv.Receive(c)
}

// Comms returns the open comms (comm_id -> target_name) for
// comm_info_request.
func (e *Engine) Comms() map[string]string {
	if recv := widgethost.CurrentReceiver(); recv != nil && !e.closed.Load() {
		return recv.Comms()
	}
	return map[string]string{}
}

// Sink implements widgethost.Host.
func (h *widgetHost) Sink() cell.Sink {
	h.mu.Lock()
	if len(h.bases) > 0 {
		s := h.bases[0]
		h.mu.Unlock()
		return s
	}
	h.mu.Unlock()
	return h.e.out.sink()
}

// Redirect implements widgethost.Host.
func (h *widgetHost) Redirect(s cell.Sink) (restore func()) {
	base := h.e.out.sink()
	unswap := h.e.out.swap(s)
	h.mu.Lock()
	h.bases = append(h.bases, base)
	h.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			unswap()
			h.mu.Lock()
			if n := len(h.bases); n > 0 {
				h.bases = h.bases[:n-1]
			}
			h.mu.Unlock()
		})
	}
}

// Call implements widgethost.Host. Inside a cell, or inside a callback
// already, f runs directly; while a comm message is handled it runs in an
// evaluation of its own with the message's context.
func (h *widgetHost) Call(f func()) *cell.Error {
	h.mu.Lock()
	ctx, nested := h.ctx, h.inCall
	if ctx == nil || nested {
		h.mu.Unlock()
		f()
		return nil
	}
	h.inCall = true
	h.pending = f
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		h.inCall, h.pending = false, nil
		h.mu.Unlock()
	}()
	_, err := h.e.eval(ctx, rtName+".WidgetCall()")
	if ctx.Err() != nil {
		// The interrupted evaluation is still unwinding: the next message
		// must not start another on the same interpreter meanwhile. A
		// callback stuck in a compiled call is given up on after 2 s.
		drain(2 * time.Second)
		h.e.out.takePanics()
		return interrupted()
	}
	if err != nil {
		// f recovers its panics, so this is the interpreter failing.
		return internalError(err)
	}
	return nil
}

// PanicError implements widgethost.Host: the panic value, with the cell
// positions of the interpreted frames it unwound (yaegi prints them on
// stderr as it unwinds; the router keeps them).
func (h *widgetHost) PanicError(v any) *cell.Error {
	val := fmt.Sprint(v)
	tb := []string{"panic: " + val}
	at := ""
	for _, f := range h.e.out.takePanics() {
		ce := mapPosition(f, -1) // -1: every position names its cell
		if ce.line == 0 {
			continue
		}
		if at == "" {
			at = ce.where()
		}
		tb = append(tb, "    "+frameLine(ce))
	}
	if at != "" {
		val += " [at " + at[:len(at)-2] + "]"
	}
	return &cell.Error{Name: "Panic", Value: val, Traceback: tb}
}

// PrefersSVG tells display.Plot that the running code's output goes to a
// sink that shows SVG whenever it has it (an Output widget), so the PNG can
// be left out (kernel/display/formats.go).
func (p sinkPublisher) PrefersSVG() bool {
	s, ok := p.r.sink().(interface{ PrefersSVG() bool })
	return ok && s.PrefersSVG()
}
