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
	return map[string]map[string]reflect.Value{rtPath + "/rt": syms}
}

// atVar is the interpreted global holding the position of the top-level
// statement running now, as line*atScale + column.
const (
	atVar   = "_gnAt"
	atScale = 1_000_000
)

// stmtAt returns the position of the top-level statement that ran last in
// the current statement unit, or 0, 0.
func (e *Engine) stmtAt() (line, col int) {
	if !e.inStmtUnit {
		return 0, 0
	}
	v, ok := e.globals()[atVar]
	if !ok || !v.CanInt() {
		return 0, 0
	}
	n := int(v.Int())
	return n / atScale, n % atScale
}
