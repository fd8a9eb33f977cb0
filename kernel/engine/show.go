package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"
	"sync"

	"github.com/gophernote/gophernote/kernel/display"
)

// Values of types declared in a cell lose their methods when they reach
// compiled code, so display.Auto cannot see a Display or MIME method on
// them, and yaegi v0.16's type switches and assertions on interpreted
// values are unreliable (interface cases match loosely, concrete cases
// never, comma-ok results panic). So the engine infers the final
// expression's declared type from the cell's syntax and the session's
// records; when that type has a Display or MIME method, the final
// expression E becomes _gnrt.SetFinal((E).Display()) or
// _gnrt.SetFinalMIME((E).MIME()), which shows its bundle as the result.

// finalSlot receives the bundle the rewritten final expression produced.
type finalSlot struct {
	mu sync.Mutex
	b  *display.Bundle
}

func (f *finalSlot) set(b display.Bundle) {
	f.mu.Lock()
	f.b = &b
	f.mu.Unlock()
}

func (f *finalSlot) take() *display.Bundle {
	f.mu.Lock()
	defer f.mu.Unlock()
	b := f.b
	f.b = nil
	return b
}

// mimeValue adapts a MIME method's result to display.MIMEr.
type mimeValue struct {
	mime    string
	content []byte
}

func (m mimeValue) MIME() (string, []byte) { return m.mime, m.content }

func (e *Engine) setFinalMIME(mime string, content []byte) {
	if b, ok := display.Auto(mimeValue{mime, content}); ok {
		e.final.set(b)
	}
}

// showSymbols are the rt symbols of the final-expression rewrite.
func showSymbols(e *Engine) map[string]reflect.Value {
	return map[string]reflect.Value{
		"Bundle":       reflect.ValueOf((*display.Bundle)(nil)),
		"SetFinal":     reflect.ValueOf(e.final.set),
		"SetFinalMIME": reflect.ValueOf(e.setFinalMIME),
		"SetFinalText": reflect.ValueOf(func(s string) {
			e.final.set(display.Bundle{Data: display.MIME{"text/plain": s}})
		}),
	}
}

// showKind returns "Display", "MIME", "String" or "Error" when the named
// type (T or *T) has such a method declared by the session or this cell
// (the richest one when several).
func (a *analysis) showKind(typeName string) string {
	base := strings.TrimPrefix(typeName, "*")
	ptr := base != typeName
	check := func(fd *ast.FuncDecl) string {
		if fd.Recv == nil || len(fd.Recv.List) != 1 || fd.Type.TypeParams != nil || fieldCount(fd.Type.Params) != 0 {
			return ""
		}
		recv := types.ExprString(fd.Recv.List[0].Type)
		if strings.TrimPrefix(recv, "*") != base || strings.HasPrefix(recv, "*") && !ptr {
			return ""
		}
		switch {
		case fd.Name.Name == "Display" && fieldCount(fd.Type.Results) == 1:
			return "Display"
		case fd.Name.Name == "MIME" && fieldCount(fd.Type.Results) == 2:
			return "MIME"
		case (fd.Name.Name == "String" || fd.Name.Name == "Error") && fieldCount(fd.Type.Results) == 1:
			return fd.Name.Name
		}
		return ""
	}
	// Rich forms win over text ones.
	best, rank := "", map[string]int{"Display": 4, "MIME": 3, "String": 2, "Error": 1}
	consider := func(fd *ast.FuncDecl) {
		if k := check(fd); rank[k] > rank[best] {
			best = k
		}
	}
	for _, d := range a.pc.decls.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			consider(fd)
		}
	}
	for _, m := range []string{"Display", "MIME", "String", "Error"} {
		if rec, ok := a.e.decls[base+"."+m]; ok {
			if fd, ok := rec.decl.(*ast.FuncDecl); ok {
				consider(fd)
			}
		}
	}
	return best
}

// typeName infers the declared type of x as written in the cell ("T",
// "*T" or "[]T") from composite literals, indexing, arithmetic, conversions, calls of declared functions
// and the variables defined from them; "" when unknown.
func (a *analysis) typeName(x ast.Expr) string {
	a.classifyDepth++
	defer func() { a.classifyDepth-- }()
	if a.classifyDepth > 20 {
		return ""
	}
	switch x := x.(type) {
	case *ast.ParenExpr:
		return a.typeName(x.X)
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
		if t, ok := strings.CutPrefix(a.typeName(x.X), "[]"); ok {
			return t
		}
	case *ast.BinaryExpr:
		switch x.Op {
		case token.ADD, token.SUB, token.MUL, token.QUO, token.REM:
			if t := a.typeName(x.X); t != "" {
				return t
			}
			return a.typeName(x.Y)
		}
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			if t := a.typeName(x.X); t != "" && !strings.HasPrefix(t, "*") {
				return "*" + t
			}
		}
	case *ast.CallExpr:
		id, ok := x.Fun.(*ast.Ident)
		if !ok {
			return ""
		}
		if k, ok := a.declDefined[id.Name]; ok && k == token.TYPE || a.e.decls[id.Name] != nil && a.e.decls[id.Name].kind == token.TYPE {
			return id.Name // conversion
		}
		var fd *ast.FuncDecl
		if f, ok := a.cellFuncs[id.Name]; ok {
			fd = f
		} else if rec, ok := a.e.decls[id.Name]; ok {
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
						return a.typeName(d.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				return a.valueSpecType(d, x.Name)
			case *ast.Field:
				return typeExprName(d.Type)
			}
			return ""
		}
		if vs, ok := a.cellValues[x.Name]; ok {
			return a.valueSpecType(vs, x.Name)
		}
		return a.e.varTypes[x.Name]
	}
	return ""
}

func (a *analysis) valueSpecType(vs *ast.ValueSpec, name string) string {
	if vs.Type != nil {
		return typeExprName(vs.Type)
	}
	for i, n := range vs.Names {
		if n.Name == name && i < len(vs.Values) {
			return a.typeName(vs.Values[i])
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

// recordVarTypes remembers the inferred types of the variables the cell's
// top-level statements define, for later cells.
func (a *analysis) recordVarTypes() map[string]string {
	out := map[string]string{}
	for _, s := range a.pc.stmts.Body.List {
		as, ok := s.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != len(as.Rhs) {
			continue
		}
		for i, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
				out[id.Name] = a.typeName(as.Rhs[i])
			}
		}
	}
	for name, vs := range a.cellValues {
		out[name] = a.valueSpecType(vs, name)
	}
	return out
}

// wrapFinalShow registers the Display/MIME rewrite of the final expression.
func (a *analysis) wrapFinalShow() {
	list := a.pc.stmts.Body.List
	if len(list) == 0 || !a.finalIsLast() {
		return
	}
	es, ok := list[len(list)-1].(*ast.ExprStmt)
	if !ok {
		return
	}
	switch a.showKind(a.typeName(es.X)) {
	case "Display":
		a.r.addText(a.off(es.Pos()), a.off(es.Pos()), rtName+".SetFinal((")
		a.r.addTail(a.off(es.End()), ").Display())")
	case "MIME":
		a.r.addText(a.off(es.Pos()), a.off(es.Pos()), rtName+".SetFinalMIME((")
		a.r.addTail(a.off(es.End()), ").MIME())")
	case "String", "Error":
		m := a.showKind(a.typeName(es.X))
		a.r.addText(a.off(es.Pos()), a.off(es.Pos()), rtName+".SetFinalText((")
		a.r.addTail(a.off(es.End()), ")."+m+"())")
	}
}
