package chinchilla_test

import (
	"fmt"

	"github.com/gophernote/gophernote/fitlib/chinchilla"
)

func ExampleParams_NOpt() {
	// The compute-optimal allocation of Hoffmann et al.'s eq. (10) law at
	// Chinchilla's training compute, 5.76e23 FLOPs.
	p := chinchilla.Hoffmann()
	c := 5.76e23
	fmt.Printf("N_opt = %.3g, D_opt = %.3g, D/N = %.1f, a = %.4f\n", p.NOpt(c), p.DOpt(c), p.DOpt(c)/p.NOpt(c), p.ExponentA())
	// Output:
	// N_opt = 3.22e+10, D_opt = 2.98e+12, D/N = 92.6, a = 0.4516
}

func ExampleFitGrid() {
	// Your own runs are a literal of named columns; here 16 runs generated
	// from Besiroglu et al.'s law, fitted from three starts.
	truth := chinchilla.Besiroglu()
	var n, d, loss []float64
	for _, nv := range []float64{1e8, 4e8, 1.6e9, 6.4e9} {
		for _, dv := range []float64{2e9, 1e10, 5e10, 2.5e11} {
			n, d, loss = append(n, nv), append(d, dv), append(loss, truth.Loss(nv, dv))
		}
	}
	runs := &chinchilla.Runs{N: n, D: d, Loss: loss}
	fit, err := chinchilla.FitGrid(runs, chinchilla.FitOptions{Starts: [][]float64{
		chinchilla.Hoffmann().ToTheta(), {5, 5, 0.5, 0.5, 0.5}, {8, 8, 0, 0.3, 0.3}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	p := fit.Params
	fmt.Printf("A %.1f  B %.1f  E %.4f  alpha %.4f  beta %.4f\n", p.A, p.B, p.E, p.Alpha, p.Beta)
	// Output:
	// A 482.0  B 2085.4  E 1.8172  alpha 0.3478  beta 0.3658
}

func ExampleFitIsoFLOP() {
	// Approach 2 on noise-free IsoFLOP sweeps of a law with alpha = beta:
	// the parabola vertices are exact and N_opt grows as C^0.5.
	p := chinchilla.Params{A: 400, B: 400, E: 1.7, Alpha: 0.3, Beta: 0.3}
	runs, err := chinchilla.GenerateIsoFLOP(p, chinchilla.DefaultBudgets(), 9, 4, 0, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	f, err := chinchilla.FitIsoFLOP(runs)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d budgets, a = %.4f, b = %.4f\n", len(f.Budgets), f.A, f.B)
	a, _ := f.Param("a") // the record and the parameter view of every fitlib fit
	fmt.Printf("%s (%s); a in [%.4f, %.4f] by the %s\n", f.Status, f.Reason[:11], a.Lo, a.Hi, f.SEKind.String()[:29])
	// Output:
	// 9 budgets, a = 0.5000, b = 0.5000
	// exact (closed form); a in [0.5000, 0.5000] by the leave-one-group-out jackknife
}

func ExampleLoadRuns() {
	// The digitized runs of Hoffmann et al.'s Fig. 4 (Besiroglu et al.
	// 2024), without the 5 highest losses.
	runs, err := chinchilla.LoadRuns(5)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(runs.Len(), "runs")
	// Output:
	// 240 runs
}
