package engine

import (
	"fmt"
	"go/ast"
	"go/types"
	"runtime"
)

// Workaround: unsafe.Offsetof of a promoted field or through a pointer.
//
// unsafe.Offsetof(x.f) is a constant: the offset of f relative to x,
// which depends on x's type only (f may be promoted from embedded
// structs, x may be a pointer, nil or not). yaegi v0.16 looks f up among
// x's own fields only and evaluates x: a promoted field or a nil pointer
// base crashes it, compiling or at run time (a nil pointer dereference;
// sizeof.go, issue53137.go). So the pass "offsetof" replaces the call by
// the offset compiled Go gives, uintptr(N): the sum of the field offsets
// along the path go/types resolved, laid out by go/types' sizes for gc
// on this architecture (the layout reflect.StructOf gives yaegi's
// structs too). A struct whose layout go/types cannot compute (type
// parameters in it) is left to yaegi.

var offsetSizes = types.SizesFor("gc", runtime.GOARCH)

// rewriteOffsetof is the pass "offsetof".
func rewriteOffsetof(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || len(c.Args) != 1 {
			return true
		}
		fs, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
		if !ok || fs.Sel.Name != "Offsetof" || !isUnsafeSel(ct, fs) {
			return true
		}
		sel, ok := ast.Unparen(c.Args[0]).(*ast.SelectorExpr)
		if !ok {
			return true
		}
		s := ct.info.Selections[sel]
		if s == nil || s.Kind() != types.FieldVal {
			return true
		}
		if off, ok := fieldOffset(s.Recv(), s.Index()); ok {
			p.r.addText(p.off(c.Pos()), p.off(c.End()), fmt.Sprintf("uintptr(%d)", off))
		}
		return false
	})
}

// fieldOffset sums the offsets of the fields at path from struct type t
// (or a pointer to it); ok is false when a layout cannot be computed.
func fieldOffset(t types.Type, path []int) (off int64, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false // go/types' sizes of a type it cannot lay out
		}
	}()
	for _, i := range path {
		if pt, isPtr := t.Underlying().(*types.Pointer); isPtr {
			t = pt.Elem()
		}
		st, isStruct := t.Underlying().(*types.Struct)
		if !isStruct || structHasTypeParam(st) {
			return 0, false
		}
		fields := make([]*types.Var, st.NumFields())
		for j := range fields {
			fields[j] = st.Field(j)
		}
		off += offsetSizes.Offsetsof(fields)[i]
		t = st.Field(i).Type()
	}
	return off, true
}

// structHasTypeParam reports whether a field of st has a type mentioning a
// type parameter.
func structHasTypeParam(st *types.Struct) bool {
	found := false
	var walk func(t types.Type)
	seen := map[types.Type]bool{}
	walk = func(t types.Type) {
		if found || seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.TypeParam:
			found = true
		case *types.Named:
			if args := t.TypeArgs(); args != nil {
				for i := range args.Len() {
					walk(args.At(i))
				}
			}
			walk(t.Underlying())
		case *types.Struct:
			for i := range t.NumFields() {
				walk(t.Field(i).Type())
			}
		case *types.Array:
			walk(t.Elem())
		}
	}
	walk(st)
	return found
}

// isUnsafeSel reports whether fs names a function of package unsafe
// (which the engine's go/types importer builds from yaegi's symbols: its
// functions are plain functions, not go/types' builtins).
func isUnsafeSel(ct *cellTypes, fs *ast.SelectorExpr) bool {
	if b, ok := ct.info.Uses[fs.Sel].(*types.Builtin); ok {
		return b.Pkg() == nil || b.Pkg().Path() == "unsafe"
	}
	id, ok := fs.X.(*ast.Ident)
	if !ok {
		return false
	}
	pn, ok := ct.info.Uses[id].(*types.PkgName)
	return ok && pn.Imported().Path() == "unsafe"
}
