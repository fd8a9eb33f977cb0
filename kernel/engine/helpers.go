package engine

import "sort"

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
var helpers = map[string]helper{}

// helperOrder returns the needed helpers not yet loaded in the session,
// dependencies first.
func (e *Engine) helperOrder(need map[string]bool) []string {
	var out []string
	seen := map[string]bool{}
	var add func(h string)
	add = func(h string) {
		if seen[h] || e.helpersLoaded[h] {
			return
		}
		seen[h] = true
		for _, d := range helpers[h].deps {
			add(d)
		}
		out = append(out, h)
	}
	names := make([]string, 0, len(need))
	for h := range need {
		names = append(names, h)
	}
	sort.Strings(names)
	for _, h := range names {
		add(h)
	}
	return out
}
