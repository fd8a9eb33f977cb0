package plots

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// Golden-image tests: each figure helper renders a fixed figure whose PNG
// is compared with testdata/golden/NAME.png (go test ./fitlib/plots
// -update rewrites them; look at them before committing).
//
// The comparison: the same pixel size, then a perceptual check that
// tolerates anti-aliasing and font-hinting noise but not a changed
// structure or colour:
//   - SSIM (Wang et al. 2004, luma, 8×8 windows, C1 = (0.01·255)²,
//     C2 = (0.03·255)²): mean >= 0.99 and no window below 0.80, so a
//     missing label or legend entry (a few windows) fails as surely as a
//     shifted axis (many);
//   - colour: at most 0.2% of pixels may differ by CIE76 ΔE > 10 (sRGB
//     to CIELAB, D65), so an opaque band where a translucent one was fails
//     even where its luma matches.

var update = flag.Bool("update", false, "rewrite the golden images")

const (
	ssimMean     = 0.99
	ssimWindow   = 0.80
	deltaE       = 10.0
	colourBudget = 0.002
)

// imageDiff compares two images and returns a description of the first
// failed criterion, or "".
func imageDiff(want, got image.Image) string {
	wb, gb := want.Bounds(), got.Bounds()
	if wb.Dx() != gb.Dx() || wb.Dy() != gb.Dy() {
		return fmt.Sprintf("size %dx%d, want %dx%d", gb.Dx(), gb.Dy(), wb.Dx(), wb.Dy())
	}
	w, h := wb.Dx(), wb.Dy()
	lw, lg := make([]float64, w*h), make([]float64, w*h)
	bad := 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r1, g1, b1 := rgb(want.At(wb.Min.X+x, wb.Min.Y+y))
			r2, g2, b2 := rgb(got.At(gb.Min.X+x, gb.Min.Y+y))
			lw[y*w+x] = 0.299*r1 + 0.587*g1 + 0.114*b1
			lg[y*w+x] = 0.299*r2 + 0.587*g2 + 0.114*b2
			if labDist(r1, g1, b1, r2, g2, b2) > deltaE {
				bad++
			}
		}
	}
	const c1, c2 = (0.01 * 255) * (0.01 * 255), (0.03 * 255) * (0.03 * 255)
	sum, n, worst := 0.0, 0, 1.0
	worstAt := [2]int{}
	for y0 := 0; y0+8 <= h; y0 += 8 {
		for x0 := 0; x0+8 <= w; x0 += 8 {
			var mx, my float64
			for y := y0; y < y0+8; y++ {
				for x := x0; x < x0+8; x++ {
					mx += lw[y*w+x]
					my += lg[y*w+x]
				}
			}
			mx /= 64
			my /= 64
			var vx, vy, cxy float64
			for y := y0; y < y0+8; y++ {
				for x := x0; x < x0+8; x++ {
					dx, dy := lw[y*w+x]-mx, lg[y*w+x]-my
					vx += dx * dx
					vy += dy * dy
					cxy += dx * dy
				}
			}
			vx, vy, cxy = vx/63, vy/63, cxy/63
			s := (2*mx*my + c1) * (2*cxy + c2) / ((mx*mx + my*my + c1) * (vx + vy + c2))
			sum += s
			n++
			if s < worst {
				worst, worstAt = s, [2]int{x0, y0}
			}
		}
	}
	mean := sum / float64(n)
	switch {
	case mean < ssimMean:
		return fmt.Sprintf("mean SSIM %.4f < %.2f", mean, ssimMean)
	case worst < ssimWindow:
		return fmt.Sprintf("SSIM %.3f < %.2f in the 8x8 window at (%d, %d)", worst, ssimWindow, worstAt[0], worstAt[1])
	case float64(bad) > colourBudget*float64(w*h):
		return fmt.Sprintf("%d pixels (%.2f%%) differ by ΔE > %g (budget %.1f%%)", bad, 100*float64(bad)/float64(w*h), deltaE, 100*colourBudget)
	}
	return ""
}

func rgb(c interface{ RGBA() (r, g, b, a uint32) }) (float64, float64, float64) {
	r, g, b, a := c.RGBA()
	// composite on white: a transparent background reads as the page
	w := float64(0xffff - a)
	return (float64(r) + w) / 257, (float64(g) + w) / 257, (float64(b) + w) / 257
}

// labDist is the CIE76 distance of two sRGB colours (0..255 components).
func labDist(r1, g1, b1, r2, g2, b2 float64) float64 {
	l1, a1, bb1 := lab(r1, g1, b1)
	l2, a2, bb2 := lab(r2, g2, b2)
	return math.Sqrt((l1-l2)*(l1-l2) + (a1-a2)*(a1-a2) + (bb1-bb2)*(bb1-bb2))
}

func lab(r, g, b float64) (float64, float64, float64) {
	lin := func(c float64) float64 {
		c /= 255
		if c <= 0.04045 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	R, G, B := lin(r), lin(g), lin(b)
	x := (0.4124*R + 0.3576*G + 0.1805*B) / 0.95047
	y := 0.2126*R + 0.7152*G + 0.0722*B
	z := (0.0193*R + 0.1192*G + 0.9505*B) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	fx, fy, fz := f(x), f(y), f(z)
	return 116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)
}

func decode(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

type renderer interface{ PNG() ([]byte, error) }

// golden renders r and compares it with testdata/golden/name.png.
func golden(t *testing.T, name string, r renderer) image.Image {
	t.Helper()
	b, err := r.PNG()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "golden", name+".png")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./fitlib/plots -update to create it)", err)
	}
	got := decode(t, b)
	if d := imageDiff(decode(t, want), got); d != "" {
		out := filepath.Join(t.TempDir(), name+".png")
		if dir := os.Getenv("GOPHERNOTE_TEST_OUT"); dir != "" {
			out = filepath.Join(dir, name+".png")
		}
		_ = os.WriteFile(out, b, 0o644)
		t.Errorf("%s differs from %s: %s (rendering kept at %s)", name, path, d, out)
	}
	return got
}
