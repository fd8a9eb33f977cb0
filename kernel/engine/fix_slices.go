package engine

import (
	"cmp"
	"fmt"
	"go/ast"
	"reflect"
	"slices"
	"sort"
	"strings"
)

// Workaround: the generic functions of packages slices and maps.
//
// Go generics cannot be extracted into yaegi's symbol tables, and yaegi's
// own interpreted copies of slices and maps fail on many functions. So
// the functions users reach for are rewritten: to compiled reflection-
// based functions of _gnrt (Sort, SortFunc, SortStableFunc, Reverse) or
// to interpreted generic helpers (the table slicesRewrites);
// slices.Collect and slices.Sorted of maps.Keys or maps.Values become
// helpers too, so that no iterator is involved.

func init() {
	for name, h := range map[string]helper{
		"_gnSlicesMin": {src: `func _gnSlicesMin[T ` + orderedSet + `](s []T) T {
	if len(s) == 0 {
		panic("slices.Min: empty list")
	}
	return _gnMin(s[0], s[1:]...)
}`, deps: []string{"_gnMin"}},
		"_gnSlicesMax": {src: `func _gnSlicesMax[T ` + orderedSet + `](s []T) T {
	if len(s) == 0 {
		panic("slices.Max: empty list")
	}
	return _gnMax(s[0], s[1:]...)
}`, deps: []string{"_gnMax"}},
		"_gnSlicesIndex": {src: `func _gnSlicesIndex[T comparable](s []T, v T) int {
	for i := 0; i < len(s); i++ {
		if s[i] == v {
			return i
		}
	}
	return -1
}`},
		"_gnSlicesContains": {src: `func _gnSlicesContains[T comparable](s []T, v T) bool {
	return _gnSlicesIndex(s, v) >= 0
}`, deps: []string{"_gnSlicesIndex"}},
		"_gnSlicesEqual": {src: `func _gnSlicesEqual[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}`},
		"_gnSlicesBinarySearch": {src: `func _gnSlicesBinarySearch[T ` + orderedSet + `](s []T, v T) (int, bool) {
	lo, hi := 0, len(s)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if s[m] < v {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(s) && s[lo] == v
}`},
		"_gnMapKeys": {src: `func _gnMapKeys[K comparable, V any](m map[K]V) []K {
	r := make([]K, 0, len(m))
	for k := range m {
		r = append(r, k)
	}
	return r
}`},
		"_gnMapValues": {src: `func _gnMapValues[K comparable, V any](m map[K]V) []V {
	r := make([]V, 0, len(m))
	for _, v := range m {
		r = append(r, v)
	}
	return r
}`},
		"_gnSortedKeys": {src: `func _gnSortedKeys[K ` + orderedSet + `, V any](m map[K]V) []K {
	r := _gnMapKeys(m)
	` + rtName + `.SlicesSort(r)
	return r
}`, deps: []string{"_gnMapKeys"}},
		"_gnSortedValues": {src: `func _gnSortedValues[K comparable, V ` + orderedSet + `](m map[K]V) []V {
	r := _gnMapValues(m)
	` + rtName + `.SlicesSort(r)
	return r
}`, deps: []string{"_gnMapValues"}},
	} {
		helpers[name] = h
	}
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{
			"SlicesSort": reflect.ValueOf(rtSort),
			"SortFunc":   reflect.ValueOf(rtSortFunc),
			"SortStable": reflect.ValueOf(rtSortStableFunc),
			"Reverse":    reflect.ValueOf(rtReverse),
		}
	})
}

// slicesRewrites maps slices.Name to the helper or rt function replacing it.
var slicesRewrites = map[string]string{
	"Sort":           rtName + ".SlicesSort",
	"SortFunc":       rtName + ".SortFunc",
	"SortStableFunc": rtName + ".SortStable",
	"Reverse":        rtName + ".Reverse",
	"Min":            "_gnSlicesMin",
	"Max":            "_gnSlicesMax",
	"Index":          "_gnSlicesIndex",
	"Contains":       "_gnSlicesContains",
	"Equal":          "_gnSlicesEqual",
	"BinarySearch":   "_gnSlicesBinarySearch",
}

// slicesGeneric reports whether slices.name is replaced by a generic
// helper (so that a top-level := of its result needs the stash).
func slicesGeneric(name string) bool {
	rw, ok := slicesRewrites[name]
	return ok && strings.HasPrefix(rw, "_gn") || name == "Collect" || name == "Sorted"
}

// rewriteSlices is the pass "slices".
func rewriteSlices(p *prep) {
	p.use(factIterOK)
	visit := func(n ast.Node) bool {
		if n == nil || p.iterOK[n] {
			return false
		}
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fun, ok := c.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := fun.X.(*ast.Ident)
		if !ok || !p.isPkg(id, "slices") {
			return true
		}
		if (fun.Sel.Name == "Collect" || fun.Sel.Name == "Sorted") && len(c.Args) == 1 {
			if h, m, ok := mapsIter(p, c.Args[0], fun.Sel.Name == "Sorted"); ok {
				p.iterOK[c.Args[0]] = true
				p.iterOK[fun] = true
				p.needHelper(h)
				p.r.add(p.off(c.Pos()), p.off(c.End()), func(r *renderer) string {
					return h + "(" + r.render(p.off(m.Pos()), p.off(m.End())) + ")"
				})
				return true
			}
		}
		if rw, ok := slicesRewrites[fun.Sel.Name]; ok {
			p.iterOK[fun] = true
			if strings.HasPrefix(rw, "_gn") {
				p.needHelper(rw)
			}
			p.r.addText(p.off(fun.Pos()), p.off(fun.End()), rw)
		}
		return true
	}
	ast.Inspect(p.pc.decls, visit)
	ast.Inspect(p.pc.stmts.Body, visit)
}

// rtSort implements slices.Sort for slices of ordered element kinds.
func rtSort(x any) {
	switch s := x.(type) {
	case []int:
		slices.Sort(s)
		return
	case []float64:
		slices.Sort(s)
		return
	case []string:
		slices.Sort(s)
		return
	}
	v := reflect.ValueOf(x)
	if v.Kind() != reflect.Slice {
		panic(fmt.Sprintf("slices.Sort: argument must be a slice, not %T", x))
	}
	less := orderedLess(v.Type().Elem())
	if less == nil {
		panic(fmt.Sprintf("slices.Sort: element type %s is not ordered", v.Type().Elem()))
	}
	sort.SliceStable(x, func(i, j int) bool { return less(v.Index(i), v.Index(j)) })
}

// orderedLess returns a comparison for values of an ordered kind, or nil.
func orderedLess(t reflect.Type) func(a, b reflect.Value) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(a, b reflect.Value) bool { return a.Int() < b.Int() }
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(a, b reflect.Value) bool { return a.Uint() < b.Uint() }
	case reflect.Float32, reflect.Float64:
		return func(a, b reflect.Value) bool { return cmp.Less(a.Float(), b.Float()) }
	case reflect.String:
		return func(a, b reflect.Value) bool { return a.String() < b.String() }
	}
	return nil
}

// rtSortFunc implements slices.SortFunc; cmpFn is func(a, b E) int.
func rtSortFunc(x, cmpFn any) { sortFunc(x, cmpFn, false) }

// rtSortStableFunc implements slices.SortStableFunc.
func rtSortStableFunc(x, cmpFn any) { sortFunc(x, cmpFn, true) }

func sortFunc(x, cmpFn any, stable bool) {
	v := reflect.ValueOf(x)
	f := reflect.ValueOf(cmpFn)
	if v.Kind() != reflect.Slice || f.Kind() != reflect.Func {
		panic(fmt.Sprintf("slices.SortFunc: want a slice and a func(a, b E) int, got %T and %T", x, cmpFn))
	}
	less := func(i, j int) bool {
		return f.Call([]reflect.Value{v.Index(i), v.Index(j)})[0].Int() < 0
	}
	if stable {
		sort.SliceStable(x, less)
	} else {
		sort.Slice(x, less)
	}
}

// rtReverse implements slices.Reverse.
func rtReverse(x any) {
	v := reflect.ValueOf(x)
	if v.Kind() != reflect.Slice {
		panic(fmt.Sprintf("slices.Reverse: argument must be a slice, not %T", x))
	}
	swap := reflect.Swapper(x)
	for i, j := 0, v.Len()-1; i < j; i, j = i+1, j-1 {
		swap(i, j)
	}
}

// mapsIter recognizes maps.Keys(m) and maps.Values(m) as the argument of
// slices.Collect or slices.Sorted, returning the helper and m.
func mapsIter(p *prep, x ast.Expr, sorted bool) (string, ast.Expr, bool) {
	c, ok := x.(*ast.CallExpr)
	if !ok || len(c.Args) != 1 {
		return "", nil, false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", nil, false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok || !p.isPkg(id, "maps") {
		return "", nil, false
	}
	switch {
	case sel.Sel.Name == "Keys" && !sorted:
		return "_gnMapKeys", c.Args[0], true
	case sel.Sel.Name == "Keys":
		return "_gnSortedKeys", c.Args[0], true
	case sel.Sel.Name == "Values" && !sorted:
		return "_gnMapValues", c.Args[0], true
	case sel.Sel.Name == "Values":
		return "_gnSortedValues", c.Args[0], true
	}
	return "", nil, false
}
