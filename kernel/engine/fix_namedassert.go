package engine

import (
	"fmt"
	"go/ast"
	"go/types"
	"sort"
)

// Refusal: type assertions and type switches that cannot tell a cell type
// whose underlying type is not a struct from that underlying type.
//
// yaegi represents a value of type Kind int (or Temp float64, IDs []int)
// by a value of its underlying type and keeps no type of its own for it in
// an interface: with type Kind int, var v any = 1 gives v.(Kind) true and
// a switch on v takes case Kind; a Temp(2) in an interface asserts as a
// float64 and takes case float64 before case Temp; with a String method, a
// Kind in a []any misses case fmt.Stringer. Go tells them apart. So the
// pass "namedassert" refuses, at its line:col, an assertion or a type
// switch case naming (a) such a cell type, (b) the underlying type of one,
// or (c) an interface with methods that one implements — while the
// session defines such a type. Struct types keep their identity in yaegi
// (reflect.StructOf) and are not refused. A false alarm (an int that can
// never be a Kind) is possible; a wrong branch is not.

// refuseNamedAssertions is the pass "namedassert".
func refuseNamedAssertions(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	named := sessionNonStructTypes(p, ct)
	if len(named) == 0 {
		return
	}
	// The types with a box (fix_boxnamed.go) keep their identity in
	// interfaces; a pointer to one does not.
	boxed := map[*types.Named]bool{}
	ptrBoxed := map[*types.Named]bool{}
	for _, n := range named {
		if _, ok := ct.pkg.Scope().Lookup(boxPrefix + n.Obj().Name()).(*types.TypeName); ok {
			boxed[n] = true
		}
		if _, ok := ct.pkg.Scope().Lookup(boxPrefix + boxPtrTag + n.Obj().Name()).(*types.TypeName); ok {
			ptrBoxed[n] = true
		}
	}
	check := func(operand ast.Expr, te ast.Expr, what string) {
		if te == nil || !isInterface(ct.goType(operand)) {
			return
		}
		if id, ok := operand.(*ast.Ident); ok && id.Name == "_gnx" {
			return // the engine's own helper (fix_boxnamed.go's _gnBX_T)
		}
		tv, ok := ct.info.Types[te]
		if !ok || !tv.IsType() {
			return
		}
		if tell, n := foolsAssertion(tv.Type, named, boxed, ptrBoxed); n != nil {
			name := n.Obj().Name()
			p.fail(te.Pos(), fmt.Sprintf("the interpreter cannot tell %s held in an interface (type %s %s: it keeps no type of its own for values of a cell type whose underlying type is not a struct), so this %s could take another branch than Go; compare values instead, or make %s a struct type (type %s struct{ V %s })",
				tell, name, types.TypeString(n.Underlying(), nil), what, name, name, types.TypeString(n.Underlying(), nil)))
		}
	}
	p.pc.inspect(func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeAssertExpr:
			check(n.X, n.Type, "type assertion") // Type is nil in a type switch's x.(type)
		case *ast.TypeSwitchStmt:
			x := typeSwitchOperand(n)
			if x == nil {
				return true
			}
			for _, s := range n.Body.List {
				if cc, ok := s.(*ast.CaseClause); ok {
					for _, e := range cc.List {
						check(x, e, "type switch case")
					}
				}
			}
		}
		return true
	})
}

// sessionNonStructTypes returns the session's named types (this cell's and
// earlier cells') whose underlying type is neither a struct nor an
// interface, sorted by name.
func sessionNonStructTypes(p *prep, ct *cellTypes) []*types.Named {
	seen := map[string]*types.Named{}
	add := func(obj types.Object) {
		tn, ok := obj.(*types.TypeName)
		if !ok || tn.IsAlias() || tn.Pkg() == nil || tn.Parent() != tn.Pkg().Scope() {
			return
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || n.TypeParams().Len() > 0 {
			return
		}
		switch n.Underlying().(type) {
		case *types.Struct, *types.Interface:
			return
		}
		seen[tn.Name()] = n
	}
	for _, obj := range ct.info.Defs {
		if obj != nil {
			add(obj)
		}
	}
	if p.e.types != nil {
		for _, obj := range p.e.types.passObjects() {
			add(obj)
		}
	}
	names := make([]string, 0, len(seen))
	for name := range seen {
		names = append(names, name)
	}
	sort.Strings(names)
	out := make([]*types.Named, len(names))
	for i, name := range names {
		out[i] = seen[name]
	}
	return out
}

// foolsAssertion says what an assertion to t cannot tell apart ("a Kind
// from an int") and the session type that fools it, or nil.
func foolsAssertion(t types.Type, named []*types.Named, boxed, ptrBoxed map[*types.Named]bool) (string, *types.Named) {
	for _, n := range named {
		name, under := n.Obj().Name(), types.TypeString(n.Underlying(), nil)
		if boxed[n] && ptrBoxed[n] {
			continue // a *T keeps its type too
		}
		if boxed[n] {
			if it, ok := t.Underlying().(*types.Interface); ok && it.NumMethods() > 0 &&
				!types.Implements(n, it) && types.Implements(types.NewPointer(n), it) {
				return fmt.Sprintf("whether a value implements %s when it may be a *%s", types.TypeString(t, nil), name), n
			}
			continue
		}
		switch {
		case types.Identical(t, n):
			return fmt.Sprintf("a %s from %s", name, article(under)), n
		case types.Identical(t, n.Underlying()):
			return fmt.Sprintf("%s from a %s", article(under), name), n
		}
		if it, ok := t.Underlying().(*types.Interface); ok && it.NumMethods() > 0 &&
			(types.Implements(n, it) || types.Implements(types.NewPointer(n), it)) {
			return fmt.Sprintf("whether a value implements %s when it may be a %s", types.TypeString(t, nil), name), n
		}
	}
	return "", nil
}
