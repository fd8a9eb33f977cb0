package magic_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
	"github.com/gophernote/gophernote/kernel/engine"
	"github.com/gophernote/gophernote/kernel/magic"
)

// sink records a cell's output.
type sink struct {
	mu      sync.Mutex
	stdout  strings.Builder
	stderr  strings.Builder
	chunks  []string // every stream write, "name:text"
	notify  chan string
	display []display.Bundle
}

func (s *sink) Stream(name, text string) {
	s.mu.Lock()
	if name == "stdout" {
		s.stdout.WriteString(text)
	} else {
		s.stderr.WriteString(text)
	}
	s.chunks = append(s.chunks, name+":"+text)
	ch := s.notify
	s.mu.Unlock()
	if ch != nil {
		ch <- text
	}
}

func (s *sink) Display(b display.Bundle, update bool) {
	s.mu.Lock()
	s.display = append(s.display, b)
	s.mu.Unlock()
}
func (s *sink) Clear(bool) {}
func (s *sink) Input(string, bool) (string, error) {
	return "", errors.New("no input")
}

func (s *sink) out() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stdout.String()
}

func (s *sink) errOut() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stderr.String()
}

// newMagic returns the magics over a fresh engine.
func newMagic(t testing.TB) *magic.Engine {
	t.Helper()
	e, err := engine.New(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := magic.New(e)
	t.Cleanup(m.Close)
	return m
}

// exec runs a cell and returns its output and result.
func exec(t testing.TB, m *magic.Engine, code string) (*sink, cell.Result) {
	t.Helper()
	s := &sink{}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	return s, m.Execute(ctx, code, s)
}

// ok runs a cell that must succeed.
func ok(t testing.TB, m *magic.Engine, code string) (*sink, cell.Result) {
	t.Helper()
	s, r := exec(t, m, code)
	if r.Err != nil {
		t.Fatalf("cell %q: %v\ntraceback %q\nstdout %q stderr %q", code, r.Err, r.Err.Traceback, s.out(), s.errOut())
	}
	return s, r
}

// fails runs a cell that must fail with ename.
func fails(t testing.TB, m *magic.Engine, code, ename string) *cell.Error {
	t.Helper()
	s, r := exec(t, m, code)
	if r.Err == nil {
		t.Fatalf("cell %q: no error (stdout %q)", code, s.out())
	}
	if r.Err.Name != ename {
		t.Fatalf("cell %q: %v, want %s", code, r.Err, ename)
	}
	return r.Err
}

// value is the text/plain of a result, or "<none>".
func value(r cell.Result) string {
	if r.Value == nil {
		return "<none>"
	}
	s, _ := r.Value.Data["text/plain"].(string)
	return s
}
