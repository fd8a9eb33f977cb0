package engine

import (
	"go/ast"
	"go/types"
	"reflect"
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
			panic(e.assertFailure(x, iface, methods))
		})}
	})
}

// assertFailure is the runtime error of a failed x.(iface), where iface
// has the comma-separated methods (sorted).
func (e *Engine) assertFailure(x any, iface, methods string) runtimeError {
	target := "main." + iface
	if strings.ContainsAny(iface, "{.") {
		target = iface
	}
	v := reflect.ValueOf(x)
	if !v.IsValid() {
		return runtimeError{msg: "interface conversion: interface is nil, not " + target, plain: true}
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
			return runtimeError{msg: "the interpreter cannot assert this " + dyn + " to " + target + " as Go does: it stored the value in an interface without its methods (var a any = T{}); assign it to a variable of type " + target + " where it is created", plain: true}
		}
	}
	return runtimeError{msg: "interface conversion: " + dyn + " is not " + target + ": missing method " + missing, plain: true}
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
		ta, ok := n.(*ast.TypeAssertExpr)
		if !ok || ta.Type == nil || commaOK[ta] {
			return true
		}
		tv, ok := ct.info.Types[ta.Type]
		if !ok || !tv.IsType() {
			return true
		}
		it, ok := tv.Type.Underlying().(*types.Interface)
		if !ok || it.NumMethods() == 0 {
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
	top := false
	for _, s := range p.pc.stmts.Body.List {
		top = top || s == stmt
	}
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

// isTypeParam reports whether t is a type parameter (its underlying type
// is its constraint, an interface, but its values are not interfaces).
func isTypeParam(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.TypeParam)
	return ok
}
