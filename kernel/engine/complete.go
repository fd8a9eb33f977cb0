package engine

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strings"
	"unicode"

	"github.com/gophernote/gophernote/kernel/cell"
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

// builtinTypes are the predeclared types completion can look inside.
var builtinTypes = map[string]reflect.Type{
	"bool": reflect.TypeFor[bool](), "byte": reflect.TypeFor[byte](), "complex64": reflect.TypeFor[complex64](),
	"complex128": reflect.TypeFor[complex128](), "error": reflect.TypeFor[error](), "float32": reflect.TypeFor[float32](),
	"float64": reflect.TypeFor[float64](), "int": reflect.TypeFor[int](), "int8": reflect.TypeFor[int8](),
	"int16": reflect.TypeFor[int16](), "int32": reflect.TypeFor[int32](), "int64": reflect.TypeFor[int64](),
	"rune": reflect.TypeFor[rune](), "string": reflect.TypeFor[string](), "uint": reflect.TypeFor[uint](),
	"uint8": reflect.TypeFor[uint8](), "uint16": reflect.TypeFor[uint16](), "uint32": reflect.TypeFor[uint32](),
	"uint64": reflect.TypeFor[uint64](), "uintptr": reflect.TypeFor[uintptr](), "any": reflect.TypeFor[any](),
}

// Kinds of completions (Completion.Type), the words JupyterLab shows beside
// each match and turns into its icon.
const (
	KindFunction = "function"
	KindMethod   = "method"
	KindType     = "type"
	KindVariable = "variable"
	KindField    = "field"
	KindConstant = "constant"
	KindPackage  = "package"
	KindKeyword  = "keyword"
	KindValue    = "value" // nil
)

// Completion is one completion match (see cell.Completion); Type is one
// of the Kind* constants.
type Completion = cell.Completion

// Complete returns the completions of the identifier or selector ending at
// cursor (a rune offset) and the rune range [start, end) they replace; see
// CompleteItems.
func (e *Engine) Complete(code string, cursor int) (matches []string, start, end int) {
	items, start, end := e.CompleteItems(code, cursor)
	matches = make([]string, len(items))
	for i, it := range items {
		matches[i] = it.Text
	}
	return matches, start, end
}

// CompleteItems returns the completions, with their kinds, of the word
// ending at cursor (a rune offset) and the rune range [start, end) they
// replace:
//   - after "pkg.": the package's exported members;
//   - after "x.", "x[i].", "a.b.", "f(x).", "pkg.V.": the fields and methods
//     of the expression's type, from the cell's source for types declared
//     by cells and from reflection for compiled types (and the runtime type
//     of session values when nothing else says more);
//   - at a key of a struct literal (T{Na, pkg.T{X: 1, Na): T's fields;
//   - else keywords, builtins, the session's names, package names (cells
//     may use them without importing) and names the code being typed
//     declares.
//
// While a cell runs the session's names are in flux: only what does not
// change (packages, keywords, builtins) is offered, without waiting.
func (e *Engine) CompleteItems(code string, cursor int) (items []Completion, start, end int) {
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
	busy := !e.mu.TryLock()
	if !busy {
		defer e.mu.Unlock()
	}
	if start > 0 && runes[start-1] == '.' {
		recv := receiverText(runes, start-1)
		if recv == "" {
			return []Completion{}, start, end
		}
		if busy {
			if strings.Contains(recv, ".") || !isIdent(recv) {
				return []Completion{}, start, end
			}
			return filterItems(e.pkgMembers(e.names[recv]), prefix), start, end
		}
		return filterItems(e.selectorMembers(recv, string(runes[:start])), prefix), start, end
	}
	if !busy {
		if fields, ok := e.literalFields(runes, start); ok {
			if m := filterItems(fields, prefix); len(m) > 0 {
				return m, start, end
			}
		}
	}
	// Candidates by name; the first kind given to a name wins, so the
	// order below is the order of precedence.
	kinds := map[string]Completion{}
	add := func(name, kind string) {
		if _, ok := kinds[name]; !ok && name != "" && name != "_" {
			kinds[name] = Completion{Text: name, Type: kind}
		}
	}
	if !busy {
		for name, rec := range e.decls {
			if !strings.Contains(name, ".") && !e.mono.isInstance(name) {
				add(name, declKind(rec.kind))
			}
		}
		for name := range e.stmtVars {
			add(name, KindVariable)
		}
		for name := range e.importNames {
			add(name, KindPackage)
		}
	}
	for name, kind := range cellDeclared(string(runes[:start]) + " " + string(runes[end:])) {
		add(name, kind)
	}
	for _, b := range goBuiltins {
		add(b, builtinKind(b))
	}
	for _, k := range goKeywords {
		add(k, KindKeyword)
	}
	for name := range e.names {
		add(name, KindPackage)
	}
	cands := make([]Completion, 0, len(kinds))
	for _, c := range kinds {
		cands = append(cands, c)
	}
	return filterItems(cands, prefix), start, end
}

func isIdentRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

func isIdent(s string) bool {
	for i, r := range s {
		if !isIdentRune(r) || i == 0 && unicode.IsDigit(r) {
			return false
		}
	}
	return s != ""
}

// filterItems returns the distinct completions starting with prefix,
// sorted by text, without the engine's own (_gn) names.
func filterItems(cands []Completion, prefix string) []Completion {
	seen := map[string]bool{}
	out := []Completion{}
	for _, c := range cands {
		if strings.HasPrefix(c.Text, prefix) && !seen[c.Text] && !strings.HasPrefix(c.Text, "_gn") {
			seen[c.Text] = true
			out = append(out, c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Text < out[j].Text })
	return out
}

func declKind(t token.Token) string {
	switch t {
	case token.FUNC:
		return KindFunction
	case token.TYPE:
		return KindType
	case token.CONST:
		return KindConstant
	}
	return KindVariable
}

func builtinKind(name string) string {
	switch {
	case builtinTypes[name] != nil || name == "comparable":
		return KindType
	case name == "true" || name == "false" || name == "iota":
		return KindConstant
	case name == "nil":
		return KindValue
	}
	return KindFunction
}

// cellDeclared returns the names the code being typed declares, by kind:
// func/type/const/var names and the left side of :=. It reads tokens, so
// it works on code that does not parse yet.
func cellDeclared(src string) map[string]string {
	toks := scanCell(src)
	out := map[string]string{}
	for i, t := range toks {
		if t.t != token.IDENT {
			continue
		}
		if i > 0 {
			switch toks[i-1].t {
			case token.FUNC:
				out[t.lit] = KindFunction
				continue
			case token.TYPE:
				out[t.lit] = KindType
				continue
			case token.CONST:
				out[t.lit] = KindConstant
				continue
			case token.VAR:
				out[t.lit] = KindVariable
				continue
			}
		}
		// a, b := ...: walk the identifier list up to the :=.
		j := i
		for j+2 < len(toks) && toks[j+1].t == token.COMMA && toks[j+2].t == token.IDENT {
			j += 2
		}
		if j+1 < len(toks) && toks[j+1].t == token.DEFINE {
			out[t.lit] = KindVariable
		}
	}
	return out
}

// receiverText returns the expression before the selector dot at index
// dot: identifiers joined by dots, each possibly followed by index or call
// brackets (x, a.b, x[i], f(x).y, pkg.V). It is "" when there is none.
func receiverText(r []rune, dot int) string {
	i := dot
	for {
		var group rune
		for i > 0 && (r[i-1] == ']' || r[i-1] == ')' || r[i-1] == '}') {
			j := openBracket(r, i-1)
			if j < 0 {
				return ""
			}
			group, i = r[j], j
		}
		k := i
		for k > 0 && isIdentRune(r[k-1]) {
			k--
		}
		if k == i {
			if group == '(' && i < dot {
				return string(r[i:dot]) // a parenthesized operand: (&s).A
			}
			return ""
		}
		i = k
		if i > 0 && r[i-1] == '.' {
			i--
			continue
		}
		return string(r[i:dot])
	}
}

// openBracket returns the index of the bracket that the closing bracket at
// close matches, or -1.
func openBracket(r []rune, close int) int {
	depth := 0
	for i := close; i >= 0; i-- {
		switch r[i] {
		case ')', ']', '}':
			depth++
		case '(', '[', '{':
			depth--
			if depth == 0 {
				return i
			}
		case '\n':
			if depth > 0 && i < close-2000 {
				return -1
			}
		}
	}
	return -1
}

// selectorMembers completes after "recv.": a package's members, else the
// members of recv's type; before is the code up to the dot, whose
// variables may be those of recv.
func (e *Engine) selectorMembers(recv, before string) []Completion {
	x, err := parser.ParseExpr(recv)
	if err != nil {
		return nil
	}
	r := e.resolver(before)
	if id, ok := x.(*ast.Ident); ok && r.locals[id.Name] == nil {
		if p, ok := e.packageOf(id.Name); ok {
			return e.pkgMembers(p)
		}
	}
	return e.typeMembers(r.exprCType(x))
}

// packageOf returns the import path name refers to: a package imported
// in the session, or one a cell may use without importing when the session
// defines no other meaning for name.
func (e *Engine) packageOf(name string) (string, bool) {
	if p, ok := e.importNames[name]; ok {
		return p, true
	}
	if e.known(name) {
		return "", false
	}
	p, ok := e.names[name]
	return p, ok && name != rtName
}

// pkgMembers lists the exported members of the package at path p.
func (e *Engine) pkgMembers(p string) []Completion {
	var out []Completion
	for name, v := range e.syms[p] {
		if !token.IsExported(name) {
			continue
		}
		c := Completion{Text: name, Type: symbolKind(v)}
		if c.Type == KindFunction {
			c.Signature = e.pkgSignature(p, name, v)
		}
		out = append(out, c)
	}
	return out
}

// pkgSignature is the declaration of p.name from the doc tables, else its
// func type.
func (e *Engine) pkgSignature(p, name string, v reflect.Value) string {
	if DocLookup != nil {
		if sig, _, ok := DocLookup(p, name); ok {
			return sig
		}
	}
	if v.IsValid() {
		return v.Type().String()
	}
	return ""
}

// symbolKind classifies a symbol-table value: yaegi's tables hold
// functions as func values, types as typed nil pointers, constants as
// constant.Value and variables as addressable values.
func symbolKind(v reflect.Value) string {
	switch {
	case !v.IsValid():
		return KindVariable
	case v.Kind() == reflect.Func:
		return KindFunction
	case v.Kind() == reflect.Pointer && v.IsNil():
		return KindType
	}
	if _, ok := v.Interface().(constant.Value); ok {
		return KindConstant
	}
	return KindVariable
}

// ctype is what completion and inspection know about an expression's
// type: a type declared by a cell (decl, by name: its fields and methods
// come from the cell's source), a type expression from a cell's source
// (expr, e.g. []point, for indexing), or a reflect type (rt: compiled
// types, and the runtime types of session values).
type ctype struct {
	decl string
	expr ast.Expr
	rt   reflect.Type
}

func (c ctype) known() bool { return c.decl != "" || c.expr != nil || c.rt != nil }

// resolver finds the types of expressions for completion and inspection:
// from the session (see exprCType) and from the variables that the code
// typed before the cursor defines (see cellLocals), which shadow the
// session's.
type resolver struct {
	e      *Engine
	locals map[string]*localDef
}

func (e *Engine) resolver(before string) *resolver {
	return &resolver{e: e, locals: cellLocals(before)}
}

// localDef is how the code being typed defines a variable: var x T
// (typ), x := v or a, b := f() (value, index), or for k, v := range X
// (rangeOf, key).
type localDef struct {
	typ, value, rangeOf ast.Expr
	index               int
	key                 bool
}

// cellLocals reads the variable definitions in src, which need not parse
// as a whole (it usually ends in the middle of a statement): each
// definition's right side is parsed on its own. Later definitions win.
func cellLocals(src string) map[string]*localDef {
	toks := scanCell(src)
	out := map[string]*localDef{}
	// exprText returns the source of toks[i:] up to the end of the
	// statement (a semicolon at bracket depth 0, or "{" at depth 0 when
	// stopAtBrace), and whether the statement ended.
	exprText := func(i int, stopAtBrace bool) (string, bool) {
		depth := 0
		for j := i; j < len(toks); j++ {
			switch toks[j].t {
			case token.LPAREN, token.LBRACK:
				depth++
			case token.LBRACE:
				if depth == 0 && stopAtBrace {
					return src[toks[i].off:toks[j].off], true
				}
				depth++
			case token.RPAREN, token.RBRACK, token.RBRACE:
				depth--
				if depth < 0 {
					return "", false
				}
			case token.SEMICOLON:
				if depth == 0 {
					return src[toks[i].off:toks[j].off], true
				}
			}
		}
		return "", false
	}
	for i, t := range toks {
		switch t.t {
		case token.DEFINE:
			// The names: IDENT (, IDENT)* before the :=.
			var names []string
			for j := i - 1; j >= 0 && toks[j].t == token.IDENT; j -= 2 {
				names = append([]string{toks[j].lit}, names...)
				if j == 0 || toks[j-1].t != token.COMMA {
					break
				}
			}
			if len(names) == 0 || i+1 >= len(toks) {
				continue
			}
			if toks[i+1].t == token.RANGE {
				text, ok := exprText(i+2, true)
				x, err := parser.ParseExpr(text)
				if !ok || err != nil {
					continue
				}
				for k, n := range names {
					out[n] = &localDef{rangeOf: x, key: k == 0 && len(names) == 2}
				}
				continue
			}
			text, ok := exprText(i+1, false)
			if !ok {
				continue
			}
			call, err := parser.ParseExpr("f(" + text + ")") // splits the right side at its commas
			if err != nil {
				continue
			}
			values := call.(*ast.CallExpr).Args
			for k, n := range names {
				switch {
				case len(values) == len(names):
					out[n] = &localDef{value: values[k]}
				case len(values) == 1:
					out[n] = &localDef{value: values[0], index: k}
				}
			}
		case token.VAR:
			// var a, b T [= ...] or var a = v
			j := i + 1
			var names []string
			for j < len(toks) && toks[j].t == token.IDENT {
				names = append(names, toks[j].lit)
				if j+1 < len(toks) && toks[j+1].t == token.COMMA {
					j += 2
					continue
				}
				j++
				break
			}
			if len(names) == 0 || j >= len(toks) {
				continue
			}
			if toks[j].t == token.ASSIGN {
				text, ok := exprText(j+1, false)
				call, err := parser.ParseExpr("f(" + text + ")")
				if !ok || err != nil {
					continue
				}
				values := call.(*ast.CallExpr).Args
				for k, n := range names {
					if len(values) == len(names) {
						out[n] = &localDef{value: values[k]}
					} else if len(values) == 1 {
						out[n] = &localDef{value: values[0], index: k}
					}
				}
				continue
			}
			text, ok := exprText(j, false)
			if !ok {
				continue
			}
			if k := strings.Index(text, "="); k >= 0 {
				text = text[:k]
			}
			if typ, err := parser.ParseExpr(text); err == nil {
				for _, n := range names {
					out[n] = &localDef{typ: typ}
				}
			}
		}
	}
	return out
}

// exprCType resolves the type of a receiver expression from the session:
// variables (their declared type, else their value's), package variables,
// fields, index expressions, calls of functions and methods (their first
// result), composite literals and conversions.
func (r *resolver) exprCType(x ast.Expr) ctype {
	return r.exprCTypeDepth(x, 0)
}

func (r *resolver) exprCTypeDepth(x ast.Expr, depth int) ctype {
	if depth > 20 {
		return ctype{}
	}
	return r.liftRT(r.exprCTypeOf(x, depth+1))
}

// liftRT maps the reflect type yaegi built for a value of a struct type
// declared by a cell (an unnamed struct; unexported fields renamed with an
// X prefix) back to that declaration, whose source has its methods, when
// exactly one declared struct has those fields.
func (r *resolver) liftRT(c ctype) ctype {
	if c.rt == nil {
		return c
	}
	t := c.rt
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || t.Name() != "" || t.NumField() == 0 {
		return c
	}
	match := ""
	for name, rec := range r.e.decls {
		ts, ok := rec.decl.(*ast.TypeSpec)
		if !ok || rec.kind != token.TYPE {
			continue
		}
		st, ok := ts.Type.(*ast.StructType)
		if !ok || !sameFields(t, st) {
			continue
		}
		if match != "" {
			return c // ambiguous
		}
		match = name
	}
	if match == "" {
		return c
	}
	return ctype{decl: match}
}

// sameFields reports whether reflect struct t has the fields of st, in
// order (yaegi prefixes unexported field names with X).
func sameFields(t reflect.Type, st *ast.StructType) bool {
	i := 0
	for _, f := range st.Fields.List {
		names := []string{}
		for _, n := range f.Names {
			names = append(names, n.Name)
		}
		if len(f.Names) == 0 {
			names = append(names, embeddedName(f.Type))
		}
		for _, n := range names {
			if i >= t.NumField() {
				return false
			}
			if got := t.Field(i).Name; got != n && got != "X"+n {
				return false
			}
			i++
		}
	}
	return i == t.NumField()
}

func (r *resolver) exprCTypeOf(x ast.Expr, depth int) ctype {
	switch x := x.(type) {
	case *ast.ParenExpr:
		return r.exprCTypeDepth(x.X, depth)
	case *ast.StarExpr:
		return r.exprCTypeDepth(x.X, depth) // members are looked up through pointers
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return r.exprCTypeDepth(x.X, depth)
		}
	case *ast.Ident:
		return r.identCType(x.Name, depth)
	case *ast.CompositeLit:
		return r.typeExprCType(x.Type, depth)
	case *ast.SliceExpr:
		return r.exprCTypeDepth(x.X, depth)
	case *ast.IndexExpr:
		return r.elemCType(r.exprCTypeDepth(x.X, depth), depth)
	case *ast.SelectorExpr:
		if id, ok := x.X.(*ast.Ident); ok {
			if p, ok := r.e.packageOf(id.Name); ok {
				v := r.e.syms[p][x.Sel.Name]
				if symbolKind(v) == KindVariable && v.IsValid() {
					return ctype{rt: v.Type()}
				}
				return ctype{}
			}
		}
		return r.fieldCType(r.exprCTypeDepth(x.X, depth), x.Sel.Name, depth)
	case *ast.CallExpr:
		return r.callCType(x, depth)
	}
	return ctype{}
}

// identCType is the type of a session variable: the type its declaration
// names, else the compiled type it was defined from, else its value's.
func (r *resolver) identCType(name string, depth int) ctype {
	if d := r.locals[name]; d != nil {
		return r.localCType(d, depth)
	}
	if rec, ok := r.e.decls[name]; ok && rec.kind == token.VAR {
		if vs, ok := rec.decl.(*ast.ValueSpec); ok {
			if vs.Type != nil {
				if c := r.typeExprCType(vs.Type, depth); c.known() {
					return c
				}
			}
			for i, n := range vs.Names {
				if n.Name == name && i < len(vs.Values) && len(vs.Values) == len(vs.Names) {
					if c := r.exprCTypeDepth(vs.Values[i], depth); c.known() {
						return c
					}
				}
			}
		}
	}
	if t := r.e.varTypes[name]; t != "" {
		if tx, err := parser.ParseExpr(t); err == nil {
			if c := r.typeExprCType(tx, depth); c.known() {
				return c
			}
		}
	}
	if t := r.e.compiledVar(name); t != nil {
		return ctype{rt: t}
	}
	if v, ok := r.e.global(name); ok {
		if v.Kind() == reflect.Interface && !v.IsNil() {
			v = v.Elem()
		}
		return ctype{rt: v.Type()}
	}
	return ctype{}
}

// localCType is the type of a variable the code being typed defines.
func (r *resolver) localCType(d *localDef, depth int) ctype {
	switch {
	case d.typ != nil:
		return r.typeExprCType(d.typ, depth)
	case d.rangeOf != nil:
		c := r.exprCTypeDepth(d.rangeOf, depth)
		if d.key {
			if c.rt != nil && c.rt.Kind() == reflect.Map {
				return ctype{rt: c.rt.Key()}
			}
			if x, ok := c.expr.(*ast.MapType); ok {
				return r.typeExprCType(x.Key, depth)
			}
			return ctype{rt: reflect.TypeFor[int]()}
		}
		return r.elemCType(c, depth)
	case d.index > 0:
		if call, ok := d.value.(*ast.CallExpr); ok {
			return r.callResult(call, d.index, depth)
		}
		return ctype{}
	}
	return r.exprCTypeDepth(d.value, depth)
}

// typeExprCType resolves a type expression: a type declared by a cell, a
// package type, a predeclared type, or a composite of those.
func (r *resolver) typeExprCType(t ast.Expr, depth int) ctype {
	switch t := t.(type) {
	case *ast.Ident:
		if rec, ok := r.e.decls[t.Name]; ok && rec.kind == token.TYPE {
			return ctype{decl: t.Name}
		}
		if rt := builtinTypes[t.Name]; rt != nil {
			return ctype{rt: rt}
		}
	case *ast.ParenExpr:
		return r.typeExprCType(t.X, depth)
	case *ast.StarExpr:
		return r.typeExprCType(t.X, depth)
	case *ast.SelectorExpr:
		if id, ok := t.X.(*ast.Ident); ok {
			if p, ok := r.e.packageOf(id.Name); ok {
				if v := r.e.syms[p][t.Sel.Name]; v.IsValid() && v.Kind() == reflect.Pointer && v.IsNil() {
					return ctype{rt: v.Type().Elem()}
				}
			}
		}
	case *ast.ArrayType, *ast.MapType, *ast.ChanType:
		return ctype{expr: t}
	}
	return ctype{}
}

// elemCType is the type of c[i].
func (r *resolver) elemCType(c ctype, depth int) ctype {
	switch {
	case c.rt != nil:
		t := c.rt
		if t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Array {
			t = t.Elem()
		}
		switch t.Kind() {
		case reflect.Slice, reflect.Array, reflect.Map:
			return ctype{rt: t.Elem()}
		case reflect.String:
			return ctype{rt: reflect.TypeFor[byte]()}
		}
	case c.expr != nil:
		switch x := c.expr.(type) {
		case *ast.ArrayType:
			return r.typeExprCType(x.Elt, depth)
		case *ast.MapType:
			return r.typeExprCType(x.Value, depth)
		}
	case c.decl != "":
		if ts := r.e.typeSpec(c.decl); ts != nil {
			return r.elemCType(r.typeExprCType(ts.Type, depth), depth)
		}
	}
	return ctype{}
}

// fieldCType is the type of field name of c.
func (r *resolver) fieldCType(c ctype, name string, depth int) ctype {
	switch {
	case c.decl != "":
		if f := r.e.declField(c.decl, name); f != nil {
			return r.typeExprCType(f.Type, depth)
		}
	case c.rt != nil:
		t := c.rt
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t.Kind() == reflect.Struct {
			if f, ok := t.FieldByName(name); ok {
				return ctype{rt: f.Type}
			}
		}
	}
	return ctype{}
}

// callCType is the type of a call's first result.
func (r *resolver) callCType(c *ast.CallExpr, depth int) ctype { return r.callResult(c, 0, depth) }

// callResult is the type of result i of a call: package functions,
// functions and methods declared by cells, methods of compiled types, and
// (i = 0) conversions T(x) and new(T).
func (r *resolver) callResult(c *ast.CallExpr, i, depth int) ctype {
	out := func(t reflect.Type) ctype {
		if i < t.NumOut() {
			return ctype{rt: t.Out(i)}
		}
		return ctype{}
	}
	switch fun := c.Fun.(type) {
	case *ast.Ident:
		if rec, ok := r.e.decls[fun.Name]; ok {
			switch d := rec.decl.(type) {
			case *ast.FuncDecl:
				return r.resultCType(d, i, depth)
			case *ast.TypeSpec:
				if i == 0 {
					return ctype{decl: fun.Name}
				}
			}
			return ctype{}
		}
		if d := r.locals[fun.Name]; d != nil {
			return ctype{} // a func value defined by the code being typed
		}
		if rt := builtinTypes[fun.Name]; rt != nil && i == 0 {
			return ctype{rt: rt}
		}
		if fun.Name == "new" && len(c.Args) == 1 && i == 0 {
			return r.typeExprCType(c.Args[0], depth)
		}
	case *ast.SelectorExpr:
		if id, ok := fun.X.(*ast.Ident); ok && r.locals[id.Name] == nil {
			if p, ok := r.e.packageOf(id.Name); ok {
				v := r.e.syms[p][fun.Sel.Name]
				switch {
				case v.IsValid() && v.Kind() == reflect.Func:
					return out(v.Type())
				case v.IsValid() && v.Kind() == reflect.Pointer && v.IsNil() && i == 0:
					return ctype{rt: v.Type().Elem()}
				}
				return ctype{}
			}
		}
		recv := r.exprCTypeDepth(fun.X, depth)
		if recv.decl != "" {
			if rec, ok := r.e.decls[recv.decl+"."+fun.Sel.Name]; ok {
				if d, ok := rec.decl.(*ast.FuncDecl); ok {
					return r.resultCType(d, i, depth)
				}
			}
		}
		if recv.rt != nil {
			if m, ok := methodByName(recv.rt, fun.Sel.Name); ok {
				return out(m.Type)
			}
		}
	case *ast.ParenExpr, *ast.StarExpr, *ast.ArrayType:
		if i == 0 {
			return r.typeExprCType(fun, depth) // a conversion
		}
	}
	return ctype{}
}

// resultCType is the type of result i of a function declared by a cell.
func (r *resolver) resultCType(d *ast.FuncDecl, i, depth int) ctype {
	if d.Type.Results == nil {
		return ctype{}
	}
	k := 0
	for _, f := range d.Type.Results.List {
		n := max(len(f.Names), 1)
		if i < k+n {
			return r.typeExprCType(f.Type, depth)
		}
		k += n
	}
	return ctype{}
}

// methodByName finds a method of t or *t (or of *T's element).
func methodByName(t reflect.Type, name string) (reflect.Method, bool) {
	if m, ok := t.MethodByName(name); ok {
		return m, true
	}
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		return reflect.PointerTo(t).MethodByName(name)
	}
	return reflect.Method{}, false
}

// typeSpec returns the declaration of a type declared by a cell.
func (e *Engine) typeSpec(name string) *ast.TypeSpec {
	rec, ok := e.decls[name]
	if !ok || rec.kind != token.TYPE {
		return nil
	}
	ts, _ := rec.decl.(*ast.TypeSpec)
	return ts
}

// declField returns field name of a struct type declared by a cell
// (embedded fields by their type name).
func (e *Engine) declField(typeName, name string) *ast.Field {
	ts := e.typeSpec(typeName)
	if ts == nil {
		return nil
	}
	st, ok := ts.Type.(*ast.StructType)
	if !ok {
		return nil
	}
	for _, f := range st.Fields.List {
		for _, n := range f.Names {
			if n.Name == name {
				return f
			}
		}
		if len(f.Names) == 0 && embeddedName(f.Type) == name {
			return f
		}
	}
	return nil
}

// embeddedName is the field name of an embedded field's type (*pkg.T -> T).
func embeddedName(t ast.Expr) string {
	s := strings.TrimPrefix(types.ExprString(t), "*")
	if i := strings.LastIndex(s, "."); i >= 0 {
		s = s[i+1:]
	}
	return s
}

// typeMembers lists the fields and methods of c's type.
func (e *Engine) typeMembers(c ctype) []Completion {
	var out []Completion
	if c.decl != "" {
		if ts := e.typeSpec(c.decl); ts != nil {
			if st, ok := ts.Type.(*ast.StructType); ok {
				for _, f := range st.Fields.List {
					for _, n := range f.Names {
						out = append(out, Completion{Text: n.Name, Type: KindField})
					}
					if len(f.Names) == 0 {
						out = append(out, Completion{Text: embeddedName(f.Type), Type: KindField})
					}
				}
			} else {
				// type T U: the members of U (methods of T below).
				out = append(out, e.typeMembers((&resolver{e: e}).typeExprCType(ts.Type, 0))...)
			}
		}
		for k, rec := range e.decls {
			if m, ok := strings.CutPrefix(k, c.decl+"."); ok {
				out = append(out, Completion{Text: m, Type: KindMethod, Signature: firstLine(rec.doc)})
			}
		}
		return out
	}
	if c.rt == nil {
		return nil
	}
	t := c.rt
	seen := map[string]bool{}
	for _, tt := range []reflect.Type{t, reflect.PointerTo(t)} {
		if t.Kind() == reflect.Interface && tt != t {
			break
		}
		for i := 0; i < tt.NumMethod(); i++ {
			m := tt.Method(i)
			if !seen[m.Name] {
				seen[m.Name] = true
				out = append(out, Completion{Text: m.Name, Type: KindMethod, Signature: e.methodSignature(t, m)})
			}
		}
	}
	st := t
	if st.Kind() == reflect.Pointer {
		st = st.Elem()
	}
	if st.Kind() == reflect.Struct {
		for i := 0; i < st.NumField(); i++ {
			if f := st.Field(i); f.IsExported() {
				out = append(out, Completion{Text: f.Name, Type: KindField})
			}
		}
	}
	return out
}

// methodSignature is the declaration of method m of t from the doc
// tables, else its func type.
func (e *Engine) methodSignature(t reflect.Type, m reflect.Method) string {
	named := t
	if named.Kind() == reflect.Pointer {
		named = named.Elem()
	}
	if DocLookup != nil && named.PkgPath() != "" {
		if sig, _, ok := DocLookup(named.PkgPath(), named.Name()+"."+m.Name); ok {
			return sig
		}
	}
	return m.Type.String()
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSuffix(strings.TrimSpace(s), "{")
}

// literalFields completes the keys of a struct literal: when the word at
// start follows the "{" or a "," of a composite literal of a struct type
// (T{, pkg.T{, &T{), it returns T's fields; ok is false elsewhere,
// including at a value (after "Key:").
func (e *Engine) literalFields(r []rune, start int) (fields []Completion, ok bool) {
	toks := scanCell(string(r[:start]))
	if len(toks) == 0 {
		return nil, false
	}
	last := toks[len(toks)-1].t
	if last == token.SEMICOLON && toks[len(toks)-1].lit == "\n" && len(toks) > 1 {
		last = toks[len(toks)-2].t // a newline after "{" or ","
	}
	if last != token.LBRACE && last != token.COMMA {
		return nil, false
	}
	// Find the innermost open brace.
	depth := 0
	for i := len(toks) - 1; i >= 0; i-- {
		switch toks[i].t {
		case token.RBRACE, token.RPAREN, token.RBRACK:
			depth++
		case token.LPAREN, token.LBRACK:
			if depth == 0 {
				return nil, false // inside a call or index, not a literal
			}
			depth--
		case token.LBRACE:
			if depth > 0 {
				depth--
				continue
			}
			// The type before the brace: T or pkg.T.
			j := i - 1
			if j < 0 || toks[j].t != token.IDENT {
				return nil, false
			}
			typ := toks[j].lit
			if j >= 2 && toks[j-1].t == token.PERIOD && toks[j-2].t == token.IDENT {
				typ = toks[j-2].lit + "." + typ
				j -= 2
			}
			if inStmtHeader(toks[:j]) {
				return nil, false // if x {, for ... range xs {, func f() T {
			}
			tx, err := parser.ParseExpr(typ)
			if err != nil {
				return nil, false
			}
			c := (&resolver{e: e}).typeExprCType(tx, 0)
			var out []Completion
			for _, m := range e.typeMembers(c) {
				if m.Type == KindField {
					out = append(out, m)
				}
			}
			return out, len(out) > 0
		}
	}
	return nil, false
}

// inStmtHeader reports whether the tokens end inside the header of an if,
// for, switch or select statement or a func signature, where "T {" opens a
// block rather than a composite literal.
func inStmtHeader(toks []tok) bool {
	depth := 0
	for i := len(toks) - 1; i >= 0; i-- {
		switch toks[i].t {
		case token.RPAREN, token.RBRACK:
			depth++
		case token.LPAREN, token.LBRACK:
			if depth == 0 {
				return false
			}
			depth--
		case token.SEMICOLON, token.LBRACE, token.RBRACE:
			if depth == 0 {
				return false
			}
		case token.IF, token.FOR, token.SWITCH, token.SELECT, token.FUNC:
			if depth == 0 {
				return true
			}
		}
	}
	return false
}

// String spells the type for inspection.
func (c ctype) String() string {
	switch {
	case c.decl != "":
		return c.decl
	case c.expr != nil:
		return types.ExprString(c.expr)
	case c.rt != nil:
		return c.rt.String()
	}
	return "?"
}
