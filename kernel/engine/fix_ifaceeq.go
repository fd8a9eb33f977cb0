package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
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
// it is, since two values of different cell types with the same fields
// (or type U16 uint16 and uint16) have the same reflect type and only the
// wrapper tells them apart — except where the other operand is not an
// interface: there go/types knows its type T, and the comparison becomes
// _gnrt.IfacesEqualT(a, b, "T"), true when the wrapper holds a T (its
// node's type name) of the same value (u16 != iu16 was true for
// var iu16 any = u16 of a type U16 uint16 with methods: convT2X.go).
//
// Limits: a switch on an interface value whose cases are pointers is not
// rewritten.

func init() {
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"IfacesEqual": reflect.ValueOf(ifacesEqual), "IfacesEqualT": reflect.ValueOf(ifacesEqualT)}
	})
}

// ifacesEqual is a == b for two interface values, seen through the
// wrappers of pointers; two wrappers of non-pointer values are equal when
// they hold values of the same cell type (their nodes' type names) that
// are equal (var g any = v; var i I = v; i == g: each conversion made a
// wrapper of its own).
func ifacesEqual(a, b any) bool {
	a, b = unwrapPointer(a), unwrapPointer(b)
	ra, rb := reflect.ValueOf(a), reflect.ValueOf(b)
	if ra.IsValid() && rb.IsValid() && isValueInterface(ra.Type()) && isValueInterface(rb.Type()) {
		na, ia, oka := wrapped(ra)
		nb, ib, okb := wrapped(rb)
		if oka && okb {
			return na == nb && unwrapIValue(ia.Interface()) == unwrapIValue(ib.Interface())
		}
	}
	// A value held by a non-empty interface reaches compiled code bare,
	// one held by an any in its wrapper (var i I = v; var g any = v): a
	// wrapper of a struct value equals a bare struct of the same reflect
	// type (each cell struct type has its own; a non-struct one shares
	// its underlying type's, so it stays a wrapper's comparison).
	for _, w := range [][2]reflect.Value{{ra, rb}, {rb, ra}} {
		if !w[0].IsValid() || !w[1].IsValid() || !isValueInterface(w[0].Type()) || isValueInterface(w[1].Type()) {
			continue
		}
		name, in, ok := wrapped(w[0])
		if !ok || in.Type() != w[1].Type() {
			continue
		}
		if w[1].Kind() == reflect.Struct {
			return in.Interface() == w[1].Interface()
		}
		// A wrapped value of a non-struct cell type (type N string with
		// methods: any(n)) and a bare value of its underlying type, which
		// may be an N that yaegi stored without its type (var h any = n)
		// or a plain string: unequal values answer false either way.
		if !in.Type().Comparable() || in.Interface() != w[1].Interface() {
			return false
		}
		panic(runtimeError{msg: "this comparison of interface values is refused in a gophernote cell: one holds a main." + name + ", the other a " + in.Type().String() +
			" of the same value that may be a main." + name + " the interpreter stored without its type; compare values of static type " + name + " instead", plain: true})
	}
	return a == b
}

// ifacesEqualT is a == b where one of them is not an interface in the
// cell and its type is the cell type named name: a wrapper must hold a
// value of that type.
func ifacesEqualT(a, b any, name string) bool {
	a, b = unwrapPointer(a), unwrapPointer(b)
	for _, x := range []*any{&a, &b} {
		rv := reflect.ValueOf(*x)
		if !rv.IsValid() || !isValueInterface(rv.Type()) {
			continue
		}
		tn, inner, ok := wrapped(rv)
		if !ok {
			return a == b
		}
		if tn != name {
			return false
		}
		*x = inner.Interface()
	}
	return unwrapIValue(a) == unwrapIValue(b)
}

// wrapped returns the name of the type of the value a valueInterface
// holds (from its node) and the value, when both can be read.
func wrapped(w reflect.Value) (name string, inner reflect.Value, ok bool) {
	c := reflect.New(w.Type()).Elem()
	c.Set(w)
	inner = *(*reflect.Value)(unsafe.Pointer(c.Field(1).UnsafeAddr()))
	if c.Field(0).IsNil() || !inner.IsValid() || !inner.CanInterface() {
		return "", inner, false
	}
	typ := c.Field(0).Elem().FieldByName("typ")
	if !typ.IsValid() || typ.IsNil() {
		return "", inner, false
	}
	name = typ.Elem().FieldByName("name").String()
	return name, inner, name != ""
}

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
		// The concrete operand's cell type, when there is one.
		name := ""
		for _, o := range []ast.Expr{b.X, b.Y} {
			if oi, _ := iface(o); oi {
				continue
			}
			if n, ok := ct.goType(o).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Parent() == n.Obj().Pkg().Scope() && n.TypeArgs() == nil {
				if _, isPtr := n.Underlying().(*types.Pointer); !isPtr {
					name = n.Obj().Name()
				}
			}
		}
		if name != "" {
			p.r.addText(p.off(b.X.Pos()), p.off(b.X.Pos()), not+rtName+".IfacesEqualT(")
			p.r.addText(p.off(b.X.End()), p.off(b.Y.Pos()), ", ")
			p.r.addTail(p.off(b.Y.End()), ", "+strconv.Quote(name)+")")
			return true
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
