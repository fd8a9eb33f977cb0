package engine

import (
	"fmt"
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// Units: the order in which a prepared cell runs.

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

	// The declaration run of each declaration: all one run, or in source
	// order a new run after each statement.
	runOf := map[ast.Decl]int{}
	run, si := 0, 0
	for _, d := range declNodes {
		if stmtOrder {
			for si < len(stmts) && a.off(stmts[si].Pos()) < a.off(d.Pos()) {
				si++
				run = si
			}
		}
		runOf[d] = run
	}
	a.markVarInits(declNodes, runOf)
	a.typeVarInits(declNodes)

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
	di := 0
	si = 0
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
				var src string
				if vs, ok := s.(*ast.ValueSpec); ok && a.varInits[vs] != nil {
					// Declared without its value, or not at all: the
					// value is assigned by a unit of its own.
					src = a.varInitDecl(a.varInits[vs])
				} else {
					src = d.Tok.String() + " " + a.r.render(start, end)
				}
				if src != "" {
					b.WriteString(src + "\n")
				}
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
	e := a.e
	compiled := a.declCompiledVars(ds)
	record := func() {
		for k, r := range recs {
			e.decls[k] = r
		}
		e.setCompiledVars(compiled)
	}
	early, late := a.orderVarInits(ds, true), a.orderVarInits(ds, false)
	if b.Len() == 0 {
		if len(early) == 0 && len(late) == 0 {
			return
		}
		a.addVarInitUnit(append(early, late...), record)
		return
	}
	a.addVarInitUnit(early, nil)
	a.pl.units = append(a.pl.units, unit{kind: unitDecls, src: b.String(), after: record})
	a.addVarInitUnit(late, nil)
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
		// position of a panic in the cell's own frame unreliably. (An
		// interpreted assignment: a call into compiled code per
		// statement tripled the cost of a small cell.)
		l, c := a.pos(s.Pos())
		fmt.Fprintf(&b, "\n%s = %d; %s", atVar, l*atScale+c, a.r.render(a.off(s.Pos()), a.off(s.End())))
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
	compiled := a.recordCompiledVars(ss)
	e := a.e
	a.pl.units = append(a.pl.units, unit{kind: unitStmts, src: b.String(), final: final, after: func() {
		for n := range names {
			e.stmtVars[n] = true
		}
		e.setCompiledVars(compiled)
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
