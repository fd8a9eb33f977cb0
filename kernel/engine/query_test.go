package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/gophernote/gophernote/kernel/cell"
)

func TestIsComplete(t *testing.T) {
	e := newEngine(t)
	cases := []struct{ code, status, indent string }{
		{"x := 1", "complete", ""},
		{"func f() {", "incomplete", "\t"},
		{"if x {\n\tfor {", "incomplete", "\t\t"},
		{"fmt.Println(", "incomplete", "\t"},
		{"s := `raw", "incomplete", ""},
		{"/* comment", "incomplete", ""},
		{"x := )", "invalid", ""},
		{"x := 1 +", "invalid", ""},
		{"", "complete", ""},
	}
	for _, c := range cases {
		s, in := e.IsComplete(c.code)
		if s != c.status || in != c.indent {
			t.Errorf("%q: %s %q, want %s %q", c.code, s, in, c.status, c.indent)
		}
	}
}

func TestComplete(t *testing.T) {
	e := newEngine(t)
	run(t, e, `type point struct{ X, Y int }
func (p point) norm() int { return p.X*p.X + p.Y*p.Y }
type account struct{ bal int }
func (a *account) bump() { a.bal++ }
ac := &account{}
pt := point{1, 2}
var total = 3
func totalOf() int { return total }
import "math"`)
	cases := []struct {
		code       string
		cursor     int
		want       []string
		start, end int
	}{
		{"strings.HasPr", 13, []string{"HasPrefix"}, 8, 13},
		{"math.Sqr", 8, []string{"Sqrt", "Sqrt2", "SqrtE", "SqrtPhi", "SqrtPi"}, 5, 8},
		{"x := tot", 8, []string{"total", "totalOf"}, 5, 8},
		{"retu", 4, []string{"return"}, 0, 4},
		{"appe", 4, []string{"append"}, 0, 4},
		{"pt.", 3, []string{"X", "Y", "norm"}, 3, 3},
		{"ac.b", 4, []string{"bal", "bump"}, 3, 4},
		{"é := strin", 10, []string{"string", "strings"}, 5, 10}, // rune offsets
		{"counter := 1\ncou", 16, []string{"counter"}, 13, 16},   // not yet run
	}
	for _, c := range cases {
		got, s, en := e.Complete(c.code, c.cursor)
		if strings.Join(got, ",") != strings.Join(c.want, ",") || s != c.start || en != c.end {
			t.Errorf("%q@%d: %v [%d,%d), want %v [%d,%d)", c.code, c.cursor, got, s, en, c.want, c.start, c.end)
		}
	}
}

func TestInspect(t *testing.T) {
	e := newEngine(t)
	run(t, e, "// twice doubles.\nfunc twice(v int) int { return 2 * v }\n// pair holds two.\ntype pair struct{ a, b int }\nn := 7\n// Limits of the run.\nconst (\n\t// lo is the floor.\n\tlo = 1\n\thi = 9\n)\n// big is large.\nvar big = make([]int, 1000000)\nfunc (p pair) sum() int { return p.a + p.b }\nvar pp pair")
	cases := []struct {
		code   string
		detail int
		want   string
	}{
		{"strings.Repeat", 0, "func Repeat(s string, count int) string\n\nRepeat returns a new string consisting of count copies of the string s."},
		// A cell's function: its signature and doc comment; at detail
		// level 1 (IPython's ??) its source too.
		{"twice(", 0, "func twice(v int) int\n\ntwice doubles."},
		{"twice(", 1, "func twice(v int) int\n\ntwice doubles.\n\nSource:\nfunc twice(v int) int { return 2 * v }"},
		{"var p pair", 0, "type pair struct{ a, b int }\n\npair holds two."},
		{"n", 0, "n int = 7"},
		{"lo", 0, "const (\n\t// lo is the floor.\n\tlo = 1\n\thi = 9\n)\n\nlo is the floor.\n\nuntyped int = 1"},
		{"hi", 0, "Limits of the run."},
		{"big", 0, "var big = make([]int, 1000000)\n\nbig is large.\n\n[]int = [0 0 0"},
		{"pp.sum", 0, "func (p pair) sum() int"},
		{"pp.sum", 1, "Source:\nfunc (p pair) sum() int { return p.a + p.b }"},
	}
	for _, c := range cases {
		data, ok := e.Inspect(c.code, len(c.code)-1, c.detail)
		got, _ := data["text/plain"].(string)
		if !ok || !strings.Contains(got, c.want) {
			t.Errorf("%q at detail %d: %v %q, want it to contain %q", c.code, c.detail, ok, got, c.want)
		}
	}
	if data, _ := e.Inspect("twice(", 5, 0); strings.Contains(data["text/plain"].(string), "return") {
		t.Errorf("detail level 0 shows the source: %q", data["text/plain"])
	}
	if data, _ := e.Inspect("big", 2, 0); len(data["text/plain"].(string)) > 600 {
		t.Errorf("a million-element slice inspected whole: %d bytes", len(data["text/plain"].(string)))
	}
	// Generated doc comments of gophernote packages.
	data, ok := e.Inspect("display.Markdown", 12, 0)
	if got, _ := data["text/plain"].(string); !ok || !strings.HasPrefix(got, "func Markdown(content any) *Handle") || !strings.Contains(got, "Markdown") {
		t.Errorf("display.Markdown: %v %q", ok, got)
	}
	if _, ok := e.Inspect("zzz", 1, 0); ok {
		t.Error("unknown name found")
	}
}

func TestCompleteAndInspectWhileACellRuns(t *testing.T) {
	e := newEngine(t)
	run(t, e, "mine := 1")
	ctx, cancel := context.WithCancel(context.Background())
	s := &fakeSink{streamed: make(chan string, 1)}
	done := make(chan cell.Result, 1)
	go func() { done <- e.Execute(ctx, "fmt.Println(\"busy\")\nfor {\n}", s) }()
	<-s.streamed
	// Answers come without waiting for the cell: packages and keywords.
	got, _, _ := e.Complete("strings.HasSu", 13)
	if strings.Join(got, ",") != "HasSuffix" {
		t.Errorf("busy member completion %v", got)
	}
	got, _, _ = e.Complete("retu", 4)
	if strings.Join(got, ",") != "return" {
		t.Errorf("busy completion %v", got)
	}
	if data, ok := e.Inspect("strings.Repeat", 10, 0); !ok || !strings.Contains(data["text/plain"].(string), "func Repeat(s string, count int) string") {
		t.Errorf("busy inspect %v %v", ok, data)
	}
	cancel()
	<-done
	got, _, _ = e.Complete("mi", 2)
	if strings.Join(got, ",") != "mime,min,mine" {
		t.Errorf("idle completion %v", got)
	}
}

// TestCompleteAndInspectExtractedPackages: completion and shift-tab reach
// the generated gonum, gonum/plot and fitlib tables and their doc comments,
// with and without an import in an earlier cell.
func TestCompleteAndInspectExtractedPackages(t *testing.T) {
	e := newEngine(t)
	run(t, e, `import "gonum.org/v1/plot/plotter"`)
	got, start, end := e.Complete("plotter.New", 11)
	for _, want := range []string{"NewLine", "NewScatter", "NewFunction"} {
		if !slices.Contains(got, want) {
			t.Errorf("plotter.New<TAB> = %v, want %s among them", got, want)
		}
	}
	if start != 8 || end != 11 {
		t.Errorf("plotter.New<TAB> replaces [%d,%d), want [8,11)", start, end)
	}
	got, _, _ = e.Complete("passk.PassA", 11)
	if !slices.Contains(got, "PassAtK") {
		t.Errorf("passk.PassA<TAB> = %v, want PassAtK (fitlib, not imported yet)", got)
	}
	for _, c := range []struct{ code, sig, doc string }{
		{"passk.PassAtK", "func PassAtK(", "unbiased"},
		{"floats.Sum", "func Sum(", "sum of the elements"},
		{"plotter.NewScatter", "func NewScatter(", "Scatter"},
	} {
		data, ok := e.Inspect(c.code, len(c.code)-1, 0)
		text, _ := data["text/plain"].(string)
		if !ok || !strings.Contains(text, c.sig) || !strings.Contains(strings.ToLower(text), strings.ToLower(c.doc)) {
			t.Errorf("shift-tab on %s: %v %q; want signature %q and doc mentioning %q", c.code, ok, text, c.sig, c.doc)
		}
	}
}
