package engine

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Workaround: a concrete value assigned to an interface-typed field or
// element.
//
// yaegi v0.16 stores a value of a cell type assigned by = to a field, an
// element or an indirection of an interface type with methods (s.it =
// myIterator{}, a[i] = v, m[k] = v, *p = v) without making it an
// interface value: reflect panics ("reflect.Set: value of type
// interp.valueInterface is not assignable to type struct {}";
// typeparam/issue48645b of Go's tests). Assigned to a variable, or
// converted first, the value is right. So the pass "ifaceplace" writes the
// conversion Go makes implicitly:
//
//	s.it = myIterator{}  ->  s.it = Iterator(myIterator{})
//
// When the engine cannot name the interface type (one declared inside a
// function), the assignment is refused at its line:col.

// convertIfacePlaces is the pass "ifaceplace".
func convertIfacePlaces(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			switch ast.Unparen(l).(type) {
			case *ast.SelectorExpr, *ast.IndexExpr, *ast.StarExpr:
			default:
				continue
			}
			lt := ct.goType(l)
			if !isInterface(lt) || lt.Underlying().(*types.Interface).NumMethods() == 0 {
				continue
			}
			x := as.Rhs[i]
			xt := ct.goType(x)
			if xt == nil || isInterface(xt) || isUntypedNil(xt) {
				continue
			}
			ts, ok := p.spellGoType(lt)
			if !ok {
				p.fail(x.Pos(), "assigning a "+types.TypeString(xt, ct.cellQualifier)+" to a field or element of interface type "+
					types.TypeString(lt, ct.cellQualifier)+" is not supported by the gophernote interpreter here: the engine cannot name the interface type "+
					"to convert the value; convert it yourself or assign it through a variable of the interface type")
				return false
			}
			p.r.addText(p.off(x.Pos()), p.off(x.Pos()), "("+ts+")(")
			p.r.addTail(p.off(x.End()), ")")
		}
		return true
	})
}
