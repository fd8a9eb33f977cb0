package engine

import (
	"fmt"
	"go/ast"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// Variables for the debugger: short values and children, bounded so that a
// large value (a million-row table) is summarised, never formatted whole.

// DebugVar is a variable as a debugger shows it. Ref, when not zero, lists
// its children (Variables); Indexed and Named count them.
type DebugVar struct {
	Name, Type, Value string
	Ref               int
	Indexed, Named    int
	Scalar            bool // a boolean, number or string
}

type namedValue struct {
	name string
	v    reflect.Value
}

// varRef is what a variables reference lists: named values, or the
// children of a value.
type varRef struct {
	named []namedValue
	v     reflect.Value
	isVal bool
}

const (
	previewBudget = 120   // characters of a short value
	maxChildren   = 1000  // children listed at most for a map or struct
	maxString     = 100   // characters of a string shown in a short value
	maxKeysSorted = 10000 // a map with more keys lists them unsorted
)

// statementLines returns the sorted cell lines on which a statement
// starts (also inside function bodies), where a breakpoint can stop.
func statementLines(code string) []int {
	pc, err := splitCell(code)
	if err != nil {
		return nil
	}
	seen := map[int]bool{}
	add := func(n ast.Node) {
		l, _ := lineCol(code, pc.offset(n.Pos()))
		seen[l] = true
	}
	pc.inspect(func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt, *ast.LabeledStmt, *ast.EmptyStmt, *ast.DeclStmt:
			return true
		case *ast.CaseClause, *ast.CommClause:
			return true
		case *ast.GenDecl:
			// var x = f() at the top level runs; types and consts do not.
			return n.Tok.String() == "var"
		case *ast.ValueSpec:
			if len(n.Values) > 0 {
				add(n)
			}
			return true
		case ast.Stmt:
			add(n)
		}
		return true
	})
	out := make([]int, 0, len(seen))
	for l := range seen {
		out = append(out, l)
	}
	sort.Ints(out)
	return out
}

// sessionValues lists the session's variables (not functions, types or
// imports; the engine's temporaries left out), by name.
func (e *Engine) sessionValues() []namedValue {
	g := e.globals()
	out := make([]namedValue, 0, len(g))
	for name, v := range g {
		if strings.HasPrefix(name, "_") || !v.IsValid() {
			continue
		}
		if v.Kind() == reflect.Func && !v.CanSet() {
			continue // a function declaration
		}
		if e.isConst(name) {
			continue
		}
		out = append(out, namedValue{name, v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// isConst reports a session constant, which the variables panel leaves
// out as Go's debuggers do for package constants.
func (e *Engine) isConst(name string) bool {
	r, ok := e.decls[name]
	return ok && r.kind.String() == "const"
}

// newRefLocked registers r and returns its reference; d.mu is held.
func (d *Debugger) newRefLocked(r varRef) int {
	d.nextRef++
	d.refs[d.nextRef] = r
	return d.nextRef
}

// describeLocked returns the variable name with value v; d.mu is held.
func (d *Debugger) describeLocked(name string, v reflect.Value) DebugVar {
	dv := DebugVar{Name: name, Type: d.typeName(v), Value: d.preview(v, previewBudget)}
	base := indirectIface(v)
	switch k := base.Kind(); {
	case k == reflect.Bool || k >= reflect.Int && k <= reflect.Complex128 || k == reflect.String:
		dv.Scalar = true
	}
	switch base.Kind() {
	case reflect.Slice, reflect.Array:
		if base.Kind() == reflect.Slice && base.IsNil() {
			break
		}
		if base.Len() > 0 {
			dv.Indexed = base.Len()
			dv.Ref = d.newRefLocked(varRef{v: base, isVal: true})
		}
	case reflect.Map:
		if base.Len() > 0 {
			dv.Named = min(base.Len(), maxChildren)
			dv.Ref = d.newRefLocked(varRef{v: base, isVal: true})
		}
	case reflect.Struct:
		if base.NumField() > 0 {
			dv.Named = base.NumField()
			dv.Ref = d.newRefLocked(varRef{v: base, isVal: true})
		}
	case reflect.Pointer:
		if !base.IsNil() {
			dv.Named = 1
			dv.Ref = d.newRefLocked(varRef{v: base, isVal: true})
		}
	}
	return dv
}

// indirectIface returns the dynamic value of an interface.
func indirectIface(v reflect.Value) reflect.Value {
	for v.IsValid() && v.Kind() == reflect.Interface && !v.IsNil() {
		v = v.Elem()
	}
	return v
}

// readable returns v with the read-only flag of an unexported field
// cleared, so its value can be formatted.
func readable(v reflect.Value) reflect.Value {
	if !v.IsValid() || v.CanInterface() {
		return v
	}
	if v.CanAddr() {
		return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	return v
}

// children lists the children of reference r from start, at most count
// (0: all, bounded).
func (d *Debugger) childrenLocked(r varRef, start, count int) []DebugVar {
	if !r.isVal {
		end := len(r.named)
		if count > 0 && start+count < end {
			end = start + count
		}
		var out []DebugVar
		for i := max(start, 0); i < end; i++ {
			out = append(out, d.describeLocked(r.named[i].name, r.named[i].v))
		}
		return out
	}
	v := r.v
	var out []DebugVar
	switch v.Kind() {
	case reflect.Slice, reflect.Array:
		n := v.Len()
		end := n
		if count > 0 {
			end = min(n, start+count)
		} else {
			end = min(n, start+maxChildren)
		}
		for i := max(start, 0); i < end; i++ {
			out = append(out, d.describeLocked(strconv.Itoa(i), v.Index(i)))
		}
	case reflect.Map:
		keys := v.MapKeys()
		if len(keys) <= maxKeysSorted {
			sort.Slice(keys, func(i, j int) bool { return d.preview(keys[i], 40) < d.preview(keys[j], 40) })
		}
		end := len(keys)
		if count > 0 {
			end = min(end, start+count)
		} else {
			end = min(end, start+maxChildren)
		}
		for i := max(start, 0); i < end; i++ {
			out = append(out, d.describeLocked(d.preview(keys[i], 40), v.MapIndex(keys[i])))
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < v.NumField(); i++ {
			out = append(out, d.describeLocked(fieldName(t.Field(i)), readable(v.Field(i))))
		}
	case reflect.Pointer:
		out = append(out, d.describeLocked("*", v.Elem()))
	}
	return out
}

// fieldName is a struct field's Go name (yaegi renames a cell struct's
// unexported fields X+name; see fix_reflectfields.go).
func fieldName(f reflect.StructField) string {
	return goStructField(f).Name
}

// typeName is the Go name of v's type (a cell type's own name when the
// engine knows it).
func (d *Debugger) typeName(v reflect.Value) string {
	if !v.IsValid() {
		return "nil"
	}
	t := v.Type()
	if v.Kind() == reflect.Interface && !v.IsNil() {
		t = v.Elem().Type()
	}
	return d.typeString(t)
}

func (d *Debugger) typeString(t reflect.Type) string {
	if n, ok := d.e.fmtNames.lookup(t); ok {
		return n
	}
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + d.typeString(t.Elem())
	case reflect.Slice:
		return "[]" + d.typeString(t.Elem())
	case reflect.Array:
		return fmt.Sprintf("[%d]%s", t.Len(), d.typeString(t.Elem()))
	case reflect.Map:
		return "map[" + d.typeString(t.Key()) + "]" + d.typeString(t.Elem())
	}
	return t.String()
}

// preview formats v in at most about budget characters.
func (d *Debugger) preview(v reflect.Value, budget int) string {
	var b strings.Builder
	d.writePreview(&b, v, budget, 0)
	return b.String()
}

func (d *Debugger) writePreview(b *strings.Builder, v reflect.Value, budget, depth int) {
	if !v.IsValid() {
		b.WriteString("nil")
		return
	}
	v = readable(v)
	if b.Len() > budget {
		b.WriteString("…")
		return
	}
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		d.writePreview(b, v.Elem(), budget, depth)
	case reflect.Bool:
		b.WriteString(strconv.FormatBool(v.Bool()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if s, ok := stringerText(v); ok {
			b.WriteString(s)
			return
		}
		b.WriteString(strconv.FormatInt(v.Int(), 10))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		b.WriteString(strconv.FormatUint(v.Uint(), 10))
	case reflect.Float32:
		b.WriteString(strconv.FormatFloat(v.Float(), 'g', -1, 32))
	case reflect.Float64:
		b.WriteString(strconv.FormatFloat(v.Float(), 'g', -1, 64))
	case reflect.Complex64, reflect.Complex128:
		fmt.Fprint(b, v.Complex())
	case reflect.String:
		s := v.String()
		if utf8.RuneCountInString(s) > maxString {
			r := []rune(s)
			fmt.Fprintf(b, "%q… (len %d)", string(r[:maxString]), len(s))
			return
		}
		b.WriteString(strconv.Quote(s))
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			b.WriteString("nil")
			return
		}
		if depth > 1 {
			fmt.Fprintf(b, "%s len=%d", d.typeString(v.Type()), v.Len())
			return
		}
		if v.Kind() == reflect.Slice {
			fmt.Fprintf(b, "len=%d ", v.Len())
		}
		b.WriteString("[")
		for i := 0; i < v.Len(); i++ {
			if b.Len() > budget {
				b.WriteString(" …")
				break
			}
			if i > 0 {
				b.WriteString(" ")
			}
			d.writePreview(b, v.Index(i), budget, depth+1)
		}
		b.WriteString("]")
	case reflect.Map:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		fmt.Fprintf(b, "%s len=%d", d.typeString(v.Type()), v.Len())
	case reflect.Struct:
		if s, ok := stringerText(v); ok {
			b.WriteString(s)
			return
		}
		if depth > 1 {
			b.WriteString(d.typeString(v.Type()) + "{…}")
			return
		}
		b.WriteString("{")
		t := v.Type()
		for i := 0; i < v.NumField(); i++ {
			if b.Len() > budget {
				b.WriteString(" …")
				break
			}
			if i > 0 {
				b.WriteString(" ")
			}
			b.WriteString(fieldName(t.Field(i)) + ":")
			d.writePreview(b, v.Field(i), budget, depth+1)
		}
		b.WriteString("}")
	case reflect.Pointer:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		if depth > 0 {
			fmt.Fprintf(b, "(%s)(%#x)", d.typeString(v.Type()), v.Pointer())
			return
		}
		b.WriteString("&")
		d.writePreview(b, v.Elem(), budget, depth+1)
	case reflect.Func:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		b.WriteString(d.typeString(v.Type()))
	case reflect.Chan:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		fmt.Fprintf(b, "%s len=%d cap=%d", d.typeString(v.Type()), v.Len(), v.Cap())
	default:
		b.WriteString(d.typeString(v.Type()))
	}
}

// stringerText is the String method's text of a compiled type (time.Duration,
// big numbers), bounded; cell types' methods are not called.
func stringerText(v reflect.Value) (string, bool) {
	if !v.CanInterface() || v.Type().PkgPath() == "" {
		return "", false
	}
	if s, ok := v.Interface().(fmt.Stringer); ok {
		defer func() { recover() }()
		t := s.String()
		if len(t) > maxString {
			t = t[:maxString] + "…"
		}
		return t, true
	}
	return "", false
}
