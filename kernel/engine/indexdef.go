package engine

import (
	"go/ast"
	"go/token"
	"reflect"
	"strconv"
	"strings"

	"github.com/gophernote/gophernote/kernel/cell"
)

// yaegi v0.16 types a package-level `x := E` (and `var x = E`) before
// compiling it, and its typer knows the index of a slice, array or map
// only when the container has an interpreted type. The index of a
// compiled container (a field of a compiled struct, a result of a
// compiled function, a variable defined from those) has no type there:
// the define is retried until yaegi gives up with "constant definition
// loop", and a selector or operator on it (s[i].F, &s[i], s[i]*2) crashes
// with a nil pointer. Inside a function the same code compiles. So when
// such a define's value reads an index of a compiled container, the
// engine spells the value's type T and defines x from the conversion
// (T)(E), which yaegi types from T; the comma-ok form v, ok := m[k] runs
// in a function literal with typed results.

// markIndexDefines registers the typed rewrite for the top-level :=
// statements and untyped var declarations that need it.
func (a *analysis) markIndexDefines() {
	for _, s := range a.pc.stmts.Body.List {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || a.stashes[s] != nil {
			continue
		}
		a.typeValues(as.Lhs, as.Rhs)
	}
	for _, d := range a.pc.decls.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, sp := range g.Specs {
			if vs, ok := sp.(*ast.ValueSpec); ok && vs.Type == nil {
				lhs := make([]ast.Expr, len(vs.Names))
				for i, n := range vs.Names {
					lhs[i] = n
				}
				a.typeValues(lhs, vs.Values)
			}
		}
	}
}

// typeValues rewrites the values of one define whose types yaegi cannot
// infer at package level.
func (a *analysis) typeValues(lhs, rhs []ast.Expr) {
	if len(rhs) == 1 && len(lhs) == 2 {
		ix, ok := unparen(rhs[0]).(*ast.IndexExpr)
		if !ok || !a.compiledIndex(rhs[0]) {
			return
		}
		ct := a.compiledType(ix.X)
		if ct == nil || ct.Kind() != reflect.Map {
			return
		}
		name, ok := a.spellValueType(ct.Elem())
		if !ok {
			a.untyped(lhs[0], ct.Elem())
			return
		}
		x := rhs[0]
		v, okName := a.r.fresh("v"), a.r.fresh("ok")
		a.r.add(a.off(x.Pos()), a.off(x.End()), func(r *renderer) string {
			return "func() (" + v + " " + name + ", " + okName + " bool) { " + v + ", " + okName + " = " +
				r.render(a.off(x.Pos()), a.off(x.End())) + "; return }()"
		})
		return
	}
	if len(rhs) != len(lhs) {
		return
	}
	for i, x := range rhs {
		if !a.compiledIndex(x) {
			continue
		}
		t := a.compiledType(x)
		name, ok := a.spellValueType(t)
		if !ok {
			a.untyped(lhs[i], t)
			continue
		}
		a.r.add(a.off(x.Pos()), a.off(x.End()), func(r *renderer) string {
			return "(" + name + ")(" + r.render(a.off(x.Pos()), a.off(x.End())) + ")"
		})
	}
}

// untyped records a define the engine could not type, for the message if
// yaegi fails on it: yaegi can still compile it when the container has
// an interpreted type after all.
func (a *analysis) untyped(lhs ast.Expr, t reflect.Type) {
	if len(a.pl.untypedIndex) == 0 {
		a.pl.untypedAt[0], a.pl.untypedAt[1] = a.pos(lhs.Pos())
	}
	msg := a.text(lhs) + " at " + a.posString(lhs.Pos())
	if t != nil {
		msg += " (type " + t.String()
		if p := a.unimported(t); p != "" {
			msg += ": import " + strconv.Quote(p) + " so that the engine can name it"
		}
		msg += ")"
	}
	a.pl.untypedIndex = append(a.pl.untypedIndex, msg)
}

// unimported returns the path of a package that t names an exported type
// of and that neither the session nor the cell imports, or "".
func (a *analysis) unimported(t reflect.Type) string {
	for t.Name() == "" && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Pointer || t.Kind() == reflect.Map) {
		if t.Kind() == reflect.Map {
			if p := a.unimported(t.Key()); p != "" {
				return p
			}
		}
		t = t.Elem()
	}
	if t.PkgPath() == "" || !ast.IsExported(t.Name()) {
		return ""
	}
	if _, ok := a.spellCellType(t); ok {
		return ""
	}
	return t.PkgPath()
}

// untypedIndexError is the cell's error when yaegi failed on a define
// the engine could not type.
func untypedIndexError(pl *plan, cause string) *cell.Error {
	ce := &cellError{line: pl.untypedAt[0], col: pl.untypedAt[1], msg: "cannot define " + strings.Join(pl.untypedIndex, ", ") +
		" at top level from an index of a compiled value: the interpreter cannot infer the type there (" + cause +
		"); declare the variable with its type and assign it (var x T; x = ...), or use the value inside a function"}
	return ce.toError()
}

// compiledType is exprType restricted to the types yaegi certainly sees
// as compiled: those of package members, compiled functions and methods,
// fields and elements of compiled values, and variables defined from
// those. The runtime type of a session variable is not enough: a value of
// an interpreted named type (type Celsius float64) has the reflect type
// of its underlying type, and converting to that would drop its methods.
func (a *analysis) compiledType(x ast.Expr) reflect.Type {
	old := a.strictTypes
	a.strictTypes = true
	defer func() { a.strictTypes = old }()
	return a.exprType(x)
}

// compiledVar returns the compiled type recorded for session variable
// name, when its current value still has it.
func (e *Engine) compiledVar(name string) reflect.Type {
	t := e.compiledVars[name]
	if t == nil {
		return nil
	}
	v, ok := e.global(name)
	if !ok || v.Type() != t && !(t.Kind() == reflect.Interface && v.Type().Implements(t)) {
		return nil
	}
	return t
}

// recordCompiledVars returns the compiled types of the variables that
// the top-level := statements ss define, nil for those of other types.
func (a *analysis) recordCompiledVars(ss []ast.Stmt) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for _, s := range ss {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE {
			continue
		}
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
				out[id.Name] = a.compiledType(id)
			}
		}
	}
	return out
}

// declCompiledVars is recordCompiledVars for declarations: the compiled
// types of package-level variables, nil for other declared names.
func (a *analysis) declCompiledVars(ds []ast.Decl) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for _, d := range ds {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				out[d.Name.Name] = nil
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					out[s.Name.Name] = nil
				case *ast.ValueSpec:
					for i, n := range s.Names {
						switch {
						case d.Tok != token.VAR:
							out[n.Name] = nil
						case s.Type != nil:
							out[n.Name] = a.typeExprType(s.Type)
						case len(s.Values) == len(s.Names):
							out[n.Name] = a.compiledType(s.Values[i])
						default:
							out[n.Name] = nil
						}
					}
				}
			}
		}
	}
	return out
}

// setCompiledVars records the types that recordCompiledVars or
// declCompiledVars found.
func (e *Engine) setCompiledVars(m map[string]reflect.Type) {
	for n, t := range m {
		if t == nil {
			delete(e.compiledVars, n)
		} else {
			e.compiledVars[n] = t
		}
	}
}

// compiledIndex reports whether x, outside function literals, indexes a
// container of compiled type.
func (a *analysis) compiledIndex(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IndexExpr:
			if t := a.compiledType(n.X); t != nil && indexable(t) {
				found = true
			}
		}
		return !found
	})
	return found
}

// indexable reports whether a value of type t can be indexed.
func indexable(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map, reflect.String:
		return true
	case reflect.Pointer:
		return t.Elem().Kind() == reflect.Array
	}
	return false
}

func unparen(x ast.Expr) ast.Expr {
	for {
		p, ok := x.(*ast.ParenExpr)
		if !ok {
			return x
		}
		x = p.X
	}
}

// indexType is exprType for x[i]: the element type of a compiled
// container.
func indexType(t reflect.Type) reflect.Type {
	if t == nil {
		return nil
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		return t.Elem()
	case reflect.String:
		return reflect.TypeFor[byte]()
	case reflect.Pointer:
		if t.Elem().Kind() == reflect.Array {
			return t.Elem().Elem()
		}
	}
	return nil
}

// sliceType is exprType for x[i:j].
func sliceType(t reflect.Type) reflect.Type {
	if t == nil {
		return nil
	}
	switch t.Kind() {
	case reflect.Slice, reflect.String:
		return t
	case reflect.Array:
		return reflect.SliceOf(t.Elem())
	case reflect.Pointer:
		if t.Elem().Kind() == reflect.Array {
			return reflect.SliceOf(t.Elem().Elem())
		}
	}
	return nil
}

// spellValueType spells t for this cell: predeclared and exported named
// types of imported packages, and pointers, slices, arrays, maps and
// channels of them.
func (a *analysis) spellValueType(t reflect.Type) (string, bool) {
	if t == nil {
		return "", false
	}
	if t.Name() != "" {
		if t.PkgPath() != "" && !ast.IsExported(t.Name()) {
			return "", false
		}
		if t.PkgPath() == "" && a.shadowed(t.Name()) {
			return "", false
		}
		return a.spellCellType(t)
	}
	elem := func(prefix string) (string, bool) {
		s, ok := a.spellValueType(t.Elem())
		return prefix + s, ok
	}
	switch t.Kind() {
	case reflect.Slice:
		return elem("[]")
	case reflect.Array:
		return elem("[" + strconv.Itoa(t.Len()) + "]")
	case reflect.Pointer:
		return elem("*")
	case reflect.Map:
		k, ok := a.spellValueType(t.Key())
		if !ok {
			return "", false
		}
		return elem("map[" + k + "]")
	case reflect.Chan:
		switch t.ChanDir() {
		case reflect.RecvDir:
			return elem("<-chan ")
		case reflect.SendDir:
			return elem("chan<- ")
		}
		return elem("chan ")
	case reflect.Interface:
		if t.NumMethod() == 0 {
			return "any", !a.shadowed("any")
		}
	case reflect.Func:
		list := func(ts []reflect.Type, variadic bool) (string, bool) {
			parts := make([]string, len(ts))
			for i, p := range ts {
				s, ok := a.spellValueType(p)
				if !ok {
					return "", false
				}
				if variadic && i == len(ts)-1 {
					s = "..." + strings.TrimPrefix(s, "[]")
				}
				parts[i] = s
			}
			return strings.Join(parts, ", "), true
		}
		var ins, outs []reflect.Type
		for i := range t.NumIn() {
			ins = append(ins, t.In(i))
		}
		for i := range t.NumOut() {
			outs = append(outs, t.Out(i))
		}
		in, ok1 := list(ins, t.IsVariadic())
		out, ok2 := list(outs, false)
		return "func(" + in + ") (" + out + ")", ok1 && ok2
	}
	return "", false
}
