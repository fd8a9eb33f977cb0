package progen

import (
	"fmt"
	"strings"
)

// Kind is the kind of a Type (its underlying type's kind).
type Kind uint8

// The kinds. Int through Uintptr are the integer kinds, in this order;
// Float32 through Complex128 the other numeric kinds.
const (
	Bool Kind = iota
	Int
	Int8
	Int16
	Int32
	Int64
	Uint
	Uint8
	Uint16
	Uint32
	Uint64
	Uintptr
	Float32
	Float64
	Complex64
	Complex128
	String
	Slice
	Array
	Map
	Pointer
	Struct
	Interface
	Func
	TypeParam
)

var kindNames = [...]string{"bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16",
	"uint32", "uint64", "uintptr", "float32", "float64", "complex64", "complex128", "string"}

func (k Kind) isInteger() bool  { return k >= Int && k <= Uintptr }
func (k Kind) isUnsigned() bool { return k >= Uint && k <= Uintptr }
func (k Kind) isFloat() bool    { return k == Float32 || k == Float64 }
func (k Kind) isComplex() bool  { return k == Complex64 || k == Complex128 }
func (k Kind) isNumeric() bool  { return k >= Int && k <= Complex128 }
func (k Kind) isBasic() bool    { return k <= String }

// bits is the size of an integer kind in bits (int, uint, uintptr: 64,
// the generator's programs are built for 64-bit targets only).
func (k Kind) bits() uint {
	switch k {
	case Int8, Uint8:
		return 8
	case Int16, Uint16:
		return 16
	case Int32, Uint32, Float32:
		return 32
	case Complex64:
		return 64
	case Complex128:
		return 128
	}
	return 64
}

// Type is a Go type as the generator knows it: enough to write its
// syntax, its zero value, and to decide what operations, conversions,
// comparisons and prints are valid.
type Type struct {
	Kind Kind
	// Name is set for predeclared basic types ("int", "byte", "rune"),
	// declared types ("T3a"), instantiated generic types ("Box3[int]") and
	// type parameters ("T").
	Name string
	// Named: a defined type of the program (or an instance of a generic
	// type): it has its own identity and may have methods.
	Named bool
	Elem  *Type // slice, array, pointer, map value
	Key   *Type // map key
	Len   int   // array length
	// Fields of a struct type, in order.
	Fields []Field
	// Methods: the declared methods of a named type, or the methods an
	// interface type requires.
	Methods []*Method
	// Params and Results of a func type.
	Params, Results []*Type
	// Constraint of a type parameter: its type set (nil: any) and
	// whether it is comparable.
	TypeSet    []*Type
	Comparable bool
	// Generic: for an instance of a generic type, its generic
	// declaration and type arguments.
	Generic *genericType
	Args    []*Type
}

// Field is one struct field.
type Field struct {
	Name     string
	T        *Type
	Embedded bool
}

// Method is a method of a named type or an interface.
type Method struct {
	Name    string
	Ptr     bool // pointer receiver
	Params  []*Type
	Results []*Type
}

var basics = func() [String + 1]*Type {
	var b [String + 1]*Type
	for k := Bool; k <= String; k++ {
		b[k] = &Type{Kind: k, Name: kindNames[k]}
	}
	return b
}()

// Predeclared aliases: byte is uint8 and rune is int32 (identical types).
var (
	tByte = &Type{Kind: Uint8, Name: "byte"}
	tRune = &Type{Kind: Int32, Name: "rune"}
	tAny  = &Type{Kind: Interface, Name: "any"}
	tErr  = &Type{Kind: Interface, Name: "error", Methods: []*Method{{Name: "Error", Results: []*Type{basics[String]}}}}
)

func basic(k Kind) *Type     { return basics[k] }
func sliceOf(t *Type) *Type  { return &Type{Kind: Slice, Elem: t} }
func ptrTo(t *Type) *Type    { return &Type{Kind: Pointer, Elem: t} }
func mapOf(k, v *Type) *Type { return &Type{Kind: Map, Key: k, Elem: v} }
func arrayOf(n int, t *Type) *Type {
	return &Type{Kind: Array, Len: n, Elem: t}
}
func funcOf(params, results []*Type) *Type {
	return &Type{Kind: Func, Params: params, Results: results}
}

// String is the type's Go syntax.
func (t *Type) String() string {
	if t.Name != "" {
		return t.Name
	}
	switch t.Kind {
	case Slice:
		return "[]" + t.Elem.String()
	case Array:
		return fmt.Sprintf("[%d]%s", t.Len, t.Elem)
	case Pointer:
		return "*" + t.Elem.String()
	case Map:
		return "map[" + t.Key.String() + "]" + t.Elem.String()
	case Struct:
		var b strings.Builder
		b.WriteString("struct{")
		for i, f := range t.Fields {
			if i > 0 {
				b.WriteString("; ")
			}
			if f.Embedded {
				b.WriteString(f.T.String())
			} else {
				b.WriteString(f.Name + " " + f.T.String())
			}
		}
		b.WriteString("}")
		return b.String()
	case Interface:
		if len(t.Methods) == 0 {
			return "any"
		}
		var b strings.Builder
		b.WriteString("interface{ ")
		for i, m := range t.Methods {
			if i > 0 {
				b.WriteString("; ")
			}
			b.WriteString(m.Name + sigString(m.Params, m.Results))
		}
		b.WriteString(" }")
		return b.String()
	case Func:
		return "func" + sigString(t.Params, t.Results)
	}
	return kindNames[t.Kind]
}

func sigString(params, results []*Type) string {
	var b strings.Builder
	b.WriteString("(")
	for i, p := range params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.String())
	}
	b.WriteString(")")
	switch len(results) {
	case 0:
	case 1:
		b.WriteString(" " + results[0].String())
	default:
		b.WriteString(" (")
		for i, r := range results {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(r.String())
		}
		b.WriteString(")")
	}
	return b.String()
}

// identical reports whether a and b are the same type. Declared types
// have unique names, so the syntax decides (byte and uint8, rune and
// int32 are the same type).
func identical(a, b *Type) bool {
	if a == b {
		return true
	}
	return canon(a.String()) == canon(b.String())
}

var canonRe = strings.NewReplacer("byte", "uint8", "rune", "int32", "interface{}", "any")

func canon(s string) string {
	// Only whole identifiers: declared names never contain "byte"/"rune"
	// (they are T/S/I plus digits and letters chosen by the generator).
	return canonRe.Replace(s)
}

// isNamedBasic: a declared type whose underlying type is basic.
func (t *Type) isNamedBasic() bool { return t.Named && t.Kind.isBasic() }

// comparable reports whether == is defined on values of t (and t may be
// a map key).
func (t *Type) comparable() bool {
	switch t.Kind {
	case Slice, Map, Func:
		return false
	case Array:
		return t.Elem.comparable()
	case Struct:
		for _, f := range t.Fields {
			if !f.T.comparable() {
				return false
			}
		}
		return true
	case TypeParam:
		return t.Comparable
	}
	return true
}

// ordered: < <= > >= are defined.
func (t *Type) ordered() bool {
	if t.Kind == TypeParam {
		if len(t.TypeSet) == 0 {
			return false
		}
		for _, m := range t.TypeSet {
			if !m.ordered() {
				return false
			}
		}
		return true
	}
	return (t.Kind.isNumeric() && !t.Kind.isComplex()) || t.Kind == String
}

// printable reports whether fmt.Println(v) of a value of type t prints
// the same text in every run: no pointers, funcs or channels inside
// (their text is an address), and no interfaces (whose dynamic values the
// generator may not control).
func (t *Type) printable() bool {
	switch t.Kind {
	case Pointer, Func, Interface:
		return false
	case Slice, Array:
		return t.Elem.printable()
	case Map:
		return t.Key.printable() && t.Elem.printable()
	case Struct:
		for _, f := range t.Fields {
			if !f.T.printable() {
				return false
			}
		}
		return true
	}
	return true
}

// hasMethod returns t's method named n (declared, or promoted through
// embedded fields), and whether it needs a pointer receiver.
func (t *Type) method(name string) *Method {
	for _, m := range t.Methods {
		if m.Name == name {
			return m
		}
	}
	return nil
}

// methodSet lists the methods callable on a value of type t (ptr: on a
// *t), including those promoted from embedded fields, by name. A name
// declared at a shallower depth (a method of either receiver kind, or a
// field) hides deeper ones; a name at one depth twice is ambiguous.
func (t *Type) methodSet(ptr bool) map[string]*Method {
	set := map[string]*Method{}
	blocked := map[string]bool{}
	type node struct {
		t   *Type
		ptr bool
	}
	level := []node{{t, ptr}}
	for depth := 0; depth < 4 && len(level) > 0; depth++ {
		count := map[string]int{}
		for _, n := range level {
			for _, m := range n.t.Methods {
				count[m.Name]++
			}
			if depth > 0 || n.t.Kind == Struct {
				for _, f := range n.t.Fields {
					count[f.fieldName()]++
				}
			}
		}
		var next []node
		for _, n := range level {
			for _, m := range n.t.Methods {
				if blocked[m.Name] || count[m.Name] > 1 {
					continue
				}
				if !m.Ptr || n.ptr {
					set[m.Name] = m
				}
			}
			if n.t.Kind == Struct {
				for _, f := range n.t.Fields {
					if !f.Embedded {
						continue
					}
					if f.T.Kind == Pointer {
						next = append(next, node{f.T.Elem, true})
					} else {
						next = append(next, node{f.T, n.ptr})
					}
				}
			}
		}
		for name := range count {
			blocked[name] = true
		}
		level = next
	}
	return set
}

// fieldName is the name by which a field is selected.
func (f Field) fieldName() string {
	if !f.Embedded {
		return f.Name
	}
	t := f.T
	if t.Kind == Pointer {
		t = t.Elem
	}
	if i := strings.IndexByte(t.Name, '['); i >= 0 {
		return t.Name[:i]
	}
	return t.Name
}

// implements reports whether a value of type t satisfies interface i.
func implements(t, i *Type) bool {
	if t.Kind == Interface {
		return identical(t, i) || len(i.Methods) == 0
	}
	var set map[string]*Method
	if t.Kind == Pointer && t.Elem.Named {
		set = t.Elem.methodSet(true)
	} else {
		set = t.methodSet(false)
	}
	for _, m := range i.Methods {
		have, ok := set[m.Name]
		if !ok || sigString(have.Params, have.Results) != sigString(m.Params, m.Results) {
			return false
		}
	}
	return true
}

// hasPointerMethods: some of t's methods need *t.
func (t *Type) hasPointerMethods() bool {
	for _, m := range t.Methods {
		if m.Ptr {
			return true
		}
	}
	return false
}

// hasStringMethod: fmt would call t's String or Error method.
func (t *Type) hasFmtMethod(ptr bool) bool {
	set := t.methodSet(ptr)
	for _, n := range []string{"String", "Error"} {
		if m, ok := set[n]; ok && len(m.Params) == 0 && len(m.Results) == 1 && m.Results[0].Kind == String {
			return true
		}
	}
	return false
}

// contains reports whether t or a type inside it satisfies f.
func (t *Type) contains(f func(*Type) bool) bool {
	seen := map[*Type]bool{}
	var walk func(*Type) bool
	walk = func(t *Type) bool {
		if t == nil || seen[t] {
			return false
		}
		seen[t] = true
		if f(t) {
			return true
		}
		for _, x := range []*Type{t.Elem, t.Key} {
			if walk(x) {
				return true
			}
		}
		for _, fl := range t.Fields {
			if walk(fl.T) {
				return true
			}
		}
		return false
	}
	return walk(t)
}

// zeroSafe: the zero value of t may be used like any other value of t
// (the generator's invariant: pointers, funcs and interfaces it uses are
// non-nil, and a nil one would panic when dereferenced, called or asked
// for a method).
func (t *Type) zeroSafe() bool {
	return !t.contains(func(x *Type) bool {
		return x.Kind == Pointer || x.Kind == Func || x.Kind == Interface || x.Kind == TypeParam
	})
}
