package engine

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Workaround: == and != between operands of identical underlying types
// spelled differently.
//
// Go compares a value of a named type with one of its unnamed underlying
// type (OutputID and [32]any: one is assignable to the other), and *any
// with *interface{} (any is an alias). yaegi v0.16 refuses both at
// compile time ("mismatched types main.OutputID and [32]interface{}",
// "mismatched types *any and *interface{}"; issue23545 and issue49665 of
// Go's tests). The pass "cmpconv" converts one operand to the other's
// type, which changes no value:
//
//	a != dummyID(1)  ->  a != OutputID(dummyID(1))
//	&x == &y         ->  &x == (*any)(&y)
//
// The converted operand is the unnamed one (the right one when both
// are unnamed); of a bidirectional channel and a directional one (c ==
// c1 for a chan int and a <-chan int: "mismatched types"), the
// bidirectional one. Interfaces and untyped operands are left alone.

// convertComparisons is the pass "cmpconv".
func convertComparisons(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	plain := func(t types.Type) bool {
		if t == nil || types.IsInterface(t) {
			return false
		}
		b, ok := t.(*types.Basic)
		return !ok || b.Info()&types.IsUntyped == 0
	}
	named := func(t types.Type) bool {
		_, ok := types.Unalias(t).(*types.Named)
		return ok
	}
	p.pc.inspect(func(n ast.Node) bool {
		be, ok := n.(*ast.BinaryExpr)
		if !ok || be.Op != token.EQL && be.Op != token.NEQ {
			return true
		}
		tx, ty := ct.info.TypeOf(be.X), ct.info.TypeOf(be.Y)
		if !plain(tx) || !plain(ty) || recursiveNamed(tx) || recursiveNamed(ty) {
			return true // a recursive type's comparisons: fix_recursivetypes.go
		}
		conv, to := be.Y, tx
		switch {
		case types.Identical(tx, ty):
			if types.TypeString(tx, nil) == types.TypeString(ty, nil) {
				return true
			}
		case named(tx) && !named(ty) && types.Identical(tx.Underlying(), ty):
		case named(ty) && !named(tx) && types.Identical(ty.Underlying(), tx):
			conv, to = be.X, ty
		case isBidiChan(tx) && types.AssignableTo(tx, ty):
			// c == c1 of a chan int and a <-chan int (cmp.go): the
			// bidirectional one converts.
			conv, to = be.X, ty
		case isBidiChan(ty) && types.AssignableTo(ty, tx):
		default:
			return true
		}
		ts, ok := p.spellGoType(to)
		if !ok {
			return true
		}
		p.r.addText(p.off(conv.Pos()), p.off(conv.Pos()), "("+ts+")(")
		p.r.addTail(p.off(conv.End()), ")")
		return true
	})
}

// isBidiChan reports whether t's underlying type is a bidirectional
// channel type.
func isBidiChan(t types.Type) bool {
	c, ok := t.Underlying().(*types.Chan)
	return ok && c.Dir() == types.SendRecv
}
