package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// Workaround: a multiple assignment whose later place may panic.
//
// Go assigns in two phases: it evaluates the operands of the places on
// the left (x and i of x[i], p of *p and p.f) and the values, then
// assigns left to right; an index out of range or a nil pointer panics
// when its place is assigned, after the places before it:
//
//	m[2], s[1] = 2, 2      // s empty: m[2] is set, then it panics
//	p, p.x = nil, 7        // p.x through the old p
//
// yaegi v0.16 computes every place before it assigns any (m stays empty,
// and a recover sees it), and the check of fix_indexcheck.go, before the
// statement, panics first too. So when a place after the first may panic
// when assigned, and a place before it is seen after a recover (not a
// local variable no closure captures), the pass "assignorder" writes the
// two phases out: the operands and the values into temporaries, in
// order, then one assignment per place (with its index check):
//
//	m[2], s[i] = f(), 2  =>  _gnc1 := s; _gnc2 := i; _gnc3 := (f()); m[2] = _gnc3; <check _gnc2 against _gnc1>; _gnc1[_gnc2] = 2
//
// Constants stay in place. An untyped nil among the values makes yaegi
// crash (reflect: New(nil), p, n = nil, 7): such an assignment is written
// so too, nil assigned alone. A place the values already read (the swap
// s[i], s[j] = s[j], s[i], with no call) cannot panic any more: such an
// assignment stays as it is, as does one with a value of an untyped
// non-constant kind (a comparison: its temporary would take the default
// type).

// splitPlace is an index expression among the places of an assignment
// the pass assignorder assigns one by one: the pass indexcheck leaves
// its check there (given the texts of its container and index).
type splitPlace struct {
	stmt  ast.Stmt
	check func(xs, is string) string
}

// split writes assignment as in two phases when it has to (see above),
// and reports whether it did; calls are the calls moved before it.
func (o *orderer) split(as *ast.AssignStmt, calls []ast.Expr) bool {
	if !o.needsSplit(as) {
		return false
	}
	p := o.p
	if len(calls) > 0 {
		o.hoist(as, calls, false)
	}
	type operand struct {
		x    ast.Expr
		name string
		edit int
	}
	// A call moved before the statement is a temporary now: as an
	// operand (the p() of *p() = v) it is not moved again, which would
	// make the call's temporary and the operand's read each other.
	hoisted := map[ast.Expr]bool{}
	for _, c := range calls {
		hoisted[ast.Unparen(c)] = true
	}
	var ops []operand
	for _, l := range as.Lhs {
		for _, x := range o.lhsOperands(l) {
			if o.inert(x) || hoisted[ast.Unparen(x)] {
				continue
			}
			ops = append(ops, operand{x: x, name: p.r.fresh("c")})
		}
	}
	for i := range ops {
		ops[i].edit = len(p.r.edits)
		p.r.addText(p.off(ops[i].x.Pos()), p.off(ops[i].x.End()), ops[i].name)
	}
	vals := make([]string, len(as.Rhs)) // "" for a value written in place
	for k, x := range as.Rhs {
		if !o.inert(x) && !isBlank(as.Lhs[k]) {
			vals[k] = p.r.fresh("c")
		}
	}
	chains := make([][]*splitPlace, len(as.Lhs))
	ixs := make([][]*ast.IndexExpr, len(as.Lhs))
	for k, l := range as.Lhs {
		_, ixs[k] = o.placeSteps(l)
		for _, ix := range ixs[k] {
			sp := &splitPlace{stmt: as}
			p.splits[ix] = sp
			chains[k] = append(chains[k], sp)
		}
	}
	start, end := p.off(as.Pos()), p.off(as.End())
	sub := func(r *renderer, x ast.Expr, skip int) string {
		return r.renderApart(p.off(x.Pos()), p.off(x.End()), skip, x.Pos() == as.Pos())
	}
	// A value is rendered once, in place: a tail at its end (the last
	// value's ends the statement) is then not applied again.
	val := func(r *renderer, x ast.Expr) string { return r.render(p.off(x.Pos()), p.off(x.End())) }
	p.r.add(start, end, func(r *renderer) string {
		var b strings.Builder
		for _, op := range ops {
			b.WriteString(op.name + " := " + sub(r, op.x, op.edit) + "; ")
		}
		inPlace := make([]string, len(as.Rhs))
		for k, x := range as.Rhs {
			switch {
			case vals[k] != "":
				b.WriteString(vals[k] + " := " + val(r, x) + "; ")
			case isBlank(as.Lhs[k]) && !o.inert(x):
				b.WriteString("_ = " + val(r, x) + "; ")
			default:
				inPlace[k] = val(r, x)
			}
		}
		var assigns []string
		for k, l := range as.Lhs {
			if isBlank(l) {
				continue
			}
			for i, sp := range chains[k] {
				if sp.check != nil {
					assigns = append(assigns, sp.check(sub(r, ixs[k][i].X, -1), sub(r, ixs[k][i].Index, -1)))
				}
			}
			v := vals[k]
			if v == "" {
				v = inPlace[k]
			}
			assigns = append(assigns, sub(r, l, -1)+" = "+v)
		}
		b.WriteString(strings.Join(assigns, "; "))
		return b.String()
	})
	return true
}

// isBlank reports whether x is the blank identifier.
func isBlank(x ast.Expr) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	return ok && id.Name == "_"
}

// inert reports whether x needs no temporary: a constant, a type, nil,
// a package's name.
func (o *orderer) inert(x ast.Expr) bool {
	tv := o.ct.info.Types[x]
	if tv.Value != nil || tv.IsType() || tv.IsNil() {
		return true
	}
	if id, ok := ast.Unparen(x).(*ast.Ident); ok {
		_, pkg := o.ct.info.Uses[id].(*types.PkgName)
		return pkg
	}
	return false
}

// needsSplit reports whether assignment as is one split writes in two
// phases.
func (o *orderer) needsSplit(as *ast.AssignStmt) bool {
	if o.ct == nil || as.Tok != token.ASSIGN || len(as.Lhs) < 2 || len(as.Lhs) != len(as.Rhs) {
		return false
	}
	nils := false
	for _, x := range as.Rhs {
		if tv := o.ct.info.Types[x]; tv.IsNil() {
			nils = true
		}
		if o.inert(x) {
			continue
		}
		tv, ok := o.ct.info.Types[x]
		if !ok || tv.Type == nil {
			return false
		}
		if b, ok := tv.Type.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
			return false
		}
	}
	for _, l := range as.Lhs {
		for _, x := range o.lhsOperands(l) {
			if o.ct.goType(x) == nil && !o.inert(x) {
				return false
			}
		}
	}
	if nils {
		return true
	}
	// The values' parts, when evaluating them changes nothing: a place
	// among them is checked before anything is assigned.
	read := map[string]bool{}
	pure := true
	for _, x := range as.Rhs {
		if o.hasCall(x) {
			pure = false
		}
	}
	if pure {
		for _, x := range as.Rhs {
			ast.Inspect(x, func(n ast.Node) bool {
				if e, ok := n.(ast.Expr); ok {
					read[types.ExprString(ast.Unparen(e))] = true
				}
				return true
			})
		}
	}
	seen := false
	for k, l := range as.Lhs {
		if k > 0 && seen {
			if panics, _ := o.placeSteps(l); panics && !read[types.ExprString(ast.Unparen(l))] {
				return true
			}
		}
		if o.observable(l) {
			seen = true
		}
	}
	return false
}

// observable reports whether an assignment to place l can be seen after
// a panic: l is not blank, nor a local variable no closure captures
// (except a named result of the function it is in).
func (o *orderer) observable(l ast.Expr) bool {
	id, ok := ast.Unparen(l).(*ast.Ident)
	if !ok {
		return true
	}
	if id.Name == "_" {
		return false
	}
	v, ok := o.ct.info.Uses[id].(*types.Var)
	if !ok {
		return true
	}
	if o.escapes[v] || o.topVars[v] || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return true
	}
	ft := o.ft
	return ft != nil && ft.Results != nil && v.Pos() >= ft.Results.Pos() && v.Pos() < ft.Results.End()
}

// placeSteps reports whether assigning place l may panic once its
// operands (lhsOperands) are evaluated: an index of a slice, a string, a
// pointer to an array, or of an array at a variable index; a pointer's
// indirection. ixs are the index expressions evaluated then (the place
// itself, an element of an array element).
func (o *orderer) placeSteps(l ast.Expr) (panics bool, ixs []*ast.IndexExpr) {
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
		t := o.ct.goType(l.X)
		if t == nil {
			return true, nil
		}
		switch t.Underlying().(type) {
		case *types.Map:
			return false, nil
		case *types.Array:
			panics, ixs = o.placeSteps(l.X)
			return panics || o.ct.info.Types[l.Index].Value == nil, append(ixs, l)
		}
		return true, []*ast.IndexExpr{l}
	case *ast.StarExpr:
		return true, nil
	case *ast.SelectorExpr:
		sel, ok := o.ct.info.Selections[l]
		if !ok {
			return false, nil // a package's variable
		}
		if sel.Kind() == types.FieldVal && !sel.Indirect() && !isPtr(l.X) {
			return o.placeSteps(l.X)
		}
		return true, nil
	}
	return false, nil
}
