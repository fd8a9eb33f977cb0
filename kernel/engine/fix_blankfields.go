package engine

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
)

// Workaround: structs with several blank fields.
//
// yaegi v0.16 builds a cell struct with reflect.StructOf, exporting each
// field name (x becomes Xx, _ becomes X_); two blank fields make two X_
// and crash it compiling ("reflect.StructOf: duplicate field X_";
// bug442.go, blank.go). Go's blank fields are padding nobody can name:
// they are never read or written by name and stay zero (short of unsafe).
// So the pass "blankfields" gives each blank field of a struct type with
// more than one a name of its own for the interpreter (_gnB1, _gnB2...).
// fmt's %+v and %#v, which the engine formats for cell structs, print
// them as _ again (goField, fix_fmt.go).

// Go also ignores blank fields when it compares structs (==, map keys);
// yaegi compares them. They differ only when the struct's memory was
// written through unsafe, so the pass refuses a conversion of an
// unsafe.Pointer to a pointer to a struct with blank fields, and of such
// a pointer to an unsafe.Pointer.

// renameBlankFields is the pass "blankfields".
func renameBlankFields(p *prep) {
	ct := p.cellTypes()
	p.pc.inspect(func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && ct != nil && len(c.Args) == 1 {
			refuseUnsafeBlankStruct(p, ct, c)
			return true
		}
		if cl, ok := n.(*ast.CompositeLit); ok && ct != nil {
			zeroBlankElements(p, ct, cl)
			return true
		}
		st, ok := n.(*ast.StructType)
		if !ok || st.Fields == nil {
			return true
		}
		var blanks []*ast.Ident
		for _, f := range st.Fields.List {
			for _, id := range f.Names {
				if id.Name == "_" {
					blanks = append(blanks, id)
				}
			}
		}
		if len(blanks) < 2 {
			return true
		}
		for _, id := range blanks {
			p.r.add(p.off(id.Pos()), p.off(id.End()), func(r *renderer) string {
				r.seq++
				return fmt.Sprintf("%s%d", blankFieldPrefix, r.seq)
			})
		}
		return true
	})
}

const blankFieldPrefix = "_gnB"

// zeroBlankElements writes the zero value for each element of a
// positional struct literal that goes to a blank field: Go stores
// nothing there (the field stays zero: fixedbugs/issue31546), yaegi
// stores the element, which reflect then reads and == compares. An
// element with effects (a call, a receive) is refused: Go evaluates it
// and drops its value; so is one of a struct or array field type.
func zeroBlankElements(p *prep, ct *cellTypes, cl *ast.CompositeLit) {
	t := ct.goType(cl)
	if t == nil || len(cl.Elts) == 0 {
		return
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || st.NumFields() != len(cl.Elts) {
		return
	}
	if _, keyed := cl.Elts[0].(*ast.KeyValueExpr); keyed {
		return
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		if f.Name() != "_" {
			continue
		}
		e := cl.Elts[i]
		zero := zeroLiteral(f.Type())
		if zero == "" || !effectFree(ct, e) {
			p.fail(e.Pos(), "this element of a struct literal, which goes to a blank (_) field, is not supported by the gophernote interpreter: Go stores nothing there (the field stays zero), the interpreter would store it; write the zero value")
			return
		}
		p.r.addText(p.off(e.Pos()), p.off(e.End()), zero)
	}
}

// zeroLiteral is an untyped literal of t's zero value, or "" when t has
// none (a struct, an array, a type parameter).
func zeroLiteral(t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false"
		case u.Info()&types.IsString != 0:
			return `""`
		case u.Info()&types.IsNumeric != 0:
			return "0"
		case u.Kind() == types.UnsafePointer:
			return "nil"
		}
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil"
	}
	return ""
}

// effectFree reports whether evaluating x has no effect Go would keep: a
// constant, a name, a literal of effect-free parts.
func effectFree(ct *cellTypes, x ast.Expr) bool {
	if tv, ok := ct.info.Types[x]; ok && tv.Value != nil {
		return true
	}
	switch x := x.(type) {
	case *ast.Ident, *ast.BasicLit, *ast.FuncLit:
		return true
	case *ast.ParenExpr:
		return effectFree(ct, x.X)
	}
	return false
}

// isBlankFieldName reports whether name (without yaegi's X) is one the
// pass "blankfields" gave a blank field.
func isBlankFieldName(name string) bool {
	rest, ok := strings.CutPrefix(name, blankFieldPrefix)
	if !ok || rest == "" {
		return false
	}
	for _, c := range rest {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// refuseUnsafeBlankStruct refuses c when it converts an unsafe.Pointer
// to a pointer to a struct with a blank field.
func refuseUnsafeBlankStruct(p *prep, ct *cellTypes, c *ast.CallExpr) {
	tv, ok := ct.info.Types[c.Fun]
	if !ok || !tv.IsType() {
		return
	}
	if b, ok := tv.Type.Underlying().(*types.Basic); ok && b.Kind() == types.UnsafePointer {
		// The other way: unsafe.Pointer(&s) lets the program write s's
		// blank fields.
		if from, ok := ct.goType(c.Args[0]).(*types.Pointer); ok {
			if st, ok := from.Elem().Underlying().(*types.Struct); ok {
				for i := range st.NumFields() {
					if st.Field(i).Name() == "_" {
						p.fail(c.Pos(), fmt.Sprintf("converting a pointer to %s, a struct with blank (_) fields, to unsafe.Pointer is not supported by the gophernote interpreter: memory written through it reaches the blank fields, which the interpreter compares and hashes and Go ignores", types.TypeString(from.Elem(), qualifyLocal)))
						return
					}
				}
			}
		}
		return
	}
	pt, ok := tv.Type.Underlying().(*types.Pointer)
	if !ok {
		return
	}
	st, ok := pt.Elem().Underlying().(*types.Struct)
	if !ok {
		return
	}
	from := ct.goType(c.Args[0])
	if from == nil {
		return
	}
	if b, ok := from.Underlying().(*types.Basic); !ok || b.Kind() != types.UnsafePointer {
		if from.String() != "unsafe.Pointer" {
			return
		}
	}
	for i := range st.NumFields() {
		if st.Field(i).Name() == "_" {
			p.fail(c.Pos(), fmt.Sprintf("converting an unsafe.Pointer to %s, a struct with blank (_) fields, is not supported by the gophernote interpreter: it would compare and hash the blank fields, which Go ignores", types.TypeString(tv.Type, qualifyLocal)))
			return
		}
	}
}
