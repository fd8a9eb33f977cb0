package engine

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"
)

// Workaround: the builtins min, max (Go 1.21) and clear.
//
// yaegi v0.16 does not know min, max and clear. min and max of a result
// whose underlying type is basic (all but type parameters) become the
// non-generic helper of that basic type (_gnMin_int, _gnMax_float64; a
// named type's operands converted: see minMaxBasic for why); the others,
// the interpreted generic helpers _gnMin and _gnMax (with a typed argument
// moved first: yaegi infers the type parameter from the first argument
// only); clear becomes the compiled _gnrt.Clear. min or max of one
// argument that is not a literal is its argument, parenthesized
// (max(x) => (x)): the helper called with no variadic arguments crashes
// yaegi's inference while compiling.

func init() {
	helpers["_gnMin"] = helper{src: `func _gnMin[T ` + orderedSet + `](x T, ys ...T) T {
	for _, y := range ys {
		if y < x || y != y {
			x = y
		}
	}
	return x
}`}
	helpers["_gnMax"] = helper{src: `func _gnMax[T ` + orderedSet + `](x T, ys ...T) T {
	for _, y := range ys {
		if y > x || y != y {
			x = y
		}
	}
	return x
}`}
	for _, base := range basicNames {
		for _, mm := range []struct{ name, op string }{{"_gnMin_", "<"}, {"_gnMax_", ">"}} {
			helpers[mm.name+base] = helper{src: "func " + mm.name + base + "(x " + base + ", ys ..." + base + ") " + base + " {\n\tfor _, y := range ys {\n\t\tif y " + mm.op + " x || y != y {\n\t\t\tx = y\n\t\t}\n\t}\n\treturn x\n}"}
		}
	}
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"Clear": reflect.ValueOf(rtClear)}
	})
}

// rewriteBuiltins is the pass "builtins".
func rewriteBuiltins(p *prep) {
	visit := func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fun, ok := c.Fun.(*ast.Ident)
		if !ok {
			return true
		}
		switch {
		case (p.builtin(fun, "min") || p.builtin(fun, "max")) && len(c.Args) == 1 && !isBasicLit(c.Args[0]):
			// min(x) is x: the helper called with no variadic arguments
			// crashes yaegi's inference (its result is x's value and type)
			p.r.addText(p.off(fun.Pos()), p.off(fun.End()), "")
		case (p.builtin(fun, "min") || p.builtin(fun, "max")) && minMaxBasic(p, c, fun):
		case p.builtin(fun, "min"), p.builtin(fun, "max"):
			h := "_gnMin"
			if fun.Name == "max" {
				h = "_gnMax"
			}
			p.needHelper(h)
			p.r.addText(p.off(fun.Pos()), p.off(fun.End()), h)
			reorderMinMax(p, c)
		case p.builtin(fun, "clear"):
			p.r.addText(p.off(fun.Pos()), p.off(fun.End()), rtName+".Clear")
		}
		return true
	}
	p.pc.inspect(visit)
}

// basicNames are the ordered basic kinds, by the name of their min/max
// helpers' suffix.
var basicNames = map[types.BasicKind]string{
	types.Int: "int", types.Int8: "int8", types.Int16: "int16", types.Int32: "int32", types.Int64: "int64",
	types.Uint: "uint", types.Uint8: "uint8", types.Uint16: "uint16", types.Uint32: "uint32", types.Uint64: "uint64",
	types.Uintptr: "uintptr", types.Float32: "float32", types.Float64: "float64", types.String: "string",
}

// minMaxBasic rewrites min or max of a typed result whose underlying type
// is basic into a call of the non-generic helper of that basic type
// (_gnMin_int; a named type's operands and result converted). yaegi v0.16
// returned the zero value from the generic helper, a variadic generic
// function, called in a var declaration (var d int = min(5, x) gave 0
// once the helper was instantiated that way; fuzz_min_var_decl.go).
func minMaxBasic(p *prep, c *ast.CallExpr, fun *ast.Ident) bool {
	ct := p.cellTypes()
	if ct == nil {
		return false
	}
	tv, ok := ct.info.Types[c]
	if !ok || tv.Value != nil || tv.Type == nil || isTypeParam(tv.Type) {
		return false
	}
	b, ok := tv.Type.Underlying().(*types.Basic)
	if !ok {
		return false
	}
	base, ok := basicNames[b.Kind()]
	if !ok {
		return false
	}
	h := "_gnMin_" + base
	if fun.Name == "max" {
		h = "_gnMax_" + base
	}
	p.needHelper(h)
	if types.Identical(tv.Type, types.Typ[b.Kind()]) {
		p.r.addText(p.off(fun.Pos()), p.off(fun.End()), h)
		return true
	}
	named, ok := p.spellGoType(tv.Type)
	if !ok {
		return false
	}
	p.r.addText(p.off(fun.Pos()), p.off(fun.End()), named+"("+h)
	for _, a := range c.Args {
		p.r.addText(p.off(a.Pos()), p.off(a.Pos()), base+"(")
		p.r.addTail(p.off(a.End()), ")")
	}
	// The call's own ")" closes the conversion too: an insertion after
	// the call would stay behind when a later pass moves the call
	// (assignorder's _gnc1 := ...).
	p.r.addText(p.off(c.Rparen), p.off(c.Rparen)+1, "))")
	return true
}

// reorderMinMax moves a typed argument in front of untyped constants so the
// helper's type parameter is inferred from it (yaegi infers from the first
// argument only), or a float constant in front of integer ones.
func reorderMinMax(p *prep, c *ast.CallExpr) {
	if len(c.Args) < 2 {
		return
	}
	isLit := func(x ast.Expr) bool { _, ok := x.(*ast.BasicLit); return ok }
	if !isLit(c.Args[0]) {
		return
	}
	pick := -1
	for i, x := range c.Args {
		if !isLit(x) {
			pick = i
			break
		}
	}
	if pick < 0 {
		for i, x := range c.Args {
			if bl := x.(*ast.BasicLit); bl.Kind == token.FLOAT {
				pick = i
				break
			}
		}
	}
	if pick <= 0 {
		return
	}
	order := []ast.Expr{c.Args[pick]}
	for i, x := range c.Args {
		if i != pick {
			order = append(order, x)
		}
	}
	p.r.add(p.off(c.Lparen)+1, p.off(c.Rparen), func(r *renderer) string {
		parts := make([]string, len(order))
		for i, x := range order {
			parts[i] = r.render(p.off(x.Pos()), p.off(x.End()))
		}
		return strings.Join(parts, ", ")
	})
}

// rtClear implements the clear builtin for maps and slices.
func rtClear(x any) {
	v := reflect.ValueOf(x)
	switch v.Kind() {
	case reflect.Map:
		v.Clear()
	case reflect.Slice:
		z := reflect.Zero(v.Type().Elem())
		for i := 0; i < v.Len(); i++ {
			v.Index(i).Set(z)
		}
	default:
		panic(fmt.Sprintf("clear: argument must be a map or slice, not %T", x))
	}
}

func isBasicLit(x ast.Expr) bool { _, ok := ast.Unparen(x).(*ast.BasicLit); return ok }
