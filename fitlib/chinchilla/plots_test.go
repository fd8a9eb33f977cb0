package chinchilla

import (
	"os"
	"path/filepath"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// savePNG renders pl and checks a non-trivial file came out; with
// CHINCHILLA_PLOTS=dir the PNGs are kept there for inspection.
func savePNG(t *testing.T, pl *plot.Plot, name string) {
	t.Helper()
	dir := os.Getenv("CHINCHILLA_PLOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	path := filepath.Join(dir, name)
	if err := pl.Save(7*vg.Inch, 5*vg.Inch, path); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil || st.Size() < 10000 {
		t.Fatalf("%s: %v, %d bytes", name, err, st.Size())
	}
}

func TestPlotsRender(t *testing.T) {
	r := testRuns(t)
	pl, err := SurfacePlot(Besiroglu(), r, "Besiroglu et al. fit")
	if err != nil {
		t.Fatal(err)
	}
	savePNG(t, pl, "surface.png")
	b, err := Bootstrap(r, BootstrapOptions{Resamples: 200, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	h, err := HistogramPlot(b.Alpha, "alpha", 0.3473, b.AlphaCI)
	if err != nil {
		t.Fatal(err)
	}
	savePNG(t, h, "hist_alpha.png")
	rows, env, iso, err := CompareApproaches(Besiroglu(), 1)
	if err != nil || len(rows) != 3 {
		t.Fatal(err)
	}
	ip, err := IsoFLOPPlot(iso, "IsoFLOP profiles (generated)")
	if err != nil {
		t.Fatal(err)
	}
	savePNG(t, ip, "isoflop.png")
	var sizes []float64
	for i := 0; i < 12; i++ {
		sizes = append(sizes, 5e7*float64(int(1)<<uint(i)))
	}
	cv, _ := GenerateCurves(Besiroglu(), sizes, 1e8, 2e12, 40, 0.005, 1)
	ep, err := EnvelopePlot(cv, env, "training curves and envelope")
	if err != nil {
		t.Fatal(err)
	}
	savePNG(t, ep, "envelope.png")
	if _, err := HistogramPlot([]float64{1}, "x", 0, nil); err == nil {
		t.Error("one value accepted")
	}
}
