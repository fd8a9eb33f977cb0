package engine

import (
	"go/ast"
	"go/token"
)

// Workaround: a global defined from an untyped rune constant.
//
// yaegi gives `a := 'r'` or `var a = 'a' + 1` at the top level (a global)
// the type int; Go's default type for an untyped rune constant is rune
// (int32), as yaegi gives it inside functions. So the value of a
// top-level := or of a package-level var without a type becomes
// rune(value) when it is a constant expression of literals whose kind is
// rune (rune literals, possibly with integer literals; no float or
// imaginary ones).

// rewriteRuneConsts is the pass "runeconst".
func rewriteRuneConsts(p *prep) {
	wrap := func(x ast.Expr) {
		if runeConstExpr(x) {
			p.r.addText(p.off(x.Pos()), p.off(x.Pos()), "rune(")
			p.r.addTail(p.off(x.End()), ")")
		}
	}
	for _, s := range p.pc.stmts.Body.List {
		if as, ok := s.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
			for _, x := range as.Rhs {
				wrap(x)
			}
		}
	}
	for _, d := range p.pc.decls.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, spec := range g.Specs {
			if vs, ok := spec.(*ast.ValueSpec); ok && vs.Type == nil {
				for _, x := range vs.Values {
					wrap(x)
				}
			}
		}
	}
}

// runeConstExpr reports whether x is a constant expression of literals
// whose untyped kind is rune.
func runeConstExpr(x ast.Expr) bool {
	hasRune := false
	var ok func(x ast.Expr) bool
	ok = func(x ast.Expr) bool {
		switch x := x.(type) {
		case *ast.BasicLit:
			switch x.Kind {
			case token.CHAR:
				hasRune = true
				return true
			case token.INT:
				return true
			}
			return false
		case *ast.ParenExpr:
			return ok(x.X)
		case *ast.UnaryExpr:
			return (x.Op == token.SUB || x.Op == token.ADD || x.Op == token.XOR) && ok(x.X)
		case *ast.BinaryExpr:
			switch x.Op {
			case token.ADD, token.SUB, token.MUL, token.QUO, token.REM,
				token.AND, token.OR, token.XOR, token.AND_NOT, token.SHL, token.SHR:
				return ok(x.X) && ok(x.Y)
			}
		}
		return false
	}
	return ok(x) && hasRune
}
