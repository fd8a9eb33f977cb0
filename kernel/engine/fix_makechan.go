package engine

import (
	"go/ast"
	"go/types"
)

// Workaround: make of a send-only or receive-only channel type.
//
// Go lets make create a channel of a directional type (make(<-chan int),
// make(Recv) for type Recv <-chan int): a channel nothing can send on
// or receive from through that value. yaegi v0.16 calls reflect.MakeChan,
// which panics for a directional type ("reflect.MakeChan: unidirectional
// channel type"; typeparam/append.go of Go's tests). So the pass
// "makechan" makes a bidirectional channel of the same element type and
// buffer and converts it, which Go allows:
//
//	make(Recv, n)  =>  Recv(make(chan int, n))

// rewriteMakeChans is the pass "makechan".
func rewriteMakeChans(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || len(c.Args) == 0 {
			return true
		}
		id, ok := ast.Unparen(c.Fun).(*ast.Ident)
		if !ok || !p.builtin(id, "make") {
			return true
		}
		t := ct.goType(c)
		if t == nil {
			return true
		}
		ch, ok := t.Underlying().(*types.Chan)
		if !ok || ch.Dir() == types.SendRecv {
			return true
		}
		elem, ok := p.spellGoType(ch.Elem())
		if !ok {
			p.fail(c.Pos(), "cannot run this make of a directional channel type: the engine cannot name its element type "+types.TypeString(ch.Elem(), nil)+" here; make a chan and assign it to the directional type instead")
			return true
		}
		typ := c.Args[0]
		own := len(p.r.edits)
		p.r.add(p.off(typ.Pos()), p.off(typ.End()), func(r *renderer) string { return "chan " + elem })
		p.r.add(p.off(c.Pos()), p.off(c.Pos()), func(r *renderer) string {
			return "(" + r.renderApart(p.off(typ.Pos()), p.off(typ.End()), own, false) + ")("
		})
		p.r.addTail(p.off(c.End()), ")")
		return true
	})
}
