package engine

import (
	"fmt"
	"go/types"
	"strconv"
	"strings"
	"unicode"
)

// Types for the monomorphization pass (fix_mono.go): substituting type
// arguments for type parameters, the names Go gives instances, and
// spelling a type in the specialized source.

// substType returns t with the type parameters of m replaced. Types
// without them are returned as they are.
func substType(t types.Type, m map[*types.TypeParam]types.Type) types.Type {
	if len(m) == 0 {
		return t
	}
	s := &substituter{m: m, ctxt: types.NewContext()}
	return s.typ(t)
}

type substituter struct {
	m    map[*types.TypeParam]types.Type
	ctxt *types.Context
	// origins, when set, replaces generic types by others with the same
	// type parameters (a copy of a type by the original).
	origins map[*types.TypeName]*types.Named
}

// substRemap is substType that also replaces the generic types of
// origins.
func substRemap(t types.Type, m map[*types.TypeParam]types.Type, origins map[*types.TypeName]*types.Named) types.Type {
	s := &substituter{m: m, ctxt: types.NewContext(), origins: origins}
	return s.typ(t)
}

func (s *substituter) typ(t types.Type) types.Type {
	switch t := t.(type) {
	case *types.TypeParam:
		if r, ok := s.m[t]; ok {
			return r
		}
		return t
	case *types.Alias:
		return s.typ(types.Unalias(t))
	case *types.Named:
		args := t.TypeArgs()
		origin := t.Origin()
		if to, ok := s.origins[origin.Obj()]; ok {
			origin = to
		}
		if args == nil || args.Len() == 0 {
			if origin != t.Origin() {
				return origin
			}
			return t
		}
		changed := origin != t.Origin()
		out := make([]types.Type, args.Len())
		for i := range args.Len() {
			out[i] = s.typ(args.At(i))
			changed = changed || out[i] != args.At(i)
		}
		if !changed {
			return t
		}
		r, err := types.Instantiate(s.ctxt, origin, out, false)
		if err != nil {
			return t
		}
		return r
	case *types.Pointer:
		if e := s.typ(t.Elem()); e != t.Elem() {
			return types.NewPointer(e)
		}
	case *types.Slice:
		if e := s.typ(t.Elem()); e != t.Elem() {
			return types.NewSlice(e)
		}
	case *types.Array:
		if e := s.typ(t.Elem()); e != t.Elem() {
			return types.NewArray(e, t.Len())
		}
	case *types.Map:
		k, e := s.typ(t.Key()), s.typ(t.Elem())
		if k != t.Key() || e != t.Elem() {
			return types.NewMap(k, e)
		}
	case *types.Chan:
		if e := s.typ(t.Elem()); e != t.Elem() {
			return types.NewChan(t.Dir(), e)
		}
	case *types.Signature:
		p, r := s.tuple(t.Params()), s.tuple(t.Results())
		if p != t.Params() || r != t.Results() {
			return types.NewSignatureType(nil, nil, nil, p, r, t.Variadic())
		}
	case *types.Tuple:
		return s.tuple(t)
	case *types.Struct:
		changed := false
		fields := make([]*types.Var, t.NumFields())
		tags := make([]string, t.NumFields())
		for i := range t.NumFields() {
			f := t.Field(i)
			ft := s.typ(f.Type())
			changed = changed || ft != f.Type()
			fields[i] = types.NewField(f.Pos(), f.Pkg(), f.Name(), ft, f.Embedded())
			tags[i] = t.Tag(i)
		}
		if changed {
			return types.NewStruct(fields, tags)
		}
	case *types.Interface:
		changed := false
		var methods []*types.Func
		for i := range t.NumExplicitMethods() {
			m := t.ExplicitMethod(i)
			sig := m.Type().(*types.Signature)
			ns := s.typ(sig).(*types.Signature)
			changed = changed || ns != sig
			methods = append(methods, types.NewFunc(m.Pos(), m.Pkg(), m.Name(), ns))
		}
		var embeds []types.Type
		for i := range t.NumEmbeddeds() {
			e := s.typ(t.EmbeddedType(i))
			changed = changed || e != t.EmbeddedType(i)
			embeds = append(embeds, e)
		}
		if changed {
			return types.NewInterfaceType(methods, embeds).Complete()
		}
	case *types.Union:
		changed := false
		var terms []*types.Term
		for i := range t.Len() {
			tm := t.Term(i)
			e := s.typ(tm.Type())
			changed = changed || e != tm.Type()
			terms = append(terms, types.NewTerm(tm.Tilde(), e))
		}
		if changed {
			return types.NewUnion(terms)
		}
	}
	return t
}

func (s *substituter) tuple(t *types.Tuple) *types.Tuple {
	if t == nil {
		return nil
	}
	changed := false
	vs := make([]*types.Var, t.Len())
	for i := range t.Len() {
		v := t.At(i)
		vt := s.typ(v.Type())
		changed = changed || vt != v.Type()
		vs[i] = types.NewParam(v.Pos(), v.Pkg(), v.Name(), vt)
	}
	if !changed {
		return t
	}
	return types.NewTuple(vs...)
}

// hasTypeParam reports whether t mentions a type parameter.
func hasTypeParam(t types.Type) bool {
	found := false
	var walk func(t types.Type, depth int)
	walk = func(t types.Type, depth int) {
		if found || depth > 50 {
			return
		}
		switch t := t.(type) {
		case *types.TypeParam:
			found = true
		case *types.Alias:
			walk(types.Unalias(t), depth+1)
		case *types.Named:
			if args := t.TypeArgs(); args != nil {
				for i := range args.Len() {
					walk(args.At(i), depth+1)
				}
			}
		case *types.Pointer:
			walk(t.Elem(), depth+1)
		case *types.Slice:
			walk(t.Elem(), depth+1)
		case *types.Array:
			walk(t.Elem(), depth+1)
		case *types.Map:
			walk(t.Key(), depth+1)
			walk(t.Elem(), depth+1)
		case *types.Chan:
			walk(t.Elem(), depth+1)
		case *types.Signature:
			walk(t.Params(), depth+1)
			walk(t.Results(), depth+1)
		case *types.Tuple:
			for i := range t.Len() {
				walk(t.At(i).Type(), depth+1)
			}
		case *types.Struct:
			for i := range t.NumFields() {
				walk(t.Field(i).Type(), depth+1)
			}
		case *types.Interface:
			for i := range t.NumExplicitMethods() {
				walk(t.ExplicitMethod(i).Type(), depth+1)
			}
			for i := range t.NumEmbeddeds() {
				walk(t.EmbeddedType(i), depth+1)
			}
		}
	}
	walk(t, 0)
	return found
}

// goTypeName writes t as Go names an instance's type arguments (what %T
// and reflect print inside the brackets): package paths, not names, for
// named types ("main.T", "net/http.Request"), reflect's layout of
// composites ("struct { main.x int }", "interface {}", "func(int) string"),
// byte and rune as uint8 and int32.
func goTypeName(t types.Type) string {
	var b strings.Builder
	writeGoTypeName(&b, t, 0, false)
	return b.String()
}

// typeKey is goTypeName with each type declared inside a function made
// distinct (two functions may declare a local S): an identity, not a
// name to show.
func typeKey(t types.Type) string {
	var b strings.Builder
	writeGoTypeName(&b, t, 0, true)
	return b.String()
}

func writeGoTypeName(b *strings.Builder, t types.Type, depth int, key bool) {
	if depth > 50 {
		b.WriteString("...")
		return
	}
	w := func(t types.Type) { writeGoTypeName(b, t, depth+1, key) }
	switch t := t.(type) {
	case *types.Alias:
		w(types.Unalias(t))
	case *types.Basic:
		switch t.Kind() {
		case types.Byte:
			b.WriteString("uint8")
		case types.Rune:
			b.WriteString("int32")
		case types.UnsafePointer:
			b.WriteString("unsafe.Pointer")
		default:
			b.WriteString(t.Name())
		}
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() != nil {
			b.WriteString(obj.Pkg().Path() + ".")
		}
		b.WriteString(obj.Name())
		if key && obj.Pkg() != nil && !isPkgLevel(obj) {
			fmt.Fprintf(b, "·%p", obj)
		}
		if args := t.TypeArgs(); args != nil && args.Len() > 0 {
			b.WriteString("[")
			for i := range args.Len() {
				if i > 0 {
					b.WriteString(",")
				}
				w(args.At(i))
			}
			b.WriteString("]")
		}
	case *types.Pointer:
		b.WriteString("*")
		w(t.Elem())
	case *types.Slice:
		b.WriteString("[]")
		w(t.Elem())
	case *types.Array:
		b.WriteString("[" + strconv.FormatInt(t.Len(), 10) + "]")
		w(t.Elem())
	case *types.Map:
		b.WriteString("map[")
		w(t.Key())
		b.WriteString("]")
		w(t.Elem())
	case *types.Chan:
		switch t.Dir() {
		case types.RecvOnly:
			b.WriteString("<-chan ")
		case types.SendOnly:
			b.WriteString("chan<- ")
		default:
			b.WriteString("chan ")
			if c, ok := t.Elem().(*types.Chan); ok && c.Dir() == types.RecvOnly {
				b.WriteString("(")
				w(t.Elem())
				b.WriteString(")")
				return
			}
		}
		w(t.Elem())
	case *types.Signature:
		b.WriteString("func(")
		for i := range t.Params().Len() {
			if i > 0 {
				b.WriteString(", ")
			}
			pt := t.Params().At(i).Type()
			if t.Variadic() && i == t.Params().Len()-1 {
				b.WriteString("...")
				w(pt.(*types.Slice).Elem())
				continue
			}
			w(pt)
		}
		b.WriteString(")")
		switch n := t.Results().Len(); {
		case n == 1:
			b.WriteString(" ")
			w(t.Results().At(0).Type())
		case n > 1:
			b.WriteString(" (")
			for i := range n {
				if i > 0 {
					b.WriteString(", ")
				}
				w(t.Results().At(i).Type())
			}
			b.WriteString(")")
		}
	case *types.Struct:
		if t.NumFields() == 0 {
			b.WriteString("struct {}")
			return
		}
		b.WriteString("struct { ")
		for i := range t.NumFields() {
			if i > 0 {
				b.WriteString("; ")
			}
			f := t.Field(i)
			if !f.Embedded() {
				if !f.Exported() && f.Pkg() != nil {
					b.WriteString(f.Pkg().Path() + ".")
				}
				b.WriteString(f.Name() + " ")
			}
			w(f.Type())
			if tag := t.Tag(i); tag != "" {
				b.WriteString(" " + strconv.Quote(tag))
			}
		}
		b.WriteString(" }")
	case *types.Interface:
		if t.NumMethods() == 0 {
			b.WriteString("interface {}")
			return
		}
		b.WriteString("interface { ")
		for i := range t.NumMethods() {
			if i > 0 {
				b.WriteString("; ")
			}
			m := t.Method(i)
			b.WriteString(m.Name())
			var sb strings.Builder
			writeGoTypeName(&sb, m.Type(), depth+1, key)
			b.WriteString(strings.TrimPrefix(sb.String(), "func"))
		}
		b.WriteString(" }")
	default:
		b.WriteString(types.TypeString(t, nil))
	}
}

// instanceKey is an instance's identity, and instanceName Go's name for
// it: "main.Pair[int,string]".
func instanceKey(base string, targs []types.Type) string {
	parts := make([]string, len(targs))
	for i, t := range targs {
		parts[i] = typeKey(t)
	}
	return "main." + base + "[" + strings.Join(parts, ",") + "]"
}

func instanceName(base string, targs []types.Type) string {
	parts := make([]string, len(targs))
	for i, t := range targs {
		parts[i] = goTypeName(t)
	}
	return "main." + base + "[" + strings.Join(parts, ",") + "]"
}

// instanceDepth is the nesting of brackets in an instance key, which
// grows without bound when a generic instantiates itself with ever
// larger type arguments.
func instanceDepth(key string) int {
	d, best := 0, 0
	for _, r := range key {
		switch r {
		case '[':
			d++
			best = max(best, d)
		case ']':
			d--
		}
	}
	return best
}

// instanceSrcName is an instance as Go's messages write it:
// Pair[int, netip.Prefix].
func instanceSrcName(base string, targs []types.Type) string {
	parts := make([]string, len(targs))
	for i, t := range targs {
		parts[i] = types.TypeString(t, func(p *types.Package) string {
			if p.Path() == "main" {
				return ""
			}
			return p.Name()
		})
	}
	return base + "[" + strings.Join(parts, ", ") + "]"
}

// mangleInstance is the readable identifier of an instance (made unique
// by the caller): Pair[int,string] -> Pair__int_string.
func mangleInstance(base string, targs []types.Type) string {
	var b strings.Builder
	b.WriteString(base)
	b.WriteString("__")
	for i, t := range targs {
		if i > 0 {
			b.WriteString("__")
		}
		s := strings.ReplaceAll(goTypeName(t), "main.", "")
		s = strings.NewReplacer("[]", "S_", "*", "P_", "map[", "M_", "chan ", "C_", "func(", "F_", "...", "V_").Replace(s)
		under := false
		n := 0
		for _, r := range s {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				b.WriteRune(r)
				under = false
				n++
				continue
			}
			if !under && n > 0 {
				b.WriteByte('_')
				under = true
			}
		}
		if n == 0 {
			b.WriteString("T")
		}
	}
	return strings.TrimRight(b.String(), "_")
}

// monoSpeller spells orig-view types as source of the specialized cell:
// instances of the session's generics by their specialized names (which
// it requests), other types as spellGoType does.
type monoSpeller struct {
	pkgNames map[string]string // import path -> name in the cell
	instance func(n *types.Named) (string, error)
	local    func(n *types.Named) (string, error) // a type declared inside a function
}

// spell writes t as specialized source.
func (sp *monoSpeller) spell(t types.Type) (string, error) {
	var b strings.Builder
	if err := sp.write(&b, t, 0); err != nil {
		return "", err
	}
	return b.String(), nil
}

func (sp *monoSpeller) write(b *strings.Builder, t types.Type, depth int) error {
	if depth > 50 {
		return fmt.Errorf("a type nested too deeply")
	}
	w := func(t types.Type) error { return sp.write(b, t, depth+1) }
	switch t := t.(type) {
	case *types.Alias:
		return w(types.Unalias(t))
	case *types.Basic:
		if t.Info()&types.IsUntyped != 0 {
			return w(types.Default(t))
		}
		if t.Kind() == types.UnsafePointer {
			name, ok := sp.pkgNames["unsafe"]
			if !ok {
				return fmt.Errorf("unsafe.Pointer needs import \"unsafe\"")
			}
			b.WriteString(name + ".Pointer")
			return nil
		}
		b.WriteString(t.Name())
	case *types.TypeParam:
		return fmt.Errorf("type parameter %s left unspecialized", t.Obj().Name())
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() == nil {
			b.WriteString(obj.Name()) // error, comparable
			return nil
		}
		if obj.Pkg().Path() == "main" {
			if args := t.TypeArgs(); args != nil && args.Len() > 0 {
				name, err := sp.instance(t)
				if err != nil {
					return err
				}
				b.WriteString(name)
				return nil
			}
			if obj.Parent() != nil && obj.Parent() != obj.Pkg().Scope() || obj.Parent() == nil && !isPkgLevel(obj) {
				if sp.local == nil {
					return fmt.Errorf("%s is declared inside a function", obj.Name())
				}
				name, err := sp.local(t)
				if err != nil {
					return err
				}
				b.WriteString(name)
				return nil
			}
			b.WriteString(obj.Name())
			return nil
		}
		name, ok := sp.pkgNames[obj.Pkg().Path()]
		if !ok {
			return fmt.Errorf("%s.%s needs import %q", obj.Pkg().Name(), obj.Name(), obj.Pkg().Path())
		}
		if !obj.Exported() {
			return fmt.Errorf("%s.%s is not exported", obj.Pkg().Name(), obj.Name())
		}
		if args := t.TypeArgs(); args != nil && args.Len() > 0 {
			return fmt.Errorf("%s is an instance of a generic type of a compiled package", types.TypeString(t, nil))
		}
		b.WriteString(name + "." + obj.Name())
	case *types.Pointer:
		b.WriteString("*")
		return w(t.Elem())
	case *types.Slice:
		b.WriteString("[]")
		return w(t.Elem())
	case *types.Array:
		b.WriteString("[" + strconv.FormatInt(t.Len(), 10) + "]")
		return w(t.Elem())
	case *types.Map:
		b.WriteString("map[")
		if err := w(t.Key()); err != nil {
			return err
		}
		b.WriteString("]")
		return w(t.Elem())
	case *types.Chan:
		switch t.Dir() {
		case types.RecvOnly:
			b.WriteString("<-chan ")
		case types.SendOnly:
			b.WriteString("chan<- ")
		default:
			b.WriteString("chan ")
		}
		if c, ok := t.Elem().(*types.Chan); ok && c.Dir() == types.RecvOnly || t.Dir() == types.SendOnly && ok {
			b.WriteString("(")
			if err := w(t.Elem()); err != nil {
				return err
			}
			b.WriteString(")")
			return nil
		}
		return w(t.Elem())
	case *types.Signature:
		b.WriteString("func")
		return sp.writeSig(b, t, depth)
	case *types.Struct:
		b.WriteString("struct{")
		for i := range t.NumFields() {
			if i > 0 {
				b.WriteString("; ")
			}
			f := t.Field(i)
			if f.Pkg() != nil && f.Pkg().Path() != "main" && !f.Exported() {
				return fmt.Errorf("a struct type with the unexported field %s of package %s", f.Name(), f.Pkg().Name())
			}
			if !f.Embedded() {
				b.WriteString(f.Name() + " ")
			}
			if err := w(f.Type()); err != nil {
				return err
			}
			if tag := t.Tag(i); tag != "" {
				b.WriteString(" " + strconv.Quote(tag))
			}
		}
		b.WriteString("}")
	case *types.Interface:
		if t.Empty() {
			b.WriteString("interface{}")
			return nil
		}
		if !t.IsMethodSet() {
			return fmt.Errorf("a constraint interface used as a type")
		}
		b.WriteString("interface{")
		n := 0
		for i := range t.NumEmbeddeds() {
			if n > 0 {
				b.WriteString("; ")
			}
			n++
			if err := w(t.EmbeddedType(i)); err != nil {
				return err
			}
		}
		for i := range t.NumExplicitMethods() {
			if n > 0 {
				b.WriteString("; ")
			}
			n++
			m := t.ExplicitMethod(i)
			if !m.Exported() && m.Pkg() != nil && m.Pkg().Path() != "main" {
				return fmt.Errorf("an interface with the unexported method %s of package %s", m.Name(), m.Pkg().Name())
			}
			b.WriteString(m.Name())
			if err := sp.writeSig(b, m.Type().(*types.Signature), depth); err != nil {
				return err
			}
		}
		b.WriteString("}")
	default:
		return fmt.Errorf("the type %s", types.TypeString(t, nil))
	}
	return nil
}

func (sp *monoSpeller) writeSig(b *strings.Builder, t *types.Signature, depth int) error {
	b.WriteString("(")
	for i := range t.Params().Len() {
		if i > 0 {
			b.WriteString(", ")
		}
		pt := t.Params().At(i).Type()
		if t.Variadic() && i == t.Params().Len()-1 {
			b.WriteString("...")
			if s, ok := pt.(*types.Slice); ok {
				pt = s.Elem()
			}
		}
		if err := sp.write(b, pt, depth+1); err != nil {
			return err
		}
	}
	b.WriteString(")")
	switch n := t.Results().Len(); {
	case n == 1:
		b.WriteString(" ")
		return sp.write(b, t.Results().At(0).Type(), depth+1)
	case n > 1:
		b.WriteString(" (")
		for i := range n {
			if i > 0 {
				b.WriteString(", ")
			}
			if err := sp.write(b, t.Results().At(i).Type(), depth+1); err != nil {
				return err
			}
		}
		b.WriteString(")")
	}
	return nil
}

// isPkgLevel reports whether obj is declared in its package's scope.
func isPkgLevel(obj types.Object) bool {
	return obj.Pkg() != nil && obj.Pkg().Scope().Lookup(obj.Name()) == obj
}

// simpleTypeText reports whether spelled type text is a (qualified)
// name, which needs no parentheses as a conversion or method expression.
func simpleTypeText(s string) bool {
	for _, r := range s {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '.') {
			return false
		}
	}
	return s != ""
}
