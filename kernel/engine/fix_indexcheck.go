package engine

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strings"
)

// Workaround: the index and length of an index out of range.
//
// yaegi indexes with package reflect, whose panic says only "reflect:
// slice index out of range"; Go says "index out of range [15] with
// length 10". So before a statement that indexes a slice, array or
// string (go/types tells them from maps) at an index the engine cannot
// prove in range, the engine inserts a check with Go's message:
//
//	if i >= len(s) || i < 0 { _gnrt.IndexPanic(int(i), len(s), cell, line, col) }; x := s[i]
//
// The check evaluates the index and the container again, so it is added
// only when both are free of side effects (names, fields, constants,
// arithmetic, len and cap, conversions), where the statement evaluates
// them first (not under && or ||, in a loop's condition or post
// statement, a case expression or a function literal), and not where the
// index is provably in range: the key of `for i := range s` or the
// variable of `for i := 0; i < len(s); i++`, neither assigned in the
// loop. Elsewhere the panic keeps Go's words without the numbers
// (fix_panics.go). Cost: two interpreted comparisons per checked index
// (BenchmarkIndexCheck: a loop of float additions takes 1.6 times as
// long).

func init() {
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"IndexPanic": reflect.ValueOf(indexPanic), "IndexPanicU": reflect.ValueOf(indexPanicU)}
	})
}

// indexPanic panics as Go does for an index out of range; the index
// expression is at line:col of cell number cell.
func indexPanic(i, n, cell, line, col int) {
	if i < 0 {
		panic(runtimeError{msg: fmt.Sprintf("index out of range [%d]", i), cell: cell, line: line, col: col})
	}
	panic(runtimeError{msg: fmt.Sprintf("index out of range [%d] with length %d", i, n), cell: cell, line: line, col: col})
}

// indexPanicU is indexPanic for an index of an unsigned type.
func indexPanicU(i uint64, n, cell, line, col int) {
	panic(runtimeError{msg: fmt.Sprintf("index out of range [%d] with length %d", i, n), cell: cell, line: line, col: col})
}

// checkIndexes is the pass "indexcheck".
func checkIndexes(p *prep) {
	ct := p.cellTypes()
	var stack []ast.Node
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, n)
		if ix, ok := n.(*ast.IndexExpr); ok {
			checkIndex(p, ct, ix, stack)
		}
		return true
	}
	for _, root := range []ast.Node{p.pc.decls, p.pc.stmts.Body} {
		stack = nil
		ast.Inspect(root, visit)
	}
}

// checkIndex registers the check of one index expression; stack holds
// its ancestors, innermost last.
func checkIndex(p *prep, ct *cellTypes, ix *ast.IndexExpr, stack []ast.Node) {
	t := ct.goType(ix.X)
	if t == nil {
		return
	}
	switch u := t.Underlying().(type) {
	case *types.Slice, *types.Array:
	case *types.Basic:
		if u.Info()&types.IsString == 0 {
			return
		}
	case *types.Pointer:
		if _, ok := u.Elem().Underlying().(*types.Array); !ok {
			return
		}
	default:
		return // maps, type parameters, unknown
	}
	if tv, ok := ct.info.Types[ix.Index]; ok && tv.Value != nil {
		if _, isArray := t.Underlying().(*types.Array); isArray {
			return // a constant index into an array is checked by the compiler
		}
		if tv.Value.Kind() != constant.Int {
			return
		}
	}
	// A place of a multiple assignment written in two phases
	// (fix_assignsplit.go) is checked where it is assigned, against the
	// temporaries of its operands.
	sp := p.splitAt(ix)
	var stmt ast.Stmt
	if sp != nil {
		stmt = sp.stmt
	} else {
		if !pure(p, ct, ix.X) || !pure(p, ct, ix.Index) {
			return
		}
		stmt = checkAnchor(stack)
	}
	if stmt == nil || safeIndex(p, ix, stack) || lenShadowed(ct, stmt.Pos()) {
		return
	}
	if mentionsRecursive(ct, ix.Index) || mentionsRecursiveAt(ct, ix.X, true) {
		return // its text would miss fix_recursivetypes.go's rewriting
	}
	x, i := ix.X, ix.Index
	_, ptr := t.Underlying().(*types.Pointer)
	top := p.isTopStmt(stmt)
	// The cheapest form yaegi runs: no temporary, no conversion for an
	// int index (a third of the loop's cost, against three times with
	// them), no sign test for an unsigned one.
	conv, signed, wide := "", true, false
	if it := ct.goType(i); it != nil {
		b, _ := it.Underlying().(*types.Basic)
		if b == nil || b.Kind() != types.Int && b.Kind() != types.UntypedInt {
			conv = "int"
		}
		signed = b == nil || b.Info()&types.IsUnsigned == 0
		// An unsigned index beyond the int range is negative as an int:
		// the sign test catches it, and the panic gets its bits.
		wide = b != nil && (b.Kind() == types.Uint || b.Kind() == types.Uint64 || b.Kind() == types.Uintptr)
	}
	if tv := ct.info.Types[i]; tv.Value != nil {
		if v, exact := constant.Int64Val(tv.Value); exact && v >= 0 {
			signed = false // a non-negative constant
		}
	}
	cell, line, col := p.absWhere(ix.Pos())
	at := fmt.Sprintf("%d, %d, %d", cell, line, col)
	rec := recursiveNamed(t)
	if pt, ok := t.Underlying().(*types.Pointer); ok && recursiveNamed(pt.Elem()) {
		rec, ptr = true, false // p.GnV of a pointer to a lowered array type
	}
	build := func(xs, is string) string {
		if rec {
			xs = recFieldOf(xs) // fix_recursivetypes.go
		}
		if ptr {
			xs = "*" + xs // yaegi has no len of a pointer to an array (and no parentheses: see below)
		}
		// No parentheses: yaegi mis-evaluates `(i) >= n || (i) < 0`, and
		// a pure index binds tighter than the comparison anyway.
		raw := is
		if conv != "" {
			is = conv + "(" + is + ")"
		}
		cond := is + " >= len(" + xs + ")"
		if signed || wide {
			cond += " || " + is + " < 0"
		}
		// The panic's position is the index expression's.
		panicFn := ".IndexPanic(int("
		if wide {
			panicFn = ".IndexPanicU(uint64("
		}
		check := "if " + cond + " { " + rtName + panicFn + raw + "), len(" + xs + "), " + at + ") }"
		if top {
			check = "func() { " + check + " }()" // block scoping at top level: see fix_compound.go
		}
		return check
	}
	if sp != nil {
		sp.check = func(xs, is string) string {
			return p.r.directive(p.off(ix.Pos())) + build(xs, is)
		}
		return
	}
	p.r.add(p.off(stmt.Pos()), p.off(stmt.Pos()), func(r *renderer) string {
		// The operands' own text: they are pure, so no rewrite applies
		// inside them, and rendering them would pick up the insertions
		// of wrappers that start at the same offset.
		return r.directive(p.off(ix.Pos())) + build(p.text(x), p.text(i)) + "; " + r.directive(p.off(stmt.Pos()))
	})
}

// isTopStmt reports whether s is one of the cell's top-level statements
// (whose inserted checks are wrapped: block scoping at top level, see
// fix_compound.go).
func (p *prep) isTopStmt(s ast.Stmt) bool {
	for _, t := range p.pc.stmts.Body.List {
		if t == s {
			return true
		}
	}
	return false
}

// checkAnchor returns the statement a check of the innermost node of
// stack goes before, or nil when the statement does not evaluate that
// node first (under && or ||, in a loop's condition or post statement, a
// case expression, a function literal, or a spec after the first of a
// grouped declaration).
func checkAnchor(stack []ast.Node) ast.Stmt {
	var stmt ast.Stmt
	for i := len(stack) - 2; i >= 0 && stmt == nil; i-- {
		child, parent := stack[i+1], stack[i]
		switch parent := parent.(type) {
		case *ast.FuncLit, *ast.CommClause, *ast.SelectStmt:
			return nil
		case *ast.GenDecl:
			// var ( s = "ab"; t = s[i:] ): a check before the statement
			// would run before s exists (and before the earlier specs'
			// values are computed).
			if len(parent.Specs) > 1 && child != parent.Specs[0] {
				return nil
			}
		case *ast.BinaryExpr:
			if (parent.Op == token.LAND || parent.Op == token.LOR) && child == parent.Y {
				return nil
			}
		case *ast.ForStmt:
			if child == parent.Cond || child == parent.Post {
				return nil
			}
		case *ast.IfStmt:
			if child == parent.Else || parent.Init != nil && child == parent.Cond {
				return nil
			}
		case *ast.SwitchStmt:
			if parent.Init != nil && child == parent.Tag {
				return nil
			}
		case *ast.CaseClause:
			for _, x := range parent.List {
				if child == x {
					return nil
				}
			}
			for _, s := range parent.Body {
				if s == child {
					stmt = s
				}
			}
		case *ast.BlockStmt:
			if s, ok := child.(ast.Stmt); ok {
				stmt = s
			}
		}
	}
	return stmt
}

// pure reports whether evaluating x twice is harmless: names, fields,
// constants, arithmetic, dereferences, len, cap and conversions.
func pure(p *prep, ct *cellTypes, x ast.Expr) bool {
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		if !ok || n == nil {
			return false
		}
		switch n := n.(type) {
		case *ast.Ident, *ast.BasicLit, *ast.ParenExpr, *ast.SelectorExpr, *ast.StarExpr, *ast.BinaryExpr:
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				ok = false
			}
		case *ast.CallExpr:
			if id, isID := n.Fun.(*ast.Ident); isID && (p.builtin(id, "len") || p.builtin(id, "cap")) {
				return true
			}
			if tv, found := ct.info.Types[n.Fun]; found && tv.IsType() {
				return true
			}
			if id, isID := n.Fun.(*ast.Ident); isID && id.Name == boxKeyFunc {
				return true // a map key without yaegi's wrapper (fix_boxnamed.go)
			}
			ok = false
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// safeIndex reports whether x[i] is in range by construction: i is the
// key of `for i := range x`, or the variable of `for i := c; i < len(x);
// i++` with c a non-negative constant, and the loop assigns neither i
// nor x.
func safeIndex(p *prep, ix *ast.IndexExpr, stack []ast.Node) bool {
	iv, ok := ix.Index.(*ast.Ident)
	if !ok {
		return false
	}
	xv, ok := ix.X.(*ast.Ident)
	if !ok {
		return false
	}
	for k := len(stack) - 1; k >= 0; k-- {
		switch l := stack[k].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		case *ast.RangeStmt:
			key, ok := l.Key.(*ast.Ident)
			if !ok || key.Name != iv.Name || l.Tok != token.DEFINE {
				continue
			}
			rx, ok := l.X.(*ast.Ident)
			return ok && rx.Name == xv.Name && !assigns(l.Body, iv.Name, xv.Name)
		case *ast.ForStmt:
			init, ok := l.Init.(*ast.AssignStmt)
			if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
				continue
			}
			if id, ok := init.Lhs[0].(*ast.Ident); !ok || id.Name != iv.Name {
				continue
			}
			lit, ok := init.Rhs[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.INT || strings.HasPrefix(lit.Value, "-") {
				return false
			}
			cond, ok := l.Cond.(*ast.BinaryExpr)
			if !ok || cond.Op != token.LSS {
				return false
			}
			if id, ok := cond.X.(*ast.Ident); !ok || id.Name != iv.Name {
				return false
			}
			call, ok := cond.Y.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return false
			}
			if fn, ok := call.Fun.(*ast.Ident); !ok || !p.builtin(fn, "len") {
				return false
			}
			if a, ok := call.Args[0].(*ast.Ident); !ok || a.Name != xv.Name {
				return false
			}
			post, ok := l.Post.(*ast.IncDecStmt)
			if !ok || post.Tok != token.INC {
				return false
			}
			if id, ok := post.X.(*ast.Ident); !ok || id.Name != iv.Name {
				return false
			}
			return !assigns(l.Body, iv.Name, xv.Name)
		}
	}
	return false
}

// assigns reports whether body assigns (or takes the address of) one of
// the names.
func assigns(body *ast.BlockStmt, names ...string) bool {
	is := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		if !ok {
			return false
		}
		for _, n := range names {
			if id.Name == n {
				return true
			}
		}
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if is(l) {
					found = true
				}
			}
		case *ast.IncDecStmt:
			if is(n.X) {
				found = true
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && is(n.X) {
				found = true
			}
		case *ast.RangeStmt:
			if is(n.Key) || is(n.Value) {
				found = true
			}
		}
		return !found
	})
	return found
}

// lenShadowed reports whether len at pos is not the builtin (len := 2):
// the check it writes calls len.
func lenShadowed(ct *cellTypes, pos token.Pos) bool {
	if ct.pkg == nil {
		return false
	}
	inner := ct.pkg.Scope().Innermost(pos)
	if inner == nil {
		return false
	}
	_, obj := inner.LookupParent("len", pos)
	_, builtin := obj.(*types.Builtin)
	return obj != nil && !builtin
}
