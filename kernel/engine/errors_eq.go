package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
)

// Workaround, part of the printing and wrapping of cell error types
// (fix_errors.go): comparing errors.
//
// A cell's error value that went through compiled code (wrapped by
// fmt.Errorf's %w, returned by errors.Unwrap) comes back as yaegi's
// wrapper struct, which == never finds equal to the same value converted
// in the cell: `errors.Unwrap(err) == error(target)` was false. So a
// comparison of two values whose types are interfaces implementing error
// (neither the literal nil) becomes _gnrt.ErrorsEqual(a, b), which looks
// inside the wrappers (their IValue field) before comparing, as == does.

func init() {
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"ErrorsEqual": reflect.ValueOf(errorsEqual)}
	})
}

// errorsEqual is a == b for two errors, seen through yaegi's wrappers
// (any parameters: yaegi cannot pass every interpreted error as error).
func errorsEqual(a, b any) bool { return unwrapIValue(a) == unwrapIValue(b) }

// unwrapIValue returns the interpreted value inside a yaegi wrapper
// (a struct with an IValue field), or v.
func unwrapIValue(v any) any {
	for range 4 { // a wrapper may hold a wrapper
		rv := reflect.ValueOf(v)
		if rv.Kind() != reflect.Struct {
			return v
		}
		f := rv.FieldByName("IValue")
		if !f.IsValid() || !f.CanInterface() {
			return v
		}
		v = f.Interface()
	}
	return v
}

// rewriteErrorComparisons is the pass "erroreq".
func rewriteErrorComparisons(p *prep) {
	ct := p.cellTypes()
	errType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	isErr := func(x ast.Expr) bool {
		if isNilIdent(x) {
			return false
		}
		t := ct.goType(x)
		return t != nil && types.IsInterface(t) && types.Implements(t, errType)
	}
	visit := func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || b.Op != token.EQL && b.Op != token.NEQ || !isErr(b.X) || !isErr(b.Y) {
			return true
		}
		not := ""
		if b.Op == token.NEQ {
			not = "!"
		}
		x, y := b.X, b.Y
		p.r.add(p.off(b.Pos()), p.off(b.End()), func(r *renderer) string {
			return not + rtName + ".ErrorsEqual(" + r.render(p.off(x.Pos()), p.off(x.End())) + ", " + r.render(p.off(y.Pos()), p.off(y.End())) + ")"
		})
		return true
	}
	p.pc.inspect(visit)
}
