package chinchilla

import (
	"testing"

	"github.com/gophernote/gophernote/fitlib/internal/report"
)

// TestMIMEBundles: the package's results show tables with a text/plain
// view that is text (rule R3).
func TestMIMEBundles(t *testing.T) {
	r := testRuns(t)
	g, err := FitGrid(r, FitOptions{Starts: [][]float64{Besiroglu().ToTheta()}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Bootstrap(r, g, BootstrapOptions{Resamples: 20, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	_, env, iso, err := CompareApproaches(g.Params, 1)
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]interface{ MIMEBundle() map[string]string }{"LawFit": g, "BootstrapResult": b, "IsoFLOPFit": iso, "EnvelopeFit": env} {
		if err := report.Check(v.MIMEBundle()); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
