package engine

import (
	"go/ast"
	"go/types"
)

// Workaround: a concrete value passed to a cell interface parameter of a
// call that spreads its variadic argument.
//
// yaegi v0.16 panics "reflect.Set: value of type *struct {...} is not
// assignable to type interp.valueInterface" on f(1, new(S), xs...) for
// func f(a int64, i I, xs ...uintptr) and I a cell's interface type: with
// a spread (xs...), a value converted to I in the argument list — even
// explicitly, I(new(S)) — reaches the parameter without the interpreter's
// wrapper; a variable of type I, or the result of a call returning I,
// works. So the pass "spreadargs" passes such an argument through a
// function literal that returns it as I, which keeps the order in which
// the arguments are evaluated:
//
//	f(1, new(S), xs...)  →  f(1, func(_gnv I) I { return _gnv }(new(S)), xs...)
//
// (found by TestGoFuzz, progen seed 1002 unit 2). The parameter's type is
// spelled from go/types; one the cell cannot name is left as it was.

// rewriteSpreadArgs is the pass "spreadargs".
func rewriteSpreadArgs(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || !c.Ellipsis.IsValid() {
			return true
		}
		if tv, ok := ct.info.Types[c.Fun]; !ok || tv.IsType() {
			return true
		}
		sig, ok := types.Unalias(ct.goType(c.Fun)).Underlying().(*types.Signature)
		if !ok || !sig.Variadic() {
			return true
		}
		if sel, ok := c.Fun.(*ast.SelectorExpr); ok {
			if fn, ok := ct.info.Uses[sel.Sel].(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() != "main" {
				return true // a compiled package's function or method
			}
		}
		for i, a := range c.Args {
			if i >= sig.Params().Len()-1 {
				break // the spread slice
			}
			pt := sig.Params().At(i).Type()
			if !cellInterface(pt) {
				continue
			}
			at := ct.goType(a)
			if at == nil || isInterface(at) {
				continue
			}
			spelled, ok := p.spellGoType(pt)
			if !ok {
				continue
			}
			p.r.addText(p.off(a.Pos()), p.off(a.Pos()), "func(_gnv "+spelled+") "+spelled+" { return _gnv }(")
			p.r.addTail(p.off(a.End()), ")")
		}
		return true
	})
}
