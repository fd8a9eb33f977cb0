package engine

import (
	"go/ast"
	"go/types"
)

// Workaround: a method value with a value receiver copies the receiver.
//
// Go evaluates a method value x.M whose method has a value receiver by
// copying the receiver (x, *x for a pointer x, the embedded field a
// promoted method is declared on): later changes to x do not show in
// calls of the method value. yaegi v0.16 binds the method value to the
// variable and reads it at each call (f := v.String; v++; f() shows the
// new v). So such a method value (go/types: a MethodVal selection not
// called at once, its method's receiver not a pointer, the receiver a
// named type of the cell that is not generic and not declared in a
// function) is evaluated by a function literal taking the receiver as
// its parameter, a copy of its own:
//
//	f := x.E.M  =>  f := func(_gnr T) func(int) string { return _gnr.M }(*x.E)
//
// Method values through interfaces are yaegi's (it copies the interface
// value), so are pointer-receiver method values (Go binds &x).

// copyMethodValues is the pass "methodcopy".
func copyMethodValues(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	var stack []ast.Node
	visit := func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, n)
		if sel, ok := n.(*ast.SelectorExpr); ok {
			copyMethodValue(p, ct, sel, stack)
		}
		return true
	}
	for _, root := range []ast.Node{p.pc.decls, p.pc.stmts.Body} {
		stack = nil
		ast.Inspect(root, visit)
	}
}

func copyMethodValue(p *prep, ct *cellTypes, sel *ast.SelectorExpr, stack []ast.Node) {
	s, ok := ct.info.Selections[sel]
	if !ok || s.Kind() != types.MethodVal {
		return
	}
	for i := len(stack) - 2; i >= 0; i-- {
		if _, paren := stack[i].(*ast.ParenExpr); paren {
			continue
		}
		if c, ok := stack[i].(*ast.CallExpr); ok && ast.Unparen(c.Fun) == ast.Expr(sel) {
			return // a call, not a method value
		}
		break
	}
	m, ok := s.Obj().(*types.Func)
	if !ok {
		return
	}
	sig, _ := m.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return
	}
	recv, ok := sig.Recv().Type().(*types.Named)
	if !ok || recv.TypeArgs().Len() > 0 || recv.TypeParams().Len() > 0 || types.IsInterface(recv) {
		return
	}
	if obj := recv.Obj(); obj.Pkg() == nil || obj.Pkg().Path() != "main" || obj.Parent() != obj.Pkg().Scope() {
		return
	}
	fn, ok := s.Type().(*types.Signature)
	if !ok || !cellSpellable(fn) {
		return
	}
	// The receiver Go copies: x, then the embedded fields on the path,
	// dereferenced where they are pointers.
	xs, xe := p.off(sel.X.Pos()), p.off(sel.X.End())
	var path []string
	cur := s.Recv()
	idx := s.Index()
	for _, fi := range idx[:len(idx)-1] {
		st := cur
		if ptr, ok := cur.Underlying().(*types.Pointer); ok {
			st = ptr.Elem()
		}
		str, ok := st.Underlying().(*types.Struct)
		if !ok || fi >= str.NumFields() {
			return
		}
		f := str.Field(fi)
		path = append(path, f.Name())
		cur = f.Type()
	}
	if types.IsInterface(cur) {
		return
	}
	_, deref := cur.Underlying().(*types.Pointer)
	name := types.TypeString(recv, qualifyLocal)
	ftype := types.TypeString(fn, qualifyLocal)
	p.r.add(p.off(sel.Pos()), p.off(sel.End()), func(r *renderer) string {
		x := r.render(xs, xe)
		for _, f := range path {
			x = "(" + x + ")." + f
		}
		if deref {
			x = "*(" + x + ")"
		}
		return "func(_gnr " + name + ") " + ftype + " { return _gnr." + sel.Sel.Name + " }(" + x + ")"
	})
}

// cellSpellable: t names no type of a package other than main (a cell
// may not import it) and no type declared in a function.
func cellSpellable(t types.Type) bool {
	ok := true
	var walk func(t types.Type, depth int)
	walk = func(t types.Type, depth int) {
		if !ok || depth > 8 {
			return
		}
		switch t := t.(type) {
		case *types.Named:
			if obj := t.Obj(); obj.Pkg() != nil && (obj.Pkg().Path() != "main" || obj.Parent() != obj.Pkg().Scope()) {
				ok = false
			}
			if t.TypeArgs().Len() > 0 {
				ok = false
			}
		case *types.TypeParam, *types.Alias:
			ok = false
		case *types.Pointer:
			walk(t.Elem(), depth+1)
		case *types.Slice:
			walk(t.Elem(), depth+1)
		case *types.Array:
			walk(t.Elem(), depth+1)
		case *types.Map:
			walk(t.Key(), depth+1)
			walk(t.Elem(), depth+1)
		case *types.Chan:
			walk(t.Elem(), depth+1)
		case *types.Signature:
			for i := 0; i < t.Params().Len(); i++ {
				walk(t.Params().At(i).Type(), depth+1)
			}
			for i := 0; i < t.Results().Len(); i++ {
				walk(t.Results().At(i).Type(), depth+1)
			}
		case *types.Struct:
			for i := 0; i < t.NumFields(); i++ {
				walk(t.Field(i).Type(), depth+1)
			}
		case *types.Interface:
			for i := 0; i < t.NumMethods(); i++ {
				walk(t.Method(i).Type(), depth+1)
			}
		}
	}
	walk(t, 0)
	return ok
}
