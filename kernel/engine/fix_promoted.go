package engine

import (
	"go/ast"
	"go/types"
)

// Workaround: a promoted field or method that a deeper one shadows.
//
// A selector x.f names the f at the shallowest depth of x's embedded
// fields. yaegi v0.16 searches its embedded fields depth first: with
// type B struct{ A; embedded } and A embedding embedded too, b.val()
// calls A's embedded val, not B's own. When the name also exists deeper
// than the one Go selects, the pass "promoted" writes the path go/types
// selected:
//
//	b.val()  =>  b.embedded.val()
//
// (A conversion of such a value to an interface takes yaegi's method set,
// which keeps the deeper method: not rewritten here.)
//
// A method promoted from an embedded field of an interface type (type B
// struct{ A2 } with A2 an interface: b.m2(1), f := b.m2) panics in yaegi
// ("invalid interface value"; typeparam/issue44688 of Go's tests); through
// the field it is called right, so the pass writes that path too:
//
//	b.m2(1)  =>  b.A2.m2(1)

// spellPromoted is the pass "promoted".
func spellPromoted(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		se, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		sel, ok := ct.info.Selections[se]
		if !ok || len(sel.Index()) < 2 || sel.Kind() == types.MethodExpr {
			return true
		}
		if !deeperName(sel.Recv(), se.Sel.Name, len(sel.Index())) && !viaEmbeddedIface(sel) {
			return true
		}
		path, ok := embeddedPath(sel.Recv(), sel.Index()[:len(sel.Index())-1], "main")
		if !ok {
			return true
		}
		p.r.addText(p.off(se.X.End()), p.off(se.X.End()), path)
		return true
	})
}

// viaEmbeddedIface reports whether sel is a method value promoted from an
// embedded field of an interface type.
func viaEmbeddedIface(sel *types.Selection) bool {
	if sel.Kind() != types.MethodVal {
		return false
	}
	t := sel.Recv()
	for _, i := range sel.Index()[:len(sel.Index())-1] {
		if pt, ok := t.Underlying().(*types.Pointer); ok {
			t = pt.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return false
		}
		t = st.Field(i).Type()
	}
	return isInterface(t)
}

// embeddedPath spells the embedded fields at indexes idx from t: ".A.B".
func embeddedPath(t types.Type, idx []int, pkg string) (string, bool) {
	out := ""
	for _, i := range idx {
		if pt, ok := t.Underlying().(*types.Pointer); ok {
			t = pt.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return "", false
		}
		f := st.Field(i)
		if !f.Exported() && (f.Pkg() == nil || f.Pkg().Path() != pkg) {
			return "", false
		}
		out += "." + f.Name()
		t = f.Type()
	}
	return out, true
}

// deeperName reports whether a field or method name exists among t's
// embedded fields deeper than depth (a field or method of t itself is at
// depth 1).
func deeperName(t types.Type, name string, depth int) bool {
	type level struct {
		t types.Type
		d int
	}
	todo := []level{{t, 1}}
	for n := 0; len(todo) > 0 && n < 1000; n++ {
		l := todo[0]
		todo = todo[1:]
		t := l.t
		if pt, ok := t.Underlying().(*types.Pointer); ok {
			t = pt.Elem()
		}
		if l.d > 8 {
			continue
		}
		if l.d > depth {
			if named, ok := t.(*types.Named); ok {
				for i := range named.NumMethods() {
					if named.Method(i).Name() == name {
						return true
					}
				}
			}
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := range st.NumFields() {
			f := st.Field(i)
			if f.Name() == name && l.d > depth {
				return true
			}
			if f.Embedded() {
				todo = append(todo, level{f.Type(), l.d + 1})
			}
		}
	}
	return false
}
