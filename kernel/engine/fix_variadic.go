package engine

import (
	"go/ast"
	"reflect"
	"strings"
)

// Workaround: an interpreted value passed to a compiled variadic
// interface parameter.
//
// yaegi cannot pass an interpreted value straight into a compiled
// variadic parameter of a non-empty interface type (p.Add(myPlotter)
// panics "cannot use struct as type plot.Plotter") but converts it in a
// slice literal. So f(a, b) becomes f([]T{a, b}...) when f is compiled
// and variadic with such an element type T.

// fixVariadicIfaces is the pass "variadic".
func fixVariadicIfaces(p *prep) {
	visit := func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			fixVariadicIface(p, c)
		}
		return true
	}
	p.pc.inspect(visit)
}

func fixVariadicIface(p *prep, c *ast.CallExpr) {
	if c.Ellipsis.IsValid() {
		return
	}
	ft := p.funcType(c.Fun)
	if ft == nil || !ft.IsVariadic() {
		return
	}
	fixed := ft.NumIn() - 1
	elem := ft.In(fixed).Elem()
	if elem.Kind() != reflect.Interface || elem.NumMethod() == 0 || len(c.Args) <= fixed {
		return
	}
	name, ok := p.spellCellType(elem)
	if !ok {
		return
	}
	args := c.Args[fixed:]
	p.r.add(p.off(args[0].Pos()), p.off(c.Rparen), func(r *renderer) string {
		parts := make([]string, len(args))
		for i, x := range args {
			parts[i] = r.render(p.off(x.Pos()), p.off(x.End()))
		}
		return "[]" + name + "{" + strings.Join(parts, ", ") + "}..."
	})
}
