// Package widgethost is the seam between the interpreter (kernel/engine),
// which runs cells and knows where their output goes, and the widget
// library (kernel/widgets), which cells call. It lives under kernel/internal
// so that neither side's exported API — the widgets package is what cells
// see — carries the plumbing.
//
// The engine installs a Host; package widgets installs a Receiver. The
// engine hands every comm message a front end sends to the Receiver; the
// Receiver uses the Host to reach the front end and to run user callbacks.
package widgethost

import (
	"sync"

	"github.com/gophernote/gophernote/kernel/cell"
)

// Host is what widgets need from the interpreter.
type Host interface {
	// Sink returns the sink of the running cell or comm message — where
	// comm messages go, parented to that request — ignoring redirections.
	// It implements cell.CommSink when a front end that holds widgets is
	// connected.
	Sink() cell.Sink
	// Redirect routes the output of running code (stdout, stderr and
	// display calls) to s until restore is called.
	Redirect(s cell.Sink) (restore func())
	// Call runs f, a call into user (interpreted) code, serialised with
	// cells and interruptible like a cell. It returns a *cell.Error when f
	// was interrupted; f itself is expected to recover its panics.
	Call(f func()) *cell.Error
	// PanicError describes a panic value recovered from user code, with the
	// cell positions of the interpreted frames it unwound.
	PanicError(v any) *cell.Error
}

// Receiver is what the engine needs from the widget library.
type Receiver interface {
	// Receive handles one comm message from the front end (comm_open,
	// comm_msg, comm_close). It must not panic on any input; a message it
	// cannot use is ignored and described by the error.
	Receive(c cell.Comm) error
	// Comms returns the open comms: comm_id -> target_name.
	Comms() map[string]string
}

var (
	mu       sync.Mutex
	host     Host
	receiver Receiver
)

// SetHost installs h and returns a function that restores the previous one.
func SetHost(h Host) (restore func()) {
	mu.Lock()
	old := host
	host = h
	mu.Unlock()
	return func() {
		mu.Lock()
		host = old
		mu.Unlock()
	}
}

// Current returns the installed Host, or nil.
func Current() Host {
	mu.Lock()
	defer mu.Unlock()
	return host
}

// SetReceiver installs r (package widgets does, from init).
func SetReceiver(r Receiver) {
	mu.Lock()
	receiver = r
	mu.Unlock()
}

// CurrentReceiver returns the installed Receiver, or nil when the widget
// library is not linked into the program.
func CurrentReceiver() Receiver {
	mu.Lock()
	defer mu.Unlock()
	return receiver
}
