package engine

import (
	"go/ast"
	"go/types"
)

// Workaround: func main in a cell.
//
// yaegi runs a package's main function after every Eval that declares
// something, so a cell's func main would run again after every later
// declaration cell. So the main pass renames it, and the units pass calls
// it once, after the cell's declarations.

// renameMain (pass "main") makes a cell's func main an ordinary function run once by
// the cell: yaegi would otherwise run a main function again after every
// later declaration cell. A call of main (a program may call its main
// recursively, as Go allows) and main used as a value are renamed with
// it: left as main, yaegi resolved the name to something else and
// panicked in reflect ("call of reflect.Value.Call on int Value").
func renameMain(p *prep) {
	p.use(factMain)
	for _, d := range p.pc.decls.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "main" && fd.Type.TypeParams == nil {
			p.r.addText(p.off(fd.Name.Pos()), p.off(fd.Name.End()), mainName)
			p.mainAt = p.off(fd.Name.Pos())
		}
	}
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.pc.inspect(func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || id.Name != "main" {
			return true
		}
		if f, ok := ct.info.Uses[id].(*types.Func); ok && f.Parent() != nil && f.Parent() == f.Pkg().Scope() {
			p.r.addText(p.off(id.Pos()), p.off(id.End()), mainName)
		}
		return true
	})
}

// mainName is what a cell's func main is renamed to.
const mainName = "_gnMain"

// addMainCall runs the cell's main function, after its declarations.
func addMainCall(p *prep) {
	if p.mainAt >= 0 {
		p.pl.units = append(p.pl.units, unit{kind: unitStmts, src: ";" + p.r.directive(p.mainAt) + mainName + "()"})
	}
}
