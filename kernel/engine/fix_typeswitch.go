package engine

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"
)

// Workaround: a type switch that binds no variable never takes a case
// naming a cell struct type.
//
// yaegi v0.16.1 runs switch v.(type) { case P: ... } (P a struct type of
// the cell, v holding a P) as if no case matched: it takes default, or
// nothing; the same switch written switch x := v.(type) takes case P. A
// shape taught in every first lesson (switch s.(type) { case Circle: ...
// }) printed nothing. The pass "typeswitch" binds a fresh variable in
// every type switch that binds none: switch _gnTS1 := v.(type). yaegi,
// unlike Go, does not refuse a bound variable that no clause uses.
//
// Workaround: a type switch on a value of a cell's interface type, or of
// type error.
//
// On a value of an interface type with methods that the cell declares
// (type Shape interface{ Area() float64 }), yaegi's type switch decides by
// the type the value carries, which is the interface's when the value was
// converted to it explicitly or returned as it (I(S{}), a func New()
// Shape): case S was missed for a value holding an S (typeparam/
// issue50002.go: "wanted match, got mismatch"), and case nil was missed
// for a nil value. yaegi's comma-ok assertion x.(S) answers right there.
// So such a switch chooses its clause by comma-ok assertions, in Go's
// order, over the value held in a fresh variable, then switches on the
// clause's number; a bound variable is defined at the top of each clause,
// of the case's type when it names one, else of the switch's:
//
//	switch v := x.(type) { case S: A; case nil: B; default: C }
//	->
//	{ _gntx1 := x; _gntk2 := 0; if _gntx1 != nil { if _, _gnok := _gntx1.(S); _gnok { _gntk2 = 1 } };
//	  if _gntk2 == 0 && _gntx1 == nil { _gntk2 = 2 }; switch _gntk2 { case 1: v := _gntx1.(S); _ = v; A; case 2: v := _gntx1; _ = v; B; default: v := _gntx1; _ = v; C } }
//
// A switch on an error is written the same way (yaegi's switch missed
// case *T for an error holding a *T, where its comma-ok assertion holds);
// a case of a struct type with fields is refused there (lostInError).
// (An init statement goes first in the block; a label moves to the inner
// switch, so break L still leaves it.) A switch with a case of an empty
// struct type, when the session has several, stays yaegi's: its assertion
// takes all empty struct types for one (yaegi's _test/switch18.go).

// bindTypeSwitches is the pass "typeswitch".
func bindTypeSwitches(p *prep) {
	p.use(factAnySwitches)
	ct := p.cellTypes()
	labels := map[ast.Stmt]*ast.LabeledStmt{}
	n := 0
	p.pc.inspect(func(node ast.Node) bool {
		if ls, ok := node.(*ast.LabeledStmt); ok {
			labels[ls.Stmt] = ls
			return true
		}
		ts, ok := node.(*ast.TypeSwitchStmt)
		if !ok || p.anySwitches[ts] {
			return true
		}
		if lowerCellIfaceSwitch(p, ct, ts, labels[ts]) {
			return true
		}
		if es, ok := ts.Assign.(*ast.ExprStmt); ok {
			n++
			off := p.off(es.X.Pos())
			p.r.addText(off, off, "_gnTS"+strconv.Itoa(n)+" := ")
		}
		return true
	})
}

// lowerCellIfaceSwitch writes type switch ts, when its operand is of an
// interface type with methods that the cell declares, as comma-ok
// assertions and a switch on the clause's number (see the header); ls is
// its label, or nil. It reports whether it did.
func lowerCellIfaceSwitch(p *prep, ct *cellTypes, ts *ast.TypeSwitchStmt, ls *ast.LabeledStmt) bool {
	if ct == nil || ct.info == nil || ts.Body == nil {
		return false
	}
	var x ast.Expr
	bound := ""
	switch a := ts.Assign.(type) {
	case *ast.ExprStmt:
		if ta, ok := a.X.(*ast.TypeAssertExpr); ok {
			x = ta.X
		}
	case *ast.AssignStmt:
		if len(a.Lhs) == 1 && len(a.Rhs) == 1 {
			if ta, ok := a.Rhs[0].(*ast.TypeAssertExpr); ok {
				x = ta.X
				if id, ok := a.Lhs[0].(*ast.Ident); ok && id.Name != "_" {
					bound = id.Name
				}
			}
		}
	}
	if x == nil {
		return false
	}
	xt := ct.goType(x)
	if xt == nil || isTypeParam(xt) {
		return false
	}
	named, ok := types.Unalias(xt).(*types.Named)
	isErr := types.Identical(xt, types.Universe.Lookup("error").Type())
	if !isErr && (!ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != ct.pkg.Path()) {
		return false
	}
	if it, ok := named.Underlying().(*types.Interface); !ok || it.NumMethods() == 0 {
		return false
	}
	// Every case must be a nil or a type the cell can write again.
	for _, st := range ts.Body.List {
		cc, ok := st.(*ast.CaseClause)
		if !ok {
			return false
		}
		for _, e := range cc.List {
			tv, ok := ct.info.Types[e]
			if !ok || !(tv.IsType() || tv.IsNil()) {
				return false
			}
			if isErr && tv.IsType() && lostInError(ct, tv.Type) {
				p.fail(e.Pos(), errorValueStructMsg(ct, tv.Type, "this type switch case"))
				return true
			}
			if tv.IsType() && emptyStructType(tv.Type) && emptyStructTypes(ct) > 1 {
				// All empty struct types are one to yaegi's assertion
				// (canary emptystructs); its switch tells them apart.
				return false
			}
		}
	}
	xv, kv := p.r.fresh("tx"), p.r.fresh("tk")
	start := ast.Node(ts)
	if ls != nil {
		start = ls
	}
	init := ts.Init
	label := ""
	if ls != nil {
		label = ls.Label.Name + ": "
	}
	p.r.add(p.off(start.Pos()), p.off(ts.Body.Lbrace)+1, func(r *renderer) string {
		var b strings.Builder
		b.WriteString("{ ")
		if init != nil {
			b.WriteString(r.render(p.off(init.Pos()), p.off(init.End())) + "; ")
		}
		b.WriteString(xv + " := " + r.render(p.off(x.Pos()), p.off(x.End())) + "; " + kv + " := 0; ")
		k := 0
		for _, st := range ts.Body.List {
			cc := st.(*ast.CaseClause)
			if cc.List == nil {
				continue
			}
			k++
			for _, e := range cc.List {
				ks := strconv.Itoa(k)
				if ct.info.Types[e].IsNil() {
					b.WriteString("if " + kv + " == 0 && " + xv + " == nil { " + kv + " = " + ks + " }; ")
					continue
				}
				typ := r.render(p.off(e.Pos()), p.off(e.End()))
				b.WriteString("if " + kv + " == 0 && " + xv + " != nil { if _, _gnok := " + xv + ".(" + typ + "); _gnok { " + kv + " = " + ks + " } }; ")
			}
		}
		b.WriteString(r.directive(p.off(ts.Switch)) + label + "switch " + kv + " {")
		return b.String()
	})
	k := 0
	for _, st := range ts.Body.List {
		cc := st.(*ast.CaseClause)
		head := "default:"
		if cc.List != nil {
			k++
			head = "case " + strconv.Itoa(k) + ":"
		}
		var one ast.Expr
		if len(cc.List) == 1 && !ct.info.Types[cc.List[0]].IsNil() {
			one = cc.List[0]
		}
		p.r.add(p.off(cc.Case), p.off(cc.Colon)+1, func(r *renderer) string {
			if bound == "" {
				return head
			}
			v := xv
			if one != nil {
				v = xv + ".(" + r.render(p.off(one.Pos()), p.off(one.End())) + ")"
			}
			return head + " " + bound + " := " + v + "; _ = " + bound + ";"
		})
	}
	p.r.addTail(p.off(ts.End()), " }")
	return true
}

// emptyStructType reports whether t, or the type t points to, is a struct
// type without fields.
func emptyStructType(t types.Type) bool {
	if pt, ok := t.Underlying().(*types.Pointer); ok {
		t = pt.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return ok && st.NumFields() == 0
}

// emptyStructTypes counts the session's top-level struct types without
// fields.
func emptyStructTypes(ct *cellTypes) int {
	n := 0
	scope := ct.pkg.Scope()
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && !tn.IsAlias() && emptyStructType(tn.Type()) {
			if _, ptr := tn.Type().Underlying().(*types.Pointer); !ptr {
				n++
			}
		}
	}
	return n
}

// lostInError reports whether a value of type t, a struct type of the
// session with fields, cannot be found again in an error: yaegi's wrapper
// of a struct value converted to error holds its last field instead of the
// value (interp.getConcreteValue; fix_errors.go), so an assertion or a
// type switch case of t on an error never holds.
func lostInError(ct *cellTypes, t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != ct.pkg.Path() {
		return false
	}
	st, ok := n.Underlying().(*types.Struct)
	return ok && st.NumFields() > 0
}

// compiledIfaceStructMsg is the refusal of what (an assertion, a type
// switch case) of struct type t on a value of a compiled package's
// interface with methods, xt (io.Writer, sort.Interface): a struct value
// passed to a parameter of that type reaches the function in yaegi's
// wrapper for the interface, which holds its last field, not the value
// (func f(w io.Writer) { s, ok := w.(S) } gave false for f(S{3})).
func compiledIfaceStructMsg(ct *cellTypes, t, xt types.Type, what string) string {
	name := types.TypeString(t, ct.cellQualifier)
	iface := types.TypeString(xt, func(p *types.Package) string { return p.Name() })
	return what + " of " + name + " on a value of type " + iface + " is not supported by the gophernote interpreter: it may hold a struct value converted to " + iface +
		" without the value, so the answer could differ from Go's; give " + name + "'s methods pointer receivers and use *" + name + " (&" + name + "{...}), or assert to an interface"
}

// errorValueStructMsg is the refusal of what (an assertion, a type switch
// case) of struct type t on an error.
func errorValueStructMsg(ct *cellTypes, t types.Type, what string) string {
	name := types.TypeString(t, ct.cellQualifier)
	return what + " of " + name + " on an error is not supported by the gophernote interpreter: it keeps a struct value converted to error " +
		"without the value, so the case would never match; give " + name + "'s methods pointer receivers and use *" + name + " (&" + name + "{...})"
}
