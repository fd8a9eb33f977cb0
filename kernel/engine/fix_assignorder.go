package engine

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Workaround: assignments with calls, receives or composite literals.
//
// In an assignment of several values, yaegi v0.16 writes a call's or a
// receive's result straight into its variable before it evaluates the
// values after it (a, b = b, f(a) gives a, a; x[1], y[0] = f(0), f(1)
// reads what the first wrote), and a composite literal among the values
// zeroes all the others (n := 7; c, d := []int{1}, n gives [1] 0; also
// var and =). A return of several named results writes each result
// before the next is evaluated (return b, a returns b, b). Wrapped in
// parentheses, calls, receives and literals are values like the others:
// so the pass "assignorder" parenthesizes them, and a return that reads a
// named result after the first goes through temporaries:
//
//	a, b = b, f(a)           =>  a, b = b, (f(a))
//	return b, a              =>  { _gnr1, _gnr2 := b, a; return _gnr1, _gnr2 }
//
// The spec leaves open when the operands on the left (x and i of x[i],
// p of *p) and the plain operands on the right are read relative to the
// calls; compiled Go makes every call first, in lexical order. yaegi reads
// the left operands first. The two differ only when a call can change
// what those operands read: a variable of the package or of the session,
// one a closure captures or whose address is taken, or memory (an
// element, a field through a pointer). For such a statement in a
// statement list the calls move, in their order, into temporaries before
// it:
//
//	x[i] = f()               =>  _gnc1 := f(); x[i] = _gnc1      (i global)
//
// A call under && or || moves with its whole operand (it may not run); a
// generic call at the top level stays (a top-level := of one crashes
// yaegi, fix_stash.go); statements in an if, for or switch header keep
// their calls in place.

// orderAssignments is the pass "assignorder".
func orderAssignments(p *prep) {
	ct := p.cellTypes()
	o := &orderer{p: p, ct: ct, escapes: map[types.Object]bool{}, topVars: map[types.Object]bool{}, effects: map[*types.Func]int{}}
	o.findEscapes()
	inList := map[ast.Stmt]bool{}
	top := map[ast.Stmt]bool{}
	for _, s := range p.pc.stmts.Body.List {
		top[s] = true
		if l, ok := s.(*ast.LabeledStmt); ok {
			top[l.Stmt] = true
		}
	}
	list := func(ss []ast.Stmt) {
		for _, s := range ss {
			inList[s] = true
			for l, ok := s.(*ast.LabeledStmt); ok; l, ok = l.Stmt.(*ast.LabeledStmt) {
				inList[l.Stmt] = true
			}
		}
	}
	comms := map[ast.Stmt]bool{} // the communications of select cases
	var funcs []*ast.FuncType    // enclosing functions, innermost last
	var defers []bool            // whether each of funcs defers a call
	var visit func(n ast.Node) bool
	enter := func(ft *ast.FuncType, body *ast.BlockStmt) {
		funcs, defers = append(funcs, ft), append(defers, hasDefer(body))
		ast.Inspect(body, visit)
		funcs, defers = funcs[:len(funcs)-1], defers[:len(defers)-1]
	}
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			list(n.List)
		case *ast.CaseClause:
			list(n.Body)
		case *ast.CommClause:
			list(n.Body)
			if n.Comm != nil {
				comms[n.Comm] = true
			}
		case *ast.FuncDecl:
			if n.Body != nil {
				enter(n.Type, n.Body)
			}
			return false
		case *ast.FuncLit:
			enter(n.Type, n.Body)
			return false
		case *ast.AssignStmt:
			if comms[n] {
				// A select case's receive: the pass selectrecv assigns
				// it in the case's body; parentheses around its
				// receive would make yaegi's select never choose it.
				return true
			}
			o.ft = nil
			if len(funcs) > 0 {
				o.ft = funcs[len(funcs)-1]
			}
			split := inList[n] && o.needsSplit(n) // fix_assignsplit.go
			if !split && len(funcs) > 0 && defers[len(defers)-1] && inList[n] && o.beforePanic(n, funcs[len(funcs)-1]) {
				return true
			}
			o.assign(n, inList[n], top[n])
		case *ast.ValueSpec:
			if len(n.Values) > 1 && len(n.Values) == len(n.Names) {
				o.parens(n.Values)
			}
		case *ast.ReturnStmt:
			if len(funcs) > 0 {
				o.ret(n, funcs[len(funcs)-1], inList[n], defers[len(defers)-1])
			}
		}
		return true
	}
	ast.Inspect(p.pc.decls, visit)
	list(p.pc.stmts.Body.List)
	ast.Inspect(p.pc.stmts.Body, visit)
}

type orderer struct {
	p       *prep
	ct      *cellTypes
	escapes map[types.Object]bool // local variables a closure captures or whose address is taken
	topVars map[types.Object]bool // variables of top-level statements (globals to yaegi)
	effects map[*types.Func]int   // summaries of the cell's functions
	ft      *ast.FuncType         // the function of the assignment being ordered (nil at top level)
}

// Values a panic interrupts. Go evaluates all the values of a
// multi-value assignment or return before it assigns any: when one
// panics, nothing is assigned. yaegi assigns each before it evaluates the
// next (bad, _ = true, *p sets bad; return true, *p sets the first
// result), which a deferred function that recovers sees. In a function
// that defers a call, a value after the first that may panic goes into a
// temporary first, when something assigned before it can be seen after a
// recover (a named result, a package or session variable, a captured
// one; any result of a return):
//
//	bad, _ = true, *p  =>  _gnc1 := *p; bad, _ = true, _gnc1

// hasDefer reports whether body defers a call (not in a function literal).
func hasDefer(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			found = true
		}
		return !found
	})
	return found
}

// mayPanic reports whether evaluating x may panic.
func (o *orderer) mayPanic(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.StarExpr, *ast.IndexExpr, *ast.IndexListExpr, *ast.SliceExpr, *ast.TypeAssertExpr:
			if tv := o.ct.info.Types[n.(ast.Expr)]; !tv.IsType() {
				found = true
			}
		case *ast.CallExpr:
			if tv := o.ct.info.Types[n.Fun]; !tv.IsType() {
				found = true
			}
		case *ast.UnaryExpr:
			found = n.Op == token.ARROW
		case *ast.BinaryExpr:
			found = n.Op == token.QUO || n.Op == token.REM || n.Op == token.SHL || n.Op == token.SHR
		case *ast.SelectorExpr:
			if sel, ok := o.ct.info.Selections[n]; ok && sel.Indirect() {
				found = true
			}
		}
		return !found
	})
	return found
}

// laterPanics returns the values after the first that may panic (not
// untyped: a temporary would take the default type), or nil when one
// is not a value a temporary can hold.
func (o *orderer) laterPanics(xs []ast.Expr) []ast.Expr {
	var out []ast.Expr
	for _, x := range xs[1:] {
		if !o.mayPanic(x) {
			continue
		}
		switch u := ast.Unparen(x).(type) {
		case *ast.BinaryExpr:
			switch u.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.LAND, token.LOR, token.SHL, token.SHR:
				return nil
			}
		case *ast.UnaryExpr:
			if u.Op == token.NOT {
				return nil
			}
		}
		if tv := o.ct.info.Types[x]; tv.Value != nil || tv.Type == nil {
			return nil
		} else if b, ok := tv.Type.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
			return nil
		}
		out = append(out, x)
	}
	return out
}

// beforePanic orders assignment as of function ft (which defers a call)
// as compiled Go when a later value may panic; it reports whether it did.
func (o *orderer) beforePanic(as *ast.AssignStmt, ft *ast.FuncType) bool {
	if o.ct == nil || as.Tok != token.ASSIGN || len(as.Lhs) < 2 || len(as.Lhs) != len(as.Rhs) {
		return false
	}
	seen := false
	for _, l := range as.Lhs[:len(as.Lhs)-1] {
		id, ok := ast.Unparen(l).(*ast.Ident)
		if !ok {
			return false // places are the other orderings' (fix_assignorder.go above)
		}
		v, ok := o.ct.info.Uses[id].(*types.Var)
		if !ok {
			continue
		}
		if o.escapes[v] || o.topVars[v] || v.Parent() == v.Pkg().Scope() ||
			ft.Results != nil && v.Pos() >= ft.Results.Pos() && v.Pos() < ft.Results.End() {
			seen = true
		}
	}
	if !seen {
		return false
	}
	xs := o.laterPanics(as.Rhs)
	if len(xs) == 0 {
		return false
	}
	o.parens(as.Rhs[:1])
	o.hoist(as, xs, false)
	return true
}

// retBeforePanic orders return rs (in a function that defers a call) as
// compiled Go when a later result may panic; it reports whether it did.
func (o *orderer) retBeforePanic(rs *ast.ReturnStmt) bool {
	if o.ct == nil || len(rs.Results) < 2 {
		return false
	}
	xs := o.laterPanics(rs.Results)
	if len(xs) == 0 {
		return false
	}
	o.parens(rs.Results[:1])
	o.hoist(rs, xs, false)
	return true
}

// isRecv reports whether x is a receive, not parenthesized.
func isRecv(x ast.Expr) bool {
	u, ok := x.(*ast.UnaryExpr)
	return ok && u.Op == token.ARROW
}

// isStruct reports whether t is a struct type.
func isStruct(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// parens wraps each call, receive or composite literal among xs in
// parentheses.
func (o *orderer) parens(xs []ast.Expr) {
	for _, x := range xs {
		switch x := x.(type) {
		case *ast.CallExpr, *ast.CompositeLit:
		case *ast.UnaryExpr:
			if x.Op != token.ARROW {
				continue
			}
		default:
			continue
		}
		o.p.r.addText(o.p.off(x.Pos()), o.p.off(x.Pos()), "(")
		o.p.r.addTail(o.p.off(x.End()), ")")
	}
}

// assign orders one assignment statement.
func (o *orderer) assign(as *ast.AssignStmt, inList, top bool) {
	multi := len(as.Lhs) > 1 && len(as.Lhs) == len(as.Rhs)
	if multi {
		o.parens(as.Rhs)
	} else if as.Tok == token.ASSIGN && len(as.Lhs) == 1 && len(as.Rhs) == 1 && isRecv(as.Rhs[0]) {
		if _, isVar := as.Lhs[0].(*ast.Ident); !isVar {
			// yaegi stores a receive into a variable or a map
			// element, but not into a slice or array element, a
			// field or *p: x[i] = <-c leaves x[i] as it was.
			o.parens(as.Rhs)
		}
	} else if as.Tok == token.ASSIGN && len(as.Rhs) == 1 && o.ct != nil {
		if _, isVar := as.Lhs[0].(*ast.Ident); isVar && o.ct.goType(as.Lhs[0]) != nil && isStruct(o.ct.goType(as.Lhs[0])) {
			if _, ok := as.Rhs[0].(*ast.CompositeLit); ok {
				// t = T{2} gives t new storage: a pointer to t keeps
				// the old value.
				o.parens(as.Rhs)
			}
		}
	}
	if !inList || o.ct == nil {
		return
	}
	if o.tupleToMap(as, top) {
		return
	}
	if len(as.Rhs) == 1 && len(as.Lhs) == 2 {
		if _, call := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); !call {
			return // v, ok = m[k], x.(T), <-ch
		}
	}
	// The operands the statement reads besides its calls: does one read a
	// variable a call could assign, or memory a call could write?
	var calls []ast.Expr
	var rd reads
	for _, l := range as.Lhs {
		for _, x := range o.lhsOperands(l) {
			calls = o.collectCalls(x, calls)
			rd.add(o.readsOf(x, false))
		}
		if as.Tok != token.ASSIGN && as.Tok != token.DEFINE {
			rd.add(o.readsOf(l, false)) // x op= y reads x
		}
	}
	for _, r := range as.Rhs {
		calls = o.collectCalls(r, calls)
		// A single value's plain operands are read after its calls, as
		// compiled Go reads them; several values are read in order.
		if multi {
			rd.add(o.readsOf(r, true))
		}
	}
	unstable := false
	for _, c := range calls {
		if rd.vars && !o.writesNoVars(c) || rd.mem && !o.writesNoMemory(c) {
			unstable = true
		}
	}
	if multi {
		var moved []ast.Expr
		if unstable {
			moved = calls
		}
		generic := false
		for _, c := range calls {
			generic = generic || top && o.p.genericCall(c)
		}
		if !generic && o.split(as, moved) {
			return
		}
	}
	// yaegi reads a map index on the left when it assigns it, after the
	// assignments before it: m[k] after k in k, m[k] = 1, 2. Its operands
	// go into temporaries too (after the calls, as compiled Go reads them).
	var keys []ast.Expr
	if multi {
		for _, l := range as.Lhs[1:] {
			ix, ok := ast.Unparen(l).(*ast.IndexExpr)
			if !ok {
				continue
			}
			if t := o.ct.goType(ix.X); t == nil {
				continue
			} else if _, isMap := t.Underlying().(*types.Map); !isMap {
				continue
			}
			for _, x := range []ast.Expr{ix.X, ix.Index} {
				if tv := o.ct.info.Types[x]; tv.Value == nil && !o.hasCall(x) {
					keys = append(keys, x)
				}
			}
		}
	}
	if (len(calls) == 0 || !unstable) && len(keys) == 0 {
		return
	}
	if len(calls) > 0 && !unstable {
		calls = nil
	}
	if top {
		for _, c := range calls {
			if o.p.genericCall(c) {
				return
			}
		}
	}
	o.hoist(as, append(calls, keys...), len(as.Lhs) > 1 && len(as.Rhs) == 1 && len(calls) == 1)
}

// tupleToMap orders an assignment of several values from one call, map
// index, assertion or receive to places one of which is a map index:
// yaegi v0.16 stores nothing into the map (m[k], err = f() and m[k], ok =
// x.(T) leave m as it was). The operands of the places (x and i of x[i],
// p of *p) and then the value go into temporaries, in compiled Go's
// order, and the statement assigns the temporaries:
//
//	m[f()], *g() = h()  =>  _gnc1 := m; _gnc2 := f(); _gnc3 := g(); _gnc4, _gnc5 := h(); _gnc1[_gnc2], *_gnc3 = _gnc4, _gnc5
//
// The comma-ok read of a map and assertion into existing places (v, ok =
// m[k]) go the same way: yaegi leaves v as it was when the key is missing
// or the assertion fails.
//
// A comma-ok form whose ok is not a plain bool is fix_opconv.go's.
func (o *orderer) tupleToMap(as *ast.AssignStmt, top bool) bool {
	if as.Tok != token.ASSIGN || len(as.Rhs) != 1 || len(as.Lhs) < 2 {
		return false
	}
	toMap := false
	for _, l := range as.Lhs {
		if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
			if t := o.ct.goType(ix.X); t != nil {
				if _, isMap := t.Underlying().(*types.Map); isMap {
					toMap = true
				}
			}
		}
	}
	if !toMap && len(as.Lhs) == 2 {
		// v, ok = m[k] and v, ok = x.(T) into existing places: yaegi
		// v0.16 assigns only when the key is present or the assertion
		// holds, so v keeps its old value where Go stores the zero value.
		// The same temporaries (defined fresh, so zero) make it Go's.
		switch r := ast.Unparen(as.Rhs[0]).(type) {
		case *ast.TypeAssertExpr:
			toMap = r.Type != nil
		case *ast.IndexExpr:
			if t := o.ct.goType(r.X); t != nil {
				_, toMap = t.Underlying().(*types.Map)
			}
		}
	}
	if !toMap {
		return false
	}
	var xs []ast.Expr
	for _, l := range as.Lhs {
		for _, x := range o.lhsOperands(l) {
			if tv := o.ct.info.Types[x]; tv.Value == nil && !tv.IsType() {
				xs = append(xs, x)
			}
		}
	}
	r := as.Rhs[0]
	xs = append(xs, r)
	if top {
		for _, x := range xs {
			if c, ok := ast.Unparen(x).(*ast.CallExpr); ok && o.p.genericCall(c) {
				return false
			}
		}
	}
	n := len(as.Lhs)
	decl := "" // a top-level comma-ok define crashes yaegi: declare, then assign
	if _, call := ast.Unparen(r).(*ast.CallExpr); !call {
		if id, ok := as.Lhs[1].(*ast.Ident); !ok || id.Name != "_" {
			if t := o.ct.goType(as.Lhs[1]); t == nil || !types.Identical(t, types.Typ[types.Bool]) {
				return false // an ok of another type: fix_opconv.go
			}
		}
		if top {
			tt, ok := o.ct.goType(r).(*types.Tuple)
			if !ok || tt.Len() != 2 {
				return false
			}
			s, ok := o.p.spellGoType(tt.At(0).Type())
			if !ok {
				return false
			}
			decl = s
		}
	}
	p := o.p
	// The temporaries of v, ok = m[k] are defined where the statement
	// is, so in a loop they keep the last iteration's value where yaegi
	// leaves the value alone: the zero value is stored where ok is false
	// (fix_commaokzero.go).
	zero := ""
	if commaOKForm(o.ct, r) {
		if tt, ok := o.ct.goType(r).(*types.Tuple); ok && tt.Len() == 2 {
			zero, _ = zeroText(p, tt.At(0).Type())
		}
	}
	at := p.off(as.Pos())
	names := make([][]string, len(xs))
	for i := range xs {
		k := 1
		if i == len(xs)-1 {
			k = n
		}
		for range k {
			names[i] = append(names[i], p.r.fresh("c"))
		}
	}
	// v, ok = m[k] with v of an interface type with methods and a value
	// of a cell type with methods: the assignment of the temporaries
	// converts it (yaegi's multiple assignment panics in reflect.Set
	// otherwise; typeparam/issue50642 of Go's tests).
	values := append([]string(nil), names[len(names)-1]...)
	if as.Tok == token.ASSIGN {
		vt := o.ct.goType(r)
		if tt, ok := vt.(*types.Tuple); ok {
			vt = nil
			if tt.Len() > 0 {
				vt = tt.At(0).Type()
			}
		}
		if lt := o.ct.goType(as.Lhs[0]); lt != nil && vt != nil && isInterface(lt) && !isInterface(vt) &&
			lt.Underlying().(*types.Interface).NumMethods() > 0 && cellMethodsType(o.ct, vt) {
			if spelled, ok := p.spellGoType(lt); ok {
				values[0] = "(" + spelled + ")(" + values[0] + ")"
			}
		}
	}
	places := make([]int, len(xs))
	for i, x := range xs {
		places[i] = len(p.r.edits)
		if i == len(xs)-1 {
			p.r.addText(p.off(x.Pos()), p.off(x.End()), join(values))
			continue
		}
		p.r.addText(p.off(x.Pos()), p.off(x.End()), join(names[i]))
	}
	p.r.add(at, at, func(r *renderer) string {
		out := ""
		for i, x := range xs {
			def := " := "
			if i == len(xs)-1 && decl != "" {
				out += "var " + names[i][0] + " " + decl + "; var " + names[i][1] + " bool; "
				def = " = "
			}
			rhs := r.renderApart(p.off(x.Pos()), p.off(x.End()), places[i], x.Pos() == as.Pos())
			if ta, ok := ast.Unparen(x).(*ast.TypeAssertExpr); ok && i == len(xs)-1 && decl == "" && nilGuardedAssert(p, o.ct, ta) {
				// A nil x crashes yaegi's assertion (guardNilAssignment).
				out += join(names[i]) + " := (" + p.text(ta.Type) + ")(nil), false; if " + p.text(ta.X) + " != nil { " + join(names[i]) + " = " + rhs + " }; "
				continue
			}
			out += join(names[i]) + def + rhs + "; "
			if i == len(xs)-1 && zero != "" {
				out += zeroOnFail(names[i][1], names[i][0], zero) + "; "
			}
		}
		return out + r.directive(at)
	})
	return true
}

// hoist moves calls into temporaries defined before statement s, in
// order; tuple says the only call gives several values.
func (o *orderer) hoist(s ast.Stmt, calls []ast.Expr, tuple bool) {
	p := o.p
	at := p.off(s.Pos())
	var names [][]string
	for _, c := range calls {
		n := 1
		if tuple {
			if tt, ok := o.ct.goType(c).(*types.Tuple); ok {
				n = tt.Len()
			}
		}
		var ts []string
		for range n {
			ts = append(ts, p.r.fresh("c"))
		}
		names = append(names, ts)
	}
	// The call is rendered twice: into its temporary (with the edits
	// inside it), and at its place as the temporary's name.
	places := make([]int, len(calls))
	for i, c := range calls {
		places[i] = len(p.r.edits)
		p.r.addText(p.off(c.Pos()), p.off(c.End()), join(names[i]))
	}
	p.r.add(at, at, func(r *renderer) string {
		out := ""
		for i, c := range calls {
			out += join(names[i]) + " := " + r.renderApart(p.off(c.Pos()), p.off(c.End()), places[i], c.Pos() == s.Pos()) + "; "
		}
		return out + r.directive(at)
	})
}

// ret orders a return statement of function ft.
func (o *orderer) ret(rs *ast.ReturnStmt, ft *ast.FuncType, inList, defers bool) {
	if len(rs.Results) < 2 || ft.Results == nil || o.ct == nil {
		return
	}
	// Last (the parentheses close inside a block of temporaries): the
	// parentheses, or the results that may panic moved first.
	defer func() {
		if !defers || !inList || !o.retBeforePanic(rs) {
			o.parens(rs.Results)
		}
	}()
	named := map[types.Object]bool{}
	slot := map[types.Object]int{} // result index of each named result
	for _, f := range ft.Results.List {
		for _, id := range f.Names {
			if obj := o.ct.info.Defs[id]; obj != nil {
				slot[obj] = len(slot)
				named[obj] = true
			} else {
				return
			}
		}
	}
	if len(named) == 0 || len(slot) != len(rs.Results) {
		// return make(T), make(T) gives one channel twice unless the
		// calls are parenthesized (deferred above).
		return
	}
	// Result i reading named result j < i sees what return wrote there,
	// unless that was j itself (return a, b).
	changed := map[int]bool{}
	for j, r := range rs.Results {
		if id, ok := ast.Unparen(r).(*ast.Ident); !ok || slot[o.ct.info.Uses[id]] != j || !named[o.ct.info.Uses[id]] {
			changed[j] = true
		}
	}
	reads := false
	for i, r := range rs.Results[1:] {
		ast.Inspect(r, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && named[o.ct.info.Uses[id]] {
				if j := slot[o.ct.info.Uses[id]]; j <= i && changed[j] {
					reads = true
				}
			}
			if _, ok := n.(*ast.CallExpr); ok && o.capturesAny(named) {
				reads = true // a closure may read a named result
			}
			return !reads
		})
	}
	if !reads || !inList {
		return
	}
	p := o.p
	var temps []string
	for range rs.Results {
		temps = append(temps, p.r.fresh("r"))
	}
	// The block first: the parentheses registered after it close inside.
	start := p.off(rs.Pos())
	first := p.off(rs.Results[0].Pos())
	p.r.addText(start, first, "{ "+join(temps)+" := ")
	p.r.addTail(p.off(rs.End()), "; return "+join(temps)+" }")
	defers = false // the temporaries take every value before the return
}

// capturesAny reports whether a closure of the cell uses one of objs.
func (o *orderer) capturesAny(objs map[types.Object]bool) bool {
	for obj := range objs {
		if o.escapes[obj] {
			return true
		}
	}
	return false
}

// lhsOperands returns the operands an assignment to l evaluates first:
// x and i of x[i], p of *p, x of x.f. An array or struct variable (or an
// element or field of one) is a place no call can move: only its indexes
// are operands.
func (o *orderer) lhsOperands(l ast.Expr) []ast.Expr {
	isPtr := func(x ast.Expr) bool {
		t := o.ct.goType(x)
		if t == nil {
			return true
		}
		_, p := t.Underlying().(*types.Pointer)
		return p
	}
	switch l := ast.Unparen(l).(type) {
	case *ast.IndexExpr:
		if t := o.ct.goType(l.X); t != nil {
			if _, arr := t.Underlying().(*types.Array); arr {
				return append(o.lhsOperands(l.X), l.Index)
			}
		}
		return []ast.Expr{l.X, l.Index}
	case *ast.StarExpr:
		return []ast.Expr{l.X}
	case *ast.SelectorExpr:
		if sel, ok := o.ct.info.Selections[l]; ok && sel.Kind() == types.FieldVal && !sel.Indirect() && !isPtr(l.X) {
			return o.lhsOperands(l.X)
		}
		return []ast.Expr{l.X}
	}
	return nil
}

// collectCalls appends the calls and receives x evaluates (outermost
// ones; a call under && or || as its whole operand), in lexical order.
func (o *orderer) collectCalls(x ast.Expr, calls []ast.Expr) []ast.Expr {
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if (n.Op == token.LAND || n.Op == token.LOR) && o.hasCall(n) {
				calls = append(calls, n)
				return false
			}
		case *ast.CallExpr:
			if o.isCall(n) || o.builtinValue(n) {
				calls = append(calls, n)
				return false
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				calls = append(calls, n)
				return false
			}
		}
		return true
	})
	return calls
}

// builtinValue reports whether c is a call of a builtin isCall leaves out
// (len, append, ...) that is not a constant: it moves with the calls, in
// order (a, b, c := len(x), f(), len(x) reads x before and after f), but
// writes no variable.
func (o *orderer) builtinValue(c *ast.CallExpr) bool {
	if tv := o.ct.info.Types[c]; tv.Value != nil || tv.IsType() {
		return false
	}
	if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok {
		_, b := o.ct.info.Uses[id].(*types.Builtin)
		return b && !o.isCall(c)
	}
	return false
}

// isCall reports whether c calls a function (not a conversion or a
// builtin other than a few with effects).
func (o *orderer) isCall(c *ast.CallExpr) bool {
	if tv, ok := o.ct.info.Types[c.Fun]; ok && tv.IsType() {
		return false
	}
	if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok {
		if b, ok := o.ct.info.Uses[id].(*types.Builtin); ok {
			switch b.Name() {
			case "len", "cap", "complex", "real", "imag", "min", "max", "new", "make", "append":
				return false
			}
		}
	}
	return true
}

// hasCall reports whether x evaluates a call or a receive.
func (o *orderer) hasCall(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if o.isCall(n) {
				found = true
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				found = true
			}
		}
		return !found
	})
	return found
}

// reads is what evaluating operands reads that a call could change.
type reads struct{ vars, mem bool }

func (r *reads) add(s reads) { r.vars, r.mem = r.vars || s.vars, r.mem || s.mem }

// readsOf classifies what x reads (outside its calls when skipCalls).
func (o *orderer) readsOf(x ast.Expr, skipCalls bool) reads {
	var rd reads
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if skipCalls && (n.Op == token.LAND || n.Op == token.LOR) && o.hasCall(n) {
				return false // moved whole
			}
		case *ast.CallExpr:
			if skipCalls && o.isCall(n) {
				return false
			}
		case *ast.UnaryExpr:
			if skipCalls && n.Op == token.ARROW {
				return false
			}
		}
		if e, isExpr := n.(ast.Expr); isExpr {
			rd.add(o.nodeReads(e))
		}
		return true
	})
	return rd
}

// nodeReads classifies what node x itself (its operands aside) reads.
func (o *orderer) nodeReads(x ast.Expr) reads {
	if tv, ok := o.ct.info.Types[x]; ok && (tv.Value != nil || tv.IsType()) {
		return reads{}
	}
	switch x := x.(type) {
	case *ast.BasicLit, *ast.ParenExpr, *ast.BinaryExpr, *ast.CompositeLit, *ast.KeyValueExpr, *ast.FuncLit, *ast.TypeAssertExpr, *ast.CallExpr:
		return reads{} // calls are classified apart
	case *ast.UnaryExpr:
		return reads{mem: x.Op == token.ARROW}
	case *ast.Ident:
		switch obj := o.ct.info.Uses[x].(type) {
		case *types.Var:
			return reads{vars: !o.local(obj)}
		case nil:
			return reads{vars: o.ct.info.Defs[x] == nil}
		}
		return reads{}
	case *ast.SelectorExpr:
		if sel, ok := o.ct.info.Selections[x]; ok && sel.Kind() == types.FieldVal && sel.Indirect() {
			return reads{mem: true}
		}
		return reads{} // a field of a struct value; a method value; a package's name
	case *ast.IndexExpr:
		if t := o.ct.goType(x.X); t != nil {
			switch u := t.Underlying().(type) {
			case *types.Array:
				return reads{} // an element of an array value
			case *types.Basic:
				if u.Info()&types.IsString != 0 {
					return reads{} // strings do not change
				}
			}
		}
		return reads{mem: true}
	}
	return reads{vars: true, mem: true}
}

// writesNoVars reports whether call c cannot assign a variable of the
// cell: a function of a compiled package (given no address), or a
// function of the cell that assigns no variable but its own.
func (o *orderer) writesNoVars(c ast.Expr) bool {
	call, ok := c.(*ast.CallExpr)
	if !ok {
		return false
	}
	if o.builtinValue(call) {
		return !o.hasCall(call)
	}
	for _, a := range call.Args {
		if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
			return false
		}
	}
	fn := o.callee(call)
	if fn == nil {
		return false
	}
	if fn.Pkg() != nil && fn.Pkg().Path() != "main" {
		return true
	}
	return o.summary(fn, map[*types.Func]bool{}) == effectNone
}

// writesNoMemory reports whether call c cannot write memory the
// statement reads: a function of a compiled package given only numbers,
// strings and booleans.
func (o *orderer) writesNoMemory(c ast.Expr) bool {
	call, ok := c.(*ast.CallExpr)
	if !ok {
		return false
	}
	if o.builtinValue(call) {
		return !o.hasCall(call) // (append writes past its slice's length only)
	}
	fn := o.callee(call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() == "main" {
		return false
	}
	for _, a := range call.Args {
		b, ok := o.ct.goType(a).(*types.Basic)
		if !ok || b.Info()&(types.IsNumeric|types.IsString|types.IsBoolean) == 0 {
			return false
		}
	}
	return true
}

// callee returns the function a call statically calls: a package-level
// function (of the cell, the session or a compiled package), or nil.
func (o *orderer) callee(call *ast.CallExpr) *types.Func {
	var id *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		if _, isSel := o.ct.info.Selections[f]; isSel {
			return nil // a method
		}
		id = f.Sel
	default:
		return nil
	}
	fn, ok := o.ct.info.Uses[id].(*types.Func)
	if !ok {
		return nil
	}
	if sig, ok := fn.Type().(*types.Signature); !ok || sig.Recv() != nil {
		return nil
	}
	return fn
}

const (
	effectNone    = 1 // assigns only its own variables
	effectUnknown = 2
)

// summary tells whether a function of this cell assigns a variable other
// than its own (directly or through the functions it calls).
func (o *orderer) summary(fn *types.Func, seen map[*types.Func]bool) int {
	if v, ok := o.effects[fn]; ok {
		return v
	}
	if seen[fn] {
		return effectUnknown // recursion
	}
	seen[fn] = true
	var fd *ast.FuncDecl
	for _, d := range o.p.pc.decls.Decls {
		if f, ok := d.(*ast.FuncDecl); ok && f.Body != nil && o.ct.info.Defs[f.Name] == fn {
			fd = f
		}
	}
	if fd == nil {
		return effectUnknown // an earlier cell's: its body is not here
	}
	body := fd.Body
	result := effectNone
	own := func(id *ast.Ident) bool {
		obj := o.ct.info.Uses[id]
		if obj == nil {
			obj = o.ct.info.Defs[id]
		}
		v, ok := obj.(*types.Var)
		return !ok || v.Pos() >= fd.Pos() && v.Pos() < fd.End()
	}
	root := func(x ast.Expr) *ast.Ident {
		for {
			switch e := ast.Unparen(x).(type) {
			case *ast.Ident:
				return e
			case *ast.SelectorExpr:
				if sel, ok := o.ct.info.Selections[e]; ok && sel.Indirect() {
					return nil // through a pointer: memory
				}
				x = e.X
			case *ast.IndexExpr:
				if t := o.ct.goType(e.X); t == nil {
					return nil
				} else if _, arr := t.Underlying().(*types.Array); !arr {
					return nil // an element of a slice or map: memory
				}
				x = e.X
			default:
				return nil
			}
		}
	}
	assign := func(x ast.Expr) {
		if id := root(x); id != nil && id.Name != "_" && !own(id) {
			result = effectUnknown
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				assign(l)
			}
		case *ast.IncDecStmt:
			assign(n.X)
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				assign(n.Key)
				if n.Value != nil {
					assign(n.Value)
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if id := root(n.X); id != nil && !own(id) {
					result = effectUnknown
				}
			}
		case *ast.CallExpr:
			if !o.isCall(n) {
				return true
			}
			callee := o.callee(n)
			switch {
			case callee == nil:
				result = effectUnknown
			case callee.Pkg() != nil && callee.Pkg().Path() != "main":
			case o.summary(callee, seen) != effectNone:
				result = effectUnknown
			}
		}
		return result == effectNone
	})
	o.effects[fn] = result
	return result
}

// local reports whether v is a variable of a function that no closure
// captures and whose address is not taken: no call can change it.
func (o *orderer) local(v *types.Var) bool {
	if v.IsField() || o.escapes[v] || o.topVars[v] {
		return false
	}
	par := v.Parent()
	if par == nil || par == o.ct.pkg.Scope() || par.Parent() == types.Universe {
		return false // a variable of the package or of an earlier cell
	}
	return true
}

// findEscapes records the local variables closures capture or whose
// address is taken, and the variables of top-level statements.
func (o *orderer) findEscapes() {
	if o.ct == nil {
		return
	}
	info := o.ct.info
	for _, s := range o.p.pc.stmts.Body.List {
		switch s := s.(type) {
		case *ast.AssignStmt:
			for _, l := range s.Lhs {
				if id, ok := l.(*ast.Ident); ok && info.Defs[id] != nil {
					o.topVars[info.Defs[id]] = true
				}
			}
		case *ast.DeclStmt:
			ast.Inspect(s, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && info.Defs[id] != nil {
					o.topVars[info.Defs[id]] = true
				}
				return true
			})
		}
	}
	root := func(x ast.Expr) *ast.Ident {
		for {
			switch e := x.(type) {
			case *ast.Ident:
				return e
			case *ast.ParenExpr:
				x = e.X
			case *ast.SelectorExpr:
				if sel, ok := info.Selections[e]; ok && sel.Indirect() {
					return nil
				}
				x = e.X
			case *ast.IndexExpr:
				if t := o.ct.goType(e.X); t == nil {
					return nil
				} else if _, arr := t.Underlying().(*types.Array); !arr {
					return nil
				}
				x = e.X
			default:
				return nil
			}
		}
	}
	addr := func(x ast.Expr) {
		if id := root(x); id != nil {
			if obj := info.Uses[id]; obj != nil {
				o.escapes[obj] = true
			}
		}
	}
	var lits []*ast.FuncLit
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			lits = append(lits, n)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				addr(n.X)
			}
		case *ast.SliceExpr:
			if t := o.ct.goType(n.X); t != nil {
				if _, arr := t.Underlying().(*types.Array); arr {
					addr(n.X)
				}
			}
		case *ast.SelectorExpr:
			// x.M with a pointer receiver takes x's address.
			if sel, ok := info.Selections[n]; ok && sel.Kind() == types.MethodVal {
				if sig, ok := sel.Obj().Type().(*types.Signature); ok && sig.Recv() != nil {
					if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
						if t := o.ct.goType(n.X); t != nil {
							if _, isPtr := t.Underlying().(*types.Pointer); !isPtr {
								addr(n.X)
							}
						}
					}
				}
			}
		}
		return true
	}
	o.p.pc.inspect(visit)
	for _, fl := range lits {
		ast.Inspect(fl.Body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if obj, ok := info.Uses[id].(*types.Var); ok && (obj.Pos() < fl.Pos() || obj.Pos() >= fl.End()) {
					o.escapes[obj] = true
				}
			}
			return true
		})
	}
}
