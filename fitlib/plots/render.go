package plots

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Default figure size and resolution, those of display.Plot: 6×4 inches
// at 96 dpi is a 576×384 layout, drawn in PNG at DefaultDensity pixels per
// layout pixel (1152×768).
const (
	DefaultWidth   = 6 * vg.Inch
	DefaultHeight  = 4 * vg.Inch
	DefaultDPI     = 96
	DefaultDensity = 2
)

// density resolves a Density field: zero means DefaultDensity.
func density(d int) (int, error) {
	switch {
	case d == 0:
		return DefaultDensity, nil
	case d < 0 || d > 8:
		return 0, fmt.Errorf("plots: Density %d out of range 1..8 (0 for %d)", d, DefaultDensity)
	}
	return d, nil
}

// size resolves zero fields to the defaults and checks the rest.
func size(w, h vg.Length, dpi int) (vg.Length, vg.Length, int, error) {
	if w == 0 {
		w = DefaultWidth
	}
	if h == 0 {
		h = DefaultHeight
	}
	if dpi == 0 {
		dpi = DefaultDPI
	}
	if w < 0 || h < 0 || w > 100*vg.Inch || h > 100*vg.Inch {
		return 0, 0, 0, fmt.Errorf("plots: size %v×%v must be positive and at most 100 inches", w, h)
	}
	if dpi < 0 || dpi > 1200 {
		return 0, 0, 0, fmt.Errorf("plots: DPI %d out of range 1..1200", dpi)
	}
	return w, h, dpi, nil
}

// drawTo renders with draw on a canvas of the given format ("png", "svg",
// "pdf"), turning gonum's panics on bad input into errors.
func drawTo(w io.Writer, format string, wd, ht vg.Length, dpi int, paint func(draw.Canvas)) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("plots: drawing failed: %v", r)
		}
	}()
	switch format {
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(wd, ht), vgimg.UseDPI(dpi))
		paint(draw.New(c))
		_, err = vgimg.PngCanvas{Canvas: c}.WriteTo(w)
	case "svg":
		c := vgsvg.New(wd, ht)
		paint(draw.New(c))
		_, err = c.WriteTo(w)
	case "pdf":
		c := vgpdf.New(wd, ht)
		paint(draw.New(c))
		_, err = c.WriteTo(w)
	default:
		return fmt.Errorf("plots: unknown format %q (png, svg or pdf)", format)
	}
	return err
}

func (f *Figure) render(w io.Writer, format string) error {
	wd, ht, dpi, paint, err := f.Canvas()
	if err != nil {
		return err
	}
	d, err := density(f.Density)
	if err != nil {
		return err
	}
	return drawTo(w, format, wd, ht, dpi*d, paint)
}

// PixelDensity is the figure's PNG pixels per layout pixel (Density, or
// DefaultDensity when zero); gophernote's display shows the PNG at its
// layout size.
func (f *Figure) PixelDensity() int {
	d, err := density(f.Density)
	if err != nil {
		return 1
	}
	return d
}

// PNG renders the figure at its size, DPI and Density: by default the
// 576×384 layout as 1152×768 pixels.
func (f *Figure) PNG() ([]byte, error) {
	var b bytes.Buffer
	err := f.render(&b, "png")
	return b.Bytes(), err
}

// SVG renders the figure as an SVG document.
func (f *Figure) SVG() ([]byte, error) {
	var b bytes.Buffer
	err := f.render(&b, "svg")
	return b.Bytes(), err
}

// Save writes the figure to path as PNG, SVG or PDF, chosen by the
// extension.
func (f *Figure) Save(path string) error { return save(path, f.render) }

func save(path string, render func(io.Writer, string) error) error {
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	switch format {
	case "png", "svg", "pdf":
	default:
		return fmt.Errorf("plots: Save(%q): the extension must be .png, .svg or .pdf", path)
	}
	var b bytes.Buffer
	if err := render(&b, format); err != nil {
		return err
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("plots: %w", err)
	}
	return nil
}

// MIME renders the figure as PNG, so that a figure shown as a notebook
// cell's final value displays as an image (the kernel calls MIME). A
// drawing error comes back as text/plain.
func (f *Figure) MIME() (string, []byte) {
	png, err := f.PNG()
	if err != nil {
		return "text/plain", []byte(err.Error())
	}
	return "image/png", png
}

// String describes the figure in one line.
func (f *Figure) String() string {
	if f == nil || f.Plot == nil {
		return "<nil figure>"
	}
	return fmt.Sprintf("<figure %q, %d series>", f.Plot.Title.Text, len(f.Items))
}

// Grid is a figure made of several plots in rows and columns (a pair
// plot); a nil panel is left blank.
type Grid struct {
	// Panels holds the plots, row by row; every row has the same length.
	Panels [][]*plot.Plot
	// Title is drawn above the panels.
	Title string
	// Width, Height and DPI set the rendering size (zero: 6×4 inches at
	// 96 dpi); Density the PNG pixels per layout pixel (zero:
	// DefaultDensity).
	Width, Height vg.Length
	DPI, Density  int

	titleSize vg.Length // SavePaper's title size (zero: gonum's default)
}

func (g *Grid) paint(c draw.Canvas) {
	rows := len(g.Panels)
	cols := len(g.Panels[0])
	if g.Title != "" {
		sty := plot.New().Title.TextStyle
		if g.titleSize > 0 {
			sty.Font.Size = g.titleSize
		}
		sty.XAlign = draw.XCenter
		sty.YAlign = draw.YTop
		c.FillText(sty, vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: c.Max.Y}, g.Title)
		c.Max.Y -= sty.Height(g.Title) + vg.Points(4)
	}
	t := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Points(4), PadY: vg.Points(4),
		PadTop: vg.Points(2), PadBottom: vg.Points(2), PadLeft: vg.Points(2), PadRight: vg.Points(2)}
	canvases := plot.Align(g.Panels, t, c)
	for i, row := range g.Panels {
		for j, p := range row {
			if p != nil {
				p.Draw(canvases[i][j])
			}
		}
	}
}

func (g *Grid) render(w io.Writer, format string) error {
	wd, ht, dpi, paint, err := g.Canvas()
	if err != nil {
		return err
	}
	d, err := density(g.Density)
	if err != nil {
		return err
	}
	return drawTo(w, format, wd, ht, dpi*d, paint)
}

// PixelDensity is the grid's PNG pixels per layout pixel (see
// Figure.PixelDensity).
func (g *Grid) PixelDensity() int {
	d, err := density(g.Density)
	if err != nil {
		return 1
	}
	return d
}

// PNG renders the grid at its size, DPI and Density.
func (g *Grid) PNG() ([]byte, error) {
	var b bytes.Buffer
	err := g.render(&b, "png")
	return b.Bytes(), err
}

// SVG renders the grid as an SVG document.
func (g *Grid) SVG() ([]byte, error) {
	var b bytes.Buffer
	err := g.render(&b, "svg")
	return b.Bytes(), err
}

// Save writes the grid to path as PNG, SVG or PDF, chosen by the extension.
func (g *Grid) Save(path string) error { return save(path, g.render) }

// MIME renders the grid as PNG for display as a cell's final value.
func (g *Grid) MIME() (string, []byte) {
	png, err := g.PNG()
	if err != nil {
		return "text/plain", []byte(err.Error())
	}
	return "image/png", png
}

// String describes the grid in one line.
func (g *Grid) String() string {
	if g == nil || len(g.Panels) == 0 {
		return "<empty grid>"
	}
	return fmt.Sprintf("<grid %q, %d×%d panels>", g.Title, len(g.Panels), len(g.Panels[0]))
}
