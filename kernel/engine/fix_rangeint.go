package engine

import (
	"go/ast"
	"go/token"
)

// Workaround: range over an integer (Go 1.22); range over a function is
// rejected.
//
// yaegi v0.16 panics with log.Panic("nil type") outside Eval on
// `for i := range n`, and cannot range over functions (Go 1.23). So
// `for i := range n` with an integer n becomes the three-clause loop
// `for i := n - n; i < n; i++` (n evaluated once, in a block around the
// loop, unless it is a literal or an identifier, or the loop is labeled),
// and a range over a value the engine sees is a function is rejected
// with an error naming the construct. A range over an operand the engine
// cannot classify is left alone; its position is noted for the message
// if yaegi crashes on it.

// intTypeNames are the predeclared integer types.
var intTypeNames = map[string]bool{
	"int": true, "int8": true, "int16": true, "int32": true, "int64": true, "rune": true, "byte": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true, "uintptr": true,
}

// rewriteRangeInt is the pass "rangeint". It runs after the compound
// pass so that a top-level loop's function-literal wrapper encloses the
// block it adds.
func rewriteRangeInt(p *prep) {
	p.use(factWrappers)
	p.use(factRangeVars)
	labeled := map[ast.Node]bool{}
	visit := func(n ast.Node) bool {
		if p.err != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.LabeledStmt:
			labeled[n.Stmt] = true
		case *ast.RangeStmt:
			rewriteRange(p, n, labeled[n])
		}
		return true
	}
	p.pc.inspect(visit)
}

func rewriteRange(p *prep, rs *ast.RangeStmt, labeled bool) {
	operand := func(r *renderer) string { return "(" + r.render(p.off(rs.X.Pos()), p.off(rs.X.End())) + ")" }
	_, simple := rs.X.(*ast.BasicLit)
	if count, lit, ok := arrayRangeCount(p, rs); ok && (lit || !labeled) && (rs.Key == nil || isIdentExpr(rs.Key)) {
		// A range counting over an array (fix_arraylen.go).
		operand, simple = count, lit
	} else {
		switch p.classify(rs.X) {
		case classFunc:
			p.fail(rs.X.Pos(), "range over func (Go 1.23 iterators) is not supported by the gophernote interpreter: call the function with a callback, or collect the values into a slice first")
			return
		case classUnknown:
			p.pl.rangeUnknown = append(p.pl.rangeUnknown, p.posString(rs.For))
			return
		case classOther:
			return
		}
	}
	n := operand
	if !simple && !labeled {
		if _, id := rs.X.(*ast.Ident); !id {
			// Evaluate the operand once, in a block around the loop (a
			// labeled loop re-evaluates it instead: the label must stay on
			// the loop).
			tmp := p.r.fresh("n")
			p.r.addText(p.off(rs.Pos()), p.off(rs.Pos()), "{ "+tmp+" := ")
			p.r.add(p.off(rs.Pos()), p.off(rs.Pos()), func(r *renderer) string { return operand(r) + "; " + r.directive(p.off(rs.Pos())) })
			p.r.addTail(p.off(rs.End()), " }")
			n = func(*renderer) string { return tmp }
		}
	}
	key := ""
	if id, ok := rs.Key.(*ast.Ident); ok && id.Name != "_" {
		key = id.Name
	}
	if key == "" || rs.Tok != token.DEFINE && rs.Tok != token.ASSIGN {
		key = p.r.fresh("i")
	}
	assign := ":="
	if kid, ok := rs.Key.(*ast.Ident); ok && rs.Tok == token.ASSIGN && key == kid.Name {
		assign = "="
	}
	if fk, ok := p.rangeKeys[rs]; ok {
		// The loop ranges over fresh variables (fix_rangevars.go).
		key, assign = fk, ":="
		if fk == "_" {
			key = p.r.fresh("i")
		}
	}
	p.r.add(p.off(rs.For), p.off(rs.X.End()), func(r *renderer) string {
		nt := n(r)
		init := key + " " + assign + " " + nt + " - " + nt
		if simple && assign == ":=" {
			init = key + " := 0"
			if lit, ok := rs.X.(*ast.BasicLit); ok && lit.Kind == token.CHAR {
				init = key + " := rune(0)" // range 'a' counts in runes
			}
		}
		return "for " + init + "; " + key + " < " + nt + "; " + key + "++"
	})
}
