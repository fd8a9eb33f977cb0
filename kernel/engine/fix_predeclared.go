package engine

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Workaround: constants and variables of the session named like a
// predeclared identifier (const append = 1, var int = 2, var nil = 3,
// var iota = 4).
//
// Go lets a package declare any predeclared name again (rename.go); the
// declaration hides the universe's. yaegi v0.16 looks such a name up in
// its universe first: every const with a predeclared name crashes it
// compiling ("index out of range [0] with length 0"), var int too, and
// var nil = 1 and var iota = 1 read as nil and 0 — a wrong value. So the
// pass "predeclared" renames, in every cell, each use and definition of
// a session constant or variable (declared at the top level, or by a
// top-level :=) whose name the universe also has: int becomes _gnU_int.
// go/types resolved every identifier already, so the universe's int and
// a local variable named int are left alone. Functions and types keep
// their names (a frame's name and %T would show the new one); yaegi runs
// funcs with predeclared names except a func named int.

// rewritePredeclared is the pass "predeclared".
func rewritePredeclared(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	session := map[types.Object]bool{}
	for _, obj := range p.e.types.objects {
		session[obj] = true
	}
	for _, s := range p.pc.stmts.Body.List {
		if as, ok := s.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && ct.info.Defs[id] != nil {
					session[ct.info.Defs[id]] = true
				}
			}
		}
	}
	rename := func(id *ast.Ident, obj types.Object) {
		if obj == nil || id.Name == "_" || types.Universe.Lookup(id.Name) == nil {
			return
		}
		switch o := obj.(type) {
		case *types.Const:
		case *types.Var:
			if o.IsField() {
				return
			}
		default:
			return
		}
		if !session[obj] && obj.Parent() != ct.pkg.Scope() {
			return
		}
		p.r.addText(p.off(id.Pos()), p.off(id.End()), predeclaredName(id.Name))
	}
	p.pc.inspect(func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if obj := ct.info.Defs[id]; obj != nil {
				rename(id, obj)
			} else {
				rename(id, ct.info.Uses[id])
			}
		}
		return true
	})
}

// predeclaredName is the name the interpreter sees for a session
// constant or variable named like a predeclared identifier.
func predeclaredName(name string) string { return "_gnU_" + name }
