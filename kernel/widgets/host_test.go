package widgets

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
	"github.com/gophernote/gophernote/kernel/internal/widgethost"
)

// fakeHost is a widgethost.Host without an interpreter: callbacks run
// directly and output goes to a recording sink.
type fakeHost struct {
	mu       sync.Mutex
	sink     *recSink
	redirect []cell.Sink
	noComms  bool // the sink is not a CommSink (like gophernote run)
}

// recSink records streams, displays and comm messages (JSON round-tripped
// as on the wire).
type recSink struct {
	mu       sync.Mutex
	streams  strings.Builder
	displays []display.Bundle
	comms    []cell.Comm
}

func (s *recSink) Stream(name, text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.streams.WriteString(text)
}
func (s *recSink) Display(b display.Bundle, update bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.displays = append(s.displays, b)
}
func (s *recSink) Clear(bool)                         {}
func (s *recSink) Input(string, bool) (string, error) { return "", fmt.Errorf("no input") }
func (s *recSink) SendComm(c cell.Comm) error {
	b, err := json.Marshal(c.Data)
	if err != nil {
		return err
	}
	var d map[string]any
	if err := json.Unmarshal(b, &d); err != nil {
		return err
	}
	c.Data = d
	s.mu.Lock()
	defer s.mu.Unlock()
	s.comms = append(s.comms, c)
	return nil
}

func (s *recSink) take() []cell.Comm {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.comms
	s.comms = nil
	return c
}

// plainSink hides SendComm.
type plainSink struct{ r *recSink }

func (p plainSink) Stream(n, t string)                 { p.r.Stream(n, t) }
func (p plainSink) Display(b display.Bundle, u bool)   { p.r.Display(b, u) }
func (p plainSink) Clear(w bool)                       {}
func (p plainSink) Input(string, bool) (string, error) { return "", fmt.Errorf("no input") }

func (h *fakeHost) Sink() cell.Sink {
	if h.noComms {
		return plainSink{h.sink}
	}
	return h.sink
}

func (h *fakeHost) Redirect(s cell.Sink) func() {
	h.mu.Lock()
	h.redirect = append(h.redirect, s)
	h.mu.Unlock()
	return func() {
		h.mu.Lock()
		h.redirect = h.redirect[:len(h.redirect)-1]
		h.mu.Unlock()
	}
}

// out returns where output goes now.
func (h *fakeHost) out() cell.Sink {
	h.mu.Lock()
	defer h.mu.Unlock()
	if n := len(h.redirect); n > 0 {
		return h.redirect[n-1]
	}
	return h.sink
}

func (h *fakeHost) Call(f func()) *cell.Error { f(); return nil }

func (h *fakeHost) PanicError(v any) *cell.Error {
	return &cell.Error{Name: "Panic", Value: fmt.Sprint(v)}
}

// pub routes display calls to the host's current output.
type pub struct{ h *fakeHost }

func (p pub) Publish(b display.Bundle, u bool) { p.h.out().Display(b, u) }
func (p pub) Clear(w bool)                     { p.h.out().Clear(w) }

// useHost installs a fake host for the test.
func useHost(t testing.TB, noComms bool) *fakeHost {
	h := &fakeHost{sink: &recSink{}, noComms: noComms}
	restore := widgethost.SetHost(h)
	restorePub := display.SetPublisher(pub{h})
	t.Cleanup(func() { restorePub(); restore() })
	return h
}

func receive(c cell.Comm) error { return receiver{}.Receive(c) }

func update(id string, state map[string]any) error {
	return receive(cell.Comm{Type: "comm_msg", ID: id, Data: map[string]any{"method": "update", "state": state}})
}
