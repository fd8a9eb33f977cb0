package engine

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/traefik/yaegi/interp"
)

// Compiled types for the index-define tests: a struct with struct
// fields, held in compiled slices, arrays, maps and pointers.
type (
	GeoPt  struct{ X, Y float64 }
	GeoSeg struct{ A, B GeoPt }
	GeoNet struct {
		Segs   []GeoSeg
		Arr    [2]GeoSeg
		ByName map[string]GeoSeg
		Ptrs   []*GeoSeg
		Grid   [][]GeoPt
		Hidden []geoHidden
		Times  []time.Time
	}
	geoHidden struct{ N int }
)

func NewGeoNet() *GeoNet {
	s0 := GeoSeg{GeoPt{1, 2}, GeoPt{3, 4}}
	s1 := GeoSeg{GeoPt{5, 6}, GeoPt{7, 8}}
	return &GeoNet{
		Segs:   []GeoSeg{s0, s1},
		Arr:    [2]GeoSeg{s1, s0},
		ByName: map[string]GeoSeg{"a": s0},
		Ptrs:   []*GeoSeg{&s1},
		Grid:   [][]GeoPt{{{9, 10}}},
		Hidden: []geoHidden{{1}},
		Times:  []time.Time{{}},
	}
}

// useGeo makes this package's Geo types a compiled package of e,
// imported as geo.
func useGeo(t *testing.T, e *Engine) {
	t.Helper()
	syms := map[string]reflect.Value{
		"GeoPt":  reflect.ValueOf((*GeoPt)(nil)),
		"GeoSeg": reflect.ValueOf((*GeoSeg)(nil)),
		"GeoNet": reflect.ValueOf((*GeoNet)(nil)),
		"New":    reflect.ValueOf(NewGeoNet),
	}
	path := reflect.TypeFor[GeoPt]().PkgPath()
	if err := e.in.Use(interp.Exports{path + "/engine": syms}); err != nil {
		t.Fatal(err)
	}
	e.syms[path] = syms
	run(t, e, `import geo "`+path+`"
net := geo.New()`)
}

// A top-level := from an index of a compiled container (the element type
// of a compiled struct's field, say) compiles: yaegi cannot type it at
// package level by itself.
func TestDefineFromCompiledIndex(t *testing.T) {
	e := newEngine(t)
	useGeo(t, e)
	for _, c := range []struct{ code, want string }{
		{"s0 := net.Segs[1]\ns0.B.X", "7"},                                // slice of structs with struct fields
		{"bx := net.Segs[0].B.Y\nbx", "4"},                                // field selection chain
		{"a1 := net.Arr[0]\na1.A.X", "5"},                                 // array
		{"pa := &net.Arr\np1 := pa[1].A\np1.Y", "2"},                      // pointer to array
		{"m := net.ByName[\"a\"]\nm.B.X", "3"},                            // map
		{"mv, ok := net.ByName[\"a\"]\nfmt.Sprint(mv.A.X, ok)", "1 true"}, // comma-ok
		{"mz, ok2 := net.ByName[\"z\"]\nfmt.Sprint(mz.A.X, ok2)", "0 false"},
		{"p0 := net.Ptrs[0]\np0.A.Y", "6"}, // pointer elements
		{"px := net.Ptrs[0].B.X\npx", "7"},
		{"g := net.Grid[0][0].Y\ng", "10"},                         // multi-level index
		{"segs := net.Segs\nsg := segs[0]\nsg.A.Y", "2"},           // variable defined from a field
		{"ad := &net.Segs[0]\nad.A.X = 11\nnet.Segs[0].A.X", "11"}, // address aliases the element
		{"d := net.Segs[1].A.X * 2\nd", "10"},                      // operator on an index
		{"u, v := net.Segs[0].B, net.Segs[1].A\nu.X + v.Y", "9"},
		{"ln := len(net.Segs[0:1])\nln", "1"},
	} {
		_, r := run(t, e, c.code)
		if got := text(r); got != c.want {
			t.Errorf("%q = %q, want %q", c.code, got, c.want)
		}
	}
	// Variables defined so keep their compiled type in later cells.
	_, r := run(t, e, `s0.A = geo.GeoPt{X: -1}
fmt.Sprintf("%T %v", s0, s0.A.X)`)
	if got, want := text(r), "engine.GeoSeg -1"; got != want {
		t.Errorf("later cell: %q, want %q", got, want)
	}
	// Session variables holding compiled containers, from := and var.
	run(t, e, `segs2 := net.Segs
var arr2 = geo.New().Arr`)
	_, r = run(t, e, `q := segs2[1]
q2 := arr2[1].B
q.A.X + q2.Y`)
	if got := text(r); got != "9" {
		t.Errorf("session containers: %q, want 9", got)
	}
	// A top-level var from an index of a session variable.
	_, r = run(t, e, `var vs2 = net.Segs[1]
vs2.B.Y`)
	if got := text(r); got != "8" {
		t.Errorf("var from index of a session variable: %q, want 8", got)
	}
	// A top-level var from an index in the same cell.
	_, r = run(t, e, `var nn = geo.New()
var vs = nn.Segs[1]
vs.A.Y`)
	if got := text(r); got != "6" {
		t.Errorf("var from index: %q, want 6", got)
	}
}

// A define the engine cannot type fails with advice instead of yaegi's
// "constant definition loop" or crash.
func TestDefineFromCompiledIndexUntyped(t *testing.T) {
	e := newEngine(t)
	useGeo(t, e)
	err := runErr(t, e, "h := net.Hidden[0]\nh")
	if want := "cannot define h at 1:1 (type engine.geoHidden) at top level from an index of a compiled value"; !strings.Contains(err.Value, want) {
		t.Errorf("error %q, want it to contain %q", err.Value, want)
	}
	_, r := run(t, e, "y := net.Times[0].Year()\ny")
	if got := text(r); got != "1" {
		t.Errorf("value = %q, want 1", got)
	}
	err = runErr(t, e, "t0 := net.Times[0]\nt0")
	if want := `t0 at 1:1 (type time.Time: import "time" so that the engine can name it)`; !strings.Contains(err.Value, want) {
		t.Errorf("error %q, want it to contain %q", err.Value, want)
	}
	// Once the package is imported, the engine can.
	_, r = run(t, e, "import \"time\"\nt1 := net.Times[0]\nt1.IsZero()")
	if got := text(r); got != "true" {
		t.Errorf("value = %q, want true", got)
	}
}

// The report's cells: an EnvelopeGrid of the compiled geneval package.
func TestDefineFromCompiledIndexGeneval(t *testing.T) {
	e := newEngine(t)
	run(t, e, `import "github.com/gophernote/gophernote/fitlib/geneval"
env := &geneval.EnvelopeGrid{Envelopes: make([]geneval.Envelope, 2)}
env.Envelopes[0].Beta = 0.34`)
	s, _ := run(t, e, `e1 := env.Envelopes[0]
fmt.Println(e1.Beta)`)
	if got := s.out(); got != "0.34\n" {
		t.Errorf("stdout = %q, want 0.34", got)
	}
	_, r := run(t, e, `b := env.Envelopes[0].Beta
b`)
	if got := text(r); got != "0.34" {
		t.Errorf("value = %q, want 0.34", got)
	}
	// Indexes of other compiled containers: results of compiled functions,
	// compiled maps.
	_, r = run(t, e, `f1 := strings.Fields("a b")[1]
h := http.Header{"K": {"v"}}
hv := h["K"]
f1 + hv[0]`)
	if got := text(r); got != "bv" {
		t.Errorf("value = %q, want bv", got)
	}
}

// Indexes of interpreted types are unchanged.
func TestDefineFromInterpretedIndex(t *testing.T) {
	e := newEngine(t)
	run(t, e, `type pt struct{ X, Y float64 }
type wrap struct{ P pt }
ws := []wrap{{P: pt{1, 2}}}
xs := []any{1, "a"}`)
	_, r := run(t, e, `w0 := ws[0]
x1 := xs[1]
fmt.Sprintf("%v %v %v", w0.P.X, ws[0].P.Y, x1)`)
	if got := text(r); got != "1 2 a" {
		t.Errorf("value = %q, want \"1 2 a\"", got)
	}
	_, r = run(t, e, `py := ws[0].P.Y
py`)
	if got := text(r); got != "2" {
		t.Errorf("value = %q, want 2", got)
	}
	// Elements of interpreted named types keep their type (and methods),
	// also when their values have the reflect type of a compiled one.
	run(t, e, `type celsius float64
func (c celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }
cs := []celsius{21.5}
ca := [1]celsius{-3}`)
	_, r = run(t, e, `c0 := cs[0]
c1 := ca[0]
c0.String() + " " + c1.String()`)
	if got := text(r); got != "21.5°C -3.0°C" {
		t.Errorf("value = %q, want \"21.5°C -3.0°C\"", got)
	}
}
