package engine

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
)

// Workaround: a method value through a nil pointer or a nil interface.
//
// Go evaluates the receiver of a method value x.M when the method value
// is evaluated: with a value method M and a nil pointer x (x.M is
// (*x).M), an embedded nil pointer on the way to a promoted method
// (x.E.M is (*x.E).M), or a nil interface, `f := x.M` panics with
// "runtime error: invalid memory address or nil pointer dereference".
// yaegi v0.16 binds the method value without reading the receiver (even
// for an explicit (*x).M), and the call panics later, or not at all. So
// before a statement that evaluates a method value first (checkAnchor,
// fix_indexcheck.go) whose operand is free of side effects (pure), the
// pass "methodvalue" inserts Go's check of each pointer the selection
// dereferences and of each interface it calls through, in Go's order:
//
//	if x == nil || x.E == nil { _gnrt.NilPanic(cell, line, col) }; f := x.E.M
//
// Method calls are left alone (no work added to them); so is a method
// value whose operand has side effects.
//
// So is a dereference assigned to the blank identifier or to a map's
// element, `_ = *p`, `m[k] = *p`: Go reads *p (and panics for a nil p,
// before the map is touched), yaegi skips it or stores the zero value;
// the pass checks p before the statement.

func init() {
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"NilPanic": reflect.ValueOf(nilPanic)}
	})
}

// nilPanic panics as Go does for a nil pointer dereference at line:col
// of cell number cell.
func nilPanic(cell, line, col int) {
	panic(runtimeError{msg: "invalid memory address or nil pointer dereference", cell: cell, line: line, col: col})
}

// checkMethodValues is the pass "methodvalue".
func checkMethodValues(p *prep) {
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
		switch n := n.(type) {
		case *ast.SelectorExpr:
			checkMethodValue(p, ct, n, stack)
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
				for k, l := range n.Lhs {
					if isBlankOrMapIndex(ct, l) {
						checkBlankDeref(p, ct, n.Rhs[k], append(stack[:len(stack):len(stack)], n.Rhs[k]))
					}
				}
			}
		}
		return true
	}
	for _, root := range []ast.Node{p.pc.decls, p.pc.stmts.Body} {
		stack = nil
		ast.Inspect(root, visit)
	}
}

// checkMethodValue registers the check of method value sel; stack holds
// its ancestors, innermost last.
func checkMethodValue(p *prep, ct *cellTypes, sel *ast.SelectorExpr, stack []ast.Node) {
	s, ok := ct.info.Selections[sel]
	if !ok || s.Kind() != types.MethodVal {
		return
	}
	for i := len(stack) - 2; i >= 0; i-- {
		if _, paren := stack[i].(*ast.ParenExpr); paren {
			continue
		}
		if c, ok := stack[i].(*ast.CallExpr); ok && ast.Unparen(c.Fun) == ast.Node(stack[i+1]) {
			return // a call, not a method value
		}
		break
	}
	m, ok := s.Obj().(*types.Func)
	if !ok {
		return
	}
	// The operands Go reads, in order: each must not be nil.
	var nils []string
	expr := p.text(sel.X)
	if star, isStar := ast.Unparen(sel.X).(*ast.StarExpr); isStar {
		expr = "(" + expr + ")"
		if t := ct.goType(star.X); t != nil && isPointer(t) {
			nils = append(nils, p.text(star.X)) // (*x).M: x is read first
		}
	}
	cur := s.Recv()
	path := s.Index()
	for _, fi := range path[:len(path)-1] {
		st := cur
		if ptr, ok := cur.Underlying().(*types.Pointer); ok {
			nils = append(nils, expr)
			st = ptr.Elem()
		}
		str, ok := st.Underlying().(*types.Struct)
		if !ok || fi >= str.NumFields() {
			return
		}
		f := str.Field(fi)
		expr += "." + f.Name()
		cur = f.Type()
	}
	if types.IsInterface(cur) {
		if _, conv := concreteToIface(ct, sel.X); !conv || len(path) > 1 {
			nils = append(nils, expr) // (a conversion to an interface is never nil)
		}
	} else if _, ok := cur.Underlying().(*types.Pointer); ok {
		sig, _ := m.Type().(*types.Signature)
		if sig != nil && sig.Recv() != nil {
			if _, ptrRecv := sig.Recv().Type().Underlying().(*types.Pointer); !ptrRecv && !types.IsInterface(sig.Recv().Type()) {
				nils = append(nils, expr)
			}
		}
	}
	if len(nils) == 0 || !pure(p, ct, sel.X) {
		return
	}
	stmt := checkAnchor(stack)
	if stmt == nil {
		return
	}
	top := p.isTopStmt(stmt)
	cell, line, col := p.absWhere(sel.Sel.Pos())
	at := fmt.Sprintf("%d, %d, %d", cell, line, col)
	cond := ""
	for i, x := range nils {
		if i > 0 {
			cond += " || "
		}
		cond += x + " == nil"
	}
	p.r.add(p.off(stmt.Pos()), p.off(stmt.Pos()), func(r *renderer) string {
		check := "if " + cond + " { " + rtName + ".NilPanic(" + at + ") }"
		if top {
			check = "func() { " + check + " }()" // block scoping at top level: see fix_compound.go
		}
		return r.directive(p.off(sel.Pos())) + check + "; " + r.directive(p.off(stmt.Pos()))
	})
}

func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// isBlankOrMapIndex reports whether l is _ or a map's element: yaegi
// stores a nil pointer's *p there without reading it.
func isBlankOrMapIndex(ct *cellTypes, l ast.Expr) bool {
	switch l := ast.Unparen(l).(type) {
	case *ast.Ident:
		return l.Name == "_"
	case *ast.IndexExpr:
		if t := ct.goType(l.X); t != nil {
			_, isMap := t.Underlying().(*types.Map)
			return isMap
		}
	}
	return false
}

// checkBlankDeref registers the nil check of x = *p assigned to _.
func checkBlankDeref(p *prep, ct *cellTypes, x ast.Expr, stack []ast.Node) {
	star, ok := ast.Unparen(x).(*ast.StarExpr)
	if !ok {
		return
	}
	if t := ct.goType(star.X); t == nil || !isPointer(t) || !pureRead(p, ct, star.X) {
		return
	}
	stmt := checkAnchor(stack)
	if stmt == nil {
		return
	}
	top := p.isTopStmt(stmt)
	cell, line, col := p.absWhere(star.Pos())
	at := fmt.Sprintf("%d, %d, %d", cell, line, col)
	p.r.add(p.off(stmt.Pos()), p.off(stmt.Pos()), func(r *renderer) string {
		check := "if " + p.text(star.X) + " == nil { " + rtName + ".NilPanic(" + at + ") }"
		if top {
			check = "func() { " + check + " }()" // block scoping at top level: see fix_compound.go
		}
		return r.directive(p.off(star.Pos())) + check + "; " + r.directive(p.off(stmt.Pos()))
	})
}

// pureRead is pure, and also an index of pure operands (a second read of
// m[1] is harmless; one out of range panics in the check as it would in
// the statement).
func pureRead(p *prep, ct *cellTypes, x ast.Expr) bool {
	if ix, ok := ast.Unparen(x).(*ast.IndexExpr); ok {
		if tv, ok := ct.info.Types[ix.X]; ok && (tv.IsType() || isTypeParam(tv.Type)) {
			return false // an instantiation, or a type parameter's value
		}
		return pure(p, ct, ix.X) && pure(p, ct, ix.Index)
	}
	return pure(p, ct, x)
}
