package engine

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
)

// Workaround: a builtin called with one multi-value call as its
// arguments.
//
// Go lets f(g()) pass g's results as f's arguments, builtins included:
// append(g()), complex(g()), copy(g()), delete(g()), min(g()), max(g()).
// yaegi v0.16 does it for functions but not for builtins: complex(g())
// and max(g()) crash it compiling ("index out of range [2] with length
// 2"), copy(g()) and delete(g()) panic at run time, and append(g())
// silently returns g's first result without the appended values. So the
// pass "tuplebuiltin" runs such a call as a function literal that
// receives g's results into temporaries and passes them one by one:
// func() T { a1, a2 := g(); return B(a1, a2) }() (no result for
// delete), T being the call's type as go/types computed it; a T the cell
// cannot name is refused; min and max call the helpers of fix_builtins.go.
// print and println are rewritten by their own
// pass (fix_println.go).

var tupleBuiltins = map[string]bool{"append": true, "complex": true, "copy": true, "delete": true, "min": true, "max": true}

// rewriteTupleBuiltins is the pass "tuplebuiltin".
func rewriteTupleBuiltins(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || len(c.Args) != 1 || c.Ellipsis.IsValid() {
			return true
		}
		fun, ok := ast.Unparen(c.Fun).(*ast.Ident)
		if !ok || !tupleBuiltins[fun.Name] {
			return true
		}
		if _, ok := ct.info.Uses[fun].(*types.Builtin); !ok {
			return true
		}
		tup, ok := ct.goType(c.Args[0]).(*types.Tuple)
		if !ok || tup.Len() < 2 {
			return true
		}
		result := ""
		if fun.Name != "delete" {
			t := ct.goType(c)
			if t == nil {
				return true
			}
			s, ok := p.spellGoType(t)
			if !ok {
				p.fail(c.Pos(), fmt.Sprintf("%s(%s) with the results of a call as its arguments is not supported by the gophernote interpreter when its type (%s) cannot be written in the cell; assign the results to variables first", fun.Name, p.text(c.Args[0]), types.TypeString(t, qualifyLocal)))
				return true
			}
			result = s + " "
		}
		arg := c.Args[0]
		// The name is written, not rendered: an insertion at the
		// statement's start (fix_panicpos.go) would be rendered twice.
		name := fun.Name
		switch name {
		case "min", "max": // as the pass "builtins" rewrites them
			name = "_gnMin"
			if fun.Name == "max" {
				name = "_gnMax"
			}
			p.needHelper(name)
		}
		p.r.add(p.off(c.Pos()), p.off(c.End()), func(r *renderer) string {
			vars := make([]string, tup.Len())
			for i := range vars {
				vars[i] = r.fresh("Arg")
			}
			list := strings.Join(vars, ", ")
			call := name + "(" + list + ")"
			if result != "" {
				call = "return " + call
			}
			return "func() " + result + "{ " + list + " := " + r.render(p.off(arg.Pos()), p.off(arg.End())) + "; " + call + " }()"
		})
		return true
	})
}
