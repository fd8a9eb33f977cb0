package display

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"sync"
)

// ErrNoPublisher is returned (through Handle.Err) by display calls made while
// no Publisher is installed, e.g. from compiled code outside a cell.
var ErrNoPublisher = errors.New("display: no output destination (not running inside a cell)")

// Handle identifies one updatable output. Every display call (HTML, Plot,
// Table, ...) returns a Handle whose output carries a transient display_id;
// NewID returns one that has shown nothing yet. The first Show on a fresh
// handle publishes display_data, later ones publish update_display_data, so
//
//	h := display.NewID()
//	for i := 0; i < 10; i++ { h.Markdown(fmt.Sprintf("step **%d**", i)) }
//
// keeps rewriting one output. A Handle is safe for concurrent use.
type Handle struct {
	id string

	mu    sync.Mutex
	shown bool
	err   error
}

// NewID returns a handle with a fresh display_id that has shown nothing yet.
func NewID() *Handle { return &Handle{id: newID()} }

// ID returns the handle's transient display_id.
func (h *Handle) ID() string { return h.id }

// Err returns the error of the handle's latest display call, or nil.
func (h *Handle) Err() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.err
}

// String describes the handle (what a cell shows when it prints one).
func (h *Handle) String() string {
	if err := h.Err(); err != nil {
		return "display " + h.id + " (error: " + err.Error() + ")"
	}
	return "display " + h.id
}

// Show publishes b under the handle's id: display_data the first time,
// update_display_data afterwards.
func (h *Handle) Show(b Bundle) error {
	h.mu.Lock()
	update := h.shown
	h.shown = true
	h.mu.Unlock()
	return h.publish(b, update, nil)
}

// Update publishes b as update_display_data for the handle's id, replacing
// the output shown earlier. Before anything was shown under the id, front
// ends ignore updates, so Update on a fresh handle shows b instead.
func (h *Handle) Update(b Bundle) error { return h.Show(b) }

// publish sends b (or, when buildErr is set, a text/plain error bundle) and
// records the outcome in h.err.
func (h *Handle) publish(b Bundle, update bool, buildErr error) error {
	if buildErr != nil {
		b = Bundle{Data: MIME{"text/plain": buildErr.Error()}}
	}
	b.ID = h.id
	err := buildErr
	if p := current(); p != nil {
		p.Publish(b, update)
	} else if err == nil {
		err = ErrNoPublisher
	}
	h.mu.Lock()
	h.err = err
	h.mu.Unlock()
	return err
}

// show is the common path of the Handle methods: build the bundle and show
// it (or its error) under h.
func (h *Handle) show(b Bundle, err error) error {
	h.mu.Lock()
	update := h.shown
	h.shown = true
	h.mu.Unlock()
	return h.publish(b, update, err)
}

// Show displays b as a new output and returns its handle.
func Show(b Bundle) *Handle {
	h := NewID()
	_ = h.Show(b)
	return h
}

// Update replaces the output displayed earlier with the given display_id
// (update_display_data). Use it with an id kept from Handle.ID.
func Update(id string, b Bundle) error {
	b.ID = id
	p := current()
	if p == nil {
		return ErrNoPublisher
	}
	p.Publish(b, true)
	return nil
}

// Clear clears the running cell's output (clear_output). With wait=true the
// front end clears only when the next output arrives, which avoids flicker
// in animation loops.
func Clear(wait bool) {
	if p := current(); p != nil {
		p.Clear(wait)
	}
}

func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return hex.EncodeToString(b[:])
}
