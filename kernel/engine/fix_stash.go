package engine

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// Workaround: a generic call in a top-level :=.
//
// yaegi v0.16 crashes ("nil reflect type") on a global `x := f(...)` when
// f is generic: it cannot type the global before instantiating f. Inside
// a function the same call works. A user's generic functions never reach
// yaegi (they are specialized, fix_mono.go), but the helpers the rewrites
// introduce for min, max, slices and maps are generic: a top-level `x :=
// E` whose E calls one runs in two steps: a function literal evaluates E
// once and stashes the value in compiled code; then `x :=
// _gnrt.Unstash().(T)` defines x with T spelled from the value's dynamic
// type.

// stash holds the values of the last stashed statement.
type stash struct {
	mu sync.Mutex
	vs []any
}

func (s *stash) put(vs ...any) {
	s.mu.Lock()
	s.vs = vs
	s.mu.Unlock()
}

func (s *stash) peek(i int) any {
	s.mu.Lock()
	defer s.mu.Unlock()
	if i < len(s.vs) {
		return s.vs[i]
	}
	return nil
}

func (s *stash) take(i int) any {
	s.mu.Lock()
	defer s.mu.Unlock()
	if i >= len(s.vs) {
		return nil
	}
	return s.vs[i]
}

func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"Stash": reflect.ValueOf(e.stash.put), "Unstash": reflect.ValueOf(e.stash.take)}
	})
}

// markStashes is the pass "stash": the two-step rewrite for top-level
// `x, y := E...` statements whose values call a generic function. The
// units pass adds the second step (unstashUnit) after the statement.
func markStashes(p *prep) {
	p.use(factStashes)
	for _, s := range p.pc.stmts.Body.List {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || !p.genericCall(as) && !globalCompileTrap(as) {
			continue
		}
		var ids []*ast.Ident
		var tmps, kept []string
		for _, l := range as.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok {
				return
			}
			if id.Name == "_" {
				tmps = append(tmps, "_")
				continue
			}
			t := p.r.fresh("s")
			tmps = append(tmps, t)
			kept = append(kept, t)
			ids = append(ids, id)
		}
		if len(ids) == 0 {
			continue
		}
		p.stashes[s] = ids
		rhs := as.Rhs
		p.r.add(p.off(s.Pos()), p.off(s.End()), func(r *renderer) string {
			return "func() { " + strings.Join(tmps, ", ") + " := " + r.render(p.off(rhs[0].Pos()), p.off(rhs[len(rhs)-1].End())) +
				"; " + rtName + ".Stash(" + strings.Join(kept, ", ") + ") }()"
		})
	}
}

// unstashUnit builds the unit defining the variables ids from the
// stashed values: with the types go/types gave them when the engine can
// name those, else with the values' dynamic types.
func unstashUnit(p *prep, ids []*ast.Ident) unit {
	e := p.e
	ct := p.cellTypes()
	static := make([]string, len(ids))
	iface := make([]bool, len(ids))
	for i, id := range ids {
		if obj := ct.info.Defs[id]; obj != nil {
			if s, ok := p.spellGoType(obj.Type()); ok {
				static[i] = s
				_, iface[i] = obj.Type().Underlying().(*types.Interface)
			}
		}
	}
	type pos struct{ line, col int }
	at := make([]pos, len(ids))
	dirs := make([]string, len(ids))
	for i, id := range ids {
		at[i].line, at[i].col = p.pos(id.Pos())
		dirs[i] = p.r.directive(p.off(id.Pos()))
	}
	return unit{kind: unitStmts, dyn: func() (string, *cellError) {
		var b strings.Builder
		b.WriteString(";")
		for i, id := range ids {
			t := static[i]
			if t == "" {
				dt := reflect.TypeOf(e.stash.peek(i))
				var ok bool
				if t, ok = e.spellType(dt); !ok {
					return "", &cellError{line: at[i].line, col: at[i].col, msg: "cannot define " + id.Name + " from a generic call at top level (the interpreter cannot infer its type " +
						typeString(dt) + "): convert the value explicitly, e.g. " + id.Name + " := T(...)"}
				}
			}
			get := rtName + ".Unstash(" + strconv.Itoa(i) + ")"
			if iface[i] {
				// A nil interface value cannot be asserted.
				fmt.Fprintf(&b, "\nvar %s%s %s; func() { if _gnu := %s; _gnu != nil { %s = _gnu.(%s) } }()", dirs[i], id.Name, t, get, id.Name, t)
				continue
			}
			fmt.Fprintf(&b, "\n%s%s := %s.(%s)", dirs[i], id.Name, get, t)
		}
		return b.String(), nil
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
