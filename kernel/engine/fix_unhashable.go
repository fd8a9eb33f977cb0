package engine

import (
	"fmt"
	"go/ast"
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
// yaegi (it would cost a check of every such read).

func init() {
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"UnhashablePanic": reflect.ValueOf(unhashablePanic)}
	})
}

// unhashablePanic panics as Go's map read with a key of type typ.
func unhashablePanic(typ string, cell, line, col int) {
	panic(runtimeError{msg: "hash of unhashable type: " + typ, plain: true, cell: cell, line: line, col: col})
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
	top := false
	for _, s := range p.pc.stmts.Body.List {
		top = top || s == stmt
	}
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
