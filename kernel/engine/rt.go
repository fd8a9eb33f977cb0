package engine

import (
	"reflect"
)

// rtPath is the import path of the small compiled package the engine's
// rewrites call into; cells never import it themselves. It is imported in
// every session under the name rtName.
const (
	rtPath = "gophernote/rt"
	rtName = "_gnrt"
)

// rtParts build the symbols of gophernote/rt for an engine; each
// workaround that calls into compiled code adds its part from its own
// file (init).
var rtParts []func(e *Engine) map[string]reflect.Value

// rtSymbols builds the yaegi symbol table of gophernote/rt for engine e.
func rtSymbols(e *Engine) map[string]map[string]reflect.Value {
	syms := map[string]reflect.Value{}
	for _, part := range rtParts {
		for k, v := range part(e) {
			if _, dup := syms[k]; dup {
				panic("engine: rt symbol " + k + " defined twice")
			}
			syms[k] = v
		}
	}
	for k, v := range widgetSymbols(e) {
		syms[k] = v
	}
	return map[string]map[string]reflect.Value{rtPath + "/rt": syms}
}

// atVar is what the rewrites assign the position of the top-level
// statement running now to, as line*atScale + column: Track.At, through
// a pointer in the rt package (yaegi cannot assign to a compiled
// package's int variable).
const (
	atVar   = "*" + rtName + ".At"
	atScale = 1_000_000
)

// Track is where the engine records which statement of a cell runs.
// The rewritten code writes At and Pos (an interpreted pointer store per
// statement), the engine writes Cell and Unit, and reads them all for the
// position of a panic. Options.Track lets a supervisor give memory it can
// still read after the process died: kernel/worker shares a page with
// the kernel, which names the statement a fatal error stopped.
type Track struct {
	Cell int // the engine's number of the cell running or run last
	Unit int // 1 while a unit of top-level statements runs, else 0
	At   int // the top-level statement running: line*1_000_000 + column
	Pos  int // the function statement running (fix_panicpos.go's encoding)
}

func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		return map[string]reflect.Value{
			"At":  reflect.ValueOf(&e.track.At),
			"Pos": reflect.ValueOf(&e.track.Pos),
		}
	})
}

// stmtAt returns the position of the top-level statement that ran last in
// the current statement unit, or 0, 0.
func (e *Engine) stmtAt() (line, col int) {
	if !e.inStmtUnit {
		return 0, 0
	}
	n := e.track.At
	return n / atScale, n % atScale
}
