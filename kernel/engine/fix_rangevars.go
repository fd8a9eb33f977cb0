package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// Workaround: the iteration variables of a range loop.
//
// yaegi v0.16 assigns nothing in a range loop written with = (for k, v =
// range s leaves k and v as they were; for i, x[i] = range y too), and a
// loop body that assigns its iteration variable changes the iteration
// (for i := range s { if i == 1 { i = 2 } } skips an element; Go assigns
// each iteration's values afresh). So such a loop ranges over fresh
// variables, and the body starts by assigning (=) or defining (:=) the
// loop's own from them:
//
//	for k, v = range X { body }  =>  for _gnk1, _gnv2 := range X { k, v = _gnk1, _gnv2; body }
//
// which is Go's meaning: the iteration values are assigned at the start
// of each iteration, as by an assignment statement (index expressions on
// the left evaluated then), and left as the last iteration set them. A
// := loop is rewritten only when its body assigns a variable of its own;
// the copies are per iteration, as in Go 1.22. The rangeint pass ranges
// over an integer with the fresh variable, and loopvar leaves these loops
// alone.

// rewriteRangeVars is the pass "rangevars".
func rewriteRangeVars(p *prep) {
	p.use(factRangeVars)
	p.pc.inspect(func(n ast.Node) bool {
		rs, ok := n.(*ast.RangeStmt)
		if !ok || rs.Key == nil || rs.Body == nil {
			return true
		}
		if _, done := p.rangeKeys[rs]; done {
			return true // fix_rangechans.go's
		}
		if rs.Tok == token.DEFINE {
			var names []string
			for _, x := range []ast.Expr{rs.Key, rs.Value} {
				if id, ok := x.(*ast.Ident); ok && id.Name != "_" {
					names = append(names, id.Name)
				}
			}
			if len(names) == 0 || !assigns(rs.Body, names...) {
				return true
			}
		} else if rs.Tok != token.ASSIGN {
			return true
		}
		var lhs []ast.Expr
		var fresh, rhs []string
		converted := false
		ct := p.cellTypes()
		srcs := rangeElemTypes(p, rs)
		for i, x := range []ast.Expr{rs.Key, rs.Value} {
			if x == nil {
				continue
			}
			if id, ok := x.(*ast.Ident); ok && id.Name == "_" {
				fresh = append(fresh, "_")
				continue
			}
			f := p.r.fresh([]string{"k", "v"}[i])
			fresh = append(fresh, f)
			lhs = append(lhs, x)
			rhs = append(rhs, f)
			// Into a variable of an interface type, converted: yaegi's
			// assignment of a value of a cell type with methods panics
			// otherwise (typeparam/mdempsky/17.go of Go's tests).
			if rs.Tok == token.ASSIGN && ct != nil && srcs[i] != nil && !isInterface(srcs[i]) {
				if lt := ct.goType(x); lt != nil && isInterface(lt) {
					if spelled, ok := p.spellGoType(lt); ok {
						rhs[len(rhs)-1] = "(" + spelled + ")(" + f + ")"
						converted = true
					}
				}
			}
		}
		if len(lhs) == 0 {
			return true
		}
		p.rangeKeys[rs] = fresh[0]
		p.r.addText(p.off(rs.Key.Pos()), p.off(rs.TokPos)+len(rs.Tok.String()), join(fresh)+" :=")
		// The assignment is at the range clause's position (an index out
		// of range on its left panics there).
		keyAt := p.off(rs.Key.Pos())
		open := p.off(rs.Body.Lbrace) + 1
		p.r.add(open, open, func(r *renderer) string {
			var ls []string
			for _, x := range lhs {
				ls = append(ls, r.render(p.off(x.Pos()), p.off(x.End())))
			}
			if converted && allIdents(lhs) {
				// One assignment each: yaegi's multiple assignment of
				// converted values panics in reflect.Set too, and a
				// variable's new value is read by no other place.
				var b strings.Builder
				for i := range ls {
					b.WriteString(ls[i] + " = " + rhs[i] + "; ")
				}
				return r.directive(keyAt) + " " + b.String() + r.directive(open)
			}
			return r.directive(keyAt) + " " + join(ls) + " " + rs.Tok.String() + " " + join(rhs) + "; " + r.directive(open)
		})
		return true
	})
}

func join(xs []string) string { return strings.Join(xs, ", ") }

// rangeElemTypes are the types of the key and the value a range statement
// gives, by go/types; nil where unknown (a range over a function).
func rangeElemTypes(p *prep, rs *ast.RangeStmt) [2]types.Type {
	var out [2]types.Type
	ct := p.cellTypes()
	if ct == nil {
		return out
	}
	xt := ct.goType(rs.X)
	if xt == nil {
		return out
	}
	switch u := xt.Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			out = [2]types.Type{types.Typ[types.Int], types.Typ[types.Rune]}
		} else {
			out[0] = xt
		}
	case *types.Slice:
		out = [2]types.Type{types.Typ[types.Int], u.Elem()}
	case *types.Array:
		out = [2]types.Type{types.Typ[types.Int], u.Elem()}
	case *types.Pointer:
		if a, ok := u.Elem().Underlying().(*types.Array); ok {
			out = [2]types.Type{types.Typ[types.Int], a.Elem()}
		}
	case *types.Map:
		out = [2]types.Type{u.Key(), u.Elem()}
	case *types.Chan:
		out[0] = u.Elem()
	}
	return out
}

// allIdents reports whether every expression of xs is an identifier.
func allIdents(xs []ast.Expr) bool {
	return !slices.ContainsFunc(xs, func(x ast.Expr) bool { return !isIdentExpr(x) })
}
