package engine

import (
	"go/ast"
	"go/constant"
	"go/token"
	"reflect"
	"strings"
)

// Classifying range operands and resolving names to packages.

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
func (a *analysis) classify(x ast.Expr) exprClass {
	// Declarations can refer to each other in cycles (var a = b; var b =
	// a): give up past a small depth.
	a.classifyDepth++
	defer func() { a.classifyDepth-- }()
	if a.classifyDepth > 20 {
		return classUnknown
	}
	switch x := x.(type) {
	case *ast.BasicLit:
		if x.Kind == token.INT {
			return classInt
		}
		return classOther
	case *ast.ParenExpr:
		return a.classify(x.X)
	case *ast.FuncLit:
		return classFunc
	case *ast.CompositeLit:
		return classOther
	case *ast.UnaryExpr:
		if x.Op == token.ARROW {
			return classUnknown
		}
		return a.classify(x.X)
	case *ast.BinaryExpr:
		switch x.Op {
		case token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.SHL, token.SHR, token.AND, token.OR, token.XOR, token.AND_NOT:
			l, r := a.classify(x.X), a.classify(x.Y)
			if l == classInt || r == classInt {
				return classInt
			}
			return classUnknown
		}
		return classOther
	case *ast.CallExpr:
		return a.classifyCall(x)
	case *ast.Ident:
		return a.classifyIdent(x)
	case *ast.SelectorExpr:
		if id, ok := x.X.(*ast.Ident); ok && id.Obj == nil {
			if path, ok := a.pkgPath(id.Name); ok {
				return classifyValue(a.e.symbol(path, x.Sel.Name))
			}
		}
		if ft := a.fieldType(strings.TrimPrefix(a.typeName(x.X), "*"), x.Sel.Name); ft != nil {
			return classifyTypeExpr(ft)
		}
	}
	return classUnknown
}

// fieldType returns the declared type of field name of the struct type
// typeName declared by this cell or the session, or nil.
func (a *analysis) fieldType(typeName, name string) ast.Expr {
	if typeName == "" {
		return nil
	}
	var spec *ast.TypeSpec
	for _, d := range a.pc.decls.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
			for _, s := range gd.Specs {
				if ts := s.(*ast.TypeSpec); ts.Name.Name == typeName {
					spec = ts
				}
			}
		}
	}
	if spec == nil {
		if rec, ok := a.e.decls[typeName]; ok {
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

func (a *analysis) classifyCall(c *ast.CallExpr) exprClass {
	switch f := c.Fun.(type) {
	case *ast.Ident:
		if f.Obj == nil && (f.Name == "len" || f.Name == "cap" || intTypeNames[f.Name]) && !a.known(f.Name) {
			return classInt
		}
		if fd, ok := a.cellFuncs[f.Name]; ok && f.Obj == nil {
			return classifyResults(fd)
		}
		if rec, ok := a.e.decls[f.Name]; ok && f.Obj == nil && rec.kind == token.FUNC {
			return classifyResults(rec.decl)
		}
		if f.Obj != nil {
			if fd, ok := f.Obj.Decl.(*ast.FuncDecl); ok {
				return classifyResults(fd)
			}
		}
	case *ast.SelectorExpr:
		if id, ok := f.X.(*ast.Ident); ok && id.Obj == nil {
			if path, ok := a.pkgPath(id.Name); ok {
				v := a.e.symbol(path, f.Sel.Name)
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

func (a *analysis) classifyIdent(id *ast.Ident) exprClass {
	if id.Obj != nil {
		switch d := id.Obj.Decl.(type) {
		case *ast.AssignStmt:
			for i, l := range d.Lhs {
				if lid, ok := l.(*ast.Ident); ok && lid.Name == id.Name {
					if len(d.Rhs) == len(d.Lhs) {
						return a.classify(d.Rhs[i])
					}
				}
			}
		case *ast.ValueSpec:
			if d.Type != nil {
				return classifyTypeExpr(d.Type)
			}
			for i, n := range d.Names {
				if n.Name == id.Name && i < len(d.Values) {
					return a.classify(d.Values[i])
				}
			}
		case *ast.Field:
			return classifyTypeExpr(d.Type)
		case *ast.FuncDecl:
			return classFunc
		}
		return classUnknown
	}
	if vs, ok := a.cellValues[id.Name]; ok {
		if vs.Type != nil {
			return classifyTypeExpr(vs.Type)
		}
		for i, n := range vs.Names {
			if n.Name == id.Name && i < len(vs.Values) {
				return a.classify(vs.Values[i])
			}
		}
		return classUnknown
	}
	if v, ok := a.e.global(id.Name); ok {
		return classifyValue(v)
	}
	if rec, ok := a.e.decls[id.Name]; ok && rec.kind == token.FUNC {
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

// pkgPath returns the import path a package name refers to in this cell.
func (a *analysis) pkgPath(name string) (string, bool) {
	if p, ok := a.cellImports[name]; ok {
		return p, true
	}
	if a.shadowed(name) {
		return "", false
	}
	p, ok := a.e.importNames[name]
	return p, ok
}

// shadowed reports whether the cell or the session defines name as
// something other than an import.
func (a *analysis) shadowed(name string) bool {
	if _, ok := a.declDefined[name]; ok || a.stmtDefined[name] {
		return true
	}
	_, ok := a.e.decls[name]
	return ok || a.e.stmtVars[name]
}
