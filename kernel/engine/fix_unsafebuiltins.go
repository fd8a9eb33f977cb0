package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"unsafe"
)

// Workaround: unsafe.Slice, unsafe.SliceData, unsafe.String and
// unsafe.StringData (Go 1.17 and 1.20).
//
// yaegi v0.16's package unsafe has Pointer, Add, Sizeof, Alignof and
// Offsetof only: a cell calling the four others failed to compile ("has
// no symbol String"; unsafebuiltins.go, unsafe_slice_data.go and four
// more of Go's tests). go/types knows them as builtins, so the pass
// "unsafebuiltins" replaces each by a compiled function of the engine
// (after the pass "unsafelen" made the length an int):
//
//	unsafe.String(p, n)   =>  _gnrt.UnsafeString(p, n)
//	unsafe.StringData(s)  =>  _gnrt.UnsafeStringData(s)
//	unsafe.Slice(p, n)    =>  _gnrt.UnsafeSlice(p, n).([]T)
//	unsafe.SliceData(s)   =>  _gnrt.UnsafeSliceData(s).(*T)
//
// String and StringData are Go's own builtins compiled for *byte and
// string. Slice and SliceData are generic in T, so they go through
// reflect (reflect.SliceAt, reflect.NewAt over the slice's data pointer),
// which yaegi's values are: an interpreted type is a reflect type. Their
// checks are the runtime's own (reflect.SliceAt calls it), so a length out
// of range or a nil pointer with a length panics with Go's runtime error
// ("unsafe.Slice: len out of range"). The type assertion gives the result
// the type go/types gave the call; a type the engine cannot name there is
// refused.

func init() {
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{
			"UnsafeString":     reflect.ValueOf(func(p *byte, n int) string { return unsafe.String(p, n) }),
			"UnsafeStringData": reflect.ValueOf(func(s string) *byte { return unsafe.StringData(s) }),
			"UnsafeSlice":      reflect.ValueOf(unsafeSlice),
			"UnsafeSliceData":  reflect.ValueOf(unsafeSliceData),
		}
	})
}

// unsafeSlice is unsafe.Slice(p, n) for p of any pointer type *T: a []T.
func unsafeSlice(p any, n int) any {
	v := reflect.ValueOf(p)
	return reflect.SliceAt(v.Type().Elem(), v.UnsafePointer(), n).Interface()
}

// unsafeSliceData is unsafe.SliceData(s) for s of any slice type []T: a
// *T to its first element, nil for a nil slice.
func unsafeSliceData(s any) any {
	v := reflect.ValueOf(s)
	return reflect.NewAt(v.Type().Elem(), v.UnsafePointer()).Interface()
}

// rewriteUnsafeBuiltins is the pass "unsafebuiltins".
func rewriteUnsafeBuiltins(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !isUnsafeSel(ct, sel) {
			return true
		}
		name := sel.Sel.Name
		assert := ""
		switch name {
		case "String", "StringData":
		case "Slice", "SliceData":
			t := ct.goType(call)
			if t == nil {
				return true
			}
			spelled, ok := p.spellGoType(t)
			if !ok {
				spelled, ok = spellLocalElem(ct, t, call.Pos())
			}
			if !ok {
				p.fail(call.Pos(), "cannot run unsafe."+name+" here: the engine cannot name its result type "+types.TypeString(t, nil)+" in this cell; declare its element type at the top level")
				return true
			}
			assert = ".(" + spelled + ")"
		default:
			return true
		}
		p.r.addText(p.off(call.Fun.Pos()), p.off(call.Fun.End()), rtName+".Unsafe"+name)
		if assert != "" {
			p.r.addTail(p.off(call.End()), assert)
		}
		return true
	})
}

// spellLocalElem spells []L or *L for a type L declared in the function
// around pos, when its name means L there and nowhere else (so the pass
// "localtypes" did not rename it); ok is false otherwise.
func spellLocalElem(ct *cellTypes, t types.Type, pos token.Pos) (string, bool) {
	prefix := "[]"
	var elem types.Type
	switch t := t.(type) {
	case *types.Slice:
		elem = t.Elem()
	case *types.Pointer:
		prefix, elem = "*", t.Elem()
	default:
		return "", false
	}
	n, ok := elem.(*types.Named)
	if !ok || n.TypeArgs() != nil || ct.pkg == nil {
		return "", false
	}
	obj := n.Obj()
	if obj.Pkg() != ct.pkg || ct.pkg.Scope().Lookup(obj.Name()) != nil || types.Universe.Lookup(obj.Name()) != nil {
		return "", false
	}
	for sc := obj.Parent(); sc != nil && sc != ct.pkg.Scope(); sc = sc.Parent() {
		if sc != obj.Parent() && sc.Lookup(obj.Name()) != nil {
			return "", false // shadows a name of an enclosing function scope
		}
	}
	inner := ct.pkg.Scope().Innermost(pos)
	if inner == nil {
		return "", false
	}
	if _, found := inner.LookupParent(obj.Name(), pos); found != obj {
		return "", false
	}
	return prefix + obj.Name(), true
}
