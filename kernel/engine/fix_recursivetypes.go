package engine

import (
	"fmt"
	"go/ast"
	"go/types"
)

// Refusal: a defined type that contains itself other than through a
// struct or an interface.
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
// next *L }) or an interface (type I interface{ M() I }) runs right. So
// the pass "recursivetypes" refuses, at the type's name, a cell type
// declaration whose cycle has no struct or interface on it, saying how to
// write it with a struct.

// refuseRecursiveTypes is the pass "recursivetypes".
func refuseRecursiveTypes(p *prep) {
	ct := p.cellTypes()
	if ct == nil {
		return
	}
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
		if path := cycleWithoutStruct(named); path != "" {
			p.fail(ts.Name.Pos(), fmt.Sprintf("recursive type %s (it refers to itself through %s, with no struct or interface between) is not supported by the gophernote interpreter, which cannot build such a type; make the recursion go through a struct field (e.g. type %s struct{ next *%s })",
				ts.Name.Name, path, ts.Name.Name, ts.Name.Name))
		}
		return true
	})
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
