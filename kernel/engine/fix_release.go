package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"
	"unsafe"
)

// Workaround: values a cell's top level computed stay referenced.
//
// yaegi runs a cell's top-level code in its global frame, and every node
// that produces a value there (a call's result, a conversion, an
// operand) gets a slot of the global frame of its own (interp/cfg.go:
// n.findex = sc.add(...)) that is never freed: the make([]byte, 1<<20) of
// a cell stays referenced by the slot of the call's result for the life
// of the session. The nodes that filled those slots never run again
// (top-level code runs once; function bodies, including the literals
// compound statements run in, have frames of their own), but a slot may
// still be read: a method value or an interface holding a value of a
// cell type with methods reads its receiver from the slot it was in when
// the method is called (interp/run.go, genFunctionWrapper). So after each
// unit of statements or declarations the engine empties the global
// frame's slots that unit's code added which hold plain data — strings,
// and slices, arrays and maps of basic types, nested — except those
// whose shape is that of a cell type with methods (type Vec []float64
// with a method is a []float64 to reflect). Slots of other kinds
// (interfaces, pointers, functions, structs) stay. The frame is reached
// through reflection on yaegi's unexported fields (globalFrame); if
// yaegi's layout changes, the release turns itself off and
// TestReleaseTemporaries fails.
//
// Also, yaegi gives every definition of a global a new slot of the
// interpreter's global frame (interp/gta.go and cfg.go call scope.add for
// each var spec and top-level :=) and never frees the old one: a cell
// re-running buf := make([]byte, 1<<20) kept every megabyte it ever
// allocated (200 runs: +200 MB after a garbage collection). The old slot
// is unreachable by name, but code compiled while it was current still
// reads it: the functions and methods of earlier cells (yaegi binds names
// when it compiles), function literals, go and defer statements, and
// pointers into it (&x, a method call on x or on a field of x, a slice of
// an array x). So after a unit of a cell runs, every global whose slot it
// replaced has its old slot set to the zero value — unless code that may
// still read that slot was compiled: a name used in a function body, a
// function literal, a go or defer statement, under &, as the root of a
// called selector or of a slice expression, in any cell since the slot
// was made (conservatively, by name). The old value is then free for the
// garbage collector; nothing that can read the slot sees a change.

// retainedNames returns the names a cell's code uses in a way that may
// keep reading the slot they name after a later redefinition.
func retainedNames(pc *parsedCell) map[string]bool {
	names := map[string]bool{}
	all := func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				names[id.Name] = true
			}
			return true
		})
	}
	// root is the identifier an expression's value lives in, if any.
	var root func(x ast.Expr) *ast.Ident
	root = func(x ast.Expr) *ast.Ident {
		switch x := x.(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			return root(x.X)
		case *ast.IndexExpr:
			return root(x.X)
		case *ast.ParenExpr:
			return root(x.X)
		case *ast.StarExpr:
			return root(x.X)
		}
		return nil
	}
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			all(n)
			return false
		case *ast.FuncLit:
			all(n)
			return false
		case *ast.GoStmt:
			all(n)
			return false
		case *ast.DeferStmt:
			all(n)
			return false
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if id := root(n.X); id != nil {
					names[id.Name] = true
				}
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
				if id := root(sel.X); id != nil {
					names[id.Name] = true
				}
			}
		case *ast.SliceExpr:
			if id := root(n.X); id != nil {
				names[id.Name] = true
			}
		}
		return true
	}
	if pc.decls != nil {
		ast.Inspect(pc.decls, visit)
	}
	if pc.stmts != nil {
		ast.Inspect(pc.stmts.Body, visit)
	}
	return names
}

// globalFrame returns the interpreter's global frame data (yaegi's
// Interpreter.frame.data) as a settable value, or an invalid value when
// the layout is not the one this code knows.
func (e *Engine) globalFrame() reflect.Value {
	iv := reflect.ValueOf(e.in)
	if iv.Kind() != reflect.Pointer || iv.Elem().Kind() != reflect.Struct {
		return reflect.Value{}
	}
	fv := iv.Elem().FieldByName("frame")
	if !fv.IsValid() || fv.Kind() != reflect.Pointer || fv.IsNil() || fv.Elem().Kind() != reflect.Struct {
		return reflect.Value{}
	}
	fr := reflect.NewAt(fv.Elem().Type(), unsafe.Pointer(fv.Pointer())).Elem()
	dv := fr.FieldByName("data")
	if !dv.IsValid() || dv.Type() != reflect.TypeFor[[]reflect.Value]() {
		return reflect.Value{}
	}
	return reflect.NewAt(dv.Type(), unsafe.Pointer(dv.UnsafeAddr())).Elem()
}

// frameLen is the number of slots of the global frame, or -1.
func (e *Engine) frameLen() int {
	d := e.globalFrame()
	if !d.IsValid() {
		return -1
	}
	return d.Len()
}

// releaseTemporaries empties the global frame's slots from index from on
// that hold no variable (see above).
func (e *Engine) releaseTemporaries(from int) {
	if from < 0 {
		return
	}
	d := e.globalFrame()
	if !d.IsValid() || d.Len() <= from {
		return
	}
	data := d.Interface().([]reflect.Value)
	vars := map[uintptr]bool{}
	for _, v := range e.globals() {
		if v.IsValid() && v.CanAddr() {
			vars[v.UnsafeAddr()] = true
		}
	}
	var methods map[string]bool
	for i := from; i < len(data); i++ {
		v := data[i]
		if !v.IsValid() || !v.CanAddr() || v.Type().Size() == 0 || vars[v.UnsafeAddr()] {
			continue
		}
		shape, plain := plainShape(v.Type())
		if !plain || shape == "" {
			continue
		}
		if methods == nil {
			methods = e.methodShapes()
		}
		if methods[shape] {
			continue
		}
		// An invalid value: a fresh zero one would allocate again (a
		// large array temporary as large), and nothing reads the slot.
		data[i] = reflect.Value{}
	}
}

// plainShape returns a canonical text of t when its values hold plain
// data only: strings, numbers and booleans, and slices, arrays and maps
// of them.
func plainShape(t reflect.Type) (string, bool) {
	switch t.Kind() {
	case reflect.Slice:
		s, ok := plainShape(t.Elem())
		return "[]" + s, ok
	case reflect.Array:
		s, ok := plainShape(t.Elem())
		return "[" + strconv.Itoa(t.Len()) + "]" + s, ok
	case reflect.Map:
		k, ok1 := plainShape(t.Key())
		v, ok2 := plainShape(t.Elem())
		return "map[" + k + "]" + v, ok1 && ok2
	case reflect.String, reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return t.Kind().String(), true
	}
	return "", false
}

// typesShape is plainShape for a go/types type.
func typesShape(t types.Type) (string, bool) { return typesShapeAt(t, 0) }

// typesShapeAt is typesShape at a depth: a recursive type (type T []T,
// fix_recursivetypes.go) has no shape.
func typesShapeAt(t types.Type, depth int) (string, bool) {
	if depth > 32 {
		return "", false
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		s, ok := typesShapeAt(u.Elem(), depth+1)
		return "[]" + s, ok
	case *types.Array:
		s, ok := typesShapeAt(u.Elem(), depth+1)
		return "[" + strconv.FormatInt(u.Len(), 10) + "]" + s, ok
	case *types.Map:
		k, ok1 := typesShapeAt(u.Key(), depth+1)
		v, ok2 := typesShapeAt(u.Elem(), depth+1)
		return "map[" + k + "]" + v, ok1 && ok2
	case *types.Basic:
		if k, ok := basicKinds[u.Kind()]; ok {
			return k.String(), true
		}
	}
	return "", false
}

var basicKinds = map[types.BasicKind]reflect.Kind{
	types.Bool: reflect.Bool, types.Int: reflect.Int, types.Int8: reflect.Int8, types.Int16: reflect.Int16,
	types.Int32: reflect.Int32, types.Int64: reflect.Int64, types.Uint: reflect.Uint, types.Uint8: reflect.Uint8,
	types.Uint16: reflect.Uint16, types.Uint32: reflect.Uint32, types.Uint64: reflect.Uint64,
	types.Uintptr: reflect.Uintptr, types.Float32: reflect.Float32, types.Float64: reflect.Float64,
	types.Complex64: reflect.Complex64, types.Complex128: reflect.Complex128, types.String: reflect.String,
}

// methodShapes returns the shapes of the session's types that have
// methods and whose values are plain data to reflect.
func (e *Engine) methodShapes() map[string]bool {
	out := map[string]bool{}
	if e.types == nil {
		return out
	}
	for _, obj := range e.types.objects {
		tn, ok := obj.(*types.TypeName)
		if !ok {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || types.NewMethodSet(types.NewPointer(named)).Len() == 0 {
			continue
		}
		if s, ok := typesShape(named.Underlying()); ok {
			out[s] = true
		}
	}
	return out
}

// slots returns the addressable global slots of the session's variables
// (not the engine's own _gn names).
func (e *Engine) slots() map[string]reflect.Value {
	out := map[string]reflect.Value{}
	for name, v := range e.globals() {
		if strings.HasPrefix(name, "_gn") || !v.IsValid() || !v.CanAddr() || !v.CanSet() {
			continue
		}
		out[name] = v
	}
	return out
}

// releaseReplaced zeroes the slots of before that a unit replaced, when
// no compiled code may read them (see above).
func (e *Engine) releaseReplaced(before map[string]reflect.Value) {
	if len(before) == 0 {
		return
	}
	now := e.slots()
	for name, old := range before {
		cur, ok := now[name]
		if !ok || cur.UnsafeAddr() == old.UnsafeAddr() {
			continue
		}
		if !e.retained[name] {
			old.Set(reflect.Zero(old.Type()))
		}
		// The new slot is read only by what this cell compiles from now
		// on; the cell's own uses were marked before it ran.
		if !e.cellRetains[name] {
			delete(e.retained, name)
		}
	}
}
