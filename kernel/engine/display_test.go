package engine

import (
	"strings"
	"testing"
)

func TestDisplayWithoutImport(t *testing.T) {
	e := newEngine(t)
	s, r := run(t, e, `display.Markdown("**hi**")`)
	if len(s.displays) != 1 || s.displays[0].Data["text/markdown"] != "**hi**" {
		t.Fatalf("displays %+v", s.displays)
	}
	// The returned handle was already shown: no execute_result.
	if r.Value != nil {
		t.Errorf("value %+v, want none", r.Value)
	}
}

func TestPlotFinalValue(t *testing.T) {
	e := newEngine(t)
	_, r := run(t, e, `import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)
p := plot.New()
pts := plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}}
l, err := plotter.NewLine(pts)
if err != nil {
	panic(err)
}
p.Add(l)
p`)
	if r.Value == nil {
		t.Fatal("no value")
	}
	png, _ := r.Value.Data["image/png"].(string)
	if !strings.HasPrefix(png, "iVBORw0KGgo") { // base64 of the PNG signature
		t.Errorf("image/png = %.20q", png)
	}
}

func TestInterpretedPlotterInVariadicAdd(t *testing.T) {
	e := newEngine(t)
	run(t, e, `import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"
)
type dot struct{ n int }
func (d dot) Plot(c draw.Canvas, p *plot.Plot) {}
p := plot.New()`)
	// Same cell and across cells, at top level and inside a function.
	_, r := run(t, e, `p.Add(dot{1}, dot{2})
q := plot.New()
q.Add(dot{3})
func addTo(pl *plot.Plot) { pl.Add(dot{4}) }
addTo(q)
errors.Join(fmt.Errorf("x"), nil) != nil`)
	if text(r) != "true" {
		t.Errorf("value %q", text(r))
	}
	// Receivers returned by a cell function.
	_, r = run(t, e, `func newPlot() *plot.Plot { return plot.New() }
np := newPlot()
np.Add(dot{6})
len(np.Title.Text)`)
	if text(r) != "0" {
		t.Errorf("value %q", text(r))
	}
	// A method without results shows nothing (not its receiver).
	_, r = run(t, e, `p.Add(dot{5})`)
	if r.Value != nil {
		t.Errorf("p.Add(...) displayed %q", text(r))
	}
}

func TestInterpretedDisplayMethods(t *testing.T) {
	e := newEngine(t)
	_, r := run(t, e, `type card struct{ title string }
func (c card) Display() display.Bundle {
	return display.Bundle{Data: display.MIME{"text/html": "<b>" + c.title + "</b>"}}
}
card{"hello"}`)
	if r.Value == nil || r.Value.Data["text/html"] != "<b>hello</b>" {
		t.Fatalf("value %+v", r.Value)
	}
	_, r = run(t, e, `type svgDoc struct{ src string }
func (s svgDoc) MIME() (string, []byte) { return "image/svg+xml", []byte(s.src) }
svgDoc{"<svg/>"}`)
	if r.Value == nil || r.Value.Data["image/svg+xml"] != "<svg/>" {
		t.Fatalf("MIME value %+v", r.Value)
	}
	// Through variables, pointers and across cells.
	_, r = run(t, e, `c := &card{"ptr"}`)
	_, r = run(t, e, `c`)
	if r.Value == nil || r.Value.Data["text/html"] != "<b>ptr</b>" {
		t.Fatalf("pointer value %+v", r.Value)
	}
	// Other values still print as text.
	_, r = run(t, e, `40 + 2`)
	if text(r) != "42" {
		t.Errorf("plain value %q", text(r))
	}
}

func TestStringMethodOfCellType(t *testing.T) {
	e := newEngine(t)
	_, r := run(t, e, `type celsius float64
func (c celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }
celsius(21.5)`)
	if text(r) != "21.5°C" {
		t.Errorf("value %q", text(r))
	}
	_, r = run(t, e, `temps := []celsius{1}
temps[0] + 2`)
	if text(r) != "3.0°C" {
		t.Errorf("value %q", text(r))
	}
}
