package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unsafe"
)

// Workaround: a type assertion x.(I) to an interface the cell declares.
//
// yaegi v0.16 checks x.(I), for an interface I of interpreted code, by
// comparing I's methods with those of the type of the value x holds; on
// the first method the value lacks it stops — without the panic Go
// raises, and without a result (x.(I) is then a nil I). So with type S
// struct{} and func (*S) Bar(), var e any = &S{}; i := e.(I) (I: Foo())
// went on with a nil i where Go panics "interface conversion: *main.S is
// not main.I: missing method Foo". Its comma-ok form answers false there,
// as Go does.
//
// The pass "assertiface" turns each single-value assertion to an
// interface type with methods that is not a compiled package's (a cell's
// named interface or an interface literal) into a call of a function
// literal that checks with the comma-ok form (status only: yaegi's
// comma-ok with a result panics in reflect.Set for an any holding a cell
// value) and, when the value is nil or ok is false, panics with Go's
// runtime error (_gnrt.AssertIfaceFail names the dynamic type and the first
// missing method from the session's go/types objects); else it asserts
// as before:
//
//	e.(I)  →  func(x any) I { if _, ok := x.(I); x == nil || !ok { _gnrt.AssertIfaceFail(x, "I", "Foo") }; return x.(I) }(e)
//
// The operand keeps its static type in the literal's parameter when it
// can be written in the cell; else the assertion is left to yaegi. So is
// an assertion from an interface without methods (any): yaegi's
// assertion of an any inside the literal panics in reflect.Set where the
// bare one worked (the limit: e.(I) of an any lacking a method of I still
// goes on with a nil I).

func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		return map[string]reflect.Value{"AssertIfaceFail": reflect.ValueOf(func(x any, iface, methods string) {
			err, _ := e.assertFailure(x, iface, methods)
			panic(err)
		}), "IfaceInner": reflect.ValueOf(ifaceInner), "LostInAny": reflect.ValueOf(func(x any, name string) {
			in := inner(ifaceInner(x))
			if in == nil || e.isCellStruct(in) {
				return
			}
			panic(runtimeError{msg: "the assertion of this error to main." + name + " is refused in a gophernote cell: the interpreter keeps a value of a struct type whose Error method has a value receiver without the value once it is converted to error, so it cannot tell whether Go's assertion holds; declare Error with a pointer receiver and use pointers (&" + name + "{...}, *" + name + ")", plain: true})
		}), "IsCellStruct": reflect.ValueOf(func(x any) bool { return e.isCellStruct(ifaceInner(x)) }), "AssertIfaceAny": reflect.ValueOf(func(x any, iface, methods, unsure, wrongSig string, commaOK bool, at string) {
			// The fallback of an assertion from an any (assertFromAny):
			// x is of no type the switch listed.
			if x == nil && commaOK {
				return
			}
			err, refused := e.assertFailure(x, iface, methods)
			if refused && wrongSig != "" {
				if dyn := e.dynName(x); dyn != "" && slices.Contains(strings.Split(wrongSig, ","), dyn) {
					// Its methods have I's names, not its signatures.
					err, refused = runtimeError{msg: "interface conversion: " + unboxedNames(dyn) + " is not " + assertTarget(iface) + ": missing method " + strings.Split(methods, ",")[0], plain: true}, false
				}
			}
			if x != nil && !refused && unsure != "" && !e.isCellStruct(x) {
				err = runtimeError{msg: "the interpreter cannot assert this " + reflect.TypeOf(x).String() + " to " + assertTarget(iface) +
					" as Go does: it cannot tell values of " + unsure + " (which implement it) from others in an interface without methods; assign it to a variable of type " + assertTarget(iface) + " where it is created", plain: true}
				refused = true
			}
			if refused {
				err.msg += " (the assertion at " + at + ")"
			}
			if refused || !commaOK {
				panic(err)
			}
		})}
	})
}

// assertFailure is the runtime error of a failed x.(iface), where iface
// has the comma-separated methods (sorted).
//
// refused is true when Go's assertion would hold and the error says the
// interpreter cannot make it.
func (e *Engine) assertFailure(x any, iface, methods string) (err runtimeError, refused bool) {
	target := assertTarget(iface)
	v := reflect.ValueOf(x)
	if !v.IsValid() {
		return runtimeError{msg: "interface conversion: interface is nil, not " + target, plain: true}, false
	}
	dyn, obj := v.Type().String(), types.Object(nil)
	ptr := false
	if isValueInterface(v.Type()) {
		c := reflect.New(v.Type()).Elem()
		c.Set(v)
		if !c.Field(0).IsNil() {
			if typ := c.Field(0).Elem().FieldByName("typ"); typ.IsValid() && !typ.IsNil() {
				t := typ.Elem()
				name := t.FieldByName("name").String()
				if val := t.FieldByName("val"); name == "" && !val.IsNil() {
					name, ptr = val.Elem().FieldByName("name").String(), true
				}
				if name != "" {
					dyn = "main." + name
					if ptr {
						dyn = "*" + dyn
					}
					if e.types != nil {
						obj = e.types.objects[name]
					}
				}
			}
		}
		if inner := *(*reflect.Value)(unsafe.Pointer(c.Field(1).UnsafeAddr())); obj == nil && inner.IsValid() {
			dyn = inner.Type().String()
		}
	}
	if obj == nil && v.Kind() == reflect.Struct && v.NumField() == 0 && v.Type().Name() == "" {
		if n := e.emptyImplementer(strings.Split(methods, ",")); n != "" {
			return runtimeError{msg: "the interpreter cannot assert this struct {} to " + target + " as Go does: values of main." + n +
				" (an empty struct type implementing it) reach an interface boxed, so this bare struct {} is struct{}{} itself or came through reflect or compiled code, where Go may hold a main." + n + " in it, and the interpreter cannot tell", plain: true}, true
		}
	}
	if obj == nil {
		// A bare value: a cell struct type (or a pointer to one) is known
		// by its reflect type (fix_fmt.go registers them).
		t, star := v.Type(), ""
		if t.Kind() == reflect.Pointer {
			t, star, ptr = t.Elem(), "*", true
		}
		if full, ok := e.fmtNames.lookup(t); ok {
			dyn = star + full
			if e.types != nil {
				obj = e.types.objects[strings.TrimPrefix(full, "main.")]
			}
		}
	}
	dyn = unboxedNames(dyn) // a box's name: its type's (fix_boxnamed.go)
	names := strings.Split(methods, ",")
	missing := names[0]
	if tn, ok := obj.(*types.TypeName); ok {
		t := tn.Type()
		if ptr {
			t = types.NewPointer(t)
		}
		ms := types.NewMethodSet(t)
		missing = ""
		for _, m := range names {
			if sel := ms.Lookup(tn.Pkg(), m); sel == nil {
				missing = m
				break
			}
		}
		if missing == "" {
			// Go's assertion holds: yaegi lost the value's methods.
			return runtimeError{msg: "the interpreter cannot assert this " + dyn + " to " + target + " as Go does: it stored the value in an interface without its methods (var a any = T{}); assign it to a variable of type " + target + " where it is created", plain: true}, true
		}
	} else if obj == nil && !isValueInterface(v.Type()) && (v.Type().Name() != "" || v.Type().NumMethod() > 0) {
		// A compiled package's value: reflect sees its methods.
		missing = ""
		for _, m := range names {
			if _, ok := v.Type().MethodByName(m); !ok {
				missing = m
				break
			}
		}
		if missing == "" {
			return runtimeError{msg: "the interpreter cannot assert a " + dyn + " held in an interface without methods to " + target + " as Go does; assign it to a variable of type " + target + " first", plain: true}, true
		}
	}
	return runtimeError{msg: "interface conversion: " + dyn + " is not " + target + ": missing method " + missing, plain: true}, false
}

// emptyImplementer returns the name of a top-level empty struct type of
// the session with a box (fix_boxnamed.go) whose method set has the
// methods, or "".
func (e *Engine) emptyImplementer(methods []string) string {
	if e.types == nil {
		return ""
	}
	var found []string
	for name, obj := range e.types.objects {
		tn, ok := obj.(*types.TypeName)
		if !ok || !isEmptyStructName(tn) || tn.Parent() != tn.Pkg().Scope() || e.types.objects[boxPrefix+name] == nil {
			continue
		}
		ms := types.NewMethodSet(tn.Type())
		all := true
		for _, m := range methods {
			all = all && ms.Lookup(tn.Pkg(), m) != nil
		}
		if all {
			found = append(found, name)
		}
	}
	slices.Sort(found)
	if len(found) == 0 {
		return ""
	}
	return found[0]
}

// dynName is the name (main.T, *main.T) of the cell struct type of x, a
// bare value or in yaegi's wrapper, or "".
func (e *Engine) dynName(x any) string {
	v := reflect.ValueOf(ifaceInner(x))
	if !v.IsValid() {
		return ""
	}
	t, star := v.Type(), ""
	if t.Kind() == reflect.Pointer {
		t, star = t.Elem(), "*"
	}
	if full, ok := e.fmtNames.lookup(t); ok {
		return star + full
	}
	return ""
}

// hasMethodNames reports whether t's method set has methods of all the
// names.
func hasMethodNames(t types.Type, names []string) bool {
	ms := types.NewMethodSet(t)
	for _, n := range names {
		found := false
		for i := range ms.Len() {
			if ms.At(i).Obj().Name() == n {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// rewriteIfaceAssertions is the pass "assertiface".
func rewriteIfaceAssertions(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	commaOK := map[*ast.TypeAssertExpr]bool{}
	p.pc.inspect(func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == 2 && len(n.Rhs) == 1 {
				if ta, ok := ast.Unparen(n.Rhs[0]).(*ast.TypeAssertExpr); ok {
					commaOK[ta] = true
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == 2 && len(n.Values) == 1 {
				if ta, ok := ast.Unparen(n.Values[0]).(*ast.TypeAssertExpr); ok {
					commaOK[ta] = true
				}
			}
		}
		return true
	})
	var stack []ast.Node
	visit := func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, n)
		if ts, ok := n.(*ast.TypeSwitchStmt); ok {
			refuseLostSwitchCases(p, ct, ts)
			return p.err == nil
		}
		ta, ok := n.(*ast.TypeAssertExpr)
		if !ok || ta.Type == nil {
			return true
		}
		tv, ok := ct.info.Types[ta.Type]
		if !ok || !tv.IsType() {
			return true
		}
		if xt := ct.goType(ta.X); xt != nil && types.Identical(xt, types.Universe.Lookup("error").Type()) && lostInError(ct, tv.Type) {
			p.fail(ta.Type.Pos(), errorValueStructMsg(ct, tv.Type, "the assertion"))
			return false
		}
		if xt := ct.goType(ta.X); xt != nil && compiledMethodIface(xt) && lostInError(ct, tv.Type) {
			p.fail(ta.Type.Pos(), compiledIfaceStructMsg(ct, tv.Type, xt, "the assertion"))
			return false
		}
		it, ok := tv.Type.Underlying().(*types.Interface)
		if !ok {
			checkLostInAny(p, ct, ta, tv.Type, stack)
			return true
		}
		if it.NumMethods() == 0 {
			return true
		}
		if assertFromAny(p, ct, ta, tv.Type, it, commaOK[ta]) {
			return true
		}
		if guardNilAssertion(p, ct, ta, tv.Type, commaOK[ta], stack) || commaOK[ta] {
			return true
		}
		if named, ok := types.Unalias(tv.Type).(*types.Named); !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "main" {
			// A compiled package's interface: another code path in yaegi.
			// An interface literal: left to yaegi too (a specialized
			// generic's result asserted to one lost its methods,
			// typeparam/devirtualize2.go).
			return true
		}
		xt := ct.goType(ta.X)
		if xt == nil || isTypeParam(xt) {
			return true
		}
		if xi, ok := types.Unalias(xt).Underlying().(*types.Interface); !ok || xi.NumMethods() == 0 {
			// From an any, yaegi's assertion inside the function literal
			// panics in reflect.Set where the bare one worked: the check
			// goes before the statement instead.
			if ok {
				checkAnyAssertion(p, ct, ta, tv.Type, it, stack)
			}
			return true
		}
		spelled, ok := p.spellGoType(xt)
		if !ok {
			return true
		}
		var methods []string
		for i := 0; i < it.NumMethods(); i++ {
			methods = append(methods, it.Method(i).Name())
		}
		sort.Strings(methods)
		name := types.TypeString(tv.Type, nil) // as Go's runtime writes it: interface { M() }
		if rest, ok := strings.CutPrefix(name, "interface{"); ok {
			name = "interface { " + strings.TrimSuffix(rest, "}") + " }"
		}
		if named, ok := types.Unalias(tv.Type).(*types.Named); ok {
			name = named.Obj().Name()
		}
		typ := p.text(ta.Type)
		p.r.addText(p.off(ta.Pos()), p.off(ta.Pos()), "func(_gnx "+spelled+") "+typ+" { if _gnx == nil { "+rtName+".AssertIfaceFail(nil, "+strconv.Quote(name)+", \"\") }; if _, _gnok := _gnx.("+typ+"); !_gnok { "+rtName+".AssertIfaceFail(_gnx, "+strconv.Quote(name)+", "+strconv.Quote(strings.Join(methods, ","))+") }; return _gnx.("+typ+") }(")
		p.r.addText(p.off(ta.X.End()), p.off(ta.End()), ")")
		return true
	}
	for _, root := range []ast.Node{p.pc.decls, p.pc.stmts.Body} {
		stack = nil
		ast.Inspect(root, visit)
	}
}

// guardNilAssertion rewrites x.(I), x of an interface type and I an
// interface with methods that is not one the cell names (error, a
// compiled package's interface such as fmt.Stringer, an interface
// literal), to check for a nil x first: yaegi v0.16 dereferences the
// missing value of a nil x ("reflect: call of reflect.Value.Type on zero
// Value", a nil pointer dereference) where Go's comma-ok answers false and
// the single-value form panics "interface conversion: interface is nil,
// not error":
//
//	_, ok := x.(error)  ->  _, ok := func(_gnx X) (error, bool) { if _gnx == nil { return nil, false }; _gnv, _gnok := _gnx.(error); return _gnv, _gnok }(x)
//	x.(error)           ->  func(_gnx X) error { if _gnx == nil { _gnrt.AssertIfaceFail(nil, "error", "") }; return _gnx.(error) }(x)
//
// X is x's static type as the cell writes it (else the assertion is left
// to yaegi). An interface literal asserted from an any is left alone:
// yaegi answers it right; so is recover().(I), which the pass recover
// rewrites, and a comma-ok define at the top level of a cell (the pass
// commaok's function literal asserts a value of an interface with methods
// wrongly anyway). It reports whether it rewrote ta.
func guardNilAssertion(p *prep, ct *cellTypes, ta *ast.TypeAssertExpr, target types.Type, commaOK bool, stack []ast.Node) bool {
	named, isNamed := types.Unalias(target).(*types.Named)
	if isNamed && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == ct.pkg.Path() {
		return false // a cell's interface: the rewrites above check nil
	}
	xt := ct.goType(ta.X)
	if xt == nil || isTypeParam(xt) {
		return false
	}
	xi, ok := types.Unalias(xt).Underlying().(*types.Interface)
	if !ok || !isNamed && xi.NumMethods() == 0 {
		return false
	}
	if xi.NumMethods() > 0 {
		return guardNilAssignment(p, ct, ta, stack)
	}
	if c, ok := ast.Unparen(ta.X).(*ast.CallExpr); ok {
		if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok && id.Name == "recover" {
			return false // recover().(error): the pass recover rewrites the call in place
		}
	}
	spelled, ok := p.spellGoType(xt)
	if !ok {
		return false
	}
	name := assertName(target)
	if isNamed && named.Obj().Pkg() != nil {
		name = named.Obj().Pkg().Name() + "." + name
	}
	x0, x1 := p.off(ta.X.Pos()), p.off(ta.X.End())
	p.r.add(p.off(ta.Pos()), p.off(ta.End()), func(r *renderer) string {
		typ := r.render(p.off(ta.Type.Pos()), p.off(ta.Type.End()))
		if commaOK {
			return "func(_gnx " + spelled + ") (" + typ + ", bool) { if _gnx == nil { return nil, false }; _gnv, _gnok := _gnx.(" + typ + "); return _gnv, _gnok }(" + r.render(x0, x1) + ")"
		}
		return "func(_gnx " + spelled + ") " + typ + " { if _gnx == nil { " + rtName + ".AssertIfaceFail(nil, " + strconv.Quote(name) + ", \"\") }; return _gnx.(" + typ + ") }(" + r.render(x0, x1) + ")"
	})
	return true
}

// guardNilAssignment is guardNilAssertion's form for an x of an
// interface type with methods, whose value yaegi asserts wrongly once
// passed to (or captured by) a function literal ("reflect.Set: value of
// type bool is not assignable to type struct {}"): a comma-ok assignment
// statement of a block, of variables, over a pure x, takes its values
// from temporaries that hold the failed result unless x is not nil:
//
//	v, ok := x.(error)  ->  _gnav1, _gnaok2 := (error)(nil), false; if x != nil { _gnav1, _gnaok2 = x.(error) }; v, ok := _gnav1, _gnaok2
//
// The = form is the pass assignorder's, which assigns through
// temporaries and asks nilGuardedAssert. Other forms stay yaegi's (a nil
// x there still crashes it).
func guardNilAssignment(p *prep, ct *cellTypes, ta *ast.TypeAssertExpr, stack []ast.Node) bool {
	if len(stack) < 3 {
		return false
	}
	as, ok := stack[len(stack)-2].(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 2 || len(as.Rhs) != 1 || as.Rhs[0] != ta || p.isTopStmt(as) {
		return false
	}
	switch stack[len(stack)-3].(type) {
	case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
	default:
		return false // an if's or a switch's init, a for's post
	}
	for _, l := range as.Lhs {
		if _, ok := l.(*ast.Ident); !ok {
			return false
		}
	}
	if !pure(p, ct, ta.X) {
		return false
	}
	a, b := p.r.fresh("av"), p.r.fresh("aok")
	p.r.add(p.off(as.Pos()), p.off(as.Pos()), func(r *renderer) string {
		typ, x := p.text(ta.Type), p.text(ta.X)
		return r.directive(p.off(ta.Pos())) + a + ", " + b + " := (" + typ + ")(nil), false; if " + x + " != nil { " + a + ", " + b + " = " + x + ".(" + typ + ") }; " + r.directive(p.off(as.Pos()))
	})
	p.r.addText(p.off(ta.Pos()), p.off(ta.End()), a+", "+b)
	return true
}

// nilGuardedAssert reports whether the comma-ok x.(I) needs the check
// of a nil x of guardNilAssignment: I an interface with methods the cell
// does not declare, x a pure value of an interface type with methods.
func nilGuardedAssert(p *prep, ct *cellTypes, ta *ast.TypeAssertExpr) bool {
	if ct == nil || ta.Type == nil {
		return false
	}
	target := ct.goType(ta.Type)
	if target == nil {
		return false
	}
	it, ok := target.Underlying().(*types.Interface)
	if !ok || it.NumMethods() == 0 {
		return false
	}
	if named, ok := types.Unalias(target).(*types.Named); ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == ct.pkg.Path() {
		return false
	}
	xt := ct.goType(ta.X)
	if xt == nil || isTypeParam(xt) {
		return false
	}
	xi, ok := types.Unalias(xt).Underlying().(*types.Interface)
	return ok && xi.NumMethods() > 0 && pure(p, ct, ta.X)
}

// assertName is interface type t as Go's runtime names it in a failed
// assertion (without the package of a named one: assertFailure adds it).
func assertName(t types.Type) string {
	if named, ok := types.Unalias(t).(*types.Named); ok {
		return named.Obj().Name()
	}
	name := types.TypeString(t, nil) // as Go's runtime writes it: interface { M() }
	if rest, ok := strings.CutPrefix(name, "interface{"); ok {
		name = "interface { " + strings.TrimSuffix(rest, "}") + " }"
	}
	return name
}

// sortedMethods returns the names of it's methods, sorted.
func sortedMethods(it *types.Interface) string {
	var methods []string
	for i := 0; i < it.NumMethods(); i++ {
		methods = append(methods, it.Method(i).Name())
	}
	sort.Strings(methods)
	return strings.Join(methods, ",")
}

// checkAnyAssertion registers the check of x.(I), x an empty interface:
// yaegi's comma-ok form answers as Go's, so before the statement that
// evaluates the assertion first (checkAnchor), when x is free of side
// effects (pure), the engine inserts
//
//	if _, _gnok := x.(I); !_gnok { _gnrt.AssertIfaceFail(x, "I", "Foo") }
//
// Where it cannot, yaegi's assertion stays (the limit in the comment
// above). Cost: one more assertion where the cell asserts.
func checkAnyAssertion(p *prep, ct *cellTypes, ta *ast.TypeAssertExpr, t types.Type, it *types.Interface, stack []ast.Node) {
	if !pure(p, ct, ta.X) {
		return
	}
	stmt := checkAnchor(stack)
	if stmt == nil {
		return
	}
	top := p.isTopStmt(stmt)
	name, methods := assertName(t), sortedMethods(it)
	p.r.add(p.off(stmt.Pos()), p.off(stmt.Pos()), func(r *renderer) string {
		xs, typ := p.text(ta.X), p.text(ta.Type)
		check := "if _, _gnok := " + xs + ".(" + typ + "); !_gnok { " + rtName + ".AssertIfaceFail(" + xs + ", " + strconv.Quote(name) + ", " + strconv.Quote(methods) + ") }"
		if top {
			check = "func() { " + check + " }()" // block scoping at top level: see fix_compound.go
		}
		return r.directive(p.off(ta.Pos())) + check + "; " + r.directive(p.off(stmt.Pos()))
	})
}

// checkLostInAny guards x.(T), x an empty interface and T a session
// struct type with fields that implements error: when x holds an error
// that held a T, yaegi's wrapper of the error keeps T's last field instead
// of the T (lostInError), and the assertion would answer false where Go's
// holds. Before the statement that evaluates the assertion (pure x only),
// the engine inserts
//
//	_gnrt.LostInAny(x, "T")
//
// which panics saying so when x holds such a wrapper of a value that is
// not a cell struct value (a false alarm is possible: an error of another
// type whose last field is what the wrapper shows; a wrong answer is not).
func checkLostInAny(p *prep, ct *cellTypes, ta *ast.TypeAssertExpr, t types.Type, stack []ast.Node) {
	xt := ct.goType(ta.X)
	if xt == nil || isTypeParam(xt) || !lostInError(ct, t) {
		return
	}
	if xi, ok := types.Unalias(xt).Underlying().(*types.Interface); !ok || xi.NumMethods() != 0 {
		return
	}
	errIface := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	if !types.Implements(t, errIface) || !pure(p, ct, ta.X) {
		return
	}
	stmt := checkAnchor(stack)
	if stmt == nil {
		return
	}
	top := p.isTopStmt(stmt)
	name := types.TypeString(t, ct.cellQualifier)
	p.r.add(p.off(stmt.Pos()), p.off(stmt.Pos()), func(r *renderer) string {
		check := rtName + ".LostInAny(" + p.text(ta.X) + ", " + strconv.Quote(name) + ")"
		if top {
			check = "func() { " + check + " }()" // block scoping at top level: see fix_compound.go
		}
		return r.directive(p.off(ta.Pos())) + check + "; " + r.directive(p.off(stmt.Pos()))
	})
}

// isTypeParam reports whether t is a type parameter (its underlying type
// is its constraint, an interface, but its values are not interfaces).
func isTypeParam(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.TypeParam)
	return ok
}

// assertFromAny rewrites x.(I) and the comma-ok forms when x is an empty
// interface (any) and I a cell's interface (named or a literal) with
// methods. yaegi v0.16 keeps a cell value in an any without the wrapper
// that carries its methods, and its assertion to an interpreted
// interface then fails whatever the value: x.(I) panics "interface
// conversion: nil is not I", the comma-ok form answers false (its own
// _test/method34.go has the case commented out). A type switch on the
// concrete types works, and so does converting a concrete value to I. So
// the assertion becomes a switch over the session's top-level types that
// implement I (by go/types: T, *T), each case converting to I:
//
//	e.(I)  →  func(_gnx any) I { switch _gnv := _gnrt.IfaceInner(_gnx).(type) { case T: return _gnv; case *U: return _gnv }; _gnrt.AssertIfaceAny(_gnx, "I", "Foo", "", "", false, "cell 1, 3:5"); var _gnz I; return _gnz }(e)
//
// (IfaceInner unwraps the interpreter's wrapper, which an any assigned
// from a cell interface keeps.) Only struct types are listed: in an any,
// a value of a non-struct cell type is a value of its underlying type, and
// all empty struct types are one. A value of no listed type (of such a
// type, a type declared later or inside a function, a compiled package's
// value) gets Go's runtime error when its type lacks a method of I (the
// comma-ok form: false), and otherwise — or when it may be of such an
// unlisted type that implements I — an error saying the interpreter cannot
// make the assertion: never a wrong answer. It reports whether it
// rewrote ta.
func assertFromAny(p *prep, ct *cellTypes, ta *ast.TypeAssertExpr, target types.Type, it *types.Interface, commaOK bool) bool {
	xt := ct.goType(ta.X)
	if xt == nil || isTypeParam(xt) {
		return false
	}
	if xi, ok := types.Unalias(xt).Underlying().(*types.Interface); !ok || xi.NumMethods() != 0 {
		return false
	}
	lit, ok := anyAssertFunc(p, ct, ta.Pos(), target, it, p.text(ta.Type), commaOK)
	if !ok {
		return false
	}
	if commaOK {
		// One replacement of the whole assertion: a top-level comma-ok
		// define's wrapper (fix_commaok.go) renders it inside. (The
		// operand never starts a statement here, whose insertions
		// would be rendered inside too.)
		x0, x1 := p.off(ta.X.Pos()), p.off(ta.X.End())
		p.r.add(p.off(ta.Pos()), p.off(ta.End()), func(r *renderer) string { return lit + "(" + r.render(x0, x1) + ")" })
		return true
	}
	p.r.addText(p.off(ta.Pos()), p.off(ta.Pos()), lit+"(")
	p.r.addText(p.off(ta.X.End()), p.off(ta.End()), ")")
	return true
}

// anyAssertFunc returns the function literal of assertFromAny: from an
// any to target (an interface with the methods of it, written typ in the
// cell), checked at pos; with commaOK it returns (target, bool). ok is
// false when the assertion is left to yaegi.
func anyAssertFunc(p *prep, ct *cellTypes, pos token.Pos, target types.Type, it *types.Interface, typ string, commaOK bool) (lit string, ok bool) {
	// compiled: error or a compiled package's interface (fmt.Stringer).
	// yaegi's own assertion answers it for compiled values, and loses
	// the methods of a cell struct value held in the any (var a any =
	// E{1}; a.(error) answered false): the switch below lists the cell's
	// types, yaegi's assertion the rest.
	compiled := false
	if named, ok := types.Unalias(target).(*types.Named); ok && (named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "main") {
		compiled = true
	}
	if _, ok := p.spellGoType(target); !ok {
		// A type declared in the function is named as written (typ):
		// the literal is at the assertion, in its scope.
		named, isNamed := types.Unalias(target).(*types.Named)
		if !isNamed || named.Obj().Pkg() == nil || named.Obj().Parent() == named.Obj().Pkg().Scope() {
			return "", false
		}
	}
	var methods []string
	for i := 0; i < it.NumMethods(); i++ {
		methods = append(methods, it.Method(i).Name())
	}
	sort.Strings(methods)
	name := types.TypeString(target, nil) // as Go's runtime writes it: interface { M() }
	if rest, ok := strings.CutPrefix(name, "interface{"); ok {
		name = "interface { " + strings.TrimSuffix(rest, "}") + " }"
	}
	if named, ok := types.Unalias(target).(*types.Named); ok {
		name = named.Obj().Name()
		if compiled && named.Obj().Pkg() != nil {
			name = named.Obj().Pkg().Name() + "." + name // fmt.Stringer
		}
	}
	// The session's top-level types that implement I, visible at ta.
	scope := ct.pkg.Scope()
	inner := scope.Innermost(pos)
	emptyStructs := 0
	for _, n := range scope.Names() {
		if tn, ok := scope.Lookup(n).(*types.TypeName); ok && !tn.IsAlias() {
			if st, ok := tn.Type().Underlying().(*types.Struct); ok && st.NumFields() == 0 {
				emptyStructs++
			}
		}
	}
	// wrongSig: the types with methods of I's names, not of its
	// signatures (m(*T1) for m(*T2)): a value of one is not an I.
	var cases, unsure, wrongSig []string
	for _, n := range scope.Names() {
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if !ok || tn.IsAlias() || n == "_" || strings.HasPrefix(n, "_gn") && !strings.HasPrefix(n, boxPrefix) {
			continue
		}
		if _, boxed := scope.Lookup(boxPrefix + n).(*types.TypeName); boxed {
			continue // its values are boxed (fix_boxnamed.go): the box is listed
		}
		nt, ok := tn.Type().(*types.Named)
		if !ok || nt.TypeParams().Len() > 0 || types.IsInterface(nt) {
			continue
		}
		if inner != nil {
			if _, obj := inner.LookupParent(n, pos); obj != tn {
				continue // shadowed where the assertion is
			}
		}
		impl, ptrImpl := types.Implements(nt, it), types.Implements(types.NewPointer(nt), it)
		if st, ok := nt.Underlying().(*types.Struct); !ok || st.NumFields() == 0 && emptyStructs > 1 {
			// In an any, a value of a non-struct cell type is a value
			// of its underlying type (fix_ifacevalues.go), and the
			// empty struct types are one type: a case would match
			// those too.
			if impl || ptrImpl {
				unsure = append(unsure, "main."+n)
			}
			continue
		}
		if impl {
			cases = append(cases, n)
		} else if hasMethodNames(nt, methods) {
			wrongSig = append(wrongSig, "main."+n)
		}
		if ptrImpl {
			cases = append(cases, "*"+n)
		} else if hasMethodNames(types.NewPointer(nt), methods) {
			wrongSig = append(wrongSig, "*main."+n)
		}
	}
	if _, named := types.Unalias(target).(*types.Named); (named || compiled) && len(cases) == 0 && len(unsure) == 0 {
		// No cell type implements the named I: the value can only be a
		// compiled package's (a *strings.Builder), which yaegi's own
		// assertion to a named interface handles (yaegi/assert2.go), or
		// one that fails: the checked assertion of
		// rewriteIfaceAssertions words the failure.
		return "", false
	}
	var b strings.Builder
	b.WriteString("func(_gnx any) ")
	if commaOK {
		b.WriteString("(" + typ + ", bool)")
	} else {
		b.WriteString(typ)
	}
	b.WriteString(" { ")
	ret := "return _gnv"
	if commaOK {
		ret += ", 0 == 0" // not true: a cell may declare func true (interface/convert.go)
	}
	if len(cases) > 0 {
		b.WriteString("switch _gnv := " + rtName + ".IfaceInner(_gnx).(type) { ")
		for _, c := range cases {
			b.WriteString("case " + c + ": " + ret + "; ")
		}
		b.WriteString("}; ")
	}
	if compiled {
		// A value of no cell struct type: yaegi's assertion, whose
		// comma-ok form with a result is safe for it (the reflect.Set
		// panic above is a cell value's).
		b.WriteString("if _gnx != nil && !" + rtName + ".IsCellStruct(_gnx) { if _gnv, _gnok := _gnx.(" + typ + "); _gnok { " + ret + " } }; ")
	}
	b.WriteString(rtName + ".AssertIfaceAny(_gnx, " + strconv.Quote(name) + ", " + strconv.Quote(strings.Join(methods, ",")) + ", " + strconv.Quote(strings.Join(unsure, ", ")) + ", " + strconv.Quote(strings.Join(wrongSig, ",")) + ", " + map[bool]string{true: "0 == 0", false: "0 != 0"}[commaOK] + ", " + strconv.Quote(p.cellPosString(pos)) + "); var _gnz " + typ + "; return _gnz")
	if commaOK {
		b.WriteString(", 0 != 0")
	}
	b.WriteString(" }")
	return b.String(), true
}

// ifaceInner returns the value an interpreter's interface wrapper holds
// (an any assigned from a cell interface keeps the wrapper), else x: a
// type switch on concrete types matches only the bare value.
func ifaceInner(x any) any {
	for {
		v := reflect.ValueOf(x)
		if !v.IsValid() || !isValueInterface(v.Type()) {
			return x
		}
		c := reflect.New(v.Type()).Elem()
		c.Set(v)
		inner := *(*reflect.Value)(unsafe.Pointer(c.Field(1).UnsafeAddr()))
		if !inner.IsValid() || !inner.CanInterface() {
			return x
		}
		x = inner.Interface()
	}
}

// assertTarget is the interface of an assertion as Go's runtime errors
// write it.
func assertTarget(iface string) string {
	if iface == "error" || strings.ContainsAny(iface, "{.") {
		return iface
	}
	return "main." + iface
}

// refuseLostSwitchCases refuses a type switch case of a cell struct type
// on a value of a compiled package's interface with methods (see
// compiledIfaceStructMsg).
func refuseLostSwitchCases(p *prep, ct *cellTypes, ts *ast.TypeSwitchStmt) {
	x := typeSwitchOperand(ts)
	xt := ct.goType(x)
	if x == nil || xt == nil || !compiledMethodIface(xt) {
		return
	}
	for _, st := range ts.Body.List {
		cc, ok := st.(*ast.CaseClause)
		if !ok {
			continue
		}
		for _, e := range cc.List {
			if tv, ok := ct.info.Types[e]; ok && tv.IsType() && lostInError(ct, tv.Type) {
				p.fail(e.Pos(), compiledIfaceStructMsg(ct, tv.Type, xt, "this type switch case"))
				return
			}
		}
	}
}

// isCellStruct reports whether x is a value of a cell struct type, or a
// pointer to one, that fix_fmt.go registered.
func (e *Engine) isCellStruct(x any) bool {
	t := reflect.TypeOf(x)
	if t == nil {
		return false
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	_, ok := e.fmtNames.lookup(t)
	return ok
}
