package engine

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"
)

// typer answers type questions about a cell's expressions from its syntax,
// the symbol tables of compiled packages and the session's values and
// records. Passes use it to decide whether and how to rewrite; it never
// edits. Its answers are partial: nil or "unknown" means the engine cannot
// tell, and the rewrites then leave the code as written.
type typer struct {
	*scope
	ct     *cellTypes // go/types' view, once the types pass ran (nil before)
	depth  int        // recursion guard: declarations may refer to each other in cycles
	strict bool       // exprType answers only types certain to be compiled (see compiledType)
}

// exprType returns the compiled type of x when the cell's syntax, the
// symbol tables and the session's values tell it: package functions and
// variables, calls and methods of compiled types, fields, and variables
// defined from those. It returns nil when unknown (interpreted types, for
// instance).
func (ty *typer) exprType(x ast.Expr) reflect.Type {
	ty.depth++
	defer func() { ty.depth-- }()
	if ty.depth > 20 {
		return nil
	}
	switch x := x.(type) {
	case *ast.ParenExpr:
		return ty.exprType(x.X)
	case *ast.StarExpr:
		if t := ty.exprType(x.X); t != nil && t.Kind() == reflect.Pointer {
			return t.Elem()
		}
	case *ast.UnaryExpr:
		t := ty.exprType(x.X)
		switch {
		case t == nil:
		case x.Op == token.AND:
			return reflect.PointerTo(t)
		case x.Op == token.ARROW:
			if t.Kind() == reflect.Chan {
				return t.Elem()
			}
		default: // + - ! ^
			return t
		}
	case *ast.BinaryExpr:
		if !ty.strict {
			return nil // an operand may be an untyped constant
		}
		switch x.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			return reflect.TypeFor[bool]()
		case token.SHL, token.SHR:
			return ty.exprType(x.X)
		}
		if t := ty.exprType(x.X); t != nil {
			return t
		}
		return ty.exprType(x.Y)
	case *ast.Ident:
		return ty.identType(x)
	case *ast.CompositeLit:
		if x.Type != nil {
			return ty.typeExprType(x.Type)
		}
	case *ast.IndexExpr:
		return indexType(ty.exprType(x.X))
	case *ast.SliceExpr:
		return sliceType(ty.exprType(x.X))
	case *ast.CallExpr:
		if ft := ty.funcType(x.Fun); ft != nil && ft.NumOut() > 0 {
			return ft.Out(0)
		}
		if id, ok := x.Fun.(*ast.Ident); ok && id.Obj == nil {
			// A function declared by a cell returning a compiled type.
			fd := ty.funcs[id.Name]
			if rec, ok := ty.e.decls[id.Name]; fd == nil && ok {
				fd, _ = rec.decl.(*ast.FuncDecl)
			}
			if fd != nil && fd.Type.Results != nil && len(fd.Type.Results.List) > 0 {
				return ty.typeExprType(fd.Type.Results.List[0].Type)
			}
		}
	case *ast.SelectorExpr:
		if id, ok := x.X.(*ast.Ident); ok && id.Obj == nil {
			if p, ok := ty.pkgPath(id.Name); ok {
				v := ty.e.symbol(p, x.Sel.Name)
				if v.IsValid() && v.Kind() != reflect.Func && !(v.Kind() == reflect.Pointer && v.IsNil()) {
					if _, isConst := v.Interface().(interface{ ExactString() string }); !isConst {
						return v.Type()
					}
				}
				return nil
			}
		}
		t := ty.exprType(x.X)
		if t == nil {
			return nil
		}
		st := t
		if st.Kind() == reflect.Pointer {
			st = st.Elem()
		}
		if st.Kind() == reflect.Struct {
			if f, ok := st.FieldByName(x.Sel.Name); ok {
				return f.Type
			}
		}
	}
	return nil
}

// identType is exprType for identifiers.
func (ty *typer) identType(id *ast.Ident) reflect.Type {
	if id.Obj != nil {
		if as, ok := id.Obj.Decl.(*ast.AssignStmt); ok {
			for i, l := range as.Lhs {
				lid, ok := l.(*ast.Ident)
				if !ok || lid.Name != id.Name {
					continue
				}
				if len(as.Rhs) == len(as.Lhs) {
					return ty.exprType(as.Rhs[i])
				}
				if len(as.Rhs) == 1 {
					if c, ok := as.Rhs[0].(*ast.CallExpr); ok {
						if ft := ty.funcType(c.Fun); ft != nil && i < ft.NumOut() {
							return ft.Out(i)
						}
					}
				}
			}
		}
		switch d := id.Obj.Decl.(type) {
		case *ast.Field:
			return ty.typeExprType(d.Type)
		case *ast.ValueSpec:
			if d.Type != nil {
				return ty.typeExprType(d.Type)
			}
			for i, n := range d.Names {
				if n.Name == id.Name && i < len(d.Values) {
					return ty.exprType(d.Values[i])
				}
			}
		}
		return nil
	}
	if vs, ok := ty.values[id.Name]; ok && vs.Type != nil {
		return ty.typeExprType(vs.Type)
	}
	if vs, ok := ty.values[id.Name]; ok && ty.strict && len(vs.Values) == len(vs.Names) {
		for i, n := range vs.Names {
			if n.Name == id.Name {
				return ty.exprType(vs.Values[i])
			}
		}
	}
	if _, ok := ty.declDefined[id.Name]; ok {
		return nil
	}
	if ty.strict {
		return ty.e.compiledVar(id.Name)
	}
	if v, ok := ty.e.global(id.Name); ok && v.IsValid() {
		if v.Kind() == reflect.Interface && !v.IsNil() {
			return v.Elem().Type()
		}
		return v.Type()
	}
	return nil
}

// funcType returns the compiled func type of a callee: pkg.F, or a method
// x.M of a value of known compiled type.
func (ty *typer) funcType(fun ast.Expr) reflect.Type {
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if id, ok := sel.X.(*ast.Ident); ok && id.Obj == nil {
		if p, ok := ty.pkgPath(id.Name); ok {
			if v := ty.e.symbol(p, sel.Sel.Name); v.IsValid() && v.Kind() == reflect.Func {
				return v.Type()
			}
			return nil
		}
	}
	t := ty.exprType(sel.X)
	if t == nil || t.PkgPath() == "" && t.Kind() != reflect.Pointer {
		return nil
	}
	if m, ok := t.MethodByName(sel.Sel.Name); ok && t.Kind() != reflect.Interface {
		return dropReceiver(m.Type)
	} else if ok {
		return m.Type
	}
	if t.Kind() != reflect.Pointer {
		if m, ok := reflect.PointerTo(t).MethodByName(sel.Sel.Name); ok {
			return dropReceiver(m.Type)
		}
	}
	return nil
}

// dropReceiver turns a method expression type func(T, args) into func(args).
func dropReceiver(t reflect.Type) reflect.Type {
	in := make([]reflect.Type, 0, t.NumIn()-1)
	for i := 1; i < t.NumIn(); i++ {
		in = append(in, t.In(i))
	}
	out := make([]reflect.Type, t.NumOut())
	for i := range out {
		out[i] = t.Out(i)
	}
	return reflect.FuncOf(in, out, t.IsVariadic())
}

// spellCellType spells a named type for use in this cell (the session's
// and the cell's imports), or the builtin error.
func (ty *typer) spellCellType(t reflect.Type) (string, bool) {
	if t.PkgPath() == "" {
		return t.Name(), t.Name() != ""
	}
	for name, p := range ty.imports {
		if p == t.PkgPath() {
			return name + "." + t.Name(), true
		}
	}
	for name, p := range ty.e.importNames {
		if p == t.PkgPath() && !ty.shadowed(name) {
			return name + "." + t.Name(), true
		}
	}
	return "", false
}

// typeExprType resolves a type expression made of compiled package types,
// pointers and slices.
func (ty *typer) typeExprType(t ast.Expr) reflect.Type {
	switch t := t.(type) {
	case *ast.StarExpr:
		if e := ty.typeExprType(t.X); e != nil {
			return reflect.PointerTo(e)
		}
	case *ast.ArrayType:
		if e := ty.typeExprType(t.Elt); e != nil && t.Len == nil {
			return reflect.SliceOf(e)
		}
	case *ast.SelectorExpr:
		if id, ok := t.X.(*ast.Ident); ok && id.Obj == nil {
			if p, ok := ty.pkgPath(id.Name); ok {
				v := ty.e.symbol(p, t.Sel.Name)
				if v.IsValid() && v.Kind() == reflect.Pointer && v.IsNil() {
					return v.Type().Elem()
				}
			}
		}
	}
	return nil
}

// Classifying range operands.

// exprClass classifies a range operand.
type exprClass int

const (
	classUnknown exprClass = iota
	classInt
	classFunc
	classOther
)

// classify tells whether x is an integer, a function, something else
// rangeable, or unknown, from the cell's syntax, its declarations and the
// session's values.
func (ty *typer) classify(x ast.Expr) exprClass {
	if c := ty.ct.classify(x); c != classUnknown {
		return c
	}
	// Declarations can refer to each other in cycles (var a = b; var b =
	// a): give up past a small depth.
	ty.depth++
	defer func() { ty.depth-- }()
	if ty.depth > 20 {
		return classUnknown
	}
	switch x := x.(type) {
	case *ast.BasicLit:
		if x.Kind == token.INT {
			return classInt
		}
		return classOther
	case *ast.ParenExpr:
		return ty.classify(x.X)
	case *ast.FuncLit:
		return classFunc
	case *ast.CompositeLit:
		return classOther
	case *ast.UnaryExpr:
		if x.Op == token.ARROW {
			return classUnknown
		}
		return ty.classify(x.X)
	case *ast.BinaryExpr:
		switch x.Op {
		case token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.SHL, token.SHR, token.AND, token.OR, token.XOR, token.AND_NOT:
			l, r := ty.classify(x.X), ty.classify(x.Y)
			if l == classInt || r == classInt {
				return classInt
			}
			return classUnknown
		}
		return classOther
	case *ast.CallExpr:
		return ty.classifyCall(x)
	case *ast.Ident:
		return ty.classifyIdent(x)
	case *ast.SelectorExpr:
		if id, ok := x.X.(*ast.Ident); ok && id.Obj == nil {
			if path, ok := ty.pkgPath(id.Name); ok {
				return classifyValue(ty.e.symbol(path, x.Sel.Name))
			}
		}
		if ft := ty.fieldType(strings.TrimPrefix(ty.typeName(x.X), "*"), x.Sel.Name); ft != nil {
			return classifyTypeExpr(ft)
		}
	}
	return classUnknown
}

// fieldType returns the declared type of field name of the struct type
// typeName declared by this cell or the session, or nil.
func (ty *typer) fieldType(typeName, name string) ast.Expr {
	if typeName == "" {
		return nil
	}
	var spec *ast.TypeSpec
	for _, d := range ty.pc.decls.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
			for _, s := range gd.Specs {
				if ts := s.(*ast.TypeSpec); ts.Name.Name == typeName {
					spec = ts
				}
			}
		}
	}
	if spec == nil {
		if rec, ok := ty.e.decls[typeName]; ok {
			spec, _ = rec.decl.(*ast.TypeSpec)
		}
	}
	if spec == nil {
		return nil
	}
	st, ok := spec.Type.(*ast.StructType)
	if !ok {
		return nil
	}
	for _, f := range st.Fields.List {
		for _, n := range f.Names {
			if n.Name == name {
				return f.Type
			}
		}
	}
	return nil
}

func (ty *typer) classifyCall(c *ast.CallExpr) exprClass {
	switch f := c.Fun.(type) {
	case *ast.Ident:
		if f.Obj == nil && (f.Name == "len" || f.Name == "cap" || intTypeNames[f.Name]) && !ty.known(f.Name) {
			return classInt
		}
		if fd, ok := ty.funcs[f.Name]; ok && f.Obj == nil {
			return classifyResults(fd)
		}
		if rec, ok := ty.e.decls[f.Name]; ok && f.Obj == nil && rec.kind == token.FUNC {
			return classifyResults(rec.decl)
		}
		if f.Obj != nil {
			if fd, ok := f.Obj.Decl.(*ast.FuncDecl); ok {
				return classifyResults(fd)
			}
		}
	case *ast.SelectorExpr:
		if id, ok := f.X.(*ast.Ident); ok && id.Obj == nil {
			if path, ok := ty.pkgPath(id.Name); ok {
				v := ty.e.symbol(path, f.Sel.Name)
				if v.IsValid() && v.Kind() == reflect.Func && v.Type().NumOut() > 0 {
					return classifyType(v.Type().Out(0))
				}
			}
		}
	}
	return classUnknown
}

// classifyResults classifies the first result of a declared function.
func classifyResults(n ast.Node) exprClass {
	fd, ok := n.(*ast.FuncDecl)
	if !ok || fd.Type.Results == nil || len(fd.Type.Results.List) == 0 {
		return classUnknown
	}
	return classifyTypeExpr(fd.Type.Results.List[0].Type)
}

func classifyTypeExpr(t ast.Expr) exprClass {
	switch t := t.(type) {
	case *ast.Ident:
		if intTypeNames[t.Name] {
			return classInt
		}
		if t.Name == "string" {
			return classOther
		}
	case *ast.FuncType:
		return classFunc
	case *ast.ArrayType, *ast.MapType, *ast.ChanType:
		return classOther
	}
	return classUnknown
}

func (ty *typer) classifyIdent(id *ast.Ident) exprClass {
	if id.Obj != nil {
		switch d := id.Obj.Decl.(type) {
		case *ast.AssignStmt:
			for i, l := range d.Lhs {
				if lid, ok := l.(*ast.Ident); ok && lid.Name == id.Name {
					if len(d.Rhs) == len(d.Lhs) {
						return ty.classify(d.Rhs[i])
					}
				}
			}
		case *ast.ValueSpec:
			if d.Type != nil {
				return classifyTypeExpr(d.Type)
			}
			for i, n := range d.Names {
				if n.Name == id.Name && i < len(d.Values) {
					return ty.classify(d.Values[i])
				}
			}
		case *ast.Field:
			return classifyTypeExpr(d.Type)
		case *ast.FuncDecl:
			return classFunc
		}
		return classUnknown
	}
	if vs, ok := ty.values[id.Name]; ok {
		if vs.Type != nil {
			return classifyTypeExpr(vs.Type)
		}
		for i, n := range vs.Names {
			if n.Name == id.Name && i < len(vs.Values) {
				return ty.classify(vs.Values[i])
			}
		}
		return classUnknown
	}
	if _, ok := ty.funcs[id.Name]; ok {
		return classFunc
	}
	if v, ok := ty.e.global(id.Name); ok {
		return classifyValue(v)
	}
	if rec, ok := ty.e.decls[id.Name]; ok && rec.kind == token.FUNC {
		return classFunc
	}
	return classUnknown
}

// classifyValue classifies a reflect value from a symbol table or the
// interpreter's globals.
func classifyValue(v reflect.Value) exprClass {
	if !v.IsValid() {
		return classUnknown
	}
	if c, ok := v.Interface().(constant.Value); ok {
		if c.Kind() == constant.Int {
			return classInt
		}
		return classOther
	}
	return classifyType(v.Type())
}

func classifyType(t reflect.Type) exprClass {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return classInt
	case reflect.Func:
		return classFunc
	case reflect.Slice, reflect.Array, reflect.Map, reflect.Chan, reflect.String:
		return classOther
	case reflect.Pointer:
		if t.Elem().Kind() == reflect.Array {
			return classOther
		}
	}
	return classUnknown
}

// Declared type names, as written in the cell.

// typeName infers the declared type of x as written in the cell ("T",
// "*T" or "[]T") from composite literals, indexing, arithmetic, conversions, calls of declared functions
// and the variables defined from them; "" when unknown.
func (ty *typer) typeName(x ast.Expr) string {
	ty.depth++
	defer func() { ty.depth-- }()
	if ty.depth > 20 {
		return ""
	}
	switch x := x.(type) {
	case *ast.ParenExpr:
		return ty.typeName(x.X)
	case *ast.CompositeLit:
		switch t := x.Type.(type) {
		case *ast.Ident:
			return t.Name
		case *ast.ArrayType:
			if id, ok := t.Elt.(*ast.Ident); ok {
				return "[]" + id.Name
			}
		}
	case *ast.IndexExpr:
		if t, ok := strings.CutPrefix(ty.typeName(x.X), "[]"); ok {
			return t
		}
	case *ast.BinaryExpr:
		switch x.Op {
		case token.ADD, token.SUB, token.MUL, token.QUO, token.REM:
			if t := ty.typeName(x.X); t != "" {
				return t
			}
			return ty.typeName(x.Y)
		}
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			if t := ty.typeName(x.X); t != "" && !strings.HasPrefix(t, "*") {
				return "*" + t
			}
		}
	case *ast.CallExpr:
		id, ok := x.Fun.(*ast.Ident)
		if !ok {
			return ""
		}
		if k, ok := ty.declDefined[id.Name]; ok && k == token.TYPE || ty.e.decls[id.Name] != nil && ty.e.decls[id.Name].kind == token.TYPE {
			return id.Name // conversion
		}
		var fd *ast.FuncDecl
		if f, ok := ty.funcs[id.Name]; ok {
			fd = f
		} else if rec, ok := ty.e.decls[id.Name]; ok {
			fd, _ = rec.decl.(*ast.FuncDecl)
		}
		if fd != nil && fd.Type.Results != nil && fieldCount(fd.Type.Results) == 1 {
			return typeExprName(fd.Type.Results.List[0].Type)
		}
	case *ast.Ident:
		if x.Obj != nil {
			switch d := x.Obj.Decl.(type) {
			case *ast.AssignStmt:
				for i, l := range d.Lhs {
					if lid, ok := l.(*ast.Ident); ok && lid.Name == x.Name && len(d.Rhs) == len(d.Lhs) {
						return ty.typeName(d.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				return ty.valueSpecType(d, x.Name)
			case *ast.Field:
				return typeExprName(d.Type)
			}
			return ""
		}
		if vs, ok := ty.values[x.Name]; ok {
			return ty.valueSpecType(vs, x.Name)
		}
		return ty.e.varTypes[x.Name]
	}
	return ""
}

func (ty *typer) valueSpecType(vs *ast.ValueSpec, name string) string {
	if vs.Type != nil {
		return typeExprName(vs.Type)
	}
	for i, n := range vs.Names {
		if n.Name == name && i < len(vs.Values) {
			return ty.typeName(vs.Values[i])
		}
	}
	return ""
}

// typeExprName renders T or *T type expressions; "" for others.
func typeExprName(t ast.Expr) string {
	switch t := t.(type) {
	case *ast.Ident:
		return t.Name
	case *ast.StarExpr:
		if id, ok := t.X.(*ast.Ident); ok {
			return "*" + id.Name
		}
	}
	return ""
}

// builtinArity gives the number of results of builtin calls.
var builtinArity = map[string]int{
	"len": 1, "cap": 1, "append": 1, "complex": 1, "real": 1, "imag": 1, "new": 1, "make": 1,
	"min": 1, "max": 1, "copy": 1, "recover": 1,
	"print": 0, "println": 0, "panic": 0, "close": 0, "delete": 0, "clear": 0,
}

// arity returns how many values the expression x has: 1 for non-calls,
// the result count for calls when known, -1 when unknown.
func (ty *typer) arity(x ast.Expr) int {
	c, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return 1
	}
	switch f := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		if f.Obj != nil {
			if fd, ok := f.Obj.Decl.(*ast.FuncDecl); ok {
				return fieldCount(fd.Type.Results)
			}
			if _, ok := f.Obj.Decl.(*ast.TypeSpec); ok {
				return 1
			}
			return -1
		}
		if fd, ok := ty.funcs[f.Name]; ok {
			return fieldCount(fd.Type.Results)
		}
		if rec, ok := ty.e.decls[f.Name]; ok && !ty.stmtDefined[f.Name] {
			if rec.kind == token.FUNC {
				return rec.arity
			}
			if rec.kind == token.TYPE {
				return 1
			}
			return -1
		}
		if ty.known(f.Name) {
			return -1
		}
		if n, ok := builtinArity[f.Name]; ok {
			return n
		}
		if intTypeNames[f.Name] || f.Name == "string" || f.Name == "float64" || f.Name == "float32" ||
			f.Name == "bool" || f.Name == "complex128" || f.Name == "complex64" || f.Name == "any" || f.Name == "error" {
			return 1
		}
	case *ast.SelectorExpr:
		if id, ok := f.X.(*ast.Ident); ok && id.Obj == nil {
			if p, ok := ty.pkgPath(id.Name); ok {
				v := ty.e.symbol(p, f.Sel.Name)
				if !v.IsValid() {
					return -1
				}
				if v.Kind() == reflect.Func {
					return v.Type().NumOut()
				}
				return 1 // conversion to a package type
			}
		}
		// A method of a compiled type the engine can see.
		if ft := ty.funcType(f); ft != nil {
			return ft.NumOut()
		}
		// A method: use the session's methods of that name when they agree.
		n := -1
		for k, rec := range ty.e.decls {
			if rec.kind == token.FUNC && strings.HasSuffix(k, "."+f.Sel.Name) {
				if n >= 0 && n != rec.arity {
					return -1
				}
				n = rec.arity
			}
		}
		return n
	case *ast.FuncLit:
		return fieldCount(f.Type.Results)
	case *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.StarExpr, *ast.InterfaceType, *ast.StructType:
		return 1
	}
	return -1
}

// compiledType is exprType restricted to the types yaegi certainly sees
// as compiled: those of package members, compiled functions and methods,
// fields and elements of compiled values, and variables defined from
// those. The runtime type of a session variable is not enough: a value of
// an interpreted named type (type Celsius float64) has the reflect type
// of its underlying type, and converting to that would drop its methods.
func (ty *typer) compiledType(x ast.Expr) reflect.Type {
	old := ty.strict
	ty.strict = true
	defer func() { ty.strict = old }()
	return ty.exprType(x)
}

// compiledIndex reports whether x, outside function literals, indexes a
// container of compiled type.
func (ty *typer) compiledIndex(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IndexExpr:
			if t := ty.compiledType(n.X); t != nil && indexable(t) {
				found = true
			}
		}
		return !found
	})
	return found
}

// indexable reports whether a value of type t can be indexed.
func indexable(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map, reflect.String:
		return true
	case reflect.Pointer:
		return t.Elem().Kind() == reflect.Array
	}
	return false
}

func unparen(x ast.Expr) ast.Expr {
	for {
		p, ok := x.(*ast.ParenExpr)
		if !ok {
			return x
		}
		x = p.X
	}
}

// indexType is exprType for x[i]: the element type of a compiled
// container.
func indexType(t reflect.Type) reflect.Type {
	if t == nil {
		return nil
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		return t.Elem()
	case reflect.String:
		return reflect.TypeFor[byte]()
	case reflect.Pointer:
		if t.Elem().Kind() == reflect.Array {
			return t.Elem().Elem()
		}
	}
	return nil
}

// sliceType is exprType for x[i:j].
func sliceType(t reflect.Type) reflect.Type {
	if t == nil {
		return nil
	}
	switch t.Kind() {
	case reflect.Slice, reflect.String:
		return t
	case reflect.Array:
		return reflect.SliceOf(t.Elem())
	case reflect.Pointer:
		if t.Elem().Kind() == reflect.Array {
			return reflect.SliceOf(t.Elem().Elem())
		}
	}
	return nil
}

// spellValueType spells t for this cell: predeclared and exported named
// types of imported packages, and pointers, slices, arrays, maps and
// channels of them.
func (ty *typer) spellValueType(t reflect.Type) (string, bool) {
	if t == nil {
		return "", false
	}
	if t.Name() != "" {
		if t.PkgPath() != "" && !ast.IsExported(t.Name()) {
			return "", false
		}
		if t.PkgPath() == "" && ty.shadowed(t.Name()) {
			return "", false
		}
		return ty.spellCellType(t)
	}
	elem := func(prefix string) (string, bool) {
		s, ok := ty.spellValueType(t.Elem())
		return prefix + s, ok
	}
	switch t.Kind() {
	case reflect.Slice:
		return elem("[]")
	case reflect.Array:
		return elem("[" + strconv.Itoa(t.Len()) + "]")
	case reflect.Pointer:
		return elem("*")
	case reflect.Map:
		k, ok := ty.spellValueType(t.Key())
		if !ok {
			return "", false
		}
		return elem("map[" + k + "]")
	case reflect.Chan:
		switch t.ChanDir() {
		case reflect.RecvDir:
			return elem("<-chan ")
		case reflect.SendDir:
			return elem("chan<- ")
		}
		return elem("chan ")
	case reflect.Interface:
		if t.NumMethod() == 0 {
			return "any", !ty.shadowed("any")
		}
	case reflect.Func:
		list := func(ts []reflect.Type, variadic bool) (string, bool) {
			parts := make([]string, len(ts))
			for i, p := range ts {
				s, ok := ty.spellValueType(p)
				if !ok {
					return "", false
				}
				if variadic && i == len(ts)-1 {
					s = "..." + strings.TrimPrefix(s, "[]")
				}
				parts[i] = s
			}
			return strings.Join(parts, ", "), true
		}
		var ins, outs []reflect.Type
		for i := range t.NumIn() {
			ins = append(ins, t.In(i))
		}
		for i := range t.NumOut() {
			outs = append(outs, t.Out(i))
		}
		in, ok1 := list(ins, t.IsVariadic())
		out, ok2 := list(outs, false)
		return "func(" + in + ") (" + out + ")", ok1 && ok2
	}
	return "", false
}

// unimported returns the path of a package that t names an exported type
// of and that neither the session nor the cell imports, or "".
func (ty *typer) unimported(t reflect.Type) string {
	for t.Name() == "" && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Pointer || t.Kind() == reflect.Map) {
		if t.Kind() == reflect.Map {
			if p := ty.unimported(t.Key()); p != "" {
				return p
			}
		}
		t = t.Elem()
	}
	if t.PkgPath() == "" || !ast.IsExported(t.Name()) {
		return ""
	}
	if _, ok := ty.spellCellType(t); ok {
		return ""
	}
	return t.PkgPath()
}

// recordVarTypes remembers the inferred types of the variables the cell's
// top-level statements define, for later cells.
func (ty *typer) recordVarTypes() map[string]string {
	out := map[string]string{}
	for _, s := range ty.pc.stmts.Body.List {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != len(as.Rhs) {
			continue
		}
		for i, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
				out[id.Name] = ty.typeName(as.Rhs[i])
			}
		}
	}
	for name, vs := range ty.values {
		out[name] = ty.valueSpecType(vs, name)
	}
	return out
}

// classify is typer.classify from go/types' answer; classUnknown when it
// has none.
func (ct *cellTypes) classify(x ast.Expr) exprClass {
	t := ct.goType(x)
	if t == nil {
		return classUnknown
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsInteger != 0:
			return classInt
		case u.Info()&types.IsString != 0:
			return classOther
		}
	case *types.Signature:
		return classFunc
	case *types.Slice, *types.Array, *types.Map, *types.Chan:
		return classOther
	case *types.Pointer:
		if _, ok := u.Elem().Underlying().(*types.Array); ok {
			return classOther
		}
	}
	return classUnknown
}
