package display

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"image"
	"image/color"
	"image/png"
	"io"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
)

// fakePub records everything published while installed.
type fakePub struct {
	mu      sync.Mutex
	bundles []Bundle
	updates []bool
	clears  []bool
}

func (f *fakePub) Publish(b Bundle, update bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.bundles = append(f.bundles, b)
	f.updates = append(f.updates, update)
}

func (f *fakePub) Clear(wait bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.clears = append(f.clears, wait)
}

func install(t *testing.T) *fakePub {
	t.Helper()
	f := &fakePub{}
	t.Cleanup(SetPublisher(f))
	return f
}

func (f *fakePub) only(t *testing.T) Bundle {
	t.Helper()
	if len(f.bundles) != 1 {
		t.Fatalf("published %d bundles, want 1: %+v", len(f.bundles), f.bundles)
	}
	return f.bundles[0]
}

func keys(m MIME) []string {
	var k []string
	for key := range m {
		k = append(k, key)
	}
	sort.Strings(k)
	return k
}

func wantKeys(t *testing.T, b Bundle, want ...string) {
	t.Helper()
	sort.Strings(want)
	if got := keys(b.Data); !reflect.DeepEqual(got, want) {
		t.Fatalf("MIME keys = %v, want %v", got, want)
	}
}

func testPNG(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	img.Set(1, 1, color.RGBA{R: 255, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

func decodePNG(t *testing.T, b Bundle) image.Image {
	t.Helper()
	s, ok := b.Data["image/png"].(string)
	if !ok {
		t.Fatalf("image/png is %T, want base64 string", b.Data["image/png"])
	}
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		t.Fatalf("image/png is not base64: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("image/png does not decode: %v", err)
	}
	return img
}

func TestTextTypes(t *testing.T) {
	cases := []struct {
		name    string
		call    func() *Handle
		mime    string
		content string
	}{
		{"HTML string", func() *Handle { return HTML("<b>x</b>") }, "text/html", "<b>x</b>"},
		{"HTML bytes", func() *Handle { return HTML([]byte("<i>y</i>")) }, "text/html", "<i>y</i>"},
		{"Markdown", func() *Handle { return Markdown("# T") }, "text/markdown", "# T"},
		{"LaTeX wraps", func() *Handle { return LaTeX(`E = C^{-\alpha}`) }, "text/latex", `$$E = C^{-\alpha}$$`},
		{"LaTeX keeps $", func() *Handle { return LaTeX(`$x$`) }, "text/latex", `$x$`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := install(t)
			h := c.call()
			if err := h.Err(); err != nil {
				t.Fatal(err)
			}
			b := f.only(t)
			wantKeys(t, b, c.mime, "text/plain")
			if b.Data[c.mime] != c.content {
				t.Errorf("%s = %q, want %q", c.mime, b.Data[c.mime], c.content)
			}
			if b.ID == "" || b.ID != h.ID() {
				t.Errorf("bundle id %q, handle id %q", b.ID, h.ID())
			}
			if f.updates[0] {
				t.Error("first display sent as update")
			}
		})
	}
}

func TestText(t *testing.T) {
	f := install(t)
	Text(42)
	Text([]byte("raw"))
	if len(f.bundles) != 2 {
		t.Fatalf("got %d bundles", len(f.bundles))
	}
	wantKeys(t, f.bundles[0], "text/plain")
	if f.bundles[0].Data["text/plain"] != "42" || f.bundles[1].Data["text/plain"] != "raw" {
		t.Errorf("text = %q, %q", f.bundles[0].Data["text/plain"], f.bundles[1].Data["text/plain"])
	}
}

func TestBadContentIsReported(t *testing.T) {
	f := install(t)
	h := HTML(3.5)
	err := h.Err()
	if err == nil || !strings.Contains(err.Error(), "display.HTML") || !strings.Contains(err.Error(), "float64") {
		t.Fatalf("err = %v, want one naming display.HTML and float64", err)
	}
	b := f.only(t)
	wantKeys(t, b, "text/plain")
	if b.Data["text/plain"] != err.Error() {
		t.Errorf("shown %q, want the error", b.Data["text/plain"])
	}
}

func TestPNG(t *testing.T) {
	raw := testPNG(7, 5)
	for name, content := range map[string]any{
		"bytes":  raw,
		"string": string(raw),
		"base64": base64.StdEncoding.EncodeToString(raw),
		"image":  image.NewGray(image.Rect(0, 0, 7, 5)),
	} {
		t.Run(name, func(t *testing.T) {
			f := install(t)
			if err := PNG(content).Err(); err != nil {
				t.Fatal(err)
			}
			b := f.only(t)
			wantKeys(t, b, "image/png", "text/plain")
			if got := decodePNG(t, b).Bounds().Size(); got != image.Pt(7, 5) {
				t.Errorf("size %v, want 7x5", got)
			}
			md := b.Metadata["image/png"].(map[string]any)
			if md["width"] != 7 || md["height"] != 5 {
				t.Errorf("metadata %v", md)
			}
		})
	}
}

func TestBadImages(t *testing.T) {
	install(t)
	for _, c := range []struct {
		h    *Handle
		want string
	}{
		{PNG("hello"), `neither PNG data nor base64-encoded PNG (starts with "hello")`},
		{PNG(12), "got int"},
		{JPEG(testPNG(2, 2)), "neither JPEG data"},
		{PNG([]byte("\x89PNG\r\n\x1a\ngarbage")), "invalid image"},
	} {
		if err := c.h.Err(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("err = %v, want it to contain %q", err, c.want)
		}
	}
}

func TestSVG(t *testing.T) {
	f := install(t)
	good := `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="5"/></svg>`
	if err := SVG(good).Err(); err != nil {
		t.Fatal(err)
	}
	wantKeys(t, f.only(t), "image/svg+xml", "text/plain")
	if err := SVG("<html></html>").Err(); err == nil || !strings.Contains(err.Error(), "root element is <html>") {
		t.Errorf("err = %v", err)
	}
	if err := SVG("<svg><g></svg>").Err(); err == nil || !strings.Contains(err.Error(), "not well-formed XML at line 1") {
		t.Errorf("err = %v", err)
	}
}

func TestJSON(t *testing.T) {
	f := install(t)
	JSON(map[string]any{"alpha": 0.34, "n": []int{1, 2}})
	JSON(`{"a": [1, 2]}`)
	JSON("not json")
	if err := JSON([]byte("{bad")).Err(); err == nil || !strings.Contains(err.Error(), "not valid JSON") {
		t.Errorf("invalid []byte JSON: err = %v", err)
	}
	if err := JSON(func() {}).Err(); err == nil || !strings.Contains(err.Error(), "cannot marshal func()") {
		t.Errorf("func: err = %v", err)
	}
	wantKeys(t, f.bundles[0], "application/json", "text/plain")
	m := f.bundles[0].Data["application/json"].(map[string]any)
	if m["alpha"] != 0.34 || !reflect.DeepEqual(m["n"], []any{1.0, 2.0}) {
		t.Errorf("json value %v", m)
	}
	if !reflect.DeepEqual(f.bundles[1].Data["application/json"], map[string]any{"a": []any{1.0, 2.0}}) {
		t.Errorf("JSON text not parsed: %v", f.bundles[1].Data["application/json"])
	}
	if f.bundles[2].Data["application/json"] != "not json" {
		t.Errorf("plain string: %v", f.bundles[2].Data["application/json"])
	}
}

func TestUpdateKeepsID(t *testing.T) {
	f := install(t)
	h := Markdown("one")
	if err := h.Markdown("two"); err != nil {
		t.Fatal(err)
	}
	if err := h.Update(Bundle{Data: MIME{"text/plain": "three"}}); err != nil {
		t.Fatal(err)
	}
	if err := Update(h.ID(), Bundle{Data: MIME{"text/plain": "four"}}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f.updates, []bool{false, true, true, true}) {
		t.Fatalf("updates = %v", f.updates)
	}
	for i, b := range f.bundles {
		if b.ID != h.ID() {
			t.Errorf("bundle %d id %q, want %q", i, b.ID, h.ID())
		}
	}
	if f.bundles[3].Data["text/plain"] != "four" {
		t.Errorf("last = %v", f.bundles[3].Data)
	}
	if NewID().ID() == h.ID() {
		t.Error("ids repeat")
	}
}

func TestNewIDShowsNothingUntilUsed(t *testing.T) {
	f := install(t)
	h := NewID()
	if len(f.bundles) != 0 {
		t.Fatal("NewID published")
	}
	_ = h.Text("x")
	if len(f.updates) != 1 || f.updates[0] {
		t.Fatalf("updates = %v, want [false]", f.updates)
	}
}

func TestClear(t *testing.T) {
	f := install(t)
	Clear(true)
	Clear(false)
	if !reflect.DeepEqual(f.clears, []bool{true, false}) {
		t.Errorf("clears = %v", f.clears)
	}
}

func TestNoPublisher(t *testing.T) {
	restore := SetPublisher(nil)
	defer restore()
	if err := HTML("x").Err(); err != ErrNoPublisher {
		t.Errorf("err = %v, want ErrNoPublisher", err)
	}
}

func TestSVGOfPlotParses(t *testing.T) {
	// checkSVG's own contract: the decoder must accept a full document.
	doc := `<?xml version="1.0"?><!-- c --><svg xmlns="http://www.w3.org/2000/svg"></svg>`
	if err := checkSVG(doc); err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(strings.NewReader(doc))
	for {
		if _, err := d.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
	}
}
