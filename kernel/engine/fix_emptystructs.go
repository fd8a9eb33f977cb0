package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// Refusal: operations that tell empty struct types apart.
//
// yaegi builds a cell's struct types with reflect.StructOf, which gives
// every struct type without fields the one reflect type struct {}: a
// defined type E struct{}, another F struct{}, a local type of a
// function, each instance of a generic empty struct type (T[int],
// T[string]) and struct{} itself are one type at run time. So a value of
// one in an interface asserts as another (x.(E) of an F succeeds), takes
// another's type switch case, equals another's value (== of interfaces,
// map keys of interface type: two keys collapse into one; a context key
// of another type finds the value). The fmt pass tells non-empty struct
// types apart with a tag on their first field (fix_fmt.go); an empty
// struct has no field to tag, and a hidden field would show in fmt,
// reflect and unsafe.Sizeof. So while the session defines two or more
// empty struct types, the pass "emptystructs" refuses at its line:col a
// type assertion or type switch case (on an interface without methods:
// yaegi's switch on one with methods tells them apart) naming one (or
// struct{}), a map
// key of one in a map with interface keys, a comparison of one with an
// interface, and a context.WithValue or Value call with a key of one.
// With one such type (say E), an assertion to E of a struct{}{} held in
// an interface still succeeds (the engine does not count struct{}{}
// values, which are everywhere in channels and sets).

// refuseEmptyStructIdentity is the pass "emptystructs".
func refuseEmptyStructIdentity(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	defined := map[types.Object]bool{}
	local := 0
	// A top-level one with a box (fix_boxnamed.go) keeps its type in an
	// interface: it is not counted, and its uses are the box's.
	boxed := func(obj types.Object) bool {
		_, ok := ct.pkg.Scope().Lookup(boxPrefix + obj.Name()).(*types.TypeName)
		return ok && obj.Parent() == obj.Pkg().Scope()
	}
	for _, obj := range ct.info.Defs {
		if isEmptyStructName(obj) && !boxed(obj) {
			defined[obj] = true
			if obj.Parent() != obj.Pkg().Scope() {
				local++
			}
		}
	}
	if p.e.types != nil {
		for _, obj := range p.e.types.passObjects() {
			if isEmptyStructName(obj) && !boxed(obj) {
				defined[obj] = true
			}
		}
	}
	n := len(defined) + p.e.emptyLocals
	p.e.emptyLocals += local
	if n == 0 {
		return
	}
	refuse := func(at token.Pos, t types.Type, what string) {
		if !isEmptyStruct(t) {
			return
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && boxed(n.Obj()) {
			return
		}
		count := n
		if _, named := t.(*types.Named); !named {
			count++ // struct{} itself is one more
		}
		if count < 2 {
			return
		}
		p.fail(at, what+" of the empty struct type "+types.TypeString(t, types.RelativeTo(ct.pkg))+
			" is refused in a gophernote cell: the interpreter gives all empty struct types one run-time type (this session has several), so it cannot tell their values apart in an interface as Go does; give each type a field (struct{ _ byte }) to keep it distinct")
	}
	p.pc.inspect(func(node ast.Node) bool {
		switch n := node.(type) {
		case *ast.FuncDecl:
			// A box's helpers test for a bare value (fix_boxnamed.go).
			return !strings.HasPrefix(n.Name.Name, boxAssertPfx) && !strings.HasPrefix(n.Name.Name, boxMustPfx)
		case *ast.TypeAssertExpr:
			if n.Type != nil && isInterface(ct.goType(n.X)) {
				refuse(n.Type.Pos(), ct.goType(n.Type), "a type assertion to a value")
			}
		case *ast.TypeSwitchStmt:
			// On an interface with methods, yaegi's type switch compares
			// its own type names, which tell the types apart (its
			// assertion compares reflect types).
			x := ct.goType(typeSwitchOperand(n))
			if x == nil {
				return true
			}
			if it, ok := x.Underlying().(*types.Interface); !ok || it.NumMethods() > 0 {
				return true
			}
			for _, s := range n.Body.List {
				for _, e := range s.(*ast.CaseClause).List {
					if tv, ok := ct.info.Types[e]; ok && tv.IsType() {
						refuse(e.Pos(), tv.Type, "a type switch case for a value")
					}
				}
			}
		case *ast.IndexExpr:
			if m, ok := underMap(ct.goType(n.X)); ok && isInterface(m.Key()) {
				refuse(n.Index.Pos(), ct.goType(n.Index), "a map key")
			}
		case *ast.CompositeLit:
			if m, ok := underMap(ct.goType(n)); ok && isInterface(m.Key()) {
				for _, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						refuse(kv.Key.Pos(), ct.goType(kv.Key), "a map key")
					}
				}
			}
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				x, y := ct.goType(n.X), ct.goType(n.Y)
				if isInterface(x) && !isInterface(y) {
					refuse(n.Y.Pos(), y, "a comparison with an interface")
				} else if isInterface(y) && !isInterface(x) {
					refuse(n.X.Pos(), x, "a comparison with an interface")
				}
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
				if fn, ok := ct.info.Uses[sel.Sel].(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "context" {
					switch {
					case fn.Name() == "WithValue" && len(n.Args) == 3:
						refuse(n.Args[1].Pos(), ct.goType(n.Args[1]), "a context key")
					case fn.Name() == "Value" && len(n.Args) == 1:
						refuse(n.Args[0].Pos(), ct.goType(n.Args[0]), "a context key")
					}
				}
			}
			if id, ok := n.Fun.(*ast.Ident); ok && len(n.Args) == 2 {
				if b, ok := ct.info.Uses[id].(*types.Builtin); ok && b.Name() == "delete" {
					if m, ok := underMap(ct.goType(n.Args[0])); ok && isInterface(m.Key()) {
						refuse(n.Args[1].Pos(), ct.goType(n.Args[1]), "a map key")
					}
				}
			}
		}
		return true
	})
}

// typeSwitchOperand is the x of a type switch's x.(type).
func typeSwitchOperand(ts *ast.TypeSwitchStmt) ast.Expr {
	var ta ast.Expr
	switch a := ts.Assign.(type) {
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			ta = a.Rhs[0]
		}
	case *ast.ExprStmt:
		ta = a.X
	}
	if ta, ok := ta.(*ast.TypeAssertExpr); ok {
		return ta.X
	}
	return nil
}

// isEmptyStructName reports whether obj is a defined type (of the cells)
// whose underlying type is a struct without fields.
func isEmptyStructName(obj types.Object) bool {
	tn, ok := obj.(*types.TypeName)
	if !ok || tn.IsAlias() || tn.Pkg() == nil || tn.Parent() == nil {
		return false
	}
	if n, ok := tn.Type().(*types.Named); !ok || n.TypeParams().Len() > 0 {
		return false
	}
	return isEmptyStruct(tn.Type())
}

// isEmptyStruct reports whether t is a non-interface type whose
// underlying type is a struct without fields.
func isEmptyStruct(t types.Type) bool {
	if t == nil {
		return false
	}
	s, ok := t.Underlying().(*types.Struct)
	return ok && s.NumFields() == 0
}

// underMap returns t's underlying map type.
func underMap(t types.Type) (*types.Map, bool) {
	if t == nil {
		return nil, false
	}
	m, ok := t.Underlying().(*types.Map)
	return m, ok
}
