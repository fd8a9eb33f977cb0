package engine

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// Workaround: range over func (Go 1.23 iterators), package iter, and the
// iterator functions of slices, maps, strings and bytes.
//
// yaegi v0.16 cannot range over a function, has no package iter, and
// cannot run the compiled generic iterator functions. So the pass
// "rangefunc" lowers the cell, with go/types' view of it, into Go without
// them, and the passes start over with the lowered text (as after
// monomorphization, with a source map: positions stay at the user's
// line:col, and the synthesized text adds no line). The lowering follows
// the spec:
//
//	for k, v := range f { body }
//	->  { var _gnrfS1 = 1; f(func(k K, v V) bool { <check>; _gnrfS1 = 2; { body' }; _gnrfS1 = 1; return true }); <after> }
//
// The loop variables are the parameters, fresh for each call. In body',
// continue returns true; break returns false; a return stores its values
// in temporaries of the enclosing function, records an exit code and
// returns false, and the code after the call returns them; break,
// continue and goto naming a statement outside the loop do the same with
// a code per target, which the code after the call (or after an inner
// loop's call, for nested loops) acts on. The state variable implements
// Go's run-time checks: an iterator calling yield after it returned
// false, after the loop ended, or after the body panicked, or recovering
// a panic of the body, panics with Go's own runtime error (made by the
// compiled helper RangeFuncPanic, which provokes it in compiled code).
//
// iter.Seq[V] and iter.Seq2[K, V] are written as their function types
// (an import of iter is recorded in the session for go/types only,
// fix_imports.go);
// iter.Pull and Pull2 call Go's iter.Pull in compiled code (_gnrt.Pull)
// over a sequence without values: the interpreted yield stores its values
// in variables that next reads (yaegi dereferences nil boxing a nil
// interface value for compiled code). The literal and the results are
// typed variables: go/types, which does not know _gnrt, would not check
// what touches the call, and mono would leave type parameters there. The iterator
// functions (slices.All, Values, Backward, Collect, Sorted..., maps.All,
// Keys, Values, Insert, Collect, strings and bytes Lines, SplitSeq,
// SplitAfterSeq, FieldsSeq, FieldsFuncSeq) are replaced by function
// literals with Go's documented behaviour, typed from go/types, so that
// the generic code is interpreted.
//
// Refused with an error: defer directly in the body of a range-over-func
// loop (Go defers it to the enclosing function's return, which the
// lowered body, a function literal, cannot do), goto to the label of such
// a loop, and a range over a value of type parameter type.

// rfLoop is one range-over-func loop.
type rfLoop struct {
	rs     *ast.RangeStmt
	id     int
	start  int // offset of the statement, with its label
	label  string
	outer  *rfLoop // the enclosing range-over-func loop of the same function
	root   *rfLoop
	fn     *rfFunc
	labels map[string]bool // labels defined in the body (not in function literals)
	exits  map[int]bool
	after  []string // dispatch after the call, in order
	needC  bool     // root: some loop of the nest exits by code
	needR  bool     // root: some return stores values
	needD  bool     // root: some body defers a call
}

// rfFunc is a function holding range-over-func loops.
type rfFunc struct {
	results  *types.Tuple
	rfLabels map[string]bool // labels of its range-over-func loops
}

type rfEdit struct {
	start, end int
	gen        func(out *mappedText)
}

// rfCtx is where the walk is: the innermost range-over-func loop of the
// function, and the loops/switches entered inside its body.
type rfCtx struct {
	loop       *rfLoop
	fn         *rfFunc
	loopDepth  int // for loops inside loop's body
	breakDepth int // for loops, switches and selects inside loop's body
}

type rfLower struct {
	p      *prep
	info   *types.Info
	src    string
	edits  []rfEdit
	loops  int
	codes  map[string]int
	failed bool
	any    bool // something lowered
}

// lowerRangeFuncs is the pass "rangefunc".
func lowerRangeFuncs(p *prep) {
	if p.pc.smap != nil || p.orig != nil {
		return // a lowered or specialized text: nothing left
	}
	ct := p.cellTypes()
	l := &rfLower{p: p, info: ct.info, src: p.pc.src, codes: map[string]int{}}
	for _, d := range p.pc.decls.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			l.walk(d, rfCtx{})
			continue
		}
		l.walk(fd.Type, rfCtx{})
		if fd.Recv != nil {
			l.walk(fd.Recv, rfCtx{})
		}
		if fd.Body != nil {
			var res *types.Tuple
			if fn, ok := l.info.Defs[fd.Name].(*types.Func); ok {
				res = fn.Type().(*types.Signature).Results()
			}
			l.walkFunc(fd.Body, res)
		}
	}
	l.walkFunc(p.pc.stmts.Body, nil)
	if l.failed || !l.any {
		return
	}
	sort.SliceStable(l.edits, func(i, j int) bool {
		a, b := l.edits[i], l.edits[j]
		if a.start != b.start {
			return a.start < b.start
		}
		return a.end > b.end
	})
	out := &mappedText{}
	l.emit(out, 0, len(l.src))
	p.lowered = &monoResult{text: out.String(), smap: out.sourceMap()}
}

func (l *rfLower) fail(pos token.Pos, msg string) {
	if !l.failed {
		l.failed = true
		l.p.fail(pos, msg)
	}
}

func (l *rfLower) add(start, end int, gen func(out *mappedText)) {
	l.any = true
	l.edits = append(l.edits, rfEdit{start: start, end: end, gen: gen})
}

// emit copies the cell's [from, to) into out with the edits inside it.
func (l *rfLower) emit(out *mappedText, from, to int) {
	pos := from
	for _, e := range l.edits {
		if e.start < pos || e.start < from || e.end > to {
			continue
		}
		out.copy(0, l.src, pos, e.start)
		e.gen(out)
		pos = e.end
	}
	out.copy(0, l.src, pos, to)
}

func (l *rfLower) emitNode(out *mappedText, n ast.Node) {
	l.emit(out, l.p.off(n.Pos()), l.p.off(n.End()))
}

// text returns the cell's [from, to) with the edits inside it.
func (l *rfLower) synth(out *mappedText, at int, s string) { out.synth(0, l.src, at, s) }

func (l *rfLower) walkFunc(body *ast.BlockStmt, results *types.Tuple) {
	fn := &rfFunc{results: results, rfLabels: map[string]bool{}}
	inspectFunc(body, func(n ast.Node) {
		if ls, ok := n.(*ast.LabeledStmt); ok {
			if rs, ok := ls.Stmt.(*ast.RangeStmt); ok && l.isFuncRange(rs) {
				fn.rfLabels[ls.Label.Name] = true
			}
		}
	})
	l.walk(body, rfCtx{fn: fn})
}

// inspectFunc visits the nodes of body, not entering function literals.
func inspectFunc(body ast.Node, f func(ast.Node)) {
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		f(n)
		return true
	})
}

func (l *rfLower) isFuncRange(rs *ast.RangeStmt) bool {
	tv, ok := l.info.Types[rs.X]
	if !ok || tv.Type == nil {
		return false
	}
	_, ok = tv.Type.Underlying().(*types.Signature)
	return ok
}

func (l *rfLower) walk(n ast.Node, c rfCtx) {
	if n == nil || reflect.ValueOf(n).IsNil() {
		return
	}
	ast.Inspect(n, func(m ast.Node) bool {
		if l.failed || m == nil {
			return false
		}
		if m == n {
			if _, ok := m.(*ast.BlockStmt); ok {
				return true
			}
		}
		switch m := m.(type) {
		case *ast.FuncLit:
			l.walk(m.Type, c)
			var res *types.Tuple
			if sig, ok := l.info.Types[m].Type.(*types.Signature); ok {
				res = sig.Results()
			}
			l.walkFunc(m.Body, res)
			return false
		case *ast.LabeledStmt:
			if rs, ok := m.Stmt.(*ast.RangeStmt); ok && l.isFuncRange(rs) {
				l.loop(rs, m.Label.Name, l.p.off(m.Pos()), c)
				return false
			}
		case *ast.RangeStmt:
			if l.isFuncRange(m) {
				l.loop(m, "", l.p.off(m.Pos()), c)
				return false
			}
			if _, ok := l.info.Types[m.X].Type.(*types.TypeParam); ok {
				if sig, ok := l.info.Types[m.X].Type.Underlying().(*types.Interface); ok && sig != nil && hasFuncTerm(sig) {
					l.fail(m.X.Pos(), "range over a value of type parameter type with a func core type is not supported by the gophernote interpreter")
					return false
				}
			}
			l.walk(m.Key, c)
			l.walk(m.Value, c)
			l.walk(m.X, c)
			l.walk(m.Body, c.nest(true))
			return false
		case *ast.ForStmt:
			l.walk(m.Init, c)
			l.walk(m.Cond, c)
			l.walk(m.Post, c)
			l.walk(m.Body, c.nest(true))
			return false
		case *ast.SwitchStmt:
			l.walk(m.Init, c)
			l.walk(m.Tag, c)
			l.walk(m.Body, c.nest(false))
			return false
		case *ast.TypeSwitchStmt:
			l.walk(m.Init, c)
			l.walk(m.Assign, c)
			l.walk(m.Body, c.nest(false))
			return false
		case *ast.SelectStmt:
			l.walk(m.Body, c.nest(false))
			return false
		case *ast.BranchStmt:
			l.branch(m, c)
			return false
		case *ast.ReturnStmt:
			if c.loop != nil {
				l.ret(m, c)
				return false
			}
		case *ast.DeferStmt:
			if c.loop != nil {
				l.deferStmt(m, c)
				return false
			}
		case *ast.CallExpr:
			if l.call(m, c) {
				for _, a := range m.Args {
					l.walk(a, c)
				}
				return false
			}
		case *ast.IndexExpr:
			if l.iterType(m, m.X, []ast.Expr{m.Index}, c) {
				return false
			}
		case *ast.IndexListExpr:
			if l.iterType(m, m.X, m.Indices, c) {
				return false
			}
		case *ast.SelectorExpr:
			if id, ok := m.X.(*ast.Ident); ok && l.p.isPkg(id, "iter") {
				l.fail(m.Pos(), "iter."+m.Sel.Name+" is not supported by the gophernote interpreter here: use iter.Seq[V], iter.Seq2[K, V], and call iter.Pull or iter.Pull2")
				return false
			}
		}
		return true
	})
}

// hasFuncTerm reports whether a constraint has a func type in its type set.
func hasFuncTerm(it *types.Interface) bool {
	for i := 0; i < it.NumEmbeddeds(); i++ {
		if u, ok := it.EmbeddedType(i).(*types.Union); ok {
			for j := 0; j < u.Len(); j++ {
				if _, ok := u.Term(j).Type().Underlying().(*types.Signature); ok {
					return true
				}
			}
		} else if _, ok := it.EmbeddedType(i).Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}

func (c rfCtx) nest(loop bool) rfCtx {
	c.breakDepth++
	if loop {
		c.loopDepth++
	}
	return c
}

// loop registers the lowering of one range-over-func loop.
func (l *rfLower) loop(rs *ast.RangeStmt, label string, start int, c rfCtx) {
	l.loops++
	L := &rfLoop{rs: rs, id: l.loops, start: start, label: label, outer: c.loop, fn: c.fn, labels: map[string]bool{}, exits: map[int]bool{}}
	L.root = L
	if c.loop != nil {
		L.root = c.loop.root
	}
	inspectFunc(rs.Body, func(n ast.Node) {
		if ls, ok := n.(*ast.LabeledStmt); ok {
			L.labels[ls.Label.Name] = true
		}
	})
	l.walk(rs.X, c)
	if rs.Tok == token.ASSIGN {
		l.walk(rs.Key, c)
		l.walk(rs.Value, c)
	}
	l.walk(rs.Body, rfCtx{loop: L, fn: c.fn})
	sig := l.info.Types[rs.X].Type.Underlying().(*types.Signature)
	if sig.Params().Len() != 1 {
		l.fail(rs.X.Pos(), "range over this func is not supported")
		return
	}
	ysig, ok := sig.Params().At(0).Type().Underlying().(*types.Signature)
	if !ok {
		l.fail(rs.X.Pos(), "range over this func is not supported")
		return
	}
	var ptypes []string
	for i := 0; i < ysig.Params().Len(); i++ {
		ptypes = append(ptypes, l.spell(ysig.Params().At(i).Type(), rs.X.Pos()))
	}
	l.add(start, l.p.off(rs.End()), func(out *mappedText) { l.genLoop(out, L, ptypes) })
}

func (l *rfLower) genLoop(out *mappedText, L *rfLoop, ptypes []string) {
	at := L.start
	rs := L.rs
	s := "_gnrfS" + strconv.Itoa(L.id)
	head := "{ "
	if L.root == L {
		if L.needC {
			head += "var _gnrfC int; "
		}
		if L.needD {
			head += "var _gnrfD []func(); defer func() { var _gnrfRun func(); _gnrfRun = func() { if len(_gnrfD) == 0 { return }; _gnrfF := _gnrfD[len(_gnrfD)-1]; _gnrfD = _gnrfD[:len(_gnrfD)-1]; defer _gnrfRun(); _gnrfF() }; _gnrfRun() }(); "
		}
		if L.needR && L.fn != nil && L.fn.results != nil {
			for i := 0; i < L.fn.results.Len(); i++ {
				head += fmt.Sprintf("var _gnrfR%d %s; ", i, l.spell(L.fn.results.At(i).Type(), rs.Pos()))
			}
		}
	}
	head += "var " + s + " = 1; "
	l.synth(out, at, head)
	l.emitNode(out, rs.X)
	// The parameters: the loop's variables when it defines them.
	vars := []ast.Expr{rs.Key, rs.Value}
	var params []string
	var assign []int
	for i, t := range ptypes {
		name := "_"
		if i < 2 && vars[i] != nil {
			if rs.Tok == token.DEFINE {
				name = vars[i].(*ast.Ident).Name
			} else if id, ok := vars[i].(*ast.Ident); !ok || id.Name != "_" {
				name = "_gnrfP" + strconv.Itoa(i)
				assign = append(assign, i)
			}
		}
		params = append(params, name+" "+t)
	}
	l.synth(out, at, "(func("+strings.Join(params, ", ")+") bool { if "+s+" != 1 { "+rtName+".RangeFuncPanic("+s+") }; "+s+" = 2; ")
	if len(assign) > 0 {
		for k, i := range assign {
			if k > 0 {
				l.synth(out, at, ", ")
			}
			l.emitNode(out, vars[i])
		}
		var rhs []string
		for _, i := range assign {
			rhs = append(rhs, "_gnrfP"+strconv.Itoa(i))
		}
		l.synth(out, at, " = "+strings.Join(rhs, ", ")+"; ")
	}
	l.emit(out, l.p.off(rs.Body.Lbrace), l.p.off(rs.Body.Rbrace)+1)
	l.synth(out, at, "; "+s+" = 1; return true }); if "+s+" == 2 { "+rtName+".RangeFuncPanic(4) }; "+s+" = 3")
	for _, a := range L.after {
		l.synth(out, at, "; "+a)
	}
	l.synth(out, at, " }")
}

// code returns the exit code of a branch to label.
func (l *rfLower) code(tok token.Token, label string) int {
	k := tok.String() + " " + label
	if c, ok := l.codes[k]; ok {
		return c
	}
	c := len(l.codes) + 1
	l.codes[k] = c
	return c
}

func (l *rfLower) replace(n ast.Node, s string) {
	at := l.p.off(n.Pos())
	l.add(at, l.p.off(n.End()), func(out *mappedText) { l.synth(out, at, s) })
}

func sVar(L *rfLoop) string { return "_gnrfS" + strconv.Itoa(L.id) }

func (l *rfLower) branch(b *ast.BranchStmt, c rfCtx) {
	label := ""
	if b.Label != nil {
		label = b.Label.Name
	}
	if b.Tok == token.GOTO && c.fn != nil && c.fn.rfLabels[label] && (c.loop == nil || !c.loop.labels[label]) {
		l.fail(b.Pos(), "goto to the label of a range-over-func loop is not supported by the gophernote interpreter")
		return
	}
	L := c.loop
	if L == nil || b.Tok == token.FALLTHROUGH {
		return
	}
	switch {
	case b.Tok == token.BREAK && label == "" && c.breakDepth > 0,
		b.Tok == token.CONTINUE && label == "" && c.loopDepth > 0,
		label != "" && L.labels[label]:
		return // a statement inside the body
	case b.Tok == token.BREAK && (label == "" || label == L.label):
		l.replace(b, "{ "+sVar(L)+" = 0; return false }")
	case b.Tok == token.CONTINUE && (label == "" || label == L.label):
		l.replace(b, "{ "+sVar(L)+" = 1; return true }")
	default:
		k := l.code(b.Tok, label)
		l.replace(b, "{ _gnrfC = "+strconv.Itoa(k)+"; "+sVar(L)+" = 0; return false }")
		l.exit(L, k, b.Tok, label)
	}
}

// exit records that L's body can leave with code k (a branch tok to
// label, or a return for k < 0), and what the code after L's call does.
func (l *rfLower) exit(L *rfLoop, k int, tok token.Token, label string) {
	if L.exits[k] {
		return
	}
	L.exits[k] = true
	L.root.needC = true
	cond := "if _gnrfC == " + strconv.Itoa(k) + " { "
	M := L.outer
	if M == nil {
		switch {
		case k == -1:
			var rs []string
			for i := 0; i < L.fn.results.Len(); i++ {
				rs = append(rs, "_gnrfR"+strconv.Itoa(i))
			}
			L.after = append(L.after, cond+"return "+strings.Join(rs, ", ")+" }")
		case k == -2:
			L.after = append(L.after, cond+"return }")
		default:
			L.after = append(L.after, cond+tok.String()+" "+label+" }")
		}
		return
	}
	switch {
	case k > 0 && tok == token.CONTINUE && label == M.label:
		L.after = append(L.after, cond+"_gnrfC = 0; "+sVar(M)+" = 1; return true }")
	case k > 0 && tok == token.BREAK && label == M.label:
		L.after = append(L.after, cond+"_gnrfC = 0; "+sVar(M)+" = 0; return false }")
	case k > 0 && M.labels[label]:
		L.after = append(L.after, cond+"_gnrfC = 0; "+tok.String()+" "+label+" }")
	default:
		L.after = append(L.after, cond+sVar(M)+" = 0; return false }")
		l.exit(M, k, tok, label)
	}
}

func (l *rfLower) ret(r *ast.ReturnStmt, c rfCtx) {
	L := c.loop
	for _, e := range r.Results {
		l.walk(e, c)
	}
	if len(r.Results) == 0 {
		l.replace(r, "{ _gnrfC = -2; "+sVar(L)+" = 0; return false }")
		l.exit(L, -2, token.RETURN, "")
		return
	}
	L.root.needR = true
	at := l.p.off(r.Pos())
	l.add(at, l.p.off(r.End()), func(out *mappedText) {
		var rs []string
		for i := 0; i < c.fn.results.Len(); i++ {
			rs = append(rs, "_gnrfR"+strconv.Itoa(i))
		}
		l.synth(out, at, "{ "+strings.Join(rs, ", ")+" = ")
		for i, e := range r.Results {
			if i > 0 {
				l.synth(out, at, ", ")
			}
			l.emitNode(out, e)
		}
		l.synth(out, at, "; _gnrfC = -1; "+sVar(L)+" = 0; return false }")
	})
	l.exit(L, -1, token.RETURN, "")
}

// deferStmt defers a call of a loop body to the enclosing function: the
// root loop keeps a list of calls, run (last first, each even when a
// later one panics) when the function returns. The function value and
// arguments are evaluated at the defer, as Go does.
func (l *rfLower) deferStmt(d *ast.DeferStmt, c rfCtx) {
	call := d.Call
	refuse := func(why string) {
		l.fail(d.Pos(), "defer of "+why+" in the body of a range-over-func loop (Go 1.23 iterators) is not supported by the gophernote interpreter: move it into a function literal called in the body")
	}
	usesRecover := false
	ast.Inspect(call, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "recover" {
			if _, ok := l.info.Uses[id].(*types.Builtin); ok {
				usesRecover = true
			}
		}
		return true
	})
	if usesRecover {
		refuse("a function calling recover")
		return
	}
	tv := l.info.Types[call.Fun]
	sig, ok := tv.Type.(*types.Signature)
	if tv.IsBuiltin() || tv.IsType() || !ok {
		refuse("a built-in function or a conversion")
		return
	}
	if len(call.Args) == 1 && sig.Params().Len() > 1 {
		refuse("a call with a multi-valued argument")
		return
	}
	l.walk(call, c)
	L := c.loop
	L.root.needD = true
	at := l.p.off(d.Pos())
	var params, args []string
	params = append(params, "_gnrff "+l.spell(sig, d.Pos()))
	n := sig.Params().Len()
	for i := range call.Args {
		var t types.Type
		switch {
		case sig.Variadic() && i >= n-1 && call.Ellipsis.IsValid():
			t = sig.Params().At(n - 1).Type()
		case sig.Variadic() && i >= n-1:
			t = sig.Params().At(n - 1).Type().(*types.Slice).Elem()
		default:
			t = sig.Params().At(i).Type()
		}
		name := "_gnrfa" + strconv.Itoa(i)
		params = append(params, name+" "+l.spell(t, d.Pos()))
		args = append(args, name)
	}
	tail := ")"
	if call.Ellipsis.IsValid() {
		tail = "...)"
	}
	l.add(at, l.p.off(d.End()), func(out *mappedText) {
		l.synth(out, at, "_gnrfD = append(_gnrfD, (func("+strings.Join(params, ", ")+") func() { return func() { _gnrff("+strings.Join(args, ", ")+tail+" } })(")
		l.emitNode(out, call.Fun)
		for _, a := range call.Args {
			l.synth(out, at, ", ")
			l.emitNode(out, a)
		}
		l.synth(out, at, "))")
	})
}

// iterType writes iter.Seq[V] and iter.Seq2[K, V] as their func types.
func (l *rfLower) iterType(n, x ast.Expr, args []ast.Expr, c rfCtx) bool {
	sel, ok := x.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok || !l.p.isPkg(id, "iter") || (sel.Sel.Name != "Seq" && sel.Sel.Name != "Seq2") {
		return false
	}
	for _, a := range args {
		l.walk(a, c)
	}
	at := l.p.off(n.Pos())
	l.add(at, l.p.off(n.End()), func(out *mappedText) {
		l.synth(out, at, "func(yield func(")
		for i, a := range args {
			if i > 0 {
				l.synth(out, at, ", ")
			}
			l.emitNode(out, a)
		}
		l.synth(out, at, ") bool)")
	})
	return true
}

// iterFuncs are the templates of the iterator functions: $K, $V, $E, $S
// are types, $P the package's name in the cell.
var iterFuncs = map[string]string{
	"slices.All":              `(func(_gnrfs []$V) func(yield func(int, $V) bool) { return func(yield func(int, $V) bool) { for _gnrfi, _gnrfv := range _gnrfs { if !yield(_gnrfi, _gnrfv) { return } } } })`,
	"slices.Values":           `(func(_gnrfs []$V) func(yield func($V) bool) { return func(yield func($V) bool) { for _, _gnrfv := range _gnrfs { if !yield(_gnrfv) { return } } } })`,
	"slices.Backward":         `(func(_gnrfs []$V) func(yield func(int, $V) bool) { return func(yield func(int, $V) bool) { for _gnrfi := len(_gnrfs) - 1; _gnrfi >= 0; _gnrfi-- { if !yield(_gnrfi, _gnrfs[_gnrfi]) { return } } } })`,
	"slices.Chunk":            `(func(_gnrfs $S, _gnrfn int) func(yield func($S) bool) { if _gnrfn < 1 { panic("cannot be less than 1") }; return func(yield func($S) bool) { for _gnrfi := 0; _gnrfi < len(_gnrfs); _gnrfi += _gnrfn { _gnrfe := len(_gnrfs[_gnrfi:]); if _gnrfn < _gnrfe { _gnrfe = _gnrfn }; if !yield(_gnrfs[_gnrfi : _gnrfi+_gnrfe : _gnrfi+_gnrfe]) { return } } } })`,
	"slices.Collect":          `(func(_gnrfq func(func($E) bool)) []$E { var _gnrfr []$E; _gnrfq(func(_gnrfv $E) bool { _gnrfr = append(_gnrfr, _gnrfv); return true }); return _gnrfr })`,
	"slices.Sorted":           `(func(_gnrfq func(func($E) bool)) []$E { var _gnrfr []$E; _gnrfq(func(_gnrfv $E) bool { _gnrfr = append(_gnrfr, _gnrfv); return true }); $P.Sort(_gnrfr); return _gnrfr })`,
	"slices.SortedFunc":       `(func(_gnrfq func(func($E) bool), _gnrfc func($E, $E) int) []$E { var _gnrfr []$E; _gnrfq(func(_gnrfv $E) bool { _gnrfr = append(_gnrfr, _gnrfv); return true }); $P.SortFunc(_gnrfr, _gnrfc); return _gnrfr })`,
	"slices.SortedStableFunc": `(func(_gnrfq func(func($E) bool), _gnrfc func($E, $E) int) []$E { var _gnrfr []$E; _gnrfq(func(_gnrfv $E) bool { _gnrfr = append(_gnrfr, _gnrfv); return true }); $P.SortStableFunc(_gnrfr, _gnrfc); return _gnrfr })`,
	"slices.AppendSeq":        `(func(_gnrfs $S, _gnrfq func(func($E) bool)) $S { _gnrfq(func(_gnrfv $E) bool { _gnrfs = append(_gnrfs, _gnrfv); return true }); return _gnrfs })`,
	"maps.All":                `(func(_gnrfm map[$K]$V) func(yield func($K, $V) bool) { return func(yield func($K, $V) bool) { for _gnrfk, _gnrfv := range _gnrfm { if !yield(_gnrfk, _gnrfv) { return } } } })`,
	"maps.Keys":               `(func(_gnrfm map[$K]$V) func(yield func($K) bool) { return func(yield func($K) bool) { for _gnrfk := range _gnrfm { if !yield(_gnrfk) { return } } } })`,
	"maps.Values":             `(func(_gnrfm map[$K]$V) func(yield func($V) bool) { return func(yield func($V) bool) { for _, _gnrfv := range _gnrfm { if !yield(_gnrfv) { return } } } })`,
	"maps.Insert":             `(func(_gnrfm map[$K]$V, _gnrfq func(func($K, $V) bool)) { _gnrfq(func(_gnrfk $K, _gnrfv $V) bool { _gnrfm[_gnrfk] = _gnrfv; return true }) })`,
	"maps.Collect":            `(func(_gnrfq func(func($K, $V) bool)) map[$K]$V { _gnrfr := make(map[$K]$V); _gnrfq(func(_gnrfk $K, _gnrfv $V) bool { _gnrfr[_gnrfk] = _gnrfv; return true }); return _gnrfr })`,
	"iter.Pull":               `(func(_gnrfq func(func($V) bool)) (func() ($V, bool), func()) { var _gnrfc $V; var _gnrfw func(func() bool) = func(_gnrfy func() bool) { _gnrfq(func(_gnrfv $V) bool { _gnrfc = _gnrfv; return _gnrfy() }) }; var _gnrfn func() bool; var _gnrfst func(); _gnrfn, _gnrfst = ` + rtName + `.Pull(_gnrfw); return func() ($V, bool) { var _gnrfz $V; if !_gnrfn() { return _gnrfz, false }; _gnrfv := _gnrfc; _gnrfc = _gnrfz; return _gnrfv, true }, _gnrfst })`,
	"iter.Pull2":              `(func(_gnrfq func(func($K, $V) bool)) (func() ($K, $V, bool), func()) { var _gnrfc $K; var _gnrfd $V; var _gnrfw func(func() bool) = func(_gnrfy func() bool) { _gnrfq(func(_gnrfk $K, _gnrfv $V) bool { _gnrfc, _gnrfd = _gnrfk, _gnrfv; return _gnrfy() }) }; var _gnrfn func() bool; var _gnrfst func(); _gnrfn, _gnrfst = ` + rtName + `.Pull(_gnrfw); return func() ($K, $V, bool) { var _gnrfa $K; var _gnrfz $V; if !_gnrfn() { return _gnrfa, _gnrfz, false }; _gnrfk, _gnrfv := _gnrfc, _gnrfd; _gnrfc, _gnrfd = _gnrfa, _gnrfz; return _gnrfk, _gnrfv, true }, _gnrfst })`,
	"strings.Lines":           `(func(_gnrfs string) func(yield func(string) bool) { return func(yield func(string) bool) { for len(_gnrfs) > 0 { var _gnrfl string; if _gnrfi := $P.IndexByte(_gnrfs, '\n'); _gnrfi >= 0 { _gnrfl, _gnrfs = _gnrfs[:_gnrfi+1], _gnrfs[_gnrfi+1:] } else { _gnrfl, _gnrfs = _gnrfs, "" }; if !yield(_gnrfl) { return } } } })`,
	"bytes.Lines":             `(func(_gnrfs []byte) func(yield func([]byte) bool) { return func(yield func([]byte) bool) { for len(_gnrfs) > 0 { var _gnrfl []byte; if _gnrfi := $P.IndexByte(_gnrfs, '\n'); _gnrfi >= 0 { _gnrfl, _gnrfs = _gnrfs[:_gnrfi+1], _gnrfs[_gnrfi+1:] } else { _gnrfl = _gnrfs; _gnrfs = nil }; if !yield(_gnrfl[:len(_gnrfl):len(_gnrfl)]) { return } } } })`,
	"strings.SplitSeq":        `(func(_gnrfs, _gnrfsep string) func(yield func(string) bool) { return func(yield func(string) bool) { ` + splitBody("0", false) + ` } })`,
	"strings.SplitAfterSeq":   `(func(_gnrfs, _gnrfsep string) func(yield func(string) bool) { return func(yield func(string) bool) { ` + splitBody("len(_gnrfsep)", false) + ` } })`,
	"bytes.SplitSeq":          `(func(_gnrfs, _gnrfsep []byte) func(yield func([]byte) bool) { return func(yield func([]byte) bool) { ` + splitBody("0", true) + ` } })`,
	"bytes.SplitAfterSeq":     `(func(_gnrfs, _gnrfsep []byte) func(yield func([]byte) bool) { return func(yield func([]byte) bool) { ` + splitBody("len(_gnrfsep)", true) + ` } })`,
	"strings.FieldsSeq":       `(func(_gnrfs string) func(yield func(string) bool) { return func(yield func(string) bool) { for _, _gnrff := range $P.Fields(_gnrfs) { if !yield(_gnrff) { return } } } })`,
	"bytes.FieldsSeq":         `(func(_gnrfs []byte) func(yield func([]byte) bool) { return func(yield func([]byte) bool) { for _, _gnrff := range $P.Fields(_gnrfs) { if !yield(_gnrff) { return } } } })`,
	"strings.FieldsFuncSeq":   `(func(_gnrfs string, _gnrff func(rune) bool) func(yield func(string) bool) { return func(yield func(string) bool) { _gnrfst := -1; for _gnrfi, _gnrfr := range _gnrfs { if _gnrff(_gnrfr) { if _gnrfst >= 0 { if !yield(_gnrfs[_gnrfst:_gnrfi]) { return }; _gnrfst = -1 } } else if _gnrfst < 0 { _gnrfst = _gnrfi } }; if _gnrfst >= 0 { yield(_gnrfs[_gnrfst:]) } } })`,
	"bytes.FieldsFuncSeq":     `(func(_gnrfs []byte, _gnrff func(rune) bool) func(yield func([]byte) bool) { return func(yield func([]byte) bool) { _gnrfst := -1; for _gnrfi, _gnrfr := range string(_gnrfs) { if _gnrff(_gnrfr) { if _gnrfst >= 0 { if !yield(_gnrfs[_gnrfst:_gnrfi:_gnrfi]) { return }; _gnrfst = -1 } } else if _gnrfst < 0 { _gnrfst = _gnrfi } }; if _gnrfst >= 0 { yield(_gnrfs[_gnrfst:len(_gnrfs):len(_gnrfs)]) } } })`,
}

// splitBody is the body of SplitSeq and SplitAfterSeq's iterator.
func splitBody(save string, bytes bool) string {
	first, frag, last := "_gnrfs[:_gnrfz]", "_gnrfs[:_gnrfi+"+save+"]", "_gnrfs"
	str := "_gnrfs"
	if bytes {
		first, frag, last = "_gnrfs[:_gnrfz:_gnrfz]", "_gnrfs[:_gnrfi+"+save+":_gnrfi+"+save+"]", "_gnrfs[:len(_gnrfs):len(_gnrfs)]"
		str = "string(_gnrfs)"
	}
	return `if len(_gnrfsep) == 0 { for len(_gnrfs) > 0 { _gnrfz := len(_gnrfs); for _gnrfj := range ` + str + ` { if _gnrfj > 0 { _gnrfz = _gnrfj; break } }; if !yield(` + first + `) { return }; _gnrfs = _gnrfs[_gnrfz:] }; return }; ` +
		`for { _gnrfi := $P.Index(_gnrfs, _gnrfsep); if _gnrfi < 0 { break }; if !yield(` + frag + `) { return }; _gnrfs = _gnrfs[_gnrfi+len(_gnrfsep):] }; yield(` + last + `)`
}

// call replaces a call of an iterator function by its template.
func (l *rfLower) call(call *ast.CallExpr, c rfCtx) bool {
	fun := call.Fun
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return false
	}
	var tmpl string
	for _, pkg := range []string{"slices", "maps", "strings", "bytes", "iter"} {
		if t, ok := iterFuncs[pkg+"."+sel.Sel.Name]; ok && l.p.isPkg(id, pkg) {
			tmpl = t
			break
		}
	}
	if tmpl == "" {
		return false
	}
	// The types: from the iterator the function makes (its result), or
	// takes (its last iterator argument).
	var seq types.Type
	if tv, ok := l.info.Types[call]; ok && tv.Type != nil {
		seq = tv.Type
	}
	name := sel.Sel.Name
	consumer := strings.HasPrefix(name, "Collect") || strings.HasPrefix(name, "Sorted") || name == "AppendSeq" || name == "Insert" || strings.HasPrefix(name, "Pull")
	if consumer {
		i := 0
		if name == "AppendSeq" || name == "Insert" {
			i = 1
		}
		if len(call.Args) <= i {
			return false
		}
		seq = l.info.Types[call.Args[i]].Type
	}
	if seq == nil {
		l.fail(call.Pos(), "the engine cannot type this call of "+id.Name+"."+name)
		return true
	}
	ys := yieldParams(seq)
	if ys == nil {
		l.fail(call.Pos(), "the engine cannot type this call of "+id.Name+"."+name)
		return true
	}
	rep := []string{"$P", id.Name}
	switch len(ys) {
	case 1:
		t := l.spell(ys[0], call.Pos())
		rep = append(rep, "$V", t, "$E", t, "$K", t, "$S", t)
	case 2:
		rep = append(rep, "$K", l.spell(ys[0], call.Pos()), "$V", l.spell(ys[1], call.Pos()))
	}
	if name == "AppendSeq" {
		rep = append([]string{"$S", l.spell(l.info.Types[call].Type, call.Pos())}, rep...)
	}
	if l.p.isPkg(id, "maps") && (name == "All" || name == "Keys" || name == "Values") {
		m, ok := l.info.Types[call.Args[0]].Type.Underlying().(*types.Map)
		if !ok {
			l.fail(call.Pos(), "the engine cannot type this call of "+id.Name+"."+name+" (over a type parameter)")
			return true
		}
		rep = []string{"$P", id.Name, "$K", l.spell(m.Key(), call.Pos()), "$V", l.spell(m.Elem(), call.Pos())}
	}
	text := strings.NewReplacer(rep...).Replace(tmpl)
	at := l.p.off(call.Fun.Pos())
	l.add(at, l.p.off(call.Fun.End()), func(out *mappedText) { l.synth(out, at, text) })
	return true
}

// yieldParams returns the types yield takes for an iterator type.
func yieldParams(t types.Type) []types.Type {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Params().Len() != 1 {
		return nil
	}
	ys, ok := sig.Params().At(0).Type().Underlying().(*types.Signature)
	if !ok {
		return nil
	}
	var out []types.Type
	for i := 0; i < ys.Params().Len(); i++ {
		out = append(out, ys.Params().At(i).Type())
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// spell writes type t as source of the cell: iter's types as their func
// types, packages by the names the cell knows them by.
func (l *rfLower) spell(t types.Type, pos token.Pos) string {
	q := func(pkg *types.Package) string {
		if pkg == nil || pkg.Path() == "main" || pkg.Name() == "main" {
			return ""
		}
		for name, path := range l.p.scope.imports {
			if path == pkg.Path() {
				return name
			}
		}
		for name, path := range l.p.e.importNames {
			if path == pkg.Path() {
				return name
			}
		}
		l.fail(pos, "the engine cannot name the type "+types.TypeString(t, nil)+" here (its package "+pkg.Path()+" is not imported): import it")
		return pkg.Name()
	}
	var sp func(t types.Type) string
	sp = func(t types.Type) string {
		switch t := t.(type) {
		case *types.Named:
			if obj := t.Obj(); obj.Pkg() != nil && obj.Pkg().Path() == "iter" {
				return sp(t.Underlying())
			}
			if t.TypeArgs().Len() == 0 {
				return types.TypeString(t, q)
			}
			name := t.Obj().Name()
			if p := q(t.Obj().Pkg()); p != "" {
				name = p + "." + name
			}
			var args []string
			for i := 0; i < t.TypeArgs().Len(); i++ {
				args = append(args, sp(t.TypeArgs().At(i)))
			}
			return name + "[" + strings.Join(args, ", ") + "]"
		case *types.Pointer:
			return "*" + sp(t.Elem())
		case *types.Slice:
			return "[]" + sp(t.Elem())
		case *types.Array:
			return "[" + strconv.FormatInt(t.Len(), 10) + "]" + sp(t.Elem())
		case *types.Map:
			return "map[" + sp(t.Key()) + "]" + sp(t.Elem())
		case *types.Chan:
			switch t.Dir() {
			case types.SendOnly:
				return "chan<- " + sp(t.Elem())
			case types.RecvOnly:
				return "<-chan " + sp(t.Elem())
			}
			if c, ok := t.Elem().(*types.Chan); ok && c.Dir() == types.RecvOnly {
				return "chan (" + sp(t.Elem()) + ")"
			}
			return "chan " + sp(t.Elem())
		case *types.Signature:
			var ps []string
			for i := 0; i < t.Params().Len(); i++ {
				s := sp(t.Params().At(i).Type())
				if t.Variadic() && i == t.Params().Len()-1 {
					s = "..." + sp(t.Params().At(i).Type().(*types.Slice).Elem())
				}
				ps = append(ps, s)
			}
			s := "func(" + strings.Join(ps, ", ") + ")"
			switch t.Results().Len() {
			case 0:
			case 1:
				s += " " + sp(t.Results().At(0).Type())
			default:
				var rs []string
				for i := 0; i < t.Results().Len(); i++ {
					rs = append(rs, sp(t.Results().At(i).Type()))
				}
				s += " (" + strings.Join(rs, ", ") + ")"
			}
			return s
		}
		return types.TypeString(t, q)
	}
	return sp(t)
}

// The compiled helpers: Go's iter.Pull, and Go's run-time errors of
// range-over-func loops, provoked in compiled code.
func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		return map[string]reflect.Value{
			"Pull":           reflect.ValueOf(rtPull),
			"RangeFuncPanic": reflect.ValueOf(rtRangeFuncPanic),
		}
	})
}

// rtPull is Go's iter.Pull over a sequence without values: the lowered
// code keeps the values in interpreted variables (fix_rangefunc.go).
func rtPull(seq func(func() bool)) (func() bool, func()) {
	next, stop := iter.Pull(func(yield func(struct{}) bool) { seq(func() bool { return yield(struct{}{}) }) })
	return func() bool { _, ok := next(); return ok }, stop
}

// rtRangeFuncPanic panics with Go's runtime error for a range-over-func
// loop's state (internal/abi's RF_ states): 0, the body had returned
// false; 2, the body had panicked; 3, the loop had ended; 4, the iterator
// recovered the body's panic.
func rtRangeFuncPanic(state int) {
	switch state {
	case 0:
		for range func(yield func() bool) { yield(); yield() } {
			break
		}
	case 2:
		for range func(yield func() bool) {
			defer func() { recover(); yield() }()
			yield()
		} {
			panic(0)
		}
	case 3:
		var again func() bool
		for range func(yield func() bool) { again = yield } {
		}
		again()
	case 4:
		for range func(yield func() bool) {
			defer func() { recover() }()
			yield()
		} {
			panic(0)
		}
	}
	panic(fmt.Sprintf("engine: range-over-func state %d", state))
}
