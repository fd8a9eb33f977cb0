package engine

import (
	"fmt"
	"go/types"
	"strings"
	"testing"
)

// labSession defines what the completion and inspection tests look into:
// cell types (with a method, nesting, a slice of them), a compiled fit
// result, a gonum plot and a compiled slice of structs.
const labSession = `import (
	"github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/formula"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

type point struct{ X, Y int }

// norm is the squared length.
func (p point) norm() int { return p.X*p.X + p.Y*p.Y }

type seg struct {
	A, B  point
	Label string
}

func (s *seg) Len() int { return 1 }

func twice(v int) int { return 2 * v }

const limit = 4

var total = 3

pts := []point{{1, 2}, {3, 4}}
s := seg{A: point{1, 1}}
segs := map[string]*seg{"a": &s}
pl := plot.New()
xys := make(plotter.XYs, 2)
f, _ := formula.Parse("E + A * N^(-alpha)", "N")
res, _ := fit.Fit(fit.Problem{
	Formula: f, Data: map[string][]float64{"N": {1, 10, 100, 1000}}, Y: []float64{12, 5.16, 3, 2.3},
	Params: []fit.Param{{Name: "E", Transform: fit.Log, Init: 1}, {Name: "A", Transform: fit.Log, Init: 10}, {Name: "alpha", Init: 0.5}},
}, fit.Options{})
fits := []*fit.Result{res}`

// completions runs CompleteItems at the end of code (or at the | marker)
// and returns "text:type" for each match.
func completions(e *Engine, code string) []string {
	cursor := len([]rune(code))
	if i := strings.Index(code, "|"); i >= 0 {
		cursor = len([]rune(code[:i]))
		code = code[:i] + code[i+1:]
	}
	items, _, _ := e.CompleteItems(code, cursor)
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Text + ":" + it.Type
	}
	return out
}

func TestCompletionKinds(t *testing.T) {
	e := newEngine(t)
	run(t, e, labSession)
	cases := []struct {
		code string
		want []string // each must be among the matches
		not  []string // none of these may be
	}{
		// package members: functions, types, constants, variables
		{"fit.Boo", []string{"Bootstrap:function", "BootstrapOptions:type", "BootstrapResult:type"}, nil},
		{"math.P", []string{"Pi:constant", "Pow:function"}, nil},
		{"io.EO", []string{"EOF:variable"}, nil},
		// session names, builtins, keywords and packages
		{"tot", []string{"total:variable"}, nil},
		{"lim", []string{"limit:constant"}, nil},
		{"twi", []string{"twice:function"}, nil},
		{"poi", []string{"point:type"}, nil},
		{"pl", []string{"pl:variable", "plot:package", "plotter:package"}, nil},
		{"ma", []string{"make:function", "map:keyword", "math:package", "max:function"}, nil},
		{"flo", []string{"float64:type", "floats:package"}, nil},
		{"ni", []string{"nil:value"}, nil},
		// names the cell being typed declares
		{"counter := 1\nfunc helper() {}\ntype kind int\nco|", []string{"counter:variable", "const:keyword"}, nil},
		{"counter := 1\nfunc helper() {}\nhel|", []string{"helper:function"}, nil},
		{"a, bravo := 1, 2\nbra|", []string{"bravo:variable"}, nil},
	}
	for _, c := range cases {
		got := completions(e, c.code)
		for _, w := range c.want {
			if !contains(got, w) {
				t.Errorf("%q: %v lacks %s", c.code, got, w)
			}
		}
	}
}

func TestCompleteMembersOfExpressions(t *testing.T) {
	e := newEngine(t)
	run(t, e, labSession)
	cases := []struct {
		code string
		want []string // exactly these, in order
	}{
		{"pts[0].", []string{"X:field", "Y:field", "norm:method"}},
		{"pts[len(pts)-1].n", []string{"norm:method"}},
		{"s.A.", []string{"X:field", "Y:field", "norm:method"}},
		{"s.", []string{"A:field", "B:field", "Label:field", "Len:method"}},
		{"segs[\"a\"].B.", []string{"X:field", "Y:field", "norm:method"}},
		{"xys[1].", []string{"X:field", "Y:field"}},                            // compiled plotter.XY in a compiled slice
		{"pl.Title.Te", []string{"Text:field", "TextStyle:field"}},             // a field of a compiled struct
		{"pl.X.Label.Te", []string{"Text:field", "TextStyle:field"}},           // two levels
		{"plot.New().Ad", []string{"Add:method"}},                              // a call's result
		{"res.Inte", []string{"Interval:method"}},                              // a compiled pointer type
		{"fits[0].Conv", []string{"ConvStarts:field", "Converged:method"}},     // index of a compiled slice; a promoted method
		{"res.String().", []string{}},                                          // a string has no members
		{"twice(2).", []string{}},                                              // nor an int
		{"fit.Options{}.Me", []string{"Method:field"}},                         // a composite literal
		{"(&s).A.X", []string{"X:field"}},                                      // parentheses and &
		{"point{1, 2}.no", []string{"norm:method"}},                            // a cell type's literal
		{"fmt.Println(pts[0].", []string{"X:field", "Y:field", "norm:method"}}, // inside a call
	}
	for _, c := range cases {
		got := completions(e, c.code)
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%q: %v, want %v", c.code, got, c.want)
		}
	}
	// The signature of a documented method comes from the doc tables.
	items, _, _ := e.CompleteItems("res.Interval", 12)
	if len(items) != 1 || items[0].Signature != "func (r *Result) Interval(level float64) (lo, hi []float64, err error)" {
		t.Errorf("res.Interval signature: %+v", items)
	}
	items, _, _ = e.CompleteItems("fit.Bootstrap", 13)
	if len(items) != 3 || !strings.HasPrefix(items[0].Signature, "func Bootstrap(pb Problem, opt BootstrapOptions)") {
		t.Errorf("fit.Bootstrap signature: %+v", items)
	}
}

func TestCompleteStructLiteralKeys(t *testing.T) {
	e := newEngine(t)
	run(t, e, labSession)
	cases := []struct {
		code string
		want []string // exactly these when only fields qualify; else each among them
		only bool
	}{
		{"o := fit.Options{Me", []string{"Method:field"}, true},
		{"o := fit.Options{\n\tGTol: 1e-9,\n\tMe", []string{"Method:field"}, true},
		{"q := point{", []string{"X:field", "Y:field"}, true},
		{"q := point{X: 1, ", []string{"X:field", "Y:field"}, true},
		{"q := &seg{La", []string{"Label:field"}, true},
		{"fit.Fit(fit.Problem{Fo", []string{"Formula:field"}, true},
		// a value, not a key: ordinary completion
		{"q := point{X: tot", []string{"total:variable"}, false},
		// a block after a statement header or a func result type, not a literal
		{"if total > 2 {\n\tto", []string{"total:variable"}, false},
		{"func mk() point {\n\tX", []string{}, true},
	}
	for _, c := range cases {
		got := completions(e, c.code)
		if c.only {
			if strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Errorf("%q: %v, want %v", c.code, got, c.want)
			}
			continue
		}
		for _, w := range c.want {
			if !contains(got, w) {
				t.Errorf("%q: %v lacks %s", c.code, got, w)
			}
		}
	}
}

func TestInspectInsideCalls(t *testing.T) {
	e := newEngine(t)
	run(t, e, labSession)
	bootstrap := "func Bootstrap(pb Problem, opt BootstrapOptions) (*BootstrapResult, error)"
	cases := []struct{ code, want string }{
		// Shift-Tab in Lab sends the cursor where it is: inside the brackets.
		{"fit.Bootstrap(", bootstrap},
		{"fit.Bootstrap(pb, ", bootstrap},
		{"fit.Bootstrap(pb, opt|)", bootstrap},
		{"b, err := fit.Bootstrap(\n\tpb,\n\t", bootstrap},
		// The standard library's doc comments, from the toolchain's GOROOT.
		{"fmt.Println(", "func Println(a ...any) (n int, err error)\n\nPrintln formats using the default formats"},
		{`fmt.Println("(", `, "func Println(a ...any) (n int, err error)"}, // a bracket in a string
		{"fmt.Println(strings.Repeat(\"a\", ", "func Repeat(s string, count int) string\n\nRepeat returns a new string"},
		{"fmt.Println(strings.Repeat(\"a\", 2), ", "func Println"},
		{"twice(3|)", "func twice(v int) int"},
		{"res.Param(", "func (r *Result) Param(name string) (FittedParam, error)\n\nParam returns the fitted parameter name"},
		{"fits[0].Param(\"E\"|)", "func (r *Result) Param(name string) (FittedParam, error)"},
		{"pts[0].norm(", "func (p point) norm() int"},
		{"s.Len(", "func (s *seg) Len() int"},
		// Not a call: the word at the cursor.
		{"if (total|", "var total = 3"},
		{"x := fit.Options{Method: fit.NelderMe|ad}", "const NelderMead"},
	}
	for _, c := range cases {
		code, cursor := c.code, len([]rune(c.code))
		if i := strings.Index(code, "|"); i >= 0 {
			code, cursor = code[:i]+code[i+1:], len([]rune(code[:i]))
		}
		data, ok := e.Inspect(code, cursor, 0)
		got, _ := data["text/plain"].(string)
		if !ok || !strings.Contains(got, c.want) {
			t.Errorf("%q@%d: %v %q, want it to contain %q", code, cursor, ok, got, c.want)
		}
	}
	if _, ok := e.Inspect("x := (", 6, 0); ok {
		t.Error("a parenthesis without a callee was described")
	}
}

func TestInspectMembers(t *testing.T) {
	e := newEngine(t)
	run(t, e, labSession)
	cases := []struct {
		code   string
		cursor int
		want   string
	}{
		{"res.Param", 5, "func (r *Result) Param(name string) (FittedParam, error)\n\nParam returns the fitted parameter name: its value, standard error,"},
		{"res.Reason", 6, "field Reason string\n\nin type Outcome struct"}, // promoted from the embedded record
		{"res.Converged", 6, "func (o Outcome) Converged() bool\n\nConverged reports whether the fit converged"},
		{"pts[0].norm", 9, "func (p point) norm() int"},
		{"s.Label", 4, "field Label string\n\nin type seg struct"},
		{"pl.Title", 5, "field Title struct"},
		{"pl.Add", 4, "func (p *Plot) Add(ps ...Plotter)"},
		{"xys[0].X", 7, "field X float64"},
		{"fit", 2, "package fit"},
		{"pts", 1, "pts []point = [{1 2} {3 4}]"},
	}
	for _, c := range cases {
		data, ok := e.Inspect(c.code, c.cursor, 0)
		got, _ := data["text/plain"].(string)
		if !ok || !strings.Contains(got, c.want) {
			t.Errorf("%q@%d: %v %q, want it to contain %q", c.code, c.cursor, ok, got, c.want)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestCompleteCellLocals: variables the code being typed defines (not run
// yet) are completed from their definitions, shadowing the session's.
func TestCompleteCellLocals(t *testing.T) {
	e := newEngine(t)
	run(t, e, labSession)
	cases := []struct {
		code string
		want []string
	}{
		{"r2, err := fit.Fit(pb, fit.Options{})\nr2.Inte", []string{"Interval:method"}},
		{"r2, err := fit.Fit(pb, fit.Options{})\nerr.", []string{"Error:method"}},
		{"for _, q := range pts {\n\tq.", []string{"X:field", "Y:field", "norm:method"}},
		{"for k, v := range segs {\n\tv.La", []string{"Label:field"}},
		{"for k, v := range segs {\n\tk.", []string{}},
		{"var o fit.Options\no.Me", []string{"Method:field"}},
		{"var o, o2 = fit.Options{}, point{}\no2.", []string{"X:field", "Y:field", "norm:method"}},
		{"pp := point{1, 2}\npp.no", []string{"norm:method"}},
		{"s := 3\ns.", []string{}}, // shadows the session's s (a seg)
		{"alias := pl\nalias.Ti", []string{"Title:field"}},
		{"a, b := s, pts[0]\nb.", []string{"X:field", "Y:field", "norm:method"}},
		{"x := 1\ny := x.", []string{}},
	}
	for _, c := range cases {
		got := completions(e, c.code)
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%q: %v, want %v", c.code, got, c.want)
		}
	}
	for _, c := range []struct{ code, want string }{
		{"r2, _ := fit.Fit(pb, o)\nr2.Param(", "func (r *Result) Param(name string) (FittedParam, error)"},
		{"q := pts[0]\nq", "q point (defined in this cell)"},
	} {
		data, ok := e.Inspect(c.code, len([]rune(c.code)), 0)
		got, _ := data["text/plain"].(string)
		if !ok || !strings.Contains(got, c.want) {
			t.Errorf("inspect %q: %v %q, want %q", c.code, ok, got, c.want)
		}
	}
}

func TestCellLocalsParsesPartialCode(t *testing.T) {
	got := cellLocals("a, b := f(x, g(y))\nvar c, d int\nfor i, v := range xs {\n\tw := v.\n")
	for name, want := range map[string]string{"a": "f(x, g(y))#0", "b": "f(x, g(y))#1", "c": "type int", "d": "type int", "i": "range xs key", "v": "range xs"} {
		d := got[name]
		var s string
		switch {
		case d == nil:
			s = "<nil>"
		case d.typ != nil:
			s = "type " + types.ExprString(d.typ)
		case d.rangeOf != nil:
			s = "range " + types.ExprString(d.rangeOf)
			if d.key {
				s += " key"
			}
		default:
			s = fmt.Sprintf("%s#%d", types.ExprString(d.value), d.index)
		}
		if s != want {
			t.Errorf("%s: %s, want %s", name, s, want)
		}
	}
	if got["w"] != nil {
		t.Errorf("w := v. (unfinished) was read as %+v", got["w"])
	}
}

// FuzzCompleteInspect: whatever a front end sends, completion and
// inspection answer without panicking, and completion's range is within
// the code and ends at the cursor.
func FuzzCompleteInspect(f *testing.F) {
	seeds := []string{"fit.Boo", "pts[0].", "s.A.", "q := point{X: 1, ", "fit.Bootstrap(pb, ", "for k, v := range segs {\n\tv.",
		"a, b := f(x, g(y))\nb.", "(&s).A.X", "x[", "}}}.", "var x, = ", "é := strin", "fmt.Println(\"(\", ", "} else {"}
	for _, s := range seeds {
		f.Add(s, len([]rune(s)))
		f.Add(s, 0)
	}
	e := newEngine(f)
	run(f, e, labSession)
	f.Fuzz(func(t *testing.T, code string, cursor int) {
		n := len([]rune(code))
		matches, start, end := e.Complete(code, cursor)
		want := cursor
		if cursor < 0 || cursor > n {
			want = n
		}
		if start < 0 || start > end || end != want {
			t.Fatalf("Complete(%q, %d) range [%d,%d)", code, cursor, start, end)
		}
		for _, m := range matches {
			if m == "" {
				t.Fatalf("Complete(%q, %d): empty match", code, cursor)
			}
		}
		e.Inspect(code, cursor, 0)
	})
}
