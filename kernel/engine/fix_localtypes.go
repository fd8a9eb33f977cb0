package engine

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Workaround: a type declared in a function with the name of a type (or
// other name) of an enclosing scope.
//
// yaegi v0.16 resolves the name of a local type to the package-level
// declaration it shadows: `type T [2]int; T{0, 1}` in a function of a
// package that declares type T struct{ V int } fails with "too many
// values in struct literal" (fixedbugs/issue8947 of Go's tests). The pass
// "localtypes" gives such a local type a fresh name, at its declaration
// and at every use go/types resolves to it. A local alias (type T = int
// in a function) is refused: yaegi reports it undefined wherever it is
// used; so is a local generic type (type T[P any] int in a function:
// "type definition not implemented"). yaegi prints local types
// without their name either way (%T of T{0, 1} is [2]int), so the name
// shows nowhere.

// renameLocalTypes is the pass "localtypes".
func renameLocalTypes(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	renamed := map[types.Object]string{}
	p.pc.inspect(func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || ts.Name.Name == "_" {
			return true
		}
		obj, ok := ct.info.Defs[ts.Name].(*types.TypeName)
		if !ok || obj.Pkg() == nil || obj.Parent() == nil || obj.Parent() == obj.Pkg().Scope() {
			return true
		}
		if ts.TypeParams != nil {
			// yaegi v0.16: "type definition not implemented: fieldList"
			// (typeparam/issue54456).
			p.fail(ts.Name.Pos(), "a generic type declared inside a function (type "+obj.Name()+"[...]) is not supported by the gophernote interpreter: declare it at the top level of the cell")
			return false
		}
		if obj.IsAlias() {
			// yaegi v0.16 does not know a local alias at all ("undefined:
			// C"; fixedbugs/issue31959, issue50190).
			p.fail(ts.Name.Pos(), "a type alias declared inside a function (type "+obj.Name()+" = ...) is not supported by the gophernote interpreter: declare it at the top level of the cell")
			return false
		}
		outer := obj.Parent().Parent()
		if outer == nil {
			return true
		}
		if s, o := outer.LookupParent(obj.Name(), token.NoPos); o == nil || s == types.Universe {
			return true
		}
		renamed[obj] = p.r.fresh("T") + "_" + obj.Name()
		return true
	})
	if len(renamed) == 0 {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		obj := ct.info.Defs[id]
		if obj == nil {
			obj = ct.info.Uses[id]
		}
		if name, ok := renamed[obj]; ok {
			p.r.addText(p.off(id.Pos()), p.off(id.End()), name)
		}
		return true
	})
}
