package chinchilla

import (
	"os"
	"path/filepath"
	"testing"
)

// saver is a figure or a grid of plots.
type saver interface{ Save(path string) error }

// savePNG renders pl and checks a non-trivial file came out; with
// CHINCHILLA_PLOTS=dir the PNGs are kept there for inspection.
func savePNG(t *testing.T, pl saver, name string) {
	t.Helper()
	dir := os.Getenv("CHINCHILLA_PLOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	path := filepath.Join(dir, name)
	if err := pl.Save(path); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil || st.Size() < 10000 {
		t.Fatalf("%s: %v, %d bytes", name, err, st.Size())
	}
}

func TestPlotsRender(t *testing.T) {
	r := testRuns(t)
	pl, err := PlotSurface(Besiroglu(), r, "Besiroglu et al. fit")
	if err != nil {
		t.Fatal(err)
	}
	savePNG(t, pl, "surface.png")
	if got := pl.Series; len(got) != 3 || got[2] != "runs (240)" {
		t.Errorf("surface series %q", got)
	}
	b, err := Bootstrap(r, besFit(), BootstrapOptions{Resamples: 200, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	h, err := PlotBootstrap(b, Hoffmann(), "")
	if err != nil {
		t.Fatal(err)
	}
	savePNG(t, h, "bootstrap_pair.png")
	if len(h.Panels) != 5 || h.Panels[0][1] != nil || h.Panels[4][0] == nil {
		t.Errorf("pair plot: %d rows", len(h.Panels))
	}
	rows, env, iso, err := CompareApproaches(Besiroglu(), 1)
	if err != nil || len(rows) != 3 {
		t.Fatal(err)
	}
	ip, err := PlotIsoFLOP(iso, "IsoFLOP profiles (generated)")
	if err != nil {
		t.Fatal(err)
	}
	savePNG(t, ip, "isoflop.png")
	var sizes []float64
	for i := 0; i < 12; i++ {
		sizes = append(sizes, 5e7*float64(int(1)<<uint(i)))
	}
	cv, _ := GenerateCurves(Besiroglu(), sizes, 1e8, 2e12, 40, 0.005, 1)
	ep, err := PlotEnvelope(cv, env, "training curves and envelope")
	if err != nil {
		t.Fatal(err)
	}
	savePNG(t, ep, "envelope.png")
	named := 0
	for _, s := range ip.Series {
		if s != "" {
			named++
		}
	}
	if named != len(iso.Budgets)+1 {
		t.Errorf("IsoFLOP legend: %d named series for %d budgets and the vertices", named, len(iso.Budgets))
	}
	if _, err := PlotBootstrap(&BootstrapResult{}, Hoffmann(), ""); err == nil {
		t.Error("an empty bootstrap accepted")
	}
}
