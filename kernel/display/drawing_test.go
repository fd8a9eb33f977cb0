package display

import (
	"errors"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// twoPanel paints two plots side by side, as fitlib/plots' Grid does, at
// 4x2 inches and 50 dpi.
type twoPanel struct{ err error }

func (d twoPanel) Canvas() (vg.Length, vg.Length, int, func(draw.Canvas), error) {
	if d.err != nil {
		return 0, 0, 0, nil, d.err
	}
	paint := func(c draw.Canvas) {
		tiles := draw.Tiles{Rows: 1, Cols: 2}
		for i := range 2 {
			p := plot.New()
			p.Title.Text = "panel"
			l, _ := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: float64(i + 1)}})
			p.Add(l)
			p.Draw(tiles.At(c, i, 0))
		}
	}
	return 4 * vg.Inch, 2 * vg.Inch, 50, paint, nil
}

func (twoPanel) String() string { return "<two panels>" }

// sharp is a drawing that asks for its own pixel density, as fitlib/plots
// figures do (Figure.Density).
type sharp struct {
	twoPanel
	density int
}

func (s sharp) PixelDensity() int { return s.density }

// TestDrawingDensity: a drawing's PNG has its PixelDensity pixels per
// layout pixel (2 when it has none) and is shown at the layout's size.
func TestDrawingDensity(t *testing.T) {
	for _, c := range []struct {
		d    Drawing
		px   int
		name string
	}{{twoPanel{}, 400, "default"}, {sharp{density: 1}, 200, "density 1"}, {sharp{density: 3}, 600, "density 3"}} {
		b, err := DrawingBundle(c.d)
		if err != nil {
			t.Fatal(err)
		}
		if got := decodePNG(t, b).Bounds().Dx(); got != c.px {
			t.Errorf("%s: PNG %d pixels wide, want %d", c.name, got, c.px)
		}
		if size := b.Metadata["image/png"].(map[string]any); size["width"] != 200 || size["height"] != 100 {
			t.Errorf("%s: shown at %vx%v, want the 200x100 layout", c.name, size["width"], size["height"])
		}
	}
}

// TestAutoDrawing: a value with Canvas shows as PNG at its own size and
// resolution beside an SVG whose text is fitted like a plot's, with its
// String as text/plain; a Canvas error is shown as text, not a panic.
func TestAutoDrawing(t *testing.T) {
	b, ok := Auto(twoPanel{})
	if !ok {
		t.Fatal("Drawing not recognised")
	}
	if b.Data["image/png"] == nil || b.Data["image/svg+xml"] == nil {
		t.Fatalf("bundle has %v, want PNG and SVG", keys(b.Data))
	}
	size := b.Metadata["image/png"].(map[string]any)
	if size["width"] != 200 || size["height"] != 100 {
		t.Errorf("PNG %vx%v, want 200x100 (4x2 in at 50 dpi)", size["width"], size["height"])
	}
	svg := b.Data["image/svg+xml"].(string)
	if n := strings.Count(svg, "<text "); n == 0 || n != strings.Count(svg, `textLength="`) {
		t.Errorf("SVG texts not all fitted: %d texts, %d textLength", n, strings.Count(svg, `textLength="`))
	}
	if b.Data["text/plain"] != "<two panels>" {
		t.Errorf("text/plain %q", b.Data["text/plain"])
	}
	b, ok = Auto(twoPanel{err: errors.New("grid has no panels")})
	if !ok || !strings.Contains(b.Data["text/plain"].(string), "grid has no panels") || b.Data["image/png"] != nil {
		t.Errorf("error drawing: %v", b.Data)
	}
}
