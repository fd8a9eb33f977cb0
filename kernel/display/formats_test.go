package display

import (
	"testing"

	"gonum.org/v1/plot/vg"
)

// svgPub is a publisher whose outputs show SVG whenever they have it.
type svgPub struct{ fakePub }

func (*svgPub) PrefersSVG() bool { return true }

// TestPlotSVGWhereItWins: into a publisher that prefers SVG (a widget's
// output area) a plot goes as SVG alone, with the same text/plain; PNGOnly
// still means PNG; PlotBundle itself is unchanged.
func TestPlotSVGWhereItWins(t *testing.T) {
	f := &svgPub{}
	t.Cleanup(SetPublisher(f))
	Plot(linePlot(t, 20), Size(4*vg.Inch, 3*vg.Inch), DPI(100))
	b := f.only(t)
	wantKeys(t, b, "image/svg+xml", "text/plain")
	if b.Data["text/plain"] != `<plot "loss" 400x300>` {
		t.Errorf("text/plain %q", b.Data["text/plain"])
	}
	f.bundles = nil
	Plot(linePlot(t, 20), PNGOnly())
	wantKeys(t, f.only(t), "image/png", "text/plain")
	pb, err := PlotBundle(linePlot(t, 20))
	if err != nil {
		t.Fatal(err)
	}
	wantKeys(t, pb, "image/png", "image/svg+xml", "text/plain")
}
