package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// Workaround: what a defer statement evaluates when it executes.
//
// Go evaluates a deferred call's function value, receiver and arguments
// when the defer statement executes. yaegi v0.16 keeps an argument that
// is a variable (or a field, an element, *p) by reference and reads it
// when the call runs (x := 1; defer fmt.Println(x); x = 2 printed 2),
// reads a method call's receiver then (defer w.Done() after w = &other
// called the other one; go s.show() too), resolves a deferred function
// literal's variables then (in a loop, every deferred closure saw the
// last iteration's), and deadlocks calling a closure defined by the same
// function while that function runs its deferred calls (cleanup :=
// func() {...}; defer cleanup() hung once the body had run).
//
// So in a function the pass "deferargs" evaluates a deferred call's
// arguments and receiver into temporaries first, in a block:
//
//	defer show(x)      =>  { _gnarg1 := x; defer show(_gnarg1) }
//	defer w.Done()     =>  { _gnrecv1 := w; defer _gnrecv1.Done() }
//
// In a loop the receiver and arguments become the parameters of a
// function literal (a temporary's slot is reused by the next iteration):
//
//	defer t.show(a)    =>  { _gnrecv1 := t; _gnarg2 := a; defer func(_gnrecv1 T, _gnarg2 int) { _gnrecv1.show(_gnarg2) }(_gnrecv1, _gnarg2) }
//
// unless the method is the cell's and calls recover (it must stay the
// deferred function). A deferred function literal in a loop takes the
// variables of the loop it uses by pointer (its own copy in Go 1.22):
//
//	defer func() { use(i) }()  =>  defer func(i *int) { use((*i)) }(&i)
//
// A deferred call of a local variable holding a function literal (assigned
// once, outside the loops around the defer) calls the literal itself;
// other deferred calls of such a variable are refused with an error. Go
// statements get the same receiver temporary (fix_goroutine.go), and
// top-level defers the same temporaries (fix_defer.go).

// deferredEval is a deferred call with its operands in temporaries.
type deferredEval struct {
	pre, text string
	temps     []string     // the temporaries, in order
	types     []types.Type // their types (nil when unknown)
	recv      bool         // the call is a method call on a temporary
}

// evalDeferred renders call with its arguments and its receiver in
// temporaries (constants, calls and other fresh values stay inline).
func evalDeferred(p *prep, r *renderer, call *ast.CallExpr, funTemp bool, extra ...string) deferredEval {
	var dc deferredEval
	ct := p.ct
	add := func(x ast.Expr, text string, t types.Type) string {
		name := r.fresh("arg")
		dc.pre += name + " := " + text + "; "
		dc.temps = append(dc.temps, name)
		dc.types = append(dc.types, t)
		return name
	}
	fun := r.render(p.off(call.Fun.Pos()), p.off(call.Fun.End()))
	if funTemp {
		// Go evaluates the function value now, first; a nil one panics
		// when the call runs.
		fun = add(call.Fun, fun, ct.goType(call.Fun))
	}
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok && ct != nil {
		if s, ok := ct.info.Selections[sel]; ok && s.Kind() == types.MethodVal && len(s.Index()) == 1 {
			x := r.render(p.off(sel.X.Pos()), p.off(sel.X.End()))
			xt := ct.goType(sel.X)
			_, xptr := types.Unalias(xt).Underlying().(*types.Pointer)
			_, ptrRecv := s.Obj().Type().(*types.Signature).Recv().Type().(*types.Pointer)
			var t types.Type = xt
			switch {
			case types.IsInterface(xt):
			case ptrRecv && !xptr:
				x, t = "&"+x, types.NewPointer(xt) // x.M() with M on *T takes x's address now
			case !ptrRecv && xptr:
				x, t = "*"+x, xt.Underlying().(*types.Pointer).Elem() // the value, copied now
			}
			name := add(sel.X, x, t)
			dc.recv = true
			fun = name + "." + sel.Sel.Name
		}
	}
	var args []string
	for _, e := range extra {
		args = append(args, add(nil, e, nil))
	}
	for _, x := range call.Args {
		text := r.render(p.off(x.Pos()), p.off(x.End()))
		if p.isConstant(x) || ct != nil && ct.info.Types[x].Value != nil {
			args = append(args, text)
			continue
		}
		var t types.Type
		if ct != nil {
			t = ct.goType(x)
		}
		args = append(args, add(x, text, t))
	}
	ell := ""
	if call.Ellipsis.IsValid() {
		ell = "..."
	}
	dc.text = fun + "(" + strings.Join(args, ", ") + ell + ")"
	return dc
}

// computedFunc reports whether the function value of call is computed
// (defer f()(), defer fs[i](), defer (func())(nil)(), defer s.fn()): not
// a function literal, a name, a package's function or a method.
func computedFunc(ct *cellTypes, call *ast.CallExpr) bool {
	if ct == nil {
		return false
	}
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.FuncLit, *ast.Ident:
		return false
	case *ast.SelectorExpr:
		if id, ok := f.X.(*ast.Ident); ok {
			if _, ok := ct.info.Uses[id].(*types.PkgName); ok {
				return false
			}
		}
		if s, ok := ct.info.Selections[f]; !ok || s.Kind() != types.FieldVal {
			return false
		}
	case *ast.IndexExpr, *ast.IndexListExpr:
		if tv, ok := ct.info.Types[f]; !ok || !tv.IsValue() {
			return false
		}
		if _, inst := ct.info.Instances[indexBase(f)]; inst {
			return false // a generic function's instance: f[int]()
		}
	}
	tv, ok := ct.info.Types[call.Fun]
	return ok && tv.IsValue() && validType(tv.Type)
}

// indexBase is the identifier an index expression indexes, or nil.
func indexBase(x ast.Expr) *ast.Ident {
	switch x := x.(type) {
	case *ast.IndexExpr:
		id, _ := ast.Unparen(x.X).(*ast.Ident)
		return id
	case *ast.IndexListExpr:
		id, _ := ast.Unparen(x.X).(*ast.Ident)
		return id
	}
	return nil
}

// rewriteDeferArgs is the pass "deferargs".
func rewriteDeferArgs(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	top := map[ast.Stmt]bool{}
	for _, s := range p.pc.stmts.Body.List {
		top[s] = true
	}
	dp := &deferPanics{p: p}
	var stack []ast.Node
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, n)
		if d, ok := n.(*ast.DeferStmt); ok && !top[d] {
			deferInFunction(p, ct, dp, d, stack)
		}
		return true
	}
	ast.Inspect(p.pc.decls, visit)
	stack = nil
	ast.Inspect(p.pc.stmts.Body, visit)
}

// deferInFunction rewrites one defer statement of a function; stack holds
// its ancestors, innermost last.
func deferInFunction(p *prep, ct *cellTypes, dp *deferPanics, d *ast.DeferStmt, stack []ast.Node) {
	// The loops around the defer, inside its function.
	var loops []ast.Node
	var fn ast.Node
	for i := len(stack) - 2; i >= 0 && fn == nil; i-- {
		switch n := stack[i].(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			loops = append(loops, n)
		case *ast.FuncLit, *ast.FuncDecl:
			fn = n
		}
	}
	if fn == nil {
		return // a top-level defer inside a compound statement: its literal is the function
	}
	inLoop := func(pos token.Pos) bool {
		for _, l := range loops {
			if pos >= l.Pos() && pos < l.End() {
				return true
			}
		}
		return false
	}
	call := d.Call
	var extra []string                // arguments a literal's new parameters take
	var extraTypes []types.Type       // their types
	funTemp := computedFunc(ct, call) // the function value goes in a temporary
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.FuncLit:
		if pe, ok := call.Fun.(*ast.ParenExpr); ok {
			// (func() {...})() is called as a closure value: deadlock.
			p.r.add(p.off(pe.Pos()), p.off(pe.End()), func(r *renderer) string {
				return r.render(p.off(f.Pos()), p.off(f.End()))
			})
		}
		if len(loops) > 0 {
			extra, extraTypes = loopCaptures(p, ct, f, inLoop)
		}
	case *ast.Ident:
		if lit, why := closureVar(ct, f, fn, inLoop); why != "" {
			p.fail(f.Pos(), "defer of the function value "+f.Name+" "+why+" is not supported by the gophernote interpreter (it deadlocks running it): defer a call of a named function or of a func literal instead")
			return
		} else if lit != nil {
			// No parentheses: yaegi calls (func() {...})() as a closure
			// value, which deadlocks.
			p.r.add(p.off(f.Pos()), p.off(f.End()), func(r *renderer) string {
				return r.render(p.off(lit.Pos()), p.off(lit.End()))
			})
		} else if v, ok := ct.info.Uses[f].(*types.Var); ok && validType(v.Type()) {
			funTemp = true // a variable holding a function value: read now
		}
	case *ast.SelectorExpr:
		if s, ok := ct.info.Selections[f]; ok && s.Kind() == types.MethodVal && len(loops) > 0 && callsRecover(p, ct, s.Obj()) {
			return // the method must stay the deferred function
		}
	}
	pend := ""
	if name := dp.pending(fn); name != "" && wrapsDeferred(p, ct, call, methodOnTemp(ct, call) || funTemp) {
		pend = name // fix_deferpanic.go
	}
	if pend == "" && len(extra) == 0 && !funTemp && !needsEval(p, ct, call, len(loops) > 0) {
		return
	}
	at := p.off(d.Pos())
	p.r.add(at, p.off(d.End()), func(r *renderer) string {
		dc := evalDeferred(p, r, call, funTemp, extra...)
		copy(dc.types, extraTypes)
		if pend != "" {
			if len(loops) == 0 {
				return "{ " + dc.pre + "defer func() { " + deferWrapper(r, pend, dc.text) + " }() }"
			}
			if params, ok := deferParams(p, dc); ok {
				return "{ " + dc.pre + "defer func(" + params + ") { " + deferWrapper(r, pend, dc.text) + " }(" + strings.Join(dc.temps, ", ") + ") }"
			}
		}
		if (dc.recv || funTemp) && len(loops) > 0 {
			// The receiver's or the function value's slot is reused by
			// the next iteration: the temporaries are the parameters of
			// a literal.
			var params []string
			for i, t := range dc.types {
				ts, ok := "", false
				if t != nil && validType(t) {
					ts, ok = p.spellGoType(t)
				}
				if !ok {
					return "{ " + dc.pre + "defer " + dc.text + " }"
				}
				params = append(params, dc.temps[i]+" "+ts)
			}
			return "{ " + dc.pre + "defer func(" + strings.Join(params, ", ") + ") { " + dc.text + " }(" + strings.Join(dc.temps, ", ") + ") }"
		}
		return "{ " + dc.pre + "defer " + dc.text + " }"
	})
}

// needsEval reports whether a deferred call has a receiver or an
// argument yaegi would read late (in a loop: any argument not constant).
func needsEval(p *prep, ct *cellTypes, call *ast.CallExpr, loop bool) bool {
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
		if s, ok := ct.info.Selections[sel]; ok && s.Kind() == types.MethodVal && len(s.Index()) == 1 {
			return true
		}
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "recover" && p.builtin(id, "recover") {
		return false
	}
	for _, x := range call.Args {
		if addressable(ct, x) || loop && ct.info.Types[x].Value == nil {
			return true
		}
	}
	return false
}

// addressable reports whether x denotes storage (a variable, a field, an
// element, *p): yaegi keeps such a deferred argument by reference.
func addressable(ct *cellTypes, x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		_, v := ct.info.Uses[x].(*types.Var)
		return v
	case *ast.SelectorExpr:
		if s, ok := ct.info.Selections[x]; ok {
			return s.Kind() == types.FieldVal
		}
		_, v := ct.info.Uses[x.Sel].(*types.Var)
		return v // a package's variable
	case *ast.IndexExpr:
		if t := ct.goType(x.X); t != nil {
			_, isMap := t.Underlying().(*types.Map)
			return !isMap
		}
		return true
	case *ast.StarExpr:
		return true
	}
	return false
}

// loopCaptures makes the variables of the loops around a deferred
// function literal that it uses its parameters, by pointer, and returns
// the arguments the call must pass (&i).
func loopCaptures(p *prep, ct *cellTypes, lit *ast.FuncLit, inLoop func(token.Pos) bool) ([]string, []types.Type) {
	var objs []*types.Var
	seen := map[*types.Var]bool{}
	var uses []*ast.Ident
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := ct.info.Uses[id].(*types.Var)
		if !ok || v.IsField() || v.Pos() >= lit.Pos() && v.Pos() < lit.End() || !inLoop(v.Pos()) {
			return true
		}
		if !seen[v] {
			if _, ok := p.spellGoType(v.Type()); !ok || !validType(v.Type()) {
				return true
			}
			seen[v] = true
			objs = append(objs, v)
		}
		uses = append(uses, id)
		return true
	})
	if len(objs) == 0 {
		return nil, nil
	}
	var params, args []string
	var argTypes []types.Type
	for _, v := range objs {
		ts, _ := p.spellGoType(v.Type())
		params = append(params, v.Name()+" *"+ts)
		args = append(args, "&"+v.Name())
		argTypes = append(argTypes, types.NewPointer(v.Type()))
	}
	for _, id := range uses {
		if seen[ct.info.Uses[id].(*types.Var)] {
			p.r.addText(p.off(id.Pos()), p.off(id.End()), "(*"+id.Name+")")
		}
	}
	open := p.off(lit.Type.Params.Opening) + 1
	sep := ""
	if lit.Type.Params.NumFields() > 0 {
		sep = ", "
	}
	p.r.addText(open, open, strings.Join(params, ", ")+sep)
	return args, argTypes
}

// closureVar finds what a deferred call of identifier id calls: the
// function literal a local variable is assigned once, outside the loops
// around the defer (lit), or why such a call cannot be made right; both
// empty when id is something else.
func closureVar(ct *cellTypes, id *ast.Ident, fn ast.Node, inLoop func(token.Pos) bool) (*ast.FuncLit, string) {
	v, ok := ct.info.Uses[id].(*types.Var)
	if !ok || v.Pos() < fn.Pos() || v.Pos() >= fn.End() {
		return nil, "" // not a variable of this function
	}
	var lit *ast.FuncLit
	assigned := 0
	fromLit := false
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				lid, ok := l.(*ast.Ident)
				if !ok || ct.info.Defs[lid] != v && ct.info.Uses[lid] != v {
					continue
				}
				assigned++
				if len(n.Rhs) == len(n.Lhs) {
					if fl, ok := ast.Unparen(n.Rhs[i]).(*ast.FuncLit); ok {
						lit, fromLit = fl, true
					}
				}
			}
		case *ast.ValueSpec:
			for i, nid := range n.Names {
				if ct.info.Defs[nid] != v {
					continue
				}
				if i < len(n.Values) {
					assigned++
					if fl, ok := ast.Unparen(n.Values[i]).(*ast.FuncLit); ok {
						lit, fromLit = fl, true
					}
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if uid, ok := ast.Unparen(n.X).(*ast.Ident); ok && ct.info.Uses[uid] == v {
					assigned += 2
				}
			}
		}
		return true
	})
	switch {
	case !fromLit:
		return nil, "" // a named function or a value from elsewhere
	case assigned > 1:
		return nil, "(assigned a function literal of this function more than once)"
	case inLoop(lit.Pos()):
		return nil, "(a function literal assigned in the loop around the defer)"
	}
	for _, free := range freeVars(ct, lit) {
		if free == v {
			return nil, "(a function literal that uses " + v.Name() + " itself)"
		}
	}
	return lit, ""
}

// freeVars returns the variables a function literal uses from outside it.
func freeVars(ct *cellTypes, lit *ast.FuncLit) []*types.Var {
	var out []*types.Var
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := ct.info.Uses[id].(*types.Var); ok && (v.Pos() < lit.Pos() || v.Pos() >= lit.End()) {
				out = append(out, v)
			}
		}
		return true
	})
	return out
}

// callsRecover reports whether method m may call recover: a method of a
// cell whose body does (one of an earlier cell, whose body the engine
// does not see here, is assumed to).
func callsRecover(p *prep, ct *cellTypes, m types.Object) bool {
	if m.Pkg() == nil || m.Pkg().Path() != "main" {
		return false
	}
	for _, d := range p.pc.decls.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || ct.info.Defs[fd.Name] != m || fd.Body == nil {
			continue
		}
		found := false
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok && id.Name == "recover" {
					found = true
				}
			}
			return !found
		})
		return found
	}
	return true
}

// validType reports whether go/types gave t a valid type.
func validType(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return !ok || b.Kind() != types.Invalid
}
