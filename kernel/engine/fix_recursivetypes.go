package engine

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// Lowering: a defined type that contains itself other than through a
// struct or an interface runs as a struct of one field.
//
// yaegi v0.16 builds every cell type with reflect, and reflect makes a
// named type only for structs (reflect.StructOf; yaegi breaks a struct's
// cycle with a placeholder field type). A defined type whose definition
// reaches the type itself through pointers, slices, arrays, maps,
// channels and function signatures only — type Number *Number, type F
// func(string) F, type L []L, type M map[string]*M, type A *B with type
// B []A — has no reflect type: using one crashes yaegi while it compiles
// the cell ("interface conversion: reflect.Type is nil", a nil pointer
// dereference), and type A [2]*A or type M map[string]*M overflow its
// stack and kill the process. A cycle through a struct (type L struct{
// next *L }) or an interface runs right.
//
// So the pass "recursivetypes" gives yaegi each such top-level type T of
// the session (every type on the cycle) as type T struct{ GnV U }, U the
// type as written, and rewrites what the cell does with T's values, using
// go/types' view of the cell as written (which the session keeps: later
// cells are checked against the type as the user declared it, and lowered
// the same way):
//
//   - where Go uses a T as its underlying type — a call of a T func, an
//     index, a slice expression, *t, <-t, a send, range, len, cap, append,
//     copy, delete, clear, close, t == nil — the operand becomes t.GnV;
//   - where Go makes a T from its underlying type — a conversion T(u), a
//     value of type U (or nil) assigned, passed, returned, sent or put in a
//     composite literal where a T goes, append's, a slice expression's and
//     make's results, a composite literal T{...} — the value becomes
//     (T{u}), or (T{}) for nil;
//   - and the other way, a T where a U goes becomes t.GnV.
//
// A T keeps Go's identity (==, map keys, assertions and type switches on
// the struct type). Refused at compile time, with an error at the
// value: a value of T (or holding T other than through a pointer, a func
// or a channel) going into an interface — fmt, reflect and json would see
// the struct, where Go prints [[] [[]]] or a func's address —; a
// multi-value expression whose values need the rewriting; a type declared
// inside a function or generic (the type declaration is refused); a
// switch on a func-typed T. A type defined from such a type (type G T) is
// refused too: yaegi would give it the struct.

// recFieldName is the field of a lowered recursive type's struct.
const recFieldName = "GnV"

// recLower is the state of the pass.
type recLower struct {
	p     *prep
	ct    *cellTypes
	memo  map[*types.Named]bool
	funcs []*types.Signature
	any   bool // some lowered type is in sight
}

// lowerRecursiveTypes is the pass "recursivetypes".
func lowerRecursiveTypes(p *prep) {
	ct := p.cellTypes()
	if ct == nil || ct.info == nil {
		return
	}
	rl := &recLower{p: p, ct: ct, memo: map[*types.Named]bool{}}
	rl.declare()
	if p.err != nil || !rl.inSight() {
		return
	}
	ast.Inspect(p.pc.decls, rl.visit)
	ast.Inspect(p.pc.stmts.Body, rl.visit)
}

// lowered reports whether t is a top-level, non-generic type of the
// session that contains itself with no struct or interface between.
func (rl *recLower) lowered(t types.Type) bool {
	if t == nil {
		return false
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	if v, ok := rl.memo[n]; ok {
		return v
	}
	obj := n.Obj()
	v := obj.Pkg() != nil && obj.Pkg().Path() == "main" && obj.Parent() == obj.Pkg().Scope() &&
		n.TypeParams().Len() == 0 && n.TypeArgs().Len() == 0 && cycleWithoutStruct(n) != ""
	rl.memo[n] = v
	return v
}

// underOf returns t's underlying type, or nil.
func underOf(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return types.Unalias(t).Underlying()
}

// recursiveNamed reports whether t is a named type of the cell on a
// cycle with no struct or interface (the pass lowers those at the top level).
func recursiveNamed(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "main" && cycleWithoutStruct(n) != ""
}

// recOperandText is p.text(x) for an operand of len or cap that the
// passes after this one write into checks of their own (fix_indexcheck.go,
// fix_slicecheck.go): a lowered recursive type's value is read through
// its field.
func recOperandText(p *prep, ct *cellTypes, x ast.Expr) string {
	s := p.text(x)
	t := ct.goType(x)
	if pt, ok := t.(*types.Pointer); ok && recursiveNamed(pt.Elem()) {
		t = pt.Elem() // a pointer to a lowered array: its field too
	}
	if recursiveNamed(t) {
		switch ast.Unparen(x).(type) {
		case *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr, *ast.CallExpr:
		default:
			s = "(" + s + ")"
		}
		s += "." + recFieldName
	}
	return s
}

// recFieldOf is the field of a lowered recursive type's value written
// as s (an operand's text, or a temporary's name).
func recFieldOf(s string) string {
	if !token.IsIdentifier(strings.ReplaceAll(s, ".", "")) {
		s = "(" + s + ")"
	}
	return s + "." + recFieldName
}

// mentionsRecursive reports whether an expression inside x has a lowered
// recursive type (its text, copied by another pass, would miss this
// pass's rewriting).
func mentionsRecursive(ct *cellTypes, x ast.Expr) bool { return mentionsRecursiveAt(ct, x, false) }

// mentionsRecursiveAt is mentionsRecursive; with inside, x itself does not
// count.
func mentionsRecursiveAt(ct *cellTypes, x ast.Expr, inside bool) bool {
	found := false
	if x == nil {
		return false
	}
	top := ast.Unparen(x)
	ast.Inspect(x, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && !found && (!inside || e != x && e != top) {
			if tv, ok := ct.info.Types[e]; ok && tv.IsValue() && recursiveNamed(tv.Type) {
				found = true
			}
		}
		return !found
	})
	return found
}

// inSight reports whether the cell mentions a lowered type at all (the
// walk is skipped otherwise).
func (rl *recLower) inSight() bool {
	if rl.any {
		return true
	}
	for _, tv := range rl.ct.info.Types {
		if tv.Type != nil && mentionsType(tv.Type, rl.lowered, 0) {
			return true
		}
	}
	return false
}

// declare rewrites the cell's declarations of lowered types, and refuses
// the recursive types it cannot lower.
func (rl *recLower) declare() {
	p, ct := rl.p, rl.ct
	p.pc.inspect(func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || ts.Assign.IsValid() {
			return true
		}
		tn, ok := ct.info.Defs[ts.Name].(*types.TypeName)
		if !ok {
			return true
		}
		named, ok := tn.Type().(*types.Named)
		if !ok {
			return true
		}
		if rl.lowered(named) {
			rl.any = true
			p.r.addText(p.off(ts.Type.Pos()), p.off(ts.Type.Pos()), "struct{ "+recFieldName+" ")
			p.r.addTail(p.off(ts.Type.End()), " }")
			return true
		}
		if path := cycleWithoutStruct(named); path != "" {
			where := "declared inside a function"
			if ts.TypeParams != nil || named.TypeParams().Len() > 0 {
				where = "generic"
			}
			p.fail(ts.Name.Pos(), fmt.Sprintf("recursive type %s (it refers to itself through %s, with no struct or interface between) %s is not supported by the gophernote interpreter, which cannot build such a type; declare it at the top level of a cell without type parameters, or make the recursion go through a struct field (e.g. type %s struct{ next *%s })",
				ts.Name.Name, path, where, ts.Name.Name, ts.Name.Name))
		}
		return true
	})
}

// refuseDefinedFromRecursive refuses, for the pass "checks", a type
// defined from a recursive type (type D L): the interpreter would give it
// L's struct, and go/types itself fails on it when L comes from an earlier
// cell (the other passes would see no type). It reports whether it did.
func refuseDefinedFromRecursive(p *prep, ct *cellTypes) bool {
	if ct == nil || p.e.types == nil {
		return false
	}
	done := false
	p.pc.inspect(func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if done || !ok {
			return !done
		}
		var from types.Type
		switch x := ast.Unparen(ts.Type).(type) {
		case *ast.Ident:
			if obj, ok := ct.info.Uses[x].(*types.TypeName); ok {
				from = obj.Type()
			} else if obj, ok := p.e.types.passObjects()[x.Name].(*types.TypeName); ok && ct.pkg.Scope().Lookup(x.Name) == obj {
				from = obj.Type()
			}
		}
		if from == nil {
			// The cell's own type: its check had it.
			if id, ok := ast.Unparen(ts.Type).(*ast.Ident); ok {
				if obj, ok := ct.pkg.Scope().Lookup(id.Name).(*types.TypeName); ok {
					from = obj.Type()
				}
			}
		}
		if from == nil || !recursiveNamed(from) {
			return true
		}
		name := types.Unalias(from).(*types.Named).Obj().Name()
		p.fail(ts.Name.Pos(), fmt.Sprintf("type %s defined from the recursive type %s is not supported by the gophernote interpreter (the interpreter runs %s as a struct, which %s would share); write %s's type out, or use %s itself",
			ts.Name.Name, name, name, ts.Name.Name, ts.Name.Name, name))
		done = true
		return false
	})
	return done
}

// typeOf returns go/types' type of x, or nil.
func (rl *recLower) typeOf(x ast.Expr) types.Type {
	if tv, ok := rl.ct.info.Types[x]; ok && tv.IsType() {
		return nil
	}
	return rl.ct.goType(x)
}

// isValue reports whether x is an expression with a value (not a type).
func (rl *recLower) isValue(x ast.Expr) bool {
	tv, ok := rl.ct.info.Types[x]
	return ok && tv.IsValue()
}

// name returns the name a lowered type is written with in the cell.
func (rl *recLower) name(t types.Type) string {
	return types.Unalias(t).(*types.Named).Obj().Name()
}

// under writes x as its underlying type's value: x.GnV.
func (rl *recLower) under(x ast.Expr) {
	if x == nil || !rl.lowered(rl.typeOf(x)) {
		return
	}
	rl.field(x)
	switch ast.Unparen(x).(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr, *ast.CallExpr, *ast.SliceExpr, *ast.CompositeLit:
	default:
		rl.p.r.addText(rl.p.off(x.Pos()), rl.p.off(x.Pos()), "(")
		rl.p.r.addTail(rl.p.off(x.End()), ")")
	}
}

// field writes x.GnV: a name is replaced (a later pass's tail at its end,
// (<-c) of the pass recvslot, would otherwise come before the field); else
// a tail, which renders before the tails of parentheses added after it.
func (rl *recLower) field(x ast.Expr) {
	if id, ok := x.(*ast.Ident); ok {
		rl.p.r.addText(rl.p.off(id.Pos()), rl.p.off(id.End()), id.Name+"."+recFieldName)
		return
	}
	rl.p.r.addTail(rl.p.off(x.End()), "."+recFieldName)
}

// underIndexed is under for the operand of an index, a slice expression,
// range, len or cap, where Go also takes a pointer to an array: a pointer
// to a lowered array type reads its field too (p.GnV[i]).
func (rl *recLower) underIndexed(x ast.Expr) {
	if x == nil {
		return
	}
	if pt, ok := rl.typeOf(x).(*types.Pointer); ok && rl.lowered(pt.Elem()) {
		if _, ok := pt.Elem().Underlying().(*types.Array); ok {
			rl.field(x)
			switch ast.Unparen(x).(type) {
			case *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr, *ast.CallExpr:
			default:
				rl.p.r.addText(rl.p.off(x.Pos()), rl.p.off(x.Pos()), "(")
				rl.p.r.addTail(rl.p.off(x.End()), ")")
			}
			return
		}
	}
	rl.under(x)
}

// make writes x, a value of the underlying type of the lowered type t,
// as a t.
func (rl *recLower) make(x ast.Expr, t types.Type) {
	rl.p.r.addText(rl.p.off(x.Pos()), rl.p.off(x.Pos()), "("+rl.name(t)+"{")
	rl.p.r.addTail(rl.p.off(x.End()), "})")
}

// holds reports whether a value of type t shows a lowered type's struct to
// whoever inspects it through an interface: t is one, or holds one other
// than through a pointer, a func or a channel.
func (rl *recLower) holds(t types.Type, depth int) bool {
	if t == nil || depth > 16 {
		return false
	}
	if rl.lowered(t) {
		return true
	}
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Pointer:
		// fmt prints &[...] for a pointer it is given, addresses deeper.
		return depth == 0 && rl.holds(u.Elem(), depth+1)
	case *types.Slice:
		return rl.holds(u.Elem(), depth+1)
	case *types.Array:
		return rl.holds(u.Elem(), depth+1)
	case *types.Map:
		return rl.holds(u.Key(), depth+1) || rl.holds(u.Elem(), depth+1)
	case *types.Struct:
		for i := range u.NumFields() {
			if rl.holds(u.Field(i).Type(), depth+1) {
				return true
			}
		}
	}
	return false
}

// conv rewrites x, going where a value of type dst goes, when one of the
// two is a lowered type and the other its underlying type (or nil).
func (rl *recLower) conv(x ast.Expr, dst types.Type) {
	if x == nil || dst == nil {
		return
	}
	src := rl.typeOf(x)
	if src == nil {
		return
	}
	switch {
	case isInterface(dst):
		if !isInterface(src) && rl.holds(src, 0) {
			rl.p.fail(x.Pos(), fmt.Sprintf("a value of type %s (a recursive type, or holding one) going into an interface (%s) is not supported by the gophernote interpreter: it runs the recursive type as a struct, which fmt, reflect and encoding packages would see; use the value without an interface",
				types.TypeString(src, func(*types.Package) string { return "" }), types.TypeString(dst, func(p *types.Package) string {
					if p.Path() == "main" {
						return ""
					}
					return p.Name()
				})))
		}
	case rl.lowered(dst) && !types.Identical(src, dst):
		if b, ok := src.(*types.Basic); ok && b.Kind() == types.UntypedNil {
			rl.p.r.addText(rl.p.off(x.Pos()), rl.p.off(x.End()), "("+rl.name(dst)+"{})")
			return
		}
		rl.make(x, dst)
	case rl.lowered(src) && !types.Identical(src, dst):
		rl.under(x)
	}
}

// convTuple checks a multi-value expression x whose values go where
// values of the types dsts go: the rewriting cannot reach its values.
func (rl *recLower) convTuple(x ast.Expr, dsts []types.Type) {
	tup, ok := rl.typeOf(x).(*types.Tuple)
	if !ok {
		return
	}
	for i := range tup.Len() {
		if i >= len(dsts) || dsts[i] == nil {
			continue
		}
		src, dst := tup.At(i).Type(), dsts[i]
		if types.Identical(src, dst) {
			continue
		}
		if rl.lowered(src) || rl.lowered(dst) || isInterface(dst) && rl.holds(src, 0) {
			rl.p.fail(x.Pos(), "the values of this multi-value expression need converting to or from a recursive type, which the gophernote interpreter runs as a struct: assign them to variables of their own types first")
			return
		}
	}
}

// visit registers the rewriting of one node.
func (rl *recLower) visit(n ast.Node) bool {
	if rl.p.err != nil {
		return false
	}
	ct := rl.ct
	switch n := n.(type) {
	case nil:
		return true
	case *ast.FuncDecl:
		var sig *types.Signature
		if obj, ok := ct.info.Defs[n.Name].(*types.Func); ok {
			sig, _ = obj.Type().(*types.Signature)
		}
		rl.inFunc(sig, n.Body)
		return false
	case *ast.FuncLit:
		sig, _ := ct.goType(n).(*types.Signature)
		rl.inFunc(sig, n.Body)
		return false
	case *ast.ReturnStmt:
		if len(rl.funcs) == 0 || rl.funcs[len(rl.funcs)-1] == nil {
			break
		}
		res := rl.funcs[len(rl.funcs)-1].Results()
		if len(n.Results) == res.Len() {
			for i, r := range n.Results {
				rl.conv(r, res.At(i).Type())
			}
		} else if len(n.Results) == 1 {
			rl.convTuple(n.Results[0], tupleTypes(res))
		}
	case *ast.AssignStmt:
		if n.Tok != token.ASSIGN {
			break
		}
		lt := make([]types.Type, len(n.Lhs))
		for i, l := range n.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name == "_" {
				continue
			}
			lt[i] = ct.goType(l)
		}
		if len(n.Lhs) == len(n.Rhs) {
			for i := range n.Lhs {
				rl.conv(n.Rhs[i], lt[i])
			}
		} else if len(n.Rhs) == 1 {
			rl.convTuple(n.Rhs[0], lt)
		}
	case *ast.ValueSpec:
		if n.Type == nil {
			break
		}
		t := ct.goType(n.Type)
		if len(n.Values) == len(n.Names) {
			for i, v := range n.Values {
				if obj := ct.info.Defs[n.Names[i]]; n.Names[i].Name == "_" && isInterface(t) && obj != nil && obj.Parent() != obj.Pkg().Scope() {
					continue // var _ I = x in a function: the value goes nowhere
				}
				rl.conv(v, t)
			}
		} else if len(n.Values) == 1 {
			lt := make([]types.Type, len(n.Names))
			for i := range lt {
				lt[i] = t
			}
			rl.convTuple(n.Values[0], lt)
		}
	case *ast.CallExpr:
		rl.call(n)
	case *ast.CompositeLit:
		rl.compositeLit(n)
	case *ast.SendStmt:
		rl.under(n.Chan)
		if ch, ok := underOf(ct.goType(n.Chan)).(*types.Chan); ok {
			rl.conv(n.Value, ch.Elem())
		}
	case *ast.UnaryExpr:
		if n.Op == token.ARROW {
			rl.under(n.X)
		}
	case *ast.StarExpr:
		if rl.isValue(n) {
			rl.under(n.X)
		}
	case *ast.IndexExpr:
		if rl.isValue(n.X) {
			rl.underIndexed(n.X)
			if m, ok := underOf(ct.goType(n.X)).(*types.Map); ok {
				rl.conv(n.Index, m.Key())
			}
		}
	case *ast.SliceExpr:
		rl.underIndexed(n.X)
		if t := rl.typeOf(n); rl.lowered(t) {
			rl.make(n, t)
		}
	case *ast.RangeStmt:
		rl.underIndexed(n.X)
	case *ast.BinaryExpr:
		if n.Op != token.EQL && n.Op != token.NEQ {
			break
		}
		lt, rt := rl.typeOf(n.X), rl.typeOf(n.Y)
		isNil := func(t types.Type) bool {
			b, ok := t.(*types.Basic)
			return ok && b.Kind() == types.UntypedNil
		}
		switch {
		case rl.lowered(lt) && isNil(rt):
			rl.under(n.X)
		case rl.lowered(rt) && isNil(lt):
			rl.under(n.Y)
		case lt != nil && rt != nil && !types.Identical(lt, rt):
			if isInterface(lt) || isInterface(rt) {
				if isInterface(lt) {
					rl.conv(n.Y, lt)
				} else {
					rl.conv(n.X, rt)
				}
			} else if rl.lowered(lt) {
				rl.conv(n.Y, lt)
			} else if rl.lowered(rt) {
				rl.conv(n.X, rt)
			}
		}
	case *ast.SwitchStmt:
		if n.Tag == nil {
			break
		}
		tt := rl.typeOf(n.Tag)
		if rl.lowered(tt) {
			if _, ok := tt.Underlying().(*types.Signature); ok {
				rl.p.fail(n.Tag.Pos(), "a switch on a value of the recursive func type "+rl.name(tt)+" is not supported by the gophernote interpreter (it runs the type as a struct, which it cannot compare): write if "+rl.p.text(n.Tag)+" == nil")
				return false
			}
		}
		for _, s := range n.Body.List {
			if cc, ok := s.(*ast.CaseClause); ok {
				for _, e := range cc.List {
					rl.conv(e, tt)
				}
			}
		}
	}
	return true
}

// inFunc walks a function's body with its signature on the stack.
func (rl *recLower) inFunc(sig *types.Signature, body *ast.BlockStmt) {
	if body == nil {
		return
	}
	rl.funcs = append(rl.funcs, sig)
	ast.Inspect(body, rl.visit)
	rl.funcs = rl.funcs[:len(rl.funcs)-1]
}

// call rewrites a call, a conversion or a builtin's use.
func (rl *recLower) call(n *ast.CallExpr) {
	ct := rl.ct
	if tv, ok := ct.info.Types[n.Fun]; ok && tv.IsType() {
		if len(n.Args) != 1 {
			return
		}
		dst, a := tv.Type, n.Args[0]
		src := rl.typeOf(a)
		if src == nil || types.Identical(src, dst) {
			return
		}
		switch {
		case rl.lowered(dst):
			// T(u) → T{u}: a composite literal, parenthesized (it may be
			// in an if header).
			rl.p.r.addText(rl.p.off(n.Pos()), rl.p.off(n.Pos()), "(")
			rl.p.r.addText(rl.p.off(n.Lparen), rl.p.off(n.Lparen)+1, "{")
			rl.p.r.addText(rl.p.off(n.Rparen), rl.p.off(n.Rparen)+1, "})")
		case rl.lowered(src):
			if isInterface(dst) {
				rl.conv(a, dst)
				return
			}
			rl.under(a)
		}
		return
	}
	fun := ast.Unparen(n.Fun)
	if id, ok := fun.(*ast.Ident); ok {
		if _, ok := ct.info.Uses[id].(*types.Builtin); ok {
			rl.builtin(id.Name, n)
			return
		}
	}
	rl.under(n.Fun)
	sig, ok := underOf(ct.goType(n.Fun)).(*types.Signature)
	if !ok {
		return
	}
	params := sig.Params()
	if len(n.Args) == 1 && params.Len() > 1 {
		rl.convTuple(n.Args[0], tupleTypes(params))
		return
	}
	for i, a := range n.Args {
		var pt types.Type
		switch {
		case sig.Variadic() && i >= params.Len()-1:
			pt = params.At(params.Len() - 1).Type()
			if !n.Ellipsis.IsValid() {
				if s, ok := pt.(*types.Slice); ok {
					pt = s.Elem()
				}
			}
		case i < params.Len():
			pt = params.At(i).Type()
		}
		rl.conv(a, pt)
	}
}

// builtin rewrites a call of a builtin function.
func (rl *recLower) builtin(name string, n *ast.CallExpr) {
	ct := rl.ct
	switch name {
	case "len", "cap", "close", "clear", "delete":
		if len(n.Args) > 0 {
			rl.underIndexed(n.Args[0])
		}
		if name == "delete" && len(n.Args) == 2 {
			if m, ok := underOf(ct.goType(n.Args[0])).(*types.Map); ok {
				rl.conv(n.Args[1], m.Key())
			}
		}
	case "copy":
		for _, a := range n.Args {
			rl.under(a)
		}
	case "append":
		if len(n.Args) == 0 {
			return
		}
		rl.under(n.Args[0])
		st, ok := underOf(ct.goType(n.Args[0])).(*types.Slice)
		if n.Ellipsis.IsValid() {
			if len(n.Args) == 2 {
				rl.under(n.Args[1])
			}
		} else if ok {
			for _, a := range n.Args[1:] {
				rl.conv(a, st.Elem())
			}
		}
		if t := rl.typeOf(n); rl.lowered(t) {
			rl.make(n, t)
		}
	case "make":
		t := rl.typeOf(n)
		if !rl.lowered(t) || len(n.Args) == 0 {
			return
		}
		u, ok := rl.p.spellGoType(t.Underlying())
		if !ok {
			rl.p.fail(n.Pos(), "the engine cannot write the underlying type of "+rl.name(t)+" here")
			return
		}
		rl.p.r.addText(rl.p.off(n.Args[0].Pos()), rl.p.off(n.Args[0].End()), u)
		rl.make(n, t)
	case "panic", "print", "println":
		for _, a := range n.Args {
			rl.conv(a, types.Universe.Lookup("any").Type())
		}
	}
}

// compositeLit rewrites a composite literal of a lowered type as one of
// its struct, and converts the elements.
func (rl *recLower) compositeLit(n *ast.CompositeLit) {
	p := rl.p
	t := rl.ct.goType(n)
	if t == nil {
		return
	}
	if rl.lowered(t) {
		u, ok := p.spellGoType(t.Underlying())
		if !ok {
			p.fail(n.Pos(), "the engine cannot write the underlying type of "+rl.name(t)+" here")
			return
		}
		if n.Type != nil {
			p.r.addText(p.off(n.Type.Pos()), p.off(n.Type.End()), "("+rl.name(t)+"{"+u)
			p.r.addTail(p.off(n.End()), "})")
		} else {
			p.r.addText(p.off(n.Lbrace), p.off(n.Lbrace), "{"+u)
			p.r.addTail(p.off(n.End()), "}")
		}
	}
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Struct:
		for i, e := range n.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					for j := range u.NumFields() {
						if u.Field(j).Name() == id.Name {
							rl.conv(kv.Value, u.Field(j).Type())
						}
					}
				}
				continue
			}
			if i < u.NumFields() {
				rl.conv(e, u.Field(i).Type())
			}
		}
	case *types.Slice:
		rl.elems(n, nil, u.Elem())
	case *types.Array:
		rl.elems(n, nil, u.Elem())
	case *types.Map:
		rl.elems(n, u.Key(), u.Elem())
	case *types.Pointer:
		// &T{} elided as {} in a []*T: the literal's type is T itself.
	}
}

// elems converts a slice, array or map literal's elements (and keys).
func (rl *recLower) elems(n *ast.CompositeLit, key, elem types.Type) {
	for _, e := range n.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if key != nil {
				rl.conv(kv.Key, key)
			}
			rl.conv(kv.Value, elem)
			continue
		}
		rl.conv(e, elem)
	}
}

// cycleWithoutStruct reports how target's underlying type reaches target
// through pointers, slices, arrays, maps, channels, function signatures
// and other cell types only ("*Number", "[]B, then *A"), or "" when it
// does not.
func cycleWithoutStruct(target *types.Named) string {
	seen := map[*types.Named]bool{}
	var walk func(t types.Type, depth int) (string, bool)
	walk = func(t types.Type, depth int) (string, bool) {
		if depth > 64 {
			return "", false
		}
		switch t := types.Unalias(t).(type) {
		case *types.Named:
			if t.Obj() == target.Obj() {
				return t.Obj().Name(), true
			}
			if seen[t] || t.Obj().Pkg() == nil || t.Obj().Pkg().Path() != "main" {
				return "", false
			}
			seen[t] = true
			if s, ok := walk(t.Underlying(), depth+1); ok {
				return t.Obj().Name() + ", which is " + s, true
			}
		case *types.Pointer:
			if s, ok := walk(t.Elem(), depth+1); ok {
				return "*" + s, true
			}
		case *types.Slice:
			if s, ok := walk(t.Elem(), depth+1); ok {
				return "[]" + s, true
			}
		case *types.Array:
			if s, ok := walk(t.Elem(), depth+1); ok {
				return fmt.Sprintf("[%d]%s", t.Len(), s), true
			}
		case *types.Chan:
			if s, ok := walk(t.Elem(), depth+1); ok {
				return "chan " + s, true
			}
		case *types.Map:
			if s, ok := walk(t.Key(), depth+1); ok {
				return "a map key " + s, true
			}
			if s, ok := walk(t.Elem(), depth+1); ok {
				return "a map of " + s, true
			}
		case *types.Signature:
			for _, tup := range []*types.Tuple{t.Params(), t.Results()} {
				for i := 0; i < tup.Len(); i++ {
					if s, ok := walk(tup.At(i).Type(), depth+1); ok {
						return "a func of " + s, true
					}
				}
			}
		}
		// Struct, Interface, Basic, TypeParam: the cycle, if any, is one
		// yaegi builds.
		return "", false
	}
	s, _ := walk(target.Underlying(), 0)
	return s
}
