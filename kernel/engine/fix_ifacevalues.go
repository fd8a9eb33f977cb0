package engine

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/traefik/yaegi/interp"
)

// Workaround: cell values with methods held in interfaces inside slices,
// maps and structs, as fmt and encoding/json see them.
//
// yaegi keeps a value of a cell type that has methods, when it is stored
// in an interface inside a composite ([]any{q}, map[string]any, a struct
// field of type any or of a cell interface type), in a wrapper of its own
// (interp.valueInterface: the type's node and the value). Compiled code
// sees the wrapper: fmt.Println([]any{Q{1}}) printed
// [{0xc000... {0xc000... 0xc000... 409}}] (Go: [{1}]) and json.Marshal
// wrote [{}] (Go: [{"X":1}]).
//
// A value of such a type stored in an interface variable can also lose
// its methods altogether (var a any = P{3}; var err error = E{}: yaegi
// stores the bare struct), and fmt printed {3} where Go calls String.
//
// An argument of fmt's and log's printing functions (fix_fmtmethods.go's
// list) and of json.Marshal, MarshalIndent and Encoder.Encode whose
// static type (go/types) is an interface or holds one below its top
// level, and a cell's final value of the latter kind, pass through
// _gnrt.IfacesFmt or IfacesJSON (IfacesFmt's argument gets the interface
// wrapping yaegi gives fmt's, so a value yaegi hands fmt with its methods
// passes through unchanged). At run time they replace each wrapper by the
// value it holds, copying only the containers on the way to one, so that
// fmt and json see what Go shows — unless the value's type has a method
// that would change what Go prints (String, Error, Format, GoString for
// fmt; MarshalJSON, MarshalText for json), or is a type the engine cannot
// name: then the call panics with a message naming the type. A bare
// value of a session struct type with such a method panics likewise.
//
// A value of a non-struct cell type (type C float64) has no type of its
// own at run time: yaegi represents it by its underlying type, so a C
// held in an interface may reach fmt as a bare float64 (any(C(2)) prints
// 2 where Go calls String). The pass records the session's non-struct
// types with such a method that a cell puts in an interface (markBoxed:
// assigned, passed, returned, sent, converted, in a composite literal);
// a bare value of the same reflect type held in an interface then panics
// naming the type(s) it may be, since the engine cannot tell a C from a
// float64 there — also when it is a plain float64 (a false alarm, never a
// wrong answer). fmt.Println(xs...) unwraps the []any's elements, and a
// cell's final value of an interface type is unwrapped like a container.
//
// Limits: a container whose element type is a cell interface type is
// copied into one whose elements are any ([]Shape prints as []any does);
// a non-struct type whose underlying type names another cell type is not
// recognised; reflect.DeepEqual and other compiled functions still see
// the wrappers.

func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		return map[string]reflect.Value{
			"IfacesFmt":  reflect.ValueOf(func(at string, x any) any { return e.ifaceMethods.unwrap(at, x, "fmt", &e.fmtNames) }),
			"IfacesJSON": reflect.ValueOf(func(at string, x any) any { return e.ifaceMethods.unwrap(at, x, "json", &e.fmtNames) }),
			// fmt.Println(xs...): the elements of the []any.
			"IfacesFmtSlice": reflect.ValueOf(func(at string, xs []any) []any {
				if v, ok := e.ifaceMethods.unwrap(at, xs, "fmt", &e.fmtNames).([]any); ok {
					return v
				}
				return xs
			}),
		}
	})
}

// jsonEncoders are the json functions whose arguments are unwrapped.
var jsonEncoders = map[string]bool{
	"encoding/json.Marshal": true, "encoding/json.MarshalIndent": true, "encoding/json.Encoder.Encode": true,
}

// ifaceMethods records, per session type name, the methods that change
// how fmt and json show its values; the pass updates it at every cell.
type ifaceMethods struct {
	mu    sync.Mutex
	types map[string]map[string]string // type name -> kind ("fmt", "json") -> method, "" if none
	// boxed are the session's non-struct types with such a method whose
	// values the cells put in an interface, by the text of the reflect
	// type yaegi gives their values ("float64", "[]int"): such a value
	// reaches compiled code bare, indistinguishable from a plain one.
	boxed map[string][]string
	// inIface are the session's non-struct types, with methods or not,
	// whose values the cells put in an interface, keyed the same way:
	// %T of such a bare value cannot name its type (fix_fmt.go).
	inIface map[string][]string
	// boxes are the out functions of the boxes (fix_boxnamed.go), by name.
	boxes map[string]func(any) any
}

// noteInIface records that a value of the session's non-struct type
// named goes into an interface.
func (m *ifaceMethods) noteInIface(named *types.Named) {
	name := named.Obj().Name()
	key := types.TypeString(named.Underlying(), nil)
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, n := range m.inIface[key] {
		if n == name {
			return
		}
	}
	if m.inIface == nil {
		m.inIface = map[string][]string{}
	}
	m.inIface[key] = append(m.inIface[key], name)
}

// inIfaceNames returns the session's non-struct types put in interfaces
// whose values yaegi represents with reflect type key.
func (m *ifaceMethods) inIfaceNames(key string) []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.inIface[key]...)
}

// ifaceMethodNames are the methods that matter, by kind.
var ifaceMethodNames = map[string][]string{
	"fmt":  {"String", "Error", "Format", "GoString"},
	"json": {"MarshalJSON", "MarshalText"},
}

// record notes the methods of the session's type t.
func (m *ifaceMethods) record(name string, t types.Type) {
	kinds := map[string]string{}
	for kind, names := range ifaceMethodNames {
		kinds[kind] = ""
		for _, mt := range []types.Type{t, types.NewPointer(t)} {
			ms := types.NewMethodSet(mt)
			for _, n := range names {
				if kinds[kind] == "" && ms.Lookup(nil, n) != nil {
					kinds[kind] = n
					if mt != t {
						kinds[kind+"*"] = n // only the pointer has it
					}
				}
			}
		}
	}
	m.mu.Lock()
	if m.types == nil {
		m.types = map[string]map[string]string{}
	}
	m.types[name] = kinds
	m.mu.Unlock()
}

// unwrapIfaceValues is the pass "ifacevalues".
func unwrapIfaceValues(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	// The session's types (earlier cells and this one) and their methods.
	for _, obj := range ct.info.Defs {
		if tn, ok := obj.(*types.TypeName); ok && tn.Pkg() != nil && tn.Parent() == tn.Pkg().Scope() {
			p.e.ifaceMethods.record(tn.Name(), tn.Type())
		}
	}
	if p.e.types != nil {
		for name, obj := range p.e.types.passObjects() {
			if tn, ok := obj.(*types.TypeName); ok {
				p.e.ifaceMethods.record(name, tn.Type())
			}
		}
	}
	// The argument's position goes with it: yaegi places a panic raised in
	// compiled code at the first statement of the interpreted function.
	wrap := func(x ast.Expr, fn string) {
		at := p.cellPosString(x.Pos())
		p.r.addText(p.off(x.Pos()), p.off(x.Pos()), rtName+"."+fn+"("+strconv.Quote(at)+", ")
		p.r.addTail(p.off(x.End()), ")")
	}
	markBoxed(p, ct)
	visit := func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if c.Ellipsis.IsValid() {
			// fmt.Println(xs...): unwrap the []any's elements.
			if fmtPrinters[encoderName(ct, sel)] && len(c.Args) > 0 {
				a := c.Args[len(c.Args)-1]
				if sl, ok := ct.goType(a).(*types.Slice); ok && isInterface(sl.Elem()) {
					wrap(a, "IfacesFmtSlice")
				}
			}
			return true
		}
		fn := ""
		switch name := encoderName(ct, sel); {
		case fmtPrinters[name]:
			fn = "IfacesFmt"
		case jsonEncoders[name]:
			fn = "IfacesJSON"
		default:
			return true
		}
		typeVerbs := typeVerbArgs(ct, encoderName(ct, sel), c)
		for i, a := range c.Args {
			if !toAnyParam(ct, c, i) || typeVerbs[i] {
				continue // Fprintf's writer, MarshalIndent's prefix, %T
			}
			if t := ct.goType(a); ifaceBelowTop(t) || isInterface(t) {
				wrap(a, fn)
			}
		}
		return true
	}
	p.pc.inspect(visit)
	list := p.pc.stmts.Body.List
	if len(list) == 0 || !p.finalIsLast() {
		return
	}
	if es, ok := list[len(list)-1].(*ast.ExprStmt); ok {
		// Not a type with methods: finalshow may call them on the value.
		// An interface without methods too (var c any = C(1); c): yaegi
		// may hand over its wrapper or the bare value.
		if t := ct.goType(es.X); t != nil && (ifaceBelowTop(t) || isInterface(t)) && !hasMethods(t) {
			if _, tuple := t.(*types.Tuple); !tuple {
				wrap(es.X, "IfacesFmt")
			}
		}
	}
}

// ifaceBelowTop reports whether an interface type is reachable from t
// below its top level.
func ifaceBelowTop(t types.Type) bool {
	if t == nil {
		return false
	}
	if _, ok := t.Underlying().(*types.Interface); ok {
		return false
	}
	if b, ok := t.(*types.Basic); ok && b.Kind() == types.UntypedNil {
		return false
	}
	return interfaceIn(t, "", map[types.Type]bool{}) != ""
}

// isValueInterface reports whether t is yaegi's wrapper of interface
// values.
func isValueInterface(t reflect.Type) bool {
	return t.Kind() == reflect.Struct && t.Name() == "valueInterface" && t.PkgPath() == "github.com/traefik/yaegi/interp"
}

// unwrap returns x with the wrappers below its top level replaced by the
// values they hold (x itself when there are none).
func (m *ifaceMethods) unwrap(at string, x any, kind string, names *fmtNames) any {
	v := reflect.ValueOf(x)
	if !v.IsValid() {
		return x
	}
	u := unwrapper{m: m, kind: kind, at: at, names: names, seen: map[uintptr]bool{}}
	u.checkBare(v)
	if nv, changed := u.fix(v); changed {
		return nv.Interface()
	}
	return x
}

type unwrapper struct {
	m     *ifaceMethods
	kind  string
	at    string // the argument's position, for the panic
	names *fmtNames
	seen  map[uintptr]bool // pointers followed (cycles)
}

// checkBare panics when v, a value held in an interface, is of a cell
// struct type (or a pointer to one) whose method Go would call: yaegi
// stored it without its methods (var a any = P{...}).
func (u *unwrapper) checkBare(v reflect.Value) {
	t, ptr := v.Type(), false
	if t.Kind() == reflect.Pointer {
		t, ptr = t.Elem(), true
	}
	if t.Kind() != reflect.Struct {
		if !ptr {
			u.checkBoxed(t)
		}
		return
	}
	full, ok := u.names.lookup(t)
	if !ok || isBoxName(full) {
		return
	}
	name := strings.TrimPrefix(full, "main.")
	if u.kind == "fmt" && u.m.hasOut(map[bool]string{false: "", true: "*"}[ptr]+name) {
		return // fix hands it over through its out function (fix_boxnamed.go)
	}
	u.m.mu.Lock()
	kinds := u.m.types[name]
	u.m.mu.Unlock()
	if m := kinds[u.kind]; m != "" && (ptr || kinds[u.kind+"*"] == "") {
		what := map[string]string{"fmt": "fmt cannot print", "json": "encoding/json cannot encode"}[u.kind]
		panic(fmt.Sprintf("%s a %s held in an interface as Go would (calling its %s method; the argument at %s): the interpreter stored the value in the interface without its methods; show the %s value itself (a variable of type %s)", what, name, m, u.at, name, name))
	}
}

// checkBoxed panics when a bare value of reflect type t, held in an
// interface, may be of a session type that yaegi represents by t (type C
// float64: its values are float64s) and whose method Go would call: the
// engine cannot tell a C from a float64 there.
func (u *unwrapper) checkBoxed(t reflect.Type) {
	u.m.mu.Lock()
	var names []string
	for _, name := range u.m.boxed[t.String()] {
		if u.m.types[name][u.kind] != "" && u.m.types[name][u.kind+"*"] == "" {
			names = append(names, name)
		}
	}
	var method string
	if len(names) > 0 {
		method = u.m.types[names[0]][u.kind]
	}
	u.m.mu.Unlock()
	if len(names) == 0 {
		return
	}
	what := map[string]string{"fmt": "fmt cannot print", "json": "encoding/json cannot encode"}[u.kind]
	panic(fmt.Sprintf("%s a %s held in an interface (the argument at %s) as Go would: it may be a %s, whose %s method Go would call, and the interpreter stored it without its type; show a value of static type %s (a variable of that type, or %s(x)), or call %s yourself",
		what, t, u.at, strings.Join(names, " or a "), method, names[0], names[0], method))
}

// markBoxed records the session's non-struct types with a method that
// changes how fmt or json shows them (ifaceMethods.record ran) whose
// values this cell puts in an interface in a way that loses the type.
func markBoxed(p *prep, ct *cellTypes) {
	m := &p.e.ifaceMethods
	// check records x's type when x goes into an interface of type target
	// in a context where yaegi drops the type: always, or (basicKeeps)
	// only for a type whose underlying type is not a basic one.
	// sessionNamed is x's type when it is a package-level named type of
	// the session, else nil.
	sessionNamed := func(x ast.Expr) *types.Named {
		if x == nil {
			return nil
		}
		named, ok := types.Unalias(ct.goType(x)).(*types.Named)
		if !ok || named.Obj().Pkg() == nil || named.Obj().Parent() != named.Obj().Pkg().Scope() {
			return nil
		}
		if _, boxed := ct.pkg.Scope().Lookup(boxPrefix + named.Obj().Name()).(*types.TypeName); boxed {
			// Its values go into interfaces boxed (fix_boxnamed.go); a
			// bare one there is of the underlying type.
			return nil
		}
		return named
	}
	// noteOnly records a value put in an interface (inIface): every
	// context check sees, and those where yaegi keeps the type for fmt's
	// sake (passed to an any parameter, put in a []any, sent on a chan
	// any) but %T still cannot name it.
	noteOnly := func(x ast.Expr) {
		named := sessionNamed(x)
		if named == nil || named.TypeParams().Len() > 0 {
			return
		}
		switch named.Underlying().(type) {
		case *types.Struct, *types.Interface:
			return
		}
		m.noteInIface(named)
	}
	check := func(x ast.Expr, target types.Type, basicKeeps bool) {
		if !isInterface(target) {
			return
		}
		named := sessionNamed(x)
		if named == nil {
			return
		}
		noteOnly(x)
		switch named.Underlying().(type) {
		case *types.Struct:
			return // checkBare knows struct types by their reflect type
		case *types.Basic:
			// Into any or a compiled interface (fmt.Stringer) yaegi keeps
			// a C(2)'s type; into a cell's own interface type it does not
			// (var s Shape = C(2); s = C(2): fmt printed 2).
			if basicKeeps && !cellInterface(target) {
				return
			}
		}
		name := named.Obj().Name()
		key := types.TypeString(named.Underlying(), nil)
		m.mu.Lock()
		defer m.mu.Unlock()
		kinds := m.types[name]
		if kinds["fmt"] == "" && kinds["json"] == "" {
			return
		}
		if m.boxed == nil {
			m.boxed = map[string][]string{}
		}
		for _, n := range m.boxed[key] {
			if n == name {
				return
			}
		}
		m.boxed[key] = append(m.boxed[key], name)
	}
	var funcs []types.Type // enclosing function types, innermost last
	var stack []ast.Node
	visit := func(n ast.Node) bool {
		if n == nil {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			switch top.(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				funcs = funcs[:len(funcs)-1]
			}
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.FuncDecl:
			var t types.Type
			if obj := ct.info.Defs[n.Name]; obj != nil {
				t = obj.Type()
			}
			funcs = append(funcs, t)
		case *ast.FuncLit:
			funcs = append(funcs, ct.goType(n))
		case *ast.ReturnStmt:
			// return C(2) from a func() any: the caller gets a bare 2.
			if len(funcs) > 0 {
				if sig, ok := funcs[len(funcs)-1].(*types.Signature); ok && sig.Results().Len() == len(n.Results) {
					for i, r := range n.Results {
						check(r, sig.Results().At(i).Type(), false)
					}
				}
			}
		case *ast.AssignStmt:
			// var v any; v = L{2}: a bare []int (a C(2) keeps its type).
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					check(n.Rhs[i], ct.goType(n.Lhs[i]), true)
				}
			}
		case *ast.ValueSpec:
			if n.Type != nil && len(n.Values) == len(n.Names) {
				for _, v := range n.Values {
					check(v, ct.goType(n.Type), true)
				}
			}
		case *ast.CallExpr:
			// any(C(2)): a bare 2.
			if tv, ok := ct.info.Types[n.Fun]; ok && tv.IsType() && len(n.Args) == 1 {
				check(n.Args[0], tv.Type, false)
			} else if sig, ok := types.Unalias(ct.goType(n.Fun)).(*types.Signature); ok && !n.Ellipsis.IsValid() {
				// show(C(2)) for show(s Shape): a bare 2 in s.
				for i, a := range n.Args {
					if pt := paramType(sig, i); pt != nil && cellInterface(pt) {
						check(a, pt, false)
					} else if pt != nil && isInterface(pt) {
						noteOnly(a)
					}
				}
			}
		case *ast.CompositeLit:
			// []Shape{C(2)}, map[string]Shape{"a": C(2)}, T{S: C(2)}.
			if t := ct.goType(n); t != nil {
				for i, el := range n.Elts {
					key, val := ast.Expr(nil), el
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						key, val = kv.Key, kv.Value
					}
					var et types.Type
					switch u := t.Underlying().(type) {
					case *types.Slice:
						et = u.Elem()
					case *types.Array:
						et = u.Elem()
					case *types.Map:
						et = u.Elem()
						if key != nil && cellInterface(u.Key()) {
							check(key, u.Key(), false)
						}
					case *types.Struct:
						if id, ok := key.(*ast.Ident); ok {
							for j := range u.NumFields() {
								if u.Field(j).Name() == id.Name {
									et = u.Field(j).Type()
								}
							}
						} else if key == nil && i < u.NumFields() {
							et = u.Field(i).Type()
						}
					}
					if et != nil && cellInterface(et) {
						check(val, et, false)
					} else if et != nil && isInterface(et) {
						noteOnly(val)
					}
				}
			}
		case *ast.SendStmt:
			// ch <- C(2) for a chan Shape.
			if t := ct.goType(n.Chan); t != nil {
				if ch, ok := t.Underlying().(*types.Chan); ok && cellInterface(ch.Elem()) {
					check(n.Value, ch.Elem(), false)
				} else if ok && isInterface(ch.Elem()) {
					noteOnly(n.Value)
				}
			}
		}
		// Into any or a compiled interface, passing to a parameter,
		// sending, appending and composite literals keep the type
		// (TestIfaceValuesNonStruct measures each); into a cell's own
		// interface type none does (TestIfaceValuesCellInterface).
		return true
	}
	for _, d := range p.pc.decls.Decls {
		ast.Inspect(d, visit)
	}
	ast.Inspect(p.pc.stmts, visit)
}

// paramType is the type of argument i of a call of sig, nil when none.
func paramType(sig *types.Signature, i int) types.Type {
	n := sig.Params().Len()
	switch {
	case sig.Variadic() && i >= n-1:
		if s, ok := sig.Params().At(n - 1).Type().Underlying().(*types.Slice); ok {
			return s.Elem()
		}
		return nil
	case i < n:
		return sig.Params().At(i).Type()
	}
	return nil
}

// cellInterface reports whether t is an interface type with methods that
// a cell declares (type Shape interface{...}, or a literal interface
// type with methods written in a cell), not one of a compiled package.
func cellInterface(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	if !ok || it.Empty() {
		return false
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "main"
	}
	for i := range it.NumMethods() {
		if m := it.Method(i); m.Pkg() == nil || m.Pkg().Path() != "main" {
			return false
		}
	}
	return true
}

// held returns the value a wrapper holds, or panics when showing it
// plainly would not be Go's answer.
func (u *unwrapper) held(w reflect.Value) reflect.Value {
	c := reflect.New(w.Type()).Elem()
	c.Set(w)
	inner := *(*reflect.Value)(unsafe.Pointer(c.Field(1).UnsafeAddr()))
	if c.Field(0).IsNil() || !inner.IsValid() {
		return reflect.Zero(reflect.TypeFor[any]()) // a nil interface value
	}
	// The type's name, from the wrapper's node (read-only fields).
	name, ptr := "", false
	if typ := c.Field(0).Elem().FieldByName("typ"); typ.IsValid() && !typ.IsNil() {
		t := typ.Elem()
		name = t.FieldByName("name").String()
		if val := t.FieldByName("val"); name == "" && !val.IsNil() {
			name, ptr = val.Elem().FieldByName("name").String(), true
		}
	}
	u.m.mu.Lock()
	kinds, known := u.m.types[name]
	u.m.mu.Unlock()
	what := map[string]string{"fmt": "fmt cannot print", "json": "encoding/json cannot encode"}[u.kind]
	switch {
	case name == "" || !known:
		panic(fmt.Sprintf("%s a value of a type declared inside a function (%s), held in an interface inside a slice, map or struct (the argument at %s): the interpreter wraps such values where compiled code cannot see through; declare the type at the top level of a cell", what, inner.Type(), u.at))
	case u.kind == "fmt" && u.m.hasOut(map[bool]string{false: "", true: "*"}[ptr]+name):
		// fix hands it over through its out function (fix_boxnamed.go)
	case kinds[u.kind] != "" && (ptr || kinds[u.kind+"*"] == ""):
		panic(fmt.Sprintf("%s %s held in an interface inside a slice, map or struct as Go would (calling its %s method; the argument at %s): the interpreter cannot hand a cell value's methods to compiled code there; show the %s values one at a time", what, name, kinds[u.kind], u.at, name))
	}
	return inner
}

// bridgePkgs are the packages of the types that hand a cell value with
// its methods to compiled code (yaegi's interface wrappers, the engine's
// ErrorValue): fix leaves them alone.
var bridgePkgs = []string{"github.com/traefik/yaegi/", reflect.TypeFor[ErrorValue]().PkgPath()}

// bridged returns, for yaegi's wrapper of a cell value for a compiled
// interface without fmt's methods (stdlib._io_ReadWriteSeeker holding a
// *RWS with a String method), the cell value through its out function:
// fmt printed the wrapper's fields where Go calls String.
func (u *unwrapper) bridged(v reflect.Value) (reflect.Value, bool) {
	if u.kind != "fmt" || v.Kind() != reflect.Struct || !strings.HasPrefix(v.Type().PkgPath(), "github.com/traefik/yaegi/") {
		return v, false
	}
	for _, m := range ifaceMethodNames["fmt"] {
		if _, ok := v.Type().MethodByName(m); ok {
			return v, false // the wrapper calls the method itself
		}
	}
	f := v.FieldByName("IValue")
	if !f.IsValid() || f.Kind() != reflect.Interface || f.IsNil() || !f.CanInterface() {
		return v, false
	}
	inner := reflect.ValueOf(ifaceInner(f.Interface()))
	if out, ok := u.m.boxOut(inner, u.kind, u.names); ok {
		return out, true
	}
	return v, false
}

// fix returns v with the wrappers replaced, and whether it changed.
func (u *unwrapper) fix(v reflect.Value) (reflect.Value, bool) {
	t := v.Type()
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Name() != "" && !isValueInterface(t) {
		for _, p := range bridgePkgs {
			if strings.HasPrefix(t.PkgPath(), p) {
				if iv, ok := u.bridged(v); ok {
					return iv, true
				}
				return v, false
			}
		}
	}
	if out, ok := u.m.boxOut(v, u.kind, u.names); ok {
		// A box: the value it stands for, and what it holds.
		if fixed, ch := u.fix(out); ch {
			return fixed, true
		}
		return out, true
	}
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return v, false
		}
		inner, changed := v.Elem(), false
		if isValueInterface(inner.Type()) {
			inner, changed = u.held(inner), true
		} else {
			u.checkBare(inner)
		}
		if fixed, ch := u.fix(inner); ch {
			inner, changed = fixed, true
		}
		if !changed {
			return v, false
		}
		if !inner.Type().AssignableTo(v.Type()) {
			return inner, true // the container becomes one of any
		}
		nv := reflect.New(v.Type()).Elem()
		nv.Set(inner)
		return nv, true
	case reflect.Struct:
		if isValueInterface(v.Type()) {
			inner := u.held(v)
			fixed, _ := u.fix(inner)
			return fixed, true
		}
		var fields []reflect.Value
		for i := 0; i < v.NumField(); i++ {
			f := v.Field(i)
			if !f.CanInterface() {
				continue
			}
			if nf, ch := u.fix(f); ch {
				if fields == nil {
					fields = make([]reflect.Value, v.NumField())
				}
				fields[i] = nf
			}
		}
		if fields == nil {
			return v, false
		}
		return u.rebuildStruct(v, fields), true
	case reflect.Pointer:
		if v.IsNil() || u.seen[v.Pointer()] {
			return v, false
		}
		u.seen[v.Pointer()] = true
		if e, ch := u.fix(v.Elem()); ch {
			p := reflect.New(e.Type())
			p.Elem().Set(e)
			return p, true
		}
		return v, false
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			return v, false
		}
		var elems []reflect.Value
		for i := 0; i < v.Len(); i++ {
			if ne, ch := u.fix(v.Index(i)); ch {
				if elems == nil {
					elems = make([]reflect.Value, v.Len())
				}
				elems[i] = ne
			}
		}
		if elems == nil {
			return v, false
		}
		et := v.Type().Elem()
		if isValueInterface(et) {
			et = reflect.TypeFor[any]()
		}
		var out reflect.Value
		if v.Kind() == reflect.Slice {
			out = reflect.MakeSlice(reflect.SliceOf(et), v.Len(), v.Len())
		} else {
			out = reflect.New(reflect.ArrayOf(v.Len(), et)).Elem()
		}
		for i := 0; i < v.Len(); i++ {
			if elems[i].IsValid() {
				out.Index(i).Set(elems[i])
			} else {
				out.Index(i).Set(v.Index(i))
			}
		}
		return out, true
	case reflect.Map:
		if v.IsNil() {
			return v, false
		}
		changed := false
		type kv struct{ k, v reflect.Value }
		var pairs []kv
		for it := v.MapRange(); it.Next(); {
			nk, ck := u.fix(it.Key())
			nv, cv := u.fix(it.Value())
			changed = changed || ck || cv
			pairs = append(pairs, kv{nk, nv})
		}
		if !changed {
			return v, false
		}
		kt, vt := v.Type().Key(), v.Type().Elem()
		if isValueInterface(kt) {
			kt = reflect.TypeFor[any]()
		}
		if isValueInterface(vt) {
			vt = reflect.TypeFor[any]()
		}
		out := reflect.MakeMapWithSize(reflect.MapOf(kt, vt), len(pairs))
		for _, p := range pairs {
			out.SetMapIndex(p.k, p.v)
		}
		return out, true
	}
	return v, false
}

// rebuildStruct copies struct v with the fields given replaced; fields of
// yaegi's wrapper type become fields of type any.
func (u *unwrapper) rebuildStruct(v reflect.Value, fields []reflect.Value) reflect.Value {
	t := v.Type()
	same := true
	sfs := make([]reflect.StructField, t.NumField())
	for i := range sfs {
		sfs[i] = t.Field(i)
		if fields[i].IsValid() && !fields[i].Type().AssignableTo(sfs[i].Type) {
			sfs[i].Type = reflect.TypeFor[any]()
			same = false
		}
	}
	nt := t
	if !same {
		nt = reflect.StructOf(sfs)
	}
	out := reflect.New(nt).Elem()
	if same {
		out.Set(v) // unexported fields of a compiled struct included
	}
	for i := range sfs {
		switch {
		case fields[i].IsValid():
			out.Field(i).Set(fields[i])
		case !same:
			out.Field(i).Set(v.Field(i)) // yaegi's structs: all fields exported
		}
	}
	return out
}

// hasMethods reports whether t or *t has methods.
func hasMethods(t types.Type) bool {
	return types.NewMethodSet(t).Len() > 0 || types.NewMethodSet(types.NewPointer(t)).Len() > 0
}

// isInterface reports whether t is an interface type (not untyped nil).
func isInterface(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Interface)
	return ok
}

// ifaceMapTypes gives _gnrt.IfacesFmt's argument the interface wrapping
// yaegi applies to fmt's arguments (fix_errors.go's fmtArgTypes), so that
// a value it would hand fmt with its String or Error method reaches the
// helper so too, and passes through unchanged.
func (e *Engine) ifaceMapTypes() interp.Exports {
	m := map[reflect.Value][]reflect.Type{}
	for _, name := range []string{"BoxOut"} {
		if v, ok := e.syms[rtPath][name]; ok {
			m[v] = fmtArgTypes
		}
	}
	return interp.Exports{".": {"MapTypes": reflect.ValueOf(m)}}
}

// toAnyParam reports whether argument i of call c goes to a parameter of
// type any (also in a variadic ...any).
func toAnyParam(ct *cellTypes, c *ast.CallExpr, i int) bool {
	tv, ok := ct.info.Types[c.Fun]
	if !ok {
		return false
	}
	sig, ok := tv.Type.Underlying().(*types.Signature)
	if !ok || sig.Params().Len() == 0 {
		return false
	}
	n := sig.Params().Len()
	var pt types.Type
	switch {
	case sig.Variadic() && i >= n-1:
		s, ok := sig.Params().At(n - 1).Type().(*types.Slice)
		if !ok {
			return false
		}
		pt = s.Elem()
	case i < n:
		pt = sig.Params().At(i).Type()
	default:
		return false
	}
	it, ok := pt.Underlying().(*types.Interface)
	return ok && it.NumMethods() == 0
}

// typeVerbArgs returns the indexes of the arguments a printf-like call
// with a constant format prints with %T (fmt calls no method for it).
func typeVerbArgs(ct *cellTypes, name string, c *ast.CallExpr) map[int]bool {
	fi, ok := printfFuncs[name]
	if !ok || fi >= len(c.Args) {
		return nil
	}
	tv, ok := ct.info.Types[c.Args[fi]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return nil
	}
	verbs, _, ok := printfVerbs(constant.StringVal(tv.Value))
	if !ok {
		return nil
	}
	out := map[int]bool{}
	for i, v := range verbs {
		if v == 'T' {
			out[fi+1+i] = true
		}
	}
	return out
}
