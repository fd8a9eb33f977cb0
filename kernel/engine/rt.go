package engine

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"time"
)

// rtPath is the import path of the small compiled package the engine's
// rewrites call into; cells never import it themselves. It is imported in
// every session under the name rtName.
const (
	rtPath = "gophernote/rt"
	rtName = "_gnrt"
)

// rtSymbols builds the yaegi symbol table of gophernote/rt for engine e.
func rtSymbols(e *Engine) map[string]map[string]reflect.Value {
	syms := map[string]reflect.Value{
		"GoPanic":    reflect.ValueOf(e.goPanic),
		"Clear":      reflect.ValueOf(rtClear),
		"SlicesSort": reflect.ValueOf(rtSort),
		"SortFunc":   reflect.ValueOf(rtSortFunc),
		"SortStable": reflect.ValueOf(rtSortStableFunc),
		"Reverse":    reflect.ValueOf(rtReverse),
		"Stash":      reflect.ValueOf(e.stash.put),
		"Unstash":    reflect.ValueOf(e.stash.take),
		"Enter":      reflect.ValueOf(e.depth.enter),
		"Leave":      reflect.ValueOf(e.depth.leave),
		"Sleep":      reflect.ValueOf(e.sleep),
	}
	for k, v := range showSymbols(e) {
		syms[k] = v
	}
	for k, v := range widgetSymbols(e) {
		syms[k] = v
	}
	return map[string]map[string]reflect.Value{rtPath + "/rt": syms}
}

// goPanic reports a panic recovered in a goroutine started by a cell on
// stderr, with the interpreted positions yaegi printed while unwinding.
func (e *Engine) goPanic(v any) {
	var b strings.Builder
	fmt.Fprintf(&b, "panic in goroutine: %v\n", v)
	e.out.mu.Lock()
	cell := e.out.cell
	e.out.mu.Unlock()
	for _, p := range e.out.takePanics() {
		if ce := mapPosition(p, cell); ce.line > 0 {
			b.WriteString("\t" + frameLine(ce) + "\n")
		}
	}
	e.out.write("stderr", b.String())
}

// rtClear implements the clear builtin for maps and slices.
func rtClear(x any) {
	v := reflect.ValueOf(x)
	switch v.Kind() {
	case reflect.Map:
		v.Clear()
	case reflect.Slice:
		z := reflect.Zero(v.Type().Elem())
		for i := 0; i < v.Len(); i++ {
			v.Index(i).Set(z)
		}
	default:
		panic(fmt.Sprintf("clear: argument must be a map or slice, not %T", x))
	}
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

// atVar is the interpreted global holding the position of the top-level
// statement running now, as line*atScale + column.
const (
	atVar   = "_gnAt"
	atScale = 1_000_000
)

// stmtAt returns the position of the top-level statement that ran last in
// the current statement unit, or 0, 0.
func (e *Engine) stmtAt() (line, col int) {
	if !e.inStmtUnit {
		return 0, 0
	}
	v, ok := e.globals()[atVar]
	if !ok || !v.CanInt() {
		return 0, 0
	}
	n := int(v.Int())
	return n / atScale, n % atScale
}

// sleep is time.Sleep for cells: it also returns when the cell is
// interrupted, so the interrupted evaluation really ends (a compiled
// time.Sleep would keep yaegi's goroutine alive for the whole duration).
func (e *Engine) sleep(d time.Duration) {
	e.stopMu.Lock()
	stop := e.stop
	e.stopMu.Unlock()
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-stop:
	}
}
