package engine

import (
	"go/ast"
	"go/token"
	"reflect"
	"strings"
)

// exprType returns the compiled type of x when the cell's syntax, the
// symbol tables and the session's values tell it: package functions and
// variables, calls and methods of compiled types, fields, and variables
// defined from those. It returns nil when unknown (interpreted types, for
// instance).
func (a *analysis) exprType(x ast.Expr) reflect.Type {
	a.classifyDepth++
	defer func() { a.classifyDepth-- }()
	if a.classifyDepth > 20 {
		return nil
	}
	switch x := x.(type) {
	case *ast.ParenExpr:
		return a.exprType(x.X)
	case *ast.StarExpr:
		if t := a.exprType(x.X); t != nil && t.Kind() == reflect.Pointer {
			return t.Elem()
		}
	case *ast.UnaryExpr:
		t := a.exprType(x.X)
		switch {
		case t == nil:
		case x.Op == token.AND:
			return reflect.PointerTo(t)
		case x.Op == token.ARROW:
			if t.Kind() == reflect.Chan {
				return t.Elem()
			}
		default: // + - ! ^
			return t
		}
	case *ast.BinaryExpr:
		if !a.strictTypes {
			return nil // an operand may be an untyped constant
		}
		switch x.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			return reflect.TypeFor[bool]()
		case token.SHL, token.SHR:
			return a.exprType(x.X)
		}
		if t := a.exprType(x.X); t != nil {
			return t
		}
		return a.exprType(x.Y)
	case *ast.Ident:
		return a.identType(x)
	case *ast.CompositeLit:
		if x.Type != nil {
			return a.typeExprType(x.Type)
		}
	case *ast.IndexExpr:
		return indexType(a.exprType(x.X))
	case *ast.SliceExpr:
		return sliceType(a.exprType(x.X))
	case *ast.CallExpr:
		if ft := a.funcType(x.Fun); ft != nil && ft.NumOut() > 0 {
			return ft.Out(0)
		}
		if id, ok := x.Fun.(*ast.Ident); ok && id.Obj == nil {
			// A function declared by a cell returning a compiled type.
			fd := a.cellFuncs[id.Name]
			if rec, ok := a.e.decls[id.Name]; fd == nil && ok {
				fd, _ = rec.decl.(*ast.FuncDecl)
			}
			if fd != nil && fd.Type.Results != nil && len(fd.Type.Results.List) > 0 {
				return a.typeExprType(fd.Type.Results.List[0].Type)
			}
		}
	case *ast.SelectorExpr:
		if id, ok := x.X.(*ast.Ident); ok && id.Obj == nil {
			if p, ok := a.pkgPath(id.Name); ok {
				v := a.e.symbol(p, x.Sel.Name)
				if v.IsValid() && v.Kind() != reflect.Func && !(v.Kind() == reflect.Pointer && v.IsNil()) {
					if _, isConst := v.Interface().(interface{ ExactString() string }); !isConst {
						return v.Type()
					}
				}
				return nil
			}
		}
		t := a.exprType(x.X)
		if t == nil {
			return nil
		}
		st := t
		if st.Kind() == reflect.Pointer {
			st = st.Elem()
		}
		if st.Kind() == reflect.Struct {
			if f, ok := st.FieldByName(x.Sel.Name); ok {
				return f.Type
			}
		}
	}
	return nil
}

// identType is exprType for identifiers.
func (a *analysis) identType(id *ast.Ident) reflect.Type {
	if id.Obj != nil {
		if as, ok := id.Obj.Decl.(*ast.AssignStmt); ok {
			for i, l := range as.Lhs {
				lid, ok := l.(*ast.Ident)
				if !ok || lid.Name != id.Name {
					continue
				}
				if len(as.Rhs) == len(as.Lhs) {
					return a.exprType(as.Rhs[i])
				}
				if len(as.Rhs) == 1 {
					if c, ok := as.Rhs[0].(*ast.CallExpr); ok {
						if ft := a.funcType(c.Fun); ft != nil && i < ft.NumOut() {
							return ft.Out(i)
						}
					}
				}
			}
		}
		switch d := id.Obj.Decl.(type) {
		case *ast.Field:
			return a.typeExprType(d.Type)
		case *ast.ValueSpec:
			if d.Type != nil {
				return a.typeExprType(d.Type)
			}
			for i, n := range d.Names {
				if n.Name == id.Name && i < len(d.Values) {
					return a.exprType(d.Values[i])
				}
			}
		}
		return nil
	}
	if vs, ok := a.cellValues[id.Name]; ok && vs.Type != nil {
		return a.typeExprType(vs.Type)
	}
	if vs, ok := a.cellValues[id.Name]; ok && a.strictTypes && len(vs.Values) == len(vs.Names) {
		for i, n := range vs.Names {
			if n.Name == id.Name {
				return a.exprType(vs.Values[i])
			}
		}
	}
	if _, ok := a.declDefined[id.Name]; ok {
		return nil
	}
	if a.strictTypes {
		return a.e.compiledVar(id.Name)
	}
	if v, ok := a.e.global(id.Name); ok && v.IsValid() {
		if v.Kind() == reflect.Interface && !v.IsNil() {
			return v.Elem().Type()
		}
		return v.Type()
	}
	return nil
}

// funcType returns the compiled func type of a callee: pkg.F, or a method
// x.M of a value of known compiled type.
func (a *analysis) funcType(fun ast.Expr) reflect.Type {
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if id, ok := sel.X.(*ast.Ident); ok && id.Obj == nil {
		if p, ok := a.pkgPath(id.Name); ok {
			if v := a.e.symbol(p, sel.Sel.Name); v.IsValid() && v.Kind() == reflect.Func {
				return v.Type()
			}
			return nil
		}
	}
	t := a.exprType(sel.X)
	if t == nil || t.PkgPath() == "" && t.Kind() != reflect.Pointer {
		return nil
	}
	if m, ok := t.MethodByName(sel.Sel.Name); ok && t.Kind() != reflect.Interface {
		return dropReceiver(m.Type)
	} else if ok {
		return m.Type
	}
	if t.Kind() != reflect.Pointer {
		if m, ok := reflect.PointerTo(t).MethodByName(sel.Sel.Name); ok {
			return dropReceiver(m.Type)
		}
	}
	return nil
}

// dropReceiver turns a method expression type func(T, args) into func(args).
func dropReceiver(t reflect.Type) reflect.Type {
	in := make([]reflect.Type, 0, t.NumIn()-1)
	for i := 1; i < t.NumIn(); i++ {
		in = append(in, t.In(i))
	}
	out := make([]reflect.Type, t.NumOut())
	for i := range out {
		out[i] = t.Out(i)
	}
	return reflect.FuncOf(in, out, t.IsVariadic())
}

// fixVariadicIface rewrites f(a, b) to f([]T{a, b}...) when f is compiled
// and variadic with a non-empty interface element type T: yaegi cannot
// pass an interpreted value straight into such a parameter (p.Add(myPlotter)
// panics "cannot use struct as type plot.Plotter") but converts it in a
// slice literal.
func (a *analysis) fixVariadicIface(c *ast.CallExpr) {
	if c.Ellipsis.IsValid() {
		return
	}
	ft := a.funcType(c.Fun)
	if ft == nil || !ft.IsVariadic() {
		return
	}
	fixed := ft.NumIn() - 1
	elem := ft.In(fixed).Elem()
	if elem.Kind() != reflect.Interface || elem.NumMethod() == 0 || len(c.Args) <= fixed {
		return
	}
	name, ok := a.spellCellType(elem)
	if !ok {
		return
	}
	args := c.Args[fixed:]
	a.r.add(a.off(args[0].Pos()), a.off(c.Rparen), func(r *renderer) string {
		parts := make([]string, len(args))
		for i, x := range args {
			parts[i] = r.render(a.off(x.Pos()), a.off(x.End()))
		}
		return "[]" + name + "{" + strings.Join(parts, ", ") + "}..."
	})
}

// spellCellType spells a named type for use in this cell (the session's
// and the cell's imports), or the builtin error.
func (a *analysis) spellCellType(t reflect.Type) (string, bool) {
	if t.PkgPath() == "" {
		return t.Name(), t.Name() != ""
	}
	for name, p := range a.cellImports {
		if p == t.PkgPath() {
			return name + "." + t.Name(), true
		}
	}
	for name, p := range a.e.importNames {
		if p == t.PkgPath() && !a.shadowed(name) {
			return name + "." + t.Name(), true
		}
	}
	return "", false
}

// typeExprType resolves a type expression made of compiled package types,
// pointers and slices.
func (a *analysis) typeExprType(t ast.Expr) reflect.Type {
	switch t := t.(type) {
	case *ast.StarExpr:
		if e := a.typeExprType(t.X); e != nil {
			return reflect.PointerTo(e)
		}
	case *ast.ArrayType:
		if e := a.typeExprType(t.Elt); e != nil && t.Len == nil {
			return reflect.SliceOf(e)
		}
	case *ast.SelectorExpr:
		if id, ok := t.X.(*ast.Ident); ok && id.Obj == nil {
			if p, ok := a.pkgPath(id.Name); ok {
				v := a.e.symbol(p, t.Sel.Name)
				if v.IsValid() && v.Kind() == reflect.Pointer && v.IsNil() {
					return v.Type().Elem()
				}
			}
		}
	}
	return nil
}
