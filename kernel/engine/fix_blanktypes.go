package engine

import (
	"go/ast"
	"go/token"
)

// Workaround: a type declared with the blank name at the top level.
//
// yaegi v0.16 refuses `type _ int` (and `type _ struct{...}`, `type _ =
// T`) declared at a cell's top level with "cannot use _ as value"; Go
// accepts them (blank.go, and the idiom `type _ B` that keeps a dot
// import used) and they declare nothing. go/types has checked the type
// expression already, and a type has no run-time effect, so the pass
// "blanktypes" drops blank type specs: it records those of top-level
// declarations (factBlankTypes: the units pass leaves them out of the
// declaration unit and the session's records; a cell's type
// declarations are always top-level declarations, even between
// statements). Blank types inside functions, blank funcs,
// consts, vars and struct fields run as they are.

// dropBlankTypes is the pass "blanktypes".
func dropBlankTypes(p *prep) {
	p.use(factBlankTypes)
	for _, d := range p.pc.decls.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
			for _, s := range g.Specs {
				if ts := s.(*ast.TypeSpec); ts.Name.Name == "_" {
					if p.blankTypes == nil {
						p.blankTypes = map[*ast.TypeSpec]bool{}
					}
					p.blankTypes[ts] = true
				}
			}
		}
	}
}

// isBlankType reports whether the pass "blanktypes" dropped ts.
func (p *prep) isBlankType(ts *ast.TypeSpec) bool {
	p.use(factBlankTypes)
	return p.blankTypes[ts]
}
