package engine

import (
	"go/ast"
	"go/token"
)

// undefinedIdent finds the first identifier the cell uses that nothing
// defines: not the cell, the session, a builtin or a package. yaegi
// reports some undefined names unhelpfully ("constant definition loop", or
// a crash in generic code), so the engine looks for one itself when it
// gets such an error. It returns nil when every name is accounted for.
func (s *scope) undefinedIdent() *cellError {
	declSite := map[*ast.Ident]bool{}
	mark := func(xs ...ast.Expr) {
		for _, x := range xs {
			if id, ok := x.(*ast.Ident); ok {
				declSite[id] = true
			}
		}
	}
	var best *cellError
	bestOff := -1
	roots := []ast.Node{s.pc.stmts.Body}
	for _, d := range s.pc.decls.Decls {
		roots = append(roots, d)
	}
	for _, root := range roots {
		ast.Inspect(root, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				declSite[n.Sel] = true
			case *ast.KeyValueExpr:
				mark(n.Key)
			case *ast.Field:
				for _, id := range n.Names {
					declSite[id] = true
				}
			case *ast.BranchStmt:
				if n.Label != nil {
					declSite[n.Label] = true
				}
			case *ast.LabeledStmt:
				declSite[n.Label] = true
			case *ast.FuncDecl:
				declSite[n.Name] = true
			case *ast.TypeSpec:
				declSite[n.Name] = true
			case *ast.ValueSpec:
				for _, id := range n.Names {
					declSite[id] = true
				}
			case *ast.ImportSpec:
				if n.Name != nil {
					declSite[n.Name] = true
				}
			case *ast.AssignStmt:
				if n.Tok == token.DEFINE {
					mark(n.Lhs...)
				}
			case *ast.RangeStmt:
				if n.Tok == token.DEFINE {
					mark(n.Key, n.Value)
				}
			case *ast.Ident:
				if declSite[n] || n.Obj != nil || n.Name == "_" || s.definedAnywhere(n.Name) {
					return true
				}
				off := s.off(n.Pos())
				if bestOff < 0 || off < bestOff {
					cell, l, c := s.pc.where(off)
					best, bestOff = &cellError{line: l, col: c, cell: cell, msg: "undefined: " + n.Name}, off
				}
			}
			return true
		})
	}
	return best
}
