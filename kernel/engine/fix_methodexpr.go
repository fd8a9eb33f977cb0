package engine

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"
)

// Workaround: method expressions.
//
// yaegi v0.16 compiles a method expression of a cell type (B.Get,
// (*B).Set, I.m) as the method value it is not: calling it panics
// ("reflect: Call with too many input arguments", "reflect.Set: value of
// type func() int is not assignable to type func(B) int") or is refused
// ("too many arguments"). A function literal that calls the method on its
// first argument is what the method expression is, and yaegi runs it: the
// pass "methodexpr" rewrites T.M to
//
//	func(_gnr T, _gna0 int) string { return _gnr.M(_gna0) }
//
// with the types go/types gives the method expression (generic code
// reaches the pass specialized, so Box[int].Get is Box__int.Get here). A
// method expression whose parameter types the engine cannot name (an
// unexported type of a compiled package) stays as written.

// rewriteMethodExprs is the pass "methodexpr".
func rewriteMethodExprs(p *prep) {
	ct := p.cellTypes()
	p.pc.inspect(func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		s, ok := ct.info.Selections[sel]
		if !ok || s.Kind() != types.MethodExpr {
			return true
		}
		sig, ok := s.Type().(*types.Signature)
		if !ok || sig.Params().Len() == 0 {
			return true
		}
		var params, args []string
		for i := range sig.Params().Len() {
			t := sig.Params().At(i).Type()
			variadic := sig.Variadic() && i == sig.Params().Len()-1
			if variadic {
				t = t.(*types.Slice).Elem()
			}
			spelled, ok := p.spellGoType(t)
			if !ok {
				return true
			}
			name := "_gnr"
			if i > 0 {
				name = "_gna" + strconv.Itoa(i-1)
				arg := name
				if variadic {
					arg += "..."
				}
				args = append(args, arg)
			}
			if variadic {
				spelled = "..." + spelled
			}
			params = append(params, name+" "+spelled)
		}
		var results []string
		for i := range sig.Results().Len() {
			spelled, ok := p.spellGoType(sig.Results().At(i).Type())
			if !ok {
				return true
			}
			results = append(results, spelled)
		}
		res := resultList(results)
		call := "_gnr." + sel.Sel.Name + "(" + strings.Join(args, ", ") + ")"
		if len(results) > 0 {
			call = "return " + call
		}
		p.r.addText(p.off(sel.Pos()), p.off(sel.End()), "func("+strings.Join(params, ", ")+")"+res+" { "+call+" }")
		return false
	})
}

// resultList writes a signature's spelled result types after its
// parameters: "", " T" or " (T, U)".
func resultList(results []string) string {
	switch len(results) {
	case 0:
		return ""
	case 1:
		return " " + results[0]
	}
	return " (" + strings.Join(results, ", ") + ")"
}
