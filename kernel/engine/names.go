package engine

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// Names: what a cell imports and defines, and what it refers to.

type importSpec struct {
	name, path string
	off        int
}

// collectImports records the cell's import specs, dropping those already
// imported in the session.
func (a *analysis) collectImports() {
	for _, is := range a.pc.imports.Imports {
		path, err := strconv.Unquote(is.Path.Value)
		if err != nil {
			a.fail(is.Path.Pos(), "bad import path "+is.Path.Value)
			return
		}
		if path == "iter" {
			a.fail(is.Path.Pos(), "package iter (range over func, Go 1.23) is not supported by the gophernote interpreter")
			return
		}
		name := a.e.pkgName(path)
		if is.Name != nil {
			name = is.Name.Name
		}
		a.cellImports[name] = path
		if a.e.imported[name+" "+path] {
			continue
		}
		a.newImports = append(a.newImports, importSpec{name: name, path: path, off: a.off(is.Pos())})
	}
}

// collectNames records the names the cell defines and rejects type
// redefinitions yaegi would silently ignore.
func (a *analysis) collectNames() {
	for _, d := range a.pc.decls.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if key := declKey(d); d.Recv != nil {
				if old, ok := a.e.decls[key]; ok && old.norm != normalize(a.text(d)) {
					a.fail(d.Name.Pos(), "method "+key+" was defined in cell "+strconv.Itoa(old.cell)+
						" with a different body; the interpreter cannot redefine a method (the old body would silently stay): restart the kernel, or give the new version another name")
				}
			}
			if d.Recv == nil {
				a.declDefined[d.Name.Name] = token.FUNC
				a.cellFuncs[d.Name.Name] = d
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					a.declDefined[s.Name.Name] = token.TYPE
					if old, ok := a.e.decls[s.Name.Name]; ok && old.kind == token.TYPE && old.norm != normalize(a.text(s)) {
						a.fail(s.Name.Pos(), "type "+s.Name.Name+" was defined in cell "+strconv.Itoa(old.cell)+
							" with a different definition; the interpreter cannot redefine a type (values and functions already use the old one): choose a new name such as "+s.Name.Name+"2, or restart the kernel")
					}
				case *ast.ValueSpec:
					for _, n := range s.Names {
						a.declDefined[n.Name] = d.Tok
						a.cellValues[n.Name] = s
					}
					for _, v := range s.Values {
						if g := a.genericCallName(v); g != "" {
							a.fail(v.Pos(), "a generic call (here "+g+") in a package-level var cannot be compiled by the interpreter: define the variable with a statement instead, "+s.Names[0].Name+" := ...")
						}
					}
				}
			}
		}
	}
	for _, s := range a.pc.stmts.Body.List {
		if as, ok := s.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
					a.stmtDefined[id.Name] = true
				}
			}
		}
	}
}

// normalize returns a declaration's tokens separated by single spaces, so
// that layout, comments and semicolons do not make definitions differ.
func normalize(s string) string {
	var parts []string
	for _, t := range scanCell(s) {
		switch {
		case t.t == token.SEMICOLON:
		case t.lit != "":
			parts = append(parts, t.lit)
		default:
			parts = append(parts, t.t.String())
		}
	}
	return strings.Join(parts, " ")
}

// known reports whether name is defined by the session or this cell (so it
// is not a package name to auto-import).
func (a *analysis) known(name string) bool {
	if _, ok := a.declDefined[name]; ok {
		return true
	}
	if a.stmtDefined[name] {
		return true
	}
	if _, ok := a.cellImports[name]; ok {
		return true
	}
	return a.e.known(name)
}

// autoImports imports packages the cell uses by name without importing.
func (a *analysis) autoImports() {
	seen := map[string]bool{}
	visit := func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok || id.Obj != nil || seen[id.Name] {
			return true
		}
		seen[id.Name] = true
		if a.known(id.Name) {
			return true
		}
		if path, ok := a.e.pathForName(id.Name); ok {
			a.cellImports[id.Name] = path
			a.newImports = append(a.newImports, importSpec{name: id.Name, path: path, off: -1})
		}
		return true
	}
	ast.Inspect(a.pc.decls, visit)
	ast.Inspect(a.pc.stmts.Body, visit)
}

// isPkg reports whether the identifier id refers to the package imported
// as name (in this cell or the session).
func (a *analysis) isPkg(id *ast.Ident, path string) bool {
	if id.Obj != nil {
		return false
	}
	if p, ok := a.cellImports[id.Name]; ok {
		return p == path
	}
	if _, ok := a.declDefined[id.Name]; ok || a.stmtDefined[id.Name] {
		return false
	}
	return a.e.importNames[id.Name] == path
}
