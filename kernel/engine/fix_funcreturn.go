package engine

import (
	"go/ast"
	"go/types"
	"strings"
)

// Workaround: a declared function returned as a value.
//
// yaegi v0.16 keeps an interpreted function declaration as its node until
// something converts it to a function value: an assignment to a variable
// of a written func type does (var f func(int) int = sq), a return does
// not. So `return sq` from a function whose result is a func type, or
// `f := sq; return f` (f keeps the node), or `return T.M` (a method
// expression), panics at run time with "reflect.Set: value of type
// *interp.node is not assignable to type func(int) int"; returned as an
// interface value the node leaks out (an assertion to func(int) int then
// fails). A package-level `var tests = []func(){Assert[int]()}` meets it
// while the cell's variables are initialized. A conversion to the result's
// func type is that assignment: the pass "funcreturn" writes
// `return (func(int) int)(sq)` (F(sq) for a defined type F) for each returned operand of func type that
// names a function, a method expression or a variable (a function literal
// or a call already gives a value). The conversion is as cheap as the
// return: nothing runs per loop iteration or per call elsewhere.

// rewriteFuncReturns is the pass "funcreturn".
func rewriteFuncReturns(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	var sigs []*types.Signature // the enclosing functions, innermost last
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Body == nil {
				return false
			}
			fn, _ := ct.info.Defs[n.Name].(*types.Func)
			var sig *types.Signature
			if fn != nil {
				sig, _ = fn.Type().(*types.Signature)
			}
			sigs = append(sigs, sig)
			ast.Inspect(n.Body, visit)
			sigs = sigs[:len(sigs)-1]
			return false
		case *ast.FuncLit:
			sig, _ := ct.goType(n).(*types.Signature)
			sigs = append(sigs, sig)
			ast.Inspect(n.Body, visit)
			sigs = sigs[:len(sigs)-1]
			return false
		case *ast.ReturnStmt:
			if len(sigs) == 0 || sigs[len(sigs)-1] == nil {
				return true
			}
			res := sigs[len(sigs)-1].Results()
			if res.Len() != len(n.Results) {
				return true // none, or one call giving them all
			}
			for i, x := range n.Results {
				rt := res.At(i).Type()
				var to types.Type // the type to convert x to
				switch rt.Underlying().(type) {
				case *types.Signature:
					to = rt
					if recursiveNamed(rt) {
						// Run as a struct (fix_recursivetypes.go): its field's
						// func type, for a func value of that type.
						to = nil
						if t := ct.goType(x); t != nil && !types.Identical(t, rt) {
							to = rt.Underlying()
						}
					}
				case *types.Interface:
					if t := ct.goType(x); t != nil {
						if _, ok := t.Underlying().(*types.Signature); ok {
							to = t
						}
					}
				}
				if to == nil || !validType(to) || !namesFuncValue(ct, x) {
					continue
				}
				ts, ok := p.spellGoType(to)
				if !ok {
					continue
				}
				if strings.HasPrefix(ts, "func") {
					ts = "(" + ts + ")" // func(int) int(sq) would not parse
				} // a parenthesized name, (F)(sq), crashes yaegi's compiler at the call of the result
				p.r.addText(p.off(x.Pos()), p.off(x.Pos()), ts+"(")
				p.r.addTail(p.off(x.End()), ")")
			}
		}
		return true
	}
	p.pc.inspect(visit)
}

// namesFuncValue reports whether x (of func type) names a function of the
// cell, a method expression or a variable: what may hold yaegi's node of
// a declared function rather than a function value.
func namesFuncValue(ct *cellTypes, x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		switch obj := ct.info.Uses[x].(type) {
		case *types.Func:
			return true
		case *types.Var:
			return !obj.IsField()
		}
	case *ast.SelectorExpr:
		if sel, ok := ct.info.Selections[x]; ok {
			return sel.Kind() == types.MethodExpr
		}
	}
	return false
}
