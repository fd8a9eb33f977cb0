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
// and at every use go/types resolves to it. yaegi reports a local alias
// (type T = int in a function) undefined wherever it is used: its uses
// get the type it stands for and its declaration goes (localAliases); an
// alias whose type mentions another alias is refused. So is a local
// generic type (type T[P any] int in a function: "type definition not
// implemented"). yaegi prints local types
// without their name either way (%T of T{0, 1} is [2]int), so the name
// shows nowhere.

// renameLocalTypes is the pass "localtypes".
func renameLocalTypes(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	renamed := map[types.Object]string{}
	aliases := map[types.Object]string{} // local alias -> the type it stands for, spelled
	var aliasSpecs []*ast.TypeSpec
	defer func() { localAliases(p, ct, aliases, aliasSpecs) }()
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
			// C"; fixedbugs/issue31959, issue50190): its uses get the
			// type it stands for (localAliases).
			if spelled, ok := p.spellGoType(types.Unalias(obj.Type())); ok && ts.TypeParams == nil && !mentionsType(types.Unalias(obj.Type()), func(t types.Type) bool { _, ok := t.(*types.Alias); return ok }, 0) {
				aliases[obj] = spelled
				aliasSpecs = append(aliasSpecs, ts)
				return true
			}
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

// localAliases replaces each use of a local alias (type C = int32 in a
// function) by the type it stands for, spelled by go/types, and drops its
// declaration: yaegi v0.16 does not know local aliases. An embedded field
// of the alias (struct{ C }) becomes a field named C of that type, which
// keeps the field's name (Go names an embedded field after the alias);
// a conversion gets parentheses (func(int) int is no expression).
func localAliases(p *prep, ct *cellTypes, aliases map[types.Object]string, specs []*ast.TypeSpec) {
	if len(aliases) == 0 {
		return
	}
	calls := map[*ast.Ident]bool{}
	p.pc.inspect(func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.StructType:
			for _, f := range n.Fields.List {
				if len(f.Names) != 0 {
					continue
				}
				t := f.Type
				if st, ok := t.(*ast.StarExpr); ok {
					t = st.X
				}
				if id, ok := t.(*ast.Ident); ok && aliases[ct.info.Uses[id]] != "" {
					p.r.addText(p.off(f.Type.Pos()), p.off(f.Type.Pos()), id.Name+" ")
				}
			}
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
				calls[id] = true
			}
		}
		return true
	})
	p.pc.inspect(func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		spelled, ok := aliases[ct.info.Uses[id]]
		if !ok {
			return true
		}
		if calls[id] {
			spelled = "(" + spelled + ")"
		}
		p.r.addText(p.off(id.Pos()), p.off(id.End()), spelled)
		return true
	})
	// The declarations: a spec alone in its declaration goes with it.
	p.pc.inspect(func(n ast.Node) bool {
		ds, ok := n.(*ast.DeclStmt)
		if !ok {
			return true
		}
		g, ok := ds.Decl.(*ast.GenDecl)
		if !ok || g.Tok != token.TYPE {
			return true
		}
		for _, sp := range g.Specs {
			for _, ts := range specs {
				if sp != ts {
					continue
				}
				if len(g.Specs) == 1 {
					p.r.addText(p.off(ds.Pos()), p.off(ds.End()), "")
				} else {
					p.r.addText(p.off(ts.Pos()), p.off(ts.End()), "")
				}
			}
		}
		return false
	})
}
