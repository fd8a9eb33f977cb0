package engine

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"
)

// Workaround: constant expressions.
//
// yaegi v0.16 evaluates constant expressions with its own rules, which
// differ from Go's in several ways: an untyped constant expression takes
// the type of its context before it is evaluated (var r float64 = 3 / 2
// is 1.5, not 1; 1e16 in a uint64 switch case fails), the untyped left
// operand of a non-constant shift gets the wrong type (uint32(b) |
// 1<<(n&31) panics in reflect: "call of reflect.Value.SetUint on int
// Value"), untyped constants beyond int64 crash the compiler ("constant
// ... overflows int64"), -0.0 is a negative zero (a Go constant is exact:
// it is 0), and a const spec such as string(iota + 'a') is a "constant
// definition loop".
//
// go/types computes every constant exactly, as the compiler does. So the
// pass "consts" replaces each constant expression of the cell by its
// value, written as a literal of its type: 3 / 2 in float64 context
// becomes float64(1), 1<<(n&31) in uint32 context uint32(1)<<(n&31),
// math.MaxUint64 uint64(18446744073709551615), time.Second * 2
// time.Duration(2000000000). A literal of its own default type stays as
// it is (5 as an int, 1.5 as a float64), and so does anything yaegi
// already reads the same way. Every const declaration is written out with
// the value of each name (iota, implicit repetition and definition loops
// gone); an untyped constant keeps its kind (an integer literal of any
// size, a float literal or an exact quotient, a rune literal). Array
// lengths and the index keys of array and slice literals become plain
// integer literals (yaegi wants a literal there, not a conversion).
//
// An expression is left to yaegi when go/types gave it no value (the cell
// has an error there) or its type cannot be written in the cell (a type
// declared in a function, shadowed by a name of the cell, or of a package
// the cell does not see); a const group with such a name is left whole.
// Strings and booleans are folded only when they are not literals already.

// foldConstants is the pass "consts".
func foldConstants(p *prep) {
	p.use(factConsts)
	ct := p.cellTypes()
	if ct == nil || ct.info == nil {
		return
	}
	f := &folder{p: p, ct: ct, names: map[string]int{}, defined: map[types.Object]bool{}}
	for id, obj := range ct.info.Defs {
		if _, pkg := obj.(*types.PkgName); obj != nil && !pkg && id.Name != "_" {
			f.names[id.Name]++
			f.defined[obj] = true
		}
	}
	var walk func(n ast.Node) bool
	walk = func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok {
			if tv, ok := ct.info.Types[x]; ok && tv.Value != nil {
				f.fold(x, tv)
				return false // its operands are constants too
			}
		}
		switch n := n.(type) {
		case nil:
			return false
		case *ast.GenDecl:
			switch n.Tok {
			case token.IMPORT:
				return false
			case token.CONST:
				if f.constDecl(n) {
					p.foldedConsts[n] = true
					return false
				}
				// Left to yaegi: fold inside the specs' types only.
				for _, s := range n.Specs {
					if vs, ok := s.(*ast.ValueSpec); ok && vs.Type != nil {
						ast.Inspect(vs.Type, walk)
					}
				}
				return false
			}
		case *ast.Field:
			// A struct tag is no expression.
			for _, nm := range n.Names {
				ast.Inspect(nm, walk)
			}
			ast.Inspect(n.Type, walk)
			return false
		case *ast.ArrayType:
			if n.Len != nil {
				if _, ellipsis := n.Len.(*ast.Ellipsis); !ellipsis {
					f.index(n.Len)
				}
			}
			ast.Inspect(n.Elt, walk)
			return false
		case *ast.CompositeLit:
			if !f.indexedLit(n) {
				return true
			}
			ast.Inspect(n.Type, walk)
			for _, el := range n.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					f.index(kv.Key)
					ast.Inspect(kv.Value, walk)
				} else {
					ast.Inspect(el, walk)
				}
			}
			return false
		case *ast.BinaryExpr:
			tv := ct.info.Types[n]
			if n.Op != token.SHL && n.Op != token.SHR {
				break
			}
			// A non-constant shift: its constant left operand has the
			// type the shift has (int where the shift stays untyped, as
			// a shift count).
			if xv, ok := ct.info.Types[n.X]; ok && xv.Value != nil {
				if t := types.Default(tv.Type); t != nil && types.Identical(types.Default(xv.Type), t) {
					f.foldAs(n.X, xv.Value, t, true)
				} else {
					f.fold(n.X, xv)
				}
			} else {
				ast.Inspect(n.X, walk)
			}
			ast.Inspect(n.Y, walk)
			return false
		}
		return true
	}
	ast.Inspect(p.pc.decls, walk)
	ast.Inspect(p.pc.stmts.Body, walk)
}

// folder writes constant values as source.
type folder struct {
	p       *prep
	ct      *cellTypes
	names   map[string]int        // names the cell defines, with how many objects
	defined map[types.Object]bool // the objects the cell defines
}

// fold replaces constant expression x by its value, when that is needed
// and possible.
func (f *folder) fold(x ast.Expr, tv types.TypeAndValue) {
	switch x := ast.Unparen(x).(type) {
	case *ast.BasicLit:
		if defaultLit(x, tv.Type) {
			return // yaegi reads a literal of its default type right
		}
	case *ast.Ident:
		if (x.Name == "true" || x.Name == "false") && isBool(tv.Type) && !isNamed(tv.Type) {
			return
		}
	}
	f.foldAs(x, tv.Value, tv.Type, false)
}

// foldAs replaces x by constant v of type t; explicit writes the
// conversion even for a default type (int(1)).
func (f *folder) foldAs(x ast.Expr, v constant.Value, t types.Type, explicit bool) {
	text, ok := f.spell(v, t, x.Pos(), true, explicit)
	if !ok || text == f.p.text(x) {
		return
	}
	f.p.r.addText(f.p.off(x.Pos()), f.p.off(x.End()), text)
}

// index replaces an array length or an index key, an integer constant,
// by its decimal value.
func (f *folder) index(x ast.Expr) {
	tv, ok := f.ct.info.Types[x]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int && tv.Value.Kind() != constant.Float {
		return
	}
	v := constant.ToInt(tv.Value)
	if v.Kind() != constant.Int || constant.Sign(v) < 0 {
		return
	}
	if text := v.ExactString(); text != f.p.text(x) {
		f.p.r.addText(f.p.off(x.Pos()), f.p.off(x.End()), text)
	}
}

// indexedLit reports whether a composite literal is of an array or slice
// type (its keys are indexes).
func (f *folder) indexedLit(c *ast.CompositeLit) bool {
	t := f.ct.goType(c)
	if t == nil {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Array, *types.Slice:
		return true
	}
	return false
}

// constDecl writes out a const declaration, each name with its value.
// It reports false, and changes nothing, when some name has no value or
// a type that cannot be written.
func (f *folder) constDecl(g *ast.GenDecl) bool {
	// text is the spec's text with each name written by name(i): the
	// names are rendered when the cell is, so another pass's edit of a
	// name (the predeclared pass's renaming) is kept.
	type specText struct {
		spec *ast.ValueSpec
		text func(name func(i int) string) string
	}
	var out []specText
	for _, s := range g.Specs {
		vs, ok := s.(*ast.ValueSpec)
		if !ok {
			return false
		}
		var names, values, bare []string
		var specType types.Type // the type all names share, nil if untyped or mixed
		for i, id := range vs.Names {
			c, ok := f.ct.info.Defs[id].(*types.Const)
			if !ok || c.Val().Kind() == constant.Unknown {
				return false
			}
			b, _ := c.Type().Underlying().(*types.Basic)
			if b == nil {
				return false
			}
			typed := b.Info()&types.IsUntyped == 0
			switch {
			case i == 0 && typed:
				specType = c.Type()
			case !typed || specType == nil || !types.Identical(specType, c.Type()):
				specType = nil
			}
			// A typed constant keeps its type: int(5), never 5.
			v, ok := f.spell(c.Val(), c.Type(), id.Pos(), false, typed)
			if !ok {
				return false
			}
			names = append(names, id.Name)
			values = append(values, v)
			if typed {
				if v, ok = f.spell(c.Val(), untypedKind(b), id.Pos(), false, false); ok {
					bare = append(bare, v)
				}
			}
		}
		joined := func(name func(i int) string) string {
			ns := make([]string, len(names))
			for i := range names {
				ns[i] = name(i)
			}
			return strings.Join(ns, ", ")
		}
		text := func(name func(i int) string) string { return joined(name) + " = " + strings.Join(values, ", ") }
		if specType != nil && len(bare) == len(names) && !isBasicComplex(specType) {
			// names T = literals: a conversion T(literal) of a type
			// declared later in the cell is an "incomplete type" to
			// yaegi (and complex64(literal) is what keeps that type).
			tn, ok := f.typeName(types.Unalias(specType), vs.Pos())
			if !ok {
				return false
			}
			text = func(name func(i int) string) string {
				return joined(name) + " " + tn + " = " + strings.Join(bare, ", ")
			}
		}
		out = append(out, specText{vs, text})
	}
	for _, st := range out {
		plain := st.text(func(i int) string { return st.spec.Names[i].Name })
		if plain == f.p.text(st.spec) {
			continue
		}
		p, spec := f.p, st.spec
		p.r.add(p.off(spec.Pos()), p.off(spec.End()), func(r *renderer) string {
			return st.text(func(i int) string {
				id := spec.Names[i]
				return r.render(p.off(id.Pos()), p.off(id.End()))
			})
		})
	}
	return true
}

// spell writes constant v of type t as source at pos: a literal of its
// own kind when t is untyped or the literal's default type, else a
// conversion T(literal). operand says the text replaces an operand of
// an expression (a negative literal gets parentheses); explicit writes
// the conversion for a default type too.
func (f *folder) spell(v constant.Value, t types.Type, pos token.Pos, operand, explicit bool) (string, bool) {
	t = types.Unalias(t)
	b, _ := t.Underlying().(*types.Basic)
	if b == nil {
		return "", false
	}
	paren := func(s string) string {
		if operand && strings.HasPrefix(s, "-") {
			return "(" + s + ")"
		}
		return s
	}
	if b.Info()&types.IsUntyped != 0 {
		switch b.Kind() {
		case types.UntypedInt:
			if v.Kind() != constant.Int {
				return "", false
			}
			return paren(v.ExactString()), true
		case types.UntypedRune:
			return runeLiteral(v, operand)
		case types.UntypedFloat:
			return floatLiteral(v, operand)
		case types.UntypedComplex:
			return complexLiteral(v, 64, true)
		case types.UntypedBool:
			return f.boolLiteral(v)
		case types.UntypedString:
			if v.Kind() != constant.String {
				return "", false
			}
			return v.ExactString(), true
		}
		return "", false
	}
	name, ok := f.typeName(t, pos)
	if !ok {
		return "", false
	}
	_, named := t.(*types.Named)
	named = named || explicit
	var lit string
	switch {
	case b.Info()&types.IsInteger != 0:
		if v = constant.ToInt(v); v.Kind() != constant.Int {
			return "", false
		}
		lit = v.ExactString()
		if !named && b.Kind() == types.Int {
			return paren(lit), true
		}
	case b.Info()&types.IsFloat != 0:
		if v = constant.ToFloat(v); v.Kind() != constant.Float {
			return "", false
		}
		bits := 64
		if b.Kind() == types.Float32 {
			bits = 32
		}
		if lit, ok = typedFloat(v, bits); !ok {
			return "", false
		}
		if !named && b.Kind() == types.Float64 {
			return paren(floatSyntax(lit)), true
		}
	case b.Info()&types.IsComplex != 0:
		bits := 64
		if b.Kind() == types.Complex64 {
			bits = 32
		}
		// Always converted: yaegi crashes dividing by a bare
		// complex(re, im) ("complex128 is not constant.Value").
		if lit, ok = complexLiteral(v, bits, false); !ok {
			return "", false
		}
	case b.Info()&types.IsBoolean != 0:
		if lit, ok = f.boolLiteral(v); !ok || !named {
			return lit, ok
		}
	case b.Info()&types.IsString != 0:
		if v.Kind() != constant.String {
			return "", false
		}
		lit = v.ExactString()
	default:
		return "", false
	}
	if strings.HasPrefix(name, "*") || strings.HasPrefix(name, "(") {
		name = "(" + name + ")"
	}
	return name + "(" + lit + ")", true
}

// typeName spells t at pos: a predeclared type, a type of the cell or
// the session, a type declared in the function around pos, or a type of
// a package the cell sees. ok is false when the name could mean
// something else there.
func (f *folder) typeName(t types.Type, pos token.Pos) (string, bool) {
	switch t := t.(type) {
	case *types.Basic:
		if f.names[t.Name()] > 0 || f.p.shadowed(t.Name()) {
			return "", false
		}
		return t.Name(), true
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() == nil || t.TypeArgs() != nil {
			return "", false
		}
		if obj.Pkg().Path() == "main" {
			if own := f.defined[obj]; f.names[obj.Name()] > 1 || f.names[obj.Name()] == 1 && !own {
				return "", false // another object of the cell has its name
			}
			if par := obj.Parent(); par != nil && par != obj.Pkg().Scope() && par.Parent() != types.Universe {
				// Declared in a function: its name, where its scope holds.
				if !par.Contains(pos) || pos < obj.Pos() {
					return "", false
				}
				return obj.Name(), true
			}
			if obj.Parent() == nil {
				return "", false
			}
		}
		if obj.Pkg().Path() != "main" {
			if _, ok := f.p.e.syms[obj.Pkg().Path()][obj.Name()]; !ok {
				return "", false // go/types knows it from a signature; yaegi does not
			}
		}
		text, ok := f.p.spellGoType(t)
		if !ok {
			return "", false
		}
		if q, _, found := strings.Cut(text, "."); found && f.names[q] > 0 {
			return "", false // a name of the cell hides the package
		}
		return text, true
	}
	return "", false
}

// boolLiteral spells a boolean constant (true and false must be the
// predeclared ones).
func (f *folder) boolLiteral(v constant.Value) (string, bool) {
	if v.Kind() != constant.Bool || f.names["true"] > 0 || f.names["false"] > 0 || f.p.shadowed("true") || f.p.shadowed("false") {
		return "", false
	}
	return v.ExactString(), true
}

// defaultLit reports whether a literal has its kind's default type t
// (so yaegi reads it the same).
func defaultLit(x *ast.BasicLit, t types.Type) bool {
	b, ok := t.(*types.Basic) // not a named type
	if !ok {
		return false
	}
	switch x.Kind {
	case token.INT:
		return b.Kind() == types.Int || b.Kind() == types.UntypedInt
	case token.FLOAT:
		return b.Kind() == types.Float64 || b.Kind() == types.UntypedFloat
	case token.IMAG:
		return b.Kind() == types.Complex128 || b.Kind() == types.UntypedComplex
	case token.CHAR:
		return b.Kind() == types.Int32 || b.Kind() == types.UntypedRune
	case token.STRING:
		return b.Kind() == types.String || b.Kind() == types.UntypedString
	}
	return false
}

// untypedKind returns the untyped type of basic type b's kind.
func untypedKind(b *types.Basic) types.Type {
	switch {
	case b.Info()&types.IsInteger != 0:
		return types.Typ[types.UntypedInt]
	case b.Info()&types.IsFloat != 0:
		return types.Typ[types.UntypedFloat]
	case b.Info()&types.IsComplex != 0:
		return types.Typ[types.UntypedComplex]
	case b.Info()&types.IsBoolean != 0:
		return types.Typ[types.UntypedBool]
	case b.Info()&types.IsString != 0:
		return types.Typ[types.UntypedString]
	}
	return types.Typ[types.Invalid]
}

// isBasicComplex reports whether t is complex64 or complex128 itself.
func isBasicComplex(t types.Type) bool {
	b, ok := types.Unalias(t).(*types.Basic)
	return ok && b.Info()&types.IsComplex != 0
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

func isNamed(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Named)
	return ok
}

// typedFloat spells a float constant rounded to a float of bits bits:
// the shortest decimal that reads back as the same float64 (a float32
// value is a float64 exactly, so float32(that) is the value).
func typedFloat(v constant.Value, bits int) (string, bool) {
	var x float64
	if bits == 32 {
		f, _ := constant.Float32Val(v)
		x = float64(f)
	} else {
		x, _ = constant.Float64Val(v)
	}
	s := strconv.FormatFloat(x, 'g', -1, 64)
	if strings.ContainsAny(s, "IN") { // Inf, NaN: not a constant's value
		return "", false
	}
	return s, true
}

// floatSyntax makes a decimal a float literal (1 becomes 1.0).
func floatSyntax(s string) string {
	if strings.ContainsAny(s, ".eE") {
		return s
	}
	return s + ".0"
}

// floatLiteral spells an untyped float constant exactly: a float literal
// when one has its value, else the quotient of two literals.
func floatLiteral(v constant.Value, operand bool) (string, bool) {
	if v = constant.ToFloat(v); v.Kind() != constant.Float {
		return "", false
	}
	if x, _ := constant.Float64Val(v); !strings.ContainsAny(strconv.FormatFloat(x, 'g', -1, 64), "IN") {
		s := floatSyntax(strconv.FormatFloat(x, 'g', -1, 64))
		if constant.Compare(constant.MakeFromLiteral(s, token.FLOAT, 0), token.EQL, v) {
			if operand && strings.HasPrefix(s, "-") {
				return "(" + s + ")", true
			}
			return s, true
		}
	}
	num, den := constant.Num(v), constant.Denom(v)
	if num.Kind() != constant.Int || den.Kind() != constant.Int {
		return "", false
	}
	n, d := num.ExactString(), den.ExactString()
	if len(n)+len(d) > 2000 {
		return "", false
	}
	return "(" + n + ".0 / " + d + ")", true
}

// complexLiteral spells a complex constant whose parts are floats of
// bits bits (exact parts when untyped) as complex(re, im).
func complexLiteral(v constant.Value, bits int, untyped bool) (string, bool) {
	v = constant.ToComplex(v)
	if v.Kind() != constant.Complex {
		return "", false
	}
	part := func(x constant.Value) (string, bool) {
		if untyped {
			return floatLiteral(x, false)
		}
		return typedFloat(constant.ToFloat(x), bits)
	}
	re, ok1 := part(constant.Real(v))
	im, ok2 := part(constant.Imag(v))
	if !ok1 || !ok2 {
		return "", false
	}
	// complex(re, im), not re + im i: yaegi cannot convert the sum to
	// complex64 in a const declaration.
	return "complex(" + floatSyntax(re) + ", " + floatSyntax(im) + ")", true
}

// runeLiteral spells an untyped rune constant as a rune literal (an
// integer literal when it is no valid rune: the value matters, and the
// uses of the constant are folded by their own types).
func runeLiteral(v constant.Value, operand bool) (string, bool) {
	if v.Kind() != constant.Int {
		return "", false
	}
	if n, ok := constant.Int64Val(v); ok && n >= 0 && n <= 0x10FFFF && (n < 0xD800 || n > 0xDFFF) {
		return strconv.QuoteRune(rune(n)), true
	}
	s := v.ExactString()
	if operand && strings.HasPrefix(s, "-") {
		s = "(" + s + ")"
	}
	return s, true
}
