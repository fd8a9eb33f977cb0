package engine

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"path"
	"reflect"
	"sort"
	"strings"
	"time"

	"github.com/gophernote/gophernote/kernel/cell"

	"github.com/traefik/yaegi/interp"
)

// preferredPaths resolves package names that several known packages share,
// for auto-import.
var preferredPaths = map[string]string{
	"rand":     "math/rand",
	"template": "text/template",
	"scanner":  "text/scanner",
	"pprof":    "runtime/pprof",
	"constant": "go/constant",
	"big":      "math/big",
	"heap":     "container/heap",
	"list":     "container/list",
	"json":     "encoding/json",
	"plot":     "gonum.org/v1/plot",
	"stat":     "gonum.org/v1/gonum/stat",
}

// packageNames maps each package name to one import path: the preferred
// path when listed, else the shortest (then lexically first) path.
func packageNames(syms map[string]map[string]reflect.Value) map[string]string {
	byName := map[string][]string{}
	for p := range syms {
		name := path.Base(p)
		if strings.HasPrefix(name, "v") && len(name) <= 3 && strings.Contains(p, "/") {
			name = path.Base(path.Dir(p)) // math/rand/v2 is package rand
		}
		name = strings.ReplaceAll(name, "-", "_")
		byName[name] = append(byName[name], p)
	}
	names := map[string]string{}
	for name, paths := range byName {
		if p, ok := preferredPaths[name]; ok && syms[p] != nil {
			names[name] = p
			continue
		}
		sort.Slice(paths, func(i, j int) bool {
			if len(paths[i]) != len(paths[j]) {
				return len(paths[i]) < len(paths[j])
			}
			return paths[i] < paths[j]
		})
		names[name] = paths[0]
	}
	return names
}

// pkgName returns the default name of an imported package path.
func (e *Engine) pkgName(p string) string {
	for name, q := range e.names {
		if q == p {
			return name
		}
	}
	return path.Base(p)
}

// pathForName returns the import path for an unimported package name.
func (e *Engine) pathForName(name string) (string, bool) {
	if name == rtName {
		return "", false
	}
	p, ok := e.names[name]
	return p, ok
}

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

// helperOrder returns the needed helpers not yet loaded, dependencies
// first.
func (e *Engine) helperOrder(need map[string]bool) []string {
	var out []string
	seen := map[string]bool{}
	var add func(h string)
	add = func(h string) {
		if seen[h] || e.helpersLoaded[h] {
			return
		}
		seen[h] = true
		for _, d := range helpers[h].deps {
			add(d)
		}
		out = append(out, h)
	}
	names := make([]string, 0, len(need))
	for h := range need {
		names = append(names, h)
	}
	sort.Strings(names)
	for _, h := range names {
		add(h)
	}
	return out
}

// builtinArity gives the number of results of builtin calls.
var builtinArity = map[string]int{
	"len": 1, "cap": 1, "append": 1, "complex": 1, "real": 1, "imag": 1, "new": 1, "make": 1,
	"min": 1, "max": 1, "copy": 1, "recover": 1,
	"print": 0, "println": 0, "panic": 0, "close": 0, "delete": 0, "clear": 0,
}

// arity returns how many values the expression x has: 1 for non-calls,
// the result count for calls when known, -1 when unknown.
func (a *analysis) arity(x ast.Expr) int {
	c, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return 1
	}
	switch f := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		if f.Obj != nil {
			if fd, ok := f.Obj.Decl.(*ast.FuncDecl); ok {
				return fieldCount(fd.Type.Results)
			}
			if _, ok := f.Obj.Decl.(*ast.TypeSpec); ok {
				return 1
			}
			return -1
		}
		if fd, ok := a.cellFuncs[f.Name]; ok {
			return fieldCount(fd.Type.Results)
		}
		if rec, ok := a.e.decls[f.Name]; ok && !a.stmtDefined[f.Name] {
			if rec.kind == token.FUNC {
				return rec.arity
			}
			if rec.kind == token.TYPE {
				return 1
			}
			return -1
		}
		if a.known(f.Name) {
			return -1
		}
		if n, ok := builtinArity[f.Name]; ok {
			return n
		}
		if intTypeNames[f.Name] || f.Name == "string" || f.Name == "float64" || f.Name == "float32" ||
			f.Name == "bool" || f.Name == "complex128" || f.Name == "complex64" || f.Name == "any" || f.Name == "error" {
			return 1
		}
	case *ast.SelectorExpr:
		if id, ok := f.X.(*ast.Ident); ok && id.Obj == nil {
			if p, ok := a.pkgPath(id.Name); ok {
				v := a.e.symbol(p, f.Sel.Name)
				if !v.IsValid() {
					return -1
				}
				if v.Kind() == reflect.Func {
					return v.Type().NumOut()
				}
				return 1 // conversion to a package type
			}
		}
		// A method of a compiled type the engine can see.
		if ft := a.funcType(f); ft != nil {
			return ft.NumOut()
		}
		// A method: use the session's methods of that name when they agree.
		n := -1
		for k, rec := range a.e.decls {
			if rec.kind == token.FUNC && strings.HasSuffix(k, "."+f.Sel.Name) {
				if n >= 0 && n != rec.arity {
					return -1
				}
				n = rec.arity
			}
		}
		return n
	case *ast.FuncLit:
		return fieldCount(f.Type.Results)
	case *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.StarExpr, *ast.InterfaceType, *ast.StructType:
		return 1
	}
	return -1
}

// interrupted is the error of a cancelled cell.
func interrupted() *cell.Error {
	return &cell.Error{Name: "Interrupted", Value: "the cell was interrupted", Traceback: []string{"Interrupted: the cell was interrupted"}}
}

// internalError reports a crash of the engine or interpreter itself.
func internalError(r any) *cell.Error {
	v := fmt.Sprintf("the interpreter crashed: %v", r)
	return &cell.Error{Name: "InternalError", Value: v, Traceback: []string{"InternalError: " + v}}
}

// runError converts an Eval error of unit u into the cell's Error.
func (e *Engine) runError(err error, ctx context.Context, pl *plan, u unit) *cell.Error {
	if ctx.Err() != nil {
		drain(250 * time.Millisecond)
		e.out.takePanics()
		return stopError(ctx)
	}
	var p interp.Panic
	if errors.As(err, &p) {
		return e.panicError(p.Value, pl)
	}
	ce := mapPosition(err.Error(), e.cellN)
	if ce.msg == "constant definition loop" || ce.line == 0 {
		if d := pl.diagnose(); d != nil {
			return d.toError()
		}
	}
	if u.kind == unitHelper {
		ce.msg = "internal helper failed: " + ce.msg
	}
	if len(pl.untypedIndex) > 0 && strings.Contains(ce.msg, "definition loop") {
		return untypedIndexError(pl, ce.msg)
	}
	if len(pl.inferredCalls) > 0 && (strings.Contains(ce.msg, "cannot use") || strings.Contains(ce.msg, "mismatch")) {
		ce.msg += " (the interpreter may have inferred the type arguments of a generic call wrongly: " +
			strings.Join(pl.inferredCalls, ", ") + "; give them explicitly, e.g. F[int, string](...))"
	}
	return ce.toError()
}

// panicError builds the "Panic" error, or a CompileError naming the
// construct when yaegi crashed while compiling.
func (e *Engine) panicError(v any, pl *plan) *cell.Error {
	frames := e.out.takePanics()
	if len(frames) == 0 {
		// No interpreted frame unwound: the interpreter itself crashed,
		// which in yaegi v0.16 means a construct it cannot compile.
		if d := pl.diagnose(); d != nil {
			return d.toError()
		}
		msg := fmt.Sprintf("the interpreter crashed compiling this cell (%v)", v)
		if len(pl.untypedIndex) > 0 && strings.Contains(fmt.Sprint(v), "nil") {
			return untypedIndexError(pl, fmt.Sprint(v))
		}
		if len(pl.rangeUnknown) > 0 {
			msg = fmt.Sprintf("cannot compile the range loop at %s (%v): ranging over an integer whose type the engine could not see, or over a function, is not supported; write for i := 0; i < n; i++", strings.Join(pl.rangeUnknown, ", "), v)
		}
		ce := &cellError{msg: msg}
		return ce.toError()
	}
	first := mapPosition(frames[0], e.cellN)
	if l, c := e.stmtAt(); l > 0 && (first.line == 0 || strings.HasSuffix(first.msg, " main(...)")) {
		// The panic unwound straight out of a top-level statement, whose
		// position yaegi does not track: use the statement's.
		first = &cellError{line: l, col: c, msg: "panic: main(...)"}
		frames[0] = fmt.Sprintf("%s:%d:%d: panic: main(...)", cellFile(e.cellN), l, c)
	}
	val := fmt.Sprintf("%v", v)
	if first.line > 0 {
		val += " [at " + strings.TrimSuffix(first.where(), ": ") + "]"
	}
	tb := []string{"panic: " + fmt.Sprintf("%v", v)}
	for _, f := range frames {
		ce := mapPosition(f, e.cellN)
		if ce.line > 0 {
			tb = append(tb, "    "+frameLine(ce))
		}
	}
	return &cell.Error{Name: "Panic", Value: val, Traceback: tb}
}

// frameLine renders one interpreted frame of a panic: "at 3:5 in main.f".
func frameLine(ce *cellError) string {
	fn := strings.TrimSuffix(strings.TrimPrefix(ce.msg, "panic: "), "(...)")
	return "at " + strings.TrimSuffix(ce.where(), ": ") + " in " + fn
}
