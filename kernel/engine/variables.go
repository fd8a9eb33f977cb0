package engine

import (
	"fmt"
	"go/constant"
	"go/token"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gophernote/gophernote/kernel/cell"
)

// Variable is one session variable or constant (see cell.Variable).
type Variable = cell.Variable

// shortValueWidth is the length Variables cuts values to, in runes.
const shortValueWidth = 60

// Variables lists the session's variables and constants (those cells
// defined with var, const or a top-level :=), sorted by name, each with
// its type and a one-line summary of its value; the engine's own names
// (_gn...) are left out. It never formats a large value whole: a slice,
// map or string is summarised from its first elements (ShortValue).
//
// While a cell runs the values are changing: Variables then returns
// ok=false at once, without waiting for the cell.
func (e *Engine) Variables() (vars []Variable, ok bool) {
	if !e.mu.TryLock() {
		return nil, false
	}
	defer e.mu.Unlock()
	kinds := map[string]string{}
	for name, rec := range e.decls {
		switch {
		case strings.Contains(name, "."):
		case rec.kind == token.VAR:
			kinds[name] = "var"
		case rec.kind == token.CONST:
			kinds[name] = "const"
		}
	}
	for name := range e.stmtVars {
		if _, ok := kinds[name]; !ok {
			kinds[name] = "var"
		}
	}
	globals := e.globals()
	for name, kind := range kinds {
		if name == "_" || strings.HasPrefix(name, "_gn") {
			continue
		}
		v, found := globals[name]
		if !found || !v.IsValid() {
			continue // declared by a cell that failed before defining it
		}
		typ := e.typeString(name, v)
		if c, ok := constValue(v); ok && e.varTypes[name] == "" {
			typ = untypedName(c)
		}
		vars = append(vars, Variable{
			Name:  name,
			Kind:  kind,
			Type:  typ,
			Value: ShortValue(v, shortValueWidth),
			Len:   valueLen(v),
		})
	}
	sort.Slice(vars, func(i, j int) bool { return vars[i].Name < vars[j].Name })
	return vars, true
}

// constValue returns the constant an untyped constant's global holds.
func constValue(v reflect.Value) (constant.Value, bool) {
	if !v.IsValid() || !v.CanInterface() {
		return nil, false
	}
	c, ok := v.Interface().(constant.Value)
	return c, ok
}

// untypedName is the Go type of an untyped constant ("untyped int").
func untypedName(c constant.Value) string {
	switch c.Kind() {
	case constant.Bool:
		return "untyped bool"
	case constant.String:
		return "untyped string"
	case constant.Int:
		return "untyped int"
	case constant.Float:
		return "untyped float"
	case constant.Complex:
		return "untyped complex"
	}
	return "untyped constant"
}

// valueLen is len(v) for the kinds that have one, else -1.
func valueLen(v reflect.Value) int {
	for v.Kind() == reflect.Interface && !v.IsNil() {
		v = v.Elem()
	}
	switch v.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map, reflect.String, reflect.Chan:
		return v.Len()
	case reflect.Pointer:
		if !v.IsNil() && v.Elem().Kind() == reflect.Array {
			return v.Elem().Len()
		}
	}
	return -1
}

// ShortValue formats v the way fmt's %v does, except that strings are
// quoted (%q) and the text stops after about width runes with "…": it
// visits only the elements it prints, so a slice of a million rows costs
// what its first few cost. String and Error methods of compiled types are
// called (their text cut to its first line); methods of types declared by
// cells are not (their fields show, as a debugger shows them). The result
// never holds a newline.
func ShortValue(v reflect.Value, width int) string {
	if width < 8 {
		width = 8
	}
	p := &shortPrinter{budget: width}
	p.value(v, 0)
	s := p.b.String()
	if p.cut {
		s = strings.TrimRight(s, " ") + "…"
	}
	return s
}

// shortPrinter writes a value until its budget of runes is spent.
type shortPrinter struct {
	b      strings.Builder
	budget int // runes left
	cut    bool
}

func (p *shortPrinter) full() bool { return p.budget <= 0 }

// write appends s, cutting it where the budget ends.
func (p *shortPrinter) write(s string) {
	if p.full() {
		p.cut = true
		return
	}
	n := utf8.RuneCountInString(s)
	if n <= p.budget {
		p.b.WriteString(s)
		p.budget -= n
		return
	}
	i := 0
	for k := 0; k < p.budget; k++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	p.b.WriteString(s[:i])
	p.budget = 0
	p.cut = true
}

var (
	stringerType = reflect.TypeFor[fmt.Stringer]()
)

// maxShortDepth bounds the nesting ShortValue descends into.
const maxShortDepth = 5

func (p *shortPrinter) value(v reflect.Value, depth int) {
	if p.full() {
		p.cut = true
		return
	}
	if !v.IsValid() {
		p.write("<nil>")
		return
	}
	if depth > maxShortDepth {
		p.write("…")
		return
	}
	if s, ok := shortMethodText(v); ok {
		p.write(s)
		return
	}
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			p.write("<nil>")
			return
		}
		p.value(v.Elem(), depth)
	case reflect.String:
		s := v.String()
		if n := 4*p.budget + 8; len(s) > n {
			// enough for the budget (quoting never shortens), cut at a rune
			for n > 0 && !utf8.RuneStart(s[n]) {
				n--
			}
			s = s[:n]
		}
		q := strconv.Quote(s)
		if len(s) < v.Len() {
			q = strings.TrimSuffix(q, `"`)
			p.write(q)
			p.cut = true
			return
		}
		p.write(q)
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		p.write(fmt.Sprint(valueInterface(v)))
	case reflect.Pointer:
		if v.IsNil() {
			p.write("<nil>")
			return
		}
		switch v.Elem().Kind() {
		case reflect.Struct, reflect.Array, reflect.Slice, reflect.Map:
			if depth == 0 {
				p.write("&")
				p.value(v.Elem(), depth+1)
				return
			}
		}
		p.write(fmt.Sprintf("%#x", v.Pointer()))
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			p.write("[]")
			return
		}
		p.write("[")
		for i := 0; i < v.Len(); i++ {
			if p.full() {
				p.cut = true
				break
			}
			if i > 0 {
				p.write(" ")
			}
			p.value(v.Index(i), depth+1)
		}
		p.write("]")
	case reflect.Map:
		if v.IsNil() {
			p.write("map[]")
			return
		}
		p.write("map[")
		for i, k := range mapKeys(v) {
			if p.full() {
				p.cut = true
				break
			}
			if i > 0 {
				p.write(" ")
			}
			p.value(k, depth+1)
			p.write(":")
			p.value(v.MapIndex(k), depth+1)
		}
		p.write("]")
	case reflect.Struct:
		p.write("{")
		for i := 0; i < v.NumField(); i++ {
			if p.full() {
				p.cut = true
				break
			}
			if i > 0 {
				p.write(" ")
			}
			p.value(v.Field(i), depth+1)
		}
		p.write("}")
	case reflect.Func:
		if v.IsNil() {
			p.write("<nil>")
			return
		}
		p.write(v.Type().String())
	case reflect.Chan:
		if v.IsNil() {
			p.write("<nil>")
			return
		}
		p.write(fmt.Sprintf("%s (len %d, cap %d)", v.Type(), v.Len(), v.Cap()))
	default:
		p.write(v.Type().String())
	}
}

// maxSortedKeys is the map size up to which ShortValue sorts the keys as
// fmt does; a larger map shows the keys it meets first.
const maxSortedKeys = 1000

// mapKeys returns the keys ShortValue visits: all of a small map's, sorted
// as fmt sorts them (numbers and strings by value), else a few.
func mapKeys(v reflect.Value) []reflect.Value {
	if v.Len() > maxSortedKeys {
		var keys []reflect.Value
		it := v.MapRange()
		for len(keys) < 16 && it.Next() {
			keys = append(keys, it.Key())
		}
		return keys
	}
	keys := v.MapKeys()
	sort.SliceStable(keys, func(i, j int) bool { return keyLess(keys[i], keys[j]) })
	return keys
}

// keyLess orders map keys of the basic kinds by value.
func keyLess(a, b reflect.Value) bool {
	if a.Kind() != b.Kind() {
		return a.Kind() < b.Kind()
	}
	switch a.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() < b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() < b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() < b.Float()
	case reflect.String:
		return a.String() < b.String()
	case reflect.Bool:
		return !a.Bool() && b.Bool()
	}
	return false
}

// shortMethodText calls the Error or String method of a compiled type, its
// result cut to the first line; ok is false when v has neither, or when
// the method panicked.
func shortMethodText(v reflect.Value) (s string, ok bool) {
	if !v.CanInterface() {
		return "", false
	}
	t := v.Type()
	if t.Kind() == reflect.Interface || (!t.Implements(errorType) && !t.Implements(stringerType)) {
		return "", false
	}
	if t.Kind() == reflect.Pointer && v.IsNil() {
		return "", false
	}
	defer func() {
		if r := recover(); r != nil {
			s, ok = "", false
		}
	}()
	switch x := v.Interface().(type) {
	case error:
		s = x.Error()
	case fmt.Stringer:
		s = x.String()
	default:
		return "", false
	}
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = strings.TrimRight(s[:i], " \t\r") + " …"
	}
	return s, true
}

// valueInterface returns v's value for fmt, also for unexported fields.
func valueInterface(v reflect.Value) any {
	if v.CanInterface() {
		return v.Interface()
	}
	switch v.Kind() {
	case reflect.Bool:
		return v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint()
	case reflect.Float32:
		return float32(v.Float())
	case reflect.Float64:
		return v.Float()
	case reflect.Complex64:
		return complex64(v.Complex())
	case reflect.Complex128:
		return v.Complex()
	}
	return v.Type().String()
}
