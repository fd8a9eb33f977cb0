package engine

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
)

// Workaround and refusal: == and != between an interface value and a
// value of a cell type yaegi wraps.
//
// yaegi keeps a value of a cell type with methods, when an interface holds
// it, in a wrapper of its own (interp.valueInterface: the type's node and
// the value), and compares interfaces by comparing those wrappers, which
// are never equal to the value or to another wrapper of an equal value:
// with type W struct{...} and func (*W) M(), var f any = &b; f == &b is
// false (Go: true); with type myint int and func (myint) foo(), var i fooer
// = myint(0); i == myint(0) is false (Go: true). (A struct type with value
// methods, and types without methods, compare as Go does.)
//
//   - A pointer to a top-level cell type compared with an interface value
//     becomes an assertion, which yaegi gets right for pointers:
//     f == &b -> func(_gna any, _gnb *W) bool { _gnv, _gnok := _gna.(*W); return _gnok && _gnv == _gnb }(f, &b)
//     (operands evaluated left to right, as Go does).
//   - A cell type whose underlying type is not a struct, with methods,
//     compared with an interface value is refused at the comparison's
//     line:col: an assertion cannot tell it from its underlying type in
//     yaegi (fix_namedassert.go), so no rewrite gives Go's answer.

// rewriteIfaceComparisons is the pass "ifaceeq".
func rewriteIfaceComparisons(p *prep) {
	ct := p.cellTypes()
	if ct == nil || ct.info == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
			return true
		}
		lt, rt := ct.goType(b.X), ct.goType(b.Y)
		if lt == nil || rt == nil || isInterface(lt) == isInterface(rt) {
			return true
		}
		concrete := rt
		if isInterface(rt) {
			concrete = lt
		}
		switch ifaceEqKind(ct, concrete) {
		case ifaceEqRefuse:
			p.fail(b.OpPos, refuseIfaceEqMsg(concrete))
		case ifaceEqAssert:
			name := types.TypeString(concrete, ct.cellQualifier)
			iface := rt
			if isInterface(lt) {
				iface = lt
			}
			// The interface operand keeps its own type: converted to any,
			// an error holding a pointer asserted to a different pointer.
			in := types.TypeString(iface, ct.cellQualifier)
			l, r := in, name
			if isInterface(rt) {
				l, r = name, in
			}
			a, c := "_gna", "_gnb"
			if isInterface(rt) {
				a, c = "_gnb", "_gna"
			}
			not := ""
			if b.Op == token.NEQ {
				not = "!"
			}
			x, y := b.X, b.Y
			p.r.addText(p.off(b.Pos()), p.off(x.Pos()), not+"func(_gna "+l+", _gnb "+r+") bool { if "+a+" == nil { return false }; _gnv, _gnok := "+a+".("+name+"); return _gnok && _gnv == "+c+" }(")
			p.r.addText(p.off(x.End()), p.off(y.Pos()), ", ")
			p.r.addTail(p.off(y.End()), ")")
		}
		return true
	})
}

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
	return ifaceEqPlain
}

func refuseIfaceEqMsg(t types.Type) string {
	n := t.(*types.Named)
	u := types.TypeString(n.Underlying(), nil)
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
