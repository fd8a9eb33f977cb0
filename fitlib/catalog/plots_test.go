package catalog

import (
	"os"
	"path/filepath"
	"testing"

	"gonum.org/v1/plot/vg"
)

func TestEveryFamilyPlots(t *testing.T) {
	dir := os.Getenv("CATALOG_PLOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	for i, f := range Families() {
		pl, err := PlotFamily(f)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		path := filepath.Join(dir, "family"+string(rune('a'+i))+".png")
		if err := pl.Save(6*vg.Inch, 4*vg.Inch, path); err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if st, err := os.Stat(path); err != nil || st.Size() < 5000 {
			t.Errorf("%s: small or missing PNG", f)
		}
	}
	if _, err := PlotFamily("nope"); err == nil {
		t.Error("unknown family accepted")
	}
	e, _ := Lookup("kaplan-L(N,D)")
	if _, err := e.Plot("Q", nil); err == nil {
		t.Error("unknown variable accepted")
	}
}
