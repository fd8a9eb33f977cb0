package engine

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"
	"unsafe"
)

// Workaround: == and != with an interface operand.
//
// yaegi keeps a value of a cell type that has methods, stored in an
// interface, in a wrapper of its own (interp.valueInterface: the node of
// the conversion and the value), and its == compares the wrappers as Go
// values: two conversions of the same value are different nodes, and a
// wrapper never equals the bare value on the other side. So with
// type W struct{}; func (*W) M(); var f any = &b, f == &b was false (Go:
// true), and so was every comparison of such a value held in an interface
// (var i I = v; i == v, i == j, []any{v}[0] == g).
//
// The pass "ifaceeq" turns a comparison x == y (x != y) where x or y has
// an interface type (go/types; neither the literal nil, and not two
// errors, which erroreq handles) into _gnrt.IfaceEqual(x, y) (with ! for
// !=): compiled code that takes the value out of each wrapper (and out of
// the symbol tables' interface wrappers, an _I struct's IValue) and
// compares what is left with Go's ==, which also panics as Go does on an
// uncomparable dynamic type.
//
// What is left has lost a non-struct cell type's identity (yaegi runs
// type N int as an int, fix_namedassert.go), so where the session defines
// such a type and a comparison could hold one — its concrete operand is
// N or N's underlying type, or N (or *N) implements both interfaces — the
// comparison is refused at its line:col (N(1) held in an any would equal
// 1, where Go says false). Struct types keep their identity.

func init() {
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"IfaceEqual": reflect.ValueOf(ifaceEqual)}
	})
}

// ifaceEqual is a == b as Go compares two interface values, seen through
// yaegi's wrappers.
func ifaceEqual(a, b any) bool { return ifaceHeld(a) == ifaceHeld(b) }

// ifaceHeld returns the value inside yaegi's wrappers around v.
func ifaceHeld(v any) any {
	for range 8 { // a wrapper may hold a wrapper
		rv := reflect.ValueOf(v)
		if !rv.IsValid() {
			return nil
		}
		t := rv.Type()
		switch {
		case isValueInterface(t):
			c := reflect.New(t).Elem()
			c.Set(rv)
			inner := *(*reflect.Value)(unsafe.Pointer(c.Field(1).UnsafeAddr()))
			if c.Field(0).IsNil() || !inner.IsValid() {
				return nil
			}
			if inner.Kind() == reflect.Interface {
				if inner.IsNil() {
					return nil
				}
				inner = inner.Elem()
			}
			v = inner.Interface()
		case t.Kind() == reflect.Struct && strings.HasPrefix(t.Name(), "_") && t.PkgPath() != "":
			f := rv.FieldByName("IValue")
			if !f.IsValid() || !f.CanInterface() {
				return v
			}
			v = f.Interface()
		default:
			return v
		}
	}
	return v
}

// rewriteIfaceComparisons is the pass "ifaceeq".
func rewriteIfaceComparisons(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	errType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	isErr := func(t types.Type) bool { return isInterface(t) && types.Implements(t, errType) }
	var named []*types.Named
	namedDone := false
	visit := func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || b.Op != token.EQL && b.Op != token.NEQ || isNilIdent(b.X) || isNilIdent(b.Y) {
			return true
		}
		tx, ty := ct.goType(b.X), ct.goType(b.Y)
		if tx == nil || ty == nil || isTypeParam(tx) || isTypeParam(ty) || !isInterface(tx) && !isInterface(ty) || isErr(tx) && isErr(ty) {
			return true
		}
		if tv, ok := ct.info.Types[b]; ok && tv.Value != nil {
			return true // constant
		}
		if hasAssertion(b.X) || hasAssertion(b.Y) {
			// A failed assertion or nil dereference in an argument of a
			// compiled call reaches recover() as yaegi's string, not Go's
			// runtime error (fixedbugs/issue32187.go): left to yaegi.
			return true
		}
		if !namedDone {
			named, namedDone = sessionNonStructTypes(p, ct), true
		}
		if n, other := foolsComparison(tx, ty, named); n != nil {
			p.fail(b.OpPos, fmt.Sprintf("the interpreter cannot compare %s as Go does when an interface may hold %s (type %s %s: it keeps no type of its own for values of a cell type whose underlying type is not a struct, so %s would equal %s); compare values of one concrete type instead (assert first), or make %s a struct type",
				other, article(n.Obj().Name()), n.Obj().Name(), types.TypeString(n.Underlying(), nil), n.Obj().Name(), types.TypeString(n.Underlying(), nil), n.Obj().Name()))
			return true
		}
		not := ""
		if b.Op == token.NEQ {
			not = "!"
		}
		// Insertions around the operands, so that other passes' edits
		// starting or ending with the comparison nest as before.
		p.r.addText(p.off(b.Pos()), p.off(b.Pos()), not+rtName+".IfaceEqual(")
		p.r.addText(p.off(b.X.End()), p.off(b.Y.Pos()), ", ")
		p.r.addTail(p.off(b.End()), ")")
		return true
	}
	p.pc.inspect(visit)
}

// foolsComparison returns the session's non-struct type a comparison of
// values of types tx and ty (one of them an interface) may confuse with
// another type of the same representation once the values leave yaegi's
// wrappers, and what it is compared with, or nil. The values an
// interface may hold are the session's non-struct types implementing it
// and, for an interface without methods, their underlying types; a
// concrete operand is itself. Two different such types with identical
// underlying types, one on each side, would compare equal.
func foolsComparison(tx, ty types.Type, named []*types.Named) (*types.Named, string) {
	if !isInterface(tx) {
		tx, ty = ty, tx
	}
	holds := func(it types.Type) []types.Type {
		i := it.Underlying().(*types.Interface)
		var out []types.Type
		for _, n := range named {
			if !types.Comparable(n) {
				continue
			}
			if types.Implements(n, i) || types.Implements(types.NewPointer(n), i) {
				out = append(out, n)
			}
			if i.NumMethods() == 0 {
				out = append(out, n.Underlying())
			}
		}
		return out
	}
	left := holds(tx)
	var right []types.Type
	other := "two interfaces"
	if isInterface(ty) {
		right = holds(ty)
	} else {
		right = []types.Type{ty}
		other = article(types.TypeString(ty, types.RelativeTo(nil))) + " with an interface"
	}
	for _, a := range left {
		for _, b := range right {
			if types.Identical(a, b) || !types.Identical(a.Underlying(), b.Underlying()) {
				continue
			}
			n, _ := a.(*types.Named)
			if n == nil {
				n, _ = b.(*types.Named)
			}
			if n != nil {
				return n, other
			}
		}
	}
	return nil, ""
}

// isTypeParam reports whether t is a type parameter (its underlying type
// is its constraint, an interface, but its values are not interfaces).
func isTypeParam(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.TypeParam)
	return ok
}

// hasAssertion reports whether x contains a type assertion, a pointer
// dereference outside function literals: the
// operations whose run-time panic yaegi words itself.
func hasAssertion(x ast.Expr) bool { // also *p
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.TypeAssertExpr, *ast.StarExpr:
			found = true
		case *ast.FuncLit:
			return false
		}
		return !found
	})
	return found
}
