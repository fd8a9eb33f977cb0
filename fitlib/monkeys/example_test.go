package monkeys_test

import (
	"fmt"

	"github.com/gophernote/gophernote/fitlib/monkeys"
	"github.com/gophernote/gophernote/fitlib/passk"
)

func ExampleDist_F() {
	// The aggregate failure F(k) = E[(1-p)^k] under p ~ Beta(0.4, 5): the
	// issue's check value F(100) = 0.289157.
	d, _ := monkeys.NewBeta(0.4, 5, 1)
	fmt.Printf("F(100) = %.6f\n", d.F(100))
	// Its power law: F(k) ~ a k^-b with b = alpha and a = Γ(α+β)/Γ(β)
	// (Python: gamma(5.4)/gamma(5) = 1.85829).
	a, b, _ := d.Asymptote()
	fmt.Printf("a = %.4f, b = %.1f\n", a, b)
	// Output:
	// F(100) = 0.289157
	// a = 1.8583, b = 0.4
}

func ExampleNewBeta() {
	_, err := monkeys.NewBeta(-1, 5, 1)
	fmt.Println(err)
	d, _ := monkeys.NewBeta(0.3, 3, 0.5)
	fmt.Println(d)
	// Output:
	// monkeys: Beta distribution: alpha = -1, need 0 < alpha < Inf
	// Beta(0.3, 3) on [0, 0.5]
}

func ExampleFitLeastSquares() {
	// Simulated counts with a known law: p ~ Beta(0.3, 3), so -log pass@k
	// falls as k^-0.3 at large k.
	truth, _ := monkeys.NewBeta(0.3, 3, 1)
	c, _ := monkeys.Simulate(truth, 2000, 10000, 1)
	fit, err := monkeys.FitLeastSquares(c, []int{100, 300, 1000, 3000, 10000})
	if err != nil {
		fmt.Println(err)
		return
	}
	// Over k <= 10^4 the curve is still bending toward its asymptote: the
	// exact F(k) of Beta(0.3, 3) gives a least-squares slope of 0.331 on
	// this grid, and the sample 0.34.
	fmt.Printf("b = %.2f, R² = %.3f\n", fit.B, fit.R2)
	// Output:
	// b = 0.34, R² = 1.000
}

func ExampleFitBetaBinomial() {
	truth, _ := monkeys.NewBeta(0.3, 3, 1)
	c, _ := monkeys.Simulate(truth, 1000, 1000, 2)
	// Scale 1: the true support is [0, 1]. The zero value would put the
	// top of the support at (m+1)/m times the largest observed c/n (the
	// authors' choice).
	fit, err := monkeys.FitBetaBinomial(c, monkeys.MLEOptions{Scale: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("alpha %.2f beta %.1f converged %v; power law b = %.2f\n", fit.Alpha, fit.Beta, fit.Converged(), fit.B)
	s, _ := fit.Param("scale") // given, not fitted: a fixed parameter
	fmt.Println(fit.Status, s.Value, s.Fixed)
	// Output:
	// alpha 0.30 beta 3.2 converged true; power law b = 0.30
	// converged: gradient 1 true
}

func ExampleAnalyze() {
	c, err := passk.NewCounts("toy", []int{1000, 1000, 1000, 1000, 1000, 1000}, []int{0, 2, 9, 40, 150, 600})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := monkeys.Analyze(c, monkeys.AnalyzeOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("p_max %.2f (7/6 of the largest c/n, the authors' choice)\n", m.BetaBinomial.Scale)
	fmt.Printf("p_max %.2f (the largest c/n) in the discretized fit\n", m.Discretized.Scale)
	_, err = monkeys.Analyze(c, monkeys.AnalyzeOptions{Scale: 0.5})
	fmt.Println(err)
	// Output:
	// p_max 0.70 (7/6 of the largest c/n, the authors' choice)
	// p_max 0.60 (the largest c/n) in the discretized fit
	// monkeys: "toy": AnalyzeOptions.Scale = 0.5, need max c/n = 0.6 <= Scale <= 1 (or 0 for the authors' conventions)
}

func ExampleEstimateB() {
	// The exponent b of one model by each estimator (Schaeffer et al.
	// 2025): simulated counts from p ~ Beta(0.3, 3) on [0, 0.5].
	truth, _ := monkeys.NewBeta(0.3, 3, 0.5)
	c, _ := monkeys.Simulate(truth, 500, 2000, 3)
	for _, e := range monkeys.Estimators() {
		b, err := monkeys.EstimateB(c, e)
		if err != nil {
			fmt.Println(err)
			return
		}
		// Least squares carries its finite-k bias (see Dist.PowerLawLS).
		fmt.Printf("%-20s b = %.2f\n", e, b)
	}
	// Output:
	// least_squares        b = 0.37
	// beta_binomial        b = 0.29
	// kumaraswamy_binomial b = 0.33
}

func ExampleDist() {
	// A literal works: Scale left at zero is the unscaled support [0, 1].
	d := monkeys.Dist{Family: monkeys.FamilyUniform}
	fmt.Println(d, d.F(9)) // F(k) = 1/(k+1) for Uniform[0, 1]
	bad := monkeys.Dist{Family: monkeys.FamilyBeta, Alpha: 0.5}
	fmt.Println(bad.Validate())
	// Output:
	// Uniform(0, 1) 0.1
	// monkeys: Beta distribution: beta = 0, need 0 < beta < Inf
}
