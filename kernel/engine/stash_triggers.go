package engine

import (
	"go/ast"
	"go/token"
)

// More values the stash (fix_stash.go) defines in two steps: yaegi v0.16
// crashes or refuses to compile them in a global definition (a top-level
// :=) though it runs them inside a function:
//
//   - the address of an element of an indexed or sliced element
//     (p := &cs[0][1], x := &(*a)[1:][0]), and an element of a
//     dereferenced pointer ((*p)[0]): "invalid memory address or nil
//     pointer dereference" while compiling;
//   - a comparison with nil of anything but a variable (a := []byte{} ==
//     nil, d := nil == &i): "use of untyped nil";
//   - an array or slice literal whose keys are named constants or
//     expressions ([...]string{zero: "zero", three + 2: "five"}):
//     "reflect: call of reflect.Value.Int on interface Value".

// globalCompileTrap reports whether a top-level := has such a value.
func globalCompileTrap(as *ast.AssignStmt) bool {
	found := false
	for _, x := range as.Rhs {
		ast.Inspect(x, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					if ix, ok := ast.Unparen(n.X).(*ast.IndexExpr); ok {
						switch ast.Unparen(ix.X).(type) {
						case *ast.IndexExpr, *ast.SliceExpr, *ast.StarExpr:
							found = true
						}
					}
				}
			case *ast.IndexExpr:
				if _, ok := ast.Unparen(n.X).(*ast.StarExpr); ok {
					found = true // (*p)[i]
				}
			case *ast.CompositeLit:
				// [...]string{zero: "zero", three + 2: "five"}: keys
				// that are named constants or constant expressions.
				if _, isArray := n.Type.(*ast.ArrayType); isArray {
					for _, el := range n.Elts {
						if kv, ok := el.(*ast.KeyValueExpr); ok {
							if _, lit := kv.Key.(*ast.BasicLit); !lit {
								found = true
							}
						}
					}
				}
			case *ast.BinaryExpr:
				if n.Op == token.EQL || n.Op == token.NEQ {
					if isNilIdent(n.X) && !isIdentExpr(n.Y) || isNilIdent(n.Y) && !isIdentExpr(n.X) {
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

func isNilIdent(x ast.Expr) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	return ok && id.Name == "nil"
}

func isIdentExpr(x ast.Expr) bool {
	_, ok := ast.Unparen(x).(*ast.Ident)
	return ok
}
