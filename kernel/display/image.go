package display

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"strings"
)

// PNG displays a PNG image given as raw bytes ([]byte or string), as
// base64-encoded text, or as an image.Image (encoded to PNG).
func PNG(content any) *Handle { h := NewID(); _ = h.PNG(content); return h }

// JPEG displays a JPEG image given as raw bytes ([]byte or string), as
// base64-encoded text, or as an image.Image (encoded at quality 90).
func JPEG(content any) *Handle { h := NewID(); _ = h.JPEG(content); return h }

// PNG shows a PNG image under the handle.
func (h *Handle) PNG(content any) error { return h.show(imageBundle("PNG", "image/png", content)) }

// JPEG shows a JPEG image under the handle.
func (h *Handle) JPEG(content any) error { return h.show(imageBundle("JPEG", "image/jpeg", content)) }

var magic = map[string][]byte{
	"image/png":  []byte("\x89PNG\r\n\x1a\n"),
	"image/jpeg": {0xff, 0xd8, 0xff},
}

// imageBundle validates the image, reads its size and returns a bundle with
// base64 data, width/height metadata and a text/plain description.
func imageBundle(call, mime string, content any) (Bundle, error) {
	var data []byte
	switch c := content.(type) {
	case image.Image:
		var buf bytes.Buffer
		var err error
		if mime == "image/png" {
			err = png.Encode(&buf, c)
		} else {
			err = jpeg.Encode(&buf, c, &jpeg.Options{Quality: 90})
		}
		if err != nil {
			return Bundle{}, fmt.Errorf("display.%s: encoding image: %v", call, err)
		}
		data = buf.Bytes()
	case []byte:
		data = c
	case string:
		data = []byte(c)
	case nil:
		return Bundle{}, fmt.Errorf("display.%s: content is nil", call)
	default:
		return Bundle{}, fmt.Errorf("display.%s: content must be []byte, string or image.Image, got %T", call, content)
	}
	if !bytes.HasPrefix(data, magic[mime]) {
		dec, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(data)))
		if err != nil || !bytes.HasPrefix(dec, magic[mime]) {
			return Bundle{}, fmt.Errorf("display.%s: content is neither %s data nor base64-encoded %s (starts with %q)",
				call, call, call, head(data))
		}
		data = dec
	}
	return imageData(call, mime, data)
}

func imageData(call, mime string, data []byte) (Bundle, error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return Bundle{}, fmt.Errorf("display.%s: invalid image: %v", call, err)
	}
	return Bundle{
		Data: MIME{
			mime:         base64.StdEncoding.EncodeToString(data),
			"text/plain": fmt.Sprintf("<%s image %dx%d>", call, cfg.Width, cfg.Height),
		},
		Metadata: map[string]any{mime: map[string]any{"width": cfg.Width, "height": cfg.Height}},
	}, nil
}

func head(b []byte) string {
	if len(b) > 12 {
		b = b[:12]
	}
	return string(b)
}
