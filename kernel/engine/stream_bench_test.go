package engine

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/gophernote/gophernote/kernel/display"
)

// countSink counts stream bytes and calls; it keeps nothing.
type countSink struct{ bytes, calls atomic.Int64 }

func (s *countSink) Stream(_, text string)        { s.bytes.Add(int64(len(text))); s.calls.Add(1) }
func (s *countSink) Display(display.Bundle, bool) {}
func (s *countSink) Clear(bool)                   {}
func (s *countSink) Input(string, bool) (string, error) {
	return "", errNoStdin
}

// BenchmarkStream200k is the engine's share of BENCH stream-200k-lines:
// the cell's loop, the interpreter's fmt.Println and the router's
// coalescing, with a sink that drops the text.
func BenchmarkStream200k(b *testing.B) {
	e, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	s := &countSink{}
	for b.Loop() {
		if r := e.Execute(context.Background(), "for i := range 200000 { fmt.Println(i) }", s); r.Err != nil {
			b.Fatal(r.Err)
		}
	}
	b.ReportMetric(float64(s.calls.Load())/float64(b.N), "sink-calls/op")
}
