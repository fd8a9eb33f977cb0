package plots

import (
	"errors"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Axes describes a new figure. The zero value is an untitled linear plot
// of the default size (6×4 inches at 96 dpi, as display.Plot).
type Axes struct {
	Title, XLabel, YLabel string
	LogX, LogY            bool // logarithmic axes, labelled by LogTicks
	// Width and Height set the figure size (zero: 6 and 4 inches).
	Width, Height vg.Length
	// DPI sets the PNG resolution of the layout (zero: 96); Density the
	// PNG pixels per layout pixel (zero: DefaultDensity).
	DPI, Density int
}

// Figure is one plot: a gonum plot plus what this package tracks for it
// (series names, the palette position, the rendering size). Add series
// with its methods; show it as a cell's final value (it renders itself as
// PNG) or with display.Plot(f.Plot); save it with Save.
type Figure struct {
	// Plot is the gonum plot, for anything this package does not wrap.
	Plot *plot.Plot
	// Series names the series in the order added ("" for unnamed ones).
	Series []string
	// Items holds the gonum plotters added, in order.
	Items []plot.Plotter
	// Width, Height and DPI set the size of PNG and SVG renderings (zero:
	// 6×4 inches at 96 dpi): the layout.
	Width, Height vg.Length
	DPI           int
	// Density is the number of PNG pixels per layout pixel (zero:
	// DefaultDensity, 2): the same layout at twice the resolution in each
	// direction, for high-density screens and print; 1 renders DPI pixels
	// per inch.
	Density int

	next       int // next palette colour
	xlim, ylim *[2]float64
	noLegend   bool
	legendSet  bool // Legend chose the corner: no automatic placement
}

// New returns a figure with the given titles, scales and size, a light
// grid and a legend in the corner that covers the fewest points.
func New(ax Axes) *Figure {
	p := plot.New()
	p.Title.Text = ax.Title
	p.X.Label.Text = ax.XLabel
	p.Y.Label.Text = ax.YLabel
	setScale(&p.X, ax.LogX)
	setScale(&p.Y, ax.LogY)
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	g := plotter.NewGrid()
	g.Vertical.Color = color.Gray{Y: 225}
	g.Horizontal.Color = color.Gray{Y: 225}
	p.Add(g)
	return &Figure{Plot: p, Width: ax.Width, Height: ax.Height, DPI: ax.DPI, Density: ax.Density}
}

func setScale(a *plot.Axis, log bool) {
	if p, ok := a.Tick.Label.Handler.(text.Plain); ok {
		a.Tick.Label.Handler = supText{p}
	}
	if log {
		a.Scale = plot.LogScale{}
		a.Tick.Marker = LogTicks{}
		if p, ok := a.Label.TextStyle.Handler.(text.Plain); ok {
			a.Label.TextStyle.Handler = logAxisLabel{p}
		}
		return
	}
	a.Tick.Marker = LinearTicks{}
}

// LogLog returns New with both axes logarithmic.
func LogLog(title, xlabel, ylabel string) *Figure {
	return New(Axes{Title: title, XLabel: xlabel, YLabel: ylabel, LogX: true, LogY: true})
}

// Style changes how one series is drawn; every field's zero value means the
// default. Pass at most one Style to a method.
type Style struct {
	// Color is the series colour; nil takes the next colour of the
	// palette (Color(i)). A color.RGBA is premultiplied: a component above
	// A is an error (use color.NRGBA or Alpha for translucency).
	Color color.Color
	// Alpha is the opacity in (0, 1]; zero means opaque for lines and
	// points and 0.25 for bands.
	Alpha float64
	// Dashed draws the line dashed, Dotted dotted.
	Dashed, Dotted bool
	// Width is the line width (zero: 1.5 points).
	Width vg.Length
	// Radius is the marker radius (zero: 2.5 points).
	Radius vg.Length
	// Marker is the point shape: "circle" (the default), "ring",
	// "triangle", "square", "box", "diamond", "cross" or "plus".
	Marker string
}

func marker(name string) (draw.GlyphDrawer, error) {
	switch name {
	case "", "circle":
		return draw.CircleGlyph{}, nil
	case "ring":
		return draw.RingGlyph{}, nil
	case "triangle":
		return draw.TriangleGlyph{}, nil
	case "square":
		return draw.SquareGlyph{}, nil
	case "box":
		return draw.BoxGlyph{}, nil
	case "diamond":
		return draw.PyramidGlyph{}, nil
	case "cross":
		return draw.CrossGlyph{}, nil
	case "plus":
		return draw.PlusGlyph{}, nil
	}
	return nil, fmt.Errorf("plots: Marker %q: want circle, ring, triangle, square, box, diamond, cross or plus", name)
}

func (f *Figure) style(name string, styles []Style, alpha float64) (Style, color.Color, error) {
	if len(styles) > 1 {
		return Style{}, nil, fmt.Errorf("plots: %s: %d styles given, pass at most one", name, len(styles))
	}
	var s Style
	if len(styles) == 1 {
		s = styles[0]
	}
	if s.Alpha < 0 || s.Alpha > 1 || math.IsNaN(s.Alpha) {
		return s, nil, fmt.Errorf("plots: %s: Alpha = %v, need 0 < Alpha <= 1 (0 for the default)", name, s.Alpha)
	}
	if s.Alpha != 0 {
		alpha = s.Alpha
	}
	c := s.Color
	if c == nil {
		c = Color(f.next)
		f.next++
	}
	if rgba, ok := c.(color.RGBA); ok && (rgba.R > rgba.A || rgba.G > rgba.A || rgba.B > rgba.A) {
		return s, nil, fmt.Errorf("plots: %s: color.RGBA%v is not premultiplied (R, G, B must not exceed A, or the renderer wraps them into a wrong, opaque-looking colour); write color.NRGBA%v or set Style.Alpha", name, rgba, rgba)
	}
	return s, withAlpha(c, alpha), nil
}

// withAlpha returns c with its opacity multiplied by alpha, as NRGBA.
func withAlpha(c color.Color, alpha float64) color.Color {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	n.A = uint8(math.Round(float64(n.A) * alpha))
	return n
}

// palette holds the colours series take in turn. It is readable in
// grayscale and for the common colour-vision deficiencies: ten hues (blue,
// orange, green, maroon, purple, teal, red, olive, sky, gold) whose CIE
// L* lightness steps through 25-79 so that any two of the first five
// differ by at least 11 L* and any two of all ten by at least 5
// (TestPaletteGrayscale), printed in black and white as five and then ten
// distinct greys. matplotlib's tab10, fitlib's earlier palette, puts its
// blue and red at L* 48 and 47: the same grey. Built here in CIELAB at
// the listed lightness and hue with the largest in-gamut chroma.
var palette = [...]color.NRGBA{
	{0x00, 0x55, 0xae, 0xff}, {0xff, 0x9b, 0x47, 0xff}, {0x00, 0x8a, 0x22, 0xff}, {0x7d, 0x00, 0x15, 0xff},
	{0xcc, 0x6b, 0xe9, 0xff}, {0x00, 0x52, 0x54, 0xff}, {0xc3, 0x28, 0x1b, 0xff}, {0x84, 0x89, 0x00, 0xff},
	{0x00, 0xb0, 0xe7, 0xff}, {0xf1, 0xbc, 0x27, 0xff},
}

// Color returns colour i of the palette (cycling after ten), so that a
// notebook can match a series drawn elsewhere.
func Color(i int) color.Color {
	n := len(palette)
	return palette[((i%n)+n)%n]
}

// points checks a series and converts it: equal lengths, finite values,
// positive values on log axes.
func (f *Figure) points(name string, x, y []float64) (plotter.XYs, error) {
	if f == nil || f.Plot == nil {
		return nil, fmt.Errorf("plots: %s: figure is nil", name)
	}
	if len(x) != len(y) {
		return nil, fmt.Errorf("plots: %s: %d x values but %d y values", name, len(x), len(y))
	}
	if len(x) == 0 {
		return nil, fmt.Errorf("plots: %s: no points", name)
	}
	xy := make(plotter.XYs, len(x))
	for i := range x {
		if err := f.check(name, i, "x", x[i], f.Plot.X.Scale); err != nil {
			return nil, err
		}
		if err := f.check(name, i, "y", y[i], f.Plot.Y.Scale); err != nil {
			return nil, err
		}
		xy[i] = plotter.XY{X: x[i], Y: y[i]}
	}
	return xy, nil
}

func (f *Figure) check(name string, i int, axis string, v float64, s plot.Normalizer) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("plots: %s row %d: %s = %v is not finite", name, i, axis, v)
	}
	if isLog(s) && v <= 0 {
		return fmt.Errorf("plots: %s row %d: %s = %v cannot be shown on a log axis", name, i, axis, v)
	}
	return nil
}

func isLog(s plot.Normalizer) bool { _, ok := s.(plot.LogScale); return ok }

// Scatter adds points (x[i], y[i]) with a legend entry (none when name is
// empty).
func (f *Figure) Scatter(name string, x, y []float64, style ...Style) error {
	xy, err := f.points(nameOr(name), x, y)
	if err != nil {
		return err
	}
	st, c, err := f.style(nameOr(name), style, 1)
	if err != nil {
		return err
	}
	shape, err := marker(st.Marker)
	if err != nil {
		return err
	}
	s, err := plotter.NewScatter(xy)
	if err != nil {
		return fmt.Errorf("plots: %s: %w", nameOr(name), err)
	}
	s.GlyphStyle.Color = c
	s.GlyphStyle.Shape = shape
	s.GlyphStyle.Radius = orLength(st.Radius, vg.Points(2.5))
	f.add(name, s, s)
	return nil
}

// Text writes labels[i] just right of (x[i], y[i]), in 7-point type: names
// next to points, as matplotlib's annotate.
func (f *Figure) Text(x, y []float64, labels []string) error {
	if len(labels) != len(x) {
		return fmt.Errorf("plots: Text: %d labels for %d points", len(labels), len(x))
	}
	xy, err := f.points("labels", x, y)
	if err != nil {
		return err
	}
	l, err := plotter.NewLabels(plotter.XYLabels{XYs: xy, Labels: labels})
	if err != nil {
		return fmt.Errorf("plots: Text: %w", err)
	}
	for i := range l.TextStyle {
		l.TextStyle[i].Font.Size = vg.Points(7)
		l.TextStyle[i].XAlign = -0.05
	}
	f.add("", l, nil)
	return nil
}

// nameOr names a series in messages ("series" when unnamed).
func nameOr(s string) string {
	if s == "" {
		return "series"
	}
	return s
}

func orLength(v, def vg.Length) vg.Length {
	if v > 0 {
		return v
	}
	return def
}

func (f *Figure) lineStyle(st Style, c color.Color) draw.LineStyle {
	ls := draw.LineStyle{Color: c, Width: orLength(st.Width, vg.Points(1.5))}
	switch {
	case st.Dashed:
		ls.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
	case st.Dotted:
		ls.Dashes = []vg.Length{vg.Points(1), vg.Points(2)}
	}
	return ls
}

// Line adds a polyline through the points, in order.
func (f *Figure) Line(name string, x, y []float64, style ...Style) error {
	xy, err := f.points(nameOr(name), x, y)
	if err != nil {
		return err
	}
	st, c, err := f.style(nameOr(name), style, 1)
	if err != nil {
		return err
	}
	l, err := plotter.NewLine(xy)
	if err != nil {
		return fmt.Errorf("plots: %s: %w", nameOr(name), err)
	}
	l.LineStyle = f.lineStyle(st, c)
	f.add(name, l, l)
	return nil
}

// Lines adds one line per series: names[i] through (xs[i], ys[i]).
func (f *Figure) Lines(names []string, xs, ys [][]float64) error {
	if len(names) != len(xs) || len(xs) != len(ys) {
		return fmt.Errorf("plots: %d names, %d x series, %d y series", len(names), len(xs), len(ys))
	}
	for i := range names {
		if err := f.Line(names[i], xs[i], ys[i]); err != nil {
			return err
		}
	}
	return nil
}

// band is a filled region between two curves over x.
func (f *Figure) band(name string, x, lo, hi []float64) (plotter.XYs, error) {
	if len(lo) != len(x) || len(hi) != len(x) {
		return nil, fmt.Errorf("plots: %s: %d x values, %d lower and %d upper bounds", name, len(x), len(lo), len(hi))
	}
	a, err := f.points(name+" (lower)", x, lo)
	if err != nil {
		return nil, err
	}
	b, err := f.points(name+" (upper)", x, hi)
	if err != nil {
		return nil, err
	}
	for i := range lo {
		if lo[i] > hi[i] {
			return nil, fmt.Errorf("plots: %s row %d: lower bound %v above upper bound %v", name, i, lo[i], hi[i])
		}
	}
	ring := make(plotter.XYs, 0, 2*len(x))
	ring = append(ring, a...)
	for i := len(b) - 1; i >= 0; i-- {
		ring = append(ring, b[i])
	}
	return ring, nil
}

func (f *Figure) polygon(name string, ring plotter.XYs, c color.Color) (*plotter.Polygon, error) {
	poly, err := plotter.NewPolygon(ring)
	if err != nil {
		return nil, fmt.Errorf("plots: %s: %w", name, err)
	}
	poly.Color = c
	poly.LineStyle.Width = 0
	return poly, nil
}

// Band fills the region between lo and hi over x (matplotlib's
// fill_between), translucent (Style.Alpha, default 0.25), with a legend
// entry.
func (f *Figure) Band(name string, x, lo, hi []float64, style ...Style) error {
	ring, err := f.band(nameOr(name), x, lo, hi)
	if err != nil {
		return err
	}
	_, c, err := f.style(nameOr(name), style, 0.25)
	if err != nil {
		return err
	}
	poly, err := f.polygon(nameOr(name), ring, c)
	if err != nil {
		return err
	}
	f.add(name, poly, poly)
	return nil
}

// LineBand draws y over x as a line and the band from lo to hi around it in
// the same colour, with one legend entry: a fit and its confidence band.
func (f *Figure) LineBand(name string, x, y, lo, hi []float64, style ...Style) error {
	ring, err := f.band(nameOr(name), x, lo, hi)
	if err != nil {
		return err
	}
	xy, err := f.points(nameOr(name), x, y)
	if err != nil {
		return err
	}
	st, c, err := f.style(nameOr(name), style, 1)
	if err != nil {
		return err
	}
	ba := 0.25
	if st.Alpha != 0 {
		ba = 0.25 * st.Alpha
	}
	poly, err := f.polygon(nameOr(name), ring, withAlpha(c, ba))
	if err != nil {
		return err
	}
	l, err := plotter.NewLine(xy)
	if err != nil {
		return fmt.Errorf("plots: %s: %w", nameOr(name), err)
	}
	l.LineStyle = f.lineStyle(st, c)
	f.add("", poly, nil)
	f.add(name, l, bandThumb{poly, l})
	return nil
}

// bandThumb draws a legend entry as a band with its line.
type bandThumb struct {
	p *plotter.Polygon
	l *plotter.Line
}

func (b bandThumb) Thumbnail(c *draw.Canvas) { b.p.Thumbnail(c); b.l.Thumbnail(c) }

// errPoints is the compiled value behind ErrorBars: gonum's error-bar
// plotters take an interface value, and an interface implemented by a type
// declared in a notebook cell crashes the yaegi interpreter.
type errPoints struct {
	plotter.XYs
	plotter.YErrors
}

// ErrorBars adds points (x[i], y[i]) with vertical bars from lower[i] to
// upper[i] (the bounds themselves, as a bootstrap interval gives them, not
// distances), and a legend entry.
func (f *Figure) ErrorBars(name string, x, y, lower, upper []float64, style ...Style) error {
	nm := nameOr(name)
	if len(lower) != len(x) || len(upper) != len(x) {
		return fmt.Errorf("plots: %s: %d x values, %d lower and %d upper bounds", nm, len(x), len(lower), len(upper))
	}
	xy, err := f.points(nm, x, y)
	if err != nil {
		return err
	}
	if _, err := f.points(nm+" (lower)", x, lower); err != nil {
		return err
	}
	if _, err := f.points(nm+" (upper)", x, upper); err != nil {
		return err
	}
	ep := errPoints{XYs: xy, YErrors: make(plotter.YErrors, len(x))}
	for i := range x {
		if !(lower[i] <= y[i] && y[i] <= upper[i]) {
			return fmt.Errorf("plots: %s row %d: y = %v outside its bounds [%v, %v]", nm, i, y[i], lower[i], upper[i])
		}
		ep.YErrors[i].Low, ep.YErrors[i].High = y[i]-lower[i], upper[i]-y[i]
	}
	st, c, err := f.style(nm, style, 1)
	if err != nil {
		return err
	}
	bars, err := plotter.NewYErrorBars(ep)
	if err != nil {
		return fmt.Errorf("plots: %s: %w", nm, err)
	}
	bars.LineStyle = draw.LineStyle{Color: c, Width: orLength(st.Width, vg.Points(1))}
	bars.CapWidth = vg.Points(5)
	s, err := plotter.NewScatter(xy)
	if err != nil {
		return fmt.Errorf("plots: %s: %w", nm, err)
	}
	s.GlyphStyle = draw.GlyphStyle{Color: c, Shape: draw.CircleGlyph{}, Radius: orLength(st.Radius, vg.Points(2.5))}
	f.add("", bars, nil)
	f.add(name, s, s)
	return nil
}

// HLine adds a horizontal reference line at y across the plot (for example
// an irreducible loss E), with a legend entry.
func (f *Figure) HLine(name string, y float64, style ...Style) error {
	return f.refLine(name, false, y, style)
}

// VLine adds a vertical reference line at x across the plot.
func (f *Figure) VLine(name string, x float64, style ...Style) error {
	return f.refLine(name, true, x, style)
}

func (f *Figure) refLine(name string, vertical bool, v float64, style []Style) error {
	nm := nameOr(name)
	if f == nil || f.Plot == nil {
		return fmt.Errorf("plots: %s: figure is nil", nm)
	}
	axis, scale := "y", f.Plot.Y.Scale
	if vertical {
		axis, scale = "x", f.Plot.X.Scale
	}
	if err := f.check(nm, 0, axis, v, scale); err != nil {
		return err
	}
	st, c, err := f.style(nm, style, 1)
	if err != nil {
		return err
	}
	r := &refLine{vertical: vertical, v: v, LineStyle: f.lineStyle(st, c)}
	f.add(name, r, r)
	return nil
}

// refLine spans the whole plot at one coordinate.
type refLine struct {
	vertical bool
	v        float64
	draw.LineStyle
}

// Plot implements plot.Plotter.
func (r *refLine) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	if r.vertical {
		x := tx(r.v)
		c.StrokeLine2(r.LineStyle, x, c.Min.Y, x, c.Max.Y)
		return
	}
	y := ty(r.v)
	c.StrokeLine2(r.LineStyle, c.Min.X, y, c.Max.X, y)
}

// DataRange implements plot.DataRanger: the line's coordinate only.
func (r *refLine) DataRange() (xmin, xmax, ymin, ymax float64) {
	if r.vertical {
		return r.v, r.v, math.Inf(1), math.Inf(-1)
	}
	return math.Inf(1), math.Inf(-1), r.v, r.v
}

// Thumbnail implements plot.Thumbnailer.
func (r *refLine) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	c.StrokeLine2(r.LineStyle, c.Min.X, y, c.Max.X, y)
}

// VSpan shades the x range [lo, hi] over the whole height of the plot
// (matplotlib's axvspan): a confidence interval on a histogram, a fitting
// window. Translucent (Style.Alpha, default 0.2), with a legend entry.
func (f *Figure) VSpan(name string, lo, hi float64, style ...Style) error {
	return f.span(name, true, lo, hi, style)
}

// HSpan shades the y range [lo, hi] across the plot (axhspan).
func (f *Figure) HSpan(name string, lo, hi float64, style ...Style) error {
	return f.span(name, false, lo, hi, style)
}

func (f *Figure) span(name string, vertical bool, lo, hi float64, style []Style) error {
	nm := nameOr(name)
	if f == nil || f.Plot == nil {
		return fmt.Errorf("plots: %s: figure is nil", nm)
	}
	axis, scale := "y", f.Plot.Y.Scale
	if vertical {
		axis, scale = "x", f.Plot.X.Scale
	}
	for i, v := range []float64{lo, hi} {
		if err := f.check(nm, i, axis, v, scale); err != nil {
			return err
		}
	}
	if lo > hi {
		return fmt.Errorf("plots: %s: span from %v to %v, need lo <= hi", nm, lo, hi)
	}
	_, c, err := f.style(nm, style, 0.2)
	if err != nil {
		return err
	}
	r := &span{vertical: vertical, lo: lo, hi: hi, color: c}
	f.add(name, r, r)
	return nil
}

// span shades a range of one axis across the other.
type span struct {
	vertical bool
	lo, hi   float64
	color    color.Color
}

// Plot implements plot.Plotter.
func (s *span) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	r := vg.Rectangle{Min: c.Min, Max: c.Max}
	if s.vertical {
		r.Min.X, r.Max.X = max(c.Min.X, tx(s.lo)), min(c.Max.X, tx(s.hi))
	} else {
		r.Min.Y, r.Max.Y = max(c.Min.Y, ty(s.lo)), min(c.Max.Y, ty(s.hi))
	}
	if r.Max.X <= r.Min.X || r.Max.Y <= r.Min.Y {
		return
	}
	c.SetColor(s.color)
	c.Fill(r.Path())
}

// DataRange implements plot.DataRanger: the shaded range only.
func (s *span) DataRange() (xmin, xmax, ymin, ymax float64) {
	if s.vertical {
		return s.lo, s.hi, math.Inf(1), math.Inf(-1)
	}
	return math.Inf(1), math.Inf(-1), s.lo, s.hi
}

// Thumbnail implements plot.Thumbnailer.
func (s *span) Thumbnail(c *draw.Canvas) {
	c.SetColor(s.color)
	c.Fill(c.Rectangle.Path())
}

// Hist adds a histogram of values with the given number of bins (0: the
// square root of the count, at least 5), as counts.
func (f *Figure) Hist(name string, values []float64, bins int, style ...Style) error {
	nm := nameOr(name)
	if len(values) == 0 {
		return fmt.Errorf("plots: %s: no values", nm)
	}
	for i, v := range values {
		if err := f.check(nm, i, "x", v, f.Plot.X.Scale); err != nil {
			return err
		}
	}
	if bins < 0 {
		return fmt.Errorf("plots: %s: %d bins", nm, bins)
	}
	if bins == 0 {
		bins = max(5, int(math.Sqrt(float64(len(values)))))
	}
	if isLog(f.Plot.Y.Scale) {
		return fmt.Errorf("plots: %s: a histogram of counts needs a linear y axis", nm)
	}
	_, c, err := f.style(nm, style, 0.6)
	if err != nil {
		return err
	}
	h, err := plotter.NewHist(plotter.Values(values), bins)
	if err != nil {
		return fmt.Errorf("plots: %s: %w", nm, err)
	}
	h.FillColor = c
	h.LineStyle.Color = withAlpha(c, 1)
	h.LineStyle.Width = vg.Points(0.5)
	f.add(name, h, h)
	return nil
}

// Add adds any gonum plotter (a contour, a heat map, ...) with a legend
// entry when name is not empty and the plotter can draw one.
func (f *Figure) Add(name string, p plot.Plotter) error {
	if f == nil || f.Plot == nil {
		return errors.New("plots: Add: figure is nil")
	}
	if p == nil {
		return fmt.Errorf("plots: Add(%q): plotter is nil", name)
	}
	th, _ := p.(plot.Thumbnailer)
	if name != "" && th == nil {
		return fmt.Errorf("plots: Add(%q): %T draws no legend entry; pass an empty name", name, p)
	}
	f.add(name, p, th)
	return nil
}

// NextColor returns the palette colour the next series will take and
// advances past it, for plotters added with Add.
func (f *Figure) NextColor() color.Color {
	c := Color(f.next)
	f.next++
	return c
}

func (f *Figure) add(name string, p plot.Plotter, th plot.Thumbnailer) {
	f.Plot.Add(p)
	if name != "" && th != nil && !f.noLegend {
		f.Plot.Legend.Add(name, th)
	}
	f.Series = append(f.Series, name)
	f.Items = append(f.Items, p)
	f.applyLimits()
	f.placeLegend()
}

// placeLegend puts the legend in the corner that covers the fewest data
// points (matplotlib's loc="best", simplified to the four corners).
func (f *Figure) placeLegend() {
	if f.legendSet || f.noLegend {
		return
	}
	p := f.Plot
	norm := func(a *plot.Axis, v float64) float64 {
		lo, hi := a.Min, a.Max
		if isLog(a.Scale) {
			if v <= 0 || lo <= 0 {
				return -1
			}
			v, lo, hi = math.Log(v), math.Log(lo), math.Log(hi)
		}
		if hi <= lo {
			return 0.5
		}
		return (v - lo) / (hi - lo)
	}
	entries := 0
	for _, s := range f.Series {
		if s != "" {
			entries++
		}
	}
	h := math.Min(0.9, 0.07*float64(entries)+0.06)
	var count [4]int // top right, top left, bottom right, bottom left
	var pts [][2]float64
	for _, it := range f.Items {
		switch it := it.(type) {
		case plotter.XYer:
			for i := 0; i < it.Len(); i++ {
				x, y := it.XY(i)
				pts = append(pts, [2]float64{x, y})
			}
		case *plotter.Histogram:
			// a bar fills its column from the bottom to its height
			for _, b := range it.Bins {
				for _, fr := range []float64{0.1, 0.3, 0.5, 0.7, 0.9, 1} {
					pts = append(pts, [2]float64{(b.Min + b.Max) / 2, fr * b.Weight})
				}
			}
		}
	}
	{
		for _, pt := range pts {
			u, v := norm(&p.X, pt[0]), norm(&p.Y, pt[1])
			right, left := u > 0.6, u < 0.4
			top, bottom := v > 1-h, v < h
			if top && right {
				count[0]++
			}
			if top && left {
				count[1]++
			}
			if bottom && right {
				count[2]++
			}
			if bottom && left {
				count[3]++
			}
		}
	}
	best := 0
	for k := 1; k < 4; k++ {
		if count[k] < count[best] {
			best = k
		}
	}
	p.Legend.Top = best < 2
	p.Legend.Left = best%2 == 1
}

// XLim fixes the x range (matplotlib's xlim); series added later do not
// widen it.
func (f *Figure) XLim(lo, hi float64) error { return f.lim("x", &f.xlim, lo, hi, f.Plot.X.Scale) }

// YLim fixes the y range.
func (f *Figure) YLim(lo, hi float64) error { return f.lim("y", &f.ylim, lo, hi, f.Plot.Y.Scale) }

func (f *Figure) lim(axis string, dst **[2]float64, lo, hi float64, s plot.Normalizer) error {
	if !(lo < hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return fmt.Errorf("plots: %slim(%v, %v): need finite lo < hi", axis, lo, hi)
	}
	if isLog(s) && lo <= 0 {
		return fmt.Errorf("plots: %slim(%v, %v): a log axis needs lo > 0", axis, lo, hi)
	}
	*dst = &[2]float64{lo, hi}
	f.applyLimits()
	return nil
}

func (f *Figure) applyLimits() {
	if f.xlim != nil {
		f.Plot.X.Min, f.Plot.X.Max = f.xlim[0], f.xlim[1]
	}
	if f.ylim != nil {
		f.Plot.Y.Min, f.Plot.Y.Max = f.ylim[0], f.ylim[1]
	}
}

// Legend places the legend: "best" (the default: the corner covering the
// fewest points, chosen again as series are added), "top right", "top
// left", "bottom right", "bottom left", or "none" (no legend).
func (f *Figure) Legend(pos string) error {
	l := &f.Plot.Legend
	f.noLegend, f.legendSet = false, true
	switch pos {
	case "best":
		f.legendSet = false
		f.placeLegend()
	case "top right":
		l.Top, l.Left = true, false
	case "top left":
		l.Top, l.Left = true, true
	case "bottom right":
		l.Top, l.Left = false, false
	case "bottom left":
		l.Top, l.Left = false, true
	case "none":
		*l = plot.NewLegend()
		f.noLegend = true
	default:
		return fmt.Errorf("plots: Legend(%q): want best, top right, top left, bottom right, bottom left or none", pos)
	}
	return nil
}

// ScatterCurve is the usual fit figure: data (x, y) as points and a
// fitted curve (cx, cy) as a line.
func ScatterCurve(ax Axes, dataName string, x, y []float64, curveName string, cx, cy []float64) (*Figure, error) {
	f := New(ax)
	if err := f.Scatter(dataName, x, y); err != nil {
		return nil, err
	}
	if err := f.Line(curveName, cx, cy); err != nil {
		return nil, err
	}
	return f, nil
}

// GeomSpace returns n values from lo to hi evenly spaced in log scale
// (lo, hi > 0), for drawing a law on log axes.
func GeomSpace(lo, hi float64, n int) ([]float64, error) {
	if !(lo > 0 && hi > 0) || math.IsInf(lo, 0) || math.IsInf(hi, 0) || n < 2 {
		return nil, fmt.Errorf("plots: GeomSpace(%v, %v, %d) needs 0 < lo, hi < inf and n >= 2", lo, hi, n)
	}
	a, b := math.Log(lo), math.Log(hi)
	out := make([]float64, n)
	for i := range out {
		out[i] = math.Exp(a + (b-a)*float64(i)/float64(n-1))
	}
	out[0], out[n-1] = lo, hi
	return out, nil
}

// LinSpace returns n evenly spaced values from lo to hi.
func LinSpace(lo, hi float64, n int) ([]float64, error) {
	if math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) || n < 2 {
		return nil, fmt.Errorf("plots: LinSpace(%v, %v, %d) needs finite ends and n >= 2", lo, hi, n)
	}
	out := make([]float64, n)
	for i := range out {
		out[i] = lo + (hi-lo)*float64(i)/float64(n-1)
	}
	out[n-1] = hi
	return out, nil
}
