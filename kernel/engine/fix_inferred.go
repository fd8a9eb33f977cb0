package engine

import "go/ast"

// Not worked around (a hint only): generic type inference.
//
// yaegi v0.16 infers the type arguments of some generic calls wrongly
// (Map(xs, func(int) string) gets U = int) and its error then does not
// mention generics. The engine notes such calls and, when compiling
// fails with a type mismatch, adds a hint naming them (see runError).

// noteInferredCalls (pass "inferred") records the calls of the session's and the cell's
// generic functions that rely on type inference: yaegi v0.16 infers some
// of them wrongly (Map(xs, func(int) string) gets U = int), and its error
// then does not mention generics.
func noteInferredCalls(p *prep) {
	visit := func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		id, ok := c.Fun.(*ast.Ident)
		if !ok || id.Obj != nil {
			return true
		}
		generic := false
		if fd, ok := p.funcs[id.Name]; ok {
			generic = fd.Type.TypeParams != nil
		} else if rec, ok := p.e.decls[id.Name]; ok {
			generic = rec.generic
		}
		if generic {
			p.pl.inferredCalls = append(p.pl.inferredCalls, id.Name+" at "+p.posString(c.Pos()))
		}
		return true
	}
	ast.Inspect(p.pc.decls, visit)
	ast.Inspect(p.pc.stmts.Body, visit)
}
