package engine

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Workaround: switches yaegi compares wrongly.
//
// yaegi v0.16 gets two kinds of switch with a tag wrong (and a case
// value of an interface type in a switch without one, compared with true
// by compareTaglessIfaceCases):
//
//   - on a value of an interface type with a case value of another type
//     (`var i any = 3; switch i { case 3: }`) it panics ("reflect.Value.Convert:
//     value of type interface {} cannot be converted to type int"),
//     whatever the cases; the comparison i == 3 is right;
//   - a case's values after the first that need computing (a call, an
//     operator: `switch t { case 1, g(): }`) are never evaluated: the
//     switch compares the tag with a stale or zero value and silently takes
//     the wrong branch (yaegi's control flow runs only a clause's first
//     expression; its case compares them all).
//
// So such a switch compares in a tagless switch, over the tag's value held
// in a fresh variable (in a block, with the init statement, which keeps
// their scope; a label stays on the switch), one expression per case (a
// tagless case of several expressions evaluates only the first in yaegi):
//
//	switch i { case 1, t: ... }  ->  { _gns1 := i; switch { case _gns1 == 1 || _gns1 == t: ... } }
//
// Go evaluates the tag once, then compares it with each case value in
// order, top to bottom and left to right, up to the first equal one: as
// the || chain in a tagless switch does. (A parenthesized nil compares
// wrongly in yaegi, so a case value gets parentheses only when an operator
// of ==' precedence or lower would otherwise bind it.)

// rewriteInterfaceSwitches is the pass "switchiface".
func rewriteInterfaceSwitches(p *prep) {
	p.use(factSwitches)
	ct := p.cellTypes()
	labels := map[ast.Stmt]*ast.LabeledStmt{}
	p.pc.inspect(func(n ast.Node) bool {
		if ls, ok := n.(*ast.LabeledStmt); ok {
			labels[ls.Stmt] = ls
			return true
		}
		sw, ok := n.(*ast.SwitchStmt)
		if ok && sw.Tag == nil && sw.Body != nil {
			compareTaglessIfaceCases(p, ct, sw)
			return true
		}
		if !ok || sw.Tag == nil || sw.Body == nil || !switchNeedsCompares(ct, sw) {
			return true
		}
		p.tagless[sw] = true
		tt := ct.goType(sw.Tag)
		ifaceTag := tt != nil && isInterface(tt)
		v := p.r.fresh("s")
		start := ast.Node(sw)
		if ls := labels[sw]; ls != nil {
			start = ls
		}
		init, tag := sw.Init, sw.Tag
		p.r.add(p.off(start.Pos()), p.off(start.Pos()), func(r *renderer) string {
			s := "{ "
			if init != nil {
				s += r.render(p.off(init.Pos()), p.off(init.End())) + "; "
			}
			return s + v + " := " + r.render(p.off(tag.Pos()), p.off(tag.End())) + "; " + r.directive(p.off(start.Pos()))
		})
		// The header after the keyword goes (starting before the tag, so
		// that rendering the tag for the variable does not apply this).
		p.r.addText(p.off(sw.Switch)+len("switch"), p.off(tag.End()), "")
		for _, st := range sw.Body.List {
			cc, ok := st.(*ast.CaseClause)
			if !ok {
				continue
			}
			for i, e := range cc.List {
				e := e
				if i > 0 {
					p.r.addText(p.off(cc.List[i-1].End()), p.off(e.Pos()), " || ")
				}
				b, isBin := e.(*ast.BinaryExpr)
				paren := isBin && b.Op.Precedence() <= token.EQL.Precedence()
				// The concrete side of a comparison of an interface value
				// with a value of another type (fix_ifaceeq.go).
				how, et := ifaceEqPlain, ct.goType(e)
				iface, concrete, ifaceFirst := tt, et, true
				if !ifaceTag {
					iface, concrete, ifaceFirst = et, tt, false
				}
				if tt != nil && et != nil && isInterface(iface) && !isInterface(concrete) {
					how = ifaceEqKind(ct, concrete)
				}
				if how == ifaceEqRefuse {
					p.fail(e.Pos(), refuseIfaceEqMsg(concrete))
				}
				// A channel of another direction: yaegi's == wants
				// identical types, so the bidirectional side converts.
				convTag, convCase := "", ""
				if !ifaceTag && tt != nil && et != nil && isChan(et) && !types.Identical(et, tt) {
					if types.AssignableTo(tt, et) {
						convTag, _ = p.spellGoType(et)
					} else {
						convCase, _ = p.spellGoType(tt)
					}
					if convTag == "" && convCase == "" {
						p.fail(e.Pos(), "cannot compare the switch's channel with this case's channel of another direction here: the engine cannot name the channel type; compare them in an if")
					}
				}
				p.r.add(p.off(e.Pos()), p.off(e.End()), func(r *renderer) string {
					x := r.render(p.off(e.Pos()), p.off(e.End()))
					if how == ifaceEqAssert {
						in, cn := types.TypeString(iface, ct.cellQualifier), types.TypeString(concrete, ct.cellQualifier)
						args := v + ", " + x
						if !ifaceFirst {
							args = x + ", " + v
						}
						return "func(_gna " + in + ", _gnb " + cn + ") bool { if _gna == nil { return false }; _gnv, _gnok := _gna.(" + cn + "); return _gnok && _gnv == _gnb }(" + args + ")"
					}
					if convTag != "" {
						return "(" + convTag + ")(" + v + ") == " + x
					}
					if convCase != "" {
						return v + " == (" + convCase + ")(" + x + ")"
					}
					if paren {
						x = "(" + x + ")"
					}
					return v + " == " + x
				})
			}
		}
		p.r.addTail(p.off(sw.End()), " }")
		return true
	})
}

// compareTaglessIfaceCases writes the comparison with true that Go makes
// for a case value of an interface type in a switch without a tag
// (switch { case i: } with i any holding a bool): yaegi takes the case
// value for a bool and panics ("call of reflect.Value.Bool on interface
// Value"); i == true is right (switch.go of Go's tests, issue 3980).
func compareTaglessIfaceCases(p *prep, ct *cellTypes, sw *ast.SwitchStmt) {
	for _, st := range sw.Body.List {
		cc, ok := st.(*ast.CaseClause)
		if !ok {
			continue
		}
		for _, e := range cc.List {
			if isInterface(ct.goType(e)) {
				p.r.addTail(p.off(e.End()), " == true")
			}
		}
	}
}

// switchNeedsCompares reports whether yaegi's switch on sw's tag would be
// wrong: the tag is of an interface type and a case value is not (nor
// nil), a concrete tag of a type fix_ifaceeq.go names has an interface
// case value, or a case value after a clause's first needs computing (it
// is neither a constant nor a name).
func switchNeedsCompares(ct *cellTypes, sw *ast.SwitchStmt) bool {
	tt := ct.goType(sw.Tag)
	ifaceTag := tt != nil && types.IsInterface(tt)
	for _, st := range sw.Body.List {
		cc, ok := st.(*ast.CaseClause)
		if !ok {
			continue
		}
		for _, e := range cc.List {
			et := ct.goType(e)
			if et == nil || tt == nil {
				continue
			}
			if ifaceTag && !isInterface(et) && !isUntypedNil(et) {
				return true // the panic converting
			}
			if !ifaceTag && isInterface(et) && ifaceEqKind(ct, tt) != ifaceEqPlain {
				return true // a concrete tag yaegi compares wrongly with an interface value
			}
			if !ifaceTag && isUntypedNil(et) {
				return true // switch s { case nil: } never matches a nil slice, map or func
			}
			if !ifaceTag && !isInterface(et) && !types.Identical(et, tt) && isChan(et) {
				return true // channels of other directions: yaegi's switch never matches
			}
			// (Interface case values of an interface tag: yaegi's switch
			// compares wrapped values right, its == does not.)
		}
		for _, e := range cc.List[min(1, len(cc.List)):] {
			if _, name := ast.Unparen(e).(*ast.Ident); name {
				continue
			}
			if ct.info != nil {
				if tv, ok := ct.info.Types[e]; ok && tv.Value != nil {
					continue
				}
			}
			return true
		}
	}
	return false
}

func isChan(t types.Type) bool {
	_, ok := t.Underlying().(*types.Chan)
	return ok
}

func isUntypedNil(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Kind() == types.UntypedNil
}
