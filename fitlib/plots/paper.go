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
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Print widths a figure is set at, measured from the venues' author
// instructions.
const (
	// ColumnWidth is one column of a two-column journal: IEEE 3.5 in,
	// Nature 89 mm (3.50 in), APS 8.6 cm (3.39 in), ACM 3.33 in.
	ColumnWidth = 3.5 * vg.Inch
	// TwoColumnWidth is the full text width of a two-column journal: IEEE
	// 7.16 in, Nature 183 mm (7.20 in).
	TwoColumnWidth = 7 * vg.Inch
	// ICMLColumnWidth is a column of the ICML template (text 6.75 in).
	ICMLColumnWidth = 3.25 * vg.Inch
	// NeurIPSTextWidth is the text width of the NeurIPS and ICLR templates.
	NeurIPSTextWidth = 5.5 * vg.Inch
)

// PaperOptions says how SavePaper sets a figure for print. The zero value
// is a figure one journal column wide (ColumnWidth), with its own aspect
// ratio, text at 8 points.
type PaperOptions struct {
	// Width is the printed width (zero: ColumnWidth).
	Width vg.Length
	// Height is the printed height (zero: Width times the figure's own
	// height/width).
	Height vg.Length
	// FontSize is the size of axis labels and legend text (zero: 8 pt, the
	// size most journals ask figure text to print at); tick labels are
	// set 1 pt smaller and the title 1 pt larger.
	FontSize vg.Length
}

// resolve fills the defaults for a figure of the given layout size.
func (o PaperOptions) resolve(w, h vg.Length) (PaperOptions, error) {
	if o.Width == 0 {
		o.Width = ColumnWidth
	}
	if o.Height == 0 {
		o.Height = o.Width * h / w
	}
	if o.FontSize == 0 {
		o.FontSize = vg.Points(8)
	}
	switch {
	case o.Width < 0 || o.Height < 0 || o.Width > 20*vg.Inch || o.Height > 20*vg.Inch:
		return o, fmt.Errorf("plots: PaperOptions size %v×%v must be positive and at most 20 inches", o.Width, o.Height)
	case o.FontSize < vg.Points(4) || o.FontSize > vg.Points(24):
		return o, fmt.Errorf("plots: PaperOptions.FontSize %v out of range 4..24 pt", o.FontSize)
	}
	return o, nil
}

// SavePaper writes the figure to path for a paper: PDF or SVG by the
// extension, at a journal column's width (PaperOptions), its text at print
// sizes and its fonts embedded, so that the file prints the same anywhere.
// The figure itself is left as it was.
func (f *Figure) SavePaper(path string, opt PaperOptions) error {
	wd, ht, _, _, err := f.Canvas()
	if err != nil {
		return err
	}
	if opt, err = opt.resolve(wd, ht); err != nil {
		return err
	}
	restore := printFonts([]*plot.Plot{f.Plot}, opt.FontSize)
	defer restore()
	return savePaper(path, opt, func(c draw.Canvas) {
		f.applyLimits()
		f.Plot.Draw(c)
	})
}

// SavePaper writes the grid to path for a paper, like Figure.SavePaper.
func (g *Grid) SavePaper(path string, opt PaperOptions) error {
	wd, ht, _, _, err := g.Canvas()
	if err != nil {
		return err
	}
	if opt, err = opt.resolve(wd, ht); err != nil {
		return err
	}
	var ps []*plot.Plot
	for _, row := range g.Panels {
		for _, p := range row {
			if p != nil {
				ps = append(ps, p)
			}
		}
	}
	restore := printFonts(ps, opt.FontSize)
	defer restore()
	g.titleSize = opt.FontSize + vg.Points(2)
	defer func() { g.titleSize = 0 }()
	return savePaper(path, opt, g.paint)
}

// printFonts sets the text of ps to print sizes around size and returns a
// function that puts the old sizes back.
func printFonts(ps []*plot.Plot, size vg.Length) func() {
	var undo []func()
	set := func(l *vg.Length, v vg.Length) {
		old := *l
		*l = v
		undo = append(undo, func() { *l = old })
	}
	for _, p := range ps {
		set(&p.Title.TextStyle.Font.Size, size+vg.Points(1))
		set(&p.Legend.TextStyle.Font.Size, size)
		for _, a := range []*plot.Axis{&p.X, &p.Y} {
			set(&a.Label.TextStyle.Font.Size, size)
			set(&a.Tick.Label.Font.Size, size-vg.Points(1))
		}
	}
	return func() {
		for i := len(undo) - 1; i >= 0; i-- {
			undo[i]()
		}
	}
}

func savePaper(path string, opt PaperOptions, paint func(draw.Canvas)) (err error) {
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("plots: drawing %s failed: %v", path, r)
		}
	}()
	var b bytes.Buffer
	var wr io.WriterTo
	switch format {
	case "pdf":
		c := vgpdf.New(opt.Width, opt.Height) // embeds its fonts by default
		paint(draw.New(c))
		wr = c
	case "svg":
		c := vgsvg.NewWith(vgsvg.UseWH(opt.Width, opt.Height), vgsvg.EmbedFonts(true))
		paint(draw.New(c))
		wr = c
	default:
		return fmt.Errorf("plots: SavePaper(%q): the extension must be .pdf or .svg (Save writes PNG)", path)
	}
	if _, err := wr.WriteTo(&b); err != nil {
		return fmt.Errorf("plots: %w", err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("plots: %w", err)
	}
	return nil
}
