package engine

import "time"

// Output is coalesced before it reaches the sink: a loop printing many
// short lines would otherwise send one iopub message per line. Text is
// delivered at most flushDelay after it was written, when maxPending bytes
// are waiting, before a display or input request (so the order on screen
// is the order of the program), and when the cell ends.
const (
	flushDelay = 20 * time.Millisecond
	maxPending = 32 << 10
)

// streamChunk is text waiting for one stream.
type streamChunk struct{ name, text string }

// write queues text for a stream.
func (r *router) write(name, text string) {
	if text == "" {
		return
	}
	r.mu.Lock()
	if n := len(r.pending); n > 0 && r.pending[n-1].name == name {
		r.pending[n-1].text += text
	} else {
		r.pending = append(r.pending, streamChunk{name, text})
	}
	r.size += len(text)
	full := r.size >= maxPending
	if !full && r.timer == nil {
		r.timer = time.AfterFunc(flushDelay, r.flush)
	}
	r.mu.Unlock()
	if full {
		r.flush()
	}
}

// flush delivers the queued text to the current sink, in order.
func (r *router) flush() {
	r.flushMu.Lock()
	defer r.flushMu.Unlock()
	r.mu.Lock()
	chunks := r.pending
	r.pending, r.size = nil, 0
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
	r.mu.Unlock()
	if len(chunks) == 0 {
		return
	}
	s := r.sink()
	for _, c := range chunks {
		s.Stream(c.name, c.text)
	}
}
