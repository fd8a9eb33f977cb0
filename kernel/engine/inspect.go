package engine

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"github.com/gophernote/gophernote/kernel/display"
	"github.com/gophernote/gophernote/kernel/godoc"
	gnstd "github.com/gophernote/gophernote/stdlib"
)

// DocLookup returns the declaration and doc comment of pkgPath.name; the
// engine uses it for inspection of package members and the signatures of
// completions. It defaults to lookupDoc.
var DocLookup func(pkgPath, name string) (sig, doc string, ok bool) = lookupDoc

// lookupDoc reads the docs of module packages and compiled cells (read
// from their source when they were built: modules.go), the doc tables
// generated into package stdlib (fitlib, gonum, display, widgets), then
// godoc.Default: the standard library from the toolchain's GOROOT source,
// read with go/doc and cached, and the source directories package loaders
// register with godoc.Default.AddSource.
func lookupDoc(pkgPath, name string) (sig, doc string, ok bool) {
	if sig, doc, ok := lookupModuleDoc(pkgPath, name); ok {
		return sig, doc, true
	}
	if sig, doc, ok := gnstd.Doc(pkgPath, name); ok {
		return sig, doc, true
	}
	return godoc.Default.Lookup(pkgPath, name)
}

// Inspect describes what is at cursor (a rune offset). As in IPython, a
// call comes first: with the cursor anywhere inside a call's brackets
// (fit.Bootstrap(|, fit.Bootstrap(pb, |, res.Get(|) it describes the called
// function or method; else the identifier under or just before the cursor,
// with the selector chain before it (pkg.Name, x.Field, a[i].Method).
//
// Descriptions: for package members the declaration and doc comment from
// the generated doc tables (DocLookup), else the symbol's type; for methods
// and fields of compiled types the same, found through the receiver's
// type; for names and methods defined by cells their declaration (a
// function's signature) and doc comment, and at detailLevel 1 (IPython's
// ??) a function's whole source too; for session variables their type and
// value (ShortValue: a large value is cut, never formatted whole).
func (e *Engine) Inspect(code string, cursor, detailLevel int) (data display.MIME, found bool) {
	runes := []rune(code)
	if cursor < 0 || cursor > len(runes) {
		cursor = len(runes)
	}
	var targets []string
	if callee := enclosingCallee(runes, cursor); callee != "" {
		targets = append(targets, callee)
	}
	if word := wordAt(runes, cursor); word != "" {
		targets = append(targets, word)
	}
	if len(targets) == 0 {
		return nil, false
	}
	busy := !e.mu.TryLock()
	if !busy {
		defer e.mu.Unlock()
	}
	for _, target := range targets {
		var text string
		var ok bool
		if busy {
			text, ok = e.describeBusy(target)
		} else {
			text, ok = e.describeExpr(target, string(runes[:cursor]), detailLevel)
		}
		if ok {
			return display.MIME{"text/plain": text}, true
		}
	}
	return nil, false
}

// wordAt returns the identifier under or just before the cursor, with the
// selector chain before it ("fit.Fit", "res.Get", "a[i].X"), or "".
func wordAt(r []rune, cursor int) string {
	start, end := cursor, cursor
	for start > 0 && isIdentRune(r[start-1]) {
		start--
	}
	for end < len(r) && isIdentRune(r[end]) {
		end++
	}
	if start == end {
		return ""
	}
	name := string(r[start:end])
	if start > 0 && r[start-1] == '.' {
		if recv := receiverText(r, start-1); recv != "" {
			return recv + "." + name
		}
	}
	return name
}

// enclosingCallee returns the function expression of the innermost call
// whose open bracket is before cursor and not closed before it ("fit.Fit"
// for "fit.Fit(pb, " ), or "". Brackets of other kinds, strings and
// comments are skipped by scanning Go tokens.
func enclosingCallee(r []rune, cursor int) string {
	src := string(r[:cursor])
	toks := scanCell(src)
	type open struct {
		t   token.Token
		off int // byte offset in src
	}
	var stack []open
	for _, t := range toks {
		switch t.t {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			stack = append(stack, open{t.t, t.off})
		case token.RPAREN, token.RBRACK, token.RBRACE:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	for i := len(stack) - 1; i >= 0; i-- {
		if stack[i].t == token.LBRACE {
			return "" // the cursor is in a block or literal inside any call
		}
		if stack[i].t != token.LPAREN {
			continue
		}
		at := len([]rune(src[:stack[i].off]))
		callee := receiverText(r, at)
		if callee == "" {
			continue // a parenthesized expression, not a call
		}
		if x, err := parser.ParseExpr(callee); err == nil {
			switch x.(type) {
			case *ast.Ident, *ast.SelectorExpr:
				if !token.Lookup(callee).IsKeyword() {
					return callee
				}
			}
		}
	}
	return ""
}

// describeBusy describes pkg.Name while a cell runs (the session's names
// are not read then).
func (e *Engine) describeBusy(target string) (string, bool) {
	pkg, name, ok := strings.Cut(target, ".")
	if !ok || strings.Contains(name, ".") || !isIdent(pkg) {
		return "", false
	}
	return e.describePkgMember(e.names[pkg], name)
}

// describeExpr describes a name, pkg.Name, or a member of an expression's
// type (x.M, a[i].F, f().M); before is the code up to the cursor, whose
// variables may be those of target.
func (e *Engine) describeExpr(target, before string, detail int) (string, bool) {
	x, err := parser.ParseExpr(target)
	if err != nil {
		return "", false
	}
	r := e.resolver(before)
	switch x := x.(type) {
	case *ast.Ident:
		if d := r.locals[x.Name]; d != nil {
			if c := r.localCType(d, 0); c.known() {
				return fmt.Sprintf("%s %s (defined in this cell)", x.Name, c), true
			}
		}
		return e.describeName(x.Name, detail)
	case *ast.SelectorExpr:
		if id, ok := x.X.(*ast.Ident); ok && r.locals[id.Name] == nil {
			if p, ok := e.packageOf(id.Name); ok {
				return e.describePkgMember(p, x.Sel.Name)
			}
		}
		return e.describeMember(r.exprCType(x.X), x.Sel.Name, detail)
	}
	return "", false
}

// inspectValueWidth is the length Inspect cuts a variable's value to.
const inspectValueWidth = 400

// describeName describes a name defined by a cell or held by the session.
func (e *Engine) describeName(name string, detail int) (string, bool) {
	if rec, ok := e.decls[name]; ok {
		s := rec.describe(detail)
		if rec.kind == token.VAR || rec.kind == token.CONST {
			if v, ok := e.global(name); ok {
				t := v.Type().String()
				if c, ok := constValue(v); ok {
					t = untypedName(c)
				}
				s += fmt.Sprintf("\n\n%s = %s", t, ShortValue(v, inspectValueWidth))
			}
		}
		return s, true
	}
	if v, ok := e.global(name); ok {
		return fmt.Sprintf("%s %s = %s", name, e.typeString(name, v), ShortValue(v, inspectValueWidth)), true
	}
	if p, ok := e.packageOf(name); ok {
		return e.describePkgMember(p, "")
	}
	return "", false
}

// typeString names the type of session variable name: its declared type
// when a cell gave one, else its value's.
func (e *Engine) typeString(name string, v reflect.Value) string {
	if t := e.varTypes[name]; t != "" {
		return t
	}
	return v.Type().String()
}

// describe is what Inspect shows for a cell's declaration: its
// declaration (a function's signature) and doc comment, and at detail
// level 1 a function's whole source.
func (rec *declRecord) describe(detail int) string {
	s := rec.doc
	if rec.kind == token.FUNC && rec.sig != "" {
		s = rec.sig
	}
	if c := strings.TrimSpace(rec.comment); c != "" {
		s += "\n\n" + c
	}
	if detail > 0 && rec.kind == token.FUNC && rec.sig != "" {
		s += "\n\nSource:\n" + rec.doc
	}
	return s
}

// describeMember describes field or method name of type c.
func (e *Engine) describeMember(c ctype, name string, detail int) (string, bool) {
	switch {
	case c.decl != "":
		if rec, ok := e.decls[c.decl+"."+name]; ok {
			return rec.describe(detail), true
		}
		if f := e.declField(c.decl, name); f != nil {
			return fmt.Sprintf("field %s %s\n\nin %s", name, types.ExprString(f.Type), e.decls[c.decl].describe(0)), true
		}
	case c.rt != nil:
		t := c.rt
		named := t
		if named.Kind() == reflect.Pointer {
			named = named.Elem()
		}
		if m, ok := methodByName(t, name); ok {
			if DocLookup != nil && named.PkgPath() != "" {
				if sig, doc, ok := DocLookup(named.PkgPath(), named.Name()+"."+name); ok {
					return strings.TrimSpace(sig + "\n\n" + doc), true
				}
				if d := promotedMethodDoc(named, name); d != "" {
					return d, true
				}
			}
			return fmt.Sprintf("method (%s) %s%s", t, name, strings.TrimPrefix(methodType(t, m).String(), "func")), true
		}
		if named.Kind() == reflect.Struct {
			if f, ok := named.FieldByName(name); ok && f.IsExported() {
				// a promoted field belongs to the embedded struct that
				// declares it (fit.Result's Objective is fit.Outcome's)
				for _, i := range f.Index[:len(f.Index)-1] {
					named = named.Field(i).Type
					if named.Kind() == reflect.Pointer {
						named = named.Elem()
					}
				}
				s := fmt.Sprintf("field %s %s", name, f.Type)
				if DocLookup != nil && named.PkgPath() != "" {
					if sig, _, ok := DocLookup(named.PkgPath(), named.Name()); ok {
						s += "\n\nin " + sig
					}
				} else if named.Name() != "" {
					s += "\n\nin " + named.String()
				}
				return s, true
			}
		}
	}
	return "", false
}

// promotedMethodDoc is the documentation of method name promoted from a
// struct embedded in the struct type t (fit.Result's Converged is
// fit.Outcome's), or "".
func promotedMethodDoc(t reflect.Type, name string) string {
	if t.Kind() != reflect.Struct {
		return ""
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.Anonymous {
			continue
		}
		ft := f.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if _, ok := methodByName(reflect.PointerTo(ft), name); !ok || ft.PkgPath() == "" {
			continue
		}
		if sig, doc, ok := DocLookup(ft.PkgPath(), ft.Name()+"."+name); ok {
			return strings.TrimSpace(sig + "\n\n" + doc)
		}
		if d := promotedMethodDoc(ft, name); d != "" {
			return d
		}
	}
	return ""
}

// methodType is m's func type without the receiver (reflect includes it
// for methods of concrete types, not of interfaces).
func methodType(t reflect.Type, m reflect.Method) reflect.Type {
	if t.Kind() == reflect.Interface {
		return m.Type
	}
	return dropReceiver(m.Type)
}

// describeSymbol renders a symbol-table value: a func's signature, a
// type, a constant's value, or a variable's type.
func describeSymbol(v reflect.Value) string {
	if !v.IsValid() {
		return "?"
	}
	if c, ok := v.Interface().(constant.Value); ok {
		return "const = " + c.ExactString()
	}
	switch {
	case v.Kind() == reflect.Func:
		return v.Type().String()
	case v.Kind() == reflect.Pointer && v.IsNil():
		t := v.Type().Elem()
		return "type " + t.String() + " " + t.Kind().String()
	}
	return "var " + v.Type().String()
}

// describePkgMember describes pkgPath.name from the doc tables or the
// symbol table; name "" is the package itself.
func (e *Engine) describePkgMember(p, name string) (string, bool) {
	if p == "" {
		return "", false
	}
	if DocLookup != nil {
		if sig, doc, ok := DocLookup(p, name); ok {
			return strings.TrimSpace(sig + "\n\n" + doc), true
		}
	}
	if name == "" {
		return "package " + e.pkgName(p) + ` // import "` + p + `"`, true
	}
	v, ok := e.syms[p][name]
	if !ok {
		return "", false
	}
	return p + "." + name + ": " + describeSymbol(v), true
}
