package engine

import "reflect"

// Session lookups: what earlier cells defined.

// known reports whether the session defines name (declaration, statement
// variable or import).
func (e *Engine) known(name string) bool {
	if _, ok := e.decls[name]; ok {
		return true
	}
	if e.stmtVars[name] {
		return true
	}
	_, ok := e.importNames[name]
	return ok
}

// symbol returns the compiled symbol path.name, or an invalid value.
func (e *Engine) symbol(p, name string) reflect.Value {
	return e.syms[p][name]
}

// global returns the value of a session variable or constant.
func (e *Engine) global(name string) (reflect.Value, bool) {
	if !e.known(name) {
		return reflect.Value{}, false
	}
	v, ok := e.globals()[name]
	return v, ok && v.IsValid()
}

// globals returns the interpreter's global values. yaegi's Globals panics
// (index out of range) after a compile error left a symbol without its
// slot in the global frame; the engine then knows no values.
func (e *Engine) globals() (g map[string]reflect.Value) {
	defer func() {
		if recover() != nil {
			g = nil
		}
	}()
	return e.in.Globals()
}
