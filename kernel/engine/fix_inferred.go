package engine

import (
	"go/ast"
	"go/token"
	"strings"
)

// Workaround: generic type inference.
//
// yaegi v0.16 infers the type arguments of some generic calls wrongly
// (Map(xs, func(int) string) gets U = int, and its error does not mention
// generics) and crashes ("CFG post-order panic") inferring them from a
// value of a compiled type (Count(os.Args), First(v.RawVector().Data)).
// With the type arguments written out it compiles both. So a call of a
// generic function of the cell or the session without type arguments
// gets the ones go/types inferred (gotypes.go): Map(xs, f) becomes
// Map[int, string](xs, f). When the engine cannot name a type argument,
// the call stays as written and is noted; if compiling it fails, the
// error adds a hint naming it (see runError).

// instantiateGenericCalls is the pass "inferred".
func instantiateGenericCalls(p *prep) {
	ct := p.cellTypes()
	visit := func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		id, ok := ast.Unparen(c.Fun).(*ast.Ident)
		if !ok || id.Obj != nil && !isFuncObj(id) {
			return true
		}
		generic := false
		if fd, ok := p.funcs[id.Name]; ok {
			generic = fd.Type.TypeParams != nil
		} else if rec, ok := p.e.decls[id.Name]; ok && !p.hidesSessionFunc(id.Name) {
			generic = rec.generic
		}
		if !generic {
			return true
		}
		if inst, ok := ct.info.Instances[id]; ok && inst.TypeArgs != nil && inst.TypeArgs.Len() > 0 {
			args := make([]string, inst.TypeArgs.Len())
			spelled := true
			for i := range args {
				args[i], ok = p.spellGoType(inst.TypeArgs.At(i))
				spelled = spelled && ok
			}
			if spelled {
				p.r.addText(p.off(id.End()), p.off(id.End()), "["+strings.Join(args, ", ")+"]")
				return true
			}
		}
		p.pl.inferredCalls = append(p.pl.inferredCalls, id.Name+" at "+p.posString(c.Pos()))
		return true
	}
	p.pc.inspect(visit)
}

// isFuncObj reports whether the parser resolved id to a function
// declaration of the same view (not a local variable).
func isFuncObj(id *ast.Ident) bool {
	_, ok := id.Obj.Decl.(*ast.FuncDecl)
	return ok
}

// hidesSessionFunc reports whether the cell defines name as something
// other than a function, hiding a function of that name from the session.
func (s *scope) hidesSessionFunc(name string) bool {
	k, ok := s.declDefined[name]
	return ok && k != token.FUNC || s.stmtDefined[name]
}
