package engine

import (
	"go/ast"
	"go/constant"
	"go/token"
	"reflect"
	"strings"
)

// Rewrites for Go 1.22+ loops that yaegi v0.16 does not implement.

// exprClass classifies a range operand.
type exprClass int

const (
	classUnknown exprClass = iota
	classInt
	classFunc
	classOther
)

var intTypeNames = map[string]bool{
	"int": true, "int8": true, "int16": true, "int32": true, "int64": true, "rune": true, "byte": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true, "uintptr": true,
}

// rewriteRange turns `for i := range n` (n an integer) into a three-clause
// loop and rejects range over functions.
func (a *analysis) rewriteRange(rs *ast.RangeStmt) {
	switch a.classify(rs.X) {
	case classFunc:
		a.fail(rs.X.Pos(), "range over func (Go 1.23 iterators) is not supported by the gophernote interpreter: call the function with a callback, or collect the values into a slice first")
		return
	case classUnknown:
		a.pl.rangeUnknown = append(a.pl.rangeUnknown, a.posString(rs.For))
		a.loopVars(nil, rs.Body, false, rs.Key, rs.Value)
		return
	case classOther:
		if rs.Tok == token.DEFINE {
			a.loopVars(nil, rs.Body, false, rs.Key, rs.Value)
		}
		return
	}
	// Integer range.
	operand := func(r *renderer) string { return "(" + r.render(a.off(rs.X.Pos()), a.off(rs.X.End())) + ")" }
	n := operand
	if _, simple := rs.X.(*ast.BasicLit); !simple && !a.labeled[rs] {
		if _, id := rs.X.(*ast.Ident); !id {
			// Evaluate the operand once, in a block around the loop (a
			// labeled loop re-evaluates it instead: the label must stay on
			// the loop).
			tmp := a.r.fresh("n")
			a.r.addText(a.off(rs.Pos()), a.off(rs.Pos()), "{ "+tmp+" := ")
			a.r.add(a.off(rs.Pos()), a.off(rs.Pos()), func(r *renderer) string { return operand(r) + "; " + r.directive(a.off(rs.Pos())) })
			a.r.addTail(a.off(rs.End()), " }")
			n = func(*renderer) string { return tmp }
		}
	}
	key := ""
	if id, ok := rs.Key.(*ast.Ident); ok && id.Name != "_" {
		key = id.Name
	}
	if key == "" || rs.Tok != token.DEFINE && rs.Tok != token.ASSIGN {
		key = a.r.fresh("i")
	}
	assign := ":="
	if kid, ok := rs.Key.(*ast.Ident); ok && rs.Tok == token.ASSIGN && key == kid.Name {
		assign = "="
	}
	a.r.add(a.off(rs.For), a.off(rs.X.End()), func(r *renderer) string {
		nt := n(r)
		init := key + " " + assign + " " + nt + " - " + nt
		if _, lit := rs.X.(*ast.BasicLit); lit && assign == ":=" {
			init = key + " := 0"
		}
		return "for " + init + "; " + key + " < " + nt + "; " + key + "++"
	})
	if assign == ":=" && rs.Key != nil {
		a.loopVars(nil, rs.Body, true, rs.Key)
	}
}

// loopVars gives closures in a loop body their own copy of the loop
// variables (Go 1.22 semantics): `i := i` at the top of the body, when the
// body has a closure, go/defer, or takes an address. For three-clause loops
// the copy is skipped when the body assigns the variable (the copy would
// hide the change from the loop); such a loop keeps pre-1.22 capture.
func (a *analysis) loopVars(init ast.Stmt, body *ast.BlockStmt, threeClause bool, vars ...ast.Expr) {
	if as, ok := init.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
		vars = append(vars, as.Lhs...)
	} else if init != nil {
		return
	}
	var names []string
	for _, v := range vars {
		if id, ok := v.(*ast.Ident); ok && id.Name != "_" {
			names = append(names, id.Name)
		}
	}
	if len(names) == 0 || body == nil {
		return
	}
	captures, assigned := false, map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt:
			captures = true
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				captures = true
			}
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						assigned[id.Name] = true
					}
				}
			}
		case *ast.IncDecStmt:
			if id, ok := n.X.(*ast.Ident); ok {
				assigned[id.Name] = true
			}
		}
		return true
	})
	if !captures {
		return
	}
	var b strings.Builder
	for _, n := range names {
		if threeClause && assigned[n] {
			return
		}
		b.WriteString(n + " := " + n + "; ")
	}
	a.r.addText(a.off(body.Lbrace)+1, a.off(body.Lbrace)+1, " "+b.String())
}

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
