package fit_test

import (
	"fmt"
	"math"

	"github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/formula"
)

func ExampleFit() {
	// Noise-free data from L = 2 + 30 N^-0.5: the fit recovers the law.
	var n, loss []float64
	for _, v := range []float64{1, 3, 10, 30, 100, 300, 1000} {
		n, loss = append(n, v), append(loss, 2+30*math.Pow(v, -0.5))
	}
	f, _ := formula.Parse("E + A * N^(-alpha)", "N")
	res, err := fit.Fit(fit.Problem{
		Formula: f, Data: map[string][]float64{"N": n}, Y: loss, Loss: fit.SquaredLog(),
		Params: []fit.Param{
			{Name: "E", Transform: fit.Log, Init: 1},
			{Name: "A", Transform: fit.Log, Grid: []float64{1, 10, 100}},
			{Name: "alpha", Grid: []float64{0.2, 1}},
		},
	}, fit.Options{GTol: 1e-10})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, name := range res.Names {
		fmt.Printf("%s = %.4f\n", name, res.Params[i])
	}
	fmt.Println(res.Converged, res.Starts)
	// Output:
	// E = 2.0000
	// A = 30.0000
	// alpha = 0.5000
	// true 6
}

func ExampleDerive() {
	// A straight line through noisy points; the x where it reaches 100,
	// (100 - a)/b, with its delta-method standard error and 95% interval.
	// The default standard errors are the robust HC2 sandwich; its
	// Bell-McCaffrey degrees of freedom are few here because the
	// extrapolation leans on the two largest x (with SE: fit.SEModel the
	// textbook s^2 (X'X)^-1 gives ± 0.88 and t(6): [47.47, 51.76]).
	x := []float64{1, 2, 3, 5, 8, 13, 21, 34}
	y := []float64{3.2, 4.1, 7.9, 9.4, 17.3, 25.1, 44.6, 68.2}
	f, _ := formula.Parse("a + b*x", "x")
	res, err := fit.Fit(fit.Problem{Formula: f, Data: map[string][]float64{"x": x}, Y: y}, fit.Options{GTol: 1e-10})
	if err != nil {
		fmt.Println(err)
		return
	}
	d, err := fit.Derive(res, "(100 - a)/b", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("x at 100: %.2f ± %.2f, 95%% [%.2f, %.2f], Student t with %.1f degrees of freedom\n", d.Value[0], d.SE[0], d.Lo[0], d.Hi[0], d.DOF[0])
	// Output:
	// x at 100: 49.61 ± 0.85, 95% [44.47, 54.76], Student t with 1.5 degrees of freedom
}
