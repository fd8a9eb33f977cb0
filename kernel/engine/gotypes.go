package engine

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"runtime"
	"strconv"
	"strings"
)

// The engine type-checks each cell with go/types, as compiled Go would,
// against what earlier cells declared and the symbol tables of compiled
// packages. yaegi has its own, weaker type checker; go/types' answers let
// the rewrites spell types yaegi cannot infer (comma-ok at top level,
// generic type arguments) and let the engine refuse, with Go's own
// message, the few programs that Go refuses and yaegi runs with a
// different answer (fix_checks.go). Every other go/types error is
// ignored: yaegi decides. The oracle is partial on purpose — a cell whose
// check fails somewhere still gets types for the rest.
//
// Packages are built from the symbol tables (reflect types to go/types
// types): functions, variables, constants and types, with the methods
// reflect sees (exported ones). A type of a package without a table gets
// a stub package. The generic standard packages (slices, maps, cmp, iter)
// have no symbols; their signatures come from genericStubs.
//
// Each cell is checked as package main in a fresh types.Package whose
// scope holds the objects earlier cells declared (their declarations and
// the variables of their top-level := statements), so later cells see the
// same types (identity holds across cells). go/types compares unexported
// names by package path, which is "main" for all of them.

// typesSession is what go/types knows of a session.
type typesSession struct {
	e       *Engine
	pkgs    map[string]*types.Package
	built   map[string]bool
	named   map[reflect.Type]*types.Named
	objects map[string]types.Object // session names: declarations and statement variables
	// monoObjects is the session as the passes see it once a cell
	// declared generics (fix_mono.go): the specialized declarations
	// instead of the generic ones, and variables typed with them. Nil
	// until then: both views are objects.
	monoObjects map[string]types.Object
}

// passObjects returns the session's objects as the passes see them.
func (ts *typesSession) passObjects() map[string]types.Object {
	if ts.monoObjects != nil {
		return ts.monoObjects
	}
	return ts.objects
}

// activateMono starts the second view: until now both were the same.
func (ts *typesSession) activateMono() {
	if ts.monoObjects != nil {
		return
	}
	ts.monoObjects = make(map[string]types.Object, len(ts.objects))
	for k, v := range ts.objects {
		ts.monoObjects[k] = v
	}
}

// world returns the map a cell check of ct records into.
func (ts *typesSession) world(ct *cellTypes) map[string]types.Object {
	if ct.mono && ts.monoObjects != nil {
		return ts.monoObjects
	}
	return ts.objects
}

func newTypesSession(e *Engine) *typesSession {
	return &typesSession{
		e:       e,
		pkgs:    map[string]*types.Package{},
		built:   map[string]bool{},
		named:   map[reflect.Type]*types.Named{},
		objects: map[string]types.Object{},
	}
}

// Import implements types.Importer for the packages cells can import.
func (ts *typesSession) Import(p string) (pkg *types.Package, err error) {
	if p == "unsafe" {
		// go/types' own: Sizeof and friends are constants, Slice and
		// String generic builtins (fix_unsafebuiltins.go).
		return types.Unsafe, nil
	}
	if ts.built[p] {
		return ts.pkgs[p], nil
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("building the types of %s: %v", p, r)
		}
	}()
	if src, ok := genericStubs[p]; ok && len(ts.e.syms[p]) == 0 {
		return ts.checkStub(p, src)
	}
	syms, ok := ts.e.syms[p]
	if !ok {
		return nil, fmt.Errorf("package %s has no symbol table", p)
	}
	pkg = ts.pkg(p)
	ts.built[p] = true
	for name, v := range syms {
		if strings.HasPrefix(name, "_") || !v.IsValid() {
			continue
		}
		if obj := ts.object(pkg, name, v); obj != nil {
			pkg.Scope().Insert(obj)
		}
	}
	if src, ok := genericStubs[p]; ok {
		// Generic functions of a compiled package (math/rand/v2's N).
		if stub, _ := ts.checkStub(p+"#generic", src); stub != nil {
			for _, name := range stub.Scope().Names() {
				pkg.Scope().Insert(stub.Scope().Lookup(name))
			}
		}
	}
	pkg.MarkComplete()
	return pkg, nil
}

// checkStub type-checks the source of a stub package.
func (ts *typesSession) checkStub(p, src string) (*types.Package, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, p+".go", src, 0)
	if err != nil {
		return nil, err
	}
	// Give each signature a body (go/types wants one for a generic
	// function): panic(0).
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body == nil {
			fd.Body = &ast.BlockStmt{List: []ast.Stmt{&ast.ExprStmt{X: &ast.CallExpr{Fun: ast.NewIdent("panic"), Args: []ast.Expr{&ast.BasicLit{Kind: token.INT, Value: "0"}}}}}}
		}
	}
	conf := types.Config{Importer: ts, Error: func(error) {}}
	pkg, err := conf.Check(strings.TrimSuffix(p, "#generic"), fset, []*ast.File{f}, nil)
	if !strings.HasSuffix(p, "#generic") {
		ts.pkgs[p], ts.built[p] = pkg, true
	}
	return pkg, err
}

// pkg returns the package object for an import path, creating it.
func (ts *typesSession) pkg(p string) *types.Package {
	if pkg, ok := ts.pkgs[p]; ok {
		return pkg
	}
	pkg := types.NewPackage(p, ts.e.pkgName(p))
	ts.pkgs[p] = pkg
	if ts.e.syms[p] == nil {
		pkg.MarkComplete() // a stub: only the types other packages mention
	}
	return pkg
}

var constantValueType = reflect.TypeFor[constant.Value]()

// object converts one symbol of a table; nil when it cannot.
func (ts *typesSession) object(pkg *types.Package, name string, v reflect.Value) types.Object {
	t := v.Type()
	switch {
	case v.CanAddr():
		return types.NewVar(token.NoPos, pkg, name, ts.typ(t))
	case t.Kind() == reflect.Pointer && v.IsNil() && t.Elem().Name() == name:
		if n, ok := ts.typ(t.Elem()).(*types.Named); ok {
			return n.Obj()
		}
		if a, ok := ts.typ(t.Elem()).(*types.Basic); ok {
			return types.NewTypeName(token.NoPos, pkg, name, a)
		}
		return nil
	case t.Kind() == reflect.Func:
		return types.NewFunc(token.NoPos, pkg, name, ts.sig(t, nil))
	case t.Implements(constantValueType):
		cv := v.Interface().(constant.Value)
		kind := map[constant.Kind]types.BasicKind{constant.Bool: types.UntypedBool, constant.String: types.UntypedString,
			constant.Int: types.UntypedInt, constant.Float: types.UntypedFloat, constant.Complex: types.UntypedComplex}[cv.Kind()]
		if kind == 0 {
			return nil
		}
		return types.NewConst(token.NoPos, pkg, name, types.Typ[kind], cv)
	}
	var cv constant.Value
	switch t.Kind() {
	case reflect.Bool:
		cv = constant.MakeBool(v.Bool())
	case reflect.String:
		cv = constant.MakeString(v.String())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		cv = constant.MakeInt64(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		cv = constant.MakeUint64(v.Uint())
	case reflect.Float32, reflect.Float64:
		cv = constant.MakeFloat64(v.Float())
	default:
		return types.NewVar(token.NoPos, pkg, name, ts.typ(t)) // a value we cannot make a constant of
	}
	return types.NewConst(token.NoPos, pkg, name, ts.typ(t), cv)
}

// typ converts a reflect type.
func (ts *typesSession) typ(t reflect.Type) types.Type {
	if t.Name() != "" {
		if t.PkgPath() == "" {
			return predeclared(t)
		}
		return ts.namedType(t)
	}
	return ts.composite(t)
}

// composite converts the structure of a composite type (the unnamed type
// itself, or a named type's underlying type).
func (ts *typesSession) composite(t reflect.Type) types.Type {
	switch t.Kind() {
	case reflect.Slice:
		return types.NewSlice(ts.typ(t.Elem()))
	case reflect.Array:
		return types.NewArray(ts.typ(t.Elem()), int64(t.Len()))
	case reflect.Pointer:
		return types.NewPointer(ts.typ(t.Elem()))
	case reflect.Map:
		return types.NewMap(ts.typ(t.Key()), ts.typ(t.Elem()))
	case reflect.Chan:
		dir := map[reflect.ChanDir]types.ChanDir{reflect.BothDir: types.SendRecv, reflect.SendDir: types.SendOnly, reflect.RecvDir: types.RecvOnly}[t.ChanDir()]
		return types.NewChan(dir, ts.typ(t.Elem()))
	case reflect.Func:
		return ts.sig(t, nil)
	case reflect.Struct:
		var fields []*types.Var
		var tags []string
		for i := range t.NumField() {
			f := t.Field(i)
			var fpkg *types.Package
			if f.PkgPath != "" {
				fpkg = ts.pkg(f.PkgPath)
			}
			fields = append(fields, types.NewField(token.NoPos, fpkg, f.Name, ts.typ(f.Type), f.Anonymous))
			tags = append(tags, string(f.Tag))
		}
		return types.NewStruct(fields, tags)
	case reflect.Interface:
		var methods []*types.Func
		for i := range t.NumMethod() {
			m := t.Method(i)
			var mpkg *types.Package
			if m.PkgPath != "" {
				mpkg = ts.pkg(m.PkgPath)
			}
			methods = append(methods, types.NewFunc(token.NoPos, mpkg, m.Name, ts.sig(m.Type, nil)))
		}
		return types.NewInterfaceType(methods, nil).Complete()
	case reflect.UnsafePointer:
		return types.Typ[types.UnsafePointer]
	}
	return types.Typ[types.Invalid]
}

// predeclared returns the go/types type of a predeclared reflect type.
func predeclared(t reflect.Type) types.Type {
	if t.Kind() == reflect.Interface && t.Name() == "error" {
		return types.Universe.Lookup("error").Type()
	}
	if obj := types.Universe.Lookup(t.Name()); obj != nil {
		if tn, ok := obj.(*types.TypeName); ok {
			return tn.Type()
		}
	}
	if t.Kind() == reflect.UnsafePointer {
		return types.Typ[types.UnsafePointer]
	}
	return types.Typ[types.Invalid]
}

// namedType converts a named type of a package, with its methods.
func (ts *typesSession) namedType(t reflect.Type) types.Type {
	if n, ok := ts.named[t]; ok {
		return n
	}
	pkg := ts.pkg(t.PkgPath())
	tn := types.NewTypeName(token.NoPos, pkg, t.Name(), nil)
	n := types.NewNamed(tn, nil, nil)
	ts.named[t] = n
	if pkg.Scope().Lookup(t.Name()) == nil {
		pkg.Scope().Insert(tn)
	}
	n.SetUnderlying(ts.underlying(t))
	if t.Kind() == reflect.Interface {
		return n
	}
	seen := map[string]bool{}
	for i := range t.NumMethod() {
		m := t.Method(i)
		seen[m.Name] = true
		recv := types.NewVar(token.NoPos, pkg, "", n)
		n.AddMethod(types.NewFunc(token.NoPos, pkg, m.Name, ts.sig(m.Type, recv)))
	}
	pt := reflect.PointerTo(t)
	for i := range pt.NumMethod() {
		m := pt.Method(i)
		if seen[m.Name] {
			continue
		}
		recv := types.NewVar(token.NoPos, pkg, "", types.NewPointer(n))
		n.AddMethod(types.NewFunc(token.NoPos, pkg, m.Name, ts.sig(m.Type, recv)))
	}
	return n
}

// underlying converts the underlying type of a named type.
func (ts *typesSession) underlying(t reflect.Type) types.Type {
	switch t.Kind() {
	case reflect.Bool:
		return types.Typ[types.Bool]
	case reflect.Int:
		return types.Typ[types.Int]
	case reflect.Int8:
		return types.Typ[types.Int8]
	case reflect.Int16:
		return types.Typ[types.Int16]
	case reflect.Int32:
		return types.Typ[types.Int32]
	case reflect.Int64:
		return types.Typ[types.Int64]
	case reflect.Uint:
		return types.Typ[types.Uint]
	case reflect.Uint8:
		return types.Typ[types.Uint8]
	case reflect.Uint16:
		return types.Typ[types.Uint16]
	case reflect.Uint32:
		return types.Typ[types.Uint32]
	case reflect.Uint64:
		return types.Typ[types.Uint64]
	case reflect.Uintptr:
		return types.Typ[types.Uintptr]
	case reflect.Float32:
		return types.Typ[types.Float32]
	case reflect.Float64:
		return types.Typ[types.Float64]
	case reflect.Complex64:
		return types.Typ[types.Complex64]
	case reflect.Complex128:
		return types.Typ[types.Complex128]
	case reflect.String:
		return types.Typ[types.String]
	case reflect.UnsafePointer:
		return types.Typ[types.UnsafePointer]
	}
	// A composite: convert an unnamed type with the same structure.
	return ts.composite(t)
}

// sig converts a func type (a method's without its receiver when recv is
// set: reflect's method types take the receiver first).
func (ts *typesSession) sig(t reflect.Type, recv *types.Var) *types.Signature {
	first := 0
	if recv != nil {
		first = 1
	}
	var params, results []*types.Var
	for i := first; i < t.NumIn(); i++ {
		params = append(params, types.NewParam(token.NoPos, nil, "", ts.typ(t.In(i))))
	}
	for i := range t.NumOut() {
		results = append(results, types.NewParam(token.NoPos, nil, "", ts.typ(t.Out(i))))
	}
	return types.NewSignatureType(recv, nil, nil, types.NewTuple(params...), types.NewTuple(results...), t.IsVariadic())
}

// cellTypes is what the types pass found for one cell.
type cellTypes struct {
	pkg    *types.Package
	info   *types.Info
	errors []types.Error
	mono   bool // checked against the specialized view (monoObjects)
	// injected are the copies of earlier cells' types the check declared
	// (injectGenericTypes), by name: what the cell's objects refer to
	// where the session has the originals.
	injected map[string]*types.TypeName
}

// checkCell type-checks a cell; the result is never nil, its info
// possibly partial.
func (ts *typesSession) checkCell(s *scope, mono bool) *cellTypes {
	ct := ts.checkCellWith(s, mono, nil)
	if extra := stmtVarsOfDecls(s, ct); len(extra) > 0 {
		ct = ts.checkCellWith(s, mono, extra)
	}
	return ct
}

// stmtVarsOfDecls returns the variables a top-level statement of the
// cell defines (x := 2) that a top-level declaration of the same cell
// uses (var v = f(x)), which go/types finds undefined: the declarations
// are package-level, the statements a function's body, while the engine
// runs them in order. Their types go into the package scope of a second
// check, so that the declaration's expressions have types (the pass mono
// needs them to specialize a generic call there). Only types that name no
// type of this check's package are given: a second check declares those
// types anew.
func stmtVarsOfDecls(s *scope, ct *cellTypes) map[string]types.Type {
	undefined := map[string]bool{}
	for _, te := range ct.errors {
		name, ok := strings.CutPrefix(te.Msg, "undefined: ")
		if !ok {
			continue
		}
		for _, d := range s.pc.decls.Decls {
			if d.Pos() <= te.Pos && te.Pos < d.End() {
				undefined[name] = true
			}
		}
	}
	if len(undefined) == 0 || s.pc.stmts == nil || s.pc.stmts.Body == nil {
		return nil
	}
	extra := map[string]types.Type{}
	for _, st := range s.pc.stmts.Body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE {
			continue
		}
		for _, l := range as.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok || !undefined[id.Name] {
				continue
			}
			obj := ct.info.Defs[id]
			if obj == nil || obj.Type() == nil || mentionsType(obj.Type(), namesPkgType(ct.pkg), 0) {
				continue
			}
			extra[id.Name] = obj.Type()
		}
	}
	return extra
}

// namesPkgType is mentionsType's test for a named type of pkg; a
// signature, struct or interface counts too (not worth the second check).
func namesPkgType(pkg *types.Package) func(types.Type) bool {
	return func(t types.Type) bool {
		switch t := t.(type) {
		case *types.Named:
			return t.Obj().Pkg() == pkg
		case *types.Signature, *types.Struct, *types.Interface:
			return true
		}
		return false
	}
}

// mentionsType reports whether t, or a type it is built from (elements,
// keys, parameters, results, fields, methods, type arguments), satisfies
// f, which sees an alias before it is resolved. Deeper than 8 levels
// counts as a mention.
func mentionsType(t types.Type, f func(types.Type) bool, depth int) bool {
	if depth > 8 {
		return true
	}
	if f(t) {
		return true
	}
	in := func(ts ...types.Type) bool {
		for _, u := range ts {
			if mentionsType(u, f, depth+1) {
				return true
			}
		}
		return false
	}
	tuple := func(tup *types.Tuple) bool {
		for i := range tup.Len() {
			if in(tup.At(i).Type()) {
				return true
			}
		}
		return false
	}
	switch t := t.(type) {
	case *types.Alias:
		return in(types.Unalias(t))
	case *types.Pointer:
		return in(t.Elem())
	case *types.Slice:
		return in(t.Elem())
	case *types.Array:
		return in(t.Elem())
	case *types.Chan:
		return in(t.Elem())
	case *types.Map:
		return in(t.Key(), t.Elem())
	case *types.Signature:
		return tuple(t.Params()) || tuple(t.Results())
	case *types.Struct:
		for i := range t.NumFields() {
			if in(t.Field(i).Type()) {
				return true
			}
		}
	case *types.Interface:
		for i := range t.NumExplicitMethods() {
			if in(t.ExplicitMethod(i).Type()) {
				return true
			}
		}
		for i := range t.NumEmbeddeds() {
			if in(t.EmbeddedType(i)) {
				return true
			}
		}
	case *types.Named:
		if args := t.TypeArgs(); args != nil {
			for i := range args.Len() {
				if in(args.At(i)) {
					return true
				}
			}
		}
	}
	return false
}

// checkCellWith is checkCell with the variables extra declared in the
// package scope (stmtVarsOfDecls).
func (ts *typesSession) checkCellWith(s *scope, mono bool, extra map[string]types.Type) (ct *cellTypes) {
	objects := ts.objects
	if mono {
		ts.activateMono()
		objects = ts.monoObjects
	}
	ct = &cellTypes{mono: mono, pkg: types.NewPackage("main", "main"), info: &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Instances:  map[*ast.Ident]types.Instance{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}}
	defer func() {
		if r := recover(); r != nil {
			ct.errors = nil // go/types itself failed: no checks, partial info
		}
	}()
	declared := map[string]bool{}
	for name := range s.declDefined {
		declared[name] = true
	}
	injected := injectEarlierTypes(s, declared, mono)
	for name, obj := range objects {
		if !declared[name] {
			ct.pkg.Scope().Insert(obj)
		}
	}
	for name, t := range extra {
		if ct.pkg.Scope().Lookup(name) == nil {
			ct.pkg.Scope().Insert(types.NewVar(token.NoPos, ct.pkg, name, t))
		}
	}
	imports := &ast.GenDecl{Tok: token.IMPORT}
	add := func(name, p string) {
		if declared[name] || name == rtName || name == "_" || name == "." {
			return
		}
		declared[name] = true
		imports.Specs = append(imports.Specs, &ast.ImportSpec{Name: ast.NewIdent(name), Path: &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(p)}})
	}
	for name, p := range s.imports {
		add(name, p)
	}
	for name, p := range s.e.importNames {
		if _, isVar := objects[name]; isVar || s.pkgShadowed(name) {
			continue // a name of the session hides the package, as in the engine's scope
		}
		add(name, p)
	}
	file := &ast.File{Name: ast.NewIdent("main"), Decls: []ast.Decl{imports}}
	for _, d := range s.pc.decls.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			continue
		}
		file.Decls = append(file.Decls, d)
	}
	file.Decls = append(file.Decls, s.pc.stmts)
	var injectedFile *token.File
	if injected != nil {
		injectedFile = s.pc.fset.File(injected.Pos())
	}
	conf := types.Config{
		Importer: ts,
		Sizes:    types.SizesFor("gc", runtime.GOARCH), // unsafe.Sizeof and friends are constants
		Error: func(err error) {
			if te, ok := err.(types.Error); ok && !te.Soft {
				if injectedFile != nil && injectedFile.Base() <= int(te.Pos) && int(te.Pos) <= injectedFile.Base()+injectedFile.Size() {
					return // an earlier cell's declaration, checked again
				}
				ct.errors = append(ct.errors, te)
			}
		},
	}
	chk := types.NewChecker(&conf, s.pc.fset, ct.pkg, ct.info)
	files := []*ast.File{file}
	if injected != nil {
		files = append(files, injected)
	}
	_ = chk.Files(files)
	if injected != nil {
		ct.injected = map[string]*types.TypeName{}
		for _, d := range injected.Decls {
			if g, ok := d.(*ast.GenDecl); ok {
				for _, sp := range g.Specs {
					if ts, ok := sp.(*ast.TypeSpec); ok {
						if tn, ok := ct.info.Defs[ts.Name].(*types.TypeName); ok {
							ct.injected[ts.Name.Name] = tn
						}
					}
				}
			}
		}
	}
	return ct
}

// remapInjected returns obj with the copies of earlier cells' types the
// check of ct declared replaced by the session's types.
func (ts *typesSession) remapInjected(ct *cellTypes, obj types.Object) types.Object {
	if len(ct.injected) == 0 {
		return obj
	}
	origins := map[*types.TypeName]*types.Named{}
	for name, tn := range ct.injected {
		if orig, ok := ts.world(ct)[name].(*types.TypeName); ok {
			if n, ok := orig.Type().(*types.Named); ok {
				origins[tn] = n
			}
		}
	}
	remap := func(t types.Type) types.Type { return substRemap(t, nil, origins) }
	switch o := obj.(type) {
	case *types.Var:
		if t := remap(o.Type()); t != o.Type() {
			return types.NewVar(o.Pos(), o.Pkg(), o.Name(), t)
		}
	case *types.Func:
		if sig, ok := o.Type().(*types.Signature); ok && sig.Recv() == nil && sig.TypeParams().Len() == 0 {
			if t := remap(sig); t != sig {
				return types.NewFunc(o.Pos(), o.Pkg(), o.Name(), t.(*types.Signature))
			}
		}
	case *types.TypeName:
		if n, ok := o.Type().(*types.Named); ok && n.TypeParams().Len() == 0 {
			if u := remap(n.Underlying()); u != n.Underlying() {
				func() {
					defer func() { recover() }()
					n.SetUnderlying(u)
				}()
			}
		}
	}
	return obj
}

// pkgShadowed reports whether a session import name is hidden by a name
// the cell's top-level statements define (they are locals of the
// checked function, so the import stays visible elsewhere; only a
// declaration of the cell really hides it).
func (s *scope) pkgShadowed(name string) bool {
	_, ok := s.declDefined[name]
	return ok
}

// recordDecl records, once the cell's declarations ran, the objects they
// declared, and attaches methods declared on earlier cells' types.
func (ts *typesSession) recordDecl(ct *cellTypes, names []string, methods []*ast.FuncDecl) {
	if ct == nil {
		return
	}
	objects := ts.world(ct)
	for _, name := range names {
		if obj := ct.pkg.Scope().Lookup(name); obj != nil {
			objects[name] = ts.remapInjected(ct, obj)
		}
	}
	for _, fd := range methods {
		fn, ok := ct.info.Defs[fd.Name].(*types.Func)
		if !ok {
			continue
		}
		sig, ok := fn.Type().(*types.Signature)
		if !ok || sig.Recv() == nil {
			continue
		}
		recv := sig.Recv()
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != ct.pkg {
			n.AddMethod(fn)
			continue
		}
		// A method of an earlier cell's type, checked on a copy of it
		// (injectEarlierTypes): the session's type gets it.
		if n, ok := t.(*types.Named); ok && ct.injected[n.Origin().Obj().Name()] == n.Origin().Obj() {
			name := n.Origin().Obj().Name()
			if g := ts.e.mono.genericType(name); !ct.mono && g != nil && g.obj != n.Origin().Obj() {
				if target, ok := g.obj.Type().(*types.Named); ok {
					attachGenericMethod(target, fn)
				}
			} else if tn, ok := objects[name].(*types.TypeName); ok && tn != n.Obj() && n.TypeArgs().Len() == 0 {
				if target, ok := tn.Type().(*types.Named); ok && target.TypeParams().Len() == 0 {
					attachMethod(target, n, fn)
				}
			}
		}
	}
}

// attachMethod adds to the type target a method fn declared on copy, a
// copy of it.
func attachMethod(target, copy *types.Named, fn *types.Func) {
	defer func() { recover() }()
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return
	}
	origins := map[*types.TypeName]*types.Named{copy.Obj(): target}
	rt := types.Type(target)
	if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
		rt = types.NewPointer(target)
	}
	recv := types.NewVar(sig.Recv().Pos(), sig.Recv().Pkg(), sig.Recv().Name(), rt)
	params := substRemap(sig.Params(), nil, origins).(*types.Tuple)
	results := substRemap(sig.Results(), nil, origins).(*types.Tuple)
	target.AddMethod(types.NewFunc(fn.Pos(), target.Obj().Pkg(), fn.Name(), types.NewSignatureType(recv, nil, nil, params, results, sig.Variadic())))
}

// derefType is t's element when t is a pointer, else t.
func derefType(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// attachGenericMethod adds to the generic type target a method fn
// declared on another type with the same type parameters (a copy of
// target): its signature, with fresh receiver type parameters.
func attachGenericMethod(target *types.Named, fn *types.Func) {
	defer func() { recover() }() // go/types refused: the method stays unknown to later checks
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return
	}
	old := sig.RecvTypeParams()
	tps := target.TypeParams()
	if old.Len() != tps.Len() {
		return
	}
	fresh := make([]*types.TypeParam, old.Len())
	m := map[*types.TypeParam]types.Type{}
	args := make([]types.Type, old.Len())
	for i := range fresh {
		fresh[i] = types.NewTypeParam(types.NewTypeName(token.NoPos, target.Obj().Pkg(), old.At(i).Obj().Name(), nil), nil)
		m[old.At(i)] = fresh[i]
		args[i] = fresh[i]
	}
	for i := range fresh {
		fresh[i].SetConstraint(substType(tps.At(i).Constraint(), typeParamMap(tps, args)))
	}
	inst, err := types.Instantiate(nil, target, args, false)
	if err != nil {
		return
	}
	rt := inst
	if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
		rt = types.NewPointer(inst)
	}
	recv := types.NewVar(sig.Recv().Pos(), sig.Recv().Pkg(), sig.Recv().Name(), rt)
	origins := map[*types.TypeName]*types.Named{}
	if n, ok := types.Unalias(derefType(sig.Recv().Type())).(*types.Named); ok {
		origins[n.Origin().Obj()] = target
	}
	params := substRemap(sig.Params(), m, origins).(*types.Tuple)
	results := substRemap(sig.Results(), m, origins).(*types.Tuple)
	nsig := types.NewSignatureType(recv, fresh, nil, params, results, sig.Variadic())
	target.AddMethod(types.NewFunc(fn.Pos(), target.Obj().Pkg(), fn.Name(), nsig))
}

// recordStmtVars records the variables that top-level := statements
// defined, once they ran.
func (ts *typesSession) recordStmtVars(ct *cellTypes, ids []*ast.Ident) {
	if ct == nil {
		return
	}
	objects := ts.world(ct)
	for _, id := range ids {
		if obj := ct.info.Defs[id]; obj != nil {
			objects[id.Name] = ts.remapInjected(ct, obj)
		} else if obj := ct.info.Uses[id]; obj != nil {
			objects[id.Name] = obj // x := ... where x was a variable already
		}
	}
}

// goType returns the type go/types gave expression x, or nil.
func (ct *cellTypes) goType(x ast.Expr) types.Type {
	if ct == nil {
		return nil
	}
	if tv, ok := ct.info.Types[x]; ok && tv.Type != nil && tv.Type != types.Typ[types.Invalid] {
		return tv.Type
	}
	if id, ok := x.(*ast.Ident); ok {
		if obj := ct.info.Defs[id]; obj != nil {
			return obj.Type()
		}
		if obj := ct.info.Uses[id]; obj != nil {
			return obj.Type()
		}
	}
	return nil
}

// spellGoType writes t as source valid in the cell: types of the cell
// and the session unqualified, other named types through the package
// names the cell sees. ok is false when some part cannot be named (a
// package not imported, an unexported type of another package, a type
// declared inside a function).
func (s *scope) spellGoType(t types.Type) (string, bool) {
	ok := true
	names := map[string]string{} // path -> name
	for name, p := range s.e.importNames {
		if !s.pkgShadowed(name) {
			names[p] = name
		}
	}
	for name, p := range s.imports {
		names[p] = name
	}
	var check func(t types.Type)
	seen := map[types.Type]bool{}
	check = func(t types.Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Named:
			obj := t.Obj()
			if obj.Pkg() == nil {
				return // error
			}
			if obj.Pkg().Path() == "main" {
				if obj.Parent() != nil && obj.Parent() != obj.Pkg().Scope() && obj.Parent().Parent() != types.Universe {
					ok = false // declared inside a function
				}
			} else if _, imported := names[obj.Pkg().Path()]; !imported || !obj.Exported() {
				ok = false
			}
			if args := t.TypeArgs(); args != nil {
				for i := range args.Len() {
					check(args.At(i))
				}
			}
		case *types.Pointer:
			check(t.Elem())
		case *types.Slice:
			check(t.Elem())
		case *types.Array:
			check(t.Elem())
		case *types.Map:
			check(t.Key())
			check(t.Elem())
		case *types.Chan:
			check(t.Elem())
		case *types.Signature:
			for i := range t.Params().Len() {
				check(t.Params().At(i).Type())
			}
			for i := range t.Results().Len() {
				check(t.Results().At(i).Type())
			}
		case *types.Struct:
			for i := range t.NumFields() {
				if !t.Field(i).Exported() && t.Field(i).Pkg() != nil && t.Field(i).Pkg().Path() != "main" {
					ok = false
				}
				check(t.Field(i).Type())
			}
		case *types.Interface:
			for i := range t.NumExplicitMethods() {
				check(t.ExplicitMethod(i).Type())
			}
		case *types.Basic:
			if t.Info()&types.IsUntyped != 0 {
				ok = false
			}
		case *types.TypeParam, *types.Tuple:
			ok = false
		}
	}
	check(t)
	if !ok {
		return "", false
	}
	q := func(p *types.Package) string {
		if p.Path() == "main" {
			return ""
		}
		return names[p.Path()]
	}
	return types.TypeString(t, q), true
}
