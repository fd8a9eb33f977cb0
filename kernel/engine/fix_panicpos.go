package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Workaround: the position of a panic inside an interpreted function.
//
// yaegi recovers a panic in every interpreted frame (interp/run.go,
// runCfg) and prints "L:C: panic: main.f(...)" with the position of the
// frame's start node — the first statement of the function — whatever
// statement panicked: runCfg's deferred function passes its own exec
// variable, which the loop below shadows and so is always nil, to
// originalExecNode. A panic in strings.Repeat on line 4 of f is then
// reported at f's line 2 (traefik/yaegi#1266, open: the shadowing undid
// the fix of #546; even unshadowed, matching exec functions by code
// pointer cannot tell two nodes of the same kind apart).
//
// So the engine records the position itself. Before each statement of a
// function body (and of a top-level compound statement, which runs in a
// function literal, fix_compound.go) that may panic, the pass
// "panicpos" writes the statement's position into Track.Pos (through a
// pointer in the rt package), and registers the position with the function it belongs to.
// When a cell panics, the innermost interpreted frame yaegi printed names
// the function (its start node lies in exactly one registered function
// body, the innermost); the recorded position is claimed only when it
// belongs to that same function and nothing else may have written it
// since the panicking statement began:
//
//   - no goroutine of a cell ran during the cell (Track.Pos is one variable);
//   - the function cannot recurse (the inner call's last statement would
//     be recorded when the outer one then panics) and has no deferred
//     call of compiled code that may panic after its last statement ran;
//   - the statement's parts that may panic lie on one line (a switch's
//     cases, an else-if chain or a multi-line call could panic on another
//     line), and, inside a loop whose condition or post statement may
//     panic, never (the body's last statement would be recorded).
//
// Otherwise the error names the function instead of claiming a line
// ("[in main.f]"), unless the function's body is on one line (and
// defers nothing): then its first statement's position gives the line. The other
// interpreted frames of the traceback follow the same last rule: a
// caller's frame shows its position only when its body is on one line.
// Deferred function literals record nothing (they run while a panic
// unwinds): a panic inside one is reported by the function's name (or
// its one line). A recover() in a cell forgets the frames of the panic it recovered
// (fix_panics.go), so a later panic is not reported in them.
//
// panic(X) where X has a call records its position after X is evaluated
// ({ _gnpv := X; *_gnrt.Pos = P; panic(_gnpv) }): X may call a String or
// Error method or another function of the cell.
//
// A statement that may panic is one with a call (other than a builtin
// that cannot panic, or a conversion to a non-array type), an index or
// slice expression, a dereference or a selector (a field through a nil
// pointer), a type assertion, a division, remainder or shift, or a send.
// The write costs one interpreted assignment per such statement
// executed; the BENCH panicpos line measures it.

// posVar is what the pass assigns cell*blkCell + line*atScale + column
// of the statement running now to: Track.Pos, through a pointer in the
// rt package (see atVar).
const posVar = "*" + rtName + ".Pos"

// panicPositions is the engine's registry of the positions the pass wrote
// and of the functions they belong to, with the goroutine counts that
// tell whether Track.Pos may have been written by another goroutine.
type panicPositions struct {
	mu  sync.Mutex
	fns []posFunc       // registered function bodies
	at  map[int]posStmt // by encoded position

	off  bool         // no marks (BenchmarkPanicPos's baseline)
	live atomic.Int64 // goroutines started by cells, still running
	ran  atomic.Int64 // goroutines that ran during the current cell
}

// posFunc is a function body (or top-level compound statement) of a cell:
// from..to are encoded positions (cell, line, column) of its extent.
type posFunc struct {
	from, to int
	oneLine  int // encoded position of its first statement when the body is on one line, else 0
}

// posStmt is a registered statement position.
type posStmt struct {
	fn    int  // index in fns
	exact bool // the position may be claimed (see the rules above)
}

func newPanicPositions() *panicPositions {
	return &panicPositions{at: map[int]posStmt{}}
}

func encodePos(cellN, line, col int) int { return cellN*blkCell + line*atScale + col }

func decodePos(n int) (cellN, line, col int) {
	rest := n % blkCell
	return n / blkCell, rest / atScale, rest % atScale
}

func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		return map[string]reflect.Value{
			"GoStart": reflect.ValueOf(e.panicPos.goStart),
			"GoEnd":   reflect.ValueOf(e.panicPos.goEnd),
		}
	})
}

func (pp *panicPositions) goStart() { pp.live.Add(1); pp.ran.Add(1) }
func (pp *panicPositions) goEnd()   { pp.live.Add(-1) }

// beginCell starts the goroutine count of a cell with those still alive.
func (pp *panicPositions) beginCell() { pp.ran.Store(pp.live.Load()) }

// funcAt returns the innermost registered function whose extent holds the
// encoded position n, or -1.
func (pp *panicPositions) funcAt(n int) int {
	best := -1
	for i, f := range pp.fns {
		if f.from <= n && n <= f.to && (best < 0 || f.from >= pp.fns[best].from) {
			best = i
		}
	}
	return best
}

// frameAt returns the position to claim for an interpreted frame whose
// start node is at the encoded position start: the recorded statement
// when innermost is set and the rules allow it, the only statement of a
// one-line body, else 0 (name the function only).
func (pp *panicPositions) frameAt(start, recorded int, innermost, concurrent bool) int {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	fi := pp.funcAt(start)
	if fi < 0 {
		return 0
	}
	if innermost && !concurrent {
		if s, ok := pp.at[recorded]; ok && s.fn == fi && s.exact {
			return recorded
		}
	}
	return pp.fns[fi].oneLine
}

// markPanicPositions is the pass "panicpos".
func markPanicPositions(p *prep) {
	pp := p.e.panicPos
	if pp.off {
		return
	}
	ct := p.cellTypes()
	enc := p.encPos
	line := func(pos token.Pos) int {
		l, _ := p.pos(pos)
		return l
	}
	// Deferred function literals record nothing: they run while a panic
	// unwinds, and would overwrite the panicking statement's position.
	deferred := map[*ast.BlockStmt]bool{}
	quiet := map[int]bool{} // functions whose statements are not marked
	mark := func(n ast.Node) {
		ast.Inspect(n, func(m ast.Node) bool {
			if d, ok := m.(*ast.DeferStmt); ok {
				if fl, ok := d.Call.Fun.(*ast.FuncLit); ok {
					deferred[fl.Body] = true
				}
			}
			return true
		})
	}
	mark(p.pc.decls)
	mark(p.pc.stmts)
	var fnBody func(from, to token.Pos, list []ast.Stmt, unsure bool)
	quietLits := func(n ast.Node) {
		ast.Inspect(n, func(m ast.Node) bool {
			if fl, ok := m.(*ast.FuncLit); ok {
				pp.mu.Lock()
				quiet[len(pp.fns)] = true
				pp.mu.Unlock()
				fnBody(fl.Body.Lbrace, fl.Body.Rbrace, fl.Body.List, false)
				return false
			}
			return true
		})
	}
	litBody := func(fl *ast.FuncLit) {
		pp.mu.Lock()
		next := len(pp.fns)
		pp.mu.Unlock()
		if deferred[fl.Body] {
			quiet[next] = true
		}
		fnBody(fl.Body.Lbrace, fl.Body.Rbrace, fl.Body.List, false)
	}
	// stmts registers and marks the statements of list, in function fi.
	var stmts func(fi int, list []ast.Stmt, unsure bool)
	// lits handles the function literals inside n (not inside nested blocks).
	lits := func(n ast.Node) {
		ast.Inspect(n, func(m ast.Node) bool {
			if fl, ok := m.(*ast.FuncLit); ok {
				litBody(fl)
				return false
			}
			return true
		})
	}
	stmts = func(fi int, list []ast.Stmt, unsure bool) {
		for _, s := range list {
			switch c := s.(type) {
			case *ast.CaseClause:
				for _, x := range c.List {
					lits(x)
				}
				stmts(fi, c.Body, unsure)
				continue
			case *ast.CommClause:
				if c.Comm != nil {
					lits(c.Comm)
				}
				stmts(fi, c.Body, unsure)
				continue
			}
			inner := s
			for {
				l, ok := inner.(*ast.LabeledStmt)
				if !ok {
					break
				}
				inner = l.Stmt
			}
			nodes := panicNodes(ct, p, inner)
			if len(nodes) > 0 && !quiet[fi] {
				at, exact := enc(inner.Pos()), !unsure
				first := line(nodes[0].Pos())
				for _, n := range nodes {
					if line(n.Pos()) != first || line(n.End()) != first {
						exact = false
					}
				}
				if len(nodes) == 1 {
					at = enc(nodes[0].Pos())
				} else if line(inner.Pos()) != first {
					at = enc(nodes[0].Pos())
				}
				pp.mu.Lock()
				pp.at[at] = posStmt{fn: fi, exact: exact}
				pp.mu.Unlock()
				if arg := panicArgCall(p, inner); arg != nil && s == inner {
					// panic(f(x)): f may run interpreted code that records
					// its own statements; record after the argument.
					start, end := p.off(arg.Pos()), p.off(arg.End())
					mark := strconv.Itoa(at)
					p.r.add(p.off(s.Pos()), p.off(s.End()), func(r *renderer) string {
						return "{ _gnpv := " + r.render(start, end) + "; " + posVar + " = " + mark + "; panic(_gnpv) }"
					})
				} else {
					p.r.addText(p.off(s.Pos()), p.off(s.Pos()), posVar+" = "+strconv.Itoa(at)+"; ")
				}
			}
			// Nested blocks and the function literals of the statement.
			loopUnsure := unsure
			if f, ok := inner.(*ast.ForStmt); ok && (f.Cond != nil && len(panicNodes(ct, p, &ast.ExprStmt{X: f.Cond})) > 0 || f.Post != nil && len(panicNodes(ct, p, f.Post)) > 0) {
				loopUnsure = true
			}
			ast.Inspect(inner, func(m ast.Node) bool {
				switch m := m.(type) {
				case *ast.FuncLit:
					litBody(m)
					return false
				case *ast.BlockStmt:
					stmts(fi, m.List, loopUnsure)
					return false
				}
				return true
			})
		}
	}
	fnBody = func(from, to token.Pos, list []ast.Stmt, unsure bool) {
		f := posFunc{from: enc(from), to: enc(to)}
		if len(list) > 0 && line(list[0].Pos()) == line(list[len(list)-1].End()) && !hasDeferOrGo(list) {
			f.oneLine = enc(list[0].Pos())
		}
		if hasRiskyDefer(list) {
			unsure = true
		}
		pp.mu.Lock()
		fi := len(pp.fns)
		pp.fns = append(pp.fns, f)
		pp.mu.Unlock()
		stmts(fi, list, unsure)
	}
	for _, d := range p.pc.decls.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if ok && fd.Body != nil {
			fnBody(fd.Body.Lbrace, fd.Body.Rbrace, fd.Body.List, recursive(p.scope, fd))
			continue
		}
		// A function literal in a top-level var's value records nothing:
		// reading _gnPos, a variable of an earlier cell, there makes
		// yaegi report a definition loop (fix_varinit.go).
		quietLits(d)
	}
	for _, s := range p.pc.stmts.Body.List {
		inner := s
		for {
			l, ok := inner.(*ast.LabeledStmt)
			if !ok {
				break
			}
			inner = l.Stmt
		}
		switch inner.(type) {
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.BlockStmt:
			// Runs in a function literal (fix_compound.go): a function
			// whose extent is the statement.
			fnBody(s.Pos(), s.End(), []ast.Stmt{s}, false)
		default:
			lits(s)
		}
	}
	// Function literals assigned to a variable they call can recurse.
	for _, s := range p.pc.stmts.Body.List {
		markRecursiveLits(p, s)
	}
	for _, d := range p.pc.decls.Decls {
		markRecursiveLits(p, d)
	}
}

// panicArgCall returns the argument of a statement panic(X) when X has a
// call, else nil.
func panicArgCall(p *prep, s ast.Stmt) ast.Expr {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return nil
	}
	c, ok := es.X.(*ast.CallExpr)
	if !ok || len(c.Args) != 1 || c.Ellipsis.IsValid() {
		return nil
	}
	if id, ok := c.Fun.(*ast.Ident); !ok || !p.builtin(id, "panic") {
		return nil
	}
	hasCall := false
	ast.Inspect(c.Args[0], func(n ast.Node) bool {
		if _, ok := n.(*ast.CallExpr); ok {
			hasCall = true
		}
		return !hasCall
	})
	if !hasCall {
		return nil
	}
	return c.Args[0]
}

// markRecursiveLits makes the positions of a function literal that refers
// to the variable it is assigned to unsure (it may recurse).
func markRecursiveLits(p *prep, n ast.Node) {
	pp := p.e.panicPos
	ast.Inspect(n, func(m ast.Node) bool {
		as, ok := m.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			if vs, ok := m.(*ast.ValueSpec); ok && len(vs.Names) == len(vs.Values) {
				for i, v := range vs.Values {
					if fl, ok := v.(*ast.FuncLit); ok && identRefs(fl.Body)[vs.Names[i].Name] {
						unsureFunc(p, pp, fl)
					}
				}
			}
			return true
		}
		for i, r := range as.Rhs {
			fl, ok := r.(*ast.FuncLit)
			id, isID := as.Lhs[i].(*ast.Ident)
			if ok && isID && identRefs(fl.Body)[id.Name] {
				unsureFunc(p, pp, fl)
			}
		}
		return true
	})
}

func unsureFunc(p *prep, pp *panicPositions, fl *ast.FuncLit) {
	from := p.encPos(fl.Body.Lbrace)
	pp.mu.Lock()
	defer pp.mu.Unlock()
	for i, f := range pp.fns {
		if f.from != from {
			continue
		}
		for k, s := range pp.at {
			if s.fn == i {
				s.exact = false
				pp.at[k] = s
			}
		}
	}
}

// hasDeferOrGo reports whether list has a defer or go statement: the
// deferred call or the goroutine runs when the line's statements are done.
func hasDeferOrGo(list []ast.Stmt) bool {
	for _, s := range list {
		switch s.(type) {
		case *ast.DeferStmt, *ast.GoStmt:
			return true
		}
	}
	return false
}

// hasRiskyDefer reports whether a function body defers a call that is
// not a function literal (its own positions are recorded) nor a call
// that cannot panic in a correct program: a compiled call panicking
// after the body's last statement would be blamed on that statement.
func hasRiskyDefer(list []ast.Stmt) bool {
	risky := false
	for _, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.DeferStmt:
				switch f := n.Call.Fun.(type) {
				case *ast.FuncLit:
				case *ast.SelectorExpr:
					switch f.Sel.Name {
					case "Unlock", "RUnlock", "Close", "Stop":
					default:
						risky = true
					}
				case *ast.Ident:
					if !strings.HasPrefix(f.Name, "cancel") {
						risky = true
					}
				default:
					risky = true
				}
			}
			return true
		})
	}
	return risky
}

// safeBuiltins are the builtins whose call cannot panic.
var safeBuiltins = map[string]bool{
	"len": true, "cap": true, "append": true, "new": true, "complex": true, "real": true,
	"imag": true, "min": true, "max": true, "print": true, "println": true, "recover": true,
	"copy": true, "delete": true, "clear": true,
}

// panicNodes returns the parts of statement s that may panic, in source
// order: its own expressions, not those in nested blocks or function
// literals (a compound statement contributes its header, the case
// expressions of a switch and the conditions of an else-if chain).
func panicNodes(ct *cellTypes, p *prep, s ast.Stmt) []ast.Node {
	var out []ast.Node
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case nil:
			return false
		case *ast.FuncLit, *ast.BlockStmt:
			return false
		case *ast.IfStmt:
			for _, x := range []ast.Node{n.Init, n.Cond} {
				if x != nil && !isNilNode(x) {
					ast.Inspect(x, visit)
				}
			}
			if n.Else != nil {
				if ei, ok := n.Else.(*ast.IfStmt); ok {
					visit(ei)
				}
			}
			return false
		case *ast.CaseClause:
			for _, x := range n.List {
				ast.Inspect(x, visit)
			}
			return false
		case *ast.CommClause:
			if n.Comm != nil {
				ast.Inspect(n.Comm, visit)
			}
			return false
		case *ast.SwitchStmt:
			for _, x := range []ast.Node{n.Init, n.Tag} {
				if x != nil && !isNilNode(x) {
					ast.Inspect(x, visit)
				}
			}
			for _, c := range n.Body.List {
				visit(c)
			}
			return false
		case *ast.TypeSwitchStmt:
			for _, x := range []ast.Node{n.Init, n.Assign} {
				if x != nil && !isNilNode(x) {
					ast.Inspect(x, visit)
				}
			}
			return false
		case *ast.SelectStmt:
			for _, c := range n.Body.List {
				visit(c)
			}
			return false
		case *ast.ForStmt:
			for _, x := range []ast.Node{n.Init, n.Cond, n.Post} {
				if x != nil && !isNilNode(x) {
					ast.Inspect(x, visit)
				}
			}
			return false
		case *ast.RangeStmt:
			ast.Inspect(n.X, visit)
			return false
		case *ast.CallExpr:
			if !callIsSafe(ct, p, n) {
				out = append(out, n)
			}
		case *ast.IndexExpr, *ast.IndexListExpr, *ast.StarExpr, *ast.SelectorExpr:
			if isTypeExpr(ct, n.(ast.Expr)) {
				return false // a type (*T, pkg.T, G[int]), not an operation
			}
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok && isPackageIdent(ct, id) {
					return false
				}
			}
			out = append(out, n)
		case *ast.SliceExpr, *ast.TypeAssertExpr:
			out = append(out, n)
		case *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.StructType, *ast.InterfaceType:
			return false
		case *ast.BinaryExpr:
			switch n.Op {
			case token.QUO, token.REM, token.SHL, token.SHR:
				out = append(out, n)
			}
		case *ast.AssignStmt:
			switch n.Tok {
			case token.QUO_ASSIGN, token.REM_ASSIGN, token.SHL_ASSIGN, token.SHR_ASSIGN:
				out = append(out, n)
			}
		case *ast.SendStmt:
			out = append(out, n)
		}
		return true
	}
	switch s := s.(type) {
	case *ast.BlockStmt, *ast.EmptyStmt, *ast.BranchStmt:
		return nil
	default:
		ast.Inspect(s, visit)
	}
	return out
}

// isTypeExpr reports whether go/types saw x as a type.
func isTypeExpr(ct *cellTypes, x ast.Expr) bool {
	if ct == nil || ct.info == nil {
		return false
	}
	tv, ok := ct.info.Types[x]
	return ok && tv.IsType()
}

// isPackageIdent reports whether id names an imported package.
func isPackageIdent(ct *cellTypes, id *ast.Ident) bool {
	if ct == nil || ct.info == nil {
		return false
	}
	_, ok := ct.info.Uses[id].(*types.PkgName)
	return ok
}

// callIsSafe reports whether a call cannot panic by itself: a builtin of
// safeBuiltins or a conversion to a type that is not an array or a
// pointer (conversions from a slice to those can panic).
func callIsSafe(ct *cellTypes, p *prep, c *ast.CallExpr) bool {
	fun := ast.Unparen(c.Fun)
	if id, ok := fun.(*ast.Ident); ok && safeBuiltins[id.Name] && p.builtin(id, id.Name) {
		return true
	}
	if ct == nil || ct.info == nil {
		return false
	}
	tv, ok := ct.info.Types[fun]
	if !ok || !tv.IsType() || tv.Type == nil {
		return false
	}
	switch tv.Type.Underlying().(type) {
	case *types.Array, *types.Pointer:
		return false
	}
	return true
}

// panicFrameName is the function name of a yaegi frame message
// ("panic: main.f(...)").
func panicFrameName(msg string) string {
	return strings.TrimSuffix(strings.TrimPrefix(msg, "panic: "), "(...)")
}
