package main

import (
	"fmt"

	"github.com/gophernote/gophernote/kernel/display"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

func square(x float64) float64 { return x * x }

func main() {
	fmt.Println("script says", square(3))
	p := plot.New()
	pts := plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: square(1)}, {X: 2, Y: square(2)}}
	s, err := plotter.NewScatter(pts)
	if err != nil {
		panic(err)
	}
	p.Add(s)
	display.Plot(p)
	display.Table([]string{"x", "x²"}, []float64{1, 2}, []float64{1, 4})
}
