package engine

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/gophernote/gophernote/kernel/cell"
)

func TestVariables(t *testing.T) {
	e := newEngine(t)
	run(t, e, `import "strings"
const limit = 10
var ratio float64 = 0.5
type point struct{ X, Y int }
n := 3
name := "gopher"
xs := make([]float64, 1000000)
for i := range xs { xs[i] = float64(i) }
m := map[string]int{"b": 2, "a": 1}
p := point{1, 2}
pp := &p
var err error
b := new(strings.Builder)
f := func(int) int { return 0 }`)
	vars, ok := e.Variables()
	if !ok {
		t.Fatal("Variables reported a running cell")
	}
	got := map[string]Variable{}
	var names []string
	for _, v := range vars {
		got[v.Name] = v
		names = append(names, v.Name)
	}
	if want := "b err f limit m n name p pp ratio xs"; strings.Join(names, " ") != want {
		t.Errorf("names %q, want %q (sorted; no types, functions or engine names)", strings.Join(names, " "), want)
	}
	for name, want := range map[string]Variable{
		"limit": {Kind: "const", Value: "10", Len: -1},
		"ratio": {Kind: "var", Type: "float64", Value: "0.5", Len: -1},
		"n":     {Kind: "var", Type: "int", Value: "3", Len: -1},
		"name":  {Kind: "var", Type: "string", Value: `"gopher"`, Len: 6},
		"m":     {Kind: "var", Type: "map[string]int", Value: "map[\"a\":1 \"b\":2]", Len: 2},
		"p":     {Kind: "var", Value: "{1 2}", Len: -1},
		"pp":    {Kind: "var", Value: "&{1 2}", Len: -1},
		"err":   {Kind: "var", Type: "error", Value: "<nil>", Len: -1},
		"b":     {Kind: "var", Type: "*strings.Builder", Value: "", Len: -1},
		"f":     {Kind: "var", Type: "func(int) int", Value: "func(int) int", Len: -1},
	} {
		g := got[name]
		if g.Kind != want.Kind || (want.Type != "" && g.Type != want.Type) || g.Value != want.Value || g.Len != want.Len {
			t.Errorf("%s: %+v, want %+v", name, g, want)
		}
	}
	xs := got["xs"]
	if xs.Type != "[]float64" || xs.Len != 1000000 || !strings.HasPrefix(xs.Value, "[0 1 2 3 4 5") || !strings.HasSuffix(xs.Value, "…") ||
		utf8.RuneCountInString(xs.Value) > shortValueWidth+1 {
		t.Errorf("xs: %+v; want its first elements cut at %d runes with …", xs, shortValueWidth)
	}
}

// TestVariablesBusy: while a cell runs Variables answers at once, without
// the values.
func TestVariablesBusy(t *testing.T) {
	e := newEngine(t)
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{})
	s := &fakeSink{streamed: make(chan string, 1)}
	done := make(chan struct{})
	go func() {
		defer close(done)
		e.Execute(ctx, `import "fmt"
fmt.Println("started")
for {}`, s)
	}()
	go func() { <-s.streamed; close(started) }()
	<-started
	if vars, ok := e.Variables(); ok || vars != nil {
		t.Errorf("Variables during a cell: %v, %v; want nil, false", vars, ok)
	}
	cancel()
	<-done
	if _, ok := e.Variables(); !ok {
		t.Error("Variables after the cell: not ok")
	}
}

// counted is a compiled Stringer that counts its String calls.
type counted struct{ calls *int }

func (c counted) String() string { *c.calls++; return "c" }

// TestShortValue compares small values with fmt's %v (strings quoted as
// %q) and checks that a large value is visited only as far as printed.
func TestShortValue(t *testing.T) {
	type inner struct {
		A []int
		b string
	}
	var nilMap map[string]int
	var nilErr error
	for _, x := range []any{
		42, -7.25, math.Inf(1), true, complex(1, -2), uint8(200),
		[]int{1, 2, 3}, [2]bool{true, false}, map[int]string{2: "b", 1: "a"},
		struct{ X, Y int }{1, 2}, &struct{ X int }{5}, inner{A: []int{4}, b: "s"},
		nilMap, []string(nil), time.Duration(1500) * time.Millisecond,
		fmt.Errorf("bad %d", 3), &nilErr,
	} {
		want := fmt.Sprintf("%v", x)
		if m, ok := x.(map[int]string); ok {
			want = fmt.Sprintf("map[1:%q 2:%q]", m[1], m[2])
		}
		if in, ok := x.(inner); ok {
			want = fmt.Sprintf("{%v %q}", in.A, in.b)
		}
		if _, ok := x.(*error); ok {
			continue // an address: just must not crash
		}
		if got := ShortValue(reflect.ValueOf(x), 60); got != want {
			t.Errorf("ShortValue(%#v) = %q, want %q (fmt %%v)", x, got, want)
		}
	}
	if got := ShortValue(reflect.ValueOf("a\nb\t\"c\""), 60); got != `"a\nb\t\"c\""` {
		t.Errorf("string: %q", got)
	}
	long := strings.Repeat("é", 10000)
	if got := ShortValue(reflect.ValueOf(long), 20); utf8.RuneCountInString(got) != 21 || !strings.HasPrefix(got, `"éé`) || !strings.HasSuffix(got, "é…") {
		t.Errorf("long string: %q (want 20 runes then …)", got)
	}
	if got := ShortValue(reflect.ValueOf("multi\nline"), 60); strings.Contains(got, "\n") {
		t.Errorf("newline in %q", got)
	}
	calls := 0
	big := make([]counted, 10_000_000)
	for i := range big {
		big[i] = counted{&calls}
	}
	got := ShortValue(reflect.ValueOf(big), 60)
	if calls > 31 || !strings.HasSuffix(got, "…") {
		t.Errorf("a 10,000,000-element slice: %d String calls, %q; want at most the ~30 printed", calls, got)
	}
	bigMap := map[int]int{}
	for i := 0; i < 5000; i++ {
		bigMap[i] = i
	}
	if got := ShortValue(reflect.ValueOf(bigMap), 40); !strings.HasPrefix(got, "map[") || !strings.HasSuffix(got, "…") || utf8.RuneCountInString(got) > 41 {
		t.Errorf("big map: %q", got)
	}
	multi := errMulti{}
	if got := ShortValue(reflect.ValueOf(multi), 60); got != "first line …" {
		t.Errorf("multi-line Error: %q, want its first line", got)
	}
	if got := ShortValue(reflect.ValueOf(panicky{}), 60); got != "{}" {
		t.Errorf("a String method that panics: %q, want the fields", got)
	}
}

type errMulti struct{}

func (errMulti) Error() string { return "first line\nsecond line" }

type panicky struct{}

func (panicky) String() string { panic("no") }

// TestRunHook: the hook brackets the cell's run: preparation before,
// rendering of the value after; not called when preparation fails (an
// import gophernote lacks is refused there).
func TestRunHook(t *testing.T) {
	e := newEngine(t)
	var mu sync.Mutex
	var events []string
	ctx := cell.WithRunHook(context.Background(), func(running bool) {
		mu.Lock()
		defer mu.Unlock()
		events = append(events, fmt.Sprint(running))
	})
	r := e.Execute(ctx, "import \"fmt\"\nfmt.Println(1)\ndefer fmt.Println(2)\n40 + 2", &fakeSink{})
	if r.Err != nil || text(r) != "42" {
		t.Fatalf("cell: %v %q", r.Err, text(r))
	}
	if strings.Join(events, " ") != "true false" {
		t.Errorf("hook calls %v, want [true false]", events)
	}
	events = nil
	if r := e.Execute(ctx, "import \"nosuchpkg\"", &fakeSink{}); r.Err == nil || r.Err.Name != "CompileError" {
		t.Fatalf("want a CompileError, got %+v", r.Err)
	}
	if len(events) != 0 {
		t.Errorf("hook called %v for a cell that failed in preparation", events)
	}
	events = nil
	r = e.Execute(ctx, "var a []int\n_ = a[3]", &fakeSink{})
	if r.Err == nil || r.Err.Name != "Panic" || strings.Join(events, " ") != "true false" {
		t.Errorf("panicking cell: %v, hook %v; want a Panic and [true false]", r.Err, events)
	}
}

// TestContinueCell: parts of one cell keep its number, so a panic in a
// function an earlier part defined reads as this cell's position.
func TestContinueCell(t *testing.T) {
	e := newEngine(t)
	run(t, e, "x := 1")
	ctx := context.Background()
	s := &fakeSink{}
	if r := e.Execute(ctx, "\nfunc f(a []int) int {\n\treturn a[5]\n}", s); r.Err != nil {
		t.Fatal(r.Err)
	}
	r := e.Execute(cell.ContinueCell(ctx), "\n\n\n\n\nf(nil)", s)
	if r.Err == nil || !strings.Contains(r.Err.Value, "[at 3:") || strings.Contains(r.Err.Value, "cell ") {
		t.Errorf("panic in a function of an earlier part: %v; want [at 3:...] without a cell number", r.Err)
	}
	r = e.Execute(ctx, "f(nil)", s)
	if r.Err == nil || !strings.Contains(r.Err.Value, "cell 2, 3:") {
		t.Errorf("the next cell: %v; want the position as cell 2, 3:...", r.Err)
	}
}
