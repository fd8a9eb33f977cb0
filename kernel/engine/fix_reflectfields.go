package engine

import (
	"go/ast"
	"go/types"
	"reflect"
	"strings"
	"unsafe"
)

// Workaround: reflection of the unexported fields of cell struct types.
//
// yaegi cannot give a reflect.StructOf type an unexported field: it
// exports each one as X+name, and the fmt pass tags it _gn:"u" (see
// fix_fmt.go). So reflect.ValueOf(u).FieldByName("firstName") was the
// invalid Value (printed "<invalid reflect.Value>"; Go: "John"), and
// Type.Field(i).Name was "XfirstName", exported, with the engine's tag.
//
// A call of the field methods of reflect.Value (Field, FieldByName,
// FieldByIndex) and reflect.Type (Field, FieldByName, FieldByIndex) goes
// through _gnrt helpers that answer as Go
// does for such a field: its Go name, PkgPath "main", the struct tag
// without the engine's keys, and — for a Value — the field's value made
// read-only as Go makes the value of an unexported field (it prints, but
// Interface and Set panic). Asked by its X name, the field is not found.
// Values and types of compiled packages are passed through unchanged.
//
// Limits: the read-only value of a field of a non-addressable struct is
// a copy that reports CanAddr; FieldByNameFunc, reflect.VisibleFields and
// Type.String still show the X names; the json and xml keys of an unexported field's own tag are
// not restored (the fmt pass replaced them with "-").

func init() {
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{
			"VField":        reflect.ValueOf(reflectValueField),
			"VFieldByName":  reflect.ValueOf(reflectValueFieldByName),
			"VFieldByIndex": reflect.ValueOf(reflectValueFieldByIndex),
			"TField":        reflect.ValueOf(func(t reflect.Type, i int) reflect.StructField { return goStructField(t.Field(i)) }),
			"TFieldByName":  reflect.ValueOf(reflectTypeFieldByName),
			"TFieldByIndex": reflect.ValueOf(func(t reflect.Type, index []int) reflect.StructField { return goStructField(t.FieldByIndex(index)) }),
		}
	})
}

// reflectFieldCalls maps the methods rewritten to their helpers.
var reflectFieldCalls = map[string]string{
	"reflect.Value.Field": "VField", "reflect.Value.FieldByName": "VFieldByName", "reflect.Value.FieldByIndex": "VFieldByIndex",
	"reflect.Type.Field": "TField", "reflect.Type.FieldByName": "TFieldByName", "reflect.Type.FieldByIndex": "TFieldByIndex",
}

// rewriteReflectFields is the pass "reflectfields": X.Field(i) becomes
// _gnrt.VField(X, i) (TField for a reflect.Type).
func rewriteReflectFields(p *prep) {
	ct := p.cellTypes()
	visit := func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || c.Ellipsis.IsValid() {
			return true
		}
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		s, ok := ct.info.Selections[sel]
		if !ok || s.Kind() != types.MethodVal {
			return true
		}
		// Named by the receiver's type: the engine's go/types view of an
		// interface of a compiled package (reflect.Type) has methods
		// without a package.
		recv := s.Recv()
		if ptr, ok := recv.(*types.Pointer); ok {
			recv = ptr.Elem()
		}
		named, ok := recv.(*types.Named)
		if !ok || named.Obj().Pkg() == nil {
			return true
		}
		helper := reflectFieldCalls[named.Obj().Pkg().Path()+"."+named.Obj().Name()+"."+sel.Sel.Name]
		if helper == "" {
			return true
		}
		// One replacement of the whole call (not an insertion at its
		// start): a wrapper of a longer expression starting at the same
		// offset (an assertion on v.Field(0).Interface()) then encloses it.
		x, args := sel.X, c
		p.r.add(p.off(c.Pos()), p.off(c.End()), func(r *renderer) string {
			return rtName + "." + helper + "(" + r.render(p.off(x.Pos()), p.off(x.End())) + ", " +
				r.render(p.off(args.Lparen)+1, p.off(args.Rparen)) + ")"
		})
		return true
	}
	p.pc.inspect(visit)
}

// renamed reports whether f is an unexported field of a cell struct that
// yaegi exported as X+name.
func renamed(f reflect.StructField) bool {
	v, ok := f.Tag.Lookup("_gn")
	return ok && (v == "u" || v == "e") && strings.HasPrefix(f.Name, "X") && len(f.Name) > 1
}

// embeddedUnexportedField reports whether f is an embedded field of an unexported
// non-struct type (fix_fmt.go's tag _gn:"e"): yaegi marks a field
// embedded only when it is a struct's single field.
func embeddedUnexportedField(f reflect.StructField) bool {
	return f.Tag.Get("_gn") == "e"
}

// goStructField is f as Go describes it: the Go name and package of a
// renamed field, and the tag without the engine's keys (goField).
func goStructField(f reflect.StructField) reflect.StructField {
	if !strings.Contains(string(f.Tag), "_gn") {
		return f
	}
	ren, embedded := renamed(f), embeddedUnexportedField(f)
	name, tag := goField(f)
	f.Tag = reflect.StructTag(tag)
	if ren {
		f.Name = name
		f.PkgPath = "main"
		f.Anonymous = f.Anonymous || embedded
	}
	return f
}

// reflectValueField is v.Field(i).
func reflectValueField(v reflect.Value, i int) reflect.Value {
	if v.Kind() != reflect.Struct || i < 0 || i >= v.NumField() || !renamed(v.Type().Field(i)) {
		return v.Field(i) // and its panics
	}
	return readOnlyField(v, i)
}

// readOnlyField returns field i of v, a renamed field, as Go returns an
// unexported field: the same value, read-only. It views the field's
// memory through a one-field struct type whose field is unexported (the
// same layout), so reading it through reflect gives a read-only Value.
func readOnlyField(v reflect.Value, i int) reflect.Value {
	sf := v.Type().Field(i)
	holder := reflect.StructOf([]reflect.StructField{{Name: sf.Name[1:], PkgPath: "main", Type: sf.Type}})
	var ptr unsafe.Pointer
	switch {
	case v.CanAddr():
		ptr = unsafe.Pointer(v.Field(i).UnsafeAddr())
	case v.CanInterface():
		c := reflect.New(v.Type()).Elem()
		c.Set(v)
		ptr = unsafe.Pointer(c.Field(i).UnsafeAddr())
	default:
		return v.Field(i)
	}
	return reflect.NewAt(holder, ptr).Elem().Field(0)
}

// reflectValueFieldByName is v.FieldByName(name).
func reflectValueFieldByName(v reflect.Value, name string) reflect.Value {
	if v.Kind() != reflect.Struct {
		return v.FieldByName(name) // and its panic
	}
	if sf, ok := v.Type().FieldByName("X" + name); ok && renamed(sf) {
		return reflectValueFieldByIndex(v, sf.Index)
	}
	if sf, ok := v.Type().FieldByName(name); ok && renamed(sf) {
		return reflect.Value{} // yaegi's name of a field Go names otherwise
	}
	return v.FieldByName(name)
}

// reflectValueFieldByIndex is v.FieldByIndex(index).
func reflectValueFieldByIndex(v reflect.Value, index []int) reflect.Value {
	if len(index) == 1 {
		return reflectValueField(v, index[0])
	}
	for n, i := range index {
		if n > 0 && v.Kind() == reflect.Pointer && v.Type().Elem().Kind() == reflect.Struct {
			if v.IsNil() {
				panic("reflect: indirection through nil pointer to embedded struct")
			}
			v = v.Elem()
		}
		v = reflectValueField(v, i)
	}
	return v
}

// reflectTypeFieldByName is t.FieldByName(name).
func reflectTypeFieldByName(t reflect.Type, name string) (reflect.StructField, bool) {
	if t.Kind() == reflect.Struct {
		if sf, ok := t.FieldByName("X" + name); ok && renamed(sf) {
			return goStructField(sf), true
		}
		if sf, ok := t.FieldByName(name); ok && renamed(sf) {
			return reflect.StructField{}, false
		}
	}
	sf, ok := t.FieldByName(name)
	return goStructField(sf), ok
}
