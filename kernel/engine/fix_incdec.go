package engine

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Workaround: ++ and -- on a uintptr.
//
// yaegi v0.16 has no ++ and -- for the uintptr kind: the statement has no
// code, and the function it is in silently ends there (ui++ followed by
// fmt.Println(ui) prints nothing, and no error). += and -= work. So x++
// and x-- on a value whose type's underlying type is uintptr become x += 1
// and x -= 1 (x is evaluated once either way).

// rewriteIncDec is the pass "incdec".
func rewriteIncDec(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		s, ok := n.(*ast.IncDecStmt)
		if !ok {
			return true
		}
		t := ct.goType(s.X)
		if t == nil {
			return true
		}
		if b, ok := t.Underlying().(*types.Basic); !ok || b.Kind() != types.Uintptr {
			return true
		}
		op := " += 1"
		if s.Tok == token.DEC {
			op = " -= 1"
		}
		p.r.addText(p.off(s.X.End()), p.off(s.End()), op)
		return true
	})
}
