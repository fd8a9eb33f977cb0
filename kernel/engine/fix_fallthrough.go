package engine

import (
	"go/ast"
	"go/token"
)

// Workaround: fallthrough into or out of a default clause that is not
// the last clause of its switch.
//
// yaegi v0.16 runs a switch's default clause as if it came last: a
// fallthrough at the end of the clause before it goes to the clause after
// the default, and one at the end of the default clause leaves the switch
// (switch { default: n++; fallthrough; case false: n++ } leaves n at 1,
// Go 2; switch.go of Go's tests). A fallthrough to any other clause is
// right. So the pass "fallthrough" replaces each fallthrough that is the
// default clause's own, or that goes into it, by the bodies of the clauses
// it runs into, each in a block of its own (following their fallthroughs
// to the end of the chain): what Go runs there, with the same break
// (it still leaves the switch). A body so copied that declares a label is
// refused (the label would be declared twice).

// inlineDefaultFallthroughs is the pass "fallthrough".
func inlineDefaultFallthroughs(p *prep) {
	p.pc.inspect(func(n ast.Node) bool {
		sw, ok := n.(*ast.SwitchStmt)
		if !ok || sw.Body == nil {
			return true
		}
		clauses := make([]*ast.CaseClause, len(sw.Body.List))
		def := -1
		for i, s := range sw.Body.List {
			clauses[i] = s.(*ast.CaseClause)
			if clauses[i].List == nil {
				def = i
			}
		}
		if def < 0 || def == len(clauses)-1 {
			return true
		}
		// trailing returns a clause's fallthrough statement, or nil.
		trailing := func(cc *ast.CaseClause) *ast.BranchStmt {
			if len(cc.Body) == 0 {
				return nil
			}
			if b, ok := cc.Body[len(cc.Body)-1].(*ast.BranchStmt); ok && b.Tok == token.FALLTHROUGH {
				return b
			}
			return nil
		}
		for i, cc := range clauses {
			ft := trailing(cc)
			if ft == nil || (i != def && i+1 != def) {
				continue
			}
			// The chain of bodies the fallthrough runs into.
			type body struct{ start, end int }
			var chain []body
			for j := i + 1; j < len(clauses); j++ {
				next := clauses[j]
				if labels(next) {
					p.fail(ft.Pos(), "a fallthrough into or out of a default clause that is not the last one, into a clause that declares a label, is not supported by the gophernote interpreter: move the default clause to the end of the switch")
					return false
				}
				b := body{start: p.off(next.Colon) + 1, end: p.off(next.End())}
				nft := trailing(next)
				if nft != nil {
					b.end = p.off(nft.Pos())
				}
				chain = append(chain, b)
				if nft == nil {
					break
				}
			}
			start, end := p.off(ft.Pos()), p.off(ft.End())
			p.r.add(start, end, func(r *renderer) string {
				s := ""
				for _, b := range chain {
					s += "{" + r.renderApart(b.start, b.end, -1, false) + "\n}; "
				}
				return s
			})
		}
		return true
	})
}

// labels reports whether the clause's body declares a label.
func labels(cc *ast.CaseClause) bool {
	found := false
	for _, s := range cc.Body {
		ast.Inspect(s, func(n ast.Node) bool {
			if _, ok := n.(*ast.LabeledStmt); ok {
				found = true
			}
			if _, ok := n.(*ast.FuncLit); ok {
				return false // a function literal's labels are its own
			}
			return !found
		})
	}
	return found
}
