package engine

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// scope is what a cell imports and defines, seen together with the
// session: the answer to "what does this name refer to here". The passes
// imports, names and autoimport fill it; later passes only read it.
type scope struct {
	e  *Engine // the session, read-only while a cell is prepared
	pc *parsedCell

	imports     map[string]string      // name -> path: the cell's imports (factImports, factPackages)
	newImports  []importSpec           // imports not yet made in the session
	declDefined map[string]token.Token // names the cell declares (factNames)
	stmtDefined map[string]bool        // names the cell's top-level := statements define
	funcs       map[string]*ast.FuncDecl
	values      map[string]*ast.ValueSpec

	err *cellError // the first preparation error
}

type importSpec struct {
	name, path string
	off        int
}

func newScope(e *Engine, pc *parsedCell) *scope {
	return &scope{
		e: e, pc: pc,
		imports:     map[string]string{},
		declDefined: map[string]token.Token{},
		stmtDefined: map[string]bool{},
		funcs:       map[string]*ast.FuncDecl{},
		values:      map[string]*ast.ValueSpec{},
	}
}

// fail records the first preparation error, at pos.
func (s *scope) fail(pos token.Pos, msg string) {
	if s.err == nil {
		cell, l, c := s.pc.where(s.off(pos))
		s.err = &cellError{line: l, col: c, cell: cell, msg: msg}
	}
}

func (s *scope) off(p token.Pos) int { return s.pc.offset(p) }

// pos returns the line and column of p in the cell it comes from.
func (s *scope) pos(p token.Pos) (int, int) {
	_, l, c := s.pc.where(s.off(p))
	return l, c
}

// where returns the cell (0: this cell), line and column of p.
func (s *scope) where(p token.Pos) (cell, line, col int) { return s.pc.where(s.off(p)) }

// absWhere is where with the cell's own number for this cell.
func (s *scope) absWhere(p token.Pos) (cell, line, col int) {
	cell, line, col = s.where(p)
	if cell == 0 {
		cell = s.e.cellN
	}
	return cell, line, col
}

// encPos encodes p's cell, line and column (encodePos).
func (s *scope) encPos(p token.Pos) int { return encodePos(s.absWhere(p)) }

// cellPosString is "cell N, line:col" for p.
func (s *scope) cellPosString(p token.Pos) string {
	cell, l, c := s.absWhere(p)
	return "cell " + strconv.Itoa(cell) + ", " + strconv.Itoa(l) + ":" + strconv.Itoa(c)
}

func (s *scope) posString(p token.Pos) string {
	cell, l, c := s.where(p)
	if cell > 0 {
		return "cell " + strconv.Itoa(cell) + ", " + strconv.Itoa(l) + ":" + strconv.Itoa(c)
	}
	return strconv.Itoa(l) + ":" + strconv.Itoa(c)
}

func (s *scope) text(n ast.Node) string { return s.pc.src[s.off(n.Pos()):s.off(n.End())] }

// collectImports (pass imports) records the cell's import specs,
// dropping those already imported in the session.
func collectImports(p *prep) {
	p.use(factImports)
	s := p.scope
	for _, is := range s.pc.imports.Imports {
		path, err := strconv.Unquote(is.Path.Value)
		if err != nil {
			s.fail(is.Path.Pos(), "bad import path "+is.Path.Value)
			return
		}
		if msg := unsupportedImport(path); msg != "" {
			s.fail(is.Path.Pos(), msg)
			return
		}
		if !s.e.importable(path) {
			s.fail(is.Path.Pos(), s.e.unavailableImport(path))
			return
		}
		name := s.e.pkgName(path)
		if is.Name != nil {
			name = is.Name.Name
		}
		s.imports[name] = path
		if s.e.imported[name+" "+path] {
			continue
		}
		s.newImports = append(s.newImports, importSpec{name: name, path: path, off: s.off(is.Pos())})
	}
}

// collectNames (pass names) records the names the cell defines and
// rejects redefinitions yaegi would silently ignore (see fix_redefine.go).
func collectNames(p *prep) {
	p.use(factNames)
	s := p.scope
	for _, d := range s.pc.decls.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil {
				checkMethodRedefinition(s, d)
			} else {
				s.declDefined[d.Name.Name] = token.FUNC
				s.funcs[d.Name.Name] = d
			}
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				switch sp := sp.(type) {
				case *ast.TypeSpec:
					s.declDefined[sp.Name.Name] = token.TYPE
					checkTypeRedefinition(s, sp)
				case *ast.ValueSpec:
					for _, n := range sp.Names {
						s.declDefined[n.Name] = d.Tok
						s.values[n.Name] = sp
					}
					for _, v := range sp.Values {
						if g := s.genericCallName(v); g != "" {
							s.fail(v.Pos(), "a generic call (here "+g+") in a package-level var cannot be compiled by the interpreter: define the variable with a statement instead, "+sp.Names[0].Name+" := ...")
						}
					}
				}
			}
		}
	}
	for _, st := range s.pc.stmts.Body.List {
		if as, ok := st.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
					s.stmtDefined[id.Name] = true
				}
			}
		}
	}
}

// autoImports (pass autoimport) imports packages the cell uses by name
// without importing them.
func autoImports(p *prep) {
	p.use(factPackages)
	s := p.scope
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
		if s.known(id.Name) {
			return true
		}
		if path, ok := s.e.pathForName(id.Name); ok {
			s.imports[id.Name] = path
			s.newImports = append(s.newImports, importSpec{name: id.Name, path: path, off: -1})
		}
		return true
	}
	ast.Inspect(s.pc.decls, visit)
	ast.Inspect(s.pc.stmts.Body, visit)
}

// normalize returns a declaration's tokens separated by single spaces, so
// that layout, comments and semicolons do not make definitions differ.
func normalize(src string) string {
	var parts []string
	for _, t := range scanCell(src) {
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
func (s *scope) known(name string) bool {
	if _, ok := s.declDefined[name]; ok {
		return true
	}
	if s.stmtDefined[name] {
		return true
	}
	if _, ok := s.imports[name]; ok {
		return true
	}
	return s.e.known(name)
}

// isPkg reports whether the identifier id refers to the package with the
// given path (imported by this cell or the session).
func (s *scope) isPkg(id *ast.Ident, path string) bool {
	if id.Obj != nil {
		return false
	}
	if p, ok := s.imports[id.Name]; ok {
		return p == path
	}
	if _, ok := s.declDefined[id.Name]; ok || s.stmtDefined[id.Name] {
		return false
	}
	return s.e.importNames[id.Name] == path
}

// pkgPath returns the import path a package name refers to in this cell.
func (s *scope) pkgPath(name string) (string, bool) {
	if p, ok := s.imports[name]; ok {
		return p, true
	}
	if s.shadowed(name) {
		return "", false
	}
	p, ok := s.e.importNames[name]
	return p, ok
}

// shadowed reports whether the cell or the session defines name as
// something other than an import.
func (s *scope) shadowed(name string) bool {
	if _, ok := s.declDefined[name]; ok || s.stmtDefined[name] {
		return true
	}
	_, ok := s.e.decls[name]
	return ok || s.e.stmtVars[name]
}

// builtin reports whether id is the predeclared name (not shadowed by the
// cell or the session).
func (s *scope) builtin(id *ast.Ident, name string) bool {
	return id.Name == name && id.Obj == nil && !s.known(name)
}

// isConstant reports whether x is a literal or a constant identifier.
func (s *scope) isConstant(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.BasicLit:
		return true
	case *ast.Ident:
		if x.Obj != nil {
			return x.Obj.Kind == ast.Con
		}
		if k, ok := s.declDefined[x.Name]; ok {
			return k == token.CONST
		}
		if r, ok := s.e.decls[x.Name]; ok {
			return r.kind == token.CONST
		}
		return x.Name == "true" || x.Name == "false" || x.Name == "nil" || x.Name == "iota"
	}
	return false
}

// definedAnywhere reports whether name is a builtin, a package name, or
// defined by the cell or the session.
func (s *scope) definedAnywhere(name string) bool {
	for _, b := range goBuiltins {
		if b == name {
			return true
		}
	}
	if s.known(name) {
		return true
	}
	_, ok := s.e.names[name]
	return ok || name == rtName
}

// genericCallName returns the name of the first generic function x calls
// (a builtin or slices function the rewrites replace by a generic
// helper), or "".
func (s *scope) genericCallName(x ast.Node) string {
	name := ""
	ast.Inspect(x, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || name != "" {
			return name == ""
		}
		fun := c.Fun
		switch ix := fun.(type) {
		case *ast.IndexExpr:
			fun = ix.X
		case *ast.IndexListExpr:
			fun = ix.X
		}
		switch f := fun.(type) {
		case *ast.Ident:
			// (Generic functions of the session are specialized:
			// fix_mono.go. min and max become generic helpers.)
			generic := s.builtin(f, "min") || s.builtin(f, "max")
			if generic && !(len(c.Args) == 1 && !isBasicLit(c.Args[0])) { // (one argument: fix_builtins.go)
				name = f.Name
			}
		case *ast.SelectorExpr:
			if id, ok := f.X.(*ast.Ident); ok && slicesGeneric(s, f) {
				name = id.Name + "." + f.Sel.Name
			}
		}
		return name == ""
	})
	return name
}

func (s *scope) genericCall(x ast.Node) bool { return s.genericCallName(x) != "" }

// finalIsLast reports whether the cell's last top-level chunk is a statement.
func (s *scope) finalIsLast() bool {
	cs := s.pc.chunks
	return len(cs) > 0 && !cs[len(cs)-1].decl
}
