package engine

import (
	"fmt"
	"go/constant"
	"reflect"
	"strings"

	"github.com/gophernote/gophernote/kernel/display"
	gnstd "github.com/gophernote/gophernote/stdlib"
)

// DocLookup returns the declaration and doc comment of pkgPath.name; the
// engine uses it for inspection of package members. It defaults to the
// doc tables generated into the stdlib package.
var DocLookup func(pkgPath, name string) (sig, doc string, ok bool) = gnstd.Doc

// Inspect describes the identifier or pkg.Name around cursor (a rune
// offset): for package members the declaration and doc comment from the
// generated doc tables (DocLookup), else the symbol's type; for names
// defined by cells their source declaration; for session variables their
// type and value. detailLevel is accepted for the protocol; both levels
// show the same text.
func (e *Engine) Inspect(code string, cursor, detailLevel int) (data display.MIME, found bool) {
	runes := []rune(code)
	if cursor < 0 || cursor > len(runes) {
		cursor = len(runes)
	}
	start, end := cursor, cursor
	for start > 0 && isIdentRune(runes[start-1]) {
		start--
	}
	for end < len(runes) && isIdentRune(runes[end]) {
		end++
	}
	if start == end {
		return nil, false
	}
	name := string(runes[start:end])
	recv := ""
	if start > 0 && runes[start-1] == '.' {
		q := start - 1
		for q > 0 && isIdentRune(runes[q-1]) {
			q--
		}
		recv = string(runes[q : start-1])
	}
	if !e.mu.TryLock() {
		// A cell is running: describe package members only.
		if recv == "" {
			return nil, false
		}
		text, ok := e.describePkgMember(e.names[recv], name)
		if !ok {
			return nil, false
		}
		return display.MIME{"text/plain": text}, true
	}
	defer e.mu.Unlock()
	text, ok := e.describe(recv, name, detailLevel)
	if !ok {
		return nil, false
	}
	return display.MIME{"text/plain": text}, true
}

func (e *Engine) describe(recv, name string, detail int) (string, bool) {
	if recv != "" && (!e.known(recv) || e.importNames[recv] != "") {
		p, ok := e.importNames[recv]
		if !ok {
			p, ok = e.names[recv]
		}
		if !ok {
			return "", false
		}
		return e.describePkgMember(p, name)
	}
	if recv != "" {
		if rec, ok := e.decls[recv+"."+name]; ok {
			return rec.doc, true
		}
		return "", false
	}
	if rec, ok := e.decls[name]; ok {
		s := rec.doc
		if rec.kind.String() == "var" || rec.kind.String() == "const" {
			if v, ok := e.global(name); ok {
				s += fmt.Sprintf("\n\n%s = %v", v.Type(), v)
			}
		}
		return s, true
	}
	if v, ok := e.global(name); ok {
		return fmt.Sprintf("%s %s = %v", name, v.Type(), v), true
	}
	return "", false
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
// symbol table.
func (e *Engine) describePkgMember(p, name string) (string, bool) {
	if p == "" {
		return "", false
	}
	if DocLookup != nil {
		if sig, doc, ok := DocLookup(p, name); ok {
			return strings.TrimSpace(sig + "\n\n" + doc), true
		}
	}
	v, ok := e.syms[p][name]
	if !ok {
		return "", false
	}
	return p + "." + name + ": " + describeSymbol(v), true
}
