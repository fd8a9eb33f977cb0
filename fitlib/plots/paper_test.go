package plots

import (
	"bytes"
	"encoding/xml"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// lstar is the CIE L* lightness of an sRGB colour (D65), written out here
// independently of golden_test.go's lab: Y from the linearised channels,
// L* = 116 Y^(1/3) - 16 above the 216/24389 knee, 24389/27 Y below.
func lstar(r, g, b uint8) float64 {
	lin := func(c uint8) float64 {
		v := float64(c) / 255
		if v <= 0.04045 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	y := 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
	if y > 216.0/24389 {
		return 116*math.Cbrt(y) - 16
	}
	return 24389.0 / 27 * y
}

// TestPaletteGrayscale: printed in grey, the palette stays readable. Any
// two of the first five colours (the series a figure usually has) differ
// by at least 11 in CIE L*, any two of all ten by at least 5, and each is
// at least 20 L* darker than the white page; tab10, the previous palette,
// fails the first test (its blue and red are L* 48 and 47).
func TestPaletteGrayscale(t *testing.T) {
	ls := make([]float64, len(palette))
	for i, c := range palette {
		ls[i] = lstar(c.R, c.G, c.B)
		if ls[i] > 80 {
			t.Errorf("colour %d %v: L* %.1f, too light on white", i, c, ls[i])
		}
	}
	minDiff := func(ls []float64) (float64, int, int) {
		m, a, b := math.Inf(1), 0, 0
		for i := range ls {
			for j := i + 1; j < len(ls); j++ {
				if d := math.Abs(ls[i] - ls[j]); d < m {
					m, a, b = d, i, j
				}
			}
		}
		return m, a, b
	}
	if m, a, b := minDiff(ls[:5]); m < 11 {
		t.Errorf("first five colours: %d and %d differ by %.1f L*", a, b, m)
	}
	if m, a, b := minDiff(ls); m < 5 {
		t.Errorf("all ten colours: %d and %d differ by %.1f L*", a, b, m)
	}
	tab10 := [][3]uint8{{0x1f, 0x77, 0xb4}, {0xff, 0x7f, 0x0e}, {0x2c, 0xa0, 0x2c}, {0xd6, 0x27, 0x28}, {0x94, 0x67, 0xbd}}
	var tl []float64
	for _, c := range tab10 {
		tl = append(tl, lstar(c[0], c[1], c[2]))
	}
	if m, _, _ := minDiff(tl); m > 2 {
		t.Errorf("tab10's first five should fail the grey test (min %.1f L*): the test cannot tell", m)
	}
	// The rendered figure agrees: five lines, sampled in the PNG, are five
	// distinct greys (luma of the most common non-background colour in a
	// strip through each line).
	f := New(Axes{Title: "five series"})
	for i := 0; i < 5; i++ {
		y := float64(i)
		if err := f.Line(string(rune('a'+i)), []float64{0, 1}, []float64{y, y}, Style{Width: vg.Points(6)}); err != nil {
			t.Fatal(err)
		}
	}
	f.noLegend = true
	img := decode(t, must(f.PNG()))
	var greys []float64
	for i := 0; i < 5; i++ {
		c := palette[i]
		greys = append(greys, lstar(c.R, c.G, c.B))
	}
	found := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		r, g, bl := rgb(img.At(b.Min.X+b.Dx()/2, y))
		l := lstar(uint8(r), uint8(g), uint8(bl))
		for i, want := range greys {
			if want >= 0 && math.Abs(l-want) < 0.5 {
				greys[i] = -1
				found++
			}
		}
	}
	if found != 5 {
		t.Errorf("the rendered lines show %d of the 5 palette greys", found)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// TestDensity: PNGs are drawn at two pixels per layout pixel by default,
// with the same layout (the SVG, which has no pixels, is unchanged, and
// the 2x PNG averaged down over 2x2 blocks matches the 1x PNG).
func TestDensity(t *testing.T) {
	mk := func(d int) *Figure {
		f := New(Axes{Title: "density", XLabel: "x", YLabel: "y", Density: d})
		if err := f.Line("l", []float64{1, 2, 3}, []float64{1, 4, 9}); err != nil {
			t.Fatal(err)
		}
		return f
	}
	two, one := decode(t, must(mk(0).PNG())), decode(t, must(mk(1).PNG()))
	if two.Bounds().Dx() != 1152 || two.Bounds().Dy() != 768 || one.Bounds().Dx() != 576 {
		t.Fatalf("default %v, density 1 %v; want 1152x768 and 576x384", two.Bounds(), one.Bounds())
	}
	if mk(0).PixelDensity() != 2 || mk(1).PixelDensity() != 1 || (&Grid{}).PixelDensity() != 2 {
		t.Error("PixelDensity")
	}
	s0, _ := mk(0).SVG()
	s1, _ := mk(1).SVG()
	if !bytes.Equal(s0, s1) {
		t.Error("the SVG depends on Density: the layout changed")
	}
	// averaged down, the 2x image is the 1x image up to anti-aliasing
	diff := 0
	for y := 0; y < 384; y++ {
		for x := 0; x < 576; x++ {
			var s [3]float64
			for dy := 0; dy < 2; dy++ {
				for dx := 0; dx < 2; dx++ {
					r, g, b := rgb(two.At(2*x+dx, 2*y+dy))
					s[0], s[1], s[2] = s[0]+r/4, s[1]+g/4, s[2]+b/4
				}
			}
			r, g, b := rgb(one.At(x, y))
			if labDist(s[0], s[1], s[2], r, g, b) > 25 {
				diff++
			}
		}
	}
	if float64(diff) > 0.01*576*384 {
		t.Errorf("%d of %d pixels differ between the downsampled 2x and the 1x rendering", diff, 576*384)
	}
	if _, err := mk(9).PNG(); err == nil || !strings.Contains(err.Error(), "Density 9") {
		t.Errorf("density 9: %v", err)
	}
}

// TestSavePaper: one call writes PDF or SVG at a journal column's width
// with print-sized, embedded fonts, and leaves the figure as it was.
func TestSavePaper(t *testing.T) {
	f := New(Axes{Title: "loss", XLabel: "N", YLabel: "L"})
	if err := f.Line("fit", []float64{1, 2, 3}, []float64{3, 2, 1.5}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	pdf := filepath.Join(dir, "fig.pdf")
	if err := f.SavePaper(pdf, PaperOptions{}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(pdf)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`/MediaBox \[0 0 ([0-9.]+) ([0-9.]+)\]`).FindSubmatch(b)
	if !bytes.HasPrefix(b, []byte("%PDF-")) || m == nil {
		t.Fatalf("not a PDF with a MediaBox: %q", b[:min(len(b), 40)])
	}
	w, _ := strconv.ParseFloat(string(m[1]), 64)
	h, _ := strconv.ParseFloat(string(m[2]), 64)
	if math.Abs(w-252) > 0.01 || math.Abs(h-168) > 0.01 {
		t.Errorf("PDF page %gx%g pt, want 252x168 (3.5 in, the figure's 3:2)", w, h)
	}
	if !bytes.Contains(b, []byte("/FontFile")) {
		t.Error("PDF fonts not embedded")
	}
	svgPath := filepath.Join(dir, "fig.svg")
	if err := f.SavePaper(svgPath, PaperOptions{Width: TwoColumnWidth, Height: 3 * vg.Inch, FontSize: vg.Points(9)}); err != nil {
		t.Fatal(err)
	}
	s, err := os.ReadFile(svgPath)
	if err != nil {
		t.Fatal(err)
	}
	var root struct {
		Width  string `xml:"width,attr"`
		Height string `xml:"height,attr"`
	}
	if err := xml.Unmarshal(s, &root); err != nil || root.Width != "504pt" || root.Height != "216pt" {
		t.Errorf("SVG %v %q x %q, want 504pt x 216pt", err, root.Width, root.Height)
	}
	if !strings.Contains(string(s), "font-size:9px") || !strings.Contains(string(s), "font-size:8px") || !strings.Contains(string(s), "@font-face") {
		t.Errorf("SVG lacks 9 pt labels, 8 pt ticks or embedded fonts")
	}
	if f.Plot.X.Label.TextStyle.Font.Size == vg.Points(9) || f.Plot.Title.TextStyle.Font.Size == vg.Points(10) {
		t.Error("SavePaper left the figure at print sizes")
	}
	if err := f.SavePaper(filepath.Join(dir, "fig.png"), PaperOptions{}); err == nil || !strings.Contains(err.Error(), ".pdf or .svg") {
		t.Errorf("PNG: %v", err)
	}
	if err := f.SavePaper(pdf, PaperOptions{FontSize: vg.Points(40)}); err == nil {
		t.Error("40 pt accepted")
	}
	// a grid: both panels at print sizes in the file, restored after
	a, b2 := New(Axes{Title: "a"}), New(Axes{Title: "b"})
	for _, p := range []*Figure{a, b2} {
		if err := p.Line("l", []float64{1, 2}, []float64{1, 2}); err != nil {
			t.Fatal(err)
		}
	}
	g := &Grid{Title: "two", Panels: [][]*plot.Plot{{a.Plot, b2.Plot}}}
	gp := filepath.Join(dir, "grid.svg")
	if err := g.SavePaper(gp, PaperOptions{Width: ICMLColumnWidth}); err != nil {
		t.Fatal(err)
	}
	gs, _ := os.ReadFile(gp)
	if err := xml.Unmarshal(gs, &root); err != nil || root.Width != "234pt" || root.Height != "156pt" || strings.Count(string(gs), "font-size:9px") < 2 {
		t.Errorf("grid SVG %v %q x %q (want 234pt x 156pt, two 9 pt titles)", err, root.Width, root.Height)
	}
	if a.Plot.Title.TextStyle.Font.Size == vg.Points(9) {
		t.Error("grid panels left at print sizes")
	}
}
