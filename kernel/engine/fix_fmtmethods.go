package engine

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"
)

// Workaround: printing slices, arrays and maps of cell types with
// String, Error, Format or GoString methods, and a call's result;
// refusal for the other places fmt would call such a method.
//
// fmt calls a value's String method (Error, Format, GoString) on every
// element of a slice, array or map and every exported field of a struct
// it prints: fmt.Println([]Person{p}) prints [Bob: 31] when Person has a
// String method. yaegi hands fmt a cell value with its methods only when
// the value itself is the argument (fmt.Println(p) is right); inside a
// slice, map or struct the value is a plain struct of reflect.StructOf
// (or the underlying int of a `type Kind int`), without methods, and fmt
// prints its fields or number: [{Bob 31}], [2 1].
//
// An argument of fmt's and log's printing functions (and the methods of
// *log.Logger) whose static type (go/types) is a slice, array or map —
// nested to any depth — holding a cell type T (or *T) with such a method
// is rewritten into a value of _gnrt's compiled fmtList or fmtMap, a
// fmt.Formatter. Its Format writes what fmt writes: "[", the elements
// separated by " ", "]" (for a map "map[", key:value pairs, "]", the keys
// in internal/fmtsort's order of their values, which FmtMapOrder
// computes for keys of basic kinds); each element, key and value is
// handed back to compiled fmt by an interpreted closure as a call
// argument of its own (where yaegi passes its methods: fix_errors.go's
// wrappers), formatted with the verb, flags, width and precision of the
// directive, as fmt formats each element. So is a slice of a type
// parameter whose constraint requires String, Error or Format (func
// Show[T fmt.Stringer](xs []T)), printed with %v: yaegi's instances pass
// an element with its methods. A nil *T element prints as fmt prints it:
// "<nil>" (unpadded) when the method has a value receiver, else the
// method's result ("<nil>" if it panics).
//
// The value itself, too, reached fmt wrongly in three cases. A *T
// (T a cell type with such a method) reached fmt as a nil interface when
// nil: fmt printed %!s(<nil>) where Go calls a pointer method (nilT) or
// prints <nil>; printed with %v %s %q %x %X it becomes a fmtOne, printed
// as a slice's element is. A call's
// result (fmt.Println(one()), h.Kind()) reached fmt
// without its methods (yaegi passes a call's results as they are): such
// an argument becomes a conversion to its own type, Kind(one()), which
// yaegi passes with them (generic code reaches this pass specialized,
// fix_mono.go, with the type arguments' own types). A T whose method has a pointer receiver
// (func (p *P) String) reached fmt with it, where Go prints the fields:
// such an argument passes through _gnrt.FmtPlain, a compiled func(any),
// which yaegi hands the value without methods. A call whose several
// results are the arguments (fmt.Println(two())) is refused when one of
// them would need either.
//
// The rest stays an error naming the call, the type and the method:
// struct fields, pointers to slices or maps, map keys that are not of a
// basic kind, keys or values of other kinds than basic beside cell values
// (map[Kind][]int), a format that is not a constant or uses explicit
// argument indexes, the flag # (%#v prints Go syntax), %T and %p of such
// a value, an argument no verb consumes (fmt prints its type), fmt's
// byte-slice verbs (%s %q %x %X) on elements whose kind is uint8 (fmt
// prints the bytes, ignoring methods), verbs that call no String or Error
// method unless right for the element's kind (%d of a struct prints its
// fields, %t of a Kind names the type: yaegi's value has neither), verbs
// other than %v %s %q %x %X on *T elements (fmt prints addresses), *T
// elements whose method is Format or GoString, and a slice spread into
// the arguments. A cell's final value,
// which the engine shows as fmt's %v shows it, is rewritten or refused
// likewise.
//
// A panic in an element's String or Error method prints as fmt prints it
// (%!v(PANIC=String method: ...); errors_fmtverbs.go). Not detected: cell
// values with methods behind an interface ([]any, map[string]any), whose
// types only the run knows (fix_ifacevalues.go); a name that shadows the
// type of a rewritten argument at the call (the rewrite names the type).

func init() {
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{
			"FmtList": reflect.ValueOf(func(n int, elem func(st any, i int)) any { return fmtList{n: n, elem: elem} }),
			"FmtElem": reflect.ValueOf(fmtElem),
			"FmtNil":  reflect.ValueOf(fmtNil),
			"FmtMap": reflect.ValueOf(func(keys func() int, elem func(st any, i int, val bool)) any {
				return fmtMap{keys: keys, elem: elem}
			}),
			"FmtMapOrder": reflect.ValueOf(fmtMapOrder),
			"FmtOne":      reflect.ValueOf(func(elem func(st any)) any { return fmtOne{elem: elem} }),
			// A non-variadic any: yaegi hands it the value without methods.
			"FmtPlain": reflect.ValueOf(func(x any) any { return x }),
		}
	})
}

// fmtList prints n elements as fmt prints a slice; elem prints element i
// through FmtElem or FmtNil with the state it is given.
type fmtList struct {
	n    int
	elem func(st any, i int)
}

// fmtListState is what an element is printed with: fmt's state and the
// directive that reaches the list.
type fmtListState struct {
	f    fmt.State
	verb rune
}

func (l fmtList) Format(f fmt.State, verb rune) {
	st := &fmtListState{f: f, verb: verb}
	f.Write([]byte{'['})
	for i := 0; i < l.n; i++ {
		if i > 0 {
			f.Write([]byte{' '})
		}
		l.elem(st, i)
	}
	f.Write([]byte{']'})
}

// fmtOne prints one value as fmtList prints an element.
type fmtOne struct{ elem func(st any) }

func (o fmtOne) Format(f fmt.State, verb rune) { o.elem(&fmtListState{f: f, verb: verb}) }

// fmtMap prints keys and values as fmt prints a map: keys reads the
// map's keys (when fmt prints it, as fmt does) and returns their number;
// elem prints key (val false) or value i of the keys in fmt's order.
type fmtMap struct {
	keys func() int
	elem func(st any, i int, val bool)
}

func (m fmtMap) Format(f fmt.State, verb rune) {
	st := &fmtListState{f: f, verb: verb}
	n := m.keys()
	f.Write([]byte("map["))
	for i := 0; i < n; i++ {
		if i > 0 {
			f.Write([]byte{' '})
		}
		m.elem(st, i, false)
		f.Write([]byte{':'})
		m.elem(st, i, true)
	}
	f.Write([]byte{']'})
}

// fmtMapOrder returns the order in which fmt prints a map with these
// keys (a slice of a basic kind: yaegi hands it the underlying kind):
// internal/fmtsort's comparison, written here for the kinds the rewrite
// allows (fmtsort cannot be imported).
func fmtMapOrder(keys any) []int {
	v := reflect.ValueOf(keys)
	order := make([]int, v.Len())
	for i := range order {
		order[i] = i
	}
	compare := func(a, b reflect.Value) int {
		switch a.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			return cmp.Compare(a.Int(), b.Int())
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			return cmp.Compare(a.Uint(), b.Uint())
		case reflect.String:
			return cmp.Compare(a.String(), b.String())
		case reflect.Float32, reflect.Float64:
			return cmp.Compare(a.Float(), b.Float())
		case reflect.Complex64, reflect.Complex128:
			if c := cmp.Compare(real(a.Complex()), real(b.Complex())); c != 0 {
				return c
			}
			return cmp.Compare(imag(a.Complex()), imag(b.Complex()))
		case reflect.Bool:
			switch x, y := a.Bool(), b.Bool(); {
			case x == y:
				return 0
			case x:
				return 1
			}
			return -1
		}
		panic("engine: fmtMapOrder: a key of kind " + a.Kind().String())
	}
	slices.SortStableFunc(order, func(i, j int) int { return compare(v.Index(i), v.Index(j)) })
	return order
}

// fmtElem prints the one value of a (an element, as an argument of its
// own so that yaegi passes its methods) as fmt prints a slice's element:
// the same verb, flags, width and precision.
func fmtElem(st any, a ...any) {
	s := st.(*fmtListState)
	fmt.Fprintf(s.f, fmt.FormatString(s.f, s.verb), a...)
}

// fmtNil prints a nil *T element whose method (String or Error) fmt
// would call: method is nil when it has a value receiver (fmt's call
// panics and it prints "<nil>"), else the method bound to the nil
// pointer.
func fmtNil(st any, method func() string) {
	s := st.(*fmtListState)
	text, ok := "", false
	if method != nil {
		func() {
			defer func() {
				if recover() != nil {
					ok = false
				}
			}()
			text, ok = method(), true
		}()
	}
	if !ok {
		// fmt's catchPanic writes "<nil>" for a nil receiver, without the
		// directive's width or precision.
		s.f.Write([]byte("<nil>"))
		return
	}
	fmt.Fprintf(s.f, fmt.FormatString(s.f, s.verb), text)
}

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

// fmtFormatArg gives, for the printf-like functions among fmtPrinters,
// the index of the format argument.
var fmtFormatArg = map[string]int{
	"fmt.Printf": 0, "fmt.Sprintf": 0, "fmt.Errorf": 0, "fmt.Fprintf": 1, "fmt.Appendf": 1,
	"log.Printf": 0, "log.Fatalf": 0, "log.Panicf": 0,
	"log.Logger.Printf": 0, "log.Logger.Fatalf": 0, "log.Logger.Panicf": 0,
}

// fmtMethods are the methods fmt calls on the values it prints.
var fmtMethods = []string{"String", "Error", "Format", "GoString"}

// printNestedFmtMethods is the pass "fmtmethods".
func printNestedFmtMethods(p *prep) {
	ct := p.cellTypes()
	visit := func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		name := encoderName(ct, sel)
		if !fmtPrinters[name] {
			return true
		}
		var directives []fmtDirective // per argument after the format
		fi, printf := fmtFormatArg[name]
		formatOK := false
		if printf && fi < len(c.Args) {
			if tv, ok := ct.info.Types[c.Args[fi]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				directives, formatOK = fmtDirectives(constant.StringVal(tv.Value))
			}
		}
		for i, a := range c.Args {
			if !toAnyParam(ct, c, i) || (printf && i <= fi) {
				continue // Fprintf's writer, the format
			}
			t := ct.goType(a)
			if t == nil {
				continue
			}
			if tup, ok := t.(*types.Tuple); ok {
				for j := 0; j < tup.Len(); j++ {
					r := tup.At(j).Type()
					if typ, _, _ := nestedFmtMethod(r, "", map[types.Type]bool{}); typ != "" || cellFmtMethod(r) != "" || pointerFmtMethod(r) {
						p.fail(a.Pos(), fmt.Sprintf("%s cannot print the results of this call as Go does: the interpreter hands fmt a call's results without their methods, and result %d is a %s: assign the results to variables and print those",
							name, j+1, types.TypeString(r, qualifyLocal)))
						return false
					}
				}
				continue
			}
			if cellFmtMethod(t) != "" {
				// A *T: yaegi hands fmt a nil one as a nil interface
				// (%!s(<nil>), never the method's text).
				if open := nilPointerRewrite(t, c, printf, formatOK, directives, i-fi-1); open != "" {
					p.r.addText(p.off(a.Pos()), p.off(a.Pos()), open)
					p.r.addTail(p.off(a.End()), ")")
					continue
				}
				// The argument itself: yaegi passes its methods, unless it
				// is a call's result; a conversion to its own type is not.
				if call, ok := ast.Unparen(a).(*ast.CallExpr); ok && !ct.info.Types[call.Fun].IsType() {
					conv := types.TypeString(t, qualifyLocal)
					if _, ptr := t.(*types.Pointer); ptr {
						conv = "(" + conv + ")"
					}
					p.r.addText(p.off(a.Pos()), p.off(a.Pos()), conv+"(")
					p.r.addTail(p.off(a.End()), ")")
				}
				continue
			}
			typ, method, where := nestedFmtMethod(t, "", map[types.Type]bool{})
			if typ == "" && pointerFmtMethod(t) {
				// Go prints the fields (the method needs a pointer); yaegi
				// would call the method: hand fmt the value without it.
				// (With a field fmt would call a method of, refused below.)
				p.r.addText(p.off(a.Pos()), p.off(a.Pos()), rtName+".FmtPlain(")
				p.r.addTail(p.off(a.End()), ")")
				continue
			}
			if typ == "" {
				continue
			}
			refuse := func(why string) {
				p.fail(a.Pos(), fmt.Sprintf("%s cannot print %s as Go does: %s (%s has %s method, on %s; the interpreter hands fmt a cell value with its methods only as an argument of its own): print %s values one at a time (or call %s yourself)",
					name, types.TypeString(t, qualifyLocal), why, typ, article(method), where, typ, method))
			}
			d := fmtDirective{verb: 'v'}
			switch {
			case c.Ellipsis.IsValid():
				refuse("a slice spread into the call's arguments is not rewritten")
				return false
			case printf && !formatOK:
				refuse("with a format that is not a constant, or that uses explicit argument indexes, the engine cannot tell how fmt would print it")
				return false
			case printf && i-fi-1 >= len(directives):
				refuse("no verb of the format prints it, and fmt would print its type")
				return false
			case printf:
				d = directives[i-fi-1]
			}
			open, why := fmtRewrite(t, d)
			if open == "" {
				refuse(why)
				return false
			}
			p.r.addText(p.off(a.Pos()), p.off(a.Pos()), open)
			p.r.addTail(p.off(a.End()), ")")
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
		open, why := fmtRewrite(t, fmtDirective{verb: 'v'})
		if open == "" {
			p.fail(es.Pos(), fmt.Sprintf("the cell's value would show as fmt's %%v prints it, calling the %s method of %s on %s, which the interpreter cannot do (%s): show %s values one at a time",
				method, typ, where, why, typ))
			return
		}
		p.r.addText(p.off(es.X.Pos()), p.off(es.X.Pos()), open)
		p.r.addTail(p.off(es.X.End()), ")")
	}
}

// fmtDirective is how a printf-like call prints one argument: the verb
// (or '*', a width or precision) and whether the directive has the flag #.
type fmtDirective struct {
	verb  rune
	sharp bool
}

// fmtDirectives scans a format as fmt does and returns the directive of
// each argument in order; ok is false for explicit argument indexes.
func fmtDirectives(format string) (ds []fmtDirective, ok bool) {
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		sharp := false
	flags:
		for ; i < len(format); i++ {
			switch format[i] {
			case '#':
				sharp = true
			case '+', '-', ' ', '0':
			default:
				break flags
			}
		}
		for ; i < len(format) && (format[i] == '*' || format[i] == '.' || format[i] >= '0' && format[i] <= '9'); i++ {
			if format[i] == '*' {
				ds = append(ds, fmtDirective{verb: '*'})
			}
		}
		if i >= len(format) {
			break
		}
		if format[i] == '[' {
			return nil, false
		}
		verb, size := utf8.DecodeRuneInString(format[i:])
		if verb != '%' {
			ds = append(ds, fmtDirective{verb: verb, sharp: sharp})
		}
		i += size - 1
	}
	return ds, true
}

// nilPointerRewrite returns the text that, followed by the argument of
// type t and ")", prints a *T argument (T a cell type with a fmt method)
// as a slice's element is printed: a nil one as fmt prints it ("<nil>"
// or the pointer method's text); "" when t is not a pointer, or when the
// verb is not one that calls String or Error (fmt prints the pointer),
// or the format is unknown.
func nilPointerRewrite(t types.Type, c *ast.CallExpr, printf, formatOK bool, directives []fmtDirective, di int) string {
	if _, ok := t.(*types.Pointer); !ok || c.Ellipsis.IsValid() {
		return ""
	}
	d := fmtDirective{verb: 'v'}
	if printf {
		if !formatOK || di < 0 || di >= len(directives) {
			return ""
		}
		d = directives[di]
	}
	if d.sharp || !strings.ContainsRune("vsqxX", d.verb) {
		return ""
	}
	g := &fmtGen{d: d}
	stmt, _ := g.elem(t, "_gnX", "_gnS")
	if stmt == "" {
		return ""
	}
	return "func(_gnX " + types.TypeString(t, qualifyLocal) + ") any { return " + rtName + ".FmtOne(func(_gnS any) { " + stmt + " }) }("
}

// fmtGen writes the interpreted code that prints a value the way fmt
// prints it, through fmtList and fmtMap, for the directive d.
type fmtGen struct {
	d fmtDirective
	n int // containers so far: their variables' suffix
}

// fmtRewrite returns the text that, followed by the argument and ")",
// makes an argument of type t (a slice, array or map holding cell values
// with fmt methods) a value fmt prints as Go prints the argument; or ""
// and why fmt's output cannot be reproduced.
func fmtRewrite(t types.Type, d fmtDirective) (open, why string) {
	if d.sharp {
		return "", "with the flag #, fmt prints Go syntax"
	}
	switch d.verb {
	case 'v', 's', 'q', 'x', 'X', 'd', 'b', 'o', 'O', 'c', 'U', 'e', 'E', 'f', 'F', 'g', 'G', 't':
	case '*':
		return "", "it is a width or precision"
	default:
		return "", fmt.Sprintf("fmt's %%%c of a slice or map is not printed element by element", d.verb)
	}
	g := &fmtGen{d: d}
	fn, why := g.container(t)
	if fn == "" {
		return "", why
	}
	return fn + "(", ""
}

// container returns a function literal taking a value of t, a slice,
// array or map, and returning it as a fmtList or fmtMap.
func (g *fmtGen) container(t types.Type) (string, string) {
	k := g.n
	g.n++
	v, s, i := fmt.Sprintf("_gnL%d", k), fmt.Sprintf("_gnS%d", k), fmt.Sprintf("_gnI%d", k)
	name := types.TypeString(t, qualifyLocal)
	switch u := t.Underlying().(type) {
	case *types.Slice, *types.Array:
		elem := u.(interface{ Elem() types.Type }).Elem()
		if b, ok := elem.Underlying().(*types.Basic); ok && b.Kind() == types.Uint8 && strings.ContainsRune("sqxX", g.d.verb) {
			return "", fmt.Sprintf("fmt's %%%c prints a slice or array of bytes as bytes, without calling methods", g.d.verb)
		}
		body, why := g.elem(elem, v+"["+i+"]", s)
		if body == "" {
			return "", why
		}
		return "func(" + v + " " + name + ") any { return " + rtName + ".FmtList(len(" + v + "), func(" + s + " any, " + i + " int) { " + body + " }) }", ""
	case *types.Map:
		if b, ok := u.Key().Underlying().(*types.Basic); !ok || b.Info()&(types.IsNumeric|types.IsString|types.IsBoolean) == 0 {
			return "", "fmt sorts a map's keys, which the engine does only for keys of basic kinds (numbers, strings, booleans)"
		}
		keys, order, val := fmt.Sprintf("_gnK%d", k), fmt.Sprintf("_gnO%d", k), fmt.Sprintf("_gnV%d", k)
		key := keys + "[" + order + "[" + i + "]]"
		kb, why := g.elem(u.Key(), key, s)
		if kb == "" {
			return "", why
		}
		vb, why := g.elem(u.Elem(), v+"["+key+"]", s)
		if vb == "" {
			return "", why
		}
		// The keys are read when fmt prints (defer fmt.Println(m) prints
		// the keys added after the defer statement).
		kt := types.TypeString(u.Key(), qualifyLocal)
		return "func(" + v + " " + name + ") any { var " + keys + " []" + kt + "; var " + order + " []int; " +
			"return " + rtName + ".FmtMap(func() int { " +
			keys + " = make([]" + kt + ", 0, len(" + v + ")); " +
			"for _gnk := range " + v + " { " + keys + " = append(" + keys + ", _gnk) }; " +
			order + " = " + rtName + ".FmtMapOrder(" + keys + "); return len(" + keys + ") }, " +
			"func(" + s + " any, " + i + " int, " + val + " bool) { if " + val + " { " + vb + " } else { " + kb + " } }) }", ""
	case *types.Pointer:
		if _, ok := u.Elem().Underlying().(*types.Struct); !ok {
			return "", "fmt prints a pointer to a slice, array or map as & and its elements only at the top level"
		}
	}
	return "", "inside a struct a cell value has no methods, and fmt would print its fields instead"
}

// elem returns the statement that prints expr, of type t, an element,
// key or value of a container, with the state s.
func (g *fmtGen) elem(t types.Type, expr, s string) (string, string) {
	d := g.d
	print := rtName + ".FmtElem(" + s + ", " + expr + ")"
	if cellFmtMethod(t) == "" {
		if typ, _, _ := nestedFmtMethod(t, "", map[types.Type]bool{}); typ != "" {
			fn, why := g.container(t)
			if fn == "" {
				return "", why
			}
			return rtName + ".FmtElem(" + s + ", " + fn + "(" + expr + "))", ""
		}
		// A plain key or value beside cell values: printed alone as fmt
		// prints it nested only for basic kinds.
		b, ok := t.Underlying().(*types.Basic)
		if !ok {
			return "", fmt.Sprintf("the engine prints only keys and values of basic kinds beside cell values with methods, not %s", types.TypeString(t, qualifyLocal))
		}
		if d.verb != 'v' && !fmtVerbFits(b, d.verb) {
			return "", fmt.Sprintf("fmt's %%%c of a %s names its type", d.verb, types.TypeString(t, qualifyLocal))
		}
		return print, ""
	}
	if !strings.ContainsRune("vsqxX", d.verb) && !hasFmtMethod(t, "Format") {
		// fmt prints the value itself, without its method; a verb wrong
		// for it would print its type, which yaegi's value does not have.
		if !fmtVerbFits(t, d.verb) {
			return "", fmt.Sprintf("fmt's %%%c prints %s values without their method, which the engine reproduces only for verbs right for their kind", d.verb, types.TypeString(t, qualifyLocal))
		}
	}
	ptr, ok := t.(*types.Pointer)
	if !ok {
		return print, ""
	}
	if !strings.ContainsRune("vsqxX", d.verb) {
		return "", fmt.Sprintf("fmt's %%%c of a pointer element prints its address", d.verb)
	}
	ms := types.NewMethodSet(ptr)
	if ms.Lookup(nil, "Format") != nil {
		return "", "a nil pointer element's Format method cannot be called as fmt calls it"
	}
	m := ""
	for _, n := range []string{"Error", "String"} { // fmt's preference
		if m == "" && ms.Lookup(nil, n) != nil {
			m = n
		}
	}
	if m == "" {
		return "", "fmt prints the address of a pointer element without a String or Error method"
	}
	method := "nil" // a value receiver: fmt's call panics, it prints <nil>
	if vs := types.NewMethodSet(ptr.Elem()); vs.Lookup(nil, m) == nil {
		method = "func() string { return _gnE." + m + "() }" // called on nil too
	}
	return "if _gnE := " + expr + "; _gnE != nil { " + rtName + ".FmtElem(" + s + ", _gnE) } else { " + rtName + ".FmtNil(" + s + ", " + method + ") }", ""
}

// pointerFmtMethod reports whether t is a cell type (not a pointer)
// whose fmt method has a pointer receiver: Go's fmt, given a T, does not
// call it.
func pointerFmtMethod(t types.Type) bool {
	if _, ok := t.(*types.Pointer); ok || cellFmtMethod(t) != "" {
		return false
	}
	if _, ok := types.Unalias(t).(*types.Named); !ok {
		return false
	}
	return cellFmtMethod(types.NewPointer(t)) != ""
}

// article returns "a String", "an Error", "an int".
func article(word string) string {
	if word != "" && strings.ContainsRune("AEIOUaeiou", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}

// hasFmtMethod reports whether t's method set has the method m.
func hasFmtMethod(t types.Type, m string) bool {
	return types.NewMethodSet(t).Lookup(nil, m) != nil
}

// fmtVerbFits reports whether fmt prints a value of t's kind with verb
// without a %!verb(type=value) complaint (fmt's printValue and fmtInteger
// etc.). Structs, pointers and the rest are not followed.
func fmtVerbFits(t types.Type, verb rune) bool {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return false
	}
	var verbs string
	switch i := b.Info(); {
	case i&types.IsInteger != 0:
		verbs = "bcdoOqxXUv"
	case i&(types.IsFloat|types.IsComplex) != 0:
		verbs = "beEfFgGxXv"
	case i&types.IsBoolean != 0:
		verbs = "tv"
	case i&types.IsString != 0:
		verbs = "sqxXv"
	}
	return strings.ContainsRune(verbs, verb)
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
