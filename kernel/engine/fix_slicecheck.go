package engine

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"strconv"
)

// Workaround: the bounds of a slice expression out of range.
//
// yaegi slices with package reflect, whose panic says "reflect.Value.Slice:
// slice index out of bounds"; Go names the bound at fault and the limit
// it passed: "slice bounds out of range [:5] with capacity 3", "[4:3]",
// "[::9] with length 3", "[:4:3]", "[-1:]". So before a statement that
// slices a slice, an array or a string at bounds the engine cannot
// prove in range, the pass "slicecheck" inserts a test that holds
// whenever Go's checks fail (for signed and unsigned bounds alike), and
// then lets the compiled _gnrt.SlicePanic check as Go does, in Go's
// order, and panic with Go's text (or return, when the test was only
// conservative):
//
//	if j > cap(s) || i > j || i < 0 { _gnrt.SlicePanic("i:j", int(i), int(j), 0, cap(s), true, unsigned, cell, line, col) }; t := s[i:j]
//
// As for an index (fix_indexcheck.go), only where the statement evaluates
// the slice expression first and the operand and bounds are free of side
// effects; elsewhere the panic keeps Go's words without the numbers
// (fix_panics.go). Cost: up to four interpreted comparisons per checked
// slice expression (measured on a shared machine, a loop whose body is
// w := xs[lo:hi]; t += w[0]: 1.0-1.35 times as long; with the bounds
// computed in the expression, xs[i%8 : i%8+4], about 1.5 times).

func init() {
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"SlicePanic": reflect.ValueOf(slicePanic)}
	})
}

// slicePanic checks the bounds of a slice expression as Go does and
// panics with Go's text when one is out of range. shape is the bounds
// written ("a:b", ":b", "a:", "a:b:c", ":b:c"); an omitted low bound is
// 0; for "a:", b is the length of the operand. n is its capacity (a
// slice: capacity is true) or length; bit k of unsigned says bound k (a,
// b, c) is of an unsigned type (its value is the bits of a uint64).
func slicePanic(shape string, a, b, c, n int, capacity bool, unsigned, cell, line, col int) {
	word := " with length "
	if capacity {
		word = " with capacity "
	}
	str := func(v, k int) string {
		if unsigned&(1<<k) != 0 {
			return strconv.FormatUint(uint64(v), 10)
		}
		return strconv.Itoa(v)
	}
	neg := func(v, k int) bool { return unsigned&(1<<k) == 0 && v < 0 }
	// le reports v <= w, bounds k and l.
	le := func(v, k, w, l int) bool {
		if neg(v, k) {
			return true
		}
		if neg(w, l) {
			return false
		}
		return uint64(v) <= uint64(w)
	}
	fail := func(msg string) {
		panic(runtimeError{msg: "slice bounds out of range " + msg, cell: cell, line: line, col: col})
	}
	const limit = 3 // the "bound" index of n: never unsigned, never negative
	switch shape {
	case "a:b:c", ":b:c":
		if neg(c, 2) {
			fail("[::" + str(c, 2) + "]")
		}
		if !le(c, 2, n, limit) {
			fail("[::" + str(c, 2) + "]" + word + strconv.Itoa(n))
		}
		if neg(b, 1) {
			fail("[:" + str(b, 1) + ":]")
		}
		if !le(b, 1, c, 2) {
			fail("[:" + str(b, 1) + ":" + str(c, 2) + "]")
		}
		if shape == "a:b:c" {
			if neg(a, 0) {
				fail("[" + str(a, 0) + "::]")
			}
			if !le(a, 0, b, 1) {
				fail("[" + str(a, 0) + ":" + str(b, 1) + ":]")
			}
		}
	default:
		if shape != "a:" {
			if neg(b, 1) {
				fail("[:" + str(b, 1) + "]")
			}
			if !le(b, 1, n, limit) {
				fail("[:" + str(b, 1) + "]" + word + strconv.Itoa(n))
			}
		}
		if shape != ":b" {
			if neg(a, 0) {
				fail("[" + str(a, 0) + ":]")
			}
			if !le(a, 0, b, 1) {
				fail("[" + str(a, 0) + ":" + str(b, 1) + "]")
			}
		}
	}
}

// checkSlices is the pass "slicecheck".
func checkSlices(p *prep) {
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
		if se, ok := n.(*ast.SliceExpr); ok {
			checkSlice(p, ct, se, stack)
		}
		return true
	}
	for _, root := range []ast.Node{p.pc.decls, p.pc.stmts.Body} {
		stack = nil
		ast.Inspect(root, visit)
	}
}

// checkSlice registers the check of one slice expression; stack holds its
// ancestors, innermost last.
func checkSlice(p *prep, ct *cellTypes, se *ast.SliceExpr, stack []ast.Node) {
	if se.Low == nil && se.High == nil {
		return
	}
	t := ct.goType(se.X)
	if t == nil {
		return
	}
	capacity := false
	switch u := t.Underlying().(type) {
	case *types.Slice:
		capacity = true
	case *types.Array:
	case *types.Basic:
		if u.Info()&types.IsString == 0 {
			return
		}
	default:
		return // pointers to arrays (nil: another panic), type parameters
	}
	bounds := []ast.Expr{se.Low, se.High, se.Max}
	allConst := true
	for _, b := range bounds {
		if b == nil {
			continue
		}
		if tv := ct.info.Types[b]; tv.Value == nil {
			allConst = false
		}
		if !pure(p, ct, b) || mentionsRecursive(ct, b) {
			return
		}
	}
	if tv := ct.info.Types[se.X]; allConst && (tv.Value != nil || !capacity && !isString(t)) {
		return // checked by the compiler
	}
	if !pure(p, ct, se.X) || mentionsRecursiveAt(ct, se.X, true) {
		return
	}
	stmt := checkAnchor(stack)
	if stmt == nil {
		return
	}
	top := p.isTopStmt(stmt)
	unsigned := 0
	for k, b := range bounds {
		if b == nil {
			continue
		}
		if bt := ct.goType(b); bt != nil {
			if bb, ok := bt.Underlying().(*types.Basic); ok && bb.Info()&types.IsUnsigned != 0 {
				unsigned |= 1 << k
			}
		}
	}
	shape := ""
	switch {
	case se.Slice3 && se.Low != nil:
		shape = "a:b:c"
	case se.Slice3:
		shape = ":b:c"
	case se.Low != nil && se.High != nil:
		shape = "a:b"
	case se.Low != nil:
		shape = "a:"
	default:
		shape = ":b"
	}
	cell, line, col := p.absWhere(se.Lbrack)
	at := fmt.Sprintf("%d, %d, %d", cell, line, col)
	p.r.add(p.off(stmt.Pos()), p.off(stmt.Pos()), func(r *renderer) string {
		xs := recOperandText(p, ct, se.X)
		limit := "len(" + xs + ")"
		if capacity {
			limit = "cap(" + xs + ")"
		}
		val := func(b ast.Expr) string {
			if b == nil {
				return "0"
			}
			s := p.text(b)
			if bt := ct.goType(b); bt != nil {
				if bb, ok := bt.Underlying().(*types.Basic); ok && (bb.Kind() == types.Int || bb.Kind() == types.UntypedInt) {
					return s
				}
			}
			return "int(" + s + ")"
		}
		a, b, c := val(se.Low), val(se.High), val(se.Max)
		var cond string
		switch shape {
		case "a:b:c":
			cond = c + " > " + limit + " || " + b + " > " + c + " || " + a + " > " + b + " || " + a + " < 0"
		case ":b:c":
			cond = c + " > " + limit + " || " + b + " > " + c + " || " + b + " < 0"
		case "a:b":
			cond = b + " > " + limit + " || " + a + " > " + b + " || " + a + " < 0"
		case "a:":
			b = "len(" + xs + ")"
			cond = a + " > " + b + " || " + a + " < 0"
		case ":b":
			cond = b + " > " + limit + " || " + b + " < 0"
		}
		check := "if " + cond + " { " + rtName + ".SlicePanic(" + strconv.Quote(shape) + ", " + a + ", " + b + ", " + c + ", " + limit + ", " + strconv.FormatBool(capacity) + ", " + strconv.Itoa(unsigned) + ", " + at + ") }"
		if top {
			check = "func() { " + check + " }()" // block scoping at top level: see fix_compound.go
		}
		return r.directive(p.off(se.Pos())) + check + "; " + r.directive(p.off(stmt.Pos()))
	})
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
