package display

import (
	"encoding/xml"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

func linePlot(t testing.TB, n int) *plot.Plot {
	t.Helper()
	p := plot.New()
	p.Title.Text = "loss"
	pts := make(plotter.XYs, n)
	for i := range pts {
		pts[i].X = float64(i + 1)
		pts[i].Y = 1 / float64(i+1)
	}
	l, err := plotter.NewLine(pts)
	if err != nil {
		t.Fatal(err)
	}
	p.Add(l)
	return p
}

func TestPlotBundle(t *testing.T) {
	f := install(t)
	h := Plot(linePlot(t, 50), Size(4*vg.Inch, 3*vg.Inch), DPI(100))
	if err := h.Err(); err != nil {
		t.Fatal(err)
	}
	b := f.only(t)
	wantKeys(t, b, "image/png", "image/svg+xml", "text/plain")
	if got := decodePNG(t, b).Bounds().Size(); got.X != 800 || got.Y != 300*2 {
		t.Errorf("PNG %dx%d, want 800x600 (4x3 in at 100 dpi, 2 pixels per layout pixel)", got.X, got.Y)
	}
	if size := b.Metadata["image/png"].(map[string]any); size["width"] != 400 || size["height"] != 300 {
		t.Errorf("shown at %vx%v, want the 400x300 layout", size["width"], size["height"])
	}
	var root struct {
		XMLName xml.Name
		Width   string `xml:"width,attr"`
		Height  string `xml:"height,attr"`
	}
	if err := xml.Unmarshal([]byte(b.Data["image/svg+xml"].(string)), &root); err != nil {
		t.Fatalf("SVG does not parse: %v", err)
	}
	if root.XMLName.Local != "svg" || !strings.HasPrefix(root.Width, "288") || !strings.HasPrefix(root.Height, "216") {
		t.Errorf("SVG root %v %sx%s, want svg 288x216pt", root.XMLName, root.Width, root.Height)
	}
	if b.Data["text/plain"] != `<plot "loss" 400x300>` {
		t.Errorf("text/plain %q", b.Data["text/plain"])
	}
}

func TestPlotDefaultsAndOptions(t *testing.T) {
	f := install(t)
	Plot(linePlot(t, 3), PNGOnly())
	b := f.only(t)
	wantKeys(t, b, "image/png", "text/plain")
	if got := decodePNG(t, b).Bounds().Size(); got.X != 1152 || got.Y != 768 {
		t.Errorf("default PNG %v, want 1152x768 (576x384 at density 2)", got)
	}
	if size := b.Metadata["image/png"].(map[string]any); size["width"] != 576 || size["height"] != 384 || b.Data["text/plain"] != `<plot "loss" 576x384>` {
		t.Errorf("shown at %vx%v (%v), want 576x384", size["width"], size["height"], b.Data["text/plain"])
	}
	b, err := PlotBundle(linePlot(t, 3), PNGOnly(), Density(1))
	if err != nil {
		t.Fatal(err)
	}
	if got := decodePNG(t, b).Bounds().Size(); got.X != 576 || got.Y != 384 {
		t.Errorf("Density(1) PNG %v, want 576x384", got)
	}
	if err := Plot(linePlot(t, 3), Density(9)).Err(); err == nil || !strings.Contains(err.Error(), "density 9") {
		t.Errorf("density 9: %v", err)
	}
	if err := Plot(nil).Err(); err == nil || !strings.Contains(err.Error(), "plot is nil") {
		t.Errorf("nil plot: %v", err)
	}
	if err := Plot(linePlot(t, 3), DPI(0)).Err(); err == nil || !strings.Contains(err.Error(), "dpi 0") {
		t.Errorf("dpi 0: %v", err)
	}
}

func TestPlotPanicBecomesError(t *testing.T) {
	install(t)
	p := linePlot(t, 3)
	p.Y.Min = -1 // a log scale over a negative range makes gonum/plot panic
	p.Y.Scale = plot.LogScale{}
	err := Plot(p).Err()
	if err == nil || !strings.Contains(err.Error(), "display.Plot: drawing the plot failed") {
		t.Errorf("err = %v", err)
	}
}

// TestPlotSVGTextFitted: every <text> of the SVG carries the width
// gonum/plot laid it out with (its own font measure, recomputed here), and
// names the metric-compatible fallback fonts; the browser test
// (kernel/browsertest/lab) checks that the text then stays inside the image
// without the Liberation fonts installed.
func TestPlotSVGTextFitted(t *testing.T) {
	p := linePlot(t, 10)
	p.X.Label.Text = "compute C (FLOPs)"
	l, err := plotter.NewLine(plotter.XYs{{X: 1, Y: 1}, {X: 2, Y: 2}})
	if err != nil {
		t.Fatal(err)
	}
	p.Legend.Add("a long legend label at the right edge", l)
	svg, err := paintSVG("Plot", p.Draw, DefaultPlotWidth, DefaultPlotHeight)
	if err != nil {
		t.Fatal(err)
	}
	type text struct {
		TextLength   string `xml:"textLength,attr"`
		LengthAdjust string `xml:"lengthAdjust,attr"`
		Style        string `xml:"style,attr"`
		Body         string `xml:",chardata"`
	}
	var texts []text
	dec := xml.NewDecoder(strings.NewReader(svg))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "text" {
			var x text
			if err := dec.DecodeElement(&x, &se); err != nil {
				t.Fatal(err)
			}
			texts = append(texts, x)
		}
	}
	if len(texts) < 5 {
		t.Fatalf("only %d text elements in %s", len(texts), svg)
	}
	found := false
	for _, x := range texts {
		if x.LengthAdjust != "spacingAndGlyphs" || x.TextLength == "" {
			t.Errorf("text %q lacks textLength/lengthAdjust", x.Body)
		}
		if !strings.Contains(x.Style, "font-family:'Liberation Serif','Times New Roman',Tinos,Times,serif;") {
			t.Errorf("text %q style %q lacks the fallback families", x.Body, x.Style)
		}
		if x.Body == "a long legend label at the right edge" {
			found = true
			w := p.Legend.TextStyle.Width(x.Body)
			if x.TextLength != strconv.FormatFloat(w.Points(), 'g', 5, 64) {
				t.Errorf("legend textLength %s, want the layout width %.5g pt", x.TextLength, w.Points())
			}
		}
	}
	if !found {
		t.Error("the legend label is not in the SVG")
	}
	if _, err := fitSVGText(`<svg><text x="1">a</text></svg>`, nil); err == nil {
		t.Error("fitSVGText accepted 1 text element for 0 strings drawn")
	}
}
