package engine

import (
	"go/ast"
	"go/types"
)

// Workaround: a selector on a conversion to an interface type.
//
// yaegi v0.16 cannot call a method, or take a method value, on an
// explicit conversion of a concrete value to an interface type written
// in place: I(&S{}).M() panics ("invalid interface value {}"), I(V(2)).M()
// of a non-struct V panics in reflect ("call of reflect.Value.NumField on
// int Value"; issue57309 and typeparam/boundmethod of Go's tests). The
// same value returned by a function of result type I is a right interface
// value, so the pass "convsel" writes the conversion as that function's
// call, which evaluates the operand at the same point:
//
//	I(x).M()  ->  (func() I { return x }()).M()
//
// (in parentheses: a statement starting with func is a declaration to
// the interpreter's parser).

// rewriteConvSelectors is the pass "convsel".
func rewriteConvSelectors(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		call, ok := concreteToIface(ct, sel.X)
		if !ok {
			return true
		}
		arg := call.Args[0]
		// Insertions and replacements of the parentheses only: the
		// statement's own insertions at its start (pass panicpos) stay
		// before the literal, as the pass runs after theirs.
		p.r.addText(p.off(call.Pos()), p.off(call.Pos()), "(func() ")
		p.r.addText(p.off(call.Lparen), p.off(arg.Pos()), " { return ")
		p.r.addText(p.off(arg.End()), p.off(call.Rparen)+1, " }())")
		return true
	})
}

// concreteToIface returns x as the conversion I(v) of a value v of a
// concrete type (not an untyped constant or nil) to an interface type I:
// an interface value that is never nil.
func concreteToIface(ct *cellTypes, x ast.Expr) (*ast.CallExpr, bool) {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || call.Ellipsis.IsValid() {
		return nil, false
	}
	tv, ok := ct.info.Types[call.Fun]
	if !ok || !tv.IsType() || !isInterface(tv.Type) {
		return nil, false
	}
	at := ct.goType(call.Args[0])
	if at == nil || isInterface(at) || isUntypedNil(at) {
		return nil, false
	}
	if b, ok := at.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		return nil, false // an untyped constant takes its default type: left as written
	}
	return call, true
}
