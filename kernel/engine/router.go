package engine

import (
	"errors"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"

	"github.com/gophernote/gophernote/kernel/display"
)

// router connects the interpreter's stdin, stdout and stderr to the sink
// of the running cell. Output written while no cell runs (goroutines that
// outlive their cell) goes to the idle sink when one is configured, else to
// the sink of the most recent cell.
type router struct {
	mu     sync.Mutex
	cur    cell.Sink
	idle   cell.Sink
	inBuf  string
	cell   int      // number of the running or last cell
	panics []string // yaegi "file:line:col: panic: f(...)" lines, innermost first

	// Stream output is coalesced (see stream.go).
	flushMu sync.Mutex // serializes deliveries, keeping their order
	pending []streamChunk
	size    int
	timer   *time.Timer
	partial map[string]string // stream -> a cut UTF-8 sequence waiting for its end
	log     OutputLog         // Options.OutputLog, or nil
}

// nopSink drops everything; used before the first cell.
type nopSink struct{}

func (nopSink) Stream(string, string)              {}
func (nopSink) Display(display.Bundle, bool)       {}
func (nopSink) Clear(bool)                         {}
func (nopSink) Input(string, bool) (string, error) { return "", errNoStdin }

// Publish shows b after the text written before it.
func (p sinkPublisher) Publish(b display.Bundle, u bool) { p.r.flush(); p.r.sink().Display(b, u) }

// Clear clears the output after delivering the text written before it.
func (p sinkPublisher) Clear(wait bool) { p.r.flush(); p.r.sink().Clear(wait) }

// sinkPublisher forwards display calls of cells to the router's current
// sink: the running cell's, or after it the idle or last one, like text.
type sinkPublisher struct{ r *router }

var errNoStdin = errors.New("stdin is not available: the front end does not allow input for this cell")

func (r *router) sink() cell.Sink {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur == nil {
		if r.idle != nil {
			return r.idle
		}
		return nopSink{}
	}
	return r.cur
}

// begin routes output to s for a new cell and forgets unread input.
func (r *router) begin(s cell.Sink, cell int) {
	r.releasePartial()
	r.flush()
	r.mu.Lock()
	r.cur = s
	r.cell = cell
	r.inBuf = ""
	r.panics = nil
	r.mu.Unlock()
}

// end delivers the cell's pending output and routes later output to the
// idle sink, when there is one.
func (r *router) end() {
	r.releasePartial()
	r.flush()
	r.mu.Lock()
	if r.idle != nil {
		r.cur = nil
	}
	r.mu.Unlock()
}

// swap routes output to s, after delivering what is pending, until
// restore is called; restore delivers s's pending output and routes back
// to the previous sink unless another swap or cell changed it meanwhile.
func (r *router) swap(s cell.Sink) (restore func()) {
	r.releasePartial()
	r.flush()
	r.mu.Lock()
	prev := r.cur
	r.cur = s
	r.mu.Unlock()
	return func() {
		r.releasePartial()
		r.flush()
		r.mu.Lock()
		if r.cur == s {
			r.cur = prev
		}
		r.mu.Unlock()
	}
}

// takePanics returns and clears the recorded interpreted panic positions.
func (r *router) takePanics() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	p := r.panics
	r.panics = nil
	return p
}

// streamWriter is an io.Writer that forwards each write to the sink at once.
type streamWriter struct {
	r    *router
	name string
}

// yaegiPanicRe matches the lines yaegi prints for each interpreted frame a
// panic unwinds through.
var yaegiPanicRe = regexp.MustCompile(`^(?:[^\s:]*:)?\d+:\d+: panic: .*\(\.\.\.\)\n$`)

func (w streamWriter) Write(p []byte) (int, error) {
	if w.name == "stderr" && yaegiPanicRe.Match(p) {
		w.r.mu.Lock()
		w.r.panics = append(w.r.panics, strings.TrimSuffix(string(p), "\n"))
		w.r.mu.Unlock()
		return len(p), nil
	}
	w.r.write(w.name, string(p))
	return len(p), nil
}

// stdinReader is the interpreter's stdin: when its buffer is empty it asks
// the sink for a line.
type stdinReader struct{ r *router }

func (s stdinReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	s.r.mu.Lock()
	if s.r.inBuf == "" {
		s.r.mu.Unlock()
		s.r.flush() // show a prompt printed before the read
		line, err := s.r.sink().Input("", false)
		if err != nil {
			return 0, errors.Join(errNoStdin, err)
		}
		s.r.mu.Lock()
		s.r.inBuf += line + "\n"
	}
	n := copy(p, s.r.inBuf)
	s.r.inBuf = s.r.inBuf[n:]
	s.r.mu.Unlock()
	return n, nil
}
