package engine

import (
	"go/ast"
	"go/types"
	"strconv"
)

// Workaround: a function used as a value in its own body.
//
// yaegi v0.16 compiles a function's body before the function has a value:
// in func f(i int) any { return f }, the result holds the interpreter's
// node (an *interp.node, no func: a type switch takes no case; g := f
// panics in reflect.Set). The pass "selfref" writes such a use as a
// function literal calling the function:
//
//	return f  =>  return func(_gnf0 int) any { return f(_gnf0) }
//
// The literal is another func value; Go's func values are not comparable
// and print as addresses, so no program tells them apart.

// wrapSelfRefs is the pass "selfref".
func wrapSelfRefs(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	for _, d := range p.pc.decls.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || fd.Recv != nil || fd.Type.TypeParams != nil {
			continue
		}
		fn, ok := ct.info.Defs[fd.Name].(*types.Func)
		if !ok {
			continue
		}
		calls := map[*ast.Ident]bool{}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok {
					calls[id] = true
				}
			}
			id, ok := n.(*ast.Ident)
			if !ok || calls[id] || ct.info.Uses[id] != fn {
				return true
			}
			sig := fn.Type().(*types.Signature)
			lit, ok := selfRefLit(p, id.Name, sig)
			if !ok {
				p.fail(id.Pos(), "cannot use "+id.Name+" as a value inside its own body here: the interpreter gives no function for it, and the engine cannot name its type; assign it to a package variable after the declaration and use that")
				return true
			}
			p.r.addText(p.off(id.Pos()), p.off(id.End()), lit)
			return true
		})
	}
}

// selfRefLit spells a function literal of signature sig calling name.
func selfRefLit(p *prep, name string, sig *types.Signature) (string, bool) {
	params, args := "", ""
	for i := range sig.Params().Len() {
		t := sig.Params().At(i).Type()
		dots := ""
		if sig.Variadic() && i == sig.Params().Len()-1 {
			t = t.(*types.Slice).Elem()
			dots = "..."
		}
		s, ok := p.spellGoType(t)
		if !ok {
			return "", false
		}
		a := "_gnf" + strconv.Itoa(i)
		if i > 0 {
			params, args = params+", ", args+", "
		}
		params += a + " " + dots + s
		args += a + dots
	}
	results := ""
	for i := range sig.Results().Len() {
		s, ok := p.spellGoType(sig.Results().At(i).Type())
		if !ok {
			return "", false
		}
		if i > 0 {
			results += ", "
		}
		results += s
	}
	call := name + "(" + args + ")"
	if sig.Results().Len() > 0 {
		call = "return " + call
	}
	return "func(" + params + ") (" + results + ") { " + call + " }", true
}
