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
	fmt.Println(res.Converged(), res.Starts)
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

func ExampleFit_columnMistake() {
	// The Chinchilla law parsed over N only makes D a parameter. Given a
	// D column, the fit refuses instead of fitting D as a constant.
	n := []float64{1e8, 1e9, 1e10, 1e8, 1e9, 1e10}
	d := []float64{2e9, 2e10, 2e11, 2e10, 2e11, 2e9}
	loss := []float64{3.2, 2.6, 2.2, 2.9, 2.4, 2.6}
	f, _ := formula.Parse("E + A*N^(-alpha) + B*D^(-beta)", "N")
	_, err := fit.Fit(fit.Problem{Formula: f, Data: map[string][]float64{"N": n, "D": d}, Y: loss}, fit.Options{})
	fmt.Println(err)
	// Output:
	// fit: E + A*N^(-alpha) + B*D^(-beta) has the parameter D with the name of a data column, so the fit would ignore that column: list it as a variable (formula.Parse("E + A*N^(-alpha) + B*D^(-beta)", "N", "D"))
}

func ExampleResult_Param() {
	x := []float64{1, 2, 3, 4, 5}
	y := []float64{2.1, 3.9, 6.2, 7.8, 10.1}
	f, _ := formula.Parse("b*x", "x")
	res, _ := fit.Fit(fit.Problem{Formula: f, Data: map[string][]float64{"x": x}, Y: y}, fit.Options{})
	b, _ := res.Param("b") // its value, standard error (the default: the robust HC2 sandwich) and interval
	fmt.Printf("b = %.4f ± %.4f, %g%% [%.4f, %.4f]\n", b.Value, b.SE, 100*b.Level, b.Lo, b.Hi)
	_, err := res.Param("a")
	fmt.Println(err)
	// Output:
	// b = 2.0036 ± 0.0243, 95% [1.9080, 2.0993]
	// fit: no parameter "a" (parameters b)
}

func ExampleResult_Parameters() {
	// The per-parameter view every fitlib fit gives: value, standard
	// error, interval, domain and flags; here alpha is bounded below by 0
	// (Log) and E is held fixed.
	x := []float64{1, 2, 4, 8, 16, 32, 64}
	y := []float64{3.02, 2.44, 2.08, 1.82, 1.67, 1.58, 1.51}
	f, _ := formula.Parse("E + A*x^(-alpha)", "x")
	res, err := fit.Fit(fit.Problem{Formula: f, Data: map[string][]float64{"x": x}, Y: y,
		Params: []fit.Param{{Name: "E", Init: 1.4, Fixed: true}, {Name: "A", Init: 1}, {Name: "alpha", Transform: fit.Log, Init: 0.5}}},
		fit.Options{GTol: 1e-10})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range res.Parameters() {
		fmt.Printf("%-5s %.4f  SE %.4f  [%.4f, %.4f]  fixed %v  domain (%g, %g) %v\n", p.Name, p.Value, p.SE, p.Lo, p.Hi, p.Fixed, p.Min, p.Max, p.Transform)
	}
	fmt.Println(res.Status, res.Converged(), res.SEKind == fit.SESandwich)
	// Output:
	// E     1.4000  SE NaN  [NaN, NaN]  fixed true  domain (-Inf, +Inf) Identity
	// A     1.6217  SE 0.0037  [1.5860, 1.6573]  fixed false  domain (-Inf, +Inf) Identity
	// alpha 0.6400  SE 0.0052  [0.6260, 0.6542]  fixed false  domain (0, +Inf) Log
	// converged: function reduction true true
}

func ExampleBootstrap() {
	// Percentile intervals from 1,000 resamples of the rows (the default),
	// each refitted from the full-data optimum.
	x := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	y := []float64{2.3, 3.8, 6.4, 7.7, 10.2, 11.9, 14.3, 15.8, 18.1, 20.2}
	f, _ := formula.Parse("a + b*x", "x")
	b, err := fit.Bootstrap(fit.Problem{Formula: f, Data: map[string][]float64{"x": x}, Y: y}, fit.BootstrapOptions{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d resamples; b = %.3f, 95%% [%.3f, %.3f]\n", b.Resamples, b.Estimate[1], b.Lo[1], b.Hi[1])
	// Output:
	// 1000 resamples; b = 1.998, 95% [1.941, 2.057]
}

func ExampleFit_variableProjection() {
	// Variable projection: E, A and B enter the law linearly, so only the
	// exponents are searched; exact data from a Chinchilla-like law.
	var n, d, loss []float64
	for _, nv := range []float64{1e8, 3e8, 1e9, 3e9} {
		for _, dv := range []float64{2e9, 2e10, 2e11} {
			n, d = append(n, nv), append(d, dv)
			loss = append(loss, 1.8+400*math.Pow(nv, -0.34)+600*math.Pow(dv, -0.28))
		}
	}
	f, _ := formula.Parse("E + A*N^(-alpha) + B*D^(-beta)", "N", "D")
	res, err := fit.Fit(fit.Problem{Formula: f, Data: map[string][]float64{"N": n, "D": d}, Y: loss, Loss: fit.SquaredLog(),
		Params: []fit.Param{{Name: "E", Init: 1}, {Name: "A", Init: 100}, {Name: "B", Init: 100},
			{Name: "alpha", Grid: []float64{0.2, 0.5}}, {Name: "beta", Grid: []float64{0.2, 0.5}}}}, fit.Options{Method: fit.VarPro})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, name := range []string{"E", "A", "B", "alpha", "beta"} {
		p, _ := res.Param(name)
		fmt.Printf("%s = %.3g\n", name, p.Value)
	}
	// Output:
	// E = 1.8
	// A = 400
	// B = 600
	// alpha = 0.34
	// beta = 0.28
}
