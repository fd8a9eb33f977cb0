package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
)

// logoPNG draws the kernel logo at size x size pixels: a gopher-blue disc
// with two eyes and a tooth, on a transparent background.
func logoPNG(size int) ([]byte, error) {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	blue := color.NRGBA{0x00, 0xAD, 0xD8, 0xFF}
	white := color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}
	black := color.NRGBA{0x20, 0x20, 0x20, 0xFF}
	s := float64(size)
	disc := func(cx, cy, r float64, c color.NRGBA) {
		for y := 0; y < size; y++ {
			for x := 0; x < size; x++ {
				dx, dy := float64(x)+0.5-cx*s, float64(y)+0.5-cy*s
				if math.Hypot(dx, dy) <= r*s {
					img.SetNRGBA(x, y, c)
				}
			}
		}
	}
	rect := func(x0, y0, x1, y1 float64, c color.NRGBA) {
		for y := int(y0 * s); y < int(math.Ceil(y1*s)); y++ {
			for x := int(x0 * s); x < int(math.Ceil(x1*s)); x++ {
				img.SetNRGBA(x, y, c)
			}
		}
	}
	disc(0.5, 0.5, 0.47, blue)
	for _, ex := range []float64{0.33, 0.67} {
		disc(ex, 0.40, 0.14, white)
		disc(ex+0.04, 0.42, 0.06, black)
	}
	rect(0.45, 0.62, 0.55, 0.74, white)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
