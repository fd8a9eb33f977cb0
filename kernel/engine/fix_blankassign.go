package engine

import (
	"go/ast"
	"go/token"
)

// Workaround: assignments to _ among a cell's top-level statements.
//
// yaegi v0.16 gives _ at a cell's top level (its global scope) a frame
// slot of its own, typed by the first value assigned to it: a later
// `_ = e` of another type in the same cell panics in reflect.Set ("value
// of type [3]int is not assignable to type map[int]int";
// fixedbugs/issue17640.go as notebook cells). Inside a function each _ is
// a fresh slot. So the pass "blankassign" writes each value of a top-level
// `_ = e` (one value per _) as interface{}(e): the slot always holds an
// interface, e is evaluated where it was, and its value is dropped as Go
// drops it.

// rewriteBlankAssigns is the pass "blankassign".
func rewriteBlankAssigns(p *prep) {
	for _, s := range p.pc.stmts.Body.List {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			continue
		}
		blank := true
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); !ok || id.Name != "_" {
				blank = false
			}
		}
		if !blank {
			continue
		}
		for _, r := range as.Rhs {
			p.r.addText(p.off(r.Pos()), p.off(r.Pos()), "interface{}(")
			p.r.addTail(p.off(r.End()), ")")
		}
	}
}
