package frontier_test

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/gophernote/gophernote/fitlib/frontier"
)

func ExampleParams_At() {
	// A sigmoid frontier: floor 0.1, height 0.8, midpoint at 10^23 FLOPs.
	p := frontier.Params{Y0: 0.1, L: 0.8, A: -23 * 1.5, B: 1.5}
	fmt.Printf("q(1e22) = %.4f, q(1e23) = %.4f, q(1e24) = %.4f, midpoint 10^%g\n", p.At(22), p.At(23), p.AtFLOPs(1e24), p.Midpoint())
	// Output:
	// q(1e22) = 0.2459, q(1e23) = 0.5000, q(1e24) = 0.7541, midpoint 10^23
}

func ExampleSmoothedPinball() {
	// The smoothed check loss tends to the pinball loss as kappa grows
	// (tau 0.98; u = y - q).
	for _, kappa := range []float64{50, 1000} {
		fmt.Printf("kappa %4g: rho(0.1) = %.5f, rho(-0.1) = %.5f\n", kappa, frontier.SmoothedPinball(0.1, 0.98, kappa), frontier.SmoothedPinball(-0.1, 0.98, kappa))
	}
	fmt.Printf("pinball:    rho(0.1) = %.5f, rho(-0.1) = %.5f\n", frontier.Pinball(0.1, 0.98), frontier.Pinball(-0.1, 0.98))
	// Output:
	// kappa   50: rho(0.1) = 0.09813, rho(-0.1) = 0.00213
	// kappa 1000: rho(0.1) = 0.09800, rho(-0.1) = 0.00200
	// pinball:    rho(0.1) = 0.09800, rho(-0.1) = 0.00200
}

func ExampleFit() {
	// 2,000 scores below a known sigmoid frontier (score = frontier x
	// Beta(1, 3) noise, whose 0.98 quantile is 0.7286 x frontier): the
	// default fit estimates the 0.98 quantile.
	truth := frontier.Params{Y0: 0.05, L: 0.9, A: -23 * 1.5, B: 1.5}
	r := rand.New(rand.NewPCG(2, 2))
	z, y := make([]float64, 2000), make([]float64, 2000)
	for i := range z {
		z[i] = 21 + 4*r.Float64()
		y[i] = truth.At(z[i]) * (1 - math.Cbrt(1-r.Float64())) // Beta(1, 3) by inversion
	}
	fit, err := frontier.Fit(z, y, frontier.Options{Resamples: 100, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, z := range []float64{22, 23, 24} {
		fmt.Printf("q(1e%g) = %.3f ± %.3f (true 0.98 quantile %.3f)\n", z, fit.Params.At(z), fit.QuantileSE(z), 0.7286*truth.At(z))
	}
	fmt.Printf("in-sample coverage %.3f\n", fit.Coverage)
	// Output:
	// q(1e22) = 0.154 ± 0.006 (true 0.98 quantile 0.156)
	// q(1e23) = 0.358 ± 0.014 (true 0.98 quantile 0.364)
	// q(1e24) = 0.572 ± 0.021 (true 0.98 quantile 0.573)
	// in-sample coverage 0.980
}

func ExampleLoadLeaderboard() {
	pts, err := frontier.LoadLeaderboard("BBH")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %d models, log10 FLOPs from %.1f to %.1f\n", pts.Task, pts.Len(), min(pts.Z...), max(pts.Z...))
	// Output:
	// BBH: 1346 models, log10 FLOPs from 21.1 to 24.5
}

func min(x ...float64) float64 {
	m := math.Inf(1)
	for _, v := range x {
		m = math.Min(m, v)
	}
	return m
}

func max(x ...float64) float64 {
	m := math.Inf(-1)
	for _, v := range x {
		m = math.Max(m, v)
	}
	return m
}
