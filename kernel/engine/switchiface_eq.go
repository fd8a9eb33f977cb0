package engine

import (
	"fmt"
	"go/types"
)

// How switchiface (fix_switchiface.go) compares a switch's tag with its
// case values: yaegi keeps a value of a cell type with methods, when an
// interface holds it, in a wrapper of its own (interp.valueInterface)
// that never equals the value; a pointer to a top-level cell type is
// compared by an assertion, which yaegi gets right for pointers, and a
// non-struct cell type is refused (with methods, an assertion cannot tell
// it from its underlying type in yaegi; without, yaegi holds it in an
// interface as a value of its underlying type). The == and != operators
// themselves are lowered by the pass ifaceeq (fix_ifaceeq.go).

type ifaceEqHow int

const (
	ifaceEqPlain  ifaceEqHow = iota // yaegi compares right
	ifaceEqAssert                   // compare by an assertion
	ifaceEqRefuse                   // cannot be compared right
)

// ifaceEqKind says how a value of the non-interface type t compares with
// an interface value in yaegi.
func ifaceEqKind(ct *cellTypes, t types.Type) ifaceEqHow {
	cellNamed := func(t types.Type) *types.Named {
		n, ok := t.(*types.Named)
		if !ok || n.TypeArgs().Len() > 0 || n.TypeParams().Len() > 0 {
			return nil
		}
		o := n.Obj()
		if o.Pkg() == nil || o.Pkg().Path() != ct.pkg.Path() || o.Parent() != o.Pkg().Scope() {
			return nil
		}
		return n
	}
	if pt, ok := t.(*types.Pointer); ok {
		if n := cellNamed(pt.Elem()); n != nil && types.NewMethodSet(pt).Len() > types.NewMethodSet(n).Len() {
			return ifaceEqAssert
		}
		return ifaceEqPlain
	}
	if n := cellNamed(t); n != nil {
		if _, isStruct := n.Underlying().(*types.Struct); !isStruct && types.NewMethodSet(n).Len() > 0 {
			return ifaceEqRefuse
		}
	}
	// A non-struct cell type without methods, top-level or local: yaegi
	// holds its values in an interface as values of the underlying type,
	// so float64(1) equals F(1) there (switch.go of Go's tests).
	if n, ok := t.(*types.Named); ok && n.TypeArgs().Len() == 0 && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == ct.pkg.Path() {
		if _, isStruct := n.Underlying().(*types.Struct); !isStruct && types.NewMethodSet(n).Len() == 0 {
			if _, isPtr := n.Underlying().(*types.Pointer); !isPtr {
				return ifaceEqRefuse
			}
		}
	}
	return ifaceEqPlain
}

func refuseIfaceEqMsg(t types.Type) string {
	n := t.(*types.Named)
	u := types.TypeString(n.Underlying(), nil)
	if types.NewMethodSet(n).Len() == 0 {
		return fmt.Sprintf("the interpreter cannot compare a %s with an interface value (type %s %s is not a struct: yaegi holds its values in an interface as %s values, which it cannot tell from a %s), so this comparison could give another answer than Go; make %s a struct type (type %s struct{ V %s })",
			n.Obj().Name(), n.Obj().Name(), u, u, n.Obj().Name(), n.Obj().Name(), n.Obj().Name(), u)
	}
	return fmt.Sprintf("the interpreter cannot compare a %s with an interface value (type %s %s has methods: yaegi keeps such a value in an interface in a wrapper that never equals it), so this comparison could give another answer than Go; make %s a struct type (type %s struct{ V %s })",
		n.Obj().Name(), n.Obj().Name(), u, n.Obj().Name(), n.Obj().Name(), u)
}

// cellQualifier writes types of the cells' package unqualified (earlier
// cells' objects are in a package of their own with the same path).
func (ct *cellTypes) cellQualifier(p *types.Package) string {
	if p.Path() == ct.pkg.Path() {
		return ""
	}
	return p.Name()
}
