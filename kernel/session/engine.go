package session

import (
	"context"

	"github.com/gophernote/gophernote/kernel/cell"
	"github.com/gophernote/gophernote/kernel/display"
)

// Engine is what the session needs from an interpreter. *engine.Engine
// implements it; tests use a fake.
type Engine interface {
	// Execute runs one cell; cancelling ctx interrupts it.
	Execute(ctx context.Context, code string, sink cell.Sink) cell.Result
	// Complete returns completions at cursor (in runes) and the rune range
	// they replace.
	Complete(code string, cursor int) (matches []string, start, end int)
	// Inspect returns documentation for the identifier at cursor.
	Inspect(code string, cursor, detailLevel int) (data display.MIME, found bool)
	// IsComplete reports complete|incomplete|invalid|unknown and an indent.
	IsComplete(code string) (status, indent string)
	// Close releases the interpreter.
	Close()
}
