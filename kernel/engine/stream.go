package engine

import (
	"strings"
	"time"
	"unicode/utf8"
)

// Output is coalesced before it reaches the sink: a loop printing many
// short lines would otherwise send one iopub message per line. Text is
// delivered at most flushDelay after it was written, when maxPending bytes
// are waiting, before a display or input request (so the order on screen
// is the order of the program), and when the cell ends.
const (
	flushDelay = 20 * time.Millisecond
	maxPending = 32 << 10
)

// streamChunk is text waiting for one stream. It is a byte slice that
// grows by append: concatenating strings instead copied the whole pending
// text on every write (quadratic; 200,000 Println calls spent 2 s there).
type streamChunk struct {
	name string
	text []byte
}

// OutputLog sees the text cells write before the sink has it (see
// Options.OutputLog): Wrote is called for each write, in order; Mark
// returns the position after the last write, and Delivered says that the
// sink has received everything written before mark.
type OutputLog interface {
	Wrote(stream, text string)
	Mark() int64
	Delivered(mark int64)
}

// write queues text for a stream. A UTF-8 sequence cut by the end of a
// write (os.Stdout.Write of the first bytes of a rune) waits for the rest
// in partial: delivered alone it is not text, and the JSON of a stream
// message would carry one U+FFFD per byte. What is still partial when the
// cell ends, or output moves to another sink, is delivered as it is
// (releasePartial).
func (r *router) write(name, text string) {
	if text == "" {
		return
	}
	r.mu.Lock()
	if r.log != nil {
		r.log.Wrote(name, text)
	}
	if p := r.partial[name]; p != "" {
		text = p + text
		delete(r.partial, name)
	}
	if cut := incompleteTail(text); cut > 0 {
		if r.partial == nil {
			r.partial = map[string]string{}
		}
		r.partial[name] = strings.Clone(text[len(text)-cut:])
		text = text[:len(text)-cut]
		if text == "" {
			r.mu.Unlock()
			return
		}
	}
	r.queue(name, text)
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
	var mark int64
	if r.log != nil {
		mark = r.log.Mark()
	}
	r.mu.Unlock()
	if len(chunks) == 0 {
		return
	}
	s := r.sink()
	for _, c := range chunks {
		s.Stream(c.name, string(c.text))
	}
	if r.log != nil {
		r.log.Delivered(mark)
	}
}

// queue appends text to the pending output. Called with r.mu held.
func (r *router) queue(name, text string) {
	if n := len(r.pending); n > 0 && r.pending[n-1].name == name {
		r.pending[n-1].text = append(r.pending[n-1].text, text...)
	} else {
		r.pending = append(r.pending, streamChunk{name, append(make([]byte, 0, max(len(text), 4096)), text...)})
	}
	r.size += len(text)
}

// releasePartial queues the bytes of cut UTF-8 sequences as they are (the
// cell ended or its output moves to another sink: the rest will not come
// to this one). Stdout's go before stderr's.
func (r *router) releasePartial() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, name := range []string{"stdout", "stderr"} {
		if p := r.partial[name]; p != "" {
			r.queue(name, p)
			delete(r.partial, name)
		}
	}
	for name, p := range r.partial { // streams have no other names today
		r.queue(name, p)
		delete(r.partial, name)
	}
}

// incompleteTail returns the length of a UTF-8 sequence begun but not
// finished at the end of s (0 when s ends with a whole rune or with bytes
// that are not the start of a valid sequence).
func incompleteTail(s string) int {
	for i := len(s) - 1; i >= 0 && i >= len(s)-utf8.UTFMax+1; i-- {
		if utf8.RuneStart(s[i]) {
			if utf8.FullRuneInString(s[i:]) {
				return 0
			}
			return len(s) - i
		}
	}
	return 0
}
