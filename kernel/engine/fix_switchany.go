package engine

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"
)

// Workaround: a type switch on an any with a case naming a cell's
// interface.
//
// yaegi v0.16 decides case I (I an interface of the cell with methods) of
// a type switch on an any by the same check as its assertion x.(I) from
// an any (see assertFromAny in fix_assertiface.go): a value that came out
// of a function call — var e any = mk() with func mk() *S, or any value
// the pass ifacecopy routes through its copying function literal — has
// lost the methods yaegi looks for, so the case is missed and the switch
// takes default (Go's fixedbugs/bug141.go: "failed to match interface").
//
// The pass "switchany" rewrites such a switch into a switch on the number
// of the clause that Go takes, found by a function literal that tries the
// clauses in order: its types of compiled packages, concrete types and nil
// with yaegi's own type switch (which decides those right), and each cell
// interface I with the comma-ok assertion of assertFromAny. Each clause
// then binds the switch's variable itself:
//
//	switch v := e.(type) { case *S: A; case I: B; default: C }
//	→ { _gnTE1 := e; switch func(_gnsx any) int { switch _gnv := _gnrt.IfaceInner(_gnsx).(type) { case *S: _ = _gnv; return 0 }; if _, _gnok := ASSERT(_gnsx); _gnok { return 1 }; return -1 }(_gnTE1) {
//	  case 0: v := _gnTE1.(*S); _ = v; A; case 1: v, _ := ASSERT(_gnTE1); _ = v; B; default: v := _gnTE1; _ = v; C } }
//
// (ASSERT: assertFromAny's function literal.) An operand of a cell's
// interface type with methods goes the same way (its case interface{ bar() int }
// missed a cell struct value: typeparam/typeswitch7.go). So does a switch
// on an any with a case naming a cell type with methods (a box of
// fix_boxnamed.go among them): yaegi holds such a value in an any inside its wrapper for a
// compiled interface after append(xs, v, w) or any(v) (stdlib._fmt_Stringer),
// and its own switch missed the case; IfaceInner unwraps it. Left to yaegi: a
// switch with an init statement, on an operand of no interface type, or
// where no cell interface case can be checked that way.

// wrappedInAny reports whether values of t, a cell type (or a pointer to
// one) with methods, can reach an any in yaegi's wrapper for a compiled
// interface.
func wrappedInAny(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		if pt, ok := types.Unalias(t).(*types.Pointer); ok {
			n, ok = types.Unalias(pt.Elem()).(*types.Named)
			if !ok {
				return false
			}
		} else {
			return false
		}
	}
	if n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "main" || types.IsInterface(n) {
		return false
	}
	return types.NewMethodSet(types.NewPointer(n)).Len() > 0
}

// lowerAnySwitches is the pass "switchany".
func lowerAnySwitches(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	p.use(factAnySwitches)
	n := 0
	labels := map[ast.Stmt]*ast.LabeledStmt{}
	p.pc.inspect(func(node ast.Node) bool {
		if ls, ok := node.(*ast.LabeledStmt); ok {
			labels[ls.Stmt] = ls
			return true
		}
		ts, ok := node.(*ast.TypeSwitchStmt)
		if !ok || ts.Init != nil {
			return true
		}
		var x ast.Expr
		var bound *ast.Ident
		switch a := ts.Assign.(type) {
		case *ast.AssignStmt:
			if len(a.Lhs) != 1 || len(a.Rhs) != 1 {
				return true
			}
			ta, ok := a.Rhs[0].(*ast.TypeAssertExpr)
			if !ok {
				return true
			}
			x, bound = ta.X, a.Lhs[0].(*ast.Ident)
		case *ast.ExprStmt:
			ta, ok := a.X.(*ast.TypeAssertExpr)
			if !ok {
				return true
			}
			x = ta.X
		default:
			return true
		}
		xt := ct.goType(x)
		if xt == nil || isTypeParam(xt) {
			return true
		}
		if xi, ok := types.Unalias(xt).Underlying().(*types.Interface); !ok || xi.NumMethods() > 0 && !cellInterface(xt) {
			return true // error and compiled interfaces: fix_typeswitch.go
		}
		// Per clause, in order: the matcher's code and the binding.
		type clause struct {
			cc      *ast.CaseClause
			match   string // code returning the clause's number when it matches
			binding string // the bound variable's initializer ("" for none)
		}
		var clauses []clause
		lowered := false
		for i, s := range ts.Body.List {
			cc := s.(*ast.CaseClause)
			if cc.List == nil {
				clauses = append(clauses, clause{cc: cc, binding: "_gnTE"})
				continue
			}
			k := strconv.Itoa(i)
			var b strings.Builder
			var native []string
			flush := func() {
				if len(native) > 0 {
					b.WriteString("switch _gnv := " + rtName + ".IfaceInner(_gnsx).(type) { case " + strings.Join(native, ", ") + ": _ = _gnv; return " + k + " }; ")
					native = nil
				}
			}
			binding := "_gnTE"
			for _, te := range cc.List {
				typ := p.text(te)
				tv, ok := ct.info.Types[te]
				if !ok || namesLocalType(ct, te) {
					return true
				}
				var lit string
				if tv.IsType() {
					if it, ok := tv.Type.Underlying().(*types.Interface); ok && it.NumMethods() > 0 {
						lit, _ = anyAssertFunc(p, ct, te.Pos(), tv.Type, it, typ, true)
					} else if ok && !isTypeParam(tv.Type) {
						// case any: every non-nil value (yaegi's own
						// switch binding a variable crashed on a nil
						// operand there).
						lowered = true
						flush()
						b.WriteString("if _gnsx != nil { return " + k + " }; ")
						if len(cc.List) == 1 {
							binding = "any(_gnTE)"
						}
						continue
					}
				}
				if lit == "" {
					if tv.IsType() && wrappedInAny(tv.Type) && types.Unalias(xt).Underlying().(*types.Interface).Empty() {
						// yaegi may hold such a value in an any inside its
						// wrapper for a compiled interface (stdlib._fmt_Stringer,
						// after append(xs, v, w) or any(v)), which its own
						// switch misses: IfaceInner unwraps it.
						lowered = true
					}
					native = append(native, typ)
					if len(cc.List) == 1 && !tv.IsNil() {
						binding = "_gnTE.(" + typ + ")"
					}
					continue
				}
				lowered = true
				flush()
				b.WriteString("if _, _gnok := " + lit + "(_gnsx); _gnok { return " + k + " }; ")
				if len(cc.List) == 1 {
					binding = lit + "(_gnTE)"
				}
			}
			flush()
			clauses = append(clauses, clause{cc: cc, match: b.String(), binding: binding})
		}
		if !lowered {
			return true
		}
		n++
		p.anySwitches[ts] = true
		te := "_gnTE" + strconv.Itoa(n)
		var m strings.Builder
		m.WriteString("func(_gnsx any) int { ")
		for _, c := range clauses {
			m.WriteString(c.match)
		}
		m.WriteString("return -1 }(" + te + ")")
		if xi := types.Unalias(xt).Underlying().(*types.Interface); xi.NumMethods() > 0 {
			// A nil value of an interface with methods made a non-nil any
			// in yaegi: the clause of case nil (or default) is chosen first.
			nilCase := "-1"
			for i, c := range clauses {
				if c.cc.List == nil {
					continue
				}
				for _, e := range c.cc.List {
					if tv, ok := ct.info.Types[e]; ok && tv.IsNil() {
						nilCase = strconv.Itoa(i)
					}
				}
			}
			body := m.String()
			m.Reset()
			m.WriteString("func() int { if " + te + " == nil { return " + nilCase + " }; return " + body + " }()")
		}
		// The operand goes into a variable in a block around the switch
		// (a label stays on the switch): yaegi takes a switch's default
		// clause, when it comes first, for a tag that is a call after an
		// init statement (see fix_switchinit.go).
		x0, x1 := p.off(x.Pos()), p.off(x.End())
		start := ast.Node(ts)
		if ls := labels[ts]; ls != nil {
			start = ls
		}
		p.r.add(p.off(start.Pos()), p.off(start.Pos()), func(r *renderer) string {
			return "{ " + te + " := " + r.render(x0, x1) + "; "
		})
		p.r.addText(p.off(ts.Assign.Pos()), p.off(ts.Assign.End()), m.String())
		p.r.addTail(p.off(ts.End()), " }")
		for i, c := range clauses {
			if c.cc.List != nil {
				p.r.addText(p.off(c.cc.List[0].Pos()), p.off(c.cc.List[len(c.cc.List)-1].End()), strconv.Itoa(i))
			}
			if bound == nil {
				continue
			}
			init := strings.ReplaceAll(c.binding, "_gnTE", te)
			def := " " + bound.Name + " := " + init + "; _ = " + bound.Name + ";"
			if strings.HasPrefix(init, "func(") {
				def = " " + bound.Name + ", _ := " + init + "; _ = " + bound.Name + ";"
			}
			at := p.off(c.cc.Colon) + 1
			p.r.addText(at, at, def)
		}
		return true
	})
}

// namesLocalType reports whether the type expression te names a type
// declared inside a function (the pass localtypes renames those in the
// cell's text, which the matcher's copy of te would miss).
func namesLocalType(ct *cellTypes, te ast.Expr) bool {
	local := false
	ast.Inspect(te, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if tn, ok := ct.info.Uses[id].(*types.TypeName); ok && tn.Pkg() != nil && tn.Parent() != tn.Pkg().Scope() {
				local = true
			}
		}
		return !local
	})
	return local
}
