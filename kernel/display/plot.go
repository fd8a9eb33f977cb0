package display

import (
	"bytes"
	"errors"
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Default plot size and resolution: 6x4 inches at 96 dpi is 576x384 pixels.
const (
	DefaultPlotWidth  = 6 * vg.Inch
	DefaultPlotHeight = 4 * vg.Inch
	DefaultPlotDPI    = 96
)

// PlotOption changes how Plot renders; see Size, DPI and PNGOnly.
type PlotOption func(*plotConfig)

type plotConfig struct {
	w, h  vg.Length
	dpi   int
	noSVG bool
}

// Size sets the plot's width and height (e.g. display.Size(8*vg.Inch,
// 5*vg.Inch)); the PNG is width*dpi/72 points wide in pixels.
func Size(w, h vg.Length) PlotOption { return func(c *plotConfig) { c.w, c.h = w, h } }

// DPI sets the PNG resolution in dots per inch (default 96).
func DPI(dpi int) PlotOption { return func(c *plotConfig) { c.dpi = dpi } }

// PNGOnly leaves the SVG rendering out of the bundle, which keeps notebooks
// small for plots with many points.
func PNGOnly() PlotOption { return func(c *plotConfig) { c.noSVG = true } }

// Plot renders p and displays it as a PNG image and an SVG document in one
// bundle (front ends pick the richest they support).
func Plot(p *plot.Plot, opts ...PlotOption) *Handle { h := NewID(); _ = h.Plot(p, opts...); return h }

// Plot shows p under the handle.
func (h *Handle) Plot(p *plot.Plot, opts ...PlotOption) error { return h.show(PlotBundle(p, opts...)) }

// PlotBundle renders p into a bundle without displaying it: image/png
// (base64), image/svg+xml unless PNGOnly, and a text/plain description.
// gonum/plot panics on some bad input (e.g. a log scale over values <= 0);
// such panics are returned as errors.
func PlotBundle(p *plot.Plot, opts ...PlotOption) (b Bundle, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, err = Bundle{}, fmt.Errorf("display.Plot: drawing the plot failed: %v", r)
		}
	}()
	if p == nil {
		return Bundle{}, errors.New("display.Plot: plot is nil")
	}
	cfg := plotConfig{w: DefaultPlotWidth, h: DefaultPlotHeight, dpi: DefaultPlotDPI}
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	if cfg.w <= 0 || cfg.h <= 0 {
		return Bundle{}, fmt.Errorf("display.Plot: size %vx%v must be positive", cfg.w, cfg.h)
	}
	if cfg.dpi <= 0 || cfg.dpi > 1200 {
		return Bundle{}, fmt.Errorf("display.Plot: dpi %d out of range 1..1200", cfg.dpi)
	}
	img := vgimg.NewWith(vgimg.UseWH(cfg.w, cfg.h), vgimg.UseDPI(cfg.dpi))
	p.Draw(draw.New(img))
	var png bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&png); err != nil {
		return Bundle{}, fmt.Errorf("display.Plot: encoding PNG: %v", err)
	}
	b, err = imageData("Plot", "image/png", png.Bytes())
	if err != nil {
		return Bundle{}, err
	}
	if !cfg.noSVG {
		svg := vgsvg.New(cfg.w, cfg.h)
		p.Draw(draw.New(svg))
		var buf bytes.Buffer
		if _, err := svg.WriteTo(&buf); err != nil {
			return Bundle{}, fmt.Errorf("display.Plot: encoding SVG: %v", err)
		}
		b.Data["image/svg+xml"] = buf.String()
	}
	size := b.Metadata["image/png"].(map[string]any)
	b.Data["text/plain"] = fmt.Sprintf("<plot %q %vx%v>", p.Title.Text, size["width"], size["height"])
	return b, nil
}
