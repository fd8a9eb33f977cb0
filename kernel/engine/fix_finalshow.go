package engine

import (
	"go/ast"
	"go/types"
	"reflect"
	"strings"
	"sync"

	"github.com/gophernote/gophernote/kernel/display"
)

// Workaround: showing cell types with Display, MIME, String or Error
// methods as a cell's value.
//
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

func init() { rtParts = append(rtParts, showSymbols) }

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
func showKind(s *scope, typeName string) string {
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
	for _, d := range s.pc.decls.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			consider(fd)
		}
	}
	for _, m := range []string{"Display", "MIME", "String", "Error"} {
		if rec, ok := s.e.decls[base+"."+m]; ok {
			if fd, ok := rec.decl.(*ast.FuncDecl); ok {
				consider(fd)
			}
		}
	}
	return best
}

// wrapFinalShow is the pass "finalshow": the Display/MIME/String/Error
// rewrite of the final expression.
func wrapFinalShow(p *prep) {
	list := p.pc.stmts.Body.List
	if len(list) == 0 || !p.finalIsLast() {
		return
	}
	es, ok := list[len(list)-1].(*ast.ExprStmt)
	if !ok {
		return
	}
	switch showKind(p.scope, p.typeName(es.X)) {
	case "Display":
		p.r.addText(p.off(es.Pos()), p.off(es.Pos()), rtName+".SetFinal((")
		p.r.addTail(p.off(es.End()), ").Display())")
	case "MIME":
		p.r.addText(p.off(es.Pos()), p.off(es.Pos()), rtName+".SetFinalMIME((")
		p.r.addTail(p.off(es.End()), ").MIME())")
	case "String", "Error":
		m := showKind(p.scope, p.typeName(es.X))
		p.r.addText(p.off(es.Pos()), p.off(es.Pos()), rtName+".SetFinalText((")
		p.r.addTail(p.off(es.End()), ")."+m+"())")
	}
}
