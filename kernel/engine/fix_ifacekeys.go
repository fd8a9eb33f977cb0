package engine

import (
	"fmt"
	"go/ast"
	"go/types"
)

// Refusal: maps whose keys are (or hold) an interface type with methods
// declared in a cell.
//
// yaegi represents a value of an interface type with methods declared in
// interpreted code (type I interface{ f() }, interface{ M() }) by a
// wrapper struct of its own (interp.valueInterface: the type's node and a
// reflect.Value). As a map key, that wrapper is hashed and compared by
// its reflect.Value's pointer, not by the value it holds: m[k] = 1 three
// times with three different keys made a map of one entry, a lookup with
// an equal key missed, and m[C(i)] = 1 (a concrete key converted to I by
// the index) panicked ("reflect.Value.MapIndex: value of type int is not
// assignable to type interp.valueInterface"). No rewrite of the cell can
// give the map Go's key equality, so a map type whose key type reaches
// such an interface (directly, as an array's element or a struct's field)
// is an error naming the type; an interface of compiled code (error,
// fmt.Stringer) or the empty interface is stored as Go does and passes.

// refuseIfaceKeys is the pass "ifacekeys".
func refuseIfaceKeys(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		mt, ok := n.(*ast.MapType)
		if !ok {
			return true
		}
		kt := ct.goType(mt.Key)
		if kt == nil {
			return true
		}
		if where := wrappedIfaceIn(kt, "", map[types.Type]bool{}); where != "" {
			p.fail(mt.Pos(), fmt.Sprintf("the interpreter cannot key a map by interface type %s declared in a cell (map[%s]...): it compares such keys by the identity of its wrapper, not by value (equal keys would not match); use a key of a concrete type", where, types.TypeString(kt, qualifyLocal)))
			return false
		}
		return true
	})
}

// wrappedIfaceIn describes the interface type with methods of
// interpreted code reachable from t by value (t itself, array elements,
// struct fields), or "".
func wrappedIfaceIn(t types.Type, path string, seen map[types.Type]bool) string {
	t = types.Unalias(t)
	if t == nil || seen[t] {
		return ""
	}
	seen[t] = true
	at := func(s string) string {
		if path == "" {
			return s
		}
		return s + " (in " + path + ")"
	}
	switch u := t.Underlying().(type) {
	case *types.Interface:
		if u.NumMethods() == 0 {
			return ""
		}
		if named, ok := t.(*types.Named); ok {
			if pkg := named.Obj().Pkg(); pkg == nil || pkg.Path() != "main" {
				return "" // a compiled package's (error: Universe)
			}
		} else if !hasLocalMethod(u) {
			return ""
		}
		return at(types.TypeString(t, qualifyLocal))
	case *types.Array:
		in := "the elements of " + types.TypeString(t, qualifyLocal)
		if path != "" {
			in += " in " + path
		}
		return wrappedIfaceIn(u.Elem(), in, seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if w := wrappedIfaceIn(u.Field(i).Type(), "field "+u.Field(i).Name()+" of "+types.TypeString(t, qualifyLocal), seen); w != "" {
				return w
			}
		}
	}
	return ""
}

// hasLocalMethod reports whether an interface literal has a method of its
// own or embeds one of interpreted code (interface{ error } is compiled
// Go's error in the interpreter too: false).
func hasLocalMethod(it *types.Interface) bool {
	if it.NumExplicitMethods() > 0 {
		return true
	}
	for i := 0; i < it.NumEmbeddeds(); i++ {
		if wrappedIfaceIn(it.EmbeddedType(i), "", map[types.Type]bool{}) != "" {
			return true
		}
	}
	return false
}
