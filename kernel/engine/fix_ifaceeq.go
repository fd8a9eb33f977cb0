package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"unsafe"
)

// Workaround: comparing an interface holding a pointer.
//
// yaegi keeps a pointer to a cell type with methods, stored in an
// interface variable (var f any = &b; var i I = &b), in its wrapper
// (interp.valueInterface: the type's node and the value), and == compares
// the wrappers: f == &b, i == f and any(p) == f were false where Go
// prints true (issue 19's example; the wrappers of two conversions hold
// different nodes). So a comparison with an interface operand (neither
// the literal nil; two errors are erroreq's, errors_eq.go) becomes
// _gnrt.IfacesEqual(a, b), which replaces a wrapper holding a pointer by
// the pointer, and yaegi's error wrappers by the value they hold, before
// comparing as == does. A wrapper holding a non-pointer value is left as
// it is: two values of different cell types with the same fields have the
// same reflect type, and only the wrapper tells them apart.
//
// Limits: a switch on an interface value whose cases are pointers is not
// rewritten.

func init() {
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"IfacesEqual": reflect.ValueOf(ifacesEqual)}
	})
}

// ifacesEqual is a == b for two interface values, seen through the
// wrappers of pointers.
func ifacesEqual(a, b any) bool { return unwrapPointer(a) == unwrapPointer(b) }

// unwrapPointer returns the pointer a yaegi valueInterface holds, the
// value inside an error wrapper (unwrapIValue), or v.
func unwrapPointer(v any) any {
	for range 4 { // a wrapper may hold a wrapper
		rv := reflect.ValueOf(v)
		if !rv.IsValid() || !isValueInterface(rv.Type()) {
			return unwrapIValue(v)
		}
		c := reflect.New(rv.Type()).Elem()
		c.Set(rv)
		inner := *(*reflect.Value)(unsafe.Pointer(c.Field(1).UnsafeAddr()))
		if !inner.IsValid() || inner.Kind() != reflect.Pointer && !isValueInterface(inner.Type()) || !inner.CanInterface() {
			return v
		}
		v = inner.Interface()
	}
	return v
}

// compareInterfaces is the pass "ifaceeq".
func compareInterfaces(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	errType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	iface := func(x ast.Expr) (isIface, isErr bool) {
		t := ct.goType(x)
		if t == nil {
			return false, false
		}
		if _, tp := t.(*types.TypeParam); tp || !types.IsInterface(t) {
			return false, false
		}
		return true, types.Implements(t, errType)
	}
	visit := func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || b.Op != token.EQL && b.Op != token.NEQ || isNilIdent(b.X) || isNilIdent(b.Y) {
			return true
		}
		if tv := ct.info.Types[b]; tv.Value != nil {
			return true
		}
		xi, xe := iface(b.X)
		yi, ye := iface(b.Y)
		if !xi && !yi || xe && ye {
			return true // no interface, or two errors (erroreq)
		}
		not := ""
		if b.Op == token.NEQ {
			not = "!"
		}
		// Insertions, not a replacement of the whole comparison: other
		// passes (opconv's bool(...)) wrap it too.
		p.r.addText(p.off(b.X.Pos()), p.off(b.X.Pos()), not+rtName+".IfacesEqual(")
		p.r.addText(p.off(b.X.End()), p.off(b.Y.Pos()), ", ")
		p.r.addTail(p.off(b.Y.End()), ")")
		return true
	}
	p.pc.inspect(visit)
}
