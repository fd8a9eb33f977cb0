package engine

import (
	"fmt"
	"go/ast"
	"reflect"

	"github.com/traefik/yaegi/interp"
)

// Speed: fmt.Println, Print and Printf as statements.
//
// A call from interpreted code into a compiled function goes through
// reflect, and yaegi's cost grows with what the call carries: the slice
// of a variadic parameter, and the results it stores (fmt.Println's n and
// err). A statement `fmt.Println(x)` uses neither result, so it becomes
// _gnrt.Println1(x) (one argument: no slice, no results) or, with other
// arguments, _gnrt.Println(args...) (no results): the same text to the
// same stream, at about half the cost per call (BenchmarkStream200k; the
// 200,000-line loop of BENCH stream-200k-lines spends most of its time
// there). The functions get the interface wrapping yaegi applies to fmt's
// (fix_errors.go's MapTypes), so cell types print with their Error and
// String methods as before.

// fastPrints maps fmt's function to the replacement for a statement
// call with one argument and with any other number.
var fastPrints = map[string][2]string{
	"Println": {"Println1", "PrintlnN"},
	"Print":   {"Print1", "PrintN"},
	"Printf":  {"", "PrintfN"},
}

func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		out := streamWriter{e.out, "stdout"}
		return map[string]reflect.Value{
			"Println1": reflect.ValueOf(func(a any) { fmt.Fprintln(out, a) }),
			"PrintlnN": reflect.ValueOf(func(a ...any) { fmt.Fprintln(out, a...) }),
			"Print1":   reflect.ValueOf(func(a any) { fmt.Fprint(out, a) }),
			"PrintN":   reflect.ValueOf(func(a ...any) { fmt.Fprint(out, a...) }),
			"PrintfN":  reflect.ValueOf(func(format string, a ...any) { fmt.Fprintf(out, format, a...) }),
		}
	})
}

// fastPrintMapTypes gives the one-argument replacements the wrapping
// fix_errors.go gives fmt's variadic functions (the variadic ones get it
// there already).
func (e *Engine) fastPrintMapTypes() interp.Exports {
	m := map[reflect.Value][]reflect.Type{}
	for _, name := range []string{"Println1", "Print1"} {
		if v, ok := e.syms[rtPath][name]; ok {
			m[v] = fmtArgTypes
		}
	}
	return interp.Exports{".": {"MapTypes": reflect.ValueOf(m)}}
}

// rewriteFastPrints is the pass "fastprint".
func rewriteFastPrints(p *prep) {
	visit := func(n ast.Node) bool {
		es, ok := n.(*ast.ExprStmt)
		if !ok {
			return true
		}
		c, ok := es.X.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok || !p.isPkg(id, "fmt") {
			return true
		}
		names, ok := fastPrints[sel.Sel.Name]
		if !ok {
			return true
		}
		name := names[1]
		// One single-valued argument (not f() with several results).
		if len(c.Args) == 1 && !c.Ellipsis.IsValid() && names[0] != "" && p.arity(c.Args[0]) == 1 {
			name = names[0]
		}
		p.r.addText(p.off(sel.Pos()), p.off(sel.End()), rtName+"."+name)
		return true
	}
	p.pc.inspect(visit)
}
