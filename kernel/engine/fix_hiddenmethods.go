package engine

import (
	"go/ast"
	"go/types"
)

// Refusal: a field that hides a method of an embedded field.
//
// In Go the shallower of a field m and a method m promoted from an
// embedded field wins (tt.m is the field). yaegi v0.16 refuses the
// selector at compile time ("ambiguous selector: m"; fixedbugs/bug372
// of Go's tests). The fix would rename the field, which shows in %+v,
// reflect and encodings, so the pass "hiddenmethods" refuses the
// selector instead, naming the field and the method it hides.

// refuseHiddenMethods is the pass "hiddenmethods".
func refuseHiddenMethods(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		if p.err != nil {
			return false
		}
		se, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		sel := ct.info.Selections[se]
		if sel == nil || sel.Kind() != types.FieldVal || len(sel.Index()) != 1 {
			return true
		}
		t := sel.Recv()
		if pt, ok := t.Underlying().(*types.Pointer); ok {
			t = pt.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return true
		}
		name := se.Sel.Name
		for i := range st.NumFields() {
			f := st.Field(i)
			if !f.Embedded() {
				continue
			}
			ft := f.Type()
			if _, isPtr := ft.Underlying().(*types.Pointer); !isPtr {
				ft = types.NewPointer(ft)
			}
			ms := types.NewMethodSet(ft)
			for j := range ms.Len() {
				if ms.At(j).Obj().Name() == name {
					p.fail(se.Sel.Pos(), "selecting the field "+name+", which hides the method "+name+" of the embedded field "+f.Name()+", is not supported by the gophernote interpreter: yaegi calls the selector ambiguous (rename the field or the method)")
					return false
				}
			}
		}
		return true
	})
}
