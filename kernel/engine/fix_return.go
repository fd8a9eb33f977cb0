package engine

import (
	"errors"
	"go/ast"
	"reflect"

	"github.com/traefik/yaegi/interp"
)

// Workaround: return at the top level of a cell.
//
// A cell's statements are like the body of func main, where a bare
// return ends the program; pasted into a cell, yaegi crashes compiling it
// ("CFG post-order panic"), and inside a statement the engine wraps in a
// function literal (fix_compound.go) it would only leave that statement.
// So a return at the cell's top level (not inside a function literal)
// becomes panic(_gnrt.CellReturn()), and the engine ends the cell there
// without an error when that sentinel arrives: the statements before it
// ran, the rest of the cell does not, the top-level deferred calls run.
// A return with values is refused: func main has no results.

// cellReturn is the sentinel a top-level return panics with.
type cellReturn struct{}

var cellReturnValue = &cellReturn{}

func init() {
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"CellReturn": reflect.ValueOf(func() any { return cellReturnValue })}
	})
}

// isCellReturn reports whether an evaluation ended with a top-level return.
func isCellReturn(err error) bool {
	var p interp.Panic
	if !errors.As(err, &p) {
		return false
	}
	v := p.Value
	if rv, ok := v.(reflect.Value); ok && rv.IsValid() && rv.CanInterface() {
		v = rv.Interface() // yaegi passes a compiled value on as a reflect.Value
	}
	return v == any(cellReturnValue)
}

// rewriteReturns is the pass "return".
func rewriteReturns(p *prep) {
	ast.Inspect(p.pc.stmts.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) > 0 {
				p.fail(n.Pos(), "return with values at the top level of a cell: the cell's statements are like the body of func main, which has no results")
				return false
			}
			p.r.addText(p.off(n.Pos()), p.off(n.End()), "panic("+rtName+".CellReturn())")
		}
		return true
	})
}
