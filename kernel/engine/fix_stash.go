package engine

import (
	"go/ast"
	"go/token"
	"reflect"
	"strconv"
	"sync"
)

// Workaround: a generic call in a top-level :=.
//
// yaegi v0.16 crashes ("nil reflect type") on a global `x := f(...)` when
// f is generic: it cannot type the global before instantiating f. Inside
// a function the same call works. So a top-level `x := E` whose E calls a
// generic function (a user's, or a helper the rewrites introduced for min,
// max, slices and maps) runs in two steps: a function literal evaluates E
// once and stashes the value in compiled code; then `x :=
// _gnrt.Unstash().(T)` defines x with T spelled from the value's dynamic
// type.

// stash holds the value of the last stashed expression.
type stash struct {
	mu sync.Mutex
	v  any
	ok bool
}

func (s *stash) put(v any) {
	s.mu.Lock()
	s.v, s.ok = v, true
	s.mu.Unlock()
}

func (s *stash) peek() any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.v
}

func (s *stash) take() any {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := s.v
	s.v, s.ok = nil, false
	return v
}

func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"Stash": reflect.ValueOf(e.stash.put), "Unstash": reflect.ValueOf(e.stash.take)}
	})
}

// markStashes is the pass "stash": the two-step rewrite for top-level
// `x := E` statements whose E calls a generic function. The units pass
// adds the second step (unstashUnit) after the statement.
func markStashes(p *prep) {
	p.use(factStashes)
	for _, s := range p.pc.stmts.Body.List {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE {
			continue
		}
		if len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			if len(as.Rhs) > 1 && p.genericCall(as) {
				p.fail(as.Pos(), "a generic call (such as min, max or slices.Max) in a top-level := with several variables cannot be compiled by the interpreter: define one variable per statement")
			}
			continue
		}
		id, ok := as.Lhs[0].(*ast.Ident)
		if !ok || id.Name == "_" || !p.genericCall(as.Rhs[0]) {
			continue
		}
		p.stashes[s] = id
		rhs := as.Rhs[0]
		p.r.add(p.off(s.Pos()), p.off(s.End()), func(r *renderer) string {
			return "func() { " + rtName + ".Stash(" + r.render(p.off(rhs.Pos()), p.off(rhs.End())) + ") }()"
		})
	}
}

// unstashUnit builds the unit defining name from the stashed value.
func unstashUnit(p *prep, id *ast.Ident) unit {
	e := p.e
	line, col := p.pos(id.Pos())
	dir := p.r.directive(p.off(id.Pos()))
	return unit{kind: unitStmts, dyn: func() (string, *cellError) {
		v := e.stash.peek()
		t := reflect.TypeOf(v)
		spelled, ok := e.spellType(t)
		if !ok {
			return "", &cellError{line: line, col: col, msg: "cannot define " + id.Name + " from a generic call at top level (the interpreter cannot infer its type " +
				typeString(t) + "): convert the value explicitly, e.g. " + id.Name + " := T(...)"}
		}
		return ";" + dir + id.Name + " := " + rtName + ".Unstash().(" + spelled + ")", nil
	}}
}

func typeString(t reflect.Type) string {
	if t == nil {
		return "nil"
	}
	return strconv.Quote(t.String())
}

// spellType writes t as Go source valid in a cell, when it can: basic
// types, composites of them, and named types of imported packages.
func (e *Engine) spellType(t reflect.Type) (string, bool) {
	if t == nil {
		return "", false
	}
	if t.Name() != "" {
		if t.PkgPath() == "" {
			return t.Name(), true
		}
		for name, p := range e.importNames {
			if p == t.PkgPath() {
				return name + "." + t.Name(), true
			}
		}
		return "", false
	}
	switch t.Kind() {
	case reflect.Slice:
		s, ok := e.spellType(t.Elem())
		return "[]" + s, ok
	case reflect.Array:
		s, ok := e.spellType(t.Elem())
		return "[" + strconv.Itoa(t.Len()) + "]" + s, ok
	case reflect.Pointer:
		s, ok := e.spellType(t.Elem())
		return "*" + s, ok
	case reflect.Map:
		k, ok1 := e.spellType(t.Key())
		v, ok2 := e.spellType(t.Elem())
		return "map[" + k + "]" + v, ok1 && ok2
	}
	return "", false
}
