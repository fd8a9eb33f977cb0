// Package display is the rich-output API that notebook cells call
// (display.HTML, display.Plot, display.Table, ...) and the MIME bundle type
// that the engine, the Jupyter session and `gophernote run` pass around.
//
// Cells reach this package through its generated yaegi symbol table, so the
// functions here run compiled. Output goes to the Publisher installed by the
// engine for the running cell; with none installed, calls are no-ops that
// return an error where they can.
package display

import "sync"

// MIME maps a MIME type to its content: a string for text types and for
// base64-encoded images, any JSON-marshalable value for application/json.
type MIME map[string]any

// Bundle is one display_data / execute_result payload.
type Bundle struct {
	Data     MIME
	Metadata map[string]any
	// ID is the transient display_id; empty when the output is not updatable.
	ID string
}

// Publisher receives the outputs of the running cell. The kernel session
// turns them into iopub messages; `gophernote run` writes notebook outputs
// and files. Implementations must be safe for concurrent use.
type Publisher interface {
	// Publish shows b; update=true replaces the output displayed earlier
	// with the same b.ID (update_display_data).
	Publish(b Bundle, update bool)
	// Clear clears the cell's output; wait=true defers until new output.
	Clear(wait bool)
}

var (
	pubMu sync.Mutex
	pub   Publisher
)

// SetPublisher installs p as the destination of display calls and returns a
// function that restores the previous one. The engine calls it around each
// cell; cells never need to.
func SetPublisher(p Publisher) (restore func()) {
	pubMu.Lock()
	old := pub
	pub = p
	pubMu.Unlock()
	return func() {
		pubMu.Lock()
		pub = old
		pubMu.Unlock()
	}
}

func current() Publisher {
	pubMu.Lock()
	defer pubMu.Unlock()
	return pub
}
