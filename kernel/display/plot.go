package display

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Default plot size and resolution: 6x4 inches at 96 dpi is a 576x384
// layout, whose PNG is drawn at DefaultPixelDensity pixels per layout pixel
// (1152x768) and shown at the layout's size (the bundle's width and height
// metadata), sharp on high-density screens and in print.
const (
	DefaultPlotWidth    = 6 * vg.Inch
	DefaultPlotHeight   = 4 * vg.Inch
	DefaultPlotDPI      = 96
	DefaultPixelDensity = 2
)

// PlotOption changes how Plot renders; see Size, DPI and PNGOnly.
type PlotOption func(*plotConfig)

type plotConfig struct {
	w, h    vg.Length
	dpi     int
	density int // PNG pixels per layout pixel; 0 means DefaultPixelDensity
	noSVG   bool
	noPNG   bool // the output is shown where SVG always wins (formats.go)
}

// Size sets the plot's width and height (e.g. display.Size(8*vg.Inch,
// 5*vg.Inch)); the PNG is width*dpi/72 points wide in pixels.
func Size(w, h vg.Length) PlotOption { return func(c *plotConfig) { c.w, c.h = w, h } }

// DPI sets the resolution of the layout in dots per inch (default 96): the
// size at which the image is shown.
func DPI(dpi int) PlotOption { return func(c *plotConfig) { c.dpi = dpi } }

// Density sets the PNG pixels per layout pixel (default 2; 1 draws DPI
// pixels per inch). The image is shown at the layout's size whatever the
// density, so only its sharpness changes.
func Density(n int) PlotOption { return func(c *plotConfig) { c.density = n } }

// PNGOnly leaves the SVG rendering out of the bundle, which keeps notebooks
// small for plots with many points.
func PNGOnly() PlotOption { return func(c *plotConfig) { c.noSVG = true } }

// Plot renders p and displays it as a PNG image and an SVG document in one
// bundle (front ends pick the richest they support).
func Plot(p *plot.Plot, opts ...PlotOption) *Handle { h := NewID(); _ = h.Plot(p, opts...); return h }

// Plot shows p under the handle.
func (h *Handle) Plot(p *plot.Plot, opts ...PlotOption) error {
	return h.show(PlotBundle(p, append(opts, svgWhereItWins())...))
}

// Figure renders a figure that draws itself (a fitlib/plots Figure or
// Grid: any Drawing) and displays it like Plot: PNG and SVG in one bundle.
// Size and DPI override the figure's own.
func Figure(d Drawing, opts ...PlotOption) *Handle { h := NewID(); _ = h.Figure(d, opts...); return h }

// Figure shows d under the handle.
func (h *Handle) Figure(d Drawing, opts ...PlotOption) error {
	return h.show(DrawingBundle(d, append(opts, svgWhereItWins())...))
}

// PlotBundle renders p into a bundle without displaying it: image/png
// (base64), image/svg+xml unless PNGOnly, and a text/plain description.
// gonum/plot panics on some bad input (e.g. a log scale over values <= 0);
// such panics are returned as errors.
func PlotBundle(p *plot.Plot, opts ...PlotOption) (b Bundle, err error) {
	if p == nil {
		return Bundle{}, errors.New("display.Plot: plot is nil")
	}
	cfg := plotConfig{w: DefaultPlotWidth, h: DefaultPlotHeight, dpi: DefaultPlotDPI}
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	return paintBundle("Plot", "plot", p.Title.Text, p.Draw, cfg)
}

// paintBundle renders paint at cfg's size: image/png (base64),
// image/svg+xml unless noSVG (alone when noPNG), and a text/plain
// description naming kind and title. gonum/plot panics on some bad input
// (e.g. a log scale over values <= 0); such panics are returned as errors
// naming display.<call>.
func paintBundle(call, kind, title string, paint func(draw.Canvas), cfg plotConfig) (b Bundle, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, err = Bundle{}, fmt.Errorf("display.%s: drawing the %s failed: %v", call, kind, r)
		}
	}()
	if cfg.w <= 0 || cfg.h <= 0 {
		return Bundle{}, fmt.Errorf("display.%s: size %vx%v must be positive", call, cfg.w, cfg.h)
	}
	if cfg.dpi <= 0 || cfg.dpi > 1200 {
		return Bundle{}, fmt.Errorf("display.%s: dpi %d out of range 1..1200", call, cfg.dpi)
	}
	if cfg.density == 0 {
		cfg.density = DefaultPixelDensity
	}
	if cfg.density < 1 || cfg.density > 8 {
		return Bundle{}, fmt.Errorf("display.%s: density %d out of range 1..8", call, cfg.density)
	}
	name := kind
	if title != "" || kind == "plot" {
		name = fmt.Sprintf("%s %q", kind, title)
	}
	px := func(l vg.Length) int { return int(math.Round(float64(l/vg.Inch) * float64(cfg.dpi))) }
	text := fmt.Sprintf("<%s %dx%d>", name, px(cfg.w), px(cfg.h))
	b = Bundle{Data: MIME{}}
	if !cfg.noPNG || cfg.noSVG {
		img := vgimg.NewWith(vgimg.UseWH(cfg.w, cfg.h), vgimg.UseDPI(cfg.dpi*cfg.density))
		paint(draw.New(img))
		var png bytes.Buffer
		if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&png); err != nil {
			return Bundle{}, fmt.Errorf("display.%s: encoding PNG: %v", call, err)
		}
		if b, err = imageData(call, "image/png", png.Bytes()); err != nil {
			return Bundle{}, err
		}
		// shown at the layout's size: the image's pixels over the density
		size := b.Metadata["image/png"].(map[string]any)
		size["width"], size["height"] = size["width"].(int)/cfg.density, size["height"].(int)/cfg.density
		text = fmt.Sprintf("<%s %vx%v>", name, size["width"], size["height"])
	}
	if !cfg.noSVG {
		svg, err := paintSVG(call, paint, cfg.w, cfg.h)
		if err != nil {
			return Bundle{}, err
		}
		b.Data["image/svg+xml"] = svg
	}
	b.Data["text/plain"] = text
	return b, nil
}

// paintSVG renders paint as an SVG document whose text does not depend on the
// fonts installed where it is viewed. gonum/plot lays text out with the
// metrics of its Liberation fonts and names them in the SVG; a browser
// without them (Debian's default install has only DejaVu, which is wider)
// drew legends past their markers and cut them at the image's edge. So
// each <text> carries textLength (with lengthAdjust="spacingAndGlyphs"):
// the width gonum/plot measured, to which the browser fits whatever font
// it uses. The font-family lists the metric-compatible fonts (Times New
// Roman, Arial, Courier New, and Tinos, Arimo, Cousine) before the generic
// family, so that most systems need little or no fitting.
//
// Embedding the fonts (vgsvg.EmbedFonts; the SIL Open Font License of the
// Liberation fonts permits it) was measured and rejected: Liberation Serif
// Regular alone is 393 KB, 524 KB in base64, which made notebook 04's
// plots 20-50 times larger (~550 KB each instead of 11-26 KB, against 31-42
// KB for their PNG). textLength adds ~45 bytes per text element.
func paintSVG(call string, paint func(draw.Canvas), w, h vg.Length) (string, error) {
	c := &measuredSVG{Canvas: vgsvg.New(w, h)}
	paint(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return "", fmt.Errorf("display.%s: encoding SVG: %v", call, err)
	}
	svg, err := fitSVGText(buf.String(), c.widths)
	if err != nil {
		return "", fmt.Errorf("display.%s: %v", call, err)
	}
	return svg, nil
}

// measuredSVG records, for each string drawn, the width gonum/plot's
// layout gave it.
type measuredSVG struct {
	*vgsvg.Canvas
	widths []vg.Length
}

func (c *measuredSVG) FillString(f font.Face, pt vg.Point, s string) {
	c.widths = append(c.widths, f.Width(s))
	c.Canvas.FillString(f, pt, s)
}

// fallbackFamilies are appended to the Liberation families vgsvg names.
var fallbackFamilies = map[string]string{
	"Liberation Serif": "'Liberation Serif','Times New Roman',Tinos,Times,serif",
	"Liberation Sans":  "'Liberation Sans',Arial,Arimo,Helvetica,sans-serif",
	"Liberation Mono":  "'Liberation Mono','Courier New',Cousine,monospace",
}

// fitSVGText adds textLength to the i-th <text> element of svg (vgsvg
// writes one per FillString, in order) and the fallback font families.
func fitSVGText(svg string, widths []vg.Length) (string, error) {
	if n := strings.Count(svg, "<text "); n != len(widths) {
		return "", fmt.Errorf("SVG has %d text elements for %d strings drawn", n, len(widths))
	}
	var b strings.Builder
	b.Grow(len(svg) + 48*len(widths))
	rest := svg
	for _, w := range widths {
		i := strings.Index(rest, "<text ")
		b.WriteString(rest[:i])
		fmt.Fprintf(&b, `<text textLength="%.5g" lengthAdjust="spacingAndGlyphs" `, w.Points())
		rest = rest[i+len("<text "):]
	}
	b.WriteString(rest)
	out := b.String()
	for name, list := range fallbackFamilies {
		out = strings.ReplaceAll(out, "font-family:"+name+";", "font-family:"+list+";")
	}
	return out, nil
}
