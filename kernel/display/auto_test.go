package display

import (
	"image"
	"strings"
	"testing"
)

type selfShow struct{}

func (selfShow) Display() Bundle {
	return Bundle{Data: MIME{"text/html": "<b>me</b>", "text/plain": "me"}}
}

type pngValue []byte

func (p pngValue) MIME() (string, []byte) { return "image/png", p }

type mdValue string

func (m mdValue) MIME() (string, []byte) { return "text/markdown", []byte(m) }

func TestAuto(t *testing.T) {
	install(t)
	if _, ok := Auto(42); ok {
		t.Error("Auto(42) claimed a rich form")
	}
	if _, ok := Auto(nil); ok {
		t.Error("Auto(nil) claimed a rich form")
	}
	b, ok := Auto(linePlot(t, 3))
	if !ok {
		t.Fatal("plot not auto-rendered")
	}
	wantKeys(t, b, "image/png", "image/svg+xml", "text/plain")
	b, _ = Auto(image.NewGray(image.Rect(0, 0, 3, 2)))
	if decodePNG(t, b).Bounds().Dx() != 3 {
		t.Error("image not rendered as PNG")
	}
	b, _ = Auto(selfShow{})
	if b.Data["text/html"] != "<b>me</b>" {
		t.Errorf("Displayer: %v", b.Data)
	}
	b, _ = Auto(pngValue(testPNG(4, 4)))
	if decodePNG(t, b).Bounds().Dy() != 4 {
		t.Error("MIMEr png not decoded")
	}
	b, _ = Auto(mdValue("# hi"))
	wantKeys(t, b, "text/markdown", "text/plain")
	b, ok = Auto(NewID())
	if !ok || b.Data != nil {
		t.Errorf("Handle: ok=%v data=%v, want true and nil", ok, b.Data)
	}
	b, _ = Auto(pngValue("nope"))
	wantKeys(t, b, "text/plain")
}

func TestFromDisplayerAndMIMEr(t *testing.T) {
	if b := FromDisplayer(selfShow{}); b.Data["text/plain"] != "me" {
		t.Errorf("FromDisplayer: %v", b.Data)
	}
	if b := FromDisplayer(nil); b.Data["text/plain"] != "<nil>" {
		t.Errorf("FromDisplayer(nil): %v", b.Data)
	}
	b := FromMIMEr(pngValue("nope"))
	wantKeys(t, b, "text/plain")
	if !strings.Contains(b.Data["text/plain"].(string), "neither PNG data") {
		t.Errorf("FromMIMEr error: %v", b.Data)
	}
}
