package engine

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"

	"github.com/gophernote/gophernote/kernel/display"
)

// fakeSink records what a cell produced.
type fakeSink struct {
	mu       sync.Mutex
	stdout   strings.Builder
	stderr   strings.Builder
	chunks   []string // stdout writes in order
	displays []display.Bundle
	inputs   []string // lines to answer input requests with
	noInput  bool
	prompts  int
	streamed chan string // receives each stdout write when non-nil
	// outAtDisplay is the stdout received before the last display.
	outAtDisplay string
}

func (s *fakeSink) Stream(name, text string) {
	s.mu.Lock()
	if name == "stdout" {
		s.stdout.WriteString(text)
		s.chunks = append(s.chunks, text)
	} else {
		s.stderr.WriteString(text)
	}
	ch := s.streamed
	s.mu.Unlock()
	if ch != nil && name == "stdout" {
		ch <- text
	}
}

func (s *fakeSink) Display(b display.Bundle, update bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.displays = append(s.displays, b)
	s.outAtDisplay = s.stdout.String()
}

func (s *fakeSink) Clear(bool) {}

func (s *fakeSink) Input(prompt string, password bool) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.prompts++
	if s.noInput {
		return "", errors.New("input not allowed")
	}
	if len(s.inputs) == 0 {
		return "", errors.New("no more input")
	}
	l := s.inputs[0]
	s.inputs = s.inputs[1:]
	return l, nil
}

func (s *fakeSink) out() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stdout.String()
}

func (s *fakeSink) errText() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stderr.String()
}

func newEngine(t testing.TB) *Engine {
	t.Helper()
	e, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e
}

// run executes code and fails the test on error.
func run(t testing.TB, e *Engine, code string) (*fakeSink, cell.Result) {
	t.Helper()
	s := &fakeSink{}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r := e.Execute(ctx, code, s)
	if r.Err != nil {
		t.Fatalf("cell %q failed: %v\ntraceback: %q\nstderr: %s", code, r.Err, r.Err.Traceback, s.errText())
	}
	return s, r
}

// runErr executes code and returns its error, failing when there is none.
func runErr(t testing.TB, e *Engine, code string) *cell.Error {
	t.Helper()
	s := &fakeSink{}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r := e.Execute(ctx, code, s)
	if r.Err == nil {
		t.Fatalf("cell %q: want an error, got none (stdout %q)", code, s.out())
	}
	return r.Err
}

// text returns the text/plain of a result value, or "<none>".
func text(r cell.Result) string {
	if r.Value == nil {
		return "<none>"
	}
	s, _ := r.Value.Data["text/plain"].(string)
	return s
}
