package engine

import (
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"strings"
)

// Workaround: the builtins min, max (Go 1.21) and clear.
//
// yaegi v0.16 does not know min, max and clear. min and max become the
// interpreted generic helpers _gnMin and _gnMax (with a typed argument
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
