package plots_test

import (
	"bytes"
	"fmt"
	"image/png"
	"math"

	"gonum.org/v1/plot/vg"

	"github.com/gophernote/gophernote/fitlib/plots"
)

// size renders f and returns its pixel size.
func size(f interface{ PNG() ([]byte, error) }) string {
	b, err := f.PNG()
	if err != nil {
		return err.Error()
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return err.Error()
	}
	return fmt.Sprintf("%dx%d", img.Bounds().Dx(), img.Bounds().Dy())
}

func ExampleLogLog() {
	n, _ := plots.GeomSpace(1e7, 1e11, 20)
	loss := make([]float64, len(n))
	for i, v := range n {
		loss[i] = 1.69 + 406.4*math.Pow(v, -0.34)
	}
	f := plots.LogLog("Chinchilla L(N)", "parameters N", "loss")
	if err := f.Scatter("runs", n, loss); err != nil {
		fmt.Println(err)
		return
	}
	if err := f.HLine("E", 1.69, plots.Style{Dashed: true}); err != nil {
		fmt.Println(err)
		return
	}
	// Log axes name the values that are drawn there, and bad values are
	// errors naming series and row, not gonum panics.
	fmt.Println(f.Scatter("bad", []float64{1, 0}, []float64{1, 1}))
	fmt.Println(f, size(f))
	// Output:
	// plots: bad row 1: x = 0 cannot be shown on a log axis
	// <figure "Chinchilla L(N)", 2 series> 1152x768
}

func ExampleLogTicks() {
	for _, r := range [][2]float64{{2.1, 3.9}, {0.4, 12}, {1e7, 1e11}} {
		var labels []string
		for _, t := range (plots.LogTicks{}).Ticks(r[0], r[1]) {
			if t.Label != "" {
				labels = append(labels, t.Label)
			}
		}
		fmt.Println(labels)
	}
	// Output:
	// [2.5 3 3.5]
	// [0.5 1 2 5 10]
	// [10^{7} 10^{8} 10^{9} 10^{10} 10^{11}]
}

func ExampleTickLabel() {
	for _, v := range []float64{0.25, 1000, 1e6, 2.5e-4} {
		fmt.Println(plots.TickLabel(v))
	}
	// Output:
	// 0.25
	// 1000
	// 10^{6}
	// 2.5×10^{-4}
}

func ExampleFigure_LineBand() {
	x, _ := plots.LinSpace(0, 1, 11)
	y, lo, hi := make([]float64, 11), make([]float64, 11), make([]float64, 11)
	for i, v := range x {
		y[i], lo[i], hi[i] = v*v, v*v-0.1, v*v+0.1
	}
	f := plots.New(plots.Axes{Title: "fit and 95% band", Width: 4 * vg.Inch, Height: 3 * vg.Inch, DPI: 150})
	if err := f.LineBand("fit", x, y, lo, hi); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Series, size(f))
	// Output:
	// [ fit] 1200x900
}

func ExampleFigure_ErrorBars() {
	k := []float64{1, 10, 100}
	f := plots.New(plots.Axes{XLabel: "k", YLabel: "pass@k", LogX: true})
	err := f.ErrorBars("bootstrap 95%", k, []float64{0.1, 0.3, 0.5}, []float64{0.05, 0.25, 0.45}, []float64{0.15, 0.36, 0.56})
	fmt.Println(err)
	fmt.Println(f.ErrorBars("bad", []float64{1}, []float64{0.5}, []float64{0.6}, []float64{0.7}))
	// Output:
	// <nil>
	// plots: bad row 0: y = 0.5 outside its bounds [0.6, 0.7]
}

func ExamplePair() {
	// Three bootstrap samples of two parameters (a real bootstrap has thousands).
	g, err := plots.Pair([]string{"E", "alpha"}, [][]float64{{1.7, 1.8, 1.75}, {0.33, 0.35, 0.34}},
		plots.PairOptions{Title: "bootstrap", Estimate: []float64{1.75, 0.34}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g, size(g))
	// Output:
	// <grid "bootstrap", 2×2 panels> 1152x1152
}

func ExampleResiduals() {
	x := []float64{1e8, 1e9, 1e10}
	observed := []float64{3.0, 2.5, 2.1}
	predicted := []float64{3.1, 2.45, 2.1}
	f, err := plots.Residuals(plots.Axes{Title: "log residuals", XLabel: "N", LogX: true, LogY: true}, "runs", x, observed, predicted)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Plot.Y.Label.Text)
	// Output:
	// log residual (log observed/predicted)
}

func ExampleColor() {
	// Ten colours readable in grayscale; they repeat after ten series.
	fmt.Println(plots.Color(0), plots.Color(10) == plots.Color(0))
	// Output:
	// {0 85 174 255} true
}
