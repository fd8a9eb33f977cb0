package engine

// Interpreted helpers: generic functions yaegi cannot take from compiled
// code (Go generics cannot be extracted into symbol tables). Each is
// evaluated in the session the first time a rewritten cell needs it, so a
// session that never uses them pays nothing at start-up.

// ordered is the type set of the helpers' ordered type parameters.
const orderedSet = "~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr | ~float32 | ~float64 | ~string"

// helper is one interpreted helper declaration.
type helper struct {
	src  string
	deps []string
}

// helpers maps a helper name to its source. Names start with _gn so they
// cannot clash with user identifiers in practice.
var helpers = map[string]helper{
	"_gnDefers": {src: `var _gnDefers []func()`},
	"_gnMin": {src: `func _gnMin[T ` + orderedSet + `](x T, ys ...T) T {
	for _, y := range ys {
		if y < x || y != y {
			x = y
		}
	}
	return x
}`},
	"_gnMax": {src: `func _gnMax[T ` + orderedSet + `](x T, ys ...T) T {
	for _, y := range ys {
		if y > x || y != y {
			x = y
		}
	}
	return x
}`},
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

// iteratorFuncs are Go 1.23 functions returning iterators (range over
// func), which yaegi cannot run.
var iteratorFuncs = map[string]map[string]bool{
	"maps":   {"Keys": true, "Values": true, "All": true, "Insert": true, "Collect": true},
	"slices": {"All": true, "Values": true, "Backward": true, "Collect": true, "Sorted": true, "SortedFunc": true, "SortedStableFunc": true, "AppendSeq": true, "Chunk": true},
}
