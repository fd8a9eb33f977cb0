package engine

import (
	"fmt"
	"go/ast"
	"go/token"
	"sort"
	"strconv"
	"strings"
)

// unitKind tells what a unit of interpreter source holds.
type unitKind int

const (
	unitImports unitKind = iota
	unitHelper
	unitDecls
	unitRedefine
	unitStmts
)

// unit is one Eval call of a cell's plan.
type unit struct {
	kind  unitKind
	src   string
	final bool   // the unit ends with the cell's final expression
	after func() // records session state once the unit succeeded
	// dyn, when set, builds src at run time from the results of the
	// units before it.
	dyn func() (string, *cellError)
}

// plan is a prepared cell.
type plan struct {
	units []unit
	// finalArity is the number of values of the final expression: 1 to
	// display, 0 or 2+ for no display, -1 when unknown (displayed unless
	// the interpreter reports no value).
	finalArity int
	hasFinal   bool
	// rangeUnknown lists cell positions of range statements whose operand
	// could not be classified, for the message if yaegi crashes on them.
	rangeUnknown []string
	// diagnose looks for an undefined name when yaegi's own error is
	// unhelpful.
	diagnose func() *cellError
}

// declRecord is the session's copy of a top-level declaration.
type declRecord struct {
	kind    token.Token // FUNC, TYPE, VAR, CONST
	src     string      // interpreter source (with line directives)
	norm    string      // normalized original text, to compare definitions
	refs    map[string]bool
	generic bool // a function with type parameters
	cell    int
	decl    ast.Node
	doc     string // original text shown by Inspect
	arity   int    // funcs: number of results
}

// prepare parses and rewrites code into a plan.
func (e *Engine) prepare(code string) (*plan, *cellError) {
	pc, err := splitCell(code)
	if err != nil {
		return nil, err.(*cellError)
	}
	a := &analysis{e: e, pc: pc, r: &renderer{src: code, file: cellFile(e.cellN)}, pl: &plan{}, mainAt: -1}
	a.pl.diagnose = a.undefinedIdent
	if ce := a.run(); ce != nil {
		return nil, ce
	}
	return a.pl, nil
}

// analysis holds the state of preparing one cell.
type analysis struct {
	e  *Engine
	pc *parsedCell
	r  *renderer
	pl *plan

	cellImports   map[string]string // name -> path imported by this cell
	newImports    []importSpec
	stmtDefined   map[string]bool // names defined by top-level := statements
	declDefined   map[string]token.Token
	needHelpers   map[string]bool
	err           *cellError
	labeled       map[ast.Node]bool // statements carrying a label
	cellFuncs     map[string]*ast.FuncDecl
	cellValues    map[string]*ast.ValueSpec
	stashes       map[ast.Stmt]*ast.Ident // top-level := of generic calls
	classifyDepth int
	mainAt        int // offset of a renamed func main, or -1
}

type importSpec struct {
	name, path string
	off        int
}

func (a *analysis) fail(pos token.Pos, format string) {
	if a.err == nil {
		l, c := a.pos(pos)
		a.err = &cellError{line: l, col: c, msg: format}
	}
}

func (a *analysis) off(p token.Pos) int { return a.pc.offset(p) }

func (a *analysis) pos(p token.Pos) (int, int) { return lineCol(a.pc.src, a.off(p)) }

func (a *analysis) posString(p token.Pos) string {
	l, c := a.pos(p)
	return strconv.Itoa(l) + ":" + strconv.Itoa(c)
}

func (a *analysis) text(n ast.Node) string { return a.pc.src[a.off(n.Pos()):a.off(n.End())] }

func (a *analysis) run() *cellError {
	a.cellImports = map[string]string{}
	a.stmtDefined = map[string]bool{}
	a.declDefined = map[string]token.Token{}
	a.needHelpers = map[string]bool{}
	a.cellFuncs = map[string]*ast.FuncDecl{}
	a.cellValues = map[string]*ast.ValueSpec{}

	a.collectImports()
	a.collectNames()
	if a.err != nil {
		return a.err
	}
	a.autoImports()
	a.rewriteAll()
	if a.err != nil {
		return a.err
	}
	a.r.sortEdits()
	a.buildUnits()
	return a.err
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

// buildUnits orders the cell into interpreter calls: imports, helpers,
// declarations, re-evaluated dependents of redefined functions, then the
// statements. When a declaration refers to a name a statement of the same
// cell defines, declarations and statements run in source order instead.
func (a *analysis) buildUnits() {
	e := a.e
	if len(a.newImports) > 0 {
		var b strings.Builder
		b.WriteString("import (")
		for _, im := range a.newImports {
			b.WriteString("\n")
			if im.off >= 0 {
				b.WriteString(a.r.directive(im.off))
			}
			b.WriteString(im.name + " " + strconv.Quote(im.path))
		}
		b.WriteString("\n)")
		imps := a.newImports
		a.pl.units = append(a.pl.units, unit{kind: unitImports, src: b.String(), after: func() {
			for _, im := range imps {
				e.imported[im.name+" "+im.path] = true
				e.importNames[im.name] = im.path
			}
		}})
	}
	for _, h := range e.helperOrder(a.needHelpers) {
		name := h
		a.pl.units = append(a.pl.units, unit{kind: unitHelper, src: helpers[h].src, after: func() { e.helpersLoaded[name] = true }})
	}

	stmtOrder := false
	var declNodes []ast.Decl
	for _, d := range a.pc.decls.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
			continue
		}
		declNodes = append(declNodes, d)
		ast.Inspect(d, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Obj == nil && a.stmtDefined[id.Name] {
				stmtOrder = true
			}
			return true
		})
	}
	stmts := a.pc.stmts.Body.List

	if !stmtOrder {
		a.addDeclUnit(declNodes)
		a.addRedefines()
		a.addMainCall()
		a.addStmtUnit(stmts, true)
		return
	}
	// Source order: alternate runs of declarations and statements.
	var dRun []ast.Decl
	var sRun []ast.Stmt
	di, si := 0, 0
	for di < len(declNodes) || si < len(stmts) {
		if si >= len(stmts) || (di < len(declNodes) && a.off(declNodes[di].Pos()) < a.off(stmts[si].Pos())) {
			if len(sRun) > 0 {
				a.addStmtUnit(sRun, false)
				sRun = nil
			}
			dRun = append(dRun, declNodes[di])
			di++
			continue
		}
		if len(dRun) > 0 {
			a.addDeclUnit(dRun)
			dRun = nil
		}
		sRun = append(sRun, stmts[si])
		si++
	}
	if len(dRun) > 0 {
		a.addDeclUnit(dRun)
	}
	a.addRedefines()
	a.addMainCall()
	a.addStmtUnit(sRun, true)
}

// renameMain makes a cell's func main an ordinary function run once by
// the cell: yaegi would otherwise run a main function again after every
// later declaration cell.
func (a *analysis) renameMain() {
	for _, d := range a.pc.decls.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "main" && fd.Type.TypeParams == nil {
			a.r.addText(a.off(fd.Name.Pos()), a.off(fd.Name.End()), mainName)
			a.mainAt = a.off(fd.Name.Pos())
		}
	}
}

// mainName is what a cell's func main is renamed to.
const mainName = "_gnMain"

// addMainCall runs the cell's main function, after its declarations.
func (a *analysis) addMainCall() {
	if a.mainAt >= 0 {
		a.pl.units = append(a.pl.units, unit{kind: unitStmts, src: ";" + a.r.directive(a.mainAt) + mainName + "()"})
	}
}

// declKey is the session key of a declaration: its name, or Recv.Name for
// methods.
func declKey(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	t := d.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		}
		break
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + d.Name.Name
	}
	return "?." + d.Name.Name
}

// addDeclUnit adds one unit evaluating the declarations ds and records
// them in the session once it succeeds.
func (a *analysis) addDeclUnit(ds []ast.Decl) {
	var b strings.Builder
	recs := map[string]*declRecord{}
	for _, d := range ds {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if _, ok := a.e.decls[declKey(d)]; ok && d.Recv != nil {
				continue // identical method re-run (different ones were rejected)
			}
			src := a.r.render(a.off(d.Pos()), a.off(d.End()))
			b.WriteString(src + "\n")
			rec := &declRecord{kind: token.FUNC, src: src, norm: normalize(a.text(d)), refs: identRefs(d.Body), cell: a.e.cellN, decl: d, doc: a.text(d),
				arity: fieldCount(d.Type.Results), generic: d.Type.TypeParams != nil}
			recs[declKey(d)] = rec
		case *ast.GenDecl:
			for _, s := range d.Specs {
				start, end := a.off(s.Pos()), a.off(s.End())
				if ts, ok := s.(*ast.TypeSpec); ok {
					if old, ok := a.e.decls[ts.Name.Name]; ok && old.kind == token.TYPE {
						continue // identical redefinition (different ones were rejected)
					}
				}
				src := d.Tok.String() + " " + a.r.render(start, end)
				b.WriteString(src + "\n")
				doc := d.Tok.String() + " " + a.text(s)
				switch s := s.(type) {
				case *ast.TypeSpec:
					recs[s.Name.Name] = &declRecord{kind: token.TYPE, src: src, norm: normalize(a.text(s)), cell: a.e.cellN, decl: s, doc: doc}
				case *ast.ValueSpec:
					for _, n := range s.Names {
						recs[n.Name] = &declRecord{kind: d.Tok, src: src, cell: a.e.cellN, decl: s, doc: doc}
					}
				}
			}
		}
	}
	if b.Len() == 0 {
		return
	}
	e := a.e
	a.pl.units = append(a.pl.units, unit{kind: unitDecls, src: b.String(), after: func() {
		for k, r := range recs {
			e.decls[k] = r
		}
	}})
}

// addRedefines re-evaluates, after this cell's declarations, the earlier
// functions and methods that call a function this cell redefines, so that
// no code keeps calling a stale body (yaegi binds calls at compile time).
func (a *analysis) addRedefines() {
	redefined := map[string]bool{}
	for name, k := range a.declDefined {
		if old, ok := a.e.decls[name]; ok && k == token.FUNC && old.kind == token.FUNC {
			redefined[name] = true
		}
	}
	if len(redefined) == 0 {
		return
	}
	defined := map[string]bool{}
	for _, d := range a.pc.decls.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			defined[declKey(fd)] = true
		}
	}
	// Transitive closure over the session's recorded references.
	todo := map[string]bool{}
	changed := true
	for changed {
		changed = false
		for key, rec := range a.e.decls {
			if rec.kind != token.FUNC || defined[key] || todo[key] {
				continue
			}
			for ref := range rec.refs {
				if redefined[ref] || todo[ref] {
					todo[key] = true
					changed = true
					break
				}
			}
		}
	}
	if len(todo) == 0 {
		return
	}
	for key := range todo {
		if !strings.Contains(key, ".") {
			continue
		}
		var names []string
		for n := range redefined {
			names = append(names, n)
		}
		sort.Strings(names)
		fd := a.cellFuncs[names[0]]
		a.fail(fd.Name.Pos(), "func "+names[0]+" is used by method "+key+" (cell "+strconv.Itoa(a.e.decls[key].cell)+
			"), which the interpreter cannot update, so the method would keep calling the old version: restart the kernel, or give the new version another name")
		return
	}
	keys := make([]string, 0, len(todo))
	for k := range todo {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(a.e.decls[k].src + "\n")
	}
	a.pl.units = append(a.pl.units, unit{kind: unitRedefine, src: b.String()})
}

// addStmtUnit adds one unit running the statements ss. The leading ";"
// keeps yaegi from parsing a statement that starts with func as a
// declaration (which would register a main function re-run by every later
// declaration cell).
func (a *analysis) addStmtUnit(ss []ast.Stmt, last bool) {
	var group []ast.Stmt
	flush := func(isLast bool) {
		if len(group) > 0 {
			a.addStmtGroup(group, isLast)
			group = nil
		}
	}
	for _, s := range ss {
		group = append(group, s)
		if id, ok := a.stashes[s]; ok {
			flush(false)
			a.pl.units = append(a.pl.units, a.unstashUnit(id))
		}
	}
	flush(last)
}

func (a *analysis) addStmtGroup(ss []ast.Stmt, last bool) {
	var b strings.Builder
	b.WriteString(";")
	for _, s := range ss {
		// Record which top-level statement runs: yaegi reports the
		// position of a panic in the cell's own frame unreliably.
		l, c := a.pos(s.Pos())
		fmt.Fprintf(&b, "\n%s.At(%d, %d); %s", rtName, l, c, a.r.render(a.off(s.Pos()), a.off(s.End())))
	}
	final := false
	if last && a.finalIsLast() {
		if es, ok := ss[len(ss)-1].(*ast.ExprStmt); ok {
			final = true
			a.pl.hasFinal = true
			a.pl.finalArity = a.arity(es.X)
		}
	}
	names := map[string]bool{}
	for n := range a.stmtDefined {
		names[n] = true
	}
	varTypes := a.recordVarTypes()
	e := a.e
	a.pl.units = append(a.pl.units, unit{kind: unitStmts, src: b.String(), final: final, after: func() {
		for n := range names {
			e.stmtVars[n] = true
		}
		for n, t := range varTypes {
			e.varTypes[n] = t
		}
	}})
}

// finalIsLast reports whether the cell's last top-level chunk is a statement.
func (a *analysis) finalIsLast() bool {
	cs := a.pc.chunks
	return len(cs) > 0 && !cs[len(cs)-1].decl
}

// identRefs returns the identifiers used in n.
func identRefs(n ast.Node) map[string]bool {
	refs := map[string]bool{}
	if b, ok := n.(*ast.BlockStmt); n == nil || ok && b == nil {
		return refs
	}
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			refs[id.Name] = true
		}
		return true
	})
	return refs
}

// fieldCount counts the values a field list declares.
func fieldCount(fl *ast.FieldList) int {
	if fl == nil {
		return 0
	}
	n := 0
	for _, f := range fl.List {
		if len(f.Names) == 0 {
			n++
		} else {
			n += len(f.Names)
		}
	}
	return n
}
