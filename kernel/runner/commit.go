package runner

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// committedForm turns an executed notebook into the form committed to a
// repository (`gophernote run --in-place`, `make notebooks`): every output
// that carries a PNG loses its SVG (front ends prefer the PNG, untrusted
// notebooks skip SVG anyway), and every PNG is re-encoded as an 8-bit
// palette image (palettePNG), which keeps figures visually identical at
// about 40% of the size. The result depends only on the outputs, so an
// unchanged notebook re-runs to the same file.
func (nb *notebook) committedForm() error {
	for i, c := range nb.Cells {
		outs, _ := c["outputs"].([]map[string]any)
		for _, o := range outs {
			d, ok := o["data"].(map[string]any)
			if !ok {
				continue
			}
			s, ok := d["image/png"].(string)
			if !ok {
				continue
			}
			delete(d, "image/svg+xml")
			raw, err := base64.StdEncoding.DecodeString(s)
			if err != nil {
				return fmt.Errorf("cell %d: image/png is not base64: %v", i+1, err)
			}
			small, err := palettePNG(raw)
			if err != nil {
				return fmt.Errorf("cell %d: image/png: %v", i+1, err)
			}
			d["image/png"] = base64.StdEncoding.EncodeToString(small)
		}
	}
	return nil
}

// palettePNG re-encodes a PNG with at most 256 colours, at the best
// compression. An image with at most 256 distinct colours is converted
// losslessly; otherwise the palette holds its 256 most frequent colours
// (ties broken by value, so the result is deterministic) and each rarer
// colour — in a plot, the shades of anti-aliased edges — is drawn with the
// nearest palette colour. Written by hand: the standard library has no
// colour quantizer, and image/draw's Floyd–Steinberg ditherer needs a
// palette and adds noise to flat plot backgrounds.
func palettePNG(raw []byte) ([]byte, error) {
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	if _, ok := img.(*image.Paletted); ok {
		return raw, nil
	}
	b := img.Bounds()
	px := make([]color.NRGBA, 0, b.Dx()*b.Dy())
	count := map[color.NRGBA]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			px = append(px, c)
			count[c]++
		}
	}
	colors := make([]color.NRGBA, 0, len(count))
	for c := range count {
		colors = append(colors, c)
	}
	key := func(c color.NRGBA) uint32 { return uint32(c.R)<<24 | uint32(c.G)<<16 | uint32(c.B)<<8 | uint32(c.A) }
	sort.Slice(colors, func(i, j int) bool {
		if count[colors[i]] != count[colors[j]] {
			return count[colors[i]] > count[colors[j]]
		}
		return key(colors[i]) < key(colors[j])
	})
	if len(colors) > 256 {
		colors = colors[:256]
	}
	pal := make(color.Palette, len(colors))
	index := make(map[color.NRGBA]uint8, len(count))
	for i, c := range colors {
		pal[i] = c
		index[c] = uint8(i)
	}
	out := image.NewPaletted(b, pal)
	for i, c := range px {
		j, ok := index[c]
		if !ok {
			j = uint8(pal.Index(c))
			index[c] = j
		}
		out.Pix[i/b.Dx()*out.Stride+i%b.Dx()] = j
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, out); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// outputs returns each cell's outputs as read from the file (nil for
// cells without any).
func (nb *notebook) outputs() [][]any {
	out := make([][]any, len(nb.Cells))
	for i, c := range nb.Cells {
		out[i], _ = c["outputs"].([]any)
	}
	return out
}

// keepReproduced puts back every committed output value that the new run
// reproduced — text equal once elapsed times are masked, figures of the
// same size and visually equal (sameFigure) — so that re-running an
// unchanged notebook in place rewrites the file byte for byte, and a
// changed one differs only where its outputs really changed.
func (nb *notebook) keepReproduced(committed [][]any) {
	for i, c := range nb.Cells {
		now, _ := c["outputs"].([]map[string]any)
		if i >= len(committed) || len(committed[i]) != len(now) {
			continue
		}
		for k, o := range now {
			old, ok := committed[i][k].(map[string]any)
			if !ok || old["output_type"] != o["output_type"] || old["name"] != o["name"] {
				continue
			}
			for _, f := range []string{"text", "evalue"} {
				if v, ok := old[f]; ok && o[f] != nil && sameText(joinText(v), joinText(o[f])) {
					o[f] = v
				}
			}
			od, _ := old["data"].(map[string]any)
			nd, _ := o["data"].(map[string]any)
			for mime, v := range nd {
				ov, ok := od[mime]
				if !ok {
					continue
				}
				same := false
				if mime == "image/png" {
					same, _ = sameFigure(joinText(ov), joinText(v))
				} else {
					same = sameText(joinText(ov), joinText(v))
				}
				if same {
					nd[mime] = ov
				}
			}
		}
	}
}

// joinText reads an nbformat value as text: a string, a list of lines,
// or any other JSON value marshalled (maps with sorted keys).
func joinText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []string:
		return strings.Join(x, "")
	case []any:
		var b strings.Builder
		for _, s := range x {
			str, ok := s.(string)
			if !ok {
				j, _ := json.Marshal(x)
				return string(j)
			}
			b.WriteString(str)
		}
		return b.String()
	}
	j, _ := json.Marshal(v)
	return string(j)
}

// volatileText matches what differs between two runs of an unchanged
// notebook: elapsed times ("3.9 s", "10.7s", "1m2.5s", "350ms"), the
// "seconds" field of summaries, and the random names of temporary files
// and folders (os.MkdirTemp, os.CreateTemp: TMPDIR/<prefix><digits>).
var volatileText = []*regexp.Regexp{
	regexp.MustCompile(`"seconds": *-?[0-9.eE+-]+`),
	regexp.MustCompile(regexp.QuoteMeta(filepath.Clean(os.TempDir())) + `/[A-Za-z._-]*\d{5,}[A-Za-z._-]*`),
	regexp.MustCompile(`\b(?:\d+h)?(?:\d+m)?\d+(?:\.\d+)?(?:ns|µs|us|ms|s)\b`),
	regexp.MustCompile(`\b\d+(?:\.\d+)? s\b`),
}

// MaskTimes replaces elapsed times by "<t>" and temporary names by
// "<tmp>".
func MaskTimes(s string) string {
	for i, re := range volatileText {
		s = re.ReplaceAllStringFunc(s, func(m string) string {
			switch {
			case strings.HasPrefix(m, `"seconds"`):
				return `"seconds": <t>`
			case i == 1:
				return "<tmp>"
			}
			return "<t>"
		})
	}
	return s
}

// sameText compares two outputs' text with elapsed times masked.
func sameText(a, b string) bool { return a == b || MaskTimes(a) == MaskTimes(b) }

// Figures are compared perceptually: both are turned into luminance
// (Rec. 601, composited on white), smoothed with a 3x3 box filter so that
// a one-pixel anti-aliasing shift does not count, and compared pixel by
// pixel. Two figures of the same pixel size are the same when at most
// MaxChangedFraction of the pixels differ by more than ChangedLuma (a
// tenth of the black-to-white range). A curve that moves by a few pixels
// changes well over 0.1% of a 576x384 figure; re-rendering the same data
// changes nothing, and the last-bit jitter of a parallel fit or bootstrap
// a few stray pixels.
const (
	ChangedLuma        = 0.10
	MaxChangedFraction = 0.001
)

// sameFigure compares two base64 PNGs; the reason says how they differ.
func sameFigure(a, b string) (bool, string) {
	if a == b {
		return true, ""
	}
	ia, err := decodePNG(a)
	if err != nil {
		return false, "committed figure: " + err.Error()
	}
	ib, err := decodePNG(b)
	if err != nil {
		return false, "new figure: " + err.Error()
	}
	if ia.Bounds().Size() != ib.Bounds().Size() {
		return false, fmt.Sprintf("figure size %v committed, %v now", ia.Bounds().Size(), ib.Bounds().Size())
	}
	frac := changedPixels(ia, ib)
	if frac > MaxChangedFraction {
		return false, fmt.Sprintf("figure looks different: %.2f%% of pixels changed by more than %.0f%% luminance (allowed %.2f%%)",
			100*frac, 100*ChangedLuma, 100*MaxChangedFraction)
	}
	return true, ""
}

func decodePNG(s string) (image.Image, error) {
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, err
	}
	return png.Decode(bytes.NewReader(raw))
}

// changedPixels is the fraction of pixels whose smoothed luminance differs
// by more than ChangedLuma.
func changedPixels(a, b image.Image) float64 {
	la, lb := smoothLuma(a), smoothLuma(b)
	n := 0
	for i := range la {
		if d := la[i] - lb[i]; d > ChangedLuma || d < -ChangedLuma {
			n++
		}
	}
	return float64(n) / float64(len(la))
}

func smoothLuma(img image.Image) []float64 {
	bd := img.Bounds()
	w, h := bd.Dx(), bd.Dy()
	l := make([]float64, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.NRGBAModel.Convert(img.At(bd.Min.X+x, bd.Min.Y+y)).(color.NRGBA)
			al := float64(c.A) / 255
			lum := (0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)) / 255
			l[y*w+x] = al*lum + (1 - al)
		}
	}
	out := make([]float64, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			s, n := 0.0, 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if xx, yy := x+dx, y+dy; xx >= 0 && xx < w && yy >= 0 && yy < h {
						s += l[yy*w+xx]
						n++
					}
				}
			}
			out[y*w+x] = s / float64(n)
		}
	}
	return out
}
