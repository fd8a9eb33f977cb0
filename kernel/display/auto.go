package display

import (
	"errors"
	"fmt"
	"image"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Displayer is implemented by values that render themselves: a cell whose
// final value is a Displayer shows the returned bundle.
type Displayer interface {
	Display() Bundle
}

// MIMEr is implemented by values with a single rich representation: MIME
// returns the MIME type and the content (raw bytes for images, text for
// text types). A text/plain fallback is added when missing.
type MIMEr interface {
	MIME() (mime string, content []byte)
}

// MultiMIMEr is implemented by values with several representations keyed
// by MIME type, each as text (for example text/html and text/plain). It
// needs no import of this package, so compiled libraries that must not
// depend on the kernel (fitlib) can implement it with a plain map. Give a
// text/plain view: without one the bundle's text/plain says it is missing.
type MultiMIMEr interface {
	MIMEBundle() map[string]string
}

// Drawing is implemented by figures that paint themselves on a gonum/plot
// canvas (fitlib/plots' Figure and Grid). It needs no import of this
// package. Canvas returns the figure's size, its PNG resolution in dots per
// inch and the function that paints it, or an error when the figure cannot
// be drawn. A Drawing shows like a *plot.Plot: PNG beside an SVG whose text
// does not depend on the viewer's fonts.
type Drawing interface {
	Canvas() (w, h vg.Length, dpi int, paint func(draw.Canvas), err error)
}

// DrawingBundle renders d like PlotBundle renders a plot (opts: Size, DPI,
// Density, PNGOnly override the drawing's own size and resolution; a
// drawing with a PixelDensity method gives its own density).
func DrawingBundle(d Drawing, opts ...PlotOption) (Bundle, error) {
	if d == nil {
		return Bundle{}, errors.New("display.Drawing: drawing is nil")
	}
	w, h, dpi, paint, err := d.Canvas()
	if err != nil {
		return Bundle{}, fmt.Errorf("display.Drawing: %v", err)
	}
	cfg := plotConfig{w: w, h: h, dpi: dpi}
	if pd, ok := d.(interface{ PixelDensity() int }); ok {
		cfg.density = pd.PixelDensity() // a fitlib/plots figure's own Density
	}
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	b, err := paintBundle("Drawing", "figure", "", paint, cfg)
	if s, ok := d.(fmt.Stringer); ok && err == nil {
		b.Data["text/plain"] = s.String()
	}
	return b, err
}

// Auto is the engine's hook for a cell's final value. It returns the bundle
// to show and true for values with a rich form:
//
//   - *plot.Plot: PNG + SVG as by Plot;
//   - Drawing (a fitlib/plots figure): PNG + SVG like a *plot.Plot;
//   - image.Image: PNG;
//   - Displayer: its Display() bundle;
//   - MIMEr: its single representation, base64-encoded for image types;
//   - MultiMIMEr: every representation it returns;
//   - *Handle and *Progress: an empty bundle (Data == nil), because the
//     value was already displayed; the engine should show nothing.
//
// Any other value gives false and the engine formats it as text. Values of
// types declared in interpreted code reach compiled code without their
// methods, so Auto cannot see their Display or MIME method; for those the
// engine evaluates display.FromDisplayer(v) or display.FromMIMEr(v) in the
// interpreter, where yaegi wraps v in the symbol table's interface wrapper.
func Auto(v any) (Bundle, bool) {
	switch x := v.(type) {
	case nil:
		return Bundle{}, false
	case *Handle, *Progress:
		return Bundle{}, true
	case *plot.Plot:
		return bundleOrError(PlotBundle(x))
	case Drawing:
		return bundleOrError(DrawingBundle(x))
	case image.Image:
		return bundleOrError(imageBundle("PNG", "image/png", x))
	case Displayer:
		b := x.Display()
		return b, true
	case MIMEr:
		return bundleOrError(mimeBundle(x))
	case MultiMIMEr:
		return multiBundle(x), true
	}
	return Bundle{}, false
}

func multiBundle(m MultiMIMEr) Bundle {
	b := Bundle{Data: MIME{}}
	for k, v := range m.MIMEBundle() {
		b.Data[k] = v
	}
	if _, ok := b.Data["text/plain"]; !ok {
		b.Data["text/plain"] = "(no text/plain representation)"
	}
	return b
}

// bundleOrError turns a rendering error into a text/plain bundle so the user
// sees why the value could not be shown.
func bundleOrError(b Bundle, err error) (Bundle, bool) {
	if err != nil {
		return Bundle{Data: MIME{"text/plain": err.Error()}}, true
	}
	return b, true
}

func mimeBundle(m MIMEr) (Bundle, error) {
	mime, content := m.MIME()
	switch mime {
	case "image/png":
		return imageBundle("PNG", mime, content)
	case "image/jpeg":
		return imageBundle("JPEG", mime, content)
	case "image/svg+xml":
		return svgBundle(content)
	case "application/json":
		return jsonBundle(content)
	}
	b := Bundle{Data: MIME{mime: string(content)}}
	if mime != "text/plain" {
		b.Data["text/plain"] = string(content)
	}
	return b, nil
}

// FromDisplayer returns d's bundle. Values of interpreted types lose their
// methods when they reach compiled code as `any`, but yaegi wraps them when
// they are passed as an interface type, so the engine renders them by
// evaluating display.FromDisplayer(v) inside the interpreter.
func FromDisplayer(d Displayer) Bundle {
	if d == nil {
		return Bundle{Data: MIME{"text/plain": "<nil>"}}
	}
	return d.Display()
}

// FromMIMEr returns m's bundle (see FromDisplayer); a rendering error is
// shown as text/plain.
func FromMIMEr(m MIMEr) Bundle {
	if m == nil {
		return Bundle{Data: MIME{"text/plain": "<nil>"}}
	}
	b, _ := bundleOrError(mimeBundle(m))
	return b
}

// Value displays v the way a cell shows its final value: Auto's bundle for
// rich values (a figure, a fit report, a table), the %v text otherwise.
// It shows several rich values from one cell:
//
//	display.Value(fit)
//	display.Value(boot)
func Value(v any) *Handle { h := NewID(); _ = h.Value(v); return h }

// Value shows v under the handle as Value does.
func (h *Handle) Value(v any) error {
	b, ok := Auto(v)
	switch {
	case ok && b.Data == nil:
		return nil // a handle or progress bar: already shown
	case !ok:
		b = Bundle{Data: MIME{"text/plain": fmt.Sprintf("%v", v)}}
	}
	return h.Show(b)
}
