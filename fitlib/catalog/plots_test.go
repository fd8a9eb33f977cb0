package catalog

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
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
		if err := pl.Save(path); err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if st, err := os.Stat(path); err != nil || st.Size() < 5000 {
			t.Errorf("%s: small or missing PNG", f)
		}
	}
	n := 0
	for _, f := range Families() {
		ps, err := PlotFamilyAxes(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, p := range ps {
			path := filepath.Join(dir, fmt.Sprintf("all%02d.png", n))
			n++
			if err := p.Save(path); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Kaplan's five axes (N, D, C for the losses, L for the critical
	// batch, r for the allocation growth) give 5 plots; every entry is
	// drawn once
	if ks, _ := PlotFamilyAxes("Kaplan et al. 2020"); len(ks) != 5 {
		t.Errorf("Kaplan: %d plots, want 5", len(ks))
	}
	if _, err := PlotFamilyAxes("nope"); err == nil {
		t.Error("unknown family accepted")
	}
	if _, err := PlotFamily("nope"); err == nil {
		t.Error("unknown family accepted")
	}
	e, _ := Lookup("kaplan-L(N,D)")
	if _, err := e.Plot("Q", nil); err == nil {
		t.Error("unknown variable accepted")
	}
}
