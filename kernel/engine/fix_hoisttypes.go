package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"sort"
	"strconv"
)

// Lowering: local types whose values need a box are declared at the top
// level.
//
// A value of a non-struct type declared inside a function (type T int in
// main), or of an empty struct type declared there, in an interface was a
// bare value of its underlying type: var x any = T(1) held an int, so
// x.(int) was true, %T printed int and a switch took case int; an empty
// struct type's values could not be told from another's. A top-level
// such type gets a box (fix_boxnamed.go); a local one cannot (the box and
// its helpers are top-level declarations). So the pass "hoisttypes"
// declares each such local type at the top level under a name of its own
// in the session, _gnH<n>_T, just before the top-level declaration or
// statement holding it, drops the local declaration, and renames every
// use go/types resolves to it; the passes then start over on the new
// text, where boxnamed boxes it. A local type has no methods, so nothing
// else refers to it. The name shows as Go's (main.T) wherever the engine
// writes a type's name: %T, %v of errors, panics, compile errors
// (hoistedDisplay).
//
// Left local (as before): a type whose definition mentions a type
// parameter or another local type, a type declared in a parenthesized
// group with other types, a generic one (refused, fix_localtypes.go).

// hoistPrefix starts the name of a hoisted local type: _gnH<n>_T.
const hoistPrefix = "_gnH"

// hoistedName matches the mark of a hoisted local type in a name.
var hoistedName = regexp.MustCompile(hoistPrefix + `[0-9]+_`)

// hoistedDisplay writes the names of hoisted local types in s as Go's.
func hoistedDisplay(s string) string {
	if !hoistedName.MatchString(s) {
		return s
	}
	return hoistedName.ReplaceAllString(s, "")
}

// hoistLocalTypes is the pass "hoisttypes".
func hoistLocalTypes(p *prep) {
	if p.orig != nil || p.mono != nil || p.boxDone {
		return // a specialized or boxed text: hoisted before
	}
	ct := p.cellTypes()
	if ct == nil || ct.pkg == nil || ct.info == nil {
		return
	}
	type hoist struct {
		obj  *types.TypeName
		name string
		decl *ast.DeclStmt
		at   int // the top-level node's start
		text string
	}
	var hoists []*hoist
	byObj := map[types.Object]*hoist{}
	scan := func(top ast.Node) {
		at := p.off(top.Pos())
		if fd, ok := top.(*ast.FuncDecl); ok && fd.Doc != nil {
			at = p.off(fd.Doc.Pos())
		}
		ast.Inspect(top, func(n ast.Node) bool {
			ds, ok := n.(*ast.DeclStmt)
			if !ok {
				return true
			}
			gd, ok := ds.Decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE || len(gd.Specs) != 1 {
				return true
			}
			ts := gd.Specs[0].(*ast.TypeSpec)
			if ts.Assign.IsValid() || ts.TypeParams != nil || ts.Name.Name == "_" {
				return true
			}
			obj, ok := ct.info.Defs[ts.Name].(*types.TypeName)
			if !ok || obj.Pkg() == nil || obj.Parent() == nil || obj.Parent() == obj.Pkg().Scope() {
				return true
			}
			if !hoistable(obj) {
				return true
			}
			under := obj.Type().Underlying()
			if mentionsType(under, func(t types.Type) bool { _, tp := t.(*types.TypeParam); return tp }, 0) {
				return true
			}
			spelled, ok := p.spellGoType(under)
			if !ok {
				return true // mentions another local type, or cannot be named
			}
			p.e.hoisted++
			h := &hoist{obj: obj, name: hoistPrefix + strconv.Itoa(p.e.hoisted) + "_" + obj.Name(), decl: ds, at: at}
			h.text = "type " + h.name + " " + spelled + "\n"
			hoists = append(hoists, h)
			byObj[obj] = h
			return true
		})
	}
	for _, d := range p.pc.decls.Decls {
		scan(d)
	}
	for _, s := range p.pc.stmts.Body.List {
		scan(s)
	}
	if len(hoists) == 0 {
		return
	}
	var edits []boxEdit
	for i, h := range hoists {
		edits = append(edits,
			boxEdit{start: h.at, end: h.at, text: h.text, rank: 1, key: i},
			boxEdit{start: p.off(h.decl.Pos()), end: p.off(h.decl.End()), text: ""})
	}
	for id, obj := range ct.info.Uses {
		if h, ok := byObj[obj]; ok {
			edits = append(edits, boxEdit{start: p.off(id.Pos()), end: p.off(id.End()), text: h.name})
		}
	}
	sort.SliceStable(edits, func(i, j int) bool {
		x, y := edits[i], edits[j]
		if x.start != y.start {
			return x.start < y.start
		}
		xi, yi := x.end == x.start, y.end == y.start
		if xi != yi {
			return xi
		}
		if x.rank != y.rank {
			return x.rank < y.rank
		}
		return x.key < y.key
	})
	src := p.pc.src
	out := &mappedText{}
	pos := 0
	for _, e := range edits {
		if e.start < pos {
			continue
		}
		out.copy(0, src, pos, e.start)
		if e.text != "" {
			out.synth(0, src, e.start, e.text)
		}
		pos = e.end
	}
	out.copy(0, src, pos, len(src))
	smap := out.sourceMap()
	if p.pc.smap != nil {
		smap = composeMaps(smap, src, p.pc.smap)
	}
	p.lowered = &monoResult{text: out.String(), smap: smap}
}

// hoistable reports whether the local type obj is one whose values need
// a box: its underlying type is neither a struct with fields nor an
// interface.
func hoistable(obj *types.TypeName) bool {
	switch u := obj.Type().Underlying().(type) {
	case *types.Interface:
		return false
	case *types.Struct:
		return u.NumFields() == 0
	}
	return !recursiveNamed(obj.Type())
}
