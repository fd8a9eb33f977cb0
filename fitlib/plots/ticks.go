package plots

import (
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// LogTicks marks a logarithmic axis so that it is readable at any range
// (written here because gonum's plot.LogTicks labels only powers of ten,
// so an axis spanning less than a decade — the usual loss curve — gets no
// label at all, and it prints 1e+06):
//
//   - three or more powers of ten in range: a label at each (every second
//     or third one when there are many), unlabelled minor ticks at 2..9
//     times;
//   - otherwise 1, 2 and 5 times powers of ten when three or more of them
//     fall in range (0.5, 1, 2, 5, 10 on an axis from 0.4 to 12);
//   - otherwise evenly spaced round numbers, as on a linear axis.
//
// Labels read 0.001 ... 1000 in plain decimals and 10^k (or 2×10^k) beyond,
// with a superscript exponent.
type LogTicks struct{}

// Ticks implements plot.Ticker.
func (LogTicks) Ticks(min, max float64) []plot.Tick {
	if !(min > 0) || !(max >= min) || math.IsInf(max, 0) {
		return nil
	}
	if max == min {
		return []plot.Tick{{Value: min, Label: TickLabel(min)}}
	}
	const slack = 1e-9
	in := func(v float64) bool { return v >= min*(1-slack) && v <= max*(1+slack) }
	lo := int(math.Floor(math.Log10(min) + slack))
	hi := int(math.Ceil(math.Log10(max) - slack))
	var decades []int
	for e := lo; e <= hi; e++ {
		if in(pow10(e)) {
			decades = append(decades, e)
		}
	}
	var ts []plot.Tick
	switch {
	case len(decades) >= 3:
		step := (len(decades) + 7) / 8 // at most ~8 labels
		for e := lo; e <= hi; e++ {
			dec := pow10(e)
			for m := 1; m <= 9; m++ {
				v := float64(m) * dec
				if !in(v) || m > 1 && len(decades) > 8 {
					continue
				}
				t := plot.Tick{Value: v}
				if m == 1 && (e-decades[0])%step == 0 {
					t.Label = TickLabel(v)
				}
				ts = append(ts, t)
			}
		}
	default:
		var major []float64
		for e := lo; e <= hi; e++ {
			for _, m := range []float64{1, 2, 5} {
				if v := m * pow10(e); in(v) {
					major = append(major, v)
				}
			}
		}
		if len(major) < 3 {
			return linearTicks(min, max)
		}
		isMajor := map[float64]bool{}
		for _, v := range major {
			isMajor[v] = true
		}
		for e := lo; e <= hi; e++ {
			for m := 1; m <= 9; m++ {
				v := float64(m) * pow10(e)
				if !in(v) {
					continue
				}
				t := plot.Tick{Value: v}
				if isMajor[v] {
					t.Label = TickLabel(v)
				}
				ts = append(ts, t)
			}
		}
	}
	return ts
}

// pow10 is 10^e exactly for the decades a plot meets (math.Pow10 rounds
// correctly, unlike repeated multiplication).
func pow10(e int) float64 { return math.Pow10(e) }

// linearTicks returns 3 to 7 labelled round values in [min, max] with
// unlabelled minor ticks between them.
func linearTicks(min, max float64) []plot.Tick {
	span := max - min
	step := pow10(int(math.Floor(math.Log10(span))))
	for _, f := range []float64{1, 0.5, 0.2, 0.1, 0.05} {
		if span/(step*f) >= 3 {
			step *= f
			break
		}
	}
	for span/step > 7 {
		step *= 2
	}
	var ts []plot.Tick
	minor := step / 5
	if n := int(math.Round(step / pow10(int(math.Floor(math.Log10(step)))))); n == 2 {
		minor = step / 4
	}
	first := math.Ceil(min/minor-1e-9) * minor
	for v := first; v <= max*(1+1e-12); v += minor {
		r := math.Round(v/minor) * minor
		t := plot.Tick{Value: r}
		if k := r / step; math.Abs(k-math.Round(k)) < 1e-6 {
			t.Label = TickLabel(roundSig(r, 12))
		}
		ts = append(ts, t)
	}
	return ts
}

func roundSig(v float64, sig int) float64 {
	if v == 0 {
		return 0
	}
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', sig, 64), 64)
	return f
}

// TickLabel formats a tick value: plain decimals from 0.001 to 9999
// (shortest form: 0.5, 2.5, 1000) and 10^{k} or m×10^{k} beyond
// ("10^{6}", "2.5×10^{-4}"); the tick labels of a figure from New draw
// the ^{...} part as a superscript.
func TickLabel(v float64) string {
	if v == 0 {
		return "0"
	}
	a := math.Abs(v)
	if a >= 1e-3 && a < 1e4 {
		return strconv.FormatFloat(roundSig(v, 10), 'f', -1, 64)
	}
	e := int(math.Floor(math.Log10(a)))
	m := roundSig(v/pow10(e), 10)
	if math.Abs(m) >= 10 { // rounding pushed the mantissa to 10
		m /= 10
		e++
	}
	exp := "10^{" + strconv.Itoa(e) + "}"
	switch m {
	case 1:
		return exp
	case -1:
		return "-" + exp
	}
	return strconv.FormatFloat(m, 'f', -1, 64) + "×" + exp
}

// supText draws text of the form "base^{exponent}" with the exponent
// raised and smaller; other text as text.Plain does. Written here because
// gonum's LaTeX handler (go-latex mtex) cannot typeset superscripts and the
// plot fonts lack most Unicode superscript digits.
type supText struct{ text.Plain }

func splitSup(txt string) (base, exp string, ok bool) {
	i := strings.Index(txt, "^{")
	if i < 0 || !strings.HasSuffix(txt, "}") || strings.Contains(txt, "\n") {
		return txt, "", false
	}
	return txt[:i], txt[i+2 : len(txt)-1], true
}

const supScale, supRaise = 0.7, 0.42

// Box implements text.Handler.
func (h supText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	base, exp, ok := splitSup(txt)
	if !ok {
		return h.Plain.Box(txt, fnt)
	}
	fb := h.Fonts.Lookup(fnt, fnt.Size)
	small := fnt
	small.Size = fnt.Size * supScale
	fs := h.Fonts.Lookup(small, small.Size)
	eb, es := fb.Extents(), fs.Extents()
	width = fb.Width(base) + fs.Width(exp)
	height = max(eb.Ascent, fnt.Size*supRaise+es.Ascent)
	return width, height, eb.Descent
}

// Draw implements text.Handler.
func (h supText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	base, exp, ok := splitSup(txt)
	if !ok || sty.Rotation != 0 {
		h.Plain.Draw(c, strings.NewReplacer("^{", "^", "}", "").Replace(txt), sty, pt)
		return
	}
	fb := h.Fonts.Lookup(sty.Font, sty.Font.Size)
	small := sty.Font
	small.Size = sty.Font.Size * supScale
	fs := h.Fonts.Lookup(small, small.Size)
	w, ht, d := h.Box(txt, sty.Font)
	// Baseline placed as text.Plain places a single line.
	y := pt.Y + (ht+d)*vg.Length(sty.YAlign) - ht + sty.Font.Size
	x := pt.X + vg.Length(sty.XAlign)*w
	c.SetColor(sty.Color)
	c.FillString(fb, vg.Point{X: x, Y: y}, base)
	c.FillString(fs, vg.Point{X: x + fb.Width(base), Y: y + sty.Font.Size*supRaise}, exp)
}

// LinearTicks labels a linear axis with round values; numbers of 10^4 and
// more (or below 0.001) read m×10^k instead of gonum's 1e+06.
type LinearTicks struct{}

// Ticks implements plot.Ticker.
func (LinearTicks) Ticks(min, max float64) []plot.Tick {
	if math.IsNaN(min) || math.IsNaN(max) || math.IsInf(min, 0) || math.IsInf(max, 0) {
		return nil
	}
	if max <= min {
		return []plot.Tick{{Value: min, Label: TickLabel(min)}}
	}
	return linearTicks(min, max)
}

// logAxisLabel draws an axis label as text.Plain does but reports it zero
// units wide. gonum/plot (v0.17, axis.go GlyphBoxes) places a centred axis
// label's glyph box at the arithmetic midpoint of the axis range, which a
// log axis maps far toward its end (the middle of 1e-4..1 is 0.5, at 92% of
// the axis), so a long label made the plot shrink by a fifth to make room
// for text drawn elsewhere. text.Plain.Draw measures the text itself, so the
// label is still drawn centred; only that bogus padding goes.
type logAxisLabel struct{ text.Plain }

// Box implements text.Handler.
func (h logAxisLabel) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	_, height, depth = h.Plain.Box(txt, fnt)
	return 0, height, depth
}
