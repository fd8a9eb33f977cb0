package engine

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// Lowering: values of non-struct cell types in interfaces get a box.
//
// yaegi represents a value of a cell type whose underlying type is not a
// struct (type Kind int, type Celsius float64, type IDs []int) by a value
// of its underlying type, and an interface holding one keeps no type of
// its own for it: var v any = Kind(1) held a bare int, so v.(int) was
// true, v.(Kind) could not be told from it, a switch took case int, v ==
// any(1) was true and a map[any] keyed Kind(1) and 1 alike. A struct type
// keeps its identity (reflect.StructOf, with the tag the fmt pass gives
// each cell struct type), so the pass "boxnamed" gives each such type T
// declared at the top level a box
//
//	type _gnB_T struct{ GnV T }
//	func (b _gnB_T) M(a A) R { return b.GnV.M(a) } // each value method of T
//	func _gnBA_T(x any) (T, bool) { b, ok := x.(_gnB_T); return b.GnV, ok }
//
// and rewrites the cell so that every value of static type T that goes
// into an interface goes in boxed — assigned, declared, returned, passed
// to a parameter (of an interpreted function; of a compiled one when the
// parameter is error or the function stores the value: container/list,
// sync.Map, atomic.Value, sync.Pool, context.WithValue, heap.Push),
// converted, put in a composite literal, sent, compared with an
// interface, a case of a switch on one, a map[any] key, panicked with —
// while the assertions and type switches that name T unwrap: x.(T) →
// _gnBX_T(x), v, ok := x.(T) → _gnBA_T(x), case T → case _gnB_T
// with v rebound to its GnV. Equality, map keys, type switches and
// assertions to interfaces (through the forwarded methods) then follow
// the struct type, which yaegi gets right. The box's name never shows:
// fmt and json are handed the value itself (each box registers a function
// that gives a T to compiled code as a T argument would be, ifaceMethods'
// unwrapper calls it), %T and messages drop the _gnB_ prefix.
//
// A *T goes the same way through T's pointer box, type _gnB__P_T struct{
// GnV *T } with every method of *T forwarded (yaegi held a *Kind as a
// bare *int: an assertion to an interface only *Kind implements could not
// be told, x.(*Kind) was true of any *int); its out function hands fmt a
// value with the pointer's Error or String method, which yaegi drops.
//
// The lowering is a new text (with its source map); the passes start over
// on it, which pays a second type check only for cells that declare such
// a type or convert such a value.
//
// The helpers test for a nil operand first: yaegi's assertion of an
// any holding a nil cell interface with methods panics in reflect
// (yaegi/_test/issue-1454.go). A failed x.(T) panics with Go's message,
// naming x's static type and T as Go's runtime does (BoxAssertFail; the
// same name in two scopes, a hoisted local type's, says so).
//
// Left alone: a value given to fmt, log, json, reflect or any other
// compiled function's interface parameter (they inspect it: they get the
// bare value as before); a value that reaches an interface through
// compiled code (reflect.Value.Interface) is bare and asserts as its
// underlying type. Refused at compile time: a multi-value expression
// whose values go into interfaces (var a, b any = f(), v, ok = m[k] with
// an any v), a range assigning to an interface variable — each would put
// a bare value in.

// boxPrefix and friends name the box of type T: _gnB_T, its field, its
// comma-ok assertion helper. Each registers its out function in an
// init function (a package-level var with a function literal made yaegi
// fail, "constant definition loop", at a later statement of the cell).
const (
	boxPrefix    = "_gnB_"
	boxField     = "GnV" // exported: reflect reads it
	boxAssertPfx = "_gnBA_"
	boxMustPfx   = "_gnBX_"
	// boxPtrTag starts the name boxable gives *T: the pointer box of T is
	// _gnB__P_T, with field GnV of type *T and its helpers likewise
	// (_gnBA__P_T, _gnBX__P_T).
	boxPtrTag = "_P_"
	// boxKeyFunc is the cell's helper of mapKey, declared where used: a
	// function go/types sees (a call of _gnrt has no type there, which
	// the passes after this one need).
	boxKeyFunc = "_gnKeyOf"
	// boxUnboxFunc is unbox's helper, declared likewise.
	boxUnboxFunc = "_gnUnbox"
)

// boxStoring are the compiled functions and methods with an empty
// interface parameter whose value the cell gets back later (stored, not
// inspected): their arguments are boxed like an interpreted function's.
var boxStoring = map[string]bool{
	"container/list.List.PushBack": true, "container/list.List.PushFront": true,
	"container/list.List.InsertBefore": true, "container/list.List.InsertAfter": true,
	"sync.Map.Store": true, "sync.Map.Load": true, "sync.Map.LoadOrStore": true, "sync.Map.LoadAndDelete": true,
	"sync.Map.Delete": true, "sync.Map.Swap": true, "sync.Map.CompareAndSwap": true, "sync.Map.CompareAndDelete": true,
	"sync/atomic.Value.Store": true, "sync/atomic.Value.Swap": true, "sync/atomic.Value.CompareAndSwap": true,
	"sync.Pool.Put": true, "context.WithValue": true, "container/heap.Push": true,
}

// boxEdit is one change of the lowering: text replaces [start, end) (an
// insertion when they are equal). Insertions at one offset are ordered by
// rank, then key.
type boxEdit struct {
	start, end int
	text       string
	rank, key  int
}

type boxLower struct {
	p     *prep
	ct    *cellTypes
	edits []boxEdit
	// own are the boxable types this cell declares.
	own map[*types.TypeName]bool
	// needKey, needUnbox: the cell calls boxKeyFunc, boxUnboxFunc.
	needKey, needUnbox bool
	stack              []ast.Node // the walk's ancestors, the visited node last
}

// boxable returns the name of t's box when t is a top-level non-struct,
// non-interface, non-generic type of the session whose box exists.
func (b *boxLower) boxable(t types.Type) (string, bool) {
	if t == nil {
		return "", false
	}
	if pt, ok := types.Unalias(t).(*types.Pointer); ok {
		// *T of a boxable T: its pointer box, _gnB__P_T.
		if name, ok := b.boxable(pt.Elem()); ok && !strings.HasPrefix(name, boxPtrTag) {
			return boxPtrTag + name, true
		}
		return "", false
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return "", false
	}
	obj := named.Obj()
	if obj.Pkg() == nil || obj.Pkg().Path() != "main" || obj.Parent() != obj.Pkg().Scope() || obj.Name() == "_" ||
		named.TypeParams().Len() > 0 || named.TypeArgs().Len() > 0 || strings.HasPrefix(obj.Name(), "_gn") && !hoistedName.MatchString(obj.Name()) {
		return "", false
	}
	switch u := named.Underlying().(type) {
	case *types.Interface:
		return "", false
	case *types.Struct:
		if u.NumFields() > 0 {
			return "", false // its own by the fmt pass's tag (fix_fmt.go)
		}
		// An empty struct type has no field to tag: yaegi gives all of
		// them the one reflect type struct {} (fix_emptystructs.go).
	}
	if cycleWithoutStruct(named) != "" || mentionsType(named.Underlying(), recursiveNamed, 0) {
		return "", false // runs as a struct, or holds one (fix_recursivetypes.go)
	}
	if fmtRegName(b.p, obj.Name()) != obj.Name() && !isEmptyStruct(named) {
		// A specialized generic type (IteratorFunc__int, fix_mono.go):
		// yaegi found no method of the instance from the box's
		// forwarder ("undefined method: Iterate", issue48598.go); left
		// as before, under the refusals of fix_namedassert.go.
		return "", false
	}
	if !b.own[obj] {
		if _, ok := b.ct.pkg.Scope().Lookup(boxPrefix + obj.Name()).(*types.TypeName); !ok {
			return "", false
		}
	}
	return obj.Name(), true
}

// boxesInto reports whether a value boxed as name goes into an interface
// of type target boxed. A pointer box does not go into a compiled
// package's interface with methods other than error (io.Writer,
// sort.Interface): yaegi's wrapper for one keeps the box's last field,
// the bare pointer, so x.(*T) could not unwrap it; the bare *T it held
// before pointer boxes asserts right there (yaegi/_test/issue-1166.go).
func boxesInto(name string, target types.Type) bool {
	if !strings.HasPrefix(name, boxPtrTag) {
		return true
	}
	return !compiledMethodIface(target)
}

// compiledMethodIface reports whether t is an interface with methods of
// a compiled package (or an unnamed one), other than error.
func compiledMethodIface(t types.Type) bool {
	it, ok := underOf(t).(*types.Interface)
	if !ok || it.NumMethods() == 0 || types.Identical(t, types.Universe.Lookup("error").Type()) {
		return false
	}
	return !cellInterface(t)
}

// wrap boxes x when it is a value of a boxable type going into an
// interface of type target.
func (b *boxLower) wrap(x ast.Expr, target types.Type) {
	if x == nil || !isInterface(target) || isTypeParam(target) {
		return
	}
	tv, ok := b.ct.info.Types[x]
	if !ok || tv.IsType() || tv.Type == nil || isInterface(tv.Type) {
		return
	}
	name, ok := b.boxable(tv.Type)
	if !ok || !boxesInto(name, target) {
		return
	}
	// Keyed: yaegi typed *f(x) as an unkeyed element of the box
	// ("cannot use type **main.L as type main.L in struct literal").
	open, closing := boxPrefix+name+"{"+boxField+": ", "}"
	if b.inHeader() {
		// if x == C(1) {: a composite literal there needs parentheses
		// (which elsewhere would hide it from the passes after this one).
		open, closing = "("+open, closing+")"
	}
	b.around(x, open, closing, false)
}

// boxedTag boxes the tag of switch t { case i: } where t is of a boxable
// type and a case an interface value, with the cases of t's type: box
// equals box as T equals T.
func (b *boxLower) boxedTag(n *ast.SwitchStmt) {
	tt := b.ct.goType(n.Tag)
	if _, ok := b.boxable(tt); !ok || isInterface(tt) {
		return
	}
	iface := false
	for _, s := range n.Body.List {
		if cc, ok := s.(*ast.CaseClause); ok {
			for _, e := range cc.List {
				iface = iface || isInterface(b.ct.goType(e))
			}
		}
	}
	if !iface {
		return
	}
	anyT := types.Universe.Lookup("any").Type()
	for _, s := range n.Body.List {
		if cc, ok := s.(*ast.CaseClause); ok {
			for _, e := range cc.List {
				if it, ok := b.ct.goType(e).Underlying().(*types.Interface); ok && it.NumMethods() > 0 {
					// A boxed tag compared with a cell interface value
					// panicked in reflect (Convert from interp.valueInterface).
					b.p.fail(e.Pos(), "comparing a value of an interface type with methods with a switch's tag of a non-struct cell type is not supported by the gophernote interpreter (it cannot convert the boxed tag there); switch on the interface value instead")
					return
				}
			}
		}
	}
	b.wrap(n.Tag, anyT)
	for _, s := range n.Body.List {
		if cc, ok := s.(*ast.CaseClause); ok {
			for _, e := range cc.List {
				b.wrap(e, anyT)
			}
		}
	}
}

// around registers text inserted before and after x, nested: an outer
// pair (outer) encloses another pair on the same x.
func (b *boxLower) around(x ast.Expr, open, closing string, outer bool) {
	b.aroundRange(b.p.off(x.Pos()), b.p.off(x.End()), open, closing, outer)
}

// aroundRange is around for the text [s, e).
func (b *boxLower) aroundRange(s, e int, open, closing string, outer bool) {
	key := 0
	if outer {
		key = 1
	}
	b.edits = append(b.edits,
		boxEdit{start: s, end: s, text: open, rank: 2, key: -e - key},
		boxEdit{start: e, end: e, text: closing, rank: 1, key: -s + key})
}

// inHeader reports whether the node being visited is in the header of an
// if, for, switch or range statement.
func (b *boxLower) inHeader() bool {
	for i := len(b.stack) - 1; i >= 0; i-- {
		switch b.stack[i].(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			return false
		case *ast.IfStmt, *ast.ForStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.RangeStmt:
			return true
		}
	}
	return false
}

// mapKey gives a key of a map[any] the interface value itself, without
// yaegi's wrapper: a key of a type with methods in a map literal, or an
// interface value read from a composite, is held in yaegi's wrapper
// (interp.valueInterface), the same key elsewhere bare, and the map told
// them apart (map[any]int{S{1}: 1}[S{1}] was 0).
func (b *boxLower) mapKey(x ast.Expr, key types.Type) {
	if x == nil {
		return
	}
	it, ok := key.Underlying().(*types.Interface)
	if !ok || !it.Empty() || isTypeParam(key) {
		return
	}
	xt := b.ct.goType(x)
	if xt == nil || !isInterface(xt) && !withMethods(xt) {
		return
	}
	if bt, ok := xt.(*types.Basic); ok && bt.Kind() == types.UntypedNil {
		return
	}
	b.needKey = true
	b.around(x, boxKeyFunc+"(", ")", true)
}

// tupleInto boxes the values of a boxable type of a multi-value
// expression x (a call's results) that go into interfaces of the types
// targets (nil: a blank, no conversion).
func (b *boxLower) tupleInto(x ast.Expr, targets []types.Type) {
	tt, ok := b.ct.goType(x).(*types.Tuple)
	if !ok {
		return
	}
	b.valuesInto(x, tupleTypes(tt), targets)
}

// commaInto boxes the value of v, ok = e (a map index, a receive, an
// assertion) when it is of a boxable type and v an interface.
func (b *boxLower) commaInto(x ast.Expr, targets []types.Type) {
	t := b.ct.goType(x)
	if t == nil {
		return
	}
	b.valuesInto(x, []types.Type{t, types.Typ[types.Bool]}, targets)
}

// valuesInto rewrites x, whose values are of the types elems, as
//
//	func() (S0, S1) { _gnt0, _gnt1 := x; return _gnB_T{_gnt0}, _gnt1 }()
//
// when a value of a boxable type goes into an interface target: Si is
// the target's type there, the value's elsewhere.
func (b *boxLower) valuesInto(x ast.Expr, elems, targets []types.Type) {
	if len(targets) != len(elems) {
		return
	}
	any := false
	spelled := make([]string, len(elems))
	rets := make([]string, len(elems))
	names := make([]string, len(elems))
	for i, et := range elems {
		names[i] = fmt.Sprintf("_gnt%d", i)
		rets[i] = names[i]
		st := et
		if name, ok := b.boxable(et); ok && targets[i] != nil && isInterface(targets[i]) && !isTypeParam(targets[i]) && boxesInto(name, targets[i]) {
			any = true
			st = targets[i]
			rets[i] = boxPrefix + name + "{" + names[i] + "}"
		}
		s, ok := b.p.spellGoType(st)
		if !ok {
			if any {
				b.p.fail(x.Pos(), "a multi-value expression whose values go into interfaces, with a type the engine cannot spell here, is not supported by the gophernote interpreter: assign the values to variables of their own types first")
			}
			return
		}
		spelled[i] = s
	}
	if !any {
		return
	}
	b.around(x, "func() ("+strings.Join(spelled, ", ")+") { "+strings.Join(names, ", ")+" := ", "; return "+strings.Join(rets, ", ")+" }()", false)
}

// lowerBoxes is the pass "boxnamed".
func lowerBoxes(p *prep) {
	if p.boxDone {
		return
	}
	ct := p.cellTypes()
	if ct == nil || ct.pkg == nil || ct.info == nil {
		return
	}
	b := &boxLower{p: p, ct: ct, own: map[*types.TypeName]bool{}}
	decls := b.declareBoxes()
	b.walk()
	if p.err != nil || (len(b.edits) == 0 && len(decls) == 0) {
		return
	}
	b.edits = append(b.edits, decls...)
	// The helpers go before the cell's first unit (its imports aside):
	// the cell's units run in order.
	helperAt := 0
	if n := len(p.pc.imports.Decls); n > 0 {
		helperAt = p.off(p.pc.imports.Decls[n-1].End())
	}
	if b.needKey {
		b.edits = append(b.edits, boxEdit{start: helperAt, end: helperAt, text: "\nfunc " + boxKeyFunc + "(_gnx any) any { return " + rtName + ".IfaceInner(_gnx) }\n", rank: 9})
	}
	if b.needUnbox {
		b.edits = append(b.edits, boxEdit{start: helperAt, end: helperAt, text: "\nfunc " + boxUnboxFunc + "(_gnx any) any { return " + rtName + ".Unbox(_gnx) }\n", rank: 9})
	}
	sort.SliceStable(b.edits, func(i, j int) bool {
		x, y := b.edits[i], b.edits[j]
		if x.start != y.start {
			return x.start < y.start
		}
		xi, yi := x.end == x.start, y.end == y.start
		if xi != yi {
			return xi // insertions before a replacement there
		}
		if x.rank != y.rank {
			return x.rank < y.rank
		}
		return x.key < y.key
	})
	src := p.pc.src
	out := &mappedText{}
	pos := 0
	for _, e := range b.edits {
		if e.start < pos {
			continue // inside a replaced range
		}
		out.copy(0, src, pos, e.start)
		out.synth(0, src, e.start, e.text)
		pos = e.end
	}
	out.copy(0, src, pos, len(src))
	smap := out.sourceMap()
	if p.pc.smap != nil {
		smap = composeMaps(smap, src, p.pc.smap)
	}
	p.boxed = &monoResult{text: out.String(), smap: smap}
}

// structOf spells out the struct type of type T3 T1 (T1 a struct type):
// yaegi gave T3 the reflect type of T1, so an any holding a *T1 asserted
// as a *T3 (fixedbugs/bug201.go); a struct literal of its own gets the
// fmt pass's tag naming T3, hence a type of its own.
func (b *boxLower) structOf(ts *ast.TypeSpec, tn *types.TypeName) []boxEdit {
	if _, lit := ts.Type.(*ast.StructType); lit {
		return nil
	}
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var fields []string
	for i := range st.NumFields() {
		f := st.Field(i)
		t, ok := b.p.spellGoType(f.Type())
		if !ok || f.Pkg() != nil && f.Pkg().Path() != "main" && !f.Exported() {
			return nil
		}
		field := f.Name() + " " + t
		if f.Embedded() {
			field = t
		}
		if tag := st.Tag(i); tag != "" {
			field += " " + strconv.Quote(tag)
		}
		fields = append(fields, field)
	}
	return []boxEdit{{start: b.p.off(ts.Type.Pos()), end: b.p.off(ts.Type.End()), text: "struct{ " + strings.Join(fields, "; ") + " }"}}
}

// registerOut returns the insertion registering the out functions of a
// top-level struct (or pointer, func...) type T of the cell and of *T: fmt
// is handed a T held in an interface as a T argument would be, with its
// methods (ifaceMethods' unwrapper calls it; yaegi's own wrapping of a
// value it holds in its interface wrapper called String on the struct's
// last field: reflect.Set panicked inside fmt).
func (b *boxLower) registerOut(tn *types.TypeName, at int) []boxEdit {
	named, ok := tn.Type().(*types.Named)
	if !ok || named.TypeParams().Len() > 0 || tn.Name() == "_" || strings.HasPrefix(tn.Name(), "_gn") || types.IsInterface(named) {
		return nil
	}
	n := tn.Name()
	text := ""
	for _, ptr := range []bool{false, true} {
		t, key := types.Type(named), n
		if ptr {
			t, key = types.NewPointer(named), "*"+n
		}
		if !hasFmtMethodSet(t) {
			continue
		}
		value := "_gnx.(" + key + ")"
		if ptr {
			value = "_gnx.((*" + n + "))"
		} else if st, ok := named.Underlying().(*types.Struct); ok && st.NumFields() == 0 {
			value = n + "{}" // no assertion to an empty struct type (fix_emptystructs.go)
		}
		key = strings.Replace(key, n, fmtRegName(b.p, n), 1)
		text += "\nfunc init() { " + rtName + ".RegisterBox(" + strconv.Quote(key) + ", (*" + n + ")(nil), func(_gnx any) any { return " + rtName + ".BoxOut(" + value + ") }) }\n"
	}
	if text == "" {
		return nil
	}
	return []boxEdit{{start: at, end: at, text: text, rank: 3}}
}

// fmtRegName is the name fmt's registration gives the cell's type name
// (Pair[string,int] for the specialized Pair__string__int, fix_mono.go).
func fmtRegName(p *prep, name string) string {
	return strings.TrimPrefix(monoReflectNames(p, "main."+name), "main.")
}

// hasFmtMethodSet reports whether t's method set has a method that changes
// how fmt prints it.
func hasFmtMethodSet(t types.Type) bool {
	ms := types.NewMethodSet(t)
	for _, m := range ifaceMethodNames["fmt"] {
		if ms.Lookup(nil, m) != nil {
			return true
		}
	}
	return false
}

// declareBoxes returns the insertions declaring the box of each boxable
// type the cell declares and the forwarders of the value methods the
// cell declares on boxable types.
func (b *boxLower) declareBoxes() []boxEdit {
	var out []boxEdit
	p, ct := b.p, b.ct
	for _, d := range p.pc.decls.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, sp := range gd.Specs {
			ts := sp.(*ast.TypeSpec)
			if ts.Assign.IsValid() || ts.TypeParams != nil {
				continue
			}
			tn, ok := ct.info.Defs[ts.Name].(*types.TypeName)
			if !ok || tn.Type() == nil || tn.Parent() != ct.pkg.Scope() || recursiveNamed(ct.goType(ts.Type)) {
				continue // type D L of a recursive L: refused (fix_recursivetypes.go)
			}
			b.own[tn] = true
			if _, ok := b.boxable(tn.Type()); !ok {
				delete(b.own, tn)
				out = append(out, b.structOf(ts, tn)...)
				out = append(out, b.registerOut(tn, p.off(gd.End()))...)
				continue
			}
			n := tn.Name()
			box, at := boxPrefix+n, p.off(gd.End())
			if isEmptyStruct(tn.Type()) {
				// A *T goes bare into a compiled package's interface with
				// methods (boxesInto): fmt is handed it with its methods
				// as a struct type's is.
				out = append(out, b.registerOut(tn, at)...)
			}
			boxKey := fmtRegName(p, box)
			// x.(T) of a bare value of T's underlying type: one that came
			// through reflect or compiled code may be a T, so it is refused
			// rather than answered (a plain one fails as in Go otherwise).
			bareCheck := ""
			if u, ok := p.spellGoType(tn.Type().Underlying()); ok {
				bareCheck = "if _, _gnok := _gnx.(" + u + "); _gnok { " + rtName + ".BoxBare(" + strconv.Quote(n) + ", " + strconv.Quote(u) + ", _gnat) }; "
			}
			text := "\ntype " + box + " struct{ " + boxField + " " + n + " }\n" +
				"func " + boxAssertPfx + n + "(_gnx any) (" + n + ", bool) { if _gnx == nil { var _gnb " + box + "; return _gnb." + boxField + ", 0 != 0 }; _gnb, _gnok := " + rtName + ".BoxInner(_gnx).(" + box + "); return _gnb." + boxField + ", _gnok }\n" +
				"func " + boxMustPfx + n + "(_gnx any, _gnat, _gnif string) " + n + " { if _gnx == nil { " + rtName + ".BoxAssertFail(nil, _gnif, " + strconv.Quote(boxWant(p, n, false)) + ") }; if _gnb, _gnok := " + rtName + ".BoxInner(_gnx).(" + box + "); _gnok { return _gnb." + boxField + " }; " + bareCheck + "if _, _gnok := _gnx.(" + box + "); !_gnok { " + rtName + ".BoxAssertFail(_gnx, _gnif, " + strconv.Quote(boxWant(p, n, false)) + ") }; return _gnx.(" + box + ")." + boxField + " }\n" +
				"func init() { " + rtName + ".RegisterBox(" + strconv.Quote(boxKey) + ", (*" + box + ")(nil), func(_gnx any) any { return " + rtName + ".BoxOut(_gnx.(" + box + ")." + boxField + ") }) }\n"
			// The pointer box: a *T in an interface keeps its type too (an
			// assertion to an interface that only *T implements, x.(*T)
			// against a bare *int).
			pbox, pn := boxPrefix+boxPtrTag+n, "*"+n
			pBareCheck := ""
			if u, ok := p.spellGoType(tn.Type().Underlying()); ok {
				pBareCheck = "if _, _gnok := _gnx.(*" + u + "); _gnok { " + rtName + ".BoxBare(" + strconv.Quote(pn) + ", " + strconv.Quote("*"+u) + ", _gnat) }; "
			}
			text += "type " + pbox + " struct{ " + boxField + " " + pn + " }\n" +
				"func " + boxAssertPfx + boxPtrTag + n + "(_gnx any) (" + pn + ", bool) { if _gnx == nil { var _gnb " + pbox + "; return _gnb." + boxField + ", 0 != 0 }; _gnb, _gnok := " + rtName + ".BoxInner(_gnx).(" + pbox + "); return _gnb." + boxField + ", _gnok }\n" +
				"func " + boxMustPfx + boxPtrTag + n + "(_gnx any, _gnat, _gnif string) " + pn + " { if _gnx == nil { " + rtName + ".BoxAssertFail(nil, _gnif, " + strconv.Quote(boxWant(p, n, true)) + ") }; if _gnb, _gnok := " + rtName + ".BoxInner(_gnx).(" + pbox + "); _gnok { return _gnb." + boxField + " }; " + pBareCheck + "if _, _gnok := _gnx.(" + pbox + "); !_gnok { " + rtName + ".BoxAssertFail(_gnx, _gnif, " + strconv.Quote(boxWant(p, n, true)) + ") }; return _gnx.(" + pbox + ")." + boxField + " }\n" +
				// yaegi hands compiled code a *T of a non-struct T without
				// its methods: the out function calls Error or String (they
				// may be declared in a later cell: the box's forwarders).
				"func init() { " + rtName + ".RegisterBox(" + strconv.Quote(fmtRegName(p, pbox)) + ", (*" + pbox + ")(nil), func(_gnx any) any { " +
				"if _gne, _gnok := _gnx.(interface{ Error() string }); _gnok { return " + rtName + ".MethodOut(0 == 0, _gne.Error) }; " +
				"if _gns, _gnok := _gnx.(interface{ String() string }); _gnok { return " + rtName + ".MethodOut(0 != 0, _gns.String) }; " +
				"return " + rtName + ".BoxOut(_gnx.(" + pbox + ")." + boxField + ") }) }\n"
			out = append(out, boxEdit{start: at, end: at, text: text, rank: 3})
		}
	}
	for _, d := range p.pc.decls.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 || fd.Name.Name == "_" {
			continue
		}
		fn, ok := ct.info.Defs[fd.Name].(*types.Func)
		if !ok {
			continue
		}
		sig := fn.Type().(*types.Signature)
		rt := sig.Recv().Type()
		_, ptr := rt.(*types.Pointer)
		if ptr {
			rt = rt.(*types.Pointer).Elem()
		}
		name, ok := b.boxable(rt)
		if !ok {
			continue
		}
		var params, args, results []string
		for i := range sig.Params().Len() {
			t := sig.Params().At(i).Type()
			if sig.Variadic() && i == sig.Params().Len()-1 {
				s, ok := p.spellGoType(t.(*types.Slice).Elem())
				if !ok {
					params = nil
					break
				}
				params = append(params, fmt.Sprintf("_gnp%d ...%s", i, s))
				args = append(args, fmt.Sprintf("_gnp%d...", i))
				continue
			}
			s, ok := p.spellGoType(t)
			if !ok {
				params = nil
				break
			}
			params = append(params, fmt.Sprintf("_gnp%d %s", i, s))
			args = append(args, fmt.Sprintf("_gnp%d", i))
		}
		if len(params) != sig.Params().Len() {
			p.fail(fd.Name.Pos(), fmt.Sprintf("the method %s of %s has a parameter type the engine cannot spell outside it, which the gophernote interpreter needs to keep %s's type in interfaces", fd.Name.Name, name, name))
			continue
		}
		okRes := true
		for i := range sig.Results().Len() {
			s, ok := p.spellGoType(sig.Results().At(i).Type())
			if !ok {
				okRes = false
				break
			}
			results = append(results, s)
		}
		if !okRes {
			p.fail(fd.Name.Pos(), fmt.Sprintf("the method %s of %s has a result type the engine cannot spell outside it, which the gophernote interpreter needs to keep %s's type in interfaces", fd.Name.Name, name, name))
			continue
		}
		call := "_gnb." + boxField + "." + fd.Name.Name + "(" + strings.Join(args, ", ") + ")"
		body := call
		if len(results) > 0 {
			body = "return " + call
		}
		res := resultList(results)
		at := p.off(fd.End())
		// The pointer box has *T's method set: every method; the box, T's.
		pbody := body
		if !ptr {
			// A value method through a nil *T: Go's wrapper of it for
			// *T's method set panics (runtime.panicwrap).
			typ := strings.TrimPrefix(boxWant(p, name, false), "main.")
			pbody = "if _gnb." + boxField + " == nil { " + rtName + ".PanicWrap(" + strconv.Quote(typ) + ", " + strconv.Quote(fd.Name.Name) + ") }; " + body
		}
		text := "\nfunc (_gnb " + boxPrefix + boxPtrTag + name + ") " + fd.Name.Name + "(" + strings.Join(params, ", ") + ")" + res + " { " + pbody + " }\n"
		if !ptr {
			text += "func (_gnb " + boxPrefix + name + ") " + fd.Name.Name + "(" + strings.Join(params, ", ") + ")" + res + " { " + body + " }\n"
		}
		out = append(out, boxEdit{start: at, end: at, text: text, rank: 3})
	}
	return out
}

// walk registers the boxing and unboxing edits of the cell's
// declarations and statements.
func (b *boxLower) walk() {
	ct := b.ct
	var funcs []*types.Signature
	visit := func(n ast.Node) bool {
		stack := b.stack
		defer func() { b.stack = stack }()
		if n == nil {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			switch top.(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				funcs = funcs[:len(funcs)-1]
			}
			return true
		}
		var parent ast.Node
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		stack = append(stack, n)
		b.stack = stack
		switch n := n.(type) {
		case *ast.FuncDecl:
			var sig *types.Signature
			if obj, ok := ct.info.Defs[n.Name].(*types.Func); ok {
				sig, _ = obj.Type().(*types.Signature)
			}
			funcs = append(funcs, sig)
		case *ast.FuncLit:
			sig, _ := ct.goType(n).(*types.Signature)
			funcs = append(funcs, sig)
		case *ast.ReturnStmt:
			if len(funcs) == 0 || funcs[len(funcs)-1] == nil {
				break
			}
			res := funcs[len(funcs)-1].Results()
			if len(n.Results) == res.Len() {
				for i, r := range n.Results {
					b.wrap(r, res.At(i).Type())
				}
			} else if len(n.Results) == 1 {
				b.tupleInto(n.Results[0], tupleTypes(res))
			}
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN {
				break
			}
			lt := make([]types.Type, len(n.Lhs))
			for i, l := range n.Lhs {
				lt[i] = ct.goType(l)
			}
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					b.wrap(n.Rhs[i], lt[i])
				}
				b.multiAssign(n.Rhs, lt)
			} else if len(n.Rhs) == 1 {
				b.multiInto(n.Rhs[0], lt)
			}
		case *ast.ValueSpec:
			if n.Type == nil {
				break
			}
			t := ct.goType(n.Type)
			if len(n.Values) == len(n.Names) {
				for _, v := range n.Values {
					b.wrap(v, t)
				}
				lt := make([]types.Type, len(n.Values))
				for i := range lt {
					lt[i] = t
				}
				b.multiAssign(n.Values, lt)
			} else if len(n.Values) == 1 {
				lt := make([]types.Type, len(n.Names))
				for i := range lt {
					lt[i] = t
				}
				b.multiInto(n.Values[0], lt)
			}
		case *ast.RangeStmt:
			b.rangeAssign(n)
		case *ast.CallExpr:
			b.call(n)
		case *ast.CompositeLit:
			b.compositeLit(n)
		case *ast.SendStmt:
			if ch, ok := ct.goType(n.Chan).Underlying().(*types.Chan); ok {
				b.wrap(n.Value, ch.Elem())
			}
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				lt, rt := ct.goType(n.X), ct.goType(n.Y)
				if isInterface(lt) && !isInterface(rt) {
					b.wrap(n.Y, lt)
				} else if isInterface(rt) && !isInterface(lt) {
					b.wrap(n.X, rt)
				}
			}
		case *ast.SwitchStmt:
			if n.Tag != nil {
				b.boxedTag(n)
				if tt := ct.goType(n.Tag); isInterface(tt) {
					for _, s := range n.Body.List {
						if cc, ok := s.(*ast.CaseClause); ok {
							for _, e := range cc.List {
								if it, _ := tt.Underlying().(*types.Interface); it != nil && it.NumMethods() > 0 {
									if name, ok := b.boxable(b.ct.goType(e)); ok && !isInterface(b.ct.goType(e)) {
										// A box compared with a cell interface value
										// panicked in reflect (Convert to
										// interp.valueInterface).
										b.p.fail(e.Pos(), "comparing a "+name+" with a value of an interface type with methods in a switch is not supported by the gophernote interpreter (it cannot convert its boxed value there); compare after an assertion (v, ok := i.("+name+"))")
										continue
									}
								}
								b.wrap(e, tt)
							}
						}
					}
				}
			}
		case *ast.IndexExpr:
			if m, ok := types.Unalias(ct.goType(n.X)).Underlying().(*types.Map); ok {
				b.wrap(n.Index, m.Key())
				b.mapKey(n.Index, m.Key())
			}
		case *ast.TypeAssertExpr:
			if n.Type != nil {
				b.assert(n, parent)
			}
		case *ast.TypeSwitchStmt:
			b.typeSwitch(n)
		}
		return true
	}
	ast.Inspect(b.p.pc.decls, visit)
	ast.Inspect(b.p.pc.stmts.Body, visit)
}

// multiAssign rewrites a, b = x, y, when a value of a concrete type with
// methods (a box of one among them) goes into an interface a or b, as
//
//	a, b = func() (A, B) { return x, y }()
//
// yaegi's assignment of several values into interfaces, given a value it
// keeps in its interface wrapper, lost another value (k, e = "a", S{4}
// left k nil) or panicked in reflect.Set; the results of a call it
// assigns right.
func (b *boxLower) multiAssign(rhs []ast.Expr, lt []types.Type) {
	if len(rhs) < 2 {
		return
	}
	need := false
	spelled := make([]string, len(rhs))
	for i, r := range rhs {
		rt := b.ct.goType(r)
		if rt == nil {
			return
		}
		st := rt
		if lt[i] != nil && isInterface(lt[i]) && !isTypeParam(lt[i]) {
			st = lt[i]
			if !isInterface(rt) && withMethods(rt) {
				need = true
			}
		}
		if bt, ok := rt.(*types.Basic); ok && bt.Info()&types.IsUntyped != 0 {
			st = types.Default(rt)
			if bt.Kind() == types.UntypedNil {
				return
			}
		}
		sp, ok := b.p.spellGoType(st)
		if !ok {
			return
		}
		spelled[i] = sp
	}
	if !need {
		return
	}
	for _, r := range rhs {
		found := false
		ast.Inspect(r, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == "recover" {
				found = true
			}
			return !found
		})
		if found {
			return // recover must stay in the deferred function
		}
	}
	b.aroundRange(b.p.off(rhs[0].Pos()), b.p.off(rhs[len(rhs)-1].End()), "func() ("+strings.Join(spelled, ", ")+") { return ", " }()", false)
}

// withMethods reports whether t or *t has methods (for a boxable type:
// whether its box has).
func withMethods(t types.Type) bool {
	if types.NewMethodSet(t).Len() > 0 {
		return true
	}
	if _, ok := t.Underlying().(*types.Struct); ok {
		return types.NewMethodSet(types.NewPointer(t)).Len() > 0
	}
	return false
}

func tupleTypes(t *types.Tuple) []types.Type {
	out := make([]types.Type, t.Len())
	for i := range out {
		out[i] = t.At(i).Type()
	}
	return out
}

// multiInto handles a single right-hand side for several variables: a
// call's results or a comma-ok expression.
func (b *boxLower) multiInto(x ast.Expr, lt []types.Type) {
	if _, ok := b.ct.goType(x).(*types.Tuple); ok {
		b.tupleInto(x, lt)
		return
	}
	switch ast.Unparen(x).(type) {
	case *ast.IndexExpr, *ast.UnaryExpr, *ast.TypeAssertExpr:
		b.commaInto(ast.Unparen(x), lt)
	}
}

// rangeAssign rewrites for k, v = range x, when a key or value of a
// boxable type goes into an interface variable, as
//
//	for _gnrk, _gnrv := range x { k = _gnrk; v = _gnB_T{_gnrv}; ... }
func (b *boxLower) rangeAssign(n *ast.RangeStmt) {
	if n.Tok != token.ASSIGN {
		return
	}
	need := false
	for _, x := range []ast.Expr{n.Key, n.Value} {
		if x == nil || !isInterface(b.ct.goType(x)) {
			continue
		}
		if _, ok := b.rangeElem(n, x == n.Value); ok {
			need = true
		}
	}
	if !need {
		return
	}
	var lhs, fresh, rhs []string
	for i, x := range []ast.Expr{n.Key, n.Value} {
		if x == nil {
			continue
		}
		name := []string{"_gnrk", "_gnrv"}[i]
		fresh = append(fresh, name)
		if id, ok := x.(*ast.Ident); ok && id.Name == "_" {
			continue
		}
		lhs = append(lhs, b.p.text(x))
		if bn, ok := b.rangeElem(n, i == 1); ok && isInterface(b.ct.goType(x)) {
			rhs = append(rhs, boxPrefix+bn+"{"+name+"}")
		} else {
			rhs = append(rhs, name)
		}
	}
	// The left-hand sides are copied as written: they must not hold a
	// rewrite of their own.
	for _, x := range []ast.Expr{n.Key, n.Value} {
		if x == nil {
			continue
		}
		if _, ok := x.(*ast.Ident); !ok {
			b.p.fail(x.Pos(), "a range assigning values of a non-struct cell type to an interface other than a variable is not supported by the gophernote interpreter: range with := and assign inside the loop")
			return
		}
	}
	ks := b.p.off(n.Key.Pos())
	tokEnd := b.p.off(n.TokPos) + 1
	b.edits = append(b.edits, boxEdit{start: ks, end: tokEnd, text: strings.Join(fresh, ", ") + " :="})
	at := b.p.off(n.Body.Lbrace) + 1
	var assigns strings.Builder
	for i := range lhs {
		// One by one: yaegi's k, e = a, b into interfaces lost a value.
		assigns.WriteString(" " + lhs[i] + " = " + rhs[i] + ";")
	}
	b.edits = append(b.edits, boxEdit{start: at, end: at, text: assigns.String(), rank: 4})
}

// rangeElem returns the type of a range loop's key or value.
func (b *boxLower) rangeElem(n *ast.RangeStmt, value bool) (string, bool) {
	var t types.Type
	switch u := types.Unalias(b.ct.goType(n.X)).Underlying().(type) {
	case *types.Slice:
		if value {
			t = u.Elem()
		}
	case *types.Array:
		if value {
			t = u.Elem()
		}
	case *types.Pointer:
		if a, ok := u.Elem().Underlying().(*types.Array); ok && value {
			t = a.Elem()
		}
	case *types.Map:
		t = u.Key()
		if value {
			t = u.Elem()
		}
	case *types.Chan:
		if !value {
			t = u.Elem()
		}
	}
	return b.boxable(t)
}

// call boxes the arguments of a call (and a conversion's operand).
func (b *boxLower) call(n *ast.CallExpr) {
	ct := b.ct
	if tv, ok := ct.info.Types[n.Fun]; ok && tv.IsType() {
		if len(n.Args) == 1 {
			b.wrap(n.Args[0], tv.Type)
		}
		return
	}
	if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
		if bi, ok := ct.info.Uses[id].(*types.Builtin); ok {
			switch bi.Name() {
			case "panic":
				if len(n.Args) == 1 {
					b.wrap(n.Args[0], types.Universe.Lookup("any").Type())
				}
			case "append":
				if len(n.Args) > 1 && !n.Ellipsis.IsValid() {
					if s, ok := types.Unalias(ct.goType(n.Args[0])).Underlying().(*types.Slice); ok {
						for _, a := range n.Args[1:] {
							b.wrap(a, s.Elem())
						}
					}
				}
			case "delete":
				if len(n.Args) == 2 {
					if m, ok := types.Unalias(ct.goType(n.Args[0])).Underlying().(*types.Map); ok {
						b.wrap(n.Args[1], m.Key())
						b.mapKey(n.Args[1], m.Key())
					}
				}
			}
			return
		}
	}
	sig, ok := types.Unalias(ct.goType(n.Fun)).(*types.Signature)
	if !ok {
		return
	}
	compiled, storing := false, false
	switch f := ast.Unparen(n.Fun).(type) {
	case *ast.SelectorExpr:
		if sel, ok := ct.info.Selections[f]; ok {
			if fn, ok := sel.Obj().(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() != "main" && !types.IsInterface(sel.Recv()) {
				compiled = true
			}
		} else if fn, ok := ct.info.Uses[f.Sel].(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() != "main" {
			compiled = true
		}
		storing = boxStoring[encoderName(ct, f)]
	}
	if len(n.Args) == 1 && sig.Params().Len() > 1 {
		if _, ok := ct.goType(n.Args[0]).(*types.Tuple); ok {
			targets := tupleTypes(sig.Params())
			if sig.Variadic() {
				targets[len(targets)-1] = nil // f(g()) with f(...any): not seen
			}
			b.tupleInto(n.Args[0], targets)
			return
		}
	}
	for i, a := range n.Args {
		if n.Ellipsis.IsValid() && i == len(n.Args)-1 {
			break
		}
		pt := paramType(sig, i)
		if pt == nil {
			continue
		}
		if compiled && !storing {
			// error: its methods are what the callee uses, and
			// errors.Is compares it with boxed ones.
			if named, ok := types.Unalias(pt).(*types.Named); !ok || named.Obj() != types.Universe.Lookup("error") {
				b.unbox(n, a, pt)
				continue
			}
		}
		b.wrap(a, pt)
	}
}

// unbox hands a compiled function that inspects its empty interface
// argument (reflect.TypeOf, reflect.DeepEqual) the value a box it may hold
// stands for, bare, as before boxes: reflect saw the box's struct type
// (DeepEqual(xs[0], C(1)) was false). fmt, log and json have their own
// unwrapping (fix_ifacevalues.go).
func (b *boxLower) unbox(c *ast.CallExpr, a ast.Expr, pt types.Type) {
	it, ok := pt.Underlying().(*types.Interface)
	if !ok || !it.Empty() || !isInterface(b.ct.goType(a)) {
		return
	}
	if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
		if name := encoderName(b.ct, sel); fmtPrinters[name] || jsonEncoders[name] {
			return
		}
	}
	if bt, ok := b.ct.goType(a).(*types.Basic); ok && bt.Kind() == types.UntypedNil {
		return
	}
	b.needUnbox = true
	b.around(a, boxUnboxFunc+"(", ")", true)
}

// compositeLit boxes the elements (and map keys) of a composite literal.
func (b *boxLower) compositeLit(n *ast.CompositeLit) {
	t := b.ct.goType(n)
	if t == nil {
		return
	}
	for i, el := range n.Elts {
		key, val := ast.Expr(nil), el
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			key, val = kv.Key, kv.Value
		}
		switch u := types.Unalias(t).Underlying().(type) {
		case *types.Slice:
			b.wrap(val, u.Elem())
		case *types.Array:
			b.wrap(val, u.Elem())
		case *types.Map:
			b.wrap(key, u.Key())
			b.mapKey(key, u.Key())
			b.wrap(val, u.Elem())
		case *types.Struct:
			if id, ok := key.(*ast.Ident); ok {
				for j := range u.NumFields() {
					if u.Field(j).Name() == id.Name {
						b.wrap(val, u.Field(j).Type())
					}
				}
			} else if key == nil && i < u.NumFields() {
				b.wrap(val, u.Field(i).Type())
			}
		}
	}
}

// assert rewrites x.(T) of a boxable T.
func (b *boxLower) assert(n *ast.TypeAssertExpr, parent ast.Node) {
	tv, ok := b.ct.info.Types[n.Type]
	if !ok || !tv.IsType() {
		return
	}
	name, ok := b.boxable(tv.Type)
	if !ok || !boxesInto(name, b.ct.goType(n.X)) {
		return
	}
	commaOK := false
	switch par := parent.(type) {
	case *ast.AssignStmt:
		commaOK = len(par.Lhs) == 2 && len(par.Rhs) == 1 && ast.Unparen(par.Rhs[0]) == n
	case *ast.ValueSpec:
		commaOK = len(par.Names) == 2 && len(par.Values) == 1 && ast.Unparen(par.Values[0]) == n
	case *ast.ParenExpr:
		// (x.(T)) as the right-hand side: not worth the case.
	}
	s, e := b.p.off(n.Pos()), b.p.off(n.End())
	if commaOK {
		xs, xe := b.p.off(n.X.Pos()), b.p.off(n.X.End())
		b.edits = append(b.edits,
			boxEdit{start: s, end: xs, text: boxAssertPfx + name + "("},
			boxEdit{start: xe, end: e, text: ")"})
		return
	}
	xs, xe := b.p.off(n.X.Pos()), b.p.off(n.X.End())
	b.edits = append(b.edits,
		boxEdit{start: s, end: xs, text: boxMustPfx + name + "("},
		boxEdit{start: xe, end: e, text: ", " + strconv.Quote(b.p.cellPosString(n.Type.Pos())) + ", " + strconv.Quote(reflectStyle(b.ct.goType(n.X))) + ")"})
}

// boxWant is the name Go's failed assertion gives the boxable type n (or
// *n): main.T, main.Pair[int], a hoisted local type's own.
func boxWant(p *prep, n string, ptr bool) string {
	s := hoistedDisplay(monoReflectNames(p, "main."+n))
	if ptr {
		s = "*" + s
	}
	return s
}

// typeSwitch rewrites the cases of boxable types of a type switch.
func (b *boxLower) typeSwitch(n *ast.TypeSwitchStmt) {
	var bound string
	if a, ok := n.Assign.(*ast.AssignStmt); ok && len(a.Lhs) == 1 {
		if id, ok := a.Lhs[0].(*ast.Ident); ok && id.Name != "_" {
			bound = id.Name
		}
	}
	var operand types.Type
	if x := typeSwitchOperand(n); x != nil {
		operand = b.ct.goType(x)
	}
	for _, s := range n.Body.List {
		cc, ok := s.(*ast.CaseClause)
		if !ok {
			continue
		}
		boxedOne := false
		for _, e := range cc.List {
			tv, ok := b.ct.info.Types[e]
			if !ok || !tv.IsType() {
				continue
			}
			name, ok := b.boxable(tv.Type)
			if !ok || operand != nil && !boxesInto(name, operand) {
				continue
			}
			b.edits = append(b.edits, boxEdit{start: b.p.off(e.Pos()), end: b.p.off(e.End()), text: boxPrefix + name})
			boxedOne = len(cc.List) == 1
		}
		if boxedOne && bound != "" {
			// The clause's statements share the bound variable's block:
			// a block of their own rebinds it.
			at, end := b.p.off(cc.Colon)+1, b.p.off(cc.End())
			b.edits = append(b.edits,
				boxEdit{start: at, end: at, text: " { " + bound + " := " + bound + "." + boxField + "; _ = " + bound + ";", rank: 4},
				boxEdit{start: end, end: end, text: " }", rank: 5})
		}
	}
}

func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		return map[string]reflect.Value{
			// RegisterBox records the function that gives a boxed value
			// to compiled code as its type's own value would be given.
			"RegisterBox": reflect.ValueOf(func(name string, ptr any, out func(any) any) bool {
				// The type's name too: a cell's init functions run
				// before its RegisterType unit (fix_fmt.go).
				if t := reflect.TypeOf(ptr); t != nil && t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct {
					e.fmtNames.register(strings.TrimPrefix(name, "*"), ptr)
				}
				e.ifaceMethods.registerBox(name, out)
				return true
			}),
			// PanicWrap is Go's panic for a value method called through
			// an interface holding a nil *T.
			"PanicWrap": reflect.ValueOf(func(typ, method string) {
				panic(runtimeError{msg: "value method main." + typ + "." + method + " called using nil *" + typ + " pointer", plain: true})
			}),
			// BoxAssertFail panics as of a failed x.(T) of a boxable T
			// (Go's *runtime.TypeAssertionError): iface is x's static type.
			"BoxAssertFail": reflect.ValueOf(func(x any, iface, want string) {
				if x == nil {
					panic(runtimeError{msg: "interface conversion: " + iface + " is nil, not " + want, plain: true})
				}
				have := e.typeName("", x)
				msg := "interface conversion: " + iface + " is " + have + ", not " + want
				if have == want {
					msg += " (types from different scopes)"
				}
				panic(runtimeError{msg: msg, plain: true})
			}),
			// BoxBare refuses x.(T) of a bare value of T's underlying type.
			"BoxBare": reflect.ValueOf(func(name, under, at string) {
				panic(runtimeError{msg: fmt.Sprintf("the assertion of this %s to %s is refused in a gophernote cell at %s: a %s reaches an interface boxed, so this bare %s came through reflect or compiled code, where Go may hold a %s in it and the interpreter cannot tell", under, name, at, name, under, name), plain: true})
			}),
			// Unbox returns the value a box stands for, bare (its
			// underlying type's value), else x.
			"Unbox": reflect.ValueOf(func(x any) any {
				v := reflect.ValueOf(ifaceInner(x))
				if v.IsValid() && v.Kind() == reflect.Struct && v.NumField() == 1 {
					if full, ok := e.fmtNames.lookup(v.Type()); ok && isBoxName(full) && v.Field(0).CanInterface() {
						return v.Field(0).Interface()
					}
				}
				return x
			}),
			// BoxInner returns the value x holds inside yaegi's wrappers
			// (its interface wrapper, or its wrapper for a compiled
			// interface, stdlib._io_Writer holding a box).
			"BoxInner": reflect.ValueOf(func(x any) any {
				for {
					x = ifaceInner(x)
					v := reflect.ValueOf(x)
					if !v.IsValid() || v.Kind() != reflect.Struct || !strings.HasPrefix(v.Type().PkgPath(), "github.com/traefik/yaegi/") {
						return x
					}
					f := v.FieldByName("IValue")
					if !f.IsValid() || f.Kind() != reflect.Interface || f.IsNil() || !f.CanInterface() {
						return x
					}
					x = f.Interface()
				}
			}),
			// BoxOut is the identity: its argument is the value yaegi
			// hands a compiled function's any parameter.
			"BoxOut": reflect.ValueOf(func(x any) any { return x }),
			// MethodOut is what fmt is handed for a pointer box whose
			// pointer has an Error (err) or String method: a value with
			// that method.
			"MethodOut": reflect.ValueOf(func(err bool, f func() string) any {
				if err {
					return outError{f}
				}
				return outString{f}
			}),
		}
	})
}

// outError and outString stand, for fmt, for a *T of a non-struct cell
// type T with an Error or String method (MethodOut).
// A value method called through a nil *T panics (PanicWrap): fmt prints
// "<nil>" for a nil pointer whose method panics, without the directive's
// width (its catchPanic), which Format does.
type outError struct{ f func() string }

func (o outError) Error() string                  { s, _ := callOut(o.f); return s }
func (o outError) Format(st fmt.State, verb rune) { formatOut(st, verb, o.f, "Error") }

type outString struct{ f func() string }

func (o outString) String() string                 { s, _ := callOut(o.f); return s }
func (o outString) Format(st fmt.State, verb rune) { formatOut(st, verb, o.f, "String") }

// formatOut prints the method's text as fmt prints a value's, for the
// verbs that call it; a panic of the method as fmt prints one.
func formatOut(st fmt.State, verb rune, f func() string, method string) {
	if !strings.ContainsRune("vsqxX", verb) || verb == 'v' && st.Flag('#') {
		fmt.Fprintf(st, fmt.FormatString(st, verb), struct{ f func() string }{f})
		return
	}
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(st, "%%!%c(PANIC=%s method: %v)", verb, method, r)
		}
	}()
	text, isNil := callOut(f)
	if isNil {
		st.Write([]byte(text))
		return
	}
	fmt.Fprintf(st, fmt.FormatString(st, verb), text)
}

// callOut calls f; PanicWrap's panic gives "<nil>" and isNil, any other
// panic goes on.
func callOut(f func() string) (s string, isNil bool) {
	defer func() {
		if r := recover(); r != nil {
			if re, ok := r.(runtimeError); ok && strings.HasPrefix(re.msg, "value method ") {
				s, isNil = "<nil>", true
				return
			}
			panic(r)
		}
	}()
	return f(), false
}

// registerBox records the out function of the box named name (_gnB_T).
func (m *ifaceMethods) registerBox(name string, out func(any) any) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.boxes == nil {
		m.boxes = map[string]func(any) any{}
	}
	m.boxes[name] = out
}

// boxOut returns the value a box v (of the struct type of a box, named
// main._gnB_T in names) stands for, as compiled code is given a T; for
// fmt, also a value of a cell type with a String, Error, Format or
// GoString method (or a pointer to one) whose out function a cell
// registered (registerOut).
func (m *ifaceMethods) boxOut(v reflect.Value, kind string, names *fmtNames) (reflect.Value, bool) {
	if !v.IsValid() || !v.CanInterface() {
		return v, false
	}
	t, ptr := v.Type(), false
	if t.Kind() == reflect.Pointer {
		if v.IsNil() {
			return v, false
		}
		t, ptr = t.Elem(), true
	}
	if t.Kind() != reflect.Struct {
		return v, false
	}
	full, ok := names.lookup(t)
	if !ok {
		return v, false
	}
	name, ok := strings.CutPrefix(full, "main.")
	if !ok {
		return v, false
	}
	box := strings.HasPrefix(name, boxPrefix)
	if box && ptr {
		return v, false
	}
	if !box {
		if kind != "fmt" {
			return v, false
		}
		m.mu.Lock()
		kinds := m.types[name]
		m.mu.Unlock()
		if kinds["fmt"] == "" || !ptr && kinds["fmt*"] != "" {
			return v, false // no method fmt would call on it
		}
		if ptr {
			name = "*" + name
		}
	}
	m.mu.Lock()
	out := m.boxes[name]
	m.mu.Unlock()
	if out == nil {
		return v, false
	}
	if box && kind == "fmt" {
		t := strings.TrimPrefix(name, boxPrefix)
		pbox := strings.HasPrefix(t, boxPtrTag)
		m.mu.Lock()
		kinds := m.types[strings.TrimPrefix(t, boxPtrTag)]
		m.mu.Unlock()
		if pbox && kinds["fmt"] == "" && kinds["fmt*"] == "" {
			return v.Field(0), true // a *T with no method fmt calls: a pointer
		}
		if !pbox && (kinds["fmt"] == "" || kinds["fmt*"] != "") {
			// No method fmt calls on a T (String on *T only): the
			// value itself prints as Go prints it.
			return v.Field(0), true
		}
	}
	if box && kind == "json" {
		// encoding/json is given the value bare, as before boxes.
		t := strings.TrimPrefix(name, boxPrefix)
		if m.typeMethod(t, "json") != "" {
			panic(fmt.Sprintf("encoding/json cannot encode a %s held in an interface as Go would (calling its %s method): show the %s value itself (a variable of type %s)", t, m.typeMethod(t, "json"), t, t))
		}
		return v.Field(0), true
	}
	x := out(v.Interface())
	if x == nil {
		return v, false
	}
	xv := reflect.ValueOf(x)
	if !box && xv.Kind() == reflect.Struct {
		if f, ok := xv.Type().FieldByName("IValue"); ok && f.Type.Kind() == reflect.Interface {
			// yaegi's wrapper holds the struct's last field as the value
			// fmt prints for verbs calling no method (%d): the value.
			c := reflect.New(xv.Type()).Elem()
			c.Set(xv)
			c.FieldByIndex(f.Index).Set(v)
			xv = c
		}
	}
	return xv, true
}

// hasOut reports whether a cell registered the out function of the
// value's type (registerOut).
func (m *ifaceMethods) hasOut(name string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.boxes[name] != nil
}

// isBoxName reports whether name (main._gnB_T or _gnB_T) names a box.
func isBoxName(name string) bool {
	return strings.HasPrefix(strings.TrimPrefix(name, "main."), boxPrefix)
}

// unboxedNames writes the boxes' names in a message as their types'.
func unboxedNames(s string) string {
	s = hoistedDisplay(s)
	if !strings.Contains(s, boxPrefix) {
		return s
	}
	s = strings.ReplaceAll(s, "main."+boxPrefix+boxPtrTag, "*main.")
	s = strings.ReplaceAll(s, boxPrefix+boxPtrTag, "*")
	return strings.ReplaceAll(s, boxPrefix, "")
}

// typeMethod returns the method of the session's type name that changes
// how kind (fmt, json) shows it, or "".
func (m *ifaceMethods) typeMethod(name, kind string) string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.types[name][kind]
}

// panicText is the text of a cell's panic value as Go prints it; a box
// prints as the value it stands for: through its Error or String method,
// else a value of a basic kind as Go's runtime writes one of a named type
// (main.P(5), main.S("x")).
func (e *Engine) panicText(v any) string {
	rv := reflect.ValueOf(ifaceInner(recovered(v)))
	if rv.IsValid() {
		if full, ok := e.fmtNames.lookup(rv.Type()); ok && isBoxName(full) {
			name := strings.TrimPrefix(strings.TrimPrefix(full, "main."), boxPrefix)
			if out, ok := e.ifaceMethods.boxOut(rv, "fmt", &e.fmtNames); ok {
				if m := e.ifaceMethods.typeMethod(name, "fmt"); m == "Error" || m == "String" {
					return fmt.Sprint(out.Interface())
				}
				switch k := out.Kind(); {
				case k == reflect.String:
					return fmt.Sprintf("main.%s(%q)", name, out.String())
				case k >= reflect.Bool && k <= reflect.Complex128:
					return fmt.Sprintf("main.%s(%v)", name, out.Interface())
				}
				return fmt.Sprintf("(main.%s) %v", name, out.Interface())
			}
		}
	}
	return goPanicText(e.specializedNames(e.fmtNames.typeNamed(v)))
}
