package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strings"
	"unicode"
)

var goKeywords = []string{
	"break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for",
	"func", "go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select",
	"struct", "switch", "type", "var",
}

var goBuiltins = []string{
	"any", "append", "bool", "byte", "cap", "clear", "close", "comparable", "complex", "complex128",
	"complex64", "copy", "delete", "error", "false", "float32", "float64", "imag", "int", "int16",
	"int32", "int64", "int8", "iota", "len", "make", "max", "min", "new", "nil", "panic", "print",
	"println", "real", "recover", "rune", "string", "true", "uint", "uint16", "uint32", "uint64",
	"uint8", "uintptr",
}

// Complete returns the completions of the identifier or selector ending at
// cursor (a rune offset) and the rune range [start, end) they replace:
// members of a package (pkg.Pre) or of a session value (x.Pre: declared
// fields and methods, or through reflection), else keywords, builtins,
// session names, package names and the names in the code being typed.
func (e *Engine) Complete(code string, cursor int) (matches []string, start, end int) {
	runes := []rune(code)
	if cursor < 0 || cursor > len(runes) {
		cursor = len(runes)
	}
	start = cursor
	for start > 0 && isIdentRune(runes[start-1]) {
		start--
	}
	end = cursor
	prefix := string(runes[start:cursor])
	// While a cell runs, the session's names are in flux: complete from
	// what does not change (keywords, builtins, packages) instead of
	// waiting for the cell.
	busy := !e.mu.TryLock()
	if !busy {
		defer e.mu.Unlock()
	}
	if start > 0 && runes[start-1] == '.' {
		q := start - 1
		for q > 0 && isIdentRune(runes[q-1]) {
			q--
		}
		recv := string(runes[q : start-1])
		if busy {
			return filterPrefix(exported(e.syms[e.names[recv]]), prefix), start, end
		}
		return filterPrefix(e.members(recv), prefix), start, end
	}
	var cands []string
	cands = append(cands, goKeywords...)
	cands = append(cands, goBuiltins...)
	for name := range e.names {
		cands = append(cands, name)
	}
	// Names the code being typed uses or defines (not yet run), except
	// the word being completed.
	for _, t := range scanCell(string(runes[:start]) + " " + string(runes[end:])) {
		if t.t == token.IDENT {
			cands = append(cands, t.lit)
		}
	}
	if busy {
		return filterPrefix(cands, prefix), start, end
	}
	for name := range e.decls {
		if !strings.Contains(name, ".") {
			cands = append(cands, name)
		}
	}
	for name := range e.stmtVars {
		cands = append(cands, name)
	}
	for name := range e.importNames {
		cands = append(cands, name)
	}
	return filterPrefix(cands, prefix), start, end
}

func isIdentRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// filterPrefix returns the sorted distinct candidates starting with prefix.
func filterPrefix(cands []string, prefix string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, c := range cands {
		if strings.HasPrefix(c, prefix) && !seen[c] && !strings.HasPrefix(c, "_gn") {
			seen[c] = true
			out = append(out, c)
		}
	}
	sort.Strings(out)
	return out
}

// members lists the exported names of the package recv refers to, or the
// fields and methods of the session value recv.
func (e *Engine) members(recv string) []string {
	if p, ok := e.importNames[recv]; ok || !e.known(recv) {
		if !ok {
			p = e.names[recv]
		}
		return exported(e.syms[p])
	}
	if t := strings.TrimPrefix(e.varTypes[recv], "*"); t != "" {
		if out := e.declaredMembers(t); out != nil {
			return out
		}
	}
	v, ok := e.global(recv)
	if !ok {
		return nil
	}
	return valueMembers(v)
}

// declaredMembers lists the fields and methods of a type declared by a
// cell, from its source (yaegi renames unexported fields in the reflect
// types it builds, so reflection would show X-prefixed names).
func (e *Engine) declaredMembers(typeName string) []string {
	rec, ok := e.decls[typeName]
	if !ok || rec.kind != token.TYPE {
		return nil
	}
	out := []string{}
	if ts, ok := rec.decl.(*ast.TypeSpec); ok {
		if st, ok := ts.Type.(*ast.StructType); ok {
			for _, f := range st.Fields.List {
				for _, n := range f.Names {
					out = append(out, n.Name)
				}
				if len(f.Names) == 0 {
					out = append(out, strings.TrimPrefix(types.ExprString(f.Type), "*"))
				}
			}
		}
	}
	for k := range e.decls {
		if m, ok := strings.CutPrefix(k, typeName+"."); ok {
			out = append(out, m)
		}
	}
	return out
}

// valueMembers lists the exported fields and methods of v's type.
func valueMembers(v reflect.Value) []string {
	var out []string
	t := v.Type()
	for _, tt := range []reflect.Type{t, reflect.PointerTo(t)} {
		for i := 0; i < tt.NumMethod(); i++ {
			out = append(out, tt.Method(i).Name)
		}
	}
	st := t
	if st.Kind() == reflect.Pointer {
		st = st.Elem()
	}
	if st.Kind() == reflect.Struct {
		for i := 0; i < st.NumField(); i++ {
			if f := st.Field(i); f.IsExported() {
				out = append(out, f.Name)
			}
		}
	}
	return out
}

// exported lists the exported names of a symbol table.
func exported(syms map[string]reflect.Value) []string {
	var out []string
	for name := range syms {
		if token.IsExported(name) {
			out = append(out, name)
		}
	}
	return out
}
