package engine

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Workaround: a value put into an interface is a copy.
//
// Go copies a value into an interface: after t := T{5}; var a any = t;
// t.n = 6, a still holds {5}. yaegi v0.16 wraps a value of a type with
// methods, when it goes into an interface (interp.genValueInterface, and
// the wrappers of compiled interfaces such as fmt.Stringer or error),
// around the place the value lives instead of a copy of it: a variable,
// a field, an element, or the frame slot of a call's result, which the
// next evaluation of the same call reuses. So the interface changed with
// the variable (a = t; t.n = 6 showed {6}), and a loop appending t, f(i)
// or &T{i} to a []any or a []Shape filled it with the last value. Struct,
// array, pointer, slice and named basic types alike; a composite literal
// T{...} is a fresh value and was right.
//
// The pass "ifacecopy" rewrites each such conversion — assignment, var
// declaration with an interface type, call argument (append's included),
// return value, composite literal element or key, channel send, map key
// stored into, explicit conversion — of a value whose type has methods to
// go through a function literal whose own variable holds the copy:
//
//	xs = append(xs, r)  ->  xs = append(xs, func() any { _gnC := r; return _gnC }())
//
// A call frame is new at every call, so the interface holds a place
// nobody else writes. A value returned as a non-empty interface type
// (Shape) carries that type in yaegi, and a type switch on it then misses
// its case (yaegi's _test/interface2.go), so a conversion to an interface
// with methods that the cell declares copies through a pointer to the
// function literal's variable, and converts the value itself:
//
//	xs = append(xs, r)  ->  xs = append(xs, *func() *Rect { _gnC := r; return &_gnC }())
//
// (only for values of struct and array types). Not rewritten
// either: composite literals, constants, values
// that already are interfaces, arguments of fmt's and log's printing
// functions (they read the value before the cell goes on), conversions to
// an interface type the cell cannot name (declared inside a function);
// conversions to error or to a compiled package's interface type
// (fmt.Stringer): a function literal's result of such a type keeps only
// that interface's methods (errors.Unwrap lost a value's Unwrap), so they
// keep yaegi's aliasing; a value of a type that is not a struct or a
// pointer going into an empty interface (returned as an any, a type Foo
// int with a String method arrives as a bare int); and a top-level var of a statement cell whose
// value reads the cell's variables (the declarations view has no types
// for it). Cost: one interpreted call where a value of a type with
// methods goes into an interface.

// copyIntoIfaces is the pass "ifacecopy".
func copyIntoIfaces(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	names := importNames(ct)
	wrap := func(x ast.Expr, target types.Type) {
		if x == nil || target == nil || !isInterface(target) {
			return
		}
		x0 := ast.Unparen(x)
		switch x0 := x0.(type) {
		case *ast.CompositeLit, *ast.FuncLit, *ast.BasicLit:
			return
		case *ast.Ident:
			if x0.Name == "_" || x0.Name == "nil" {
				return
			}
		}
		tv, ok := ct.info.Types[x]
		if !ok || tv.Value != nil || tv.IsType() || tv.Type == nil {
			return
		}
		named, isNamed := types.Unalias(target).(*types.Named)
		if isNamed && (named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "main") {
			return // error, fmt.Stringer...: see the header
		}
		t := tv.Type
		if isInterface(t) || !hasMethods(t) || hasTypeParam(t) {
			return
		}
		if _, tuple := t.(*types.Tuple); tuple {
			return
		}
		it, _ := under(target).(*types.Interface)
		if it == nil {
			return
		}
		if !it.Empty() {
			// A value returned as a non-empty interface type carries that
			// type in yaegi: a type switch then misses its case (yaegi's
			// _test/interface2.go, switch14.go). So the copy is made
			// through a pointer to a fresh variable, and the value
			// converted is of its own type.
			if !isNamed {
				return
			}
			switch t.Underlying().(type) {
			case *types.Struct, *types.Array:
			default:
				// (A pointer: yaegi refuses the **T of the function
				// literal, "cannot use (type ptrT) as type ptrT".)
				return
			}
			text, ok := p.spellGoType(t)
			if !ok {
				return
			}
			p.r.addText(p.off(x.Pos()), p.off(x.Pos()), "*func() *"+text+" { _gnC := ")
			p.r.addTail(p.off(x.End()), "; return &_gnC }()")
			return
		}
		{
			switch t.Underlying().(type) {
			case *types.Struct, *types.Pointer:
			default:
				// Returned as an any, a Foo int with a String method
				// arrives bare (yaegi/_test/issue-435.go printed 3).
				return
			}
		}
		text, ok := ifaceTypeText(target, names)
		if !ok {
			return
		}
		p.r.addText(p.off(x.Pos()), p.off(x.Pos()), "func() "+text+" { _gnC := ")
		p.r.addTail(p.off(x.End()), "; return _gnC }()")
	}
	var funcs []*types.Signature // enclosing function types, innermost last
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			var sig *types.Signature
			if obj := ct.info.Defs[n.Name]; obj != nil {
				sig, _ = obj.Type().(*types.Signature)
			}
			funcs = append(funcs, sig)
			if n.Body != nil {
				ast.Inspect(n.Body, visit)
			}
			funcs = funcs[:len(funcs)-1]
			return false
		case *ast.FuncLit:
			sig, _ := ct.goType(n).(*types.Signature)
			funcs = append(funcs, sig)
			ast.Inspect(n.Body, visit)
			funcs = funcs[:len(funcs)-1]
			return false
		case *ast.ReturnStmt:
			if len(funcs) > 0 && funcs[len(funcs)-1] != nil {
				res := funcs[len(funcs)-1].Results()
				if res.Len() == len(n.Results) {
					for i, r := range n.Results {
						wrap(r, res.At(i).Type())
					}
				}
			}
		case *ast.AssignStmt:
			if n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					lt := ct.goType(n.Lhs[i])
					if it, ok := under(lt).(*types.Interface); ok && !it.Empty() {
						switch ast.Unparen(n.Lhs[i]).(type) {
						case *ast.SelectorExpr, *ast.IndexExpr, *ast.StarExpr:
							continue // the pass ifaceplace's, which copies
						}
					}
					wrap(n.Rhs[i], lt)
				}
			}
			for _, l := range n.Lhs {
				// m[k] = v with interface keys stores k.
				if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
					if mt, ok := under(ct.goType(ix.X)).(*types.Map); ok {
						wrap(ix.Index, mt.Key())
					}
				}
			}
		case *ast.ValueSpec:
			if n.Type != nil && len(n.Values) == len(n.Names) {
				for _, v := range n.Values {
					wrap(v, ct.goType(n.Type))
				}
			}
		case *ast.SendStmt:
			if ch, ok := under(ct.goType(n.Chan)).(*types.Chan); ok {
				wrap(n.Value, ch.Elem())
			}
		case *ast.CompositeLit:
			switch u := under(ct.goType(n)).(type) {
			case *types.Slice:
				compositeElems(n, u.Elem(), nil, wrap)
			case *types.Array:
				compositeElems(n, u.Elem(), nil, wrap)
			case *types.Map:
				compositeElems(n, u.Elem(), u.Key(), wrap)
			case *types.Struct:
				for i, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							if f, ok := ct.info.Uses[id].(*types.Var); ok {
								wrap(kv.Value, f.Type())
							}
						}
					} else if i < u.NumFields() {
						wrap(e, u.Field(i).Type())
					}
				}
			}
		case *ast.CallExpr:
			tv, ok := ct.info.Types[n.Fun]
			if !ok {
				return true
			}
			if tv.IsType() {
				if len(n.Args) == 1 {
					wrap(n.Args[0], tv.Type)
				}
				return true
			}
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && fmtPrinters[encoderName(ct, sel)] {
				return true
			}
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && id.Name == boxKeyFunc {
				return true // a map key, only read (fix_boxnamed.go)
			}
			sig, ok := under(tv.Type).(*types.Signature)
			if !ok || n.Ellipsis.IsValid() {
				if ok {
					for i, a := range n.Args[:len(n.Args)-1] {
						if i < sig.Params().Len() {
							wrap(a, sig.Params().At(i).Type())
						}
					}
				}
				return true
			}
			np := sig.Params().Len()
			for i, a := range n.Args {
				var pt types.Type
				switch {
				case sig.Variadic() && i >= np-1:
					if s, ok := sig.Params().At(np - 1).Type().(*types.Slice); ok {
						pt = s.Elem()
					}
				case i < np:
					pt = sig.Params().At(i).Type()
				}
				wrap(a, pt)
			}
		}
		return true
	}
	p.pc.inspect(visit)
}

// compositeElems applies wrap to a slice, array or map literal's
// elements (and keys).
func compositeElems(n *ast.CompositeLit, elem, key types.Type, wrap func(ast.Expr, types.Type)) {
	for _, e := range n.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if key != nil {
				wrap(kv.Key, key)
			}
			wrap(kv.Value, elem)
			continue
		}
		wrap(e, elem)
	}
}

func under(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return t.Underlying()
}

// importNames maps the path of each package the cell's code refers to
// by name to that name.
func importNames(ct *cellTypes) map[string]string {
	names := map[string]string{}
	for _, obj := range ct.info.Uses {
		if pn, ok := obj.(*types.PkgName); ok {
			names[pn.Imported().Path()] = pn.Name()
		}
	}
	return names
}

// ifaceTypeText writes interface type t as the cell can name it: a type
// of the session or of a package the cell names, or an interface
// literal of such types; false when it cannot.
func ifaceTypeText(t types.Type, names map[string]string) (string, bool) {
	ok := true
	var qualify types.Qualifier = func(p *types.Package) string {
		if p == nil || p.Path() == "main" {
			return ""
		}
		if n, found := names[p.Path()]; found {
			return n
		}
		ok = false
		return p.Name()
	}
	nameable := true
	var check func(types.Type, int)
	check = func(t types.Type, depth int) {
		if !nameable || t == nil || depth > 8 {
			return
		}
		switch t := t.(type) {
		case *types.Named:
			obj := t.Obj()
			if obj.Pkg() != nil && obj.Parent() != obj.Pkg().Scope() {
				nameable = false // declared inside a function: renamed by localtypes
			}
			if args := t.TypeArgs(); args != nil {
				nameable = false
			}
		case *types.Alias:
			check(types.Unalias(t), depth+1)
		case *types.Interface:
			for i := 0; i < t.NumMethods(); i++ {
				sig := t.Method(i).Type().(*types.Signature)
				for _, tup := range []*types.Tuple{sig.Params(), sig.Results()} {
					for j := 0; j < tup.Len(); j++ {
						check(tup.At(j).Type(), depth+1)
					}
				}
			}
			for i := 0; i < t.NumEmbeddeds(); i++ {
				check(t.EmbeddedType(i), depth+1)
			}
		case *types.Pointer:
			check(t.Elem(), depth+1)
		case *types.Slice:
			check(t.Elem(), depth+1)
		case *types.Array:
			check(t.Elem(), depth+1)
		case *types.Map:
			check(t.Key(), depth+1)
			check(t.Elem(), depth+1)
		case *types.Chan:
			check(t.Elem(), depth+1)
		case *types.TypeParam:
			nameable = false
		}
	}
	check(t, 0)
	if !nameable {
		return "", false
	}
	if i, isIface := types.Unalias(t).(*types.Interface); isIface && i.Empty() {
		return "any", true
	}
	s := types.TypeString(t, qualify)
	return s, ok
}
