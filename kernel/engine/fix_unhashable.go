package engine

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
)

// Workaround: the comma-ok read of a map with an unhashable key.
//
// A key of a type that is not comparable ([]int, a func, a map) stored in
// an interface key of a map cannot be hashed: Go's map read panics with
// "hash of unhashable type: []int" (a runtime.Error), for v := m[k] and
// v, ok := m[k] alike. yaegi v0.16 panics for the first, but not for
// _, _ = m[k]. When go/types says the key's own
// type is not comparable, the read always panics: the pass "unhashable"
// puts Go's panic before such a comma-ok statement (where it evaluates
// the read first, and the map and key are free of side effects):
//
//	_gnrt.UnhashablePanic("[]int", cell, line, col); v, ok := m[k]
//
// A key of an interface type holding an unhashable value is left to
// yaegi for reads (it would cost a check of every such read): yaegi's
// reflect calls go through Go's map code, whose words they are.
//
// A map assignment is another matter: compiled Go's mapassign says
// "runtime error: hash of unhashable type T" (no colon), and yaegi's
// reflect.SetMapIndex says the map read's words. So an assignment
// m[k] = v (and m[k] op= v, m[k]++) whose key has an interface type, with
// map, key and right side free of side effects, is preceded by a check of the key's
// dynamic value, which panics in mapassign's words:
//
//	_gnrt.HashCheck(k, cell, line, col); m[k] = v

func init() {
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"UnhashablePanic": reflect.ValueOf(unhashablePanic), "HashCheck": reflect.ValueOf(hashCheck)}
	})
}

// unhashablePanic panics as Go's map read with a key of type typ.
func unhashablePanic(typ string, cell, line, col int) {
	panic(runtimeError{msg: "hash of unhashable type: " + typ, plain: true, cell: cell, line: line, col: col})
}

// hashCheck panics as compiled Go's map assignment does when the key k
// (an interface's dynamic value) cannot be hashed.
func hashCheck(k any, cell, line, col int) {
	if k == nil {
		return
	}
	if t := unhashableIn(reflect.ValueOf(k)); t != nil {
		panic(runtimeError{msg: "hash of unhashable type " + t.String(), cell: cell, line: line, col: col})
	}
}

// unhashableIn returns the first type in v that cannot be hashed (a
// slice, map or func, also inside arrays, structs and interfaces), or nil.
func unhashableIn(v reflect.Value) reflect.Type {
	switch v.Kind() {
	case reflect.Slice, reflect.Map, reflect.Func:
		return v.Type()
	case reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return unhashableIn(v.Elem())
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if t := unhashableIn(v.Index(i)); t != nil {
				return t
			}
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if t := unhashableIn(v.Field(i)); t != nil {
				return v.Type() // Go names the struct, as for a slice
			}
		}
	}
	return nil
}

// checkUnhashableKeys is the pass "unhashable".
func checkUnhashableKeys(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	var stack []ast.Node
	visit := func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, n)
		var rhs ast.Expr
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == 2 && len(n.Rhs) == 1 {
				rhs = n.Rhs[0]
			}
			// The check comes before the statement: only where the
			// right side has no effects Go would see first (a call in it
			// runs before Go's mapassign panics).
			rhsPure := true
			for _, r := range n.Rhs {
				rhsPure = rhsPure && pure(p, ct, r)
			}
			if n.Tok != token.DEFINE && rhsPure {
				for _, l := range n.Lhs {
					checkHashedAssign(p, ct, l, n, stack)
				}
			}
		case *ast.IncDecStmt:
			checkHashedAssign(p, ct, n.X, n, stack)
		case *ast.ValueSpec:
			if len(n.Names) == 2 && len(n.Values) == 1 {
				rhs = n.Values[0]
			}
		}
		if rhs != nil {
			checkUnhashableRead(p, ct, rhs, append(stack[:len(stack):len(stack)], rhs))
		}
		return true
	}
	for _, root := range []ast.Node{p.pc.decls, p.pc.stmts.Body} {
		stack = nil
		ast.Inspect(root, visit)
	}
}

func checkUnhashableRead(p *prep, ct *cellTypes, x ast.Expr, stack []ast.Node) {
	ix, ok := ast.Unparen(x).(*ast.IndexExpr)
	if !ok {
		return
	}
	mt := ct.goType(ix.X)
	if mt == nil {
		return
	}
	m, ok := mt.Underlying().(*types.Map)
	if !ok || !types.IsInterface(m.Key()) {
		return
	}
	kt := ct.goType(ix.Index)
	if kt == nil || types.IsInterface(kt) || types.Comparable(kt) || !pure(p, ct, ix.X) || !pure(p, ct, ix.Index) {
		return
	}
	stmt := checkAnchor(stack)
	if stmt == nil {
		return
	}
	top := p.isTopStmt(stmt)
	name := types.TypeString(kt, func(pkg *types.Package) string { return pkg.Name() })
	cell, line, col := p.absWhere(ix.Lbrack)
	call := rtName + ".UnhashablePanic(" + strconv.Quote(name) + ", " + fmt.Sprintf("%d, %d, %d", cell, line, col) + ")"
	p.r.add(p.off(stmt.Pos()), p.off(stmt.Pos()), func(r *renderer) string {
		check := call
		if top {
			check = "func() { " + check + " }()" // block scoping at top level: see fix_compound.go
		}
		return r.directive(p.off(ix.Pos())) + check + "; " + r.directive(p.off(stmt.Pos()))
	})
}

// checkHashedAssign puts hashCheck before stmt when lhs is m[k] of a map
// whose key is of an interface type, with m and k free of side effects.
func checkHashedAssign(p *prep, ct *cellTypes, lhs ast.Expr, stmt ast.Stmt, stack []ast.Node) {
	ix, ok := ast.Unparen(lhs).(*ast.IndexExpr)
	if !ok {
		return
	}
	mt := ct.goType(ix.X)
	if mt == nil {
		return
	}
	m, ok := mt.Underlying().(*types.Map)
	if !ok || !types.IsInterface(m.Key()) || !pure(p, ct, ix.X) || !pure(p, ct, ix.Index) {
		return
	}
	if kt := ct.goType(ix.Index); kt == nil || !types.IsInterface(kt) {
		return // a concrete key: go/types has checked it is comparable
	}
	// Only a statement of a statement list (not an if, for or switch
	// header, a labeled statement or a select case) gets the check.
	if len(stack) < 2 {
		return
	}
	inList := false
	switch parent := stack[len(stack)-2].(type) {
	case *ast.BlockStmt:
		inList = slicesContainsStmt(parent.List, stmt)
	case *ast.CaseClause:
		inList = slicesContainsStmt(parent.Body, stmt)
	case *ast.CommClause:
		inList = slicesContainsStmt(parent.Body, stmt)
	}
	if !inList {
		return
	}
	top := p.isTopStmt(stmt)
	cell, line, col := p.absWhere(ix.Lbrack)
	p.r.add(p.off(stmt.Pos()), p.off(stmt.Pos()), func(r *renderer) string {
		check := rtName + ".HashCheck(" + r.render(p.off(ix.Index.Pos()), p.off(ix.Index.End())) + ", " + fmt.Sprintf("%d, %d, %d", cell, line, col) + ")"
		if top {
			check = "func() { " + check + " }()" // block scoping at top level: see fix_compound.go
		}
		return r.directive(p.off(ix.Pos())) + check + "; " + r.directive(p.off(stmt.Pos()))
	})
}

func slicesContainsStmt(list []ast.Stmt, s ast.Stmt) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
