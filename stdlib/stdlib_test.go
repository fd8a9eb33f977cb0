package stdlib_test

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	yaegistd "github.com/traefik/yaegi/stdlib"

	"github.com/gophernote/gophernote/kernel/display"
	"github.com/gophernote/gophernote/stdlib"
)

// TestEveryFitlibPackageHasATable fails when an exported fitlib package
// was added without regenerating the tables (go generate ./stdlib).
func TestEveryFitlibPackageHasATable(t *testing.T) {
	out, err := exec.Command("go", "list", "-e", "-json", "../fitlib/...").Output()
	if err != nil {
		t.Fatalf("go list ../fitlib/...: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	n := 0
	for dec.More() {
		var p struct {
			ImportPath, Name string
			GoFiles          []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		if len(p.GoFiles) == 0 || p.Name == "main" || strings.Contains(p.ImportPath+"/", "/internal/") {
			continue
		}
		n++
		key := p.ImportPath + "/" + p.Name
		if _, ok := stdlib.Symbols[key]; !ok {
			t.Errorf("no symbol table for %s: run go generate ./stdlib", p.ImportPath)
		}
		if _, _, ok := stdlib.Doc(p.ImportPath, ""); !ok {
			t.Errorf("no doc table for %s: run go generate ./stdlib", p.ImportPath)
		}
	}
	if n == 0 {
		t.Fatal("go list found no fitlib packages")
	}
}

func TestFixedPackagesPresent(t *testing.T) {
	for _, key := range []string{
		"gonum.org/v1/gonum/mat/mat", "gonum.org/v1/gonum/floats/floats", "gonum.org/v1/gonum/stat/stat",
		"gonum.org/v1/gonum/stat/distuv/distuv", "gonum.org/v1/gonum/optimize/optimize",
		"gonum.org/v1/gonum/integrate/quad/quad", "gonum.org/v1/gonum/mathext/mathext",
		"gonum.org/v1/gonum/diff/fd/fd", "gonum.org/v1/plot/plot", "gonum.org/v1/plot/plotter/plotter",
		"gonum.org/v1/plot/vg/vg", "gonum.org/v1/plot/vg/draw/draw", "gonum.org/v1/plot/vg/vgimg/vgimg",
		"gonum.org/v1/plot/vg/vgsvg/vgsvg", "gonum.org/v1/plot/plotutil/plotutil",
		"github.com/gophernote/gophernote/kernel/display/display",
	} {
		if _, ok := stdlib.Symbols[key]; !ok {
			t.Errorf("missing symbol table %s", key)
		}
	}
	if _, ok := stdlib.Symbols["gonum.org/v1/plot/plotter/plotter"]["NewScatter"]; !ok {
		t.Error("plotter.NewScatter missing: completion of plotter.New<TAB> needs it")
	}
}

func TestDoc(t *testing.T) {
	cases := []struct{ pkg, name, sig, doc string }{
		{"gonum.org/v1/gonum/floats", "Dot", "func Dot(s1, s2 []float64) float64", "Dot computes the dot product"},
		{"gonum.org/v1/gonum/floats/floats", "Dot", "func Dot(s1, s2 []float64) float64", "Dot computes"},
		{"gonum.org/v1/gonum/mat", "Dense.Mul", "func (m *Dense) Mul(a, b Matrix)", "Mul takes the matrix product"},
		{"gonum.org/v1/plot/plotter", "NewScatter", "func NewScatter(xys XYer) (*Scatter, error)", "NewScatter returns"},
		{"github.com/gophernote/gophernote/kernel/display", "Table", "func Table(headers []string, cols ...any) *Handle", "Table displays columns"},
	}
	for _, c := range cases {
		sig, doc, ok := stdlib.Doc(c.pkg, c.name)
		if !ok {
			t.Errorf("Doc(%q, %q) not found", c.pkg, c.name)
			continue
		}
		if sig != c.sig || !strings.HasPrefix(doc, c.doc) {
			t.Errorf("Doc(%q, %q) = %q, %q; want %q, %q...", c.pkg, c.name, sig, doc, c.sig, c.doc)
		}
	}
	if _, _, ok := stdlib.Doc("gonum.org/v1/gonum/floats", "NoSuchFunc"); ok {
		t.Error("unknown name found")
	}
	if _, _, ok := stdlib.Doc("example.com/nope", "X"); ok {
		t.Error("unknown package found")
	}
}

type recorder struct{ bundles []display.Bundle }

func (r *recorder) Publish(b display.Bundle, update bool) { r.bundles = append(r.bundles, b) }
func (r *recorder) Clear(bool)                            {}

// TestTablesWorkInYaegi runs interpreted code through the tables: gonum,
// gonum/plot and display calls with interpreted arguments.
func TestTablesWorkInYaegi(t *testing.T) {
	i := interp.New(interp.Options{})
	if err := i.Use(yaegistd.Symbols); err != nil {
		t.Fatal(err)
	}
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	defer display.SetPublisher(rec)()
	src := `
import (
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"github.com/gophernote/gophernote/kernel/display"
)

func run() float64 {
	x := []float64{1, 2, 3}
	d := floats.Dot(x, x)
	display.Table([]string{"x", "name"}, x, []string{"a", "b", "c"})
	p := plot.New()
	s, err := plotter.NewScatter(plotter.XYs{{X: 1, Y: 2}, {X: 2, Y: 3}})
	if err != nil {
		panic(err)
	}
	p.Add(s)
	display.Plot(p, display.Size(2*vg.Inch, 2*vg.Inch), display.PNGOnly())
	return d
}
`
	if _, err := i.Eval(src); err != nil {
		t.Fatal(err)
	}
	v, err := i.Eval("run()")
	if err != nil {
		t.Fatal(err)
	}
	if v.Float() != 14 {
		t.Errorf("floats.Dot = %v, want 14", v)
	}
	if len(rec.bundles) != 2 {
		t.Fatalf("%d bundles, want 2", len(rec.bundles))
	}
	if txt := rec.bundles[0].Data["text/plain"]; !strings.Contains(txt.(string), "3  c") {
		t.Errorf("table text %q", txt)
	}
	if _, ok := rec.bundles[1].Data["image/png"]; !ok {
		t.Errorf("plot bundle %v", rec.bundles[1].Data["text/plain"])
	}
}

// TestInterpretedDisplayer checks the documented route for values of types
// declared in cells: passed as display.Displayer / display.MIMEr to a
// compiled function, yaegi wraps them so their methods are callable.
func TestInterpretedDisplayer(t *testing.T) {
	i := interp.New(interp.Options{})
	if err := i.Use(yaegistd.Symbols); err != nil {
		t.Fatal(err)
	}
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	_, err := i.Eval(`import "github.com/gophernote/gophernote/kernel/display"
type card struct{ name string }
func (c card) Display() display.Bundle {
	return display.Bundle{Data: display.MIME{"text/html": "<b>" + c.name + "</b>"}}
}
type md string
func (m md) MIME() (string, []byte) { return "text/markdown", []byte(m) }
var v1 = card{"hi"}
var v2 = md("# t")`)
	if err != nil {
		t.Fatal(err)
	}
	v, err := i.Eval("display.FromDisplayer(v1)")
	if err != nil {
		t.Fatal(err)
	}
	if b := v.Interface().(display.Bundle); b.Data["text/html"] != "<b>hi</b>" {
		t.Errorf("FromDisplayer: %v", b.Data)
	}
	v, err = i.Eval("display.FromMIMEr(v2)")
	if err != nil {
		t.Fatal(err)
	}
	if b := v.Interface().(display.Bundle); b.Data["text/markdown"] != "# t" {
		t.Errorf("FromMIMEr: %v", b.Data)
	}
	// Through `any` the methods are lost: Auto cannot render the value.
	v, err = i.Eval("any(v1)")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := display.Auto(v.Interface()); ok {
		t.Log("yaegi now keeps methods through any; Auto renders interpreted Displayers directly")
	}
}

// TestTableOfInterpretedStructs checks that rows of a struct type declared
// in a cell are tabulated with the fields' own names.
func TestTableOfInterpretedStructs(t *testing.T) {
	i := interp.New(interp.Options{})
	if err := i.Use(yaegistd.Symbols); err != nil {
		t.Fatal(err)
	}
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	defer display.SetPublisher(rec)()
	_, err := i.Eval(`import "github.com/gophernote/gophernote/kernel/display"
type run struct {
	name  string
	Loss  float64
}
var h = display.TableOf([]run{{"small", 2.5}, {"large", 1.75}})`)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.bundles) != 1 {
		t.Fatalf("%d bundles", len(rec.bundles))
	}
	want := "name   Loss\n-----  ----\nsmall   2.5\nlarge  1.75"
	if got := rec.bundles[0].Data["text/plain"]; got != want {
		t.Errorf("table text:\n%s\nwant:\n%s", got, want)
	}
}
