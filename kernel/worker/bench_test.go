package worker

import (
	"context"
	"os"
	"testing"

	"github.com/gophernote/gophernote/kernel/engine"
)

// BenchmarkExecute compares a trivial cell's round trip through the
// worker process with the same cell on an engine in this process.
func BenchmarkExecute(b *testing.B) {
	b.Run("worker", func(b *testing.B) {
		exe, err := os.Executable()
		if err != nil {
			b.Fatal(err)
		}
		c, err := Start(Options{Command: []string{exe}, Env: []string{envTestWorker + "=1"}})
		if err != nil {
			b.Fatal(err)
		}
		defer c.Close()
		s := &recSink{}
		for i := 0; i < 20; i++ {
			c.Execute(context.Background(), "x := 1", s)
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			c.Execute(context.Background(), "x := 1", s)
		}
	})
	b.Run("in-process", func(b *testing.B) {
		e, err := engine.New(engine.Options{})
		if err != nil {
			b.Fatal(err)
		}
		defer e.Close()
		s := &recSink{}
		for i := 0; i < 20; i++ {
			e.Execute(context.Background(), "x := 1", s)
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			e.Execute(context.Background(), "x := 1", s)
		}
	})
}
