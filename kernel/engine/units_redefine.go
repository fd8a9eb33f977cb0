package engine

import (
	"go/ast"
	"go/token"
)

// A top-level `a := 2` that redefines a session variable a (from an
// earlier cell) gives yaegi a new global when it compiles the statement
// group; a statement of the same group before it that reads a then reads
// the new, still zero, variable (println(a); a := 2 printed 0). So such a
// redefinition starts a new evaluation: the statements before it see the
// old a. (addStmtUnit calls this.)

// redefinesUsed reports whether s redefines with := a name the session
// already knows that a statement of group reads.
func redefinesUsed(u *unitBuilder, s ast.Stmt, group []ast.Stmt) bool {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(group) == 0 {
		return false
	}
	for _, l := range as.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok || id.Name == "_" || !u.e.known(id.Name) {
			continue
		}
		for _, g := range group {
			used := false
			ast.Inspect(g, func(n ast.Node) bool {
				if x, ok := n.(*ast.Ident); ok && x.Name == id.Name {
					used = true
				}
				return !used
			})
			if used {
				return true
			}
		}
	}
	return false
}
