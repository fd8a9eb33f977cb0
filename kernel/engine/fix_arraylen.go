package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
)

// Workaround: len, cap and range of an array through a nil pointer.
//
// In Go, len(x) and cap(x) of an array or pointer-to-array x are the
// array's length, a constant when x has no function calls or channel
// receives (then x is not evaluated at all: len(*p) with p nil does not
// panic), and a range over such an x with no value variable (over a
// pointer, also with a blank one) only counts, never indexing the array. yaegi v0.16 evaluates x and
// dereferences it: len(p), len(*p), len(s.a) with s nil and
// `for i := range p` all panic with a nil dereference when p is nil. So
// such a len or cap becomes int(N) when constant, and
// _gnArrLen(x, N) (x evaluated, not dereferenced) when x is a pointer
// with calls in it; such a range becomes a range over N (or over
// _gnArrLen(x, N)), which the rangeint pass turns into a counting loop.
// An array operand with calls in it is left alone: Go evaluates it too
// (and panics on a nil dereference in it, as yaegi does).

func init() {
	helpers["_gnArrLen"] = helper{src: `func _gnArrLen(_ any, n int) int { return n }`}
}

// arrayLen returns the length of the array x's type is or points to.
func arrayLen(ct *cellTypes, x ast.Expr) (n int64, ptr, ok bool) {
	t := ct.goType(x)
	if t == nil {
		return 0, false, false
	}
	if _, tp := t.(*types.TypeParam); tp {
		return 0, false, false
	}
	u := t.Underlying()
	if pt, isPtr := u.(*types.Pointer); isPtr {
		if _, tp := pt.Elem().(*types.TypeParam); tp {
			return 0, false, false
		}
		u, ptr = pt.Elem().Underlying(), true
	}
	a, isArr := u.(*types.Array)
	if !isArr {
		return 0, false, false
	}
	return a.Len(), ptr, true
}

// evaluates tells whether x has a function call or a channel receive in
// it (then len(x) is not constant and x is evaluated).
func evaluates(ct *cellTypes, x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				found = true
			}
		case *ast.CallExpr:
			if tv, ok := ct.info.Types[n.Fun]; ok && tv.IsType() {
				return true // a conversion
			}
			if tv, ok := ct.info.Types[n]; ok && tv.Value != nil {
				return false // a constant call (len of an array, unsafe.Sizeof)
			}
			found = true
		}
		return !found
	})
	return found
}

// rewriteArrayLens is the pass "arraylen": the len and cap calls (the
// ranges are rangeint's, through arrayRangeCount).
func rewriteArrayLens(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || len(c.Args) != 1 || c.Ellipsis.IsValid() {
			return true
		}
		fun, ok := c.Fun.(*ast.Ident)
		if !ok || !p.builtin(fun, "len") && !p.builtin(fun, "cap") {
			return true
		}
		x := ast.Unparen(c.Args[0])
		n64, ptr, ok := arrayLen(ct, x)
		if !ok {
			return true
		}
		if _, id := x.(*ast.Ident); id && !ptr {
			return true // an array variable: yaegi has its length
		}
		if tv, ok := ct.info.Types[c]; ok && tv.Value != nil {
			p.r.addText(p.off(c.Pos()), p.off(c.End()), "int("+strconv.FormatInt(n64, 10)+")")
			return false
		}
		if !ptr {
			return true
		}
		p.needHelper("_gnArrLen")
		p.r.addText(p.off(fun.Pos()), p.off(fun.End()), "_gnArrLen")
		p.r.addText(p.off(c.Rparen), p.off(c.Rparen), ", "+strconv.FormatInt(n64, 10))
		return true
	})
}

// arrayRangeCount tells whether range loop rs only counts over an array
// (an array or pointer-to-array operand and no value variable, or a
// blank one with a pointer) and, if so, the integer operand to count with: N when the
// operand is not evaluated, _gnArrLen(x, N) when it is a pointer with
// calls in it. ok is false for other loops and for an array operand
// with calls in it.
func arrayRangeCount(p *prep, rs *ast.RangeStmt) (count func(r *renderer) string, lit bool, ok bool) {
	ct := p.cellTypes()
	if ct == nil {
		return nil, false, false
	}
	n64, ptr, ok := arrayLen(ct, rs.X)
	if !ok {
		return nil, false, false
	}
	if rs.Value != nil {
		// A blank value variable: Go counts over a pointer, but
		// evaluates an array operand (and panics on its nil dereference).
		if id, blank := rs.Value.(*ast.Ident); !blank || id.Name != "_" || !ptr {
			return nil, false, false
		}
	}
	if _, id := ast.Unparen(rs.X).(*ast.Ident); id && !ptr {
		return nil, false, false // an array variable: yaegi ranges over it right
	}
	ns := strconv.FormatInt(n64, 10)
	if !evaluates(ct, rs.X) {
		return func(*renderer) string { return ns }, true, true
	}
	if !ptr {
		return nil, false, false
	}
	p.needHelper("_gnArrLen")
	return func(r *renderer) string {
		return "_gnArrLen(" + r.render(p.off(rs.X.Pos()), p.off(rs.X.End())) + ", " + ns + ")"
	}, false, true
}
