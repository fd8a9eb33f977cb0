package engine

import (
	"go/ast"
	"go/token"
	"reflect"
	"strconv"
	"sync"
)

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

// genericCall reports whether x calls a generic function: a rewritten
// builtin or slices/maps function, or a generic function of the cell or
// the session.
func (a *analysis) genericCall(x ast.Node) bool { return a.genericCallName(x) != "" }

// genericCallName returns the name of the first generic function x calls,
// or "".
func (a *analysis) genericCallName(x ast.Node) string {
	found := false
	name := ""
	ast.Inspect(x, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		fun := c.Fun
		switch ix := fun.(type) {
		case *ast.IndexExpr:
			fun = ix.X
		case *ast.IndexListExpr:
			fun = ix.X
		}
		switch f := fun.(type) {
		case *ast.Ident:
			if a.builtin(f, "min") || a.builtin(f, "max") {
				found = true
			}
			if fd, ok := a.cellFuncs[f.Name]; ok && f.Obj == nil && fd.Type.TypeParams != nil {
				found = true
			}
			if rec, ok := a.e.decls[f.Name]; ok && f.Obj == nil && rec.generic {
				found = true
			}
			if found {
				name = f.Name
			}
		case *ast.SelectorExpr:
			if id, ok := f.X.(*ast.Ident); ok && a.isPkg(id, "slices") {
				if rw, ok := slicesRewrites[f.Sel.Name]; ok && rw[:3] == "_gn" || f.Sel.Name == "Collect" || f.Sel.Name == "Sorted" {
					found = true
					name = "slices." + f.Sel.Name
				}
			}
		}
		return !found
	})
	return name
}

// markStashes registers the two-step rewrite for top-level `x := E`
// statements whose E calls a generic function.
func (a *analysis) markStashes() {
	a.stashes = map[ast.Stmt]*ast.Ident{}
	for _, s := range a.pc.stmts.Body.List {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE {
			continue
		}
		if len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			if len(as.Rhs) > 1 && a.genericCall(as) {
				a.fail(as.Pos(), "a generic call (such as min, max or slices.Max) in a top-level := with several variables cannot be compiled by the interpreter: define one variable per statement")
			}
			continue
		}
		id, ok := as.Lhs[0].(*ast.Ident)
		if !ok || id.Name == "_" || !a.genericCall(as.Rhs[0]) {
			continue
		}
		a.stashes[s] = id
		rhs := as.Rhs[0]
		a.r.add(a.off(s.Pos()), a.off(s.End()), func(r *renderer) string {
			return "func() { " + rtName + ".Stash(" + r.render(a.off(rhs.Pos()), a.off(rhs.End())) + ") }()"
		})
	}
}

// unstashUnit builds the unit defining name from the stashed value.
func (a *analysis) unstashUnit(id *ast.Ident) unit {
	e := a.e
	line, col := a.pos(id.Pos())
	dir := a.r.directive(a.off(id.Pos()))
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

// noteInferredCalls records the calls of the session's and the cell's
// generic functions that rely on type inference: yaegi v0.16 infers some
// of them wrongly (Map(xs, func(int) string) gets U = int), and its error
// then does not mention generics.
func (a *analysis) noteInferredCalls() {
	visit := func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		id, ok := c.Fun.(*ast.Ident)
		if !ok || id.Obj != nil {
			return true
		}
		generic := false
		if fd, ok := a.cellFuncs[id.Name]; ok {
			generic = fd.Type.TypeParams != nil
		} else if rec, ok := a.e.decls[id.Name]; ok {
			generic = rec.generic
		}
		if generic {
			a.pl.inferredCalls = append(a.pl.inferredCalls, id.Name+" at "+a.posString(c.Pos()))
		}
		return true
	}
	ast.Inspect(a.pc.decls, visit)
	ast.Inspect(a.pc.stmts.Body, visit)
}
