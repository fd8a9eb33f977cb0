package engine

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Workaround: a concrete value stored into an interface where yaegi
// does not make it an interface value.
//
// yaegi v0.16 stores a value of a cell type without making it a right
// interface value
//
//   - when it is assigned by = to a field, an element or an indirection
//     of an interface type with methods (s.it = myIterator{}, a[i] = v,
//     m[k] = v, *p = v), or to a variable of one in a multiple
//     assignment (s, ok = v, true): reflect panics ("reflect.Set: value
//     of type interp.valueInterface is not assignable to type struct
//     {}"; typeparam/issue48645b and typeparam/issue50642 of Go's tests);
//   - when a value of a cell struct type goes into a variable of type
//     error (var e error = E{}, e = E{}, e := error(E{})): the call
//     e.Error() panics ("reflect: Method index out of range",
//     "reflect.Set: value of type struct {...} is not assignable to type
//     error"; fixedbugs/issue6269).
//
// The same value returned by a function whose result is of the interface
// type is right, so the pass "ifaceplace" writes the conversion Go makes
// as such a function's call, which evaluates the value at the same point:
//
//	s.it = myIterator{}  ->  s.it = (func() Iterator { _gnC := myIterator{}; return _gnC }())
//	e := error(E{})      ->  e := (func() error { _gnC := E{}; return _gnC }())
//
// (through the literal's own variable, so that a variable's value is
// copied: fix_ifacecopy.go).
//
// When the engine cannot name the interface type (one declared inside a
// function), the assignment is refused at its line:col.

// cellMethodsType reports whether t is a type declared in the cell's
// package with methods, or a pointer to one.
func cellMethodsType(ct *cellTypes, t types.Type) bool {
	if pt, ok := types.Unalias(t).(*types.Pointer); ok {
		t = pt.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != ct.pkg.Path() {
		return false
	}
	return n.NumMethods() > 0
}

// convertIfacePlaces is the pass "ifaceplace".
func convertIfacePlaces(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	errType := types.Universe.Lookup("error").Type()
	isErr := func(t types.Type) bool { return t != nil && types.Identical(t, errType) }
	// cellStruct: a value of a struct type declared in the cell's package.
	cellStruct := func(t types.Type) bool {
		n, ok := types.Unalias(t).(*types.Named)
		if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != ct.pkg.Path() {
			return false
		}
		_, ok = n.Underlying().(*types.Struct)
		return ok
	}
	wrap := func(x ast.Expr, spelled string) {
		// The value goes through the literal's own variable: a copy
		// (fix_ifacecopy.go).
		p.r.addText(p.off(x.Pos()), p.off(x.Pos()), "(func() "+spelled+" { _gnC := ")
		p.r.addTail(p.off(x.End()), "; return _gnC }())")
	}
	place := func(x ast.Expr, lt types.Type) bool {
		ts, ok := p.spellGoType(lt)
		if !ok {
			xt := ct.goType(x)
			p.fail(x.Pos(), "assigning a "+types.TypeString(xt, ct.cellQualifier)+" to a field or element of interface type "+
				types.TypeString(lt, ct.cellQualifier)+" is not supported by the gophernote interpreter here: the engine cannot name the interface type "+
				"to convert the value; assign it through a variable of the interface type")
			return false
		}
		wrap(x, ts)
		return true
	}
	selected := map[ast.Expr]bool{} // conversions selected from: the pass convsel's
	p.pc.inspect(func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			selected[ast.Unparen(n.X)] = true
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, l := range n.Lhs {
				lt := ct.goType(l)
				x := n.Rhs[i]
				xt := ct.goType(x)
				if xt == nil || isInterface(xt) || isUntypedNil(xt) {
					continue
				}
				if isErr(lt) && cellStruct(xt) {
					if !place(x, lt) {
						return false
					}
					continue
				}
				switch ast.Unparen(l).(type) {
				case *ast.SelectorExpr, *ast.IndexExpr, *ast.StarExpr:
				case *ast.Ident:
					// s, ok = v, true: in a multiple assignment a
					// variable is such a place too.
					if len(n.Lhs) < 2 || !cellMethodsType(ct, xt) {
						continue
					}
				default:
					continue
				}
				if !isInterface(lt) || lt.Underlying().(*types.Interface).NumMethods() == 0 {
					continue
				}
				if !place(x, lt) {
					return false
				}
			}
		case *ast.ValueSpec:
			if n.Type == nil || len(n.Names) != len(n.Values) || !isErr(ct.goType(n.Type)) {
				return true
			}
			for _, x := range n.Values {
				if xt := ct.goType(x); xt != nil && cellStruct(xt) {
					wrap(x, "error")
				}
			}
		case *ast.CallExpr:
			if selected[n] {
				return true
			}
			if call, ok := concreteToIface(ct, n); ok && isErr(ct.goType(call.Fun)) && cellStruct(ct.goType(call.Args[0])) {
				arg := call.Args[0]
				p.r.addText(p.off(call.Pos()), p.off(call.Pos()), "(func() ")
				p.r.addText(p.off(call.Lparen), p.off(arg.Pos()), " { return ")
				p.r.addText(p.off(arg.End()), p.off(call.Rparen)+1, " }())")
			}
		}
		return true
	})
}
