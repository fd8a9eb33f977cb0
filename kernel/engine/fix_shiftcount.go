package engine

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
)

// Workaround: a shift by a negative count.
//
// Go panics with "runtime error: negative shift amount" when the signed
// count of a shift is negative; yaegi v0.16 shifts by the count read as
// unsigned (1 << -1 is 0). So before a statement that shifts by a signed
// count the engine cannot prove non-negative, the pass "shiftcount"
// inserts Go's check:
//
//	if s < 0 { _gnrt.ShiftPanic(cell, line, col) }; x := v << s
//
// only where the statement evaluates the count first and the count is
// free of side effects (as the index check, fix_indexcheck.go). A count
// that is a constant, unsigned, len or cap, a range key or the variable
// of a `for i := c; ...; i++` loop (c >= 0) that the loop does not
// assign is not checked.

func init() {
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"ShiftPanic": reflect.ValueOf(shiftPanic)}
	})
}

// shiftPanic panics as Go does for a negative shift count at line:col of
// cell number cell.
func shiftPanic(cell, line, col int) {
	panic(runtimeError{msg: "negative shift amount", cell: cell, line: line, col: col})
}

// checkShiftCounts is the pass "shiftcount".
func checkShiftCounts(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	var stack []ast.Node
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.Op == token.SHL || n.Op == token.SHR {
				checkShift(p, ct, n, n.Y, stack)
			}
		case *ast.AssignStmt:
			if n.Tok == token.SHL_ASSIGN || n.Tok == token.SHR_ASSIGN {
				checkShift(p, ct, n, n.Rhs[0], append(stack[:len(stack):len(stack)], n.Rhs[0]))
			}
		}
		return true
	}
	for _, root := range []ast.Node{p.pc.decls, p.pc.stmts.Body} {
		stack = nil
		ast.Inspect(root, visit)
	}
}

// checkShift registers the check of shift x's count y.
func checkShift(p *prep, ct *cellTypes, x ast.Node, y ast.Expr, stack []ast.Node) {
	if tv := ct.info.Types[y]; tv.Value != nil {
		return
	}
	t := ct.goType(y)
	if t == nil {
		return
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 || b.Info()&(types.IsUnsigned|types.IsUntyped) != 0 {
		return // an untyped count is a shift of a constant (fix_consts.go types it)
	}
	if !pure(p, ct, y) || nonNegative(p, ct, y, stack) {
		return
	}
	stmt := checkAnchor(stack)
	if stmt == nil {
		return
	}
	top := p.isTopStmt(stmt)
	line, col := p.pos(x.Pos())
	at := fmt.Sprintf("%d, %d, %d", p.e.cellN, line, col)
	p.r.add(p.off(stmt.Pos()), p.off(stmt.Pos()), func(r *renderer) string {
		check := "if " + p.text(y) + " < 0 { " + rtName + ".ShiftPanic(" + at + ") }"
		if top {
			check = "func() { " + check + " }()" // block scoping at top level: see fix_compound.go
		}
		return r.directive(p.off(x.Pos())) + check + "; " + r.directive(p.off(stmt.Pos()))
	})
}

// nonNegative reports whether count y cannot be negative: len or cap, a
// range key, or the variable of a counting-up loop that does not assign
// it; stack holds y's ancestors.
func nonNegative(p *prep, ct *cellTypes, y ast.Expr, stack []ast.Node) bool {
	if c, ok := ast.Unparen(y).(*ast.CallExpr); ok {
		if id, ok := c.Fun.(*ast.Ident); ok && (p.builtin(id, "len") || p.builtin(id, "cap")) {
			return true
		}
	}
	id, ok := ast.Unparen(y).(*ast.Ident)
	if !ok {
		return false
	}
	obj := ct.info.Uses[id]
	if obj == nil {
		return false
	}
	for k := len(stack) - 1; k >= 0; k-- {
		switch l := stack[k].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		case *ast.RangeStmt:
			if key, ok := l.Key.(*ast.Ident); ok && l.Tok == token.DEFINE && ct.info.Defs[key] == obj {
				return !assigns(l.Body, key.Name)
			}
		case *ast.ForStmt:
			init, ok := l.Init.(*ast.AssignStmt)
			if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
				continue
			}
			lid, ok := init.Lhs[0].(*ast.Ident)
			if !ok || ct.info.Defs[lid] != obj {
				continue
			}
			tv := ct.info.Types[init.Rhs[0]]
			if tv.Value == nil || constant.Sign(tv.Value) < 0 {
				return false
			}
			post, ok := l.Post.(*ast.IncDecStmt)
			if !ok || post.Tok != token.INC {
				return false
			}
			return !assigns(l.Body, lid.Name)
		}
	}
	return false
}
