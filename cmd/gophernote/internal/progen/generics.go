package progen

import (
	"fmt"
	"strings"
)

// Generic types and functions. The declarations are common generic
// idioms (a box, a stack, a pair, an accumulator over a numeric
// constraint, Map/Filter/Reduce, Sum, Max, Keys, Zero...) plus a
// function whose body the grammar writes over a type parameter; the
// instantiations, type arguments (explicit or inferred) and the values
// passed are random.

// genericType is a declared generic type.
type genericType struct {
	name   string
	kind   string // box, stack, pair, acc, list
	insts  map[string]*Type
	tnames []string
}

// genericFunc is a declared generic function.
type genericFunc struct {
	name string
	kind string
}

// constraint sets of the unit's constraints.
var (
	numberSet = []Kind{Int, Int8, Int16, Int32, Int64, Uint, Uint8, Uint16, Uint32, Uint64, Uintptr, Float32, Float64}
	keySet    = []Kind{Int, Int8, Int16, Int32, Int64, Uint, Uint8, Uint16, Uint32, Uint64, String}
)

func (g *gen) constraintDecl(name string) string {
	cn := name + fmt.Sprint(g.u.idx)
	key := "constraint:" + cn
	for _, d := range g.u.unit.Decls {
		if strings.HasPrefix(d, "type "+cn+" ") {
			return cn
		}
	}
	_ = key
	var set []Kind
	switch name {
	case "Number":
		set = numberSet
	case "Ordered":
		set = append(append([]Kind{}, numberSet...), String)
	case "Key":
		set = keySet
	}
	var terms []string
	for _, k := range set {
		terms = append(terms, "~"+kindNames[k])
	}
	g.decl(fmt.Sprintf("type %s interface {\n\t%s\n}", cn, strings.Join(terms, " | ")))
	return cn
}

// inSet: t's underlying kind is in the constraint's type set.
func inSet(t *Type, set []Kind) bool {
	if !t.Kind.isBasic() {
		return false
	}
	for _, k := range set {
		if k == t.Kind {
			return true
		}
	}
	return false
}

// genericTypeDecl declares (once per unit) a generic type of a kind.
func (g *gen) genericTypeDecl(kind string) *genericType {
	for _, gt := range g.u.gtypes {
		if gt.kind == kind {
			return gt
		}
	}
	n := fmt.Sprint(g.u.idx)
	gt := &genericType{kind: kind, insts: map[string]*Type{}}
	switch kind {
	case "box":
		gt.name = "Box" + n
		g.decl(fmt.Sprintf("type %[1]s[T any] struct {\n\tV T\n}\n\nfunc (b %[1]s[T]) Get() T { return b.V }\n\nfunc (b *%[1]s[T]) Set(v T) { b.V = v }", gt.name))
	case "stack":
		gt.name = "Stack" + n
		g.decl(fmt.Sprintf(`type %[1]s[T any] struct {
	items []T
}

func (s *%[1]s[T]) Push(v T) { s.items = append(s.items, v) }

func (s *%[1]s[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

func (s %[1]s[T]) Len() int { return len(s.items) }`, gt.name))
	case "pair":
		gt.name = "Pair" + n
		g.decl(fmt.Sprintf("type %[1]s[K comparable, V any] struct {\n\tKey K\n\tVal V\n}\n\nfunc (p %[1]s[K, V]) String() string { return fmt.Sprintf(\"%%v=%%v\", p.Key, p.Val) }", gt.name))
	case "acc":
		gt.name = "Acc" + n
		c := g.constraintDecl("Number")
		g.decl(fmt.Sprintf("type %[1]s[T %[2]s] struct {\n\tTotal T\n\tN     int\n}\n\nfunc (a *%[1]s[T]) Add(v T) {\n\ta.Total += v\n\ta.N++\n}\n\nfunc (a %[1]s[T]) Mean() float64 {\n\tif a.N == 0 {\n\t\treturn 0\n\t}\n\treturn float64(a.Total) / float64(a.N)\n}", gt.name, c))
	case "list":
		gt.name = "List" + n
		g.decl(fmt.Sprintf("type %[1]s[T any] []T\n\nfunc (l %[1]s[T]) Len() int { return len(l) }\n\nfunc (l %[1]s[T]) Last() T {\n\tvar z T\n\tif len(l) == 0 {\n\t\treturn z\n\t}\n\treturn l[len(l)-1]\n}", gt.name))
	}
	g.u.gtypes = append(g.u.gtypes, gt)
	return gt
}

// instance returns gt instantiated with args.
func (gt *genericType) instance(args ...*Type) *Type {
	var names []string
	for _, a := range args {
		names = append(names, a.String())
	}
	key := strings.Join(names, ", ")
	if t, ok := gt.insts[key]; ok {
		return t
	}
	t := &Type{Named: true, Name: gt.name + "[" + key + "]", Generic: gt, Args: args}
	T := args[0]
	switch gt.kind {
	case "box":
		t.Kind = Struct
		t.Fields = []Field{{Name: "V", T: T}}
		t.Methods = []*Method{{Name: "Get", Results: []*Type{T}}, {Name: "Set", Ptr: true, Params: []*Type{T}}}
	case "stack":
		t.Kind = Struct
		t.Fields = []Field{{Name: "items", T: sliceOf(T)}}
		t.Methods = []*Method{{Name: "Push", Ptr: true, Params: []*Type{T}}, {Name: "Pop", Ptr: true, Results: []*Type{T, basic(Bool)}},
			{Name: "Len", Results: []*Type{basic(Int)}}}
	case "pair":
		t.Kind = Struct
		t.Fields = []Field{{Name: "Key", T: T}, {Name: "Val", T: args[1]}}
		t.Methods = []*Method{{Name: "String", Results: []*Type{basic(String)}}}
	case "acc":
		t.Kind = Struct
		t.Fields = []Field{{Name: "Total", T: T}, {Name: "N", T: basic(Int)}}
		t.Methods = []*Method{{Name: "Add", Ptr: true, Params: []*Type{T}}, {Name: "Mean", Results: []*Type{basic(Float64)}}}
	case "list":
		t.Kind = Slice
		t.Elem = T
		t.Methods = []*Method{{Name: "Len", Results: []*Type{basic(Int)}}, {Name: "Last", Results: []*Type{T}}}
	}
	gt.insts[key] = t
	return t
}

// genericInstance returns an instance of a generic type with random
// type arguments.
func (g *gen) genericInstance(depth int) *Type {
	if g.cfg.Weights[FGeneric] == 0 {
		return nil // generics off (weight 0)
	}
	kind := pick(g, []string{"box", "stack", "pair", "acc", "list"})
	gt := g.genericTypeDecl(kind)
	switch kind {
	case "pair":
		return gt.instance(g.randType(0, typeOpts{comparable: true, printable: true, noIface: true}), g.randType(depth-1, typeOpts{printable: true}))
	case "acc":
		for try := 0; try < 10; try++ {
			t := g.randNumeric()
			if inSet(t, numberSet) {
				return gt.instance(t)
			}
		}
		return gt.instance(basic(Int))
	}
	return gt.instance(g.randType(depth-1, typeOpts{printable: true}))
}

// genericFuncDecl declares (once per unit) a generic function.
func (g *gen) genericFuncDecl(kind string) string {
	n := fmt.Sprint(g.u.idx)
	name := strings.ToUpper(kind[:1]) + kind[1:] + n
	for _, f := range g.u.gfuncs {
		if f.kind == kind {
			return f.name
		}
	}
	var src string
	switch kind {
	case "map":
		src = "func %[1]s[T, U any](xs []T, f func(T) U) []U {\n\tout := make([]U, 0, len(xs))\n\tfor _, x := range xs {\n\t\tout = append(out, f(x))\n\t}\n\treturn out\n}"
	case "filter":
		src = "func %[1]s[T any](xs []T, keep func(T) bool) []T {\n\tvar out []T\n\tfor _, x := range xs {\n\t\tif keep(x) {\n\t\t\tout = append(out, x)\n\t\t}\n\t}\n\treturn out\n}"
	case "reduce":
		src = "func %[1]s[T, A any](xs []T, acc A, f func(A, T) A) A {\n\tfor _, x := range xs {\n\t\tacc = f(acc, x)\n\t}\n\treturn acc\n}"
	case "sum":
		src = "func %[1]s[T " + g.constraintDecl("Number") + "](xs []T) T {\n\tvar s T\n\tfor _, x := range xs {\n\t\ts += x\n\t}\n\treturn s\n}"
	case "max":
		src = "func %[1]s[T " + g.constraintDecl("Ordered") + "](a, b T) T {\n\tif a > b {\n\t\treturn a\n\t}\n\treturn b\n}"
	case "zero":
		src = "func %[1]s[T any]() T {\n\tvar z T\n\treturn z\n}"
	case "first":
		src = "func %[1]s[T any](xs ...T) T {\n\tvar z T\n\tif len(xs) > 0 {\n\t\treturn xs[0]\n\t}\n\treturn z\n}"
	case "count":
		src = "func %[1]s[T comparable](xs []T, x T) int {\n\tn := 0\n\tfor _, v := range xs {\n\t\tif v == x {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}"
	case "keys":
		g.imp("sort")
		src = "func %[1]s[K " + g.constraintDecl("Key") + ", V any](m map[K]V) []K {\n\tks := make([]K, 0, len(m))\n\tfor k := range m {\n\t\tks = append(ks, k)\n\t}\n\tsort.Slice(ks, func(i, j int) bool { return ks[i] < ks[j] })\n\treturn ks\n}"
	case "apply":
		src = "func %[1]s[T any](x T, fs ...func(T) T) T {\n\tfor _, f := range fs {\n\t\tx = f(x)\n\t}\n\treturn x\n}"
	case "ptr":
		src = "func %[1]s[T any](v T) *T { return &v }"
	case "swap":
		src = "func %[1]s[T, U any](a T, b U) (U, T) { return b, a }"
	case "arith":
		// a body over a numeric type parameter, written by the grammar
		c := g.constraintDecl("Number")
		t := &Type{Kind: TypeParam, Name: "T"}
		for _, k := range numberSet {
			t.TypeSet = append(t.TypeSet, basic(k))
		}
		t.Comparable = true
		s := newScope(nil)
		s.fn = &fnCtx{results: []*Type{t}}
		s.add(&variable{name: "a", t: t, noAssign: true, used: true})
		s.add(&variable{name: "b", t: t, noAssign: true, used: true})
		w := newWriter(1)
		for i := 0; i < 1+g.r.Intn(3); i++ {
			v := g.local("t")
			w.line("%s := %s", v, g.tparamExpr(s, t, 2).s)
			s.add(&variable{name: v, t: t, used: true})
			if g.chance(2) {
				w.line("%s %s %s", v, pick(g, []string{"+=", "-=", "*="}), g.tparamExpr(s, t, 1).s)
			}
			w.line("_ = %s", v)
		}
		if g.chance(2) {
			w.open("if a > b {")
			w.line("return %s", g.tparamExpr(s, t, 2).s)
			w.close("}")
		}
		w.line("return %s", g.tparamExpr(s, t, 2).s)
		src = "func %[1]s[T " + c + "](a, b T) T {\n" + strings.ReplaceAll(w.String(), "%", "%%") + "}"
	}
	g.decl(fmt.Sprintf(src, name))
	g.u.gfuncs = append(g.u.gfuncs, &genericFunc{name: name, kind: kind})
	return name
}

// genericCall calls a generic function returning t, with inferred or
// explicit type arguments.
func (g *gen) genericCall(s *scope, t *Type, d int) (expr, bool) {
	if g.cfg.Weights[FGeneric] == 0 || d <= 0 || t.Kind == TypeParam || t.Kind == Interface && len(t.Methods) > 0 {
		return expr{}, false
	}
	explicit := g.chance(3)
	targs := func(ts ...*Type) string {
		if !explicit {
			return ""
		}
		var ns []string
		for _, x := range ts {
			ns = append(ns, x.String())
		}
		return "[" + strings.Join(ns, ", ") + "]"
	}
	var opts []option
	var e expr
	if t.Kind == Slice && !t.Named {
		opts = append(opts,
			option{3, func() bool {
				src := g.randType(0, typeOpts{})
				fn := g.genericFuncDecl("map")
				xs := g.sliceExpr(s, sliceOf(src), d-1, 0)
				f := g.funcLit(s, funcOf([]*Type{src}, []*Type{t.Elem}), d-1)
				e = plain(fn + targs(src, t.Elem) + "(" + xs.s + ", " + f + ")")
				return true
			}},
			option{2, func() bool {
				fn := g.genericFuncDecl("filter")
				xs := g.sliceExpr(s, t, d-1, 0)
				f := g.funcLit(s, funcOf([]*Type{t.Elem}, []*Type{basic(Bool)}), d-1)
				e = plain(fn + targs(t.Elem) + "(" + xs.s + ", " + f + ")")
				return true
			}},
			option{2, func() bool {
				if !inSet(t.Elem, keySet) {
					return false
				}
				fn := g.genericFuncDecl("keys")
				v := g.randType(0, typeOpts{})
				m := g.mapExpr(s, mapOf(t.Elem, v), d-1)
				e = plain(fn + targs(t.Elem, v) + "(" + m.s + ")")
				return true
			}},
		)
	}
	if t.Kind != Interface {
		opts = append(opts,
			option{2, func() bool {
				src := g.randType(0, typeOpts{})
				fn := g.genericFuncDecl("reduce")
				xs := g.sliceExpr(s, sliceOf(src), d-1, 0)
				init := g.expr(s, t, d-1)
				if init.untyped || init.ctx {
					if !explicit {
						init = g.selfTyped(init, t)
					}
				}
				f := g.funcLit(s, funcOf([]*Type{t, src}, []*Type{t}), d-1)
				e = plain(fn + targs(src, t) + "(" + xs.s + ", " + init.s + ", " + f + ")")
				return true
			}},
			option{1, func() bool {
				if !t.zeroSafe() {
					return false
				}
				fn := g.genericFuncDecl("zero")
				e = plain(fn + "[" + t.String() + "]()")
				return true
			}},
			option{2, func() bool {
				fn := g.genericFuncDecl("first")
				var args []string
				for i := 0; i < 1+g.r.Intn(3); i++ {
					args = append(args, g.exprSelf(s, t, d-1).s)
				}
				e = plain(fn + targs(t) + "(" + strings.Join(args, ", ") + ")")
				return true
			}},
			option{2, func() bool {
				fn := g.genericFuncDecl("apply")
				x := g.exprSelf(s, t, d-1)
				var fs []string
				for i := 0; i < g.r.Intn(3); i++ {
					fs = append(fs, g.funcLit(s, funcOf([]*Type{t}, []*Type{t}), d-1))
				}
				e = plain(fn + targs(t) + "(" + strings.Join(append([]string{x.s}, fs...), ", ") + ")")
				return true
			}},
			option{1, func() bool {
				// *Ptr(v)
				fn := g.genericFuncDecl("ptr")
				e = plain("*" + fn + targs(t) + "(" + g.exprSelf(s, t, d-1).s + ")")
				return true
			}},
		)
	}
	if inSet(t, numberSet) {
		opts = append(opts,
			option{3, func() bool {
				fn := g.genericFuncDecl("sum")
				xs := g.sliceExpr(s, sliceOf(t), d-1, 0)
				e = plain(fn + targs(t) + "(" + xs.s + ")")
				return true
			}},
			option{3, func() bool {
				fn := g.genericFuncDecl("arith")
				a, b := g.exprSelf(s, t, d-1), g.exprSelf(s, t, d-1)
				e = plain(fn + targs(t) + "(" + a.s + ", " + b.s + ")")
				return true
			}},
		)
	}
	if inSet(t, append(append([]Kind{}, numberSet...), String)) {
		opts = append(opts, option{3, func() bool {
			fn := g.genericFuncDecl("max")
			a, b := g.exprSelf(s, t, d-1), g.exprSelf(s, t, d-1)
			e = plain(fn + targs(t) + "(" + a.s + ", " + b.s + ")")
			return true
		}})
	}
	if identical(t, basic(Int)) {
		opts = append(opts, option{2, func() bool {
			et := g.randType(0, typeOpts{comparable: true})
			fn := g.genericFuncDecl("count")
			xs := g.sliceExpr(s, sliceOf(et), d-1, 0)
			x := g.exprSelf(s, et, d-1)
			e = plain(fn + targs(et) + "(" + xs.s + ", " + x.s + ")")
			return true
		}})
	}
	if g.choose(opts...) {
		return e, true
	}
	return expr{}, false
}
