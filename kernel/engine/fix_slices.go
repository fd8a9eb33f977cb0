package engine

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/types"
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"strings"
)

// Workaround: the generic functions of slices, maps, cmp and
// math/rand/v2.
//
// Go generics cannot be extracted into yaegi's symbol tables, and yaegi's
// own interpreted copies of slices and maps fail on most functions
// ("undefined type for E", "nil reflect type", a missing clear):
// maps.Equal, slices.Insert, Delete, Clone, Compact, Concat, Compare...;
// IsSorted, Sort, Min, Max and Repeat are missing; rand.N too. So a call
// of one of them is rewritten (the table stdShims): to a compiled
// reflection-based function of _gnrt (Sort, SortFunc, SortStableFunc,
// Reverse), or to an interpreted generic helper over plain []E and
// map[K]V, written here after Go's documented semantics (panics, NaN
// handling, zeroing of obsolete elements, nil results). The helper gets
// its type arguments explicitly, from what go/types inferred for the real
// function (yaegi's own inference fails over compiled values), and its
// result is converted back to a named slice or map type when the
// argument had one (Go returns S, the helper []E). slices.Collect and
// slices.Sorted of maps.Keys or maps.Values become helpers too, so that
// no iterator is involved. Tested against compiled Go in
// fix_slices_test.go.

// stdShim replaces one generic standard function.
type stdShim struct {
	rt     string // a _gnrt function (reflection-based), or
	helper string // an interpreted helper (in helpers)
	// typeArgs are the indexes of the real function's type arguments the
	// helper takes, in its order (slices.Insert[S, E] -> [1]: E).
	typeArgs []int
	// assert: the rt function returns any; the call asserts the type of
	// the real function's result (its type argument typeArgs[0]).
	assert bool
}

var stdShims = map[string]stdShim{
	"slices.Sort":             {rt: "SlicesSort"},
	"slices.SortFunc":         {rt: "SortFunc"},
	"slices.SortStableFunc":   {rt: "SortStable"},
	"slices.Reverse":          {rt: "Reverse"},
	"slices.Min":              {helper: "_gnSlicesMin", typeArgs: []int{1}},
	"slices.Max":              {helper: "_gnSlicesMax", typeArgs: []int{1}},
	"slices.MinFunc":          {helper: "_gnSlicesMinFunc", typeArgs: []int{1}},
	"slices.MaxFunc":          {helper: "_gnSlicesMaxFunc", typeArgs: []int{1}},
	"slices.Index":            {helper: "_gnSlicesIndex", typeArgs: []int{1}},
	"slices.IndexFunc":        {helper: "_gnSlicesIndexFunc", typeArgs: []int{1}},
	"slices.Contains":         {helper: "_gnSlicesContains", typeArgs: []int{1}},
	"slices.ContainsFunc":     {helper: "_gnSlicesContainsFunc", typeArgs: []int{1}},
	"slices.Equal":            {helper: "_gnSlicesEqual", typeArgs: []int{1}},
	"slices.EqualFunc":        {helper: "_gnSlicesEqualFunc", typeArgs: []int{2, 3}},
	"slices.Compare":          {helper: "_gnSlicesCompare", typeArgs: []int{1}},
	"slices.CompareFunc":      {helper: "_gnSlicesCompareFunc", typeArgs: []int{2, 3}},
	"slices.BinarySearch":     {helper: "_gnSlicesBinarySearch", typeArgs: []int{1}},
	"slices.BinarySearchFunc": {helper: "_gnSlicesBinarySearchFunc", typeArgs: []int{1, 2}},
	"slices.IsSorted":         {helper: "_gnSlicesIsSorted", typeArgs: []int{1}},
	"slices.IsSortedFunc":     {helper: "_gnSlicesIsSortedFunc", typeArgs: []int{1}},
	"slices.Insert":           {helper: "_gnSlicesInsert", typeArgs: []int{1}},
	"slices.Delete":           {helper: "_gnSlicesDelete", typeArgs: []int{1}},
	"slices.DeleteFunc":       {helper: "_gnSlicesDeleteFunc", typeArgs: []int{1}},
	"slices.Replace":          {helper: "_gnSlicesReplace", typeArgs: []int{1}},
	"slices.Clone":            {helper: "_gnSlicesClone", typeArgs: []int{1}},
	"slices.Compact":          {helper: "_gnSlicesCompact", typeArgs: []int{1}},
	"slices.CompactFunc":      {helper: "_gnSlicesCompactFunc", typeArgs: []int{1}},
	"slices.Concat":           {helper: "_gnSlicesConcat", typeArgs: []int{1}},
	"slices.Repeat":           {helper: "_gnSlicesRepeat", typeArgs: []int{1}},
	"slices.Grow":             {helper: "_gnSlicesGrow", typeArgs: []int{1}},
	"slices.Clip":             {helper: "_gnSlicesClip", typeArgs: []int{1}},
	"maps.Equal":              {helper: "_gnMapsEqual", typeArgs: []int{2, 3}},
	"maps.EqualFunc":          {helper: "_gnMapsEqualFunc", typeArgs: []int{2, 3, 4}},
	"maps.Clone":              {helper: "_gnMapsClone", typeArgs: []int{1, 2}},
	"maps.Copy":               {helper: "_gnMapsCopy", typeArgs: []int{2, 3}},
	"maps.DeleteFunc":         {helper: "_gnMapsDeleteFunc", typeArgs: []int{1, 2}},
	"cmp.Compare":             {helper: "_gnCmpCompare", typeArgs: []int{0}},
	"cmp.Less":                {helper: "_gnCmpLess", typeArgs: []int{0}},
	"cmp.Or":                  {helper: "_gnCmpOr", typeArgs: []int{0}},
	"rand.N":                  {rt: "RandN", typeArgs: []int{0}, assert: true},
}

// shimPaths are the import paths of the shimmed packages, by the package
// name stdShims uses.
var shimPaths = map[string]string{"slices": "slices", "maps": "maps", "cmp": "cmp", "rand": "math/rand/v2"}

// shimHelpers are the interpreted helpers: name -> source (and the
// helpers it calls).
var shimHelpers = map[string]helper{
	"_gnCmpLess": {src: `func _gnCmpLess[T ` + orderedSet + `](x, y T) bool {
	return (x != x && y == y) || x < y
}`},
	"_gnCmpCompare": {src: `func _gnCmpCompare[T ` + orderedSet + `](x, y T) int {
	xNaN, yNaN := x != x, y != y
	if xNaN {
		if yNaN {
			return 0
		}
		return -1
	}
	if yNaN {
		return +1
	}
	if x < y {
		return -1
	}
	if x > y {
		return +1
	}
	return 0
}`},
	"_gnCmpOr": {src: `func _gnCmpOr[T comparable](vals ...T) T {
	var zero T
	for _, v := range vals {
		if v != zero {
			return v
		}
	}
	return zero
}`},
	"_gnSlicesMin": {src: `func _gnSlicesMin[E ` + orderedSet + `](x []E) E {
	if len(x) < 1 {
		panic("slices.Min: empty list")
	}
	m := x[0]
	for i := 1; i < len(x); i++ {
		if x[i] < m || x[i] != x[i] {
			m = x[i]
		}
		if m != m {
			return m
		}
	}
	return m
}`},
	"_gnSlicesMax": {src: `func _gnSlicesMax[E ` + orderedSet + `](x []E) E {
	if len(x) < 1 {
		panic("slices.Max: empty list")
	}
	m := x[0]
	for i := 1; i < len(x); i++ {
		if x[i] > m || x[i] != x[i] {
			m = x[i]
		}
		if m != m {
			return m
		}
	}
	return m
}`},
	"_gnSlicesMinFunc": {src: `func _gnSlicesMinFunc[E any](x []E, cmp func(a, b E) int) E {
	if len(x) < 1 {
		panic("slices.MinFunc: empty list")
	}
	m := x[0]
	for i := 1; i < len(x); i++ {
		if cmp(x[i], m) < 0 {
			m = x[i]
		}
	}
	return m
}`},
	"_gnSlicesMaxFunc": {src: `func _gnSlicesMaxFunc[E any](x []E, cmp func(a, b E) int) E {
	if len(x) < 1 {
		panic("slices.MaxFunc: empty list")
	}
	m := x[0]
	for i := 1; i < len(x); i++ {
		if cmp(x[i], m) > 0 {
			m = x[i]
		}
	}
	return m
}`},
	"_gnSlicesIndex": {src: `func _gnSlicesIndex[E comparable](s []E, v E) int {
	for i := 0; i < len(s); i++ {
		if v == s[i] {
			return i
		}
	}
	return -1
}`},
	"_gnSlicesIndexFunc": {src: `func _gnSlicesIndexFunc[E any](s []E, f func(E) bool) int {
	for i := 0; i < len(s); i++ {
		if f(s[i]) {
			return i
		}
	}
	return -1
}`},
	"_gnSlicesContains": {src: `func _gnSlicesContains[E comparable](s []E, v E) bool {
	return _gnSlicesIndex[E](s, v) >= 0
}`, deps: []string{"_gnSlicesIndex"}},
	"_gnSlicesContainsFunc": {src: `func _gnSlicesContainsFunc[E any](s []E, f func(E) bool) bool {
	return _gnSlicesIndexFunc[E](s, f) >= 0
}`, deps: []string{"_gnSlicesIndexFunc"}},
	"_gnSlicesEqual": {src: `func _gnSlicesEqual[E comparable](s1, s2 []E) bool {
	if len(s1) != len(s2) {
		return false
	}
	for i := 0; i < len(s1); i++ {
		if s1[i] != s2[i] {
			return false
		}
	}
	return true
}`},
	"_gnSlicesEqualFunc": {src: `func _gnSlicesEqualFunc[E1, E2 any](s1 []E1, s2 []E2, eq func(E1, E2) bool) bool {
	if len(s1) != len(s2) {
		return false
	}
	for i := 0; i < len(s1); i++ {
		if !eq(s1[i], s2[i]) {
			return false
		}
	}
	return true
}`},
	"_gnSlicesCompare": {src: `func _gnSlicesCompare[E ` + orderedSet + `](s1, s2 []E) int {
	for i := 0; i < len(s1); i++ {
		if i >= len(s2) {
			return +1
		}
		if c := _gnCmpCompare[E](s1[i], s2[i]); c != 0 {
			return c
		}
	}
	if len(s1) < len(s2) {
		return -1
	}
	return 0
}`, deps: []string{"_gnCmpCompare"}},
	"_gnSlicesCompareFunc": {src: `func _gnSlicesCompareFunc[E1, E2 any](s1 []E1, s2 []E2, cmp func(E1, E2) int) int {
	for i := 0; i < len(s1); i++ {
		if i >= len(s2) {
			return +1
		}
		if c := cmp(s1[i], s2[i]); c != 0 {
			return c
		}
	}
	if len(s1) < len(s2) {
		return -1
	}
	return 0
}`},
	"_gnSlicesBinarySearch": {src: `func _gnSlicesBinarySearch[E ` + orderedSet + `](x []E, target E) (int, bool) {
	n := len(x)
	i, j := 0, n
	for i < j {
		h := int(uint(i+j) >> 1)
		if _gnCmpLess[E](x[h], target) {
			i = h + 1
		} else {
			j = h
		}
	}
	return i, i < n && (x[i] == target || (x[i] != x[i] && target != target))
}`, deps: []string{"_gnCmpLess"}},
	"_gnSlicesBinarySearchFunc": {src: `func _gnSlicesBinarySearchFunc[E, T any](x []E, target T, cmp func(E, T) int) (int, bool) {
	n := len(x)
	i, j := 0, n
	for i < j {
		h := int(uint(i+j) >> 1)
		if cmp(x[h], target) < 0 {
			i = h + 1
		} else {
			j = h
		}
	}
	return i, i < n && cmp(x[i], target) == 0
}`},
	"_gnSlicesIsSorted": {src: `func _gnSlicesIsSorted[E ` + orderedSet + `](x []E) bool {
	for i := len(x) - 1; i > 0; i-- {
		if _gnCmpLess[E](x[i], x[i-1]) {
			return false
		}
	}
	return true
}`, deps: []string{"_gnCmpLess"}},
	"_gnSlicesIsSortedFunc": {src: `func _gnSlicesIsSortedFunc[E any](x []E, cmp func(a, b E) int) bool {
	for i := len(x) - 1; i > 0; i-- {
		if cmp(x[i], x[i-1]) < 0 {
			return false
		}
	}
	return true
}`},
	"_gnSlicesInsert": {src: `func _gnSlicesInsert[E any](s []E, i int, v ...E) []E {
	_ = s[i:]
	m := len(v)
	if m == 0 {
		return s
	}
	n := len(s)
	if i == n {
		return append(s, v...)
	}
	if n+m > cap(s) {
		s2 := append(s[:i], make([]E, n+m-i)...)
		copy(s2[i:], v)
		copy(s2[i+m:], s[i:])
		return s2
	}
	s = s[:n+m]
	copy(s[i+m:], s[i:n])
	copy(s[i:], v)
	return s
}`},
	"_gnSlicesDelete": {src: `func _gnSlicesDelete[E any](s []E, i, j int) []E {
	_ = s[i:j:len(s)]
	if i == j {
		return s
	}
	oldlen := len(s)
	s = append(s[:i], s[j:]...)
	var zero E
	for k := len(s); k < oldlen; k++ {
		s[:oldlen][k] = zero
	}
	return s
}`},
	"_gnSlicesDeleteFunc": {src: `func _gnSlicesDeleteFunc[E any](s []E, del func(E) bool) []E {
	i := _gnSlicesIndexFunc[E](s, del)
	if i == -1 {
		return s
	}
	for j := i + 1; j < len(s); j++ {
		if v := s[j]; !del(v) {
			s[i] = v
			i++
		}
	}
	var zero E
	for k := i; k < len(s); k++ {
		s[k] = zero
	}
	return s[:i]
}`, deps: []string{"_gnSlicesIndexFunc"}},
	"_gnSlicesReplace": {src: `func _gnSlicesReplace[E any](s []E, i, j int, v ...E) []E {
	_ = s[i:j]
	tail := append([]E(nil), s[j:]...)
	oldlen := len(s)
	r := append(s[:i], v...)
	r = append(r, tail...)
	if len(r) < oldlen {
		var zero E
		for k := len(r); k < oldlen; k++ {
			s[:oldlen][k] = zero
		}
	}
	return r
}`},
	"_gnSlicesClone": {src: `func _gnSlicesClone[E any](s []E) []E {
	if s == nil {
		return nil
	}
	return append([]E{}, s...)
}`},
	"_gnSlicesCompact": {src: `func _gnSlicesCompact[E comparable](s []E) []E {
	if len(s) < 2 {
		return s
	}
	i := 1
	for k := 1; k < len(s); k++ {
		if s[k] != s[k-1] {
			if i != k {
				s[i] = s[k]
			}
			i++
		}
	}
	var zero E
	for k := i; k < len(s); k++ {
		s[k] = zero
	}
	return s[:i]
}`},
	"_gnSlicesCompactFunc": {src: `func _gnSlicesCompactFunc[E any](s []E, eq func(E, E) bool) []E {
	if len(s) < 2 {
		return s
	}
	i := 1
	for k := 1; k < len(s); k++ {
		if !eq(s[k], s[k-1]) {
			if i != k {
				s[i] = s[k]
			}
			i++
		}
	}
	var zero E
	for k := i; k < len(s); k++ {
		s[k] = zero
	}
	return s[:i]
}`},
	"_gnSlicesConcat": {src: `func _gnSlicesConcat[E any](ss ...[]E) []E {
	size := 0
	for _, s := range ss {
		size += len(s)
		if size < 0 {
			panic("len out of range")
		}
	}
	if size == 0 {
		return nil
	}
	r := make([]E, 0, size)
	for _, s := range ss {
		r = append(r, s...)
	}
	return r
}`},
	"_gnSlicesRepeat": {src: `func _gnSlicesRepeat[E any](x []E, count int) []E {
	if count < 0 {
		panic("cannot be negative")
	}
	r := make([]E, 0, len(x)*count)
	for i := 0; i < count; i++ {
		r = append(r, x...)
	}
	return r
}`},
	"_gnSlicesGrow": {src: `func _gnSlicesGrow[E any](s []E, n int) []E {
	if n < 0 {
		panic("cannot be negative")
	}
	if n -= cap(s) - len(s); n > 0 {
		s = append(s[:cap(s)], make([]E, n)...)[:len(s)]
	}
	return s
}`},
	"_gnSlicesClip": {src: `func _gnSlicesClip[E any](s []E) []E {
	return s[:len(s):len(s)]
}`},
	"_gnMapsEqual": {src: `func _gnMapsEqual[K, V comparable](m1, m2 map[K]V) bool {
	if len(m1) != len(m2) {
		return false
	}
	for k, v1 := range m1 {
		if v2, ok := m2[k]; !ok || v1 != v2 {
			return false
		}
	}
	return true
}`},
	"_gnMapsEqualFunc": {src: `func _gnMapsEqualFunc[K comparable, V1, V2 any](m1 map[K]V1, m2 map[K]V2, eq func(V1, V2) bool) bool {
	if len(m1) != len(m2) {
		return false
	}
	for k, v1 := range m1 {
		if v2, ok := m2[k]; !ok || !eq(v1, v2) {
			return false
		}
	}
	return true
}`},
	"_gnMapsClone": {src: `func _gnMapsClone[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return nil
	}
	r := make(map[K]V, len(m))
	for k, v := range m {
		r[k] = v
	}
	return r
}`},
	"_gnMapsCopy": {src: `func _gnMapsCopy[K comparable, V any](dst, src map[K]V) {
	for k, v := range src {
		dst[k] = v
	}
}`},
	"_gnMapsDeleteFunc": {src: `func _gnMapsDeleteFunc[K comparable, V any](m map[K]V, del func(K, V) bool) {
	for k, v := range m {
		if del(k, v) {
			delete(m, k)
		}
	}
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
	r := _gnMapKeys[K, V](m)
	` + rtName + `.SlicesSort(r)
	return r
}`, deps: []string{"_gnMapKeys"}},
	"_gnSortedValues": {src: `func _gnSortedValues[K comparable, V ` + orderedSet + `](m map[K]V) []V {
	r := _gnMapValues[K, V](m)
	` + rtName + `.SlicesSort(r)
	return r
}`, deps: []string{"_gnMapValues"}},
}

func init() {
	for name, h := range shimHelpers {
		helpers[name] = h
	}
	rtParts = append(rtParts, func(*Engine) map[string]reflect.Value {
		return map[string]reflect.Value{
			"SlicesSort": reflect.ValueOf(rtSort),
			"SortFunc":   reflect.ValueOf(rtSortFunc),
			"SortStable": reflect.ValueOf(rtSortStableFunc),
			"Reverse":    reflect.ValueOf(rtReverse),
			"RandN":      reflect.ValueOf(rtRandN),
		}
	})
}

// shimFor returns the shim of a call's function sel (pkg.Name), if any.
func shimFor(s *scope, sel *ast.SelectorExpr) (stdShim, bool) {
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return stdShim{}, false
	}
	for name, path := range shimPaths {
		if s.isPkg(id, path) {
			sh, ok := stdShims[name+"."+sel.Sel.Name]
			return sh, ok
		}
	}
	return stdShim{}, false
}

// slicesGeneric reports whether the call of sel is replaced by a generic
// helper (so that a top-level := of its result needs the stash).
func slicesGeneric(s *scope, sel *ast.SelectorExpr) bool {
	if id, ok := sel.X.(*ast.Ident); ok && s.isPkg(id, "slices") && (sel.Sel.Name == "Collect" || sel.Sel.Name == "Sorted") {
		return true
	}
	sh, ok := shimFor(s, sel)
	return ok && sh.helper != ""
}

// rewriteSlices is the pass "slices".
func rewriteSlices(p *prep) {
	p.use(factIterOK)
	ct := p.cellTypes()
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
		if !ok {
			return true
		}
		if p.isPkg(id, "slices") && (fun.Sel.Name == "Collect" || fun.Sel.Name == "Sorted") && len(c.Args) == 1 {
			if h, m, ok := mapsIter(p, c.Args[0], fun.Sel.Name == "Sorted"); ok {
				p.iterOK[c.Args[0]] = true
				p.iterOK[fun] = true
				p.needHelper(h)
				targs := ""
				if t := ct.goType(m); t != nil {
					if mt, ok := t.Underlying().(*types.Map); ok {
						k, ok1 := p.spellGoType(mt.Key())
						v, ok2 := p.spellGoType(mt.Elem())
						if ok1 && ok2 {
							targs = "[" + k + ", " + v + "]"
						}
					}
				}
				p.r.add(p.off(c.Pos()), p.off(c.End()), func(r *renderer) string {
					return h + targs + "(" + r.render(p.off(m.Pos()), p.off(m.End())) + ")"
				})
				return true
			}
		}
		sh, ok := shimFor(p.scope, fun)
		if !ok {
			return true
		}
		p.iterOK[fun] = true
		if sh.rt != "" {
			p.r.addText(p.off(fun.Pos()), p.off(fun.End()), rtName+"."+sh.rt)
			if sh.assert {
				inst, ok := ct.info.Instances[fun.Sel]
				var t string
				if ok && inst.TypeArgs != nil && inst.TypeArgs.Len() > sh.typeArgs[0] {
					t, ok = p.spellGoType(inst.TypeArgs.At(sh.typeArgs[0]))
				}
				if !ok {
					p.fail(c.Pos(), "cannot call "+p.text(fun)+" here: the engine cannot name its type argument; write the call in a function, or convert the argument to a named integer type")
					return false
				}
				p.r.addTail(p.off(c.End()), ".("+t+")")
			}
			return true
		}
		p.needHelper(sh.helper)
		repl := sh.helper
		if inst, ok := ct.info.Instances[fun.Sel]; ok && inst.TypeArgs != nil {
			var args []string
			for _, i := range sh.typeArgs {
				if i >= inst.TypeArgs.Len() {
					args = nil
					break
				}
				s, ok := p.spellGoType(inst.TypeArgs.At(i))
				if !ok {
					args = nil
					break
				}
				args = append(args, s)
			}
			if len(args) == len(sh.typeArgs) {
				repl += "[" + strings.Join(args, ", ") + "]"
			}
		}
		p.r.addText(p.off(fun.Pos()), p.off(fun.End()), repl)
		// Go returns the argument's named slice or map type; the
		// helper the unnamed one: convert back.
		if t := ct.goType(c); t != nil {
			if named, ok := t.(*types.Named); ok {
				if s, ok := p.spellGoType(named); ok {
					p.r.addText(p.off(c.Pos()), p.off(c.Pos()), "("+s+")(")
					p.r.addTail(p.off(c.End()), ")")
				}
			}
		}
		return true
	}
	p.pc.inspect(visit)
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

// sortFunc sorts with sort.Slice, which runs the same pattern-defeating
// quicksort as slices.SortFunc, so that equal elements end in the order
// compiled Go gives them (checked in fix_slices_test.go).
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

// rtRandN implements math/rand/v2's N for any integer type: a number in
// [0, n) from the default source, of n's type; it panics if n <= 0.
func rtRandN(n any) any {
	v := reflect.ValueOf(n)
	var u uint64
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if v.Int() <= 0 {
			panic("invalid argument to N")
		}
		u = uint64(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if v.Uint() == 0 {
			panic("invalid argument to N")
		}
		u = v.Uint()
	default:
		panic(fmt.Sprintf("rand.N: argument must be an integer, not %T", n))
	}
	return reflect.ValueOf(rand.Uint64N(u)).Convert(v.Type()).Interface()
}
