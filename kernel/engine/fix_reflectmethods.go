package engine

import (
	"fmt"
	"go/ast"
	"go/types"
	"sort"
)

// Refusal: reflection of the methods of cell types.
//
// yaegi builds a cell's types for reflect without their methods (a
// struct type from reflect.StructOf, type M int as an int), and keeps the
// methods in its own nodes. So reflect.TypeOf(m).NumMethod() was 0 (Go:
// the number of exported methods), Method(0) panicked "reflect: Method
// index out of range", MethodByName found nothing (a nil func, then a nil
// pointer dereference on the call) — wrong values or panics Go does not
// have.
//
// The pass "reflectmethods" refuses, at its line:col, a call of the method
// accessors of reflect.Value and reflect.Type (Method, MethodByName,
// NumMethod) while the session (this cell or an earlier one) declares a
// named type with methods at its top level: the engine cannot tell at
// compile time that the reflected value is not of such a type. A session
// without such types reflects only compiled types, which keep their
// methods. A function of an earlier cell that reflects methods is not
// refused when a later cell declares a type with methods (the limit).

// reflectMethodCalls are the refused accessors, by receiver type.
var reflectMethodCalls = map[string]bool{
	"reflect.Value.Method": true, "reflect.Value.MethodByName": true, "reflect.Value.NumMethod": true,
	"reflect.Type.Method": true, "reflect.Type.MethodByName": true, "reflect.Type.NumMethod": true,
}

// refuseReflectMethods is the pass "reflectmethods".
func refuseReflectMethods(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	var withMethods []string
	done := false
	p.pc.inspect(func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		s, ok := ct.info.Selections[sel]
		if !ok || s.Kind() != types.MethodVal && s.Kind() != types.MethodExpr {
			return true
		}
		recv := s.Recv()
		if ptr, ok := recv.(*types.Pointer); ok {
			recv = ptr.Elem()
		}
		named, ok := types.Unalias(recv).(*types.Named)
		what := ""
		switch {
		case ok && named.Obj().Pkg() != nil && reflectMethodCalls[named.Obj().Pkg().Path()+"."+named.Obj().Name()+"."+sel.Sel.Name]:
			what = named.Obj().Name() + "." + sel.Sel.Name
		case isInterface(recv) && reflectsMethods(sel.Sel.Name, s.Obj().Type()):
			what = "Type." + sel.Sel.Name + " (through " + types.TypeString(recv, types.RelativeTo(s.Obj().Pkg())) + ")"
		default:
			return true
		}
		if !done {
			withMethods, done = sessionTypesWithMethods(p, ct), true
		}
		if len(withMethods) == 0 {
			return true
		}
		p.fail(sel.Sel.Pos(), fmt.Sprintf("reflect's %s cannot see the methods of the cell's types (%s has methods): the interpreter builds its types for reflect without them, so the answer would differ from Go's; call the methods directly, or through an interface",
			what, withMethods[0]))
		return true
	})
}

// reflectsMethods reports whether a method name of signature sig of an
// interface is reflect.Type's Method or MethodByName (an interface that
// reflect.Type implements, holding one): a result of type reflect.Method.
func reflectsMethods(name string, sig types.Type) bool {
	if name != "Method" && name != "MethodByName" {
		return false
	}
	fn, ok := sig.(*types.Signature)
	if !ok || fn.Results().Len() == 0 {
		return false
	}
	n, ok := types.Unalias(fn.Results().At(0).Type()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "reflect" && n.Obj().Name() == "Method"
}

// sessionTypesWithMethods returns the names of the session's top-level
// named types (this cell's and earlier cells', not interfaces) that have
// methods, sorted.
func sessionTypesWithMethods(p *prep, ct *cellTypes) []string {
	seen := map[string]bool{}
	add := func(obj types.Object) {
		tn, ok := obj.(*types.TypeName)
		if !ok || tn.IsAlias() || tn.Pkg() == nil || tn.Parent() != tn.Pkg().Scope() {
			return
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || isInterface(n) {
			return
		}
		if n.NumMethods() > 0 {
			seen[tn.Name()] = true
		}
	}
	for _, obj := range ct.info.Defs {
		if obj != nil {
			add(obj)
		}
	}
	if p.e.types != nil {
		for _, obj := range p.e.types.objects {
			add(obj)
		}
	}
	names := make([]string, 0, len(seen))
	for name := range seen {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
