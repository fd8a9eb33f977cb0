package engine

import (
	"go/ast"
	"go/types"
)

// Workaround: new of a value (Go 1.26).
//
// new(E) of an expression E (not a type) gives a pointer to a new
// variable holding E's value; yaegi v0.16 only knows new(T) and gives a
// wrong value for new(123) or new(x). The pass "newexpr" passes E to a
// function literal that returns its parameter's address, with E's type
// from go/types (an untyped constant's default type):
//
//	new(x)  =>  func(_gnnv1 int) *int { return &_gnnv1 }(x)

// rewriteNewExprs is the pass "newexpr".
func rewriteNewExprs(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || len(c.Args) != 1 {
			return true
		}
		id, ok := ast.Unparen(c.Fun).(*ast.Ident)
		if !ok {
			return true
		}
		if b, ok := ct.info.Uses[id].(*types.Builtin); !ok || b.Name() != "new" {
			return true
		}
		if tv, ok := ct.info.Types[c.Args[0]]; !ok || tv.IsType() {
			return true
		}
		pt, ok := ct.goType(c).(*types.Pointer)
		if !ok {
			return true
		}
		t, ok := p.spellGoType(pt.Elem())
		if !ok {
			p.fail(c.Pos(), "cannot run new("+p.text(c.Args[0])+"): the engine cannot name the type of its value here; declare a variable and take its address instead")
			return true
		}
		v := p.r.fresh("nv")
		a := c.Args[0]
		p.r.add(p.off(c.Pos()), p.off(c.End()), func(r *renderer) string {
			return "func(" + v + " " + t + ") *" + t + " { return &" + v + " }(" + r.render(p.off(a.Pos()), p.off(a.End())) + ")"
		})
		return true
	})
}
