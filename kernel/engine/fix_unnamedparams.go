package engine

import "go/ast"

// Workaround: unnamed parameters.
//
// yaegi v0.16 gives an unnamed parameter (func G(bool) int) no frame slot
// of its own, and a call of such a function whose argument is a && or ||
// expression, inside a larger expression (G(a() && b()) + 1), writes the
// boolean to another slot of the caller's frame: reflect.Set panics ("value
// of type bool is not assignable to type *int") or an index is out of range.
// A blank name gets its slot. So the pass "unnamedparams" names every
// unnamed parameter and receiver of a declared function, a method and a
// function literal _.

// nameUnnamedParams is the pass "unnamedparams".
func nameUnnamedParams(p *prep) {
	name := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, f := range fl.List {
			if len(f.Names) == 0 {
				p.r.addText(p.off(f.Type.Pos()), p.off(f.Type.Pos()), "_ ")
			}
		}
	}
	p.pc.inspect(func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Body != nil {
				name(n.Recv)
				name(n.Type.Params)
			}
		case *ast.FuncLit:
			name(n.Type.Params)
		}
		return true
	})
}
