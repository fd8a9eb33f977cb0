package engine

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Workaround: generics, by monomorphization.
//
// yaegi v0.16 runs generic code wrongly or not at all in many ways
// (inferred type arguments, "undefined: T" in method bodies, generic
// types with methods, crashes compiling instances over compiled values,
// type switches on type parameters...). It runs the same code written
// without type parameters. So yaegi never sees a generic declaration: the
// pass "mono" specializes each generic function, type (with all its
// methods) and method for each list of type arguments the cell uses,
// with go/types' knowledge (types.Info.Instances, including inferred type
// arguments), and rewrites each use to the specialized copy:
//
//	func Map[T, U any](xs []T, f func(T) U) []U  +  Map(xs, strconv.Itoa)
//	->  func Map__int_string(xs []int, f func(int) string) []string  +  Map__int_string(xs, strconv.Itoa)
//
// Instantiation is transitive (a generic calling a generic, a generic
// type's field of another instance, a method creating an instance), with
// type arguments from the cell, earlier cells and compiled packages. The
// session keeps each generic declaration's source and go/types view, so
// that a later cell instantiating it (cell 3 calling Map of cell 1) gets
// the copies it needs, emitted in that cell; instances are made once per
// session. Redefining a generic function re-specializes its instances
// (and the functions that call them are re-evaluated, fix_redefine.go);
// a method added to a generic type in a later cell is added to its
// instances.
//
// The specialized cell replaces the cell for every later pass: they see
// only non-generic code with concrete types (so fmt, range, loop
// variables... are rewritten as for any code), and a source map keeps
// every position at the generic's own cell, line and column (srcmap.go):
// an error or panic inside a specialized copy is reported where the
// generic code is. The session's types have two views (gotypes.go): the
// one the user wrote, where each cell is first checked (its Instances
// drive the rewrite), and the specialized one the passes see.
//
// Names: an instance is named Base__Args (Pair__int_string), made unique
// in the session; messages, %T, %#v and panic frames show Go's name
// (main.Pair[int,string]; main.Map[...] in a traceback). A constraint
// interface (type Number interface{ ~int | ~float64 }) is removed too.
//
// Refused with an error naming the instantiation and its line:col: a type
// argument declared inside a function or not nameable at the top level
// (a type of a package the session did not import, an unexported one), a
// generic instantiating itself with ever larger type arguments (more than
// monoMaxDepth nested brackets, or monoMaxInstances instances in one
// cell), a use of a generic whose type arguments go/types could not
// infer, and a function changing between generic and not while earlier
// code calls it.

const (
	monoMaxDepth     = 12
	monoMaxInstances = 2000
)

// monoSession is the session's generic code: the declarations and the
// instances emitted so far.
type monoSession struct {
	generics map[string]*genericDecl // generic functions and types by name
	insts    map[string]*monoInst    // by key (Go's name)
	byName   map[string]*monoInst    // by specialized name
	hoisted  map[string]string       // local types moved to the top level -> Go's name (main.S)
	unmangle *strings.Replacer       // specialized names -> Go's, for messages (Pair[int, string])
	reflect  *strings.Replacer       // specialized names -> reflect's (main.Pair[int,string]), for %T
	frames   *strings.Replacer       // in panic frames: main.Map__int -> main.Map[...]
}

// genSrc is the source of one generic declaration: where it is and what
// go/types knew of its cell.
type genSrc struct {
	cell int // the cell that declared it
	src  string
	pc   *parsedCell
	info *types.Info
	node ast.Node // *ast.FuncDecl or *ast.TypeSpec
	norm string
	errs bool // go/types found errors in it (a name of a later cell, maybe)
}

// genericDecl is a generic function or type of the session.
type genericDecl struct {
	name    string
	kind    token.Token // FUNC or TYPE
	obj     types.Object
	src     *genSrc
	alias   bool      // a generic alias: uses become the aliased type
	methods []*genSrc // a type's methods, in declaration order
	insts   []*monoInst
}

// monoInst is one instance: a generic with its type arguments.
type monoInst struct {
	key     string // identity: Go's name, local types made distinct
	goName  string // reflect's name: main.Pair[int,string]
	srcName string // as Go's messages write it: Pair[int, string]
	name    string // Pair__int_string
	gen     *genericDecl
	targs   []types.Type
}

func (e *Engine) monoSession() *monoSession {
	if e.mono == nil {
		e.mono = &monoSession{generics: map[string]*genericDecl{}, insts: map[string]*monoInst{}, byName: map[string]*monoInst{}, hoisted: map[string]string{}}
	}
	return e.mono
}

// genericType returns the generic type name of the session, or nil.
func (ms *monoSession) genericType(name string) *genericDecl {
	if ms == nil {
		return nil
	}
	if g := ms.generics[name]; g != nil && g.kind == token.TYPE {
		return g
	}
	return nil
}

// isInstance reports whether name is a specialized name.
func (ms *monoSession) isInstance(name string) bool {
	return ms != nil && ms.byName[name] != nil
}

// active reports whether the session has generic code: then every cell is
// checked in both views.
func (ms *monoSession) active() bool { return ms != nil && len(ms.generics) > 0 }

// goName returns Go's name for a specialized name, or name.
func (ms *monoSession) goName(name string) string {
	if ms != nil {
		if in, ok := ms.byName[name]; ok {
			return in.goName
		}
	}
	return name
}

// unmangleText replaces specialized names in a message by Go's names.
func (ms *monoSession) unmangleText(s string) string {
	if ms == nil || ms.unmangle == nil {
		return s
	}
	return ms.unmangle.Replace(s)
}

// reflectText replaces specialized names by reflect's names.
func (ms *monoSession) reflectText(s string) string {
	if ms == nil || ms.reflect == nil {
		return s
	}
	return ms.reflect.Replace(s)
}

func (ms *monoSession) rebuildReplacers() {
	insts := make([]*monoInst, 0, len(ms.byName))
	for _, in := range ms.byName {
		insts = append(insts, in)
	}
	ms.unmangle = unmangler(insts, ms.hoisted, false)
	ms.reflect = unmangler(insts, ms.hoisted, true)
	ms.frames = frameNamer(insts)
}

// frameNamer writes the functions and methods of instances in panic
// frames as Go's traceback does: main.Map[...](.
func frameNamer(insts []*monoInst) *strings.Replacer {
	insts = append([]*monoInst(nil), insts...)
	sortInsts(insts)
	var frames []string
	for _, in := range insts {
		if in.gen == nil {
			continue
		}
		frames = append(frames, "main."+in.name+".", "main."+in.gen.name+"[...].", "main."+in.name+"(", "main."+in.gen.name+"[...](")
	}
	return strings.NewReplacer(frames...)
}

// sortInsts orders instances longer names first, so that a replacer does
// not read Pair__int_string as Pair__int.
func sortInsts(insts []*monoInst) {
	sort.Slice(insts, func(i, j int) bool {
		a, b := insts[i].name, insts[j].name
		if len(a) != len(b) {
			return len(a) > len(b)
		}
		return a < b
	})
}

// unmangler replaces the specialized names of insts by Go's.
func unmangler(insts []*monoInst, hoisted map[string]string, reflect bool) *strings.Replacer {
	insts = append([]*monoInst(nil), insts...)
	for name, goName := range hoisted {
		insts = append(insts, &monoInst{name: name, goName: goName, srcName: strings.TrimPrefix(goName, "main.")})
	}
	sortInsts(insts)
	var pairs []string
	for _, in := range insts {
		if reflect {
			pairs = append(pairs, "main."+in.name, in.goName, in.name, strings.TrimPrefix(in.goName, "main."))
		} else {
			pairs = append(pairs, "main."+in.name, in.srcName, in.name, in.srcName)
		}
	}
	return strings.NewReplacer(pairs...)
}

// monomorphize is the pass "mono". In the first run over a cell it builds
// the specialized cell, and prepareWith starts over with it; in that
// second run (p.orig set) there is nothing generic left.
func monomorphize(p *prep) {
	p.use(factMono)
	if p.orig != nil {
		return
	}
	b := &monoBuilder{p: p, ms: p.e.monoSession(), ct: p.cellTypes()}
	if !b.ms.active() && !b.cellHasGenerics() {
		return
	}
	b.build()
}

// monoResult is the specialized cell the passes start over with.
type monoResult struct {
	text     string
	smap     *sourceMap
	commit   func()              // records the generics and instances once the declarations ran
	unmangle func(string) string // specialized names (this cell's too) -> Go's
	reflect  func(string) string // likewise, reflect's names
	frames   func(string) string // likewise, in panic frames
}

// monoBuilder builds the specialized cell.
type monoBuilder struct {
	p  *prep
	ms *monoSession
	ct *cellTypes

	gens       map[string]*genericDecl // this cell's generics (new, or redefined)
	generic    map[ast.Node]bool       // the cell's generic declarations, removed
	newMethod  map[*genericDecl][]*genSrc
	pending    map[string]*monoInst // instances made by this cell, by key
	names      map[string]bool      // specialized names taken by this cell
	reemit     map[string]bool      // generic functions whose instances are specialized again
	hoisted    map[string]string    // local types moved to the top level, by type and instance
	hoistNames map[string]string    // their names -> Go's
	rechecked  map[*genSrc]*genSrc  // generic code checked again (recheck)
	work       []monoWork
	emit       map[int]*mappedText // copies to insert, by cell offset
	edits      []textEdit          // on the cell
	seq        int
	failed     bool
}

// monoWork is one copy to write: an instance (with every method of a
// type), or only the given methods of an instance made earlier.
type monoWork struct {
	inst    *monoInst
	anchor  int
	methods []*genSrc // when set: only these methods
}

// cellHasGenerics reports whether the cell declares a generic or a
// constraint interface.
func (b *monoBuilder) cellHasGenerics() bool {
	for _, d := range b.p.pc.decls.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Type.TypeParams != nil {
				return true
			}
			if d.Recv != nil && isGenericMethod(b.ct.info, d) {
				return true
			}
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				if ts, ok := sp.(*ast.TypeSpec); ok && (ts.TypeParams != nil || b.isConstraint(ts)) {
					return true
				}
			}
		}
	}
	return false
}

// sigOf is obj's signature, empty when go/types gave it none.
func sigOf(obj types.Object) *types.Signature {
	if obj != nil {
		if sig, ok := obj.Type().(*types.Signature); ok {
			return sig
		}
	}
	return types.NewSignatureType(nil, nil, nil, nil, nil, false)
}

// isGenericMethod reports whether d is a method of a generic type.
func isGenericMethod(info *types.Info, d *ast.FuncDecl) bool {
	fn, ok := info.Defs[d.Name].(*types.Func)
	if !ok {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.RecvTypeParams().Len() > 0
}

// isConstraint reports whether ts declares an interface usable only as a
// constraint (a type set, comparable).
func (b *monoBuilder) isConstraint(ts *ast.TypeSpec) bool {
	tn, ok := b.ct.info.Defs[ts.Name].(*types.TypeName)
	if !ok || tn.Type() == nil || tn.Type().Underlying() == nil {
		return false // type _ = T: go/types records no type for it
	}
	it, ok := tn.Type().Underlying().(*types.Interface)
	return ok && !it.IsMethodSet()
}

func (b *monoBuilder) fail(pos token.Pos, msg string) {
	if !b.failed {
		b.failed = true
		b.p.fail(pos, msg)
	}
}

// failAt fails at a position of a generic's source (maybe an earlier
// cell).
func (b *monoBuilder) failAt(gs *genSrc, pos token.Pos, msg string) {
	if gs == nil || gs.cell == b.p.e.cellN {
		b.fail(pos, msg)
		return
	}
	if !b.failed {
		b.failed = true
		l, c := lineCol(gs.src, gs.pc.offset(pos))
		b.p.err = &cellError{line: l, col: c, cell: gs.cell, msg: msg}
	}
}

// chunkStart returns the start of the top-level chunk holding cell
// offset off.
func (b *monoBuilder) chunkStart(off int) int {
	for _, c := range b.p.pc.chunks {
		if c.start <= off && off < c.end {
			return c.start
		}
	}
	return 0
}

func (b *monoBuilder) build() {
	p := b.p
	e := p.e
	b.gens = map[string]*genericDecl{}
	b.generic = map[ast.Node]bool{}
	b.newMethod = map[*genericDecl][]*genSrc{}
	b.pending = map[string]*monoInst{}
	b.names = map[string]bool{}
	b.reemit = map[string]bool{}
	b.hoisted = map[string]string{}
	b.rechecked = map[*genSrc]*genSrc{}
	b.hoistNames = map[string]string{}
	b.emit = map[int]*mappedText{}
	here := &genSrc{cell: e.cellN, src: p.pc.src, pc: p.pc, info: b.ct.info}
	src := func(n ast.Node) *genSrc {
		g := *here
		g.node = n
		g.norm = normalize(p.text(n))
		for _, te := range b.ct.errors {
			if n.Pos() <= te.Pos && te.Pos < n.End() {
				g.errs = true
			}
		}
		return &g
	}

	// The cell's generic declarations and constraints.
	var methods []*ast.FuncDecl
	for _, d := range p.pc.decls.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil {
				if isGenericMethod(b.ct.info, d) {
					methods = append(methods, d)
					b.generic[d] = true
				}
				continue
			}
			if _, ok := b.ms.byName[d.Name.Name]; ok {
				b.fail(d.Name.Pos(), "the name "+d.Name.Name+" is the engine's name for the generic instance "+b.ms.goName(d.Name.Name)+": choose another name")
				return
			}
			old := b.ms.generics[d.Name.Name]
			if d.Type.TypeParams == nil {
				if old != nil && len(old.insts) > 0 {
					b.fail(d.Name.Pos(), "func "+d.Name.Name+" was generic (cell "+strconv.Itoa(old.src.cell)+") and code of earlier cells calls its instances, which the interpreter cannot update: restart the kernel, or give the new version another name")
					return
				}
				continue
			}
			b.generic[d] = true
			fn, _ := b.ct.info.Defs[d.Name].(*types.Func)
			if fn == nil {
				b.fail(d.Name.Pos(), "the engine cannot specialize the generic function "+d.Name.Name+": go/types did not check it")
				return
			}
			if rec, ok := e.decls[d.Name.Name]; ok && !rec.generic && rec.kind == token.FUNC {
				b.fail(d.Name.Pos(), "func "+d.Name.Name+" was defined without type parameters in cell "+strconv.Itoa(rec.cell)+", and functions calling it cannot be made to call a generic one: restart the kernel, or give the generic version another name")
				return
			}
			g := &genericDecl{name: d.Name.Name, kind: token.FUNC, obj: fn, src: src(d)}
			if old != nil && old.kind == token.FUNC {
				if old.src.norm == g.src.norm {
					g = old // the same definition again
				} else {
					if np, op := sigOf(fn).TypeParams().Len(), sigOf(old.obj).TypeParams().Len(); np != op && len(old.insts) > 0 {
						b.fail(d.Name.Pos(), fmt.Sprintf("func %s had %d type parameters (cell %d), and earlier cells use its instances, which the interpreter cannot update: restart the kernel, or give the new version another name", d.Name.Name, op, old.src.cell))
						return
					}
					g.insts = old.insts
					b.reemit[g.name] = true
				}
			}
			b.gens[g.name] = g
		case *ast.GenDecl:
			if d.Tok != token.TYPE {
				continue
			}
			for _, sp := range d.Specs {
				ts := sp.(*ast.TypeSpec)
				if _, ok := b.ms.byName[ts.Name.Name]; ok {
					b.fail(ts.Name.Pos(), "the name "+ts.Name.Name+" is the engine's name for the generic instance "+b.ms.goName(ts.Name.Name)+": choose another name")
					return
				}
				if ts.TypeParams == nil {
					if b.isConstraint(ts) {
						b.generic[ts] = true
					}
					continue
				}
				b.generic[ts] = true
				tn, _ := b.ct.info.Defs[ts.Name].(*types.TypeName)
				if tn == nil {
					b.fail(ts.Name.Pos(), "the engine cannot specialize the generic type "+ts.Name.Name+": go/types did not check it")
					return
				}
				if old := b.ms.generics[ts.Name.Name]; old != nil && old.kind == token.TYPE {
					b.gens[old.name] = old // the same definition again (different ones were refused)
					continue
				}
				b.gens[ts.Name.Name] = &genericDecl{name: ts.Name.Name, kind: token.TYPE, obj: tn, src: src(ts), alias: ts.Assign.IsValid()}
			}
		}
	}
	// Go checks generic code where it is declared; the interpreter will
	// see only its instances: go/types' errors in the cell's generic
	// declarations are the cell's (but for those naming a compiled
	// package, whose view through the symbol tables may be partial).
	b.refuseGenericErrors()
	if b.failed {
		return
	}

	// Methods of generic types (of this cell or an earlier one).
	for _, d := range methods {
		base := recvBaseName(d)
		g := b.gens[base]
		if g == nil {
			g = b.ms.generics[base]
		}
		if g == nil || g.kind != token.TYPE {
			b.fail(d.Name.Pos(), "the engine cannot find the generic type "+base+" of method "+d.Name.Name)
			return
		}
		known := false
		for _, m := range g.methods {
			if m.node.(*ast.FuncDecl).Name.Name == d.Name.Name {
				known = true // the same method again (different ones were refused)
			}
		}
		for _, m := range b.newMethod[g] {
			if m.node.(*ast.FuncDecl).Name.Name == d.Name.Name {
				known = true
			}
		}
		if !known {
			b.newMethod[g] = append(b.newMethod[g], src(d))
		}
	}
	// Instances of earlier cells that get new methods or a new body.
	for g, ms := range b.newMethod {
		if g.src.cell == e.cellN && b.ms.generics[g.name] != g {
			continue // a type of this cell: its instances get all methods
		}
		for _, in := range g.insts {
			b.work = append(b.work, monoWork{inst: in, anchor: b.chunkStart(p.off(ms[0].node.Pos())), methods: ms})
		}
	}
	for name := range b.reemit {
		g := b.gens[name]
		for _, in := range g.insts {
			in2 := &monoInst{key: in.key, goName: in.goName, srcName: in.srcName, name: in.name, gen: g, targs: in.targs}
			b.pending[in.key] = in2
			b.names[in.name] = true
			b.work = append(b.work, monoWork{inst: in2, anchor: b.anchorOf(g, 0)})
		}
	}

	// Uses in the cell's other code.
	for _, d := range p.pc.decls.Decls {
		if b.generic[d] {
			continue
		}
		if g, ok := d.(*ast.GenDecl); ok {
			for _, sp := range g.Specs {
				if !b.generic[sp] {
					b.useEdits(&useCtx{gs: here, anchor: b.chunkStart(p.off(d.Pos())), add: b.cellEdit, root: d}, sp)
				}
			}
			continue
		}
		b.useEdits(&useCtx{gs: here, anchor: b.chunkStart(p.off(d.Pos())), add: b.cellEdit, root: d}, d)
	}
	for _, s := range p.pc.stmts.Body.List {
		b.useEdits(&useCtx{gs: here, anchor: b.chunkStart(p.off(s.Pos())), add: b.cellEdit, root: s}, s)
	}

	// Copies, transitively.
	for len(b.work) > 0 && !b.failed {
		w := b.work[0]
		b.work = b.work[1:]
		b.writeCopy(w)
	}
	if b.failed {
		return
	}

	// Remove the generic declarations; insert the copies.
	for _, d := range p.pc.decls.Decls {
		if b.generic[d] {
			b.edits = append(b.edits, textEdit{start: p.off(d.Pos()), end: p.off(d.End()), order: len(b.edits)})
			continue
		}
		if g, ok := d.(*ast.GenDecl); ok {
			all := len(g.Specs) > 0
			for _, sp := range g.Specs {
				all = all && b.generic[sp]
			}
			for _, sp := range g.Specs {
				if all {
					b.edits = append(b.edits, textEdit{start: p.off(d.Pos()), end: p.off(d.End()), order: len(b.edits)})
					break
				}
				if b.generic[sp] {
					b.edits = append(b.edits, textEdit{start: p.off(sp.Pos()), end: p.off(sp.End()), order: len(b.edits)})
				}
			}
		}
	}
	anchors := make([]int, 0, len(b.emit))
	for a := range b.emit {
		anchors = append(anchors, a)
	}
	sort.Ints(anchors)
	for _, a := range anchors {
		t := b.emit[a]
		t.synth(0, p.pc.src, a, "\n")
		b.edits = append(b.edits, textEdit{start: a, end: a, with: t, order: -1})
	}
	out := &mappedText{}
	applyEdits(out, 0, p.pc.src, 0, len(p.pc.src), b.edits)

	ms := b.ms
	gens, newMethod, pending, hoistNames := b.gens, b.newMethod, b.pending, b.hoistNames
	cellN := e.cellN
	smap := out.sourceMap()
	if p.pc.smap != nil {
		smap = composeMaps(smap, p.pc.src, p.pc.smap) // the cell was lowered first (fix_rangefunc.go)
	}
	p.mono = &monoResult{text: out.String(), smap: smap, commit: func() {
		for name, g := range gens {
			ms.generics[name] = g
			rec := &declRecord{kind: g.kind, norm: g.src.norm, generic: true, cell: g.src.cell, decl: g.src.node, doc: g.src.pc.src[g.src.pc.offset(g.src.node.Pos()):g.src.pc.offset(g.src.node.End())]}
			if g.kind == token.TYPE {
				rec.doc = "type " + rec.doc
			}
			if g.src.cell == cellN {
				e.decls[name] = rec
			}
		}
		for g, ms := range newMethod {
			g.methods = append(g.methods, ms...)
			for _, m := range ms {
				fd := m.node.(*ast.FuncDecl)
				e.decls[declKey(fd)] = &declRecord{kind: token.FUNC, norm: m.norm, generic: true, cell: m.cell, decl: fd, doc: m.src[m.pc.offset(fd.Pos()):m.pc.offset(fd.End())]}
			}
		}
		keys := make([]string, 0, len(pending))
		for k := range pending {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			in := pending[k]
			if old, ok := ms.insts[k]; ok {
				old.gen = in.gen // re-specialized
				continue
			}
			ms.insts[k] = in
			ms.byName[in.name] = in
			in.gen.insts = append(in.gen.insts, in)
		}
		for k, v := range hoistNames {
			ms.hoisted[k] = v
		}
		ms.rebuildReplacers()
	}}
	all := make([]*monoInst, 0, len(pending)+len(ms.byName))
	for _, in := range pending {
		all = append(all, in)
	}
	for _, in := range ms.byName {
		if pending[in.key] == nil {
			all = append(all, in)
		}
	}
	hoisted := map[string]string{}
	for k, v := range ms.hoisted {
		hoisted[k] = v
	}
	for k, v := range b.hoistNames {
		hoisted[k] = v
	}
	p.mono.unmangle = unmangler(all, hoisted, false).Replace
	p.mono.reflect = unmangler(all, hoisted, true).Replace
	p.mono.frames = frameNamer(all).Replace
}

// injectEarlierTypes returns, for a cell declaring methods of a type of
// an earlier cell, a file with that type's declaration and its earlier
// methods, checked with the cell (errors there are not the cell's):
// go/types checks a method only on a type of its own package (and
// panics on one of another: the whole cell would be left unchecked). The
// copies' objects are replaced by the session's when the cell's are
// recorded (remapInjected), and the methods attached to the session's
// types (recordDecl), so that later cells see them (a constraint
// satisfied, a type argument inferred); a generic method's body is
// specialized from what the check found. In the view the passes see
// (mono), the declarations are the specialized texts. The types' names
// join declared.
func injectEarlierTypes(s *scope, declared map[string]bool, mono bool) *ast.File {
	own := map[string]map[string]bool{} // base type -> the cell's methods
	var bases []string
	for _, d := range s.pc.decls.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || len(fd.Recv.List) == 0 {
			continue
		}
		base := recvBaseName(fd)
		if declared[base] {
			continue
		}
		if own[base] == nil {
			own[base] = map[string]bool{}
			bases = append(bases, base)
		}
		own[base][fd.Name.Name] = true
	}
	if len(bases) == 0 {
		return nil
	}
	ms := s.e.mono
	var b strings.Builder
	done := map[string]bool{}
	text := func(gs *genSrc) string {
		return gs.src[gs.pc.offset(gs.node.Pos()):gs.pc.offset(gs.node.End())]
	}
	declText := func(r *declRecord) string {
		if mono && r.mono != "" {
			return r.mono
		}
		return r.doc
	}
	for _, base := range bases {
		if g := ms.genericType(base); g != nil {
			if mono {
				continue // none in this view
			}
			b.WriteString("type " + text(g.src) + "\n")
			for _, m := range g.methods {
				if !own[base][m.node.(*ast.FuncDecl).Name.Name] {
					b.WriteString(text(m) + "\n")
				}
			}
			done[base] = true
			continue
		}
		rec, ok := s.e.decls[base]
		if !ok || rec.kind != token.TYPE || rec.generic || !mono && ms.isInstance(base) {
			continue
		}
		b.WriteString(declText(rec) + "\n")
		var keys []string
		for k, r := range s.e.decls {
			if m, ok := strings.CutPrefix(k, base+"."); ok && r.kind == token.FUNC && !r.generic && !own[base][m] {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			b.WriteString(declText(s.e.decls[k]) + "\n")
		}
		done[base] = true
	}
	if b.Len() == 0 {
		return nil
	}
	f, err := parser.ParseFile(s.pc.fset, "injected", "package main\n"+b.String(), 0)
	if err != nil {
		return nil
	}
	for name := range done {
		declared[name] = true
	}
	return f
}

// refuseGenericErrors fails at the first go/types error inside a generic
// declaration of the cell that does not name a compiled package.
func (b *monoBuilder) refuseGenericErrors() {
	var pkgs []string
	for name := range b.p.e.importNames {
		pkgs = append(pkgs, name)
	}
	for name := range b.p.imports {
		pkgs = append(pkgs, name)
	}
	for i, te := range b.ct.errors {
		inside := false
		for n := range b.generic {
			if n.Pos() <= te.Pos && te.Pos < n.End() {
				if ts, ok := n.(*ast.TypeSpec); !ok || ts.TypeParams != nil {
					inside = true
				}
			}
		}
		if !inside || strings.HasPrefix(te.Msg, "\t") || te.Msg == "undefined: "+rtName {
			continue // rtName: the engine's compiled helpers (fix_rangefunc.go), unknown to go/types
		}
		names := false
		for _, pkg := range pkgs {
			if strings.Contains(te.Msg, pkg+".") {
				names = true
			}
		}
		if !names {
			b.fail(te.Pos, typesErrorText(b.p, b.ct.errors, i))
			return
		}
	}
}

// recvBaseName is the name of a method's receiver type.
func recvBaseName(d *ast.FuncDecl) string {
	k := declKey(d)
	if i := strings.IndexByte(k, '.'); i >= 0 {
		return k[:i]
	}
	return k
}

// anchorOf is where the copies of g's instances go in the cell: at g's
// own declaration when the cell declares it, else at fallback (the start
// of the top-level item that first needs it).
func (b *monoBuilder) anchorOf(g *genericDecl, fallback int) int {
	if g.src.cell == b.p.e.cellN {
		return b.chunkStart(b.p.off(g.src.node.Pos()))
	}
	return fallback
}

// cellEdit records an edit of the cell itself.
func (b *monoBuilder) cellEdit(e textEdit) { b.edits = append(b.edits, e) }

// genericOf returns the generic declaration of a main-package object, or
// nil.
func (b *monoBuilder) genericOf(obj types.Object) *genericDecl {
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != "main" {
		return nil
	}
	if obj.Parent() == nil || obj.Parent() != obj.Pkg().Scope() {
		return nil // a local name, a method, a field
	}
	g := b.gens[obj.Name()]
	if g == nil {
		g = b.ms.generics[obj.Name()]
	}
	if g == nil {
		return nil
	}
	switch obj.(type) {
	case *types.Func:
		if g.kind != token.FUNC {
			return nil
		}
	case *types.TypeName:
		if g.kind != token.TYPE {
			return nil
		}
	default:
		return nil
	}
	return g
}

// request returns the instance of g with targs, queuing its copy when the
// session does not have it.
func (b *monoBuilder) request(g *genericDecl, targs []types.Type, anchor int, gs *genSrc, at token.Pos) (*monoInst, bool) {
	key := instanceKey(g.name, targs)
	if in, ok := b.pending[key]; ok {
		return in, true
	}
	if in, ok := b.ms.insts[key]; ok {
		return in, true
	}
	if instanceDepth(key) > monoMaxDepth || len(b.pending) >= monoMaxInstances {
		b.failAt(gs, at, fmt.Sprintf("the engine specializes generic code for each list of type arguments, and %s instantiates itself without end (here %s): rewrite it without type arguments that grow with each call", g.name, strings.TrimPrefix(instanceName(g.name, targs), "main.")))
		return nil, false
	}
	for _, t := range targs {
		if hasTypeParam(t) {
			b.failAt(gs, at, "the engine cannot specialize "+strings.TrimPrefix(instanceName(g.name, targs), "main.")+": a type argument still has a type parameter")
			return nil, false
		}
	}
	name := mangleInstance(g.name, targs)
	for i := 2; b.nameTaken(name); i++ {
		name = mangleInstance(g.name, targs) + "_" + strconv.Itoa(i)
	}
	in := &monoInst{key: key, goName: instanceName(g.name, targs), srcName: instanceSrcName(g.name, targs), name: name, gen: g, targs: targs}
	b.pending[key] = in
	b.names[name] = true
	b.work = append(b.work, monoWork{inst: in, anchor: b.anchorOf(g, anchor)})
	return in, true
}

func (b *monoBuilder) nameTaken(name string) bool {
	if b.names[name] || b.ms.byName[name] != nil {
		return true
	}
	if _, ok := b.p.e.decls[name]; ok || b.p.e.stmtVars[name] {
		return true
	}
	_, ok := b.p.declDefined[name]
	return ok || b.p.stmtDefined[name]
}

// useCtx is where specialized code is written: the source, its type
// arguments (nil outside generic code), where its copies go, the edits
// being collected, the instance being copied ("" for the cell's own
// code) and the top-level declaration or statement being walked.
type useCtx struct {
	gs     *genSrc
	tmap   map[*types.TypeParam]types.Type
	anchor int
	add    func(textEdit)
	inst   string
	root   ast.Node
	// locals are the names the copied declaration declares inside it
	// (parameters, variables, types): a spelled type argument must not
	// mean one of them.
	locals map[string]bool
}

func (c *useCtx) cellTag(b *monoBuilder) int {
	if c.gs.cell != b.p.e.cellN {
		return c.gs.cell
	}
	return 0
}

// replace replaces node n of c's source by text.
func (b *monoBuilder) replace(c *useCtx, n ast.Node, text string) {
	if name := capturedName(text, c.locals); name != "" {
		b.failAt(c.gs, n.Pos(), "the engine writes a copy of generic code for each type argument, and here it would name "+name+", which this function declares for itself: rename its "+name)
		return
	}
	off := c.gs.pc.offset
	c.add(textEdit{start: off(n.Pos()), end: off(n.End()), with: synthText(c.cellTag(b), c.gs.src, off(n.Pos()), text), order: b.nextOrder()})
}

// capturedName returns the first name of text (not after a dot) in
// locals, or "".
func capturedName(text string, locals map[string]bool) string {
	if len(locals) == 0 {
		return ""
	}
	start := -1
	for i, r := range text + " " {
		ident := r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) && start >= 0
		switch {
		case ident && start < 0:
			start = i
		case !ident && start >= 0:
			if w := text[start:i]; (start == 0 || text[start-1] != '.') && locals[w] {
				return w
			}
			start = -1
		}
	}
	return ""
}

// localNames returns the names node declares inside it.
func localNames(info *types.Info, node ast.Node) map[string]bool {
	names := map[string]bool{}
	ast.Inspect(node, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			// (Fields, methods and labels have no scope: they hide no name.)
			if obj := info.Defs[id]; obj != nil && obj.Pkg() != nil && obj.Parent() != nil && obj.Parent() != obj.Pkg().Scope() {
				if _, isTP := obj.Type().(*types.TypeParam); !isTP {
					names[id.Name] = true
				}
			}
		}
		return true
	})
	return names
}

// speller spells types of the orig view in c, requesting the instances
// they mention and hoisting the local types they name.
func (b *monoBuilder) speller(c *useCtx, at token.Pos) *monoSpeller {
	names := map[string]string{}
	for name, path := range b.p.e.importNames {
		if !b.p.pkgShadowed(name) {
			names[path] = name
		}
	}
	for name, path := range b.p.imports {
		names[path] = name
	}
	sp := &monoSpeller{pkgNames: names}
	sp.instance = func(n *types.Named) (string, error) {
		g := b.genericOf(n.Origin().Obj())
		if g == nil {
			return "", fmt.Errorf("the engine has no source for the generic type %s", n.Obj().Name())
		}
		args := n.TypeArgs()
		targs := make([]types.Type, args.Len())
		for i := range targs {
			targs[i] = args.At(i)
			// Spelled here first: a local type is hoisted from where it
			// is declared.
			if _, err := sp.spell(targs[i]); err != nil {
				return "", err
			}
		}
		in, ok := b.request(g, targs, c.anchor, c.gs, at)
		if !ok {
			return "", errMonoFailed
		}
		return in.name, nil
	}
	sp.local = func(n *types.Named) (string, error) { return b.hoist(c, n, at) }
	return sp
}

var errMonoFailed = fmt.Errorf("failed")

// spell spells t (orig view) at a position of c's source, failing there
// when it cannot.
func (b *monoBuilder) spell(c *useCtx, t types.Type, at token.Pos, what string) (string, bool) {
	s, err := b.speller(c, at).spell(t)
	if err == errMonoFailed {
		return "", false
	}
	if err != nil {
		name := types.TypeString(t, func(p *types.Package) string {
			if p.Path() == "main" {
				return ""
			}
			return p.Name()
		})
		b.failAt(c.gs, at, "the engine specializes generic code at the top level for each type argument, and cannot name "+name+" in "+what+" there ("+err.Error()+")")
		return "", false
	}
	return s, true
}

// hoist moves the declaration of a local type used in a type argument to
// the top level (an instance is declared there, and must name it): the
// type gets a fresh name, declared from go/types' view of it (its
// underlying type, with c's type arguments), its local declaration goes
// and every use in c's declaration is renamed. %T and messages show Go's
// name for it (main.S).
func (b *monoBuilder) hoist(c *useCtx, n *types.Named, at token.Pos) (string, error) {
	tn := n.Obj()
	key := fmt.Sprintf("%p", tn)
	if name, ok := b.hoisted[key]; ok {
		return name, nil
	}
	// Find the local declaration in c's top-level item.
	var spec *ast.TypeSpec
	var decl *ast.DeclStmt
	ast.Inspect(c.root, func(x ast.Node) bool {
		if ds, ok := x.(*ast.DeclStmt); ok {
			if gd, ok := ds.Decl.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
				for _, sp := range gd.Specs {
					if ts := sp.(*ast.TypeSpec); c.gs.info.Defs[ts.Name] == tn {
						spec, decl = ts, ds
					}
				}
			}
		}
		return spec == nil
	})
	if spec == nil {
		return "", fmt.Errorf("%s is declared inside a function", tn.Name())
	}
	if c.inst != "" {
		return "", fmt.Errorf("%s is declared inside a generic function", tn.Name())
	}
	if spec.TypeParams != nil {
		return "", fmt.Errorf("%s is a generic type declared inside a function", tn.Name())
	}
	name := tn.Name() + "__local"
	for i := 2; b.nameTaken(name); i++ {
		name = tn.Name() + "__local" + strconv.Itoa(i)
	}
	b.names[name] = true
	b.hoisted[key] = name
	b.hoistNames[name] = "main." + tn.Name()
	under, err := b.speller(c, at).spell(substType(n.Underlying(), c.tmap))
	if err != nil {
		return "", err
	}
	t := b.emit[c.anchor]
	if t == nil {
		t = &mappedText{}
		b.emit[c.anchor] = t
	}
	off := c.gs.pc.offset
	t.synth(c.cellTag(b), c.gs.src, off(spec.Pos()), "\ntype "+name+" "+under)
	// Remove the local declaration, rename its uses.
	if gd := decl.Decl.(*ast.GenDecl); len(gd.Specs) == 1 {
		c.add(textEdit{start: off(decl.Pos()), end: off(decl.End()), order: b.nextOrder()})
	} else {
		c.add(textEdit{start: off(spec.Pos()), end: off(spec.End()), order: b.nextOrder()})
	}
	ast.Inspect(c.root, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && c.gs.info.Uses[id] == tn {
			b.replace(c, id, name)
		}
		return true
	})
	return name, nil
}

// useEdits writes the edits that specialize the code of root (in c):
// instantiations become specialized names, type parameters their type
// arguments, embedded instance fields the specialized names.
func (b *monoBuilder) useEdits(c *useCtx, root ast.Node) {
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if b.failed {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		var parent ast.Node
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		stack = append(stack, n)
		switch x := n.(type) {
		case *ast.FuncType:
			if x.TypeParams != nil {
				// Walk the rest, not the constraints.
				if x.Params != nil {
					b.useEdits(c, x.Params)
				}
				if x.Results != nil {
					b.useEdits(c, x.Results)
				}
				stack = stack[:len(stack)-1]
				return false
			}
		case *ast.TypeSpec:
			if x.TypeParams != nil {
				b.useEdits(c, x.Type)
				stack = stack[:len(stack)-1]
				return false
			}
		case *ast.TypeSwitchStmt:
			if c.tmap != nil {
				b.typeSwitchCases(c, x)
			}
		case *ast.TypeAssertExpr:
			if c.tmap != nil && b.impossibleAssertion(c, x) {
				b.failAssertion(c, x, assertCommaOK(parent, x))
			}
		case *ast.CallExpr:
			if c.tmap != nil && b.constVar(c, x) {
				stack = stack[:len(stack)-1]
				return false
			}
		case *ast.Ident:
			var grand ast.Node
			if len(stack) > 2 {
				grand = stack[len(stack)-3]
			}
			b.identEdit(c, x, parent, grand)
		}
		return true
	})
}

func (b *monoBuilder) nextOrder() int { b.seq++; return b.seq }

// typeSwitchCases fixes the cases of a type switch in generic code that
// a specialized copy would not compile: a case that becomes the same
// type as an earlier one (case T, case int with T = int: Go takes the
// first) or a type that cannot implement the switched interface (case
// string with x of an interface I[T] with methods). Neither can match. A
// clause left without a type that can is removed; in a clause of several
// types the others are replaced by interface types no value implements,
// so that its variable keeps the switched type.
func (b *monoBuilder) typeSwitchCases(c *useCtx, ts *ast.TypeSwitchStmt) {
	var guard types.Type
	var x ast.Expr
	switch a := ts.Assign.(type) {
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			x = a.Rhs[0]
		}
	case *ast.ExprStmt:
		x = a.X
	}
	if ta, ok := ast.Unparen(x).(*ast.TypeAssertExpr); ok {
		if tv, ok := c.gs.info.Types[ta.X]; ok && tv.Type != nil {
			guard = substType(tv.Type, c.tmap)
		}
	}
	iface, _ := types.Unalias(guardUnder(guard)).(*types.Interface)
	seen := map[string]bool{}
	for _, st := range ts.Body.List {
		cc, ok := st.(*ast.CaseClause)
		if !ok || cc.List == nil {
			continue
		}
		var bad []ast.Expr
		for _, e := range cc.List {
			tv, ok := c.gs.info.Types[e]
			if !ok || tv.Type == nil {
				continue
			}
			key := "nil"
			var t types.Type
			if !tv.IsNil() {
				t = substType(tv.Type, c.tmap)
				key = typeKey(t)
			}
			impossible := t != nil && iface != nil && !types.IsInterface(t) && !types.AssertableTo(iface, t)
			if seen[key] || impossible {
				bad = append(bad, e)
				continue
			}
			seen[key] = true
		}
		switch {
		case len(bad) == 0:
		case len(bad) == len(cc.List):
			off := c.gs.pc.offset
			c.add(textEdit{start: off(cc.Pos()), end: off(cc.End()), order: b.nextOrder()})
		default:
			for _, e := range bad {
				b.seq++
				b.replace(c, e, "interface{ _gnNever"+strconv.Itoa(b.seq)+"() }")
			}
		}
	}
}

// guardUnder is the underlying type of t, or nil.
func guardUnder(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return t.Underlying()
}

// impossibleAssertion reports whether, specialized, x.(T) asserts a type
// that cannot implement x's interface: valid in generic code (it fails
// when it runs), a compile error in the copy.
func (b *monoBuilder) impossibleAssertion(c *useCtx, ta *ast.TypeAssertExpr) bool {
	if ta.Type == nil {
		return false
	}
	xt, tt := c.gs.info.Types[ta.X], c.gs.info.Types[ta.Type]
	if xt.Type == nil || tt.Type == nil {
		return false
	}
	iface, ok := substType(xt.Type, c.tmap).Underlying().(*types.Interface)
	t := substType(tt.Type, c.tmap)
	return ok && !types.IsInterface(t) && !types.AssertableTo(iface, t)
}

// assertCommaOK reports whether the assertion x is the value of a v, ok form.
func assertCommaOK(parent ast.Node, x ast.Expr) bool {
	switch p := parent.(type) {
	case *ast.AssignStmt:
		return len(p.Lhs) == 2 && len(p.Rhs) == 1 && p.Rhs[0] == x
	case *ast.ValueSpec:
		return len(p.Names) == 2 && len(p.Values) == 1 && p.Values[0] == x
	}
	return false
}

// failAssertion rewrites an assertion that cannot hold once specialized
// (x.(T) with T not implementing x's interface): v, ok := x.(T) becomes
// any(x).(T), which fails the same way; x.(T) panics with Go's message
// ("interface conversion: I is nil, not main.T"), through _gnrt.AssertFail.
func (b *monoBuilder) failAssertion(c *useCtx, ta *ast.TypeAssertExpr, ok bool) {
	off := c.gs.pc.offset
	tag := c.cellTag(b)
	if ok {
		c.add(textEdit{start: off(ta.X.Pos()), end: off(ta.X.Pos()), with: synthText(tag, c.gs.src, off(ta.X.Pos()), "any("), order: b.nextOrder()})
		c.add(textEdit{start: off(ta.X.End()), end: off(ta.X.End()), with: synthText(tag, c.gs.src, off(ta.X.End()), ")"), order: b.nextOrder()})
		return
	}
	xt := substType(c.gs.info.Types[ta.X].Type, c.tmap)
	tt := substType(c.gs.info.Types[ta.Type].Type, c.tmap)
	spelled, sok := b.spell(c, tt, ta.Pos(), "a type assertion")
	if !sok {
		return
	}
	iface, want := reflectStyle(xt), reflectStyle(tt)
	open := "func() " + spelled + " { " + rtName + ".AssertFail(" + strconv.Quote(iface) + ", " + strconv.Quote(want) + ", "
	c.add(textEdit{start: off(ta.Pos()), end: off(ta.X.Pos()), with: synthText(tag, c.gs.src, off(ta.Pos()), open), order: b.nextOrder()})
	c.add(textEdit{start: off(ta.X.End()), end: off(ta.End()), with: synthText(tag, c.gs.src, off(ta.X.End()), "); return *new("+spelled+") }()"), order: b.nextOrder()})
}

// assertFail is _gnrt.AssertFail: the panic of x.(T) where x's interface
// iface cannot hold a T.
func (e *Engine) assertFail(iface, want string, v ...any) {
	have := "nil"
	if len(v) > 0 && v[0] != nil {
		have = e.typeName("", v[0])
	}
	panic(runtimeError{msg: "interface conversion: " + iface + " is " + have + ", not " + want, plain: true})
}

func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"AssertFail": reflect.ValueOf(e.assertFail)}
	})
}

// constVar replaces, in a specialized copy, an expression that is not
// constant in generic code but would be once specialized — T(c) with T a
// type parameter, unsafe.Sizeof or Alignof of a value of one — by a
// variable holding its value: as a constant it would be computed exactly
// (Go computes T(1)<<63 or T(0.1)*3 in T's arithmetic), could overflow
// (uint8(0)-1) or make cases and keys duplicates.
func (b *monoBuilder) constVar(c *useCtx, call *ast.CallExpr) bool {
	info := c.gs.info
	if len(call.Args) != 1 || info.Types[call].Value != nil {
		return false
	}
	var typ, init string
	switch fun := info.Types[call.Fun]; {
	case fun.IsType():
		tp, ok := types.Unalias(fun.Type).(*types.TypeParam)
		if !ok {
			return false
		}
		cv := info.Types[call.Args[0]].Value
		if cv == nil {
			return false
		}
		lit, ok := constLiteral(cv)
		if !ok {
			return false
		}
		target := substType(tp, c.tmap)
		if _, basic := target.Underlying().(*types.Basic); !basic {
			return false // []byte("x"): not a constant, and a new value each time
		}
		s, ok := b.spell(c, target, call.Pos(), "a conversion")
		if !ok {
			return true
		}
		typ, init = s, "("+s+")("+lit+")"
	default:
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Sizeof" && sel.Sel.Name != "Alignof" {
			return false
		}
		// The builtin, or (the engine's unsafe is a symbol table) the
		// function standing for it.
		switch obj := info.Uses[sel.Sel].(type) {
		case *types.Builtin:
		case *types.Func:
			if obj.Pkg() == nil || obj.Pkg().Path() != "unsafe" {
				return false
			}
		default:
			return false
		}
		at := info.Types[call.Args[0]].Type
		if at == nil {
			return false
		}
		s, ok := b.spell(c, substType(at, c.tmap), call.Pos(), "unsafe."+sel.Sel.Name)
		if !ok {
			return true
		}
		unsafeName, ok := b.speller(c, call.Pos()).pkgNames["unsafe"]
		if !ok {
			return false
		}
		typ, init = "uintptr", unsafeName+"."+sel.Sel.Name+"(*new("+s+"))"
	}
	b.seq++
	name := "_gnk" + strconv.Itoa(b.p.e.cellN) + "_" + strconv.Itoa(b.seq) // unique in the session: a global
	t := b.emit[c.anchor]
	if t == nil {
		t = &mappedText{}
		b.emit[c.anchor] = t
	}
	off := c.gs.pc.offset
	t.synth(c.cellTag(b), c.gs.src, off(call.Pos()), "\nvar "+name+" "+typ+" = "+init)
	b.replace(c, call, name)
	return true
}

// constLiteral writes an exact constant as an untyped constant
// expression.
func constLiteral(v constant.Value) (string, bool) {
	switch v.Kind() {
	case constant.Bool, constant.String, constant.Int:
		return v.ExactString(), true
	case constant.Float:
		if r := constant.ToInt(v); r.Kind() == constant.Int {
			return r.ExactString(), true
		}
		num, den := constant.Num(v), constant.Denom(v)
		return "(" + num.ExactString() + ".0/" + den.ExactString() + ")", true
	case constant.Complex:
		re, ok1 := constLiteral(constant.Real(v))
		im, ok2 := constLiteral(constant.Imag(v))
		return "complex(" + re + ", " + im + ")", ok1 && ok2
	}
	return "", false
}

// identEdit is useEdits for one identifier.
func (b *monoBuilder) identEdit(c *useCtx, id *ast.Ident, parent, grand ast.Node) {
	info, gs, tmap := c.gs.info, c.gs, c.tmap
	replace := func(n ast.Node, text string) { b.replace(c, n, text) }
	// A type spelled as more than a name needs parentheses as a
	// conversion, a method expression's receiver or a channel's element.
	paren := func(text string, n, parent ast.Node) string {
		if simpleTypeText(text) {
			return text
		}
		switch pt := parent.(type) {
		case *ast.CallExpr:
			if pt.Fun == n {
				return "(" + text + ")"
			}
		case *ast.SelectorExpr:
			if pt.X == n {
				return "(" + text + ")"
			}
		case *ast.ChanType:
			if strings.HasPrefix(text, "<-") {
				return "(" + text + ")"
			}
		}
		return text
	}
	if inst, ok := info.Instances[id]; ok {
		obj := info.Uses[id]
		g := b.genericOf(obj)
		if g == nil {
			return // a compiled package's generic (slices.Sort): a later pass
		}
		var expr ast.Node = id
		switch pt := parent.(type) {
		case *ast.IndexExpr:
			if pt.X == id {
				expr = pt
			}
		case *ast.IndexListExpr:
			if pt.X == id {
				expr = pt
			}
		}
		targs := make([]types.Type, inst.TypeArgs.Len())
		for i := range targs {
			targs[i] = substType(inst.TypeArgs.At(i), tmap)
		}
		what := g.name
		if g.kind == token.FUNC {
			for _, t := range targs {
				if _, ok := b.spell(c, t, id.Pos(), "the instance of "+what); !ok {
					return
				}
			}
			in, ok := b.request(g, targs, c.anchor, gs, id.Pos())
			if !ok {
				return
			}
			replace(expr, in.name)
			return
		}
		t := substType(inst.Type, tmap)
		if g.alias {
			t = types.Unalias(t)
		}
		text, ok := b.spell(c, t, id.Pos(), "the instance of "+what)
		if !ok {
			return
		}
		if expr == id {
			text = paren(text, id, parent)
		} else {
			text = paren(text, expr, grand)
		}
		replace(expr, text)
		return
	}
	obj := info.Uses[id]
	if obj == nil {
		return
	}
	if tn, ok := obj.(*types.TypeName); ok {
		if tp, ok := tn.Type().(*types.TypeParam); ok {
			r, ok := tmap[tp]
			if !ok {
				b.failAt(gs, id.Pos(), "the engine cannot specialize the use of type parameter "+id.Name+" here")
				return
			}
			text, ok := b.spell(c, r, id.Pos(), "type parameter "+id.Name)
			if !ok {
				return
			}
			replace(id, paren(text, id, parent))
			return
		}
		if g := b.genericOf(tn); g != nil && !g.alias {
			b.failAt(gs, id.Pos(), "generic type "+id.Name+" used without instantiation")
			return
		}
	}
	if fn, ok := obj.(*types.Func); ok {
		if g := b.genericOf(fn); g != nil && g.kind == token.FUNC {
			msg := "cannot use generic function " + id.Name + " without instantiation"
			for _, te := range b.ct.errors {
				if te.Pos == id.Pos() {
					msg = te.Msg
				}
			}
			b.failAt(gs, id.Pos(), msg)
			return
		}
	}
	// An embedded field of an instance type is named by the specialized
	// type.
	if v, ok := obj.(*types.Var); ok && v.IsField() && v.Embedded() {
		ft := substType(v.Type(), tmap)
		if pt, ok := ft.(*types.Pointer); ok {
			ft = pt.Elem()
		}
		if n, ok := ft.(*types.Named); ok && n.TypeArgs() != nil && n.TypeArgs().Len() > 0 && n.Obj().Name() == v.Name() && b.genericOf(n.Origin().Obj()) != nil {
			text, ok := b.spell(c, n, id.Pos(), "the embedded field "+id.Name)
			if ok {
				replace(id, text)
			}
		}
	}
}

// writeCopy writes the specialized copy of w at its anchor.
func (b *monoBuilder) writeCopy(w monoWork) {
	in := w.inst
	g := in.gen
	t := b.emit[w.anchor]
	if t == nil {
		t = &mappedText{}
		b.emit[w.anchor] = t
	}
	switch {
	case g.alias:
		return // uses became the aliased type
	case g.kind == token.FUNC:
		gs := b.recheck(g.src)
		fd := gs.node.(*ast.FuncDecl)
		tmap := typeParamMap(sigOf(gs.info.Defs[fd.Name]).TypeParams(), in.targs)
		b.copyDecl(t, gs, fd, tmap, in.name, w.anchor, in.key)
	default:
		ts := g.src.node.(*ast.TypeSpec)
		named := g.obj.Type().(*types.Named)
		ms := w.methods
		if ms == nil {
			tmap := typeParamMap(named.TypeParams(), in.targs)
			b.copyDecl(t, g.src, ts, tmap, in.name, w.anchor, in.key)
			ms = append(append([]*genSrc(nil), g.methods...), b.newMethod[g]...)
		}
		for _, m := range ms {
			m = b.recheck(m)
			fd := m.node.(*ast.FuncDecl)
			fn, _ := m.info.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			tmap := typeParamMap(sigOf(fn).RecvTypeParams(), in.targs)
			b.copyDecl(t, m, fd, tmap, "", w.anchor, in.key)
		}
	}
}

// recheck returns gs checked again with the session as it is now, when
// its check found errors: a generic function or method of an earlier
// cell may use what later cells declared (a method that makes a type
// satisfy a constraint, a function), as the declarations of a Go package
// may. The cell's text keeps its offsets (the rest is blanked).
func (b *monoBuilder) recheck(gs *genSrc) *genSrc {
	if !gs.errs || gs.cell == b.p.e.cellN {
		return gs
	}
	if r, ok := b.rechecked[gs]; ok {
		return r
	}
	b.rechecked[gs] = gs
	fd, ok := gs.node.(*ast.FuncDecl)
	if !ok {
		return gs
	}
	from, to := gs.pc.offset(fd.Pos()), gs.pc.offset(fd.End())
	buf := []byte(gs.src)
	for i := range buf {
		if (i < from || i >= to) && buf[i] != '\n' {
			buf[i] = ' '
		}
	}
	pc, err := splitCell(string(buf))
	if err != nil {
		return gs
	}
	s := newScope(b.p.e, pc)
	if fd.Recv == nil {
		s.declDefined[fd.Name.Name] = token.FUNC
	}
	ct := b.p.e.types.checkCell(s, false)
	for _, d := range pc.decls.Decls {
		if nfd, ok := d.(*ast.FuncDecl); ok && pc.offset(nfd.Pos()) == from {
			r := &genSrc{cell: gs.cell, src: gs.src, pc: pc, info: ct.info, node: nfd, norm: gs.norm}
			b.rechecked[gs] = r
			return r
		}
	}
	return gs
}

// typeParamMap maps type parameters to type arguments.
func typeParamMap(tps *types.TypeParamList, targs []types.Type) map[*types.TypeParam]types.Type {
	m := map[*types.TypeParam]types.Type{}
	for i := range tps.Len() {
		if i < len(targs) {
			m[tps.At(i)] = targs[i]
		}
	}
	return m
}

// copyDecl appends to t the copy of the declaration node of gs (a func,
// method or type spec) specialized with tmap and renamed (methods keep
// their name).
func (b *monoBuilder) copyDecl(t *mappedText, gs *genSrc, node ast.Node, tmap map[*types.TypeParam]types.Type, name string, anchor int, inst string) {
	off := gs.pc.offset
	cellTag := 0
	if gs.cell != b.p.e.cellN {
		cellTag = gs.cell
	}
	var edits []textEdit
	add := func(e textEdit) { edits = append(edits, e) }
	c := &useCtx{gs: gs, tmap: tmap, anchor: anchor, add: add, inst: inst, root: node, locals: localNames(gs.info, node)}
	rename := func(id *ast.Ident) {
		add(textEdit{start: off(id.Pos()), end: off(id.End()), with: synthText(cellTag, gs.src, off(id.Pos()), name), order: b.nextOrder()})
	}
	drop := func(fl *ast.FieldList) {
		if fl != nil {
			add(textEdit{start: off(fl.Opening), end: off(fl.Closing) + 1, order: b.nextOrder()})
		}
	}
	switch n := node.(type) {
	case *ast.FuncDecl:
		if name != "" {
			rename(n.Name)
		}
		drop(n.Type.TypeParams)
		if n.Recv != nil {
			b.useEdits(c, n.Recv)
		}
		b.useEdits(c, n.Type)
		if n.Body != nil {
			b.useEdits(c, n.Body)
		}
		t.synth(cellTag, gs.src, off(n.Pos()), "\n")
	case *ast.TypeSpec:
		rename(n.Name)
		drop(n.TypeParams)
		b.useEdits(c, n.Type)
		t.synth(cellTag, gs.src, off(n.Pos()), "\ntype ")
	}
	applyEdits(t, cellTag, gs.src, off(node.Pos()), off(node.End()), edits)
}

// monoUnmangle replaces specialized names in a message of a cell being
// prepared (its own instances included) by Go's names.
func monoUnmangle(p *prep, msg string) string {
	if p.e.mono == nil {
		return msg
	}
	for q := p; q != nil; q = q.orig {
		if q.mono != nil && q.mono.unmangle != nil {
			return q.mono.unmangle(msg)
		}
	}
	return p.e.mono.unmangleText(msg)
}

// monoReflectNames is monoUnmangle with reflect's names (what %T prints).
func monoReflectNames(p *prep, s string) string {
	if p.e.mono == nil {
		return s
	}
	for q := p; q != nil; q = q.orig {
		if q.mono != nil && q.mono.reflect != nil {
			return q.mono.reflect(s)
		}
	}
	return p.e.mono.reflectText(s)
}

// monoSyntaxError reports a specialized cell that does not parse (an
// engine bug) at the user's position.
func monoSyntaxError(e *Engine, code string, smap *sourceMap, ce *cellError) *cellError {
	out := &cellError{msg: "the engine could not specialize the generic code here (" + ce.msg + "); please report it"}
	if ce.line > 0 {
		off := 0
		for l := 1; l < ce.line && off < len(code); off++ {
			if code[off] == '\n' {
				l++
			}
		}
		off += ce.col - 1
		cell, src, o := smap.origin(off)
		out.line, out.col = lineCol(src, o)
		out.cell = cell
	}
	return out
}

// monoDeclsDone is what the specialized cell p records once its
// declarations ran: the generics and instances (the session's monoSession),
// the declarations as written (the types session's first view) and the
// cell's generic declarations.
func monoDeclsDone(p *prep) func() {
	orig := p.orig
	e := p.e
	var names []string
	for n := range orig.declDefined {
		names = append(names, n)
	}
	var methods []*ast.FuncDecl
	for _, d := range orig.pc.decls.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil {
			methods = append(methods, fd)
		}
	}
	commit := orig.mono.commit
	ct := orig.ct
	return func() {
		commit()
		e.types.recordDecl(ct, names, methods)
	}
}

// recordOrigStmtVars records, in the types session's first view, the
// variables of the cell as written that the specialized statements ids
// defined.
func recordOrigStmtVars(p *prep, ids []*ast.Ident) {
	orig := p.orig
	if orig == nil || len(ids) == 0 {
		return
	}
	want := map[string]bool{}
	for _, id := range ids {
		want[id.Name] = true
	}
	var origIDs []*ast.Ident
	for _, s := range orig.pc.stmts.Body.List {
		if as, ok := s.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && want[id.Name] {
					origIDs = append(origIDs, id)
				}
			}
		}
	}
	p.e.types.recordStmtVars(orig.ct, origIDs)
}
