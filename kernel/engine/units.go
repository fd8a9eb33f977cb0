package engine

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"
)

// Units: the order in which a prepared cell runs.

// unitBuilder turns a rewritten cell into units (interpreter calls).
type unitBuilder struct {
	*prep
	varInits map[*ast.ValueSpec]*varInit // var specs run as assignments (fix_varinit.go)
}

// buildUnits is the pass "units", the last one: it renders the edits the
// other passes registered and orders the cell into interpreter calls:
// imports, helpers, declarations, re-evaluated dependents of redefined
// functions, then the statements. When a declaration refers to a name a
// statement of the same cell defines, declarations and statements run in
// source order instead.
func buildUnits(p *prep) {
	p.use(factHelpers)
	p.use(factMain)
	p.r.sortEdits()
	u := &unitBuilder{prep: p, varInits: map[*ast.ValueSpec]*varInit{}}
	u.build()
}

func (u *unitBuilder) build() {
	e := u.e
	u.addImportUnits()
	for _, h := range e.helperOrder(u.helpers) {
		name := h
		u.pl.units = append(u.pl.units, unit{kind: unitHelper, src: helpers[h].src, after: func() { e.helpersLoaded[name] = true }})
	}

	stmtOrder := false
	var declNodes []ast.Decl
	for _, d := range u.pc.decls.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
			continue
		}
		declNodes = append(declNodes, d)
		ast.Inspect(d, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Obj == nil && u.stmtDefined[id.Name] {
				stmtOrder = true
			}
			return true
		})
	}
	stmts := u.pc.stmts.Body.List
	stmtOrder = stmtOrder || u.varAfterStatements(declNodes, stmts) // fix_varorder.go

	// The declaration run of each declaration: all one run, or in source
	// order a new run after each statement.
	runOf := map[ast.Decl]int{}
	run, si := 0, 0
	for _, d := range declNodes {
		if stmtOrder {
			for si < len(stmts) && u.off(stmts[si].Pos()) < u.off(d.Pos()) {
				si++
				run = si
			}
		}
		runOf[d] = run
	}
	u.markVarInits(declNodes, runOf)
	u.typeVarInits(declNodes)

	if !stmtOrder {
		u.addDeclUnit(declNodes)
		addRedefines(u.prep)
		addMainCall(u.prep)
		u.addStmtUnit(stmts, true)
		return
	}
	// Source order: alternate runs of declarations and statements.
	var dRun []ast.Decl
	var sRun []ast.Stmt
	di := 0
	si = 0
	for di < len(declNodes) || si < len(stmts) {
		if si >= len(stmts) || (di < len(declNodes) && u.off(declNodes[di].Pos()) < u.off(stmts[si].Pos())) {
			if len(sRun) > 0 {
				u.addStmtUnit(sRun, false)
				sRun = nil
			}
			dRun = append(dRun, declNodes[di])
			di++
			continue
		}
		if len(dRun) > 0 {
			u.addDeclUnit(dRun)
			dRun = nil
		}
		sRun = append(sRun, stmts[si])
		si++
	}
	if len(dRun) > 0 {
		u.addDeclUnit(dRun)
	}
	addRedefines(u.prep)
	addMainCall(u.prep)
	u.addStmtUnit(sRun, true)
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

// specComment is the doc comment of a spec of d: its own (inside a
// group), else the declaration's (the comment above "type T ..." or above
// a group).
func (u *unitBuilder) specComment(d *ast.GenDecl, own *ast.CommentGroup) string {
	if own != nil {
		return own.Text()
	}
	return leadingComment(u.pc.src, u.off(d.Pos()))
}

// addDeclUnit adds one unit evaluating the declarations ds and records
// them in the session once it succeeds.
func (u *unitBuilder) addDeclUnit(ds []ast.Decl) {
	var b strings.Builder
	recs := map[string]*declRecord{}
	for _, d := range ds {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if _, ok := u.e.decls[declKey(d)]; ok && d.Recv != nil {
				continue // identical method re-run (different ones were rejected)
			}
			src := u.r.render(u.off(d.Pos()), u.off(d.End()))
			b.WriteString(src + "\n")
			rec := &declRecord{kind: token.FUNC, src: src, norm: normalize(u.origText(d)), refs: identRefs(d.Body), cell: u.e.cellN, decl: d, doc: u.origText(d), mono: u.text(d),
				arity: fieldCount(d.Type.Results), generic: d.Type.TypeParams != nil, comment: leadingComment(u.pc.src, u.off(d.Pos()))}
			rec.sig = strings.TrimSpace(u.origRange(d.Pos(), d.Type.End()))
			recs[declKey(d)] = rec
		case *ast.GenDecl:
			if d.Tok == token.CONST && d.Lparen.IsValid() {
				// A const group stays one declaration: iota and the
				// implicit repetition of a spec's type and value depend
				// on the spec's place in its group.
				src := u.r.render(u.off(d.Pos()), u.off(d.End()))
				b.WriteString(src + "\n")
				for _, s := range d.Specs {
					for _, n := range s.(*ast.ValueSpec).Names {
						recs[n.Name] = &declRecord{kind: token.CONST, src: src, cell: u.e.cellN, decl: s, doc: u.origText(d), mono: u.text(d), comment: u.specComment(d, s.(*ast.ValueSpec).Doc)}
					}
				}
				continue
			}
			for _, s := range d.Specs {
				start, end := u.off(s.Pos()), u.off(s.End())
				if ts, ok := s.(*ast.TypeSpec); ok {
					if u.isBlankType(ts) {
						continue // type _ T declares nothing (fix_blanktypes.go)
					}
					if old, ok := u.e.decls[ts.Name.Name]; ok && old.kind == token.TYPE {
						continue // identical redefinition (different ones were rejected)
					}
				}
				var src string
				if vs, ok := s.(*ast.ValueSpec); ok && u.varInits[vs] != nil {
					// Declared without its value, or not at all: the
					// value is assigned by a unit of its own.
					src = u.varInitDecl(u.varInits[vs])
				} else {
					src = d.Tok.String() + " " + u.r.render(start, end)
				}
				if src != "" {
					b.WriteString(src + "\n")
				}
				doc := d.Tok.String() + " " + u.text(s)
				switch s := s.(type) {
				case *ast.TypeSpec:
					recs[s.Name.Name] = &declRecord{kind: token.TYPE, src: src, norm: normalize(u.origText(s)), cell: u.e.cellN, decl: s, doc: d.Tok.String() + " " + u.origText(s), mono: doc, comment: u.specComment(d, s.Doc)}
				case *ast.ValueSpec:
					for _, n := range s.Names {
						recs[n.Name] = &declRecord{kind: d.Tok, src: src, cell: u.e.cellN, decl: s, doc: d.Tok.String() + " " + u.origText(s), mono: doc, comment: u.specComment(d, s.Doc)}
					}
				}
			}
		}
	}
	e := u.e
	compiled := u.declCompiledVars(ds)
	var typeNames []string
	var methods []*ast.FuncDecl
	for k := range recs {
		if !strings.Contains(k, ".") {
			typeNames = append(typeNames, k)
		}
	}
	for _, d := range ds {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil {
			methods = append(methods, fd)
		}
	}
	ct := u.cellTypes()
	record := func() {
		for k, r := range recs {
			e.decls[k] = r
		}
		e.setCompiledVars(compiled)
		e.types.recordDecl(ct, typeNames, methods)
	}
	early, late := u.orderVarInits(ds, true), u.orderVarInits(ds, false)
	if b.Len() == 0 {
		if len(early) == 0 && len(late) == 0 {
			return
		}
		u.addVarInitUnit(append(early, late...), record)
		return
	}
	u.addVarInitUnit(early, nil)
	u.pl.units = append(u.pl.units, unit{kind: unitDecls, src: b.String(), after: record})
	u.addFmtRegistration(ds)
	u.addVarInitUnit(late, nil)
}

// origText is the text of n as the user wrote it: in a specialized cell
// (fix_mono.go), the cell's own text where n comes from.
func (u *unitBuilder) origRange(pos, end token.Pos) string {
	sm := u.pc.smap
	if sm != nil {
		cs, src, so := sm.origin(u.off(pos))
		ce, _, eo := sm.origin(u.off(end) - 1)
		if cs == 0 && ce == 0 && eo+1 >= so && eo+1 <= len(src) {
			return src[so : eo+1]
		}
	}
	return u.pc.src[u.off(pos):u.off(end)]
}

// origText is the cell's own text of n (see origRange).
func (u *unitBuilder) origText(n ast.Node) string {
	sm := u.pc.smap
	if sm == nil {
		return u.text(n)
	}
	if t := u.text(n); sm.synthAt(u.off(n.Pos())) && strings.Contains(t[:min(len(t), 16)], "_gn") {
		return t // the engine's own declaration (fix_boxnamed.go's boxes)
	}
	cs, src, so := sm.origin(u.off(n.Pos()))
	ce, _, eo := sm.origin(u.off(n.End()) - 1)
	if cs != 0 || ce != 0 || eo+1 < so || eo+1 > len(src) {
		return u.text(n)
	}
	return src[so : eo+1]
}

// addFmtRegistration registers the struct types of ds for fmt (fix_fmt.go).
func (u *unitBuilder) addFmtRegistration(ds []ast.Decl) {
	u.use(factFmtTypes)
	want := map[string]bool{}
	for _, n := range u.fmtTypes {
		want[n] = true
	}
	var b strings.Builder
	for _, d := range ds {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
			for _, sp := range g.Specs {
				if ts := sp.(*ast.TypeSpec); want[ts.Name.Name] {
					goName := strings.TrimPrefix(monoReflectNames(u.prep, "main."+ts.Name.Name), "main.")
					fmt.Fprintf(&b, " %s.RegisterType(%q, (*%s)(nil));", rtName, goName, ts.Name.Name)
				}
			}
		}
	}
	if b.Len() > 0 {
		u.pl.units = append(u.pl.units, unit{kind: unitHelper, src: ";" + b.String()})
	}
}

// addStmtUnit adds one unit running the statements ss. The leading ";"
// keeps yaegi from parsing a statement that starts with func as a
// declaration (which would register a main function re-run by every later
// declaration cell).
func (u *unitBuilder) addStmtUnit(ss []ast.Stmt, last bool) {
	var group []ast.Stmt
	flush := func(isLast bool) {
		if len(group) > 0 {
			u.addStmtGroup(group, isLast)
			group = nil
		}
	}
	for _, s := range ss {
		if redefinesUsed(u, s, group) {
			flush(false) // see units_redefine.go
		}
		group = append(group, s)
		if ids := u.stashed(s); ids != nil {
			flush(false)
			u.pl.units = append(u.pl.units, unstashUnit(u.prep, ids))
		}
	}
	flush(last)
}

func (u *unitBuilder) addStmtGroup(ss []ast.Stmt, last bool) {
	var b strings.Builder
	b.WriteString(";")
	for _, s := range ss {
		// Record which top-level statement runs: yaegi reports the
		// position of a panic in the cell's own frame unreliably. (An
		// interpreted assignment: a call into compiled code per
		// statement tripled the cost of a small cell.)
		l, c := u.pos(s.Pos())
		fmt.Fprintf(&b, "\n%s = %d; %s", atVar, l*atScale+c, u.r.render(u.off(s.Pos()), u.off(s.End())))
	}
	final := false
	if last && u.finalIsLast() {
		if es, ok := ss[len(ss)-1].(*ast.ExprStmt); ok {
			final = true
			u.pl.hasFinal = true
			u.pl.finalArity = u.arity(es.X)
		}
	}
	names := map[string]bool{}
	for n := range u.stmtDefined {
		names[n] = true
	}
	varTypes := u.recordVarTypes()
	compiled := u.recordCompiledVars(ss)
	var defined []*ast.Ident
	for _, s := range ss {
		if as, ok := s.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
					defined = append(defined, id)
				}
			}
		}
	}
	ct := u.cellTypes()
	e := u.e
	p := u.prep
	u.pl.units = append(u.pl.units, unit{kind: unitStmts, src: b.String(), final: final, after: func() {
		e.types.recordStmtVars(ct, defined)
		recordOrigStmtVars(p, defined)
		for n := range names {
			e.stmtVars[n] = true
		}
		e.setCompiledVars(compiled)
		for n, t := range varTypes {
			e.varTypes[n] = t
		}
	}})
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
