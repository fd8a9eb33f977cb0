package runner

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// committedOutputs reads notebook 01 as committed (executed) and returns
// it with the index of a cell holding a stream and of one holding a figure.
func committedOutputs(t *testing.T) (nb *notebook, stream, figure int) {
	t.Helper()
	nb, err := readNotebook(filepath.Join(testDir, "..", "..", "notebooks", "01_passk.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	stream, figure = -1, -1
	for i, c := range nb.Cells {
		outs, _ := c["outputs"].([]any)
		for _, o := range outs {
			o := o.(map[string]any)
			if o["output_type"] == "stream" && stream < 0 {
				stream = i
			}
			if d, ok := o["data"].(map[string]any); ok && d["image/png"] != nil && figure < 0 {
				figure = i
			}
		}
	}
	if stream < 0 || figure < 0 {
		t.Fatal("notebooks/01_passk.ipynb is not committed executed")
	}
	return nb, stream, figure
}

// rerun makes the "new run" outputs of cell i: a copy of the committed ones
// (as []map[string]any, the runner's form) passed through change.
func rerun(t *testing.T, nb *notebook, i int, change func(o map[string]any)) {
	t.Helper()
	b, _ := json.Marshal(nb.Cells[i]["outputs"])
	var now []map[string]any
	json.Unmarshal(b, &now)
	change(now[0])
	nb.Cells[i]["outputs"] = now
}

func figureOf(t *testing.T, o map[string]any) image.Image {
	t.Helper()
	img, err := decodePNG(joinText(o["data"].(map[string]any)["image/png"]))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// redraw re-encodes img with the plot area shifted right by shift pixels,
// at the given size.
func redraw(img image.Image, shift int, size image.Point) string {
	bd := img.Bounds()
	out := image.NewNRGBA(image.Rectangle{Max: size})
	for y := 0; y < size.Y; y++ {
		for x := 0; x < size.X; x++ {
			sx := x
			if y > bd.Dy()/8 && y < bd.Dy()*7/8 {
				sx = x - shift
			}
			if sx >= 0 && sx < bd.Dx() && y < bd.Dy() {
				out.Set(x, y, img.At(bd.Min.X+sx, bd.Min.Y+y))
			} else {
				out.Set(x, y, color.White)
			}
		}
	}
	var buf bytes.Buffer
	png.Encode(&buf, out)
	return base64.StdEncoding.EncodeToString(buf.Bytes())
}

// TestKeepReproduced: a re-run in place keeps the committed value of every
// output it reproduces — text whose only change is an elapsed time, the
// same figure re-encoded — and takes the new value of a changed number, a
// curve moved by a few pixels, a resized figure.
func TestKeepReproduced(t *testing.T) {
	cases := []struct {
		name   string
		figure bool
		change func(t *testing.T, o map[string]any)
		kept   bool
	}{
		{"same text", false, func(t *testing.T, o map[string]any) { o["text"] = joinText(o["text"]) }, true},
		{"elapsed times", false, func(t *testing.T, o map[string]any) {
			o["text"] = joinText(o["text"]) + "fitted in 3.9 s (12.5ms per start, 1m2.5s in all)\n"
		}, false},
		{"changed number", false, func(t *testing.T, o map[string]any) {
			o["text"] = strings.Replace(joinText(o["text"]), "0", "1", 1)
		}, false},
		{"same figure re-encoded", true, func(t *testing.T, o map[string]any) {
			img := figureOf(t, o)
			o["data"].(map[string]any)["image/png"] = redraw(img, 0, img.Bounds().Size())
		}, true},
		{"curve moved 6 px", true, func(t *testing.T, o map[string]any) {
			img := figureOf(t, o)
			o["data"].(map[string]any)["image/png"] = redraw(img, 6, img.Bounds().Size())
		}, false},
		{"figure resized", true, func(t *testing.T, o map[string]any) {
			img := figureOf(t, o)
			o["data"].(map[string]any)["image/png"] = redraw(img, 0, img.Bounds().Size().Add(image.Pt(8, 0)))
		}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			nb, si, fi := committedOutputs(t)
			i := si
			if c.figure {
				i = fi
			}
			committed := nb.outputs()
			rerun(t, nb, i, func(o map[string]any) { c.change(t, o) })
			newVal := func() string {
				o := nb.Cells[i]["outputs"].([]map[string]any)[0]
				if c.figure {
					return joinText(o["data"].(map[string]any)["image/png"])
				}
				return joinText(o["text"])
			}
			before := newVal()
			nb.keepReproduced(committed)
			after := newVal()
			old := committed[i][0].(map[string]any)
			oldVal := joinText(old["text"])
			if c.figure {
				oldVal = joinText(old["data"].(map[string]any)["image/png"])
			}
			if c.kept && after != oldVal {
				t.Errorf("the reproduced output was not kept")
			}
			if !c.kept && after != before {
				t.Errorf("a changed output was replaced by the committed one")
			}
		})
	}
	// The elapsed-time case again, this time against a committed text that
	// had other times: masked, the two agree, so the committed one stays.
	nb, si, _ := committedOutputs(t)
	old := nb.Cells[si]["outputs"].([]any)[0].(map[string]any)
	old["text"] = joinText(old["text"]) + "fitted in 0.4 s (1ms per start, 7s in all)\n"
	committed := nb.outputs()
	rerun(t, nb, si, func(o map[string]any) {
		o["text"] = strings.Replace(joinText(o["text"]), "0.4 s (1ms per start, 7s", "3.9 s (12.5ms per start, 1m2.5s", 1)
	})
	nb.keepReproduced(committed)
	if got := joinText(nb.Cells[si]["outputs"].([]map[string]any)[0]["text"]); !strings.Contains(got, "fitted in 0.4 s (1ms per start, 7s in all)") {
		t.Errorf("text differing only in elapsed times was not kept: %q", got)
	}
}

// TestSameFigureThreshold pins the perceptual threshold on synthetic
// figures: scattered single-pixel noise below 0.1% passes, a 2-pixel
// wide line across the figure does not.
func TestSameFigureThreshold(t *testing.T) {
	enc := func(img image.Image) string {
		var buf bytes.Buffer
		png.Encode(&buf, img)
		return base64.StdEncoding.EncodeToString(buf.Bytes())
	}
	white := func() *image.NRGBA {
		img := image.NewNRGBA(image.Rect(0, 0, 576, 384))
		for i := range img.Pix {
			img.Pix[i] = 255
		}
		return img
	}
	base := enc(white())
	noisy := white()
	r := rand.New(rand.NewPCG(1, 2))
	for range 20 { // isolated dark pixels: blurred to 1/9 of their contrast
		noisy.Set(r.IntN(576), r.IntN(384), color.Black)
	}
	if same, why := sameFigure(base, enc(noisy)); !same {
		t.Errorf("scattered single pixels: %s", why)
	}
	lined := white()
	for x := 0; x < 576; x++ {
		lined.Set(x, 200, color.Black)
		lined.Set(x, 201, color.Black)
	}
	if same, why := sameFigure(base, enc(lined)); same || !strings.Contains(why, "figure looks different") {
		t.Errorf("a line across the figure: same=%v %s", same, why)
	}
}

// TestPalettePNG: few colours convert losslessly; many keep the most
// frequent exactly and stay within 256; the encoding is deterministic.
func TestPalettePNG(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			img.Set(x, y, color.NRGBA{uint8(x * 4), uint8(y * 4), 0, 255}) // 4096 colours
		}
	}
	for x := 0; x < 64; x++ {
		for y := 0; y < 32; y++ {
			img.Set(x, y, color.NRGBA{255, 255, 255, 255}) // the most frequent colour
		}
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)
	a, err := palettePNG(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	b, _ := palettePNG(buf.Bytes())
	if !bytes.Equal(a, b) {
		t.Error("palettePNG is not deterministic")
	}
	p, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	pal, ok := p.(*image.Paletted)
	if !ok || len(pal.Palette) > 256 {
		t.Fatalf("want a palette image of at most 256 colours, got %T", p)
	}
	if c := color.NRGBAModel.Convert(pal.At(3, 3)); c != (color.NRGBA{255, 255, 255, 255}) {
		t.Errorf("the most frequent colour changed: %v", c)
	}
	// A rare colour is drawn with the nearest palette colour.
	want := color.NRGBA{40, 200, 0, 255}
	got := color.NRGBAModel.Convert(pal.At(10, 50)).(color.NRGBA)
	if near := pal.Palette[pal.Palette.Index(want)]; color.NRGBAModel.Convert(near) != got {
		t.Errorf("rare colour %v drawn as %v, the nearest palette colour is %v", want, got, near)
	}
	// Few colours: lossless.
	small := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for i := range 64 {
		small.Set(i%8, i/8, color.NRGBA{uint8(i), 0, 0, 255})
	}
	buf.Reset()
	png.Encode(&buf, small)
	c, _ := palettePNG(buf.Bytes())
	q, _ := png.Decode(bytes.NewReader(c))
	for i := range 64 {
		if got := color.NRGBAModel.Convert(q.At(i%8, i/8)); got != small.At(i%8, i/8) {
			t.Fatalf("pixel %d: %v, want %v", i, got, small.At(i%8, i/8))
		}
	}
}

// TestRunInPlace: --in-place rewrites the notebook itself in the committed
// form (no image files, PNG without SVG, deterministic ids), a second run
// rewrites the same bytes, a failing run leaves the file alone, and
// --in-place excludes --out.
func TestRunInPlace(t *testing.T) {
	dir := t.TempDir()
	nbPath := filepath.Join(dir, "plot.ipynb")
	src := `{"cells": [
 {"cell_type": "markdown", "metadata": {}, "source": "# plot"},
 {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null, "source": "p := plot.New()\np.Title.Text = \"t\"\np"},
 {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null, "source": "fmt.Println(\"took 0.5s\")"}
], "metadata": {"kernelspec": {"name": "gophernote", "language": "go"}}, "nbformat": 4, "nbformat_minor": 5}`
	os.WriteFile(nbPath, []byte(src), 0o644)
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	os.Chdir(dir)
	var o, e bytes.Buffer
	if code := runMain([]string{"--in-place", nbPath}, testConfig(&o, &e)); code != 0 {
		t.Fatalf("exit %d: %s", code, e.String())
	}
	first, _ := os.ReadFile(nbPath)
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files written beside the notebook: %v", entries)
	}
	if bytes.Contains(first, []byte("image/svg+xml")) || !bytes.Contains(first, []byte("image/png")) {
		t.Errorf("committed form wants PNG only:\n%s", first)
	}
	var doc nbFileJSON
	json.Unmarshal(first, &doc)
	if len(doc.Cells) != 3 || doc.Cells[0].ID == "" || doc.Cells[0].ID == doc.Cells[1].ID {
		t.Errorf("ids: %+v", doc.Cells)
	}
	if code := runMain([]string{nbPath, "--in-place"}, testConfig(&o, &e)); code != 0 {
		t.Fatal(e.String())
	}
	second, _ := os.ReadFile(nbPath)
	if !bytes.Equal(first, second) {
		t.Errorf("re-running an unchanged notebook in place changed the file")
	}
	// A failing cell: the committed notebook stays as it was.
	broken := strings.Replace(string(second), `fmt.Println(\"took 0.5s\")`, `undefinedThing()`, 1)
	os.WriteFile(nbPath, []byte(broken), 0o644)
	e.Reset()
	if code := runMain([]string{"--in-place", nbPath}, testConfig(&o, &e)); code == 0 || !strings.Contains(e.String(), "left unchanged") {
		t.Errorf("a failing run: exit %d, %s", code, e.String())
	}
	if after, _ := os.ReadFile(nbPath); string(after) != broken {
		t.Error("a failing in-place run rewrote the notebook")
	}
	e.Reset()
	if code := runMain([]string{"--in-place", nbPath, "--out", dir}, testConfig(&o, &e)); code != 2 || !strings.Contains(e.String(), "--in-place and --out exclude each other") {
		t.Errorf("--in-place with --out: exit %d, %s", code, e.String())
	}
}

type nbFileJSON struct {
	Cells []struct {
		ID string `json:"id"`
	} `json:"cells"`
}

// TestMaskVolatile: what may change between two runs of an unchanged
// notebook is masked, nothing else.
func TestMaskVolatile(t *testing.T) {
	tmp := filepath.Clean(os.TempDir())
	for in, want := range map[string]string{
		"4500 starts in 3.9 s; best start":                "4500 starts in <t>; best start",
		"4000/4000 (100%) 10.7s done":                     "4000/4000 (100%) <t> done",
		"took 1m2.5s and 350ms, 12µs":                     "took <t> and <t>, <t>",
		`{"seconds": 8.3, "n": 4}`:                        `{"seconds": <t>, "n": 4}`,
		"wrote 12 runs to " + tmp + "/tour2363616623/x":   "wrote 12 runs to <tmp>/x",
		"Pythia 12B, 128 problems, 10000 samples, k=1e4s": "Pythia 12B, 128 problems, 10000 samples, k=1e4s",
		"alpha 0.3473 beta 0.3672":                        "alpha 0.3473 beta 0.3672",
	} {
		if got := MaskTimes(in); got != want {
			t.Errorf("MaskTimes(%q) = %q, want %q", in, got, want)
		}
	}
}
