package engine

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Workaround: what fmt and encoding/json see of cell struct types.
//
// yaegi builds a cell's struct types with reflect.StructOf, which has no
// name (so %T of a T prints "struct { S string }", Go "main.T") and
// cannot have unexported fields: yaegi exports them as X+name (so %+v
// prints {Xx:1 Xy:2} and json.Marshal includes them).
//
// The engine rewrites each struct type of a cell: an unexported field
// gets the tag `json:"-" xml:"-" _gn:"u"` (replacing json and xml keys it
// had: Go never encodes an unexported field, and _gn marks the renamed
// name). After the cell's declarations run, each top-level struct type's
// reflect type is registered under its Go name. Every defined struct
// type with fields gets a _gnT tag on its first field naming it (a local
// one with a number unique in the session), to stay its own type: yaegi
// would give all struct types of one shape — top-level, local, unnamed —
// one reflect type, so an assertion, type switch, == or map key of
// interfaces Go tells apart took them for one (fixedbugs/bug148). A call of fmt.Printf, Sprintf, Fprintf, Errorf, Appendf or
// log.Printf/Fatalf/Panicf with a constant format passes each argument of
// a %T, %+v or %#v verb through _gnrt.Fmt, which prints: for %T the
// static type go/types gave the argument when it is not an interface,
// else the dynamic type with registered names; for %+v and %#v fmt's
// text with the fields' and types' Go names restored.
//
// Limits: the struct tags added are visible to reflect's Type.String
// (the reflect field helpers strip them, fix_reflectfields.go); yaegi
// checks struct identity with tags, so a value of a defined struct type
// assigned to a variable of the unnamed struct type of its shape without
// a conversion is a compile error there; an empty struct type has no
// field to tag (fix_emptystructs.go); a value of a named non-struct type
// (type Celsius float64) behind an interface has yaegi's reflect type
// float64: %T names it from yaegi's wrapper where there is one (a type
// with methods, wrappedName) and is refused where a bare value may be of
// such a type that a cell put in an interface (checkNamedT); an empty
// struct type prints struct {}; a format built at run time, or %T/%+v
// through Print or Println's %v, go unrewritten.

func init() {
	rtParts = append(rtParts, func(e *Engine) map[string]reflect.Value {
		return map[string]reflect.Value{
			"Fmt": reflect.ValueOf(e.fmtArg),
			// One value, not variadic: yaegi hands a value it keeps in its
			// wrapper as is (a variadic ...any would get fmt's wrapping,
			// which loses a box, fix_boxnamed.go).
			"TypeName":     reflect.ValueOf(func(static string, x any) string { return e.typeName(static, x) }),
			"RegisterType": reflect.ValueOf(e.fmtNames.register),
		}
	})
}

// unexportedTag is the tag an unexported field of a cell struct gets.
const unexportedTag = `json:"-" xml:"-" _gn:"u"`

// fmtNames maps the reflect types of cell struct types to their Go names.
type fmtNames struct {
	mu    sync.Mutex
	names map[reflect.Type]string
}

// register records ptr's element type as main.name.
func (f *fmtNames) register(name string, ptr any) {
	t := reflect.TypeOf(ptr)
	if t == nil || t.Kind() != reflect.Pointer {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.names == nil {
		f.names = map[reflect.Type]string{}
	}
	if old, ok := f.names[t.Elem()]; ok && old != "main."+name {
		f.names[t.Elem()] = "" // two types, one reflect type: unknown
		return
	}
	f.names[t.Elem()] = "main." + name
}

func (f *fmtNames) lookup(t reflect.Type) (string, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	n, ok := f.names[t]
	return n, ok && n != ""
}

// rewriteFmt is the pass "fmt": struct tags, the registration of struct
// types (for the units pass) and the fmt calls.
func rewriteFmt(p *prep) {
	p.use(factFmtTypes)
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.StructType:
			tagUnexported(p, n)
		case *ast.TypeSpec:
			tagLocalStruct(p, n)
		case *ast.CallExpr:
			wrapFmtArgs(p, n)
		}
		return true
	}
	p.pc.inspect(visit)
	// Top-level struct types to register, each with its identity.
	for _, d := range p.pc.decls.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.TYPE {
			continue
		}
		for _, sp := range g.Specs {
			ts := sp.(*ast.TypeSpec)
			st, ok := ts.Type.(*ast.StructType)
			if !ok || ts.TypeParams != nil || ts.Assign.IsValid() || ts.Name.Name == "_" {
				continue // type _ struct{...} is dropped (fix_blanktypes.go)
			}
			if old, ok := p.e.decls[ts.Name.Name]; ok && old.kind == token.TYPE {
				continue // the same definition again (different ones are refused)
			}
			if len(st.Fields.List) > 0 {
				// Every defined struct type gets its identity, also when
				// no other type has its shape yet: an unnamed struct type
				// (struct{ a int }{1}) or a later cell's type would share
				// its reflect type.
				addTagKey(p, st.Fields.List[0], `_gnT:"`+ts.Name.Name+`"`)
			}
			// An empty struct type too: its values in interfaces are its
			// box's (fix_boxnamed.go), but a *T in a compiled package's
			// interface is bare, and so named.
			p.fmtTypes = append(p.fmtTypes, ts.Name.Name)
		}
	}
}

// tagLocalStruct gives a struct type defined inside a function its
// identity: a _gnT tag on its first field naming it with a suffix unique
// in the session (yaegi would give it the reflect type of every struct
// type of its shape: fixedbugs/bug148, issue26094). reflectName prints
// it as main.Name, as Go prints a local type.
func tagLocalStruct(p *prep, ts *ast.TypeSpec) {
	st, ok := ts.Type.(*ast.StructType)
	if !ok || len(st.Fields.List) == 0 || ts.Assign.IsValid() || ts.Name.Name == "_" {
		return
	}
	ct := p.cellTypes()
	if ct == nil {
		return
	}
	obj, ok := ct.info.Defs[ts.Name].(*types.TypeName)
	if !ok || obj.Pkg() == nil || obj.Parent() == nil || obj.Parent() == obj.Pkg().Scope() {
		return
	}
	p.e.localTypeSeq++
	addTagKey(p, st.Fields.List[0], `_gnT:"`+obj.Name()+localTypeMark+strconv.Itoa(p.e.localTypeSeq)+`"`)
}

// localTypeMark separates a local type's name from its number in its
// _gnT tag.
const localTypeMark = "·"

// tagUnexported tags the unexported fields of a struct type.
func tagUnexported(p *prep, st *ast.StructType) {
	for _, f := range st.Fields.List {
		if len(f.Names) == 0 {
			// Embedded: promoted fields keep yaegi's view. An embedded
			// type of an unexported name that is not a struct (int,
			// *myint) is an unexported field Go never encodes nor lets
			// reflect set, without fields to promote: tagged as one, and
			// marked embedded for reflect (fixedbugs/bug461).
			if embeddedUnexported(p, f) {
				addTagKey(p, f, embeddedUnexportedTag)
			}
			continue
		}
		if ast.IsExported(f.Names[0].Name) {
			continue
		}
		addTagKey(p, f, unexportedTag)
	}
}

// embeddedUnexportedTag is the tag of an embedded field of an
// unexported non-struct type.
const embeddedUnexportedTag = `json:"-" xml:"-" _gn:"e"`

// embeddedUnexported reports whether f is an embedded field of an
// unexported type name whose type is not a struct or pointer to one.
func embeddedUnexported(p *prep, f *ast.Field) bool {
	ct := p.cellTypes()
	if ct == nil || len(f.Names) > 0 {
		return false
	}
	name := embeddedName(f.Type)
	if name == "" || ast.IsExported(name) {
		return false
	}
	t := ct.goType(f.Type)
	if t == nil {
		return false
	}
	if ptr, ok := t.Underlying().(*types.Pointer); ok {
		t = ptr.Elem()
	}
	_, isStruct := t.Underlying().(*types.Struct)
	return !isStruct
}

// tagEdits are the tag keys added to one field, so that several passes
// over a field (the struct tag and the disambiguation) merge.
type tagEdit struct{ keys []string }

// addTagKey adds keys to a field's tag, replacing json and xml keys when
// the field is unexported.
func addTagKey(p *prep, f *ast.Field, keys string) {
	te, ok := p.tagEdits[f]
	if ok {
		te.keys = append(te.keys, keys)
		return
	}
	te = &tagEdit{keys: []string{keys}}
	p.tagEdits[f] = te
	old := ""
	if f.Tag != nil {
		old, _ = strconv.Unquote(f.Tag.Value)
	}
	unexported := len(f.Names) > 0 && !ast.IsExported(f.Names[0].Name) || strings.HasPrefix(keys, embeddedUnexportedTag)
	build := func(*renderer) string {
		var parts []string
		for _, kv := range splitTag(old) {
			if k, _, _ := strings.Cut(kv, ":"); unexported && (k == "json" || k == "xml") || k == "_gn" || k == "_gnT" {
				continue
			}
			parts = append(parts, kv)
		}
		parts = append(parts, te.keys...)
		tag := strings.Join(parts, " ")
		if strings.Contains(tag, "`") {
			return strconv.Quote(tag)
		}
		return "`" + tag + "`"
	}
	if f.Tag != nil {
		p.r.add(p.off(f.Tag.Pos()), p.off(f.Tag.End()), func(r *renderer) string { return build(r) })
	} else {
		p.r.add(p.off(f.Type.End()), p.off(f.Type.End()), func(r *renderer) string { return " " + build(r) })
	}
}

// splitTag splits a struct tag into its key:"value" pairs.
func splitTag(tag string) []string {
	var out []string
	for tag != "" {
		tag = strings.TrimLeft(tag, " ")
		i := strings.Index(tag, `:"`)
		if i <= 0 {
			break
		}
		j := i + 2
		for j < len(tag) && tag[j] != '"' {
			if tag[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(tag) {
			break
		}
		out = append(out, tag[:j+1])
		tag = tag[j+1:]
	}
	return out
}

// printfFuncs are the printf-like functions: import path.name -> index
// of the format argument.
var printfFuncs = map[string]int{
	"fmt.Printf": 0, "fmt.Sprintf": 0, "fmt.Errorf": 0, "fmt.Fprintf": 1, "fmt.Appendf": 1,
	"log.Printf": 0, "log.Fatalf": 0, "log.Panicf": 0,
}

// wrapFmtArgs rewrites the arguments of %T, %+v and %#v verbs of a
// printf-like call with a constant format, and those of a named basic
// type of the cell printed with a verb that does not fit it (%s of a
// type N float64: Go's %!s(main.N=1.5), badVerbNamed).
func wrapFmtArgs(p *prep, c *ast.CallExpr) {
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || c.Ellipsis.IsValid() {
		return
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return
	}
	fi := -1
	for name, i := range printfFuncs {
		pkg, fn, _ := strings.Cut(name, ".")
		if sel.Sel.Name == fn && p.isPkg(id, pkg) {
			fi = i
		}
	}
	if fi < 0 || fi >= len(c.Args) {
		return
	}
	ct := p.cellTypes()
	tv, ok := ct.info.Types[c.Args[fi]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return
	}
	format := constant.StringVal(tv.Value)
	verbs, at, ok := printfVerbs(format)
	if !ok {
		indexedTypeVerbs(p, ct, c, fi, format)
		return
	}
	newFormat := []byte(format)
	for i, v := range verbs {
		ai := fi + 1 + i
		if ai >= len(c.Args) {
			continue
		}
		arg := c.Args[ai]
		if (v == 'n' || v == 0) && at[i] >= 0 {
			if name, ok := badVerbNamed(p, ct, arg, rune(format[at[i]])); ok {
				// fmt's %!d(float64=1.5) for a named non-struct type:
				// Go names the type (%!d(main.N=1.5)); the value reaches fmt
				// without it. The proxy writes the name.
				p.r.addText(p.off(arg.Pos()), p.off(arg.Pos()), rtName+".Fmt("+strconv.Quote(name)+", ")
				p.r.addTail(p.off(arg.End()), ")")
				continue
			}
		}
		if v == 0 {
			continue
		}
		if v == 'n' {
			bareStructArg(p, ct, arg)
			continue
		}
		static := ""
		if t := ct.goType(arg); t != nil {
			if tv := ct.info.Types[arg]; tv.Value != nil || isUntyped(t) {
				t = types.Default(t)
			}
			_, iface := t.Underlying().(*types.Interface)
			if b, ok := t.(*types.Basic); !iface && !(ok && b.Kind() == types.UntypedNil) {
				static = monoReflectNames(p, reflectStyle(t))
			}
		}
		fn := "Fmt"
		if v == 'T' {
			// fmt answers %T itself, before any Formatter: print the name
			// with %s instead.
			fn = "TypeName"
			newFormat[at[i]] = 's'
		}
		p.r.addText(p.off(arg.Pos()), p.off(arg.Pos()), rtName+"."+fn+"("+strconv.Quote(static)+", ")
		p.r.addTail(p.off(arg.End()), ")")
	}
	if string(newFormat) != format {
		f := c.Args[fi]
		p.r.addText(p.off(f.Pos()), p.off(f.End()), strconv.Quote(string(newFormat)))
	}
}

// badVerbNamed reports, for a printf argument printed with verb, whether
// its static type is a named type of the cell whose underlying type is a
// basic one the verb does not fit, with no method fmt calls; name is the
// type as %T writes it.
func badVerbNamed(p *prep, ct *cellTypes, arg ast.Expr, verb rune) (string, bool) {
	t := ct.goType(arg)
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "main" || hasFmtMethodSet(n) {
		return "", false
	}
	b, ok := n.Underlying().(*types.Basic)
	if !ok {
		return "", false
	}
	var valid string
	switch {
	case b.Info()&types.IsBoolean != 0:
		valid = "tv"
	case b.Info()&types.IsInteger != 0:
		valid = "bcdoOqxXUv"
	case b.Info()&(types.IsFloat|types.IsComplex) != 0:
		valid = "beEfFgGxXv"
	case b.Info()&types.IsString != 0:
		valid = "sqxXv"
	default:
		return "", false
	}
	if strings.ContainsRune(valid, verb) || verb == 'T' || verb == 'n' || verb == '%' {
		return "", false
	}
	return monoReflectNames(p, reflectStyle(n)), true
}

// indexedTypeRe matches a verb of a format with an explicit argument
// index: flags, width and precision, then [n] and the verb.
var indexedTypeRe = regexp.MustCompile(`%[-+# 0-9.]*\[(\d+)\]([a-zA-Z%])`)

// indexedTypeVerbs gives %[n]T of a format whose every verb has an
// explicit index (fmt.Sprintf("%[1]T %[1]v", x)) the engine's name of
// the type: the name is an argument of its own, appended (x's expression
// again, which must read, not compute), and the verb becomes %[m]s. fmt
// would name yaegi's wrapper of a value with a String method
// (engine._StringerValue) or a box (fix_boxnamed.go).
func indexedTypeVerbs(p *prep, ct *cellTypes, c *ast.CallExpr, fi int, format string) {
	if strings.Count(format, "%")-2*strings.Count(format, "%%") != len(indexedTypeRe.FindAllString(strings.ReplaceAll(format, "%%", ""), -1)) {
		return // a verb without an index
	}
	var extra []string
	next := len(c.Args) - fi - 1 // the arguments after the format; an appended one is next+1
	newFormat := indexedTypeRe.ReplaceAllStringFunc(format, func(m string) string {
		sub := indexedTypeRe.FindStringSubmatch(m)
		if sub[2] != "T" {
			return m
		}
		n, err := strconv.Atoi(sub[1])
		if err != nil || n < 1 || fi+n >= len(c.Args) || !pure(p, ct, c.Args[fi+n]) {
			return m
		}
		arg := c.Args[fi+n]
		static := ""
		if t := ct.goType(arg); t != nil && !isInterface(t) {
			static = monoReflectNames(p, reflectStyle(t))
		}
		extra = append(extra, rtName+".TypeName("+strconv.Quote(static)+", "+p.text(arg)+")")
		next++
		return strings.TrimSuffix(m, "["+sub[1]+"]T") + "[" + strconv.Itoa(next) + "]s"
	})
	if len(extra) == 0 {
		return
	}
	f := c.Args[fi]
	p.r.addText(p.off(f.Pos()), p.off(f.End()), strconv.Quote(newFormat))
	last := c.Args[len(c.Args)-1]
	p.r.addTail(p.off(last.End()), ", "+strings.Join(extra, ", "))
}

// bareStructArg converts arg, a value of a cell struct type with a String
// or Error method printed with a verb for which fmt calls neither (%d),
// to its unnamed struct type. yaegi hands such a value to fmt in its
// wrapper of fmt.Stringer or error, which holds the struct's last field
// instead of the struct (interp.getConcreteValue; fix_errors.go), so
// Printf("%d", S{10}) printed 10 where Go prints {10}; without methods the
// struct goes bare. A type with a Format method (fmt calls it for every
// verb) is left alone, and so is one the cell cannot spell.
func bareStructArg(p *prep, ct *cellTypes, arg ast.Expr) {
	t := ct.goType(arg)
	if t == nil {
		return
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "main" {
		return
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok || st.NumFields() == 0 {
		return
	}
	ms := types.NewMethodSet(n)
	if ms.Lookup(nil, "Format") != nil || ms.Lookup(nil, "String") == nil && ms.Lookup(nil, "Error") == nil {
		return
	}
	spelled, ok := p.spellGoType(st)
	if !ok {
		return
	}
	p.r.addText(p.off(arg.Pos()), p.off(arg.Pos()), "("+spelled+")(")
	p.r.addTail(p.off(arg.End()), ")")
}

func isUntyped(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsUntyped != 0
}

// printfVerbs scans a format and returns, per argument, 'T' or 'v' when
// the argument is printed with %T, %+v or %#v, 'n' with a verb for which
// fmt calls no String or Error method (%d, %f), else 0, and the byte
// offset of each verb; ok is false for formats this scanner does not
// follow (explicit argument indexes).
func printfVerbs(format string) (verbs []rune, at []int, ok bool) {
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		plus, sharp := false, false
	flags:
		for ; i < len(format); i++ {
			switch format[i] {
			case '+':
				plus = true
			case '#':
				sharp = true
			case '-', ' ', '0':
			default:
				break flags
			}
		}
		// Width and precision; * takes an argument.
		for ; i < len(format) && (format[i] == '*' || format[i] == '.' || format[i] >= '0' && format[i] <= '9'); i++ {
			if format[i] == '*' {
				verbs, at = append(verbs, 0), append(at, -1)
			}
		}
		if i >= len(format) {
			break
		}
		if format[i] == '[' {
			return nil, nil, false
		}
		verb, size := utf8.DecodeRuneInString(format[i:])
		switch {
		case verb == '%':
		case verb == 'T':
			verbs, at = append(verbs, 'T'), append(at, i)
		case verb == 'v' && (plus || sharp):
			verbs, at = append(verbs, 'v'), append(at, i)
		case !strings.ContainsRune("vsqxXw", verb):
			// %d, %f, ...: fmt calls no String or Error method for it (%w
			// wraps the error).
			verbs, at = append(verbs, 'n'), append(at, i)
		default:
			verbs, at = append(verbs, 0), append(at, i)
		}
		i += size - 1
	}
	return verbs, at, true
}

// reflectStyle writes a go/types type as reflect.Type.String does, which
// is what %T prints: package names (not paths), "struct { A int }",
// "interface {}", byte as uint8.
func reflectStyle(t types.Type) string {
	switch t := t.(type) {
	case *types.Alias:
		return reflectStyle(types.Unalias(t))
	case *types.Basic:
		switch t.Kind() {
		case types.Byte:
			return "uint8"
		case types.Rune:
			return "int32"
		case types.UnsafePointer:
			return "unsafe.Pointer"
		}
		return t.Name()
	case *types.Named:
		obj := t.Obj()
		name := obj.Name()
		if obj.Pkg() != nil {
			name = obj.Pkg().Name() + "." + name
		}
		if args := t.TypeArgs(); args != nil && args.Len() > 0 {
			var as []string
			for i := range args.Len() {
				as = append(as, reflectStyle(args.At(i)))
			}
			name += "[" + strings.Join(as, ",") + "]"
		}
		return name
	case *types.Pointer:
		return "*" + reflectStyle(t.Elem())
	case *types.Slice:
		return "[]" + reflectStyle(t.Elem())
	case *types.Array:
		return "[" + strconv.FormatInt(t.Len(), 10) + "]" + reflectStyle(t.Elem())
	case *types.Map:
		return "map[" + reflectStyle(t.Key()) + "]" + reflectStyle(t.Elem())
	case *types.Chan:
		switch t.Dir() {
		case types.RecvOnly:
			return "<-chan " + reflectStyle(t.Elem())
		case types.SendOnly:
			return "chan<- " + reflectStyle(t.Elem())
		}
		if c, ok := t.Elem().(*types.Chan); ok && c.Dir() == types.RecvOnly {
			return "chan (" + reflectStyle(t.Elem()) + ")"
		}
		return "chan " + reflectStyle(t.Elem())
	case *types.Signature:
		var b strings.Builder
		b.WriteString("func(")
		for i := range t.Params().Len() {
			if i > 0 {
				b.WriteString(", ")
			}
			pt := t.Params().At(i).Type()
			if t.Variadic() && i == t.Params().Len()-1 {
				b.WriteString("..." + reflectStyle(pt.(*types.Slice).Elem()))
				continue
			}
			b.WriteString(reflectStyle(pt))
		}
		b.WriteString(")")
		switch n := t.Results().Len(); {
		case n == 1:
			b.WriteString(" " + reflectStyle(t.Results().At(0).Type()))
		case n > 1:
			b.WriteString(" (")
			for i := range n {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(reflectStyle(t.Results().At(i).Type()))
			}
			b.WriteString(")")
		}
		return b.String()
	case *types.Struct:
		if t.NumFields() == 0 {
			return "struct {}"
		}
		var fs []string
		for i := range t.NumFields() {
			f := t.Field(i)
			s := f.Name() + " " + reflectStyle(f.Type())
			if f.Embedded() {
				s = reflectStyle(f.Type())
			}
			if tag := t.Tag(i); tag != "" {
				s += " " + strconv.Quote(tag)
			}
			fs = append(fs, s)
		}
		return "struct { " + strings.Join(fs, "; ") + " }"
	case *types.Interface:
		if t.NumMethods() == 0 {
			return "interface {}"
		}
		var ms []string
		for i := range t.NumMethods() {
			m := t.Method(i)
			ms = append(ms, m.Name()+strings.TrimPrefix(reflectStyle(m.Type()), "func"))
		}
		return "interface { " + strings.Join(ms, "; ") + " }"
	}
	return t.String()
}

// typeName is _gnrt.TypeName: what %T prints for v, given the static
// type go/types gave it ("" for an interface: the dynamic type then).
func (e *Engine) typeName(static string, v ...any) string {
	if static != "" {
		return hoistedDisplay(static)
	}
	x := v[0]
	if in := inner(x); in != nil {
		x = in
	}
	if name, ok := wrappedName(x); ok {
		return unboxedNames(name)
	}
	x = ifaceInner(x)
	if in := inner(x); in != nil {
		x = in
	}
	if x == nil {
		return "<nil>"
	}
	e.checkNamedT(x)
	return unboxedNames(e.reflectName(reflect.TypeOf(x)))
}

// namedCompositePrefix gives %#v of a value of a named slice, map or
// array cell type (type IDs []int) its type's name: yaegi's reflect type of
// the value is the underlying one, so fmt wrote []int{1, 2} where Go
// writes main.IDs{1, 2}. Only the outermost type is renamed, and only when
// the elements (and keys) are of basic kinds, whose %#v carries no type
// name of its own: elements of a named composite type keep the underlying
// type's name (a limit).
func namedCompositePrefix(out, static string, t reflect.Type, name func(reflect.Type) string) string {
	if !strings.HasPrefix(static, "main.") || strings.ContainsAny(static, "[]{}() *") {
		return out
	}
	basic := func(t reflect.Type) bool {
		k := t.Kind()
		return k >= reflect.Bool && k <= reflect.Complex128 || k == reflect.String
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		if !basic(t.Elem()) {
			return out
		}
	case reflect.Map:
		if !basic(t.Elem()) || !basic(t.Key()) {
			return out
		}
	default:
		return out
	}
	if under := name(t); under != static && strings.HasPrefix(out, under) {
		return static + out[len(under):]
	}
	return out
}

// wrappedName is what %T prints for a value held in yaegi's wrapper of a
// value of a cell type with methods (interp.valueInterface), whose node
// names the type: main.N for a type N int, which the wrapped value alone
// cannot tell from an int.
func wrappedName(x any) (string, bool) {
	rv := reflect.ValueOf(x)
	if !rv.IsValid() || !isValueInterface(rv.Type()) {
		return "", false
	}
	name, in, ok := wrapped(rv)
	if !ok || in.Kind() == reflect.Struct || in.Kind() == reflect.Pointer || in.Kind() == reflect.Interface {
		return "", false // a struct's or a pointer's reflect type names it already
	}
	return "main." + name, true
}

// checkNamedT panics, for %T of x held in an interface, when x may be a
// value of one of the session's non-struct types that a cell puts in an
// interface: yaegi keeps such a value as a value of its underlying type
// (type Celsius float64: a float64), so %T would print float64 where Go
// prints main.Celsius. A plain float64 there is a false alarm; a wrong
// name is not possible.
func (e *Engine) checkNamedT(x any) {
	t := reflect.TypeOf(x)
	if t == nil {
		return
	}
	if _, ok := e.fmtNames.lookup(t); ok {
		return
	}
	names := e.ifaceMethods.inIfaceNames(e.reflectName(t))
	if len(names) == 0 {
		return
	}
	for i, n := range names {
		names[i] = "main." + n
	}
	panic(runtimeError{msg: "%T of this " + e.reflectName(t) + " held in an interface is refused in a gophernote cell: it may be a " +
		strings.Join(names, " or a ") + ", which the interpreter keeps in an interface as a value of its underlying type, so %T cannot name its type as Go does; print %T of a value of static type " +
		names[0][len("main."):] + ", or make it a struct type", plain: true})
}

// fmtArg is _gnrt.Fmt: the argument of a %T, %+v or %#v verb, with the
// static type go/types gave it ("" for an interface). Its final ...any
// parameter gets yaegi's fmt wrapping (fix_errors.go): a value with a
// String or Error method arrives as yaegi's wrapper.
func (e *Engine) fmtArg(static string, v ...any) any {
	return fmtProxy{e: e, v: v[0], static: static}
}

// fmtProxy prints a cell value as compiled Go would for %T, %+v and %#v.
type fmtProxy struct {
	e      *Engine
	v      any
	static string
}

func (f fmtProxy) Format(s fmt.State, verb rune) {
	v := f.v
	if in := inner(v); in != nil && (verb == 'T' || s.Flag('#')) {
		v = in // %#v does not call String or Error
	}
	switch verb {
	case 'T':
		name := f.static
		if n, ok := wrappedName(v); name == "" && ok {
			name = n
		}
		if name == "" {
			v = ifaceInner(v)
			if in := inner(v); in != nil {
				v = in
			}
			if v == nil {
				name = "<nil>"
			} else {
				f.e.checkNamedT(v)
				name = f.e.reflectName(reflect.TypeOf(v))
			}
		}
		fmt.Fprintf(s, fmt.FormatString(s, 's'), hoistedDisplay(name))
	default:
		out := fmt.Sprintf(fmt.FormatString(s, verb), v)
		if v != nil && f.static != "" {
			// A verb that does not fit (badVerbNamed): fmt named the
			// underlying type.
			rt := reflect.TypeOf(v)
			basic := rt.Kind() <= reflect.Complex128 || rt.Kind() == reflect.String
			if bad := "%!" + string(verb) + "(" + rt.String() + "="; basic && rt.String() != f.static && strings.HasPrefix(out, bad) {
				out = "%!" + string(verb) + "(" + f.static + "=" + out[len(bad):]
			}
		}
		if v != nil && inner(v) == nil {
			out = f.e.restoreNames(out, reflect.TypeOf(v), s.Flag('#'))
			if verb == 'v' && s.Flag('#') {
				out = namedCompositePrefix(out, f.static, reflect.TypeOf(v), f.e.reflectName)
			}
		}
		fmt.Fprint(s, hoistedDisplay(out))
	}
}

// reflectName is reflect.Type.String with the Go names of cell types:
// registered struct types by name, unexported fields by their own names,
// without the tags the engine added.
func (e *Engine) reflectName(t reflect.Type) string {
	if n, ok := e.fmtNames.lookup(t); ok {
		return n
	}
	if t.Name() != "" {
		return t.String()
	}
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + e.reflectName(t.Elem())
	case reflect.Slice:
		return "[]" + e.reflectName(t.Elem())
	case reflect.Array:
		return "[" + strconv.Itoa(t.Len()) + "]" + e.reflectName(t.Elem())
	case reflect.Map:
		return "map[" + e.reflectName(t.Key()) + "]" + e.reflectName(t.Elem())
	case reflect.Chan:
		switch t.ChanDir() {
		case reflect.RecvDir:
			return "<-chan " + e.reflectName(t.Elem())
		case reflect.SendDir:
			return "chan<- " + e.reflectName(t.Elem())
		}
		return "chan " + e.reflectName(t.Elem())
	case reflect.Func:
		var b strings.Builder
		b.WriteString("func(")
		for i := range t.NumIn() {
			if i > 0 {
				b.WriteString(", ")
			}
			if t.IsVariadic() && i == t.NumIn()-1 {
				b.WriteString("..." + e.reflectName(t.In(i).Elem()))
				continue
			}
			b.WriteString(e.reflectName(t.In(i)))
		}
		b.WriteString(")")
		if t.NumOut() == 1 {
			b.WriteString(" " + e.reflectName(t.Out(0)))
		} else if t.NumOut() > 1 {
			b.WriteString(" (")
			for i := range t.NumOut() {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(e.reflectName(t.Out(i)))
			}
			b.WriteString(")")
		}
		return b.String()
	case reflect.Struct:
		if t.NumField() == 0 {
			return "struct {}"
		}
		if id, ok := t.Field(0).Tag.Lookup("_gnT"); ok && strings.Contains(string(t.Field(0).Tag), "_gn") {
			name, _, _ := strings.Cut(id, localTypeMark)
			return "main." + name // a defined type not registered: a local one
		}
		var fs []string
		for i := range t.NumField() {
			f := t.Field(i)
			name, tag := goField(f)
			s := name + " " + e.reflectName(f.Type)
			if f.Anonymous {
				s = e.reflectName(f.Type)
			}
			if tag != "" {
				s += " " + strconv.Quote(tag)
			}
			fs = append(fs, s)
		}
		return "struct { " + strings.Join(fs, "; ") + " }"
	}
	return t.String()
}

// goField returns a cell struct field's Go name and its tag without the
// engine's keys.
func goField(f reflect.StructField) (name, tag string) {
	name = f.Name
	marked := false
	var keep []string
	for _, kv := range splitTag(string(f.Tag)) {
		k, _, _ := strings.Cut(kv, ":")
		switch k {
		case "_gn":
			marked = true
			continue
		case "_gnT":
			continue
		case "json", "xml":
			if kv == k+`:"-"` {
				continue
			}
		}
		keep = append(keep, kv)
	}
	if marked && strings.HasPrefix(name, "X") {
		name = name[1:]
		// The json and xml keys were the engine's too.
		keep = slicesDeleteKeys(keep)
	}
	if isBlankFieldName(name) {
		name = "_" // one of several blank fields (fix_blankfields.go)
	}
	return name, strings.Join(keep, " ")
}

func slicesDeleteKeys(kvs []string) []string {
	var out []string
	for _, kv := range kvs {
		if k, _, _ := strings.Cut(kv, ":"); k != "json" && k != "xml" {
			out = append(out, kv)
		}
	}
	return out
}

// restoreNames rewrites fmt's %+v or %#v text of a value of type t: the
// renamed fields of cell structs get their names back, and for %#v the
// reflect names of cell struct types become their Go names.
func (e *Engine) restoreNames(out string, t reflect.Type, sharp bool) string {
	fields := map[string]string{} // X+name -> name
	typeNames := map[string]string{}
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Chan:
			walk(t.Elem())
		case reflect.Map:
			walk(t.Key())
			walk(t.Elem())
		case reflect.Struct:
			changed := false
			for i := range t.NumField() {
				f := t.Field(i)
				if name, _ := goField(f); name != f.Name {
					fields[f.Name] = name
					changed = true
				}
				if f.Tag != "" {
					changed = true
				}
				walk(f.Type)
			}
			if n := e.reflectName(t); sharp && (changed || n != t.String()) {
				typeNames[t.String()] = n
			}
		}
	}
	walk(t)
	if sharp {
		// Longest first: a struct's name contains its fields' types.
		olds := make([]string, 0, len(typeNames))
		for o := range typeNames {
			olds = append(olds, o)
		}
		sort.Slice(olds, func(i, j int) bool { return len(olds[i]) > len(olds[j]) })
		for _, o := range olds {
			out = strings.ReplaceAll(out, o, typeNames[o])
		}
	}
	for x, name := range fields {
		for _, pre := range []string{"{", " ", ", "} {
			out = strings.ReplaceAll(out, pre+x+":", pre+name+":")
		}
	}
	return out
}
