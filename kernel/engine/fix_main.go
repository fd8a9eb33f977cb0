package engine

import "go/ast"

// Workaround: func main in a cell.
//
// yaegi runs a package's main function after every Eval that declares
// something, so a cell's func main would run again after every later
// declaration cell. So the main pass renames it, and the units pass calls
// it once, after the cell's declarations.

// renameMain (pass "main") makes a cell's func main an ordinary function run once by
// the cell: yaegi would otherwise run a main function again after every
// later declaration cell.
func renameMain(p *prep) {
	p.use(factMain)
	for _, d := range p.pc.decls.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "main" && fd.Type.TypeParams == nil {
			p.r.addText(p.off(fd.Name.Pos()), p.off(fd.Name.End()), mainName)
			p.mainAt = p.off(fd.Name.Pos())
		}
	}
}

// mainName is what a cell's func main is renamed to.
const mainName = "_gnMain"

// addMainCall runs the cell's main function, after its declarations.
func addMainCall(p *prep) {
	if p.mainAt >= 0 {
		p.pl.units = append(p.pl.units, unit{kind: unitStmts, src: ";" + p.r.directive(p.mainAt) + mainName + "()"})
	}
}
