package engine

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
)

// Refusal: printing a value whose elements or fields are cell types with
// String, Error, Format or GoString methods.
//
// fmt calls a value's String method (Error, Format, GoString) on every
// element of a slice, array or map and every exported field of a struct
// it prints: fmt.Println([]Person{p}) prints [Bob: 31] when Person has a
// String method. yaegi hands fmt a cell value with its methods only when
// the value itself is the argument (fmt.Println(p) is right); inside a
// slice, map or struct the value is a plain struct of reflect.StructOf,
// without methods, and fmt prints its fields: [{Bob 31}]. So a call of
// fmt's and log's printing functions (and the methods of *log.Logger)
// whose argument's static type (go/types) holds such a cell type below its
// top level is an error naming the call, the type and the method; so is
// such a value as the cell's final expression (shown as fmt's %v).
//
// Not detected: cell values with methods behind an interface ([]any,
// map[string]any), whose types only the run knows.

// fmtPrinters are the functions and methods whose arguments fmt formats.
var fmtPrinters = func() map[string]bool {
	m := map[string]bool{}
	for _, f := range []string{"Print", "Println", "Printf", "Sprint", "Sprintln", "Sprintf",
		"Fprint", "Fprintln", "Fprintf", "Errorf", "Append", "Appendln", "Appendf"} {
		m["fmt."+f] = true
	}
	for _, f := range []string{"Print", "Println", "Printf", "Fatal", "Fatalln", "Fatalf", "Panic", "Panicln", "Panicf"} {
		m["log."+f] = true
		m["log.Logger."+f] = true
	}
	return m
}()

// fmtMethods are the methods fmt calls on the values it prints.
var fmtMethods = []string{"String", "Error", "Format", "GoString"}

// refuseNestedFmtMethods is the pass "fmtmethods".
func refuseNestedFmtMethods(p *prep) {
	ct := p.cellTypes()
	visit := func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok || !fmtPrinters[encoderName(ct, sel)] {
			return true
		}
		for i, a := range c.Args {
			if !toAnyParam(ct, c, i) {
				continue // Fprintf's writer, the format
			}
			t := ct.goType(a)
			if t == nil || cellFmtMethod(t) != "" {
				continue // the argument itself: yaegi passes its methods
			}
			typ, method, where := nestedFmtMethod(t, "", map[types.Type]bool{})
			if typ == "" {
				continue
			}
			p.fail(a.Pos(), fmt.Sprintf("%s would call the %s method of %s on %s, which the interpreter cannot do (inside a slice, map or struct a cell value has no methods, and fmt would print its fields instead): print %s values one at a time (or call %s yourself)",
				encoderName(ct, sel), method, typ, where, typ, method))
			return false
		}
		return true
	}
	p.pc.inspect(visit)
	if p.err != nil {
		return
	}
	// The cell's value is shown as fmt's %v shows it.
	list := p.pc.stmts.Body.List
	if len(list) == 0 || !p.finalIsLast() {
		return
	}
	es, ok := list[len(list)-1].(*ast.ExprStmt)
	if !ok {
		return
	}
	t := ct.goType(es.X)
	if _, tuple := t.(*types.Tuple); t == nil || tuple || cellFmtMethod(t) != "" {
		return
	}
	if typ, method, where := nestedFmtMethod(t, "", map[types.Type]bool{}); typ != "" {
		p.fail(es.Pos(), fmt.Sprintf("the cell's value would show as fmt prints it, calling the %s method of %s on %s, which the interpreter cannot do (inside a slice, map or struct a cell value has no methods): show %s values one at a time (or call %s yourself)",
			method, typ, where, typ, method))
	}
}

// cellFmtMethod returns the fmt method in the method set of t, a cell
// type or a pointer to one, or "".
func cellFmtMethod(t types.Type) string {
	base := t
	if ptr, ok := base.(*types.Pointer); ok {
		base = ptr.Elem()
	}
	named, ok := types.Unalias(base).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "main" {
		return ""
	}
	if _, ok := named.Underlying().(*types.Interface); ok {
		return ""
	}
	ms := types.NewMethodSet(t)
	for _, m := range fmtMethods {
		if ms.Lookup(nil, m) != nil {
			return m
		}
	}
	return ""
}

// nestedFmtMethod finds a cell type with a fmt method below t's top
// level: the type, the method and where it is ("the elements of
// []Person"). path describes t.
func nestedFmtMethod(t types.Type, path string, seen map[types.Type]bool) (typ, method, where string) {
	if t == nil || seen[t] {
		return "", "", ""
	}
	seen[t] = true
	name := func(t types.Type) string { return types.TypeString(t, qualifyLocal) }
	check := func(elem types.Type, at string) (string, string, string) {
		if m := cellFmtMethod(elem); m != "" {
			return name(elem), m, at
		}
		return nestedFmtMethod(elem, at, seen)
	}
	in := func(s string) string {
		if path == "" {
			return s
		}
		return s + " in " + path
	}
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		next := path
		if next == "" {
			next = name(u)
		}
		return nestedFmtMethod(u.Underlying(), next, seen)
	case *types.Pointer:
		return nestedFmtMethod(u.Elem(), path, seen)
	case *types.Slice:
		return check(u.Elem(), in("the elements of "+name(u)))
	case *types.Array:
		return check(u.Elem(), in("the elements of "+name(u)))
	case *types.Map:
		if a, b, c := check(u.Key(), in("the keys of "+name(u))); a != "" {
			return a, b, c
		}
		return check(u.Elem(), in("the values of "+name(u)))
	case *types.Struct:
		owner := path
		if owner == "" {
			owner = name(u)
		}
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			if !f.Exported() {
				continue // fmt calls no method of an unexported field
			}
			if a, b, c := check(f.Type(), "field "+f.Name()+" of "+strings.TrimSpace(owner)); a != "" {
				return a, b, c
			}
		}
	}
	return "", "", ""
}
