package engine

import (
	"go/ast"
	"go/types"
	"reflect"
	"strings"
)

// Workaround: a panic raised by a deferred call.
//
// In Go, when a deferred call panics the function's remaining deferred
// calls still run, and a recover in one of them stops the new panic.
// yaegi v0.16 runs a function's deferred calls in a loop inside its own
// deferred function: a panic out of one of them ends the loop, so the
// deferred calls registered before it never run (defer func() {
// recover() }(); defer func() { panic(1) }() ended the program).
//
// So in a function with more than one defer statement, or a defer in a
// loop, the pass "deferargs" (fix_deferargs.go) makes each deferred call
// C (its operands already in temporaries) a wrapper that cannot panic,
// and keeps the panic in flight in a variable of the function, pending:
//
//	defer func() {
//		if r := recover(); r != nil { pending = r }  // the function's own panic
//		defer func() { if r := recover(); r != nil { pending = r } }()
//		func() { p := pending; pending = nil; defer C; if p != nil { _gnrt.Repanic(p) } }()
//	}()
//
// C runs as the deferred call of the inner literal, which re-raises the
// pending panic: a recover in C sees it, as in Go, and a panic out of C
// (or the pending one, not recovered) becomes the pending panic for the
// next deferred call. The function starts with
//
//	var pending any; defer func() { if pending != nil { _gnrt.Repanic(pending) } }()
//
// which, run last, raises what no deferred call recovered. The panics are
// raised again by a compiled function (_gnrt.Repanic) with the value
// recover returned, which is yaegi's own panic value: an interpreted
// panic(p) would wrap it once more. A deferred call whose function value
// is computed (defer f()(), defer fs[i](), defer (func())(nil)()) has it
// in a temporary first (evalDeferred), as has a variable holding one, so
// the wrapper calls the value the defer statement computed (a nil one
// panics inside the wrapper, as Go's deferred call does).

func init() {
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"Repanic": reflect.ValueOf(repanic)}
	})
}

// repanic raises v again, as yaegi's panic raised it (what recover
// returned: a panic of an interpreted panic(v) statement would wrap it
// once more).
func repanic(v any) { panic(v) }

// deferPanics holds the pending-panic variable of each function whose
// defers are wrapped.
type deferPanics struct {
	p     *prep
	names map[ast.Node]string
}

// pending returns the variable fn keeps its pending panic in, declaring
// it at the start of fn's body the first time; "" when fn's defers need
// no wrapper (a single defer statement, outside loops).
func (dp *deferPanics) pending(fn ast.Node) string {
	if name, ok := dp.names[fn]; ok {
		return name
	}
	var body *ast.BlockStmt
	switch f := fn.(type) {
	case *ast.FuncDecl:
		body = f.Body
	case *ast.FuncLit:
		body = f.Body
	}
	name := ""
	if body != nil && severalDefers(body) {
		name = dp.p.r.fresh("pending")
		at := dp.p.off(body.Lbrace) + 1
		dp.p.r.addText(at, at, " var "+name+" any; defer func() { if "+name+" != nil { _gnrt.Repanic("+name+") } }();")
	}
	if dp.names == nil {
		dp.names = map[ast.Node]string{}
	}
	dp.names[fn] = name
	return name
}

// severalDefers reports whether body (not counting function literals in
// it) has more than one defer statement or one in a loop.
func severalDefers(body *ast.BlockStmt) bool {
	n := 0
	var loops []ast.Node
	ast.Inspect(body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			loops = append(loops, x)
		case *ast.DeferStmt:
			n++
			for _, l := range loops {
				if x.Pos() >= l.Pos() && x.Pos() < l.End() {
					n++
				}
			}
		}
		return n < 2
	})
	return n >= 2
}

// wrapsDeferred reports whether a deferred call's function can move into
// the wrapper: a function or builtin named by an identifier (not
// recover), a function literal, a package's function, or a method
// called on a temporary receiver or a function value in a temporary
// (temp: a computed one, a variable's).
func wrapsDeferred(p *prep, ct *cellTypes, call *ast.CallExpr, temp bool) bool {
	if temp {
		return true // the receiver or the function value is in a temporary
	}
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.FuncLit:
		return true
	case *ast.Ident:
		if f.Name == "recover" && p.builtin(f, "recover") {
			return false
		}
		switch ct.info.Uses[f].(type) {
		case *types.Func, *types.Builtin:
			return true
		}
	case *ast.SelectorExpr:
		if id, ok := f.X.(*ast.Ident); ok {
			if _, ok := ct.info.Uses[id].(*types.PkgName); ok {
				_, fn := ct.info.Uses[f.Sel].(*types.Func)
				return fn
			}
		}
	}
	return false
}

// deferWrapper is the body of the wrapper of deferred call c, pending
// panic in variable pend.
func deferWrapper(r *renderer, pend, c string) string {
	rv, pv := r.fresh("r"), r.fresh("p")
	take := "if " + rv + " := recover(); " + rv + " != nil { " + pend + " = " + rv + " }"
	return take + "; defer func() { " + take + " }(); func() { " + pv + " := " + pend + "; " + pend + " = nil; defer " + c +
		"; if " + pv + " != nil { _gnrt.Repanic(" + pv + ") } }()"
}

// methodOnTemp reports whether evalDeferred puts the receiver of call in
// a temporary (a method of the receiver's own type).
func methodOnTemp(ct *cellTypes, call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := ct.info.Selections[sel]
	return ok && s.Kind() == types.MethodVal && len(s.Index()) == 1
}

// deferParams spells dc's temporaries as the parameters of a literal;
// false when one of their types cannot be spelled.
func deferParams(p *prep, dc deferredEval) (string, bool) {
	var params []string
	for i, t := range dc.types {
		if t == nil || !validType(t) {
			return "", false
		}
		ts, ok := p.spellGoType(t)
		if !ok {
			return "", false
		}
		params = append(params, dc.temps[i]+" "+ts)
	}
	return strings.Join(params, ", "), true
}
