package engine

import (
	"fmt"
	"go/ast"
	"go/types"
	"sort"
	"strings"
)

// Workaround and refusal: struct types that refer to each other.
//
// yaegi v0.16 builds a cell's struct types with reflect the first time it
// needs one (the root), walking field types depth first in field order;
// reaching a struct type still being built gives a placeholder field type
// (unsafe2.dummy), and once the walk is done every placeholder is patched
// with the one type that made the last of them (interp/type.go, refType:
// ctx.rect is a single field). So when the walk's back references reach
// two or more different types, all but one placeholder get the wrong type
// (type Element struct{ next *Element; list *List } with type List
// struct{ root Element }, built from List: Element.next became a *List, a
// reflect.Set panic at the first e.next = ...); and a placeholder held by
// value makes a struct of the wrong size (garbage read back). Which type
// is the root depends on the code that first needs one.
//
// The pass "structcycles" (after the recursive types' lowering, on the
// cell as yaegi gets it) simulates that walk for each set of mutually
// referring struct types of the cell, from each type of the set: when a
// root gives at most one back-referenced type and no back reference by
// value, it makes that type the root with `var _ *R` right after the
// set's last type declaration (nothing the program can see); when none
// does and the set has container/list's shape (a type refers to itself
// while another holds it by value: an element pointing to itself and to
// its list, the list holding an element by value), the set is refused at
// its first type's name, saying what to change. Other sets without a
// right root (back references through pointers to several types) are
// left as they were: fixedbugs/bug336.go builds and uses such a set.

// structCycles is the pass "structcycles".
func structCycles(p *prep) {
	ct := p.cellTypes()
	if ct == nil || ct.pkg == nil {
		return
	}
	type decl struct {
		tn  *types.TypeName
		st  *types.Struct
		gd  *ast.GenDecl
		pos int
	}
	var decls []decl
	byName := map[*types.TypeName]int{}
	for _, d := range p.pc.decls.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, sp := range gd.Specs {
			ts, ok := sp.(*ast.TypeSpec)
			if !ok || ts.Assign.IsValid() || ts.TypeParams != nil {
				continue
			}
			tn, ok := ct.info.Defs[ts.Name].(*types.TypeName)
			if !ok || tn.Type() == nil {
				continue
			}
			st, ok := tn.Type().Underlying().(*types.Struct)
			if !ok {
				continue
			}
			byName[tn] = len(decls)
			decls = append(decls, decl{tn: tn, st: st, gd: gd, pos: p.off(gd.End())})
		}
	}
	if len(decls) < 2 {
		return
	}
	// edges(i) calls f for each struct type of the cell a field of decls[i]
	// reaches, in field order, and whether through no indirection.
	var reach func(t types.Type, direct bool, depth int, f func(j int, direct bool))
	reach = func(t types.Type, direct bool, depth int, f func(j int, direct bool)) {
		if depth > 32 || t == nil {
			return
		}
		switch u := types.Unalias(t).(type) {
		case *types.Named:
			if obj := u.Obj(); obj != nil {
				if j, ok := byName[obj]; ok {
					f(j, direct)
					return
				}
			}
			if _, ok := u.Underlying().(*types.Struct); ok {
				return // another package's, or a generic's: yaegi's own
			}
			if u.Obj().Pkg() != nil && u.Obj().Pkg().Path() == "main" {
				reach(u.Underlying(), direct, depth+1, f)
			}
		case *types.Pointer:
			reach(u.Elem(), false, depth+1, f)
		case *types.Slice:
			reach(u.Elem(), false, depth+1, f)
		case *types.Array:
			reach(u.Elem(), direct, depth+1, f)
		case *types.Map:
			reach(u.Key(), false, depth+1, f)
			reach(u.Elem(), false, depth+1, f)
		case *types.Chan:
			reach(u.Elem(), false, depth+1, f)
		case *types.Signature:
			for _, tup := range []*types.Tuple{u.Params(), u.Results()} {
				for k := range tup.Len() {
					reach(tup.At(k).Type(), false, depth+1, f)
				}
			}
		case *types.Struct:
			for k := range u.NumFields() {
				reach(u.Field(k).Type(), direct, depth+1, f)
			}
		}
	}
	edges := func(i int, f func(j int, direct bool)) {
		for k := range decls[i].st.NumFields() {
			reach(decls[i].st.Field(k).Type(), true, 0, f)
		}
	}
	// The sets of mutually referring types (strongly connected, with a
	// cycle), by Tarjan's algorithm.
	index, low, onStack := map[int]int{}, map[int]int{}, map[int]bool{}
	var stack []int
	var sccs [][]int
	next := 0
	var strong func(v int)
	strong = func(v int) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		edges(v, func(w int, _ bool) {
			if _, seen := index[w]; !seen {
				strong(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		})
		if low[v] == index[v] {
			var c []int
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				c = append(c, w)
				if w == v {
					break
				}
			}
			if len(c) > 1 {
				sort.Ints(c)
				sccs = append(sccs, c)
			}
		}
	}
	for i := range decls {
		if _, seen := index[i]; !seen {
			strong(i)
		}
	}
	for _, c := range sccs {
		// valid reports whether yaegi's walk from root builds c right.
		valid := func(root int) bool {
			state := map[int]int{} // 1 in progress, 2 built
			targets := map[int]bool{}
			ok := true
			var visit func(v int)
			visit = func(v int) {
				state[v] = 1
				edges(v, func(w int, direct bool) {
					switch state[w] {
					case 1:
						targets[w] = true
						if direct {
							ok = false
						}
					case 0:
						visit(w)
					}
				})
				state[v] = 2
			}
			visit(root)
			return ok && len(targets) <= 1
		}
		root := -1
		for _, v := range c {
			if valid(v) {
				root = v
				break
			}
		}
		last := c[0]
		for _, v := range c {
			if decls[v].pos > decls[last].pos {
				last = v
			}
		}
		if root < 0 {
			// No root builds the set right. Refused: the shape that then
			// crashes or reads garbage (container/list's: a type refers to
			// itself, another holds it by value). Else (back references
			// through pointers to several types; fixedbugs/bug336.go
			// runs) the first root without a back reference by value.
			selfRef, heldByValue := map[int]bool{}, map[int]bool{}
			for _, v := range c {
				edges(v, func(w int, direct bool) {
					if w == v {
						selfRef[v] = true
					} else if direct {
						heldByValue[w] = true
					}
				})
			}
			bad := false
			for v := range selfRef {
				bad = bad || heldByValue[v]
			}
			if !bad {
				continue
			}
			var names []string
			for _, v := range c {
				names = append(names, decls[v].tn.Name())
			}
			first := c[0]
			for _, v := range c {
				if decls[v].tn.Pos() < decls[first].tn.Pos() {
					first = v
				}
			}
			p.fail(decls[first].tn.Pos(), fmt.Sprintf("the struct types %s refer to each other in a way the gophernote interpreter cannot build (yaegi would give a field the wrong type: a type of the set refers to itself while another holds one by value, or back references reach several types of the set); hold the set's struct values in each other through pointers (a field of type *T instead of T), or keep a type's reference to itself out of the set",
				strings.Join(names, ", ")))
			return
		}
		p.r.addTail(decls[last].pos, "\nvar _ *"+decls[root].tn.Name())
	}
}
