package geneval_test

import (
	"fmt"

	"github.com/gophernote/gophernote/fitlib/geneval"
	"github.com/gophernote/gophernote/fitlib/passk"
)

func ExampleKGrid() {
	fmt.Println(geneval.KGrid(1000))
	// Output:
	// [1 2 5 10 20 50 100 200 500 1000]
}

func ExampleEnvelope() {
	// Hoffmann et al. (2022), eq. (10): L = 1.69 + 406.4 N^-0.34 + 410.7 D^-0.28.
	e := geneval.HoffmannEnvelope()
	c := 5.76e23 // Chinchilla's training compute
	// Checked against the closed form in Python: N* = G (C/6)^(0.28/0.62),
	// G = (0.34·406.4 / (0.28·410.7))^(1/0.62).
	fmt.Printf("alpha = %.4f\n", e.Alpha())
	fmt.Printf("N* = %.3g, D* = %.3g, D*/N* = %.1f\n", e.NOpt(c), e.DOpt(c), e.OptimalRatio(c))
	fmt.Printf("loss at the optimum %.4f\n", e.Loss(e.NOpt(c), e.DOpt(c)))
	fmt.Printf("penalty of twice the optimal N: %.4f\n", e.Phi(2))
	// Output:
	// alpha = 0.1535
	// N* = 3.22e+10, D* = 2.98e+12, D*/N* = 92.6
	// loss at the optimum 1.9307
	// penalty of twice the optimal N: 1.0226
}

func ExampleFitLaw() {
	// Exact values of -log pass@k = 0.5 + 300 C^-0.1 at six compute values:
	// the fit recovers the law.
	cols := map[string][]float64{"C": {1e18, 1e19, 1e20, 1e21, 1e22, 1e23}}
	y, _ := geneval.LawCompute.Predict([]float64{0.5, 300, 0.1}, cols)
	f, err := geneval.FitLaw(geneval.LawCompute, cols, y)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v %.4g converged=%v\n", f.Names, f.Params, f.Converged())
	// Output:
	// [E0 C0 alpha] [0.5 300 0.1] converged=true
}

func ExampleBenchmark_PassAtK() {
	// A benchmark written as a literal: every derived number is a method.
	b := &geneval.Benchmark{Checkpoints: []geneval.Checkpoint{
		{Name: "small", Params: 1e8, Tokens: 2e9, Counts: passk.Counts{N: []int{10, 10}, C: []int{1, 0}}},
		{Name: "large", Params: 1e9, Tokens: 2e10, Counts: passk.Counts{N: []int{10, 4}, C: []int{5, 2}}},
	}}
	for _, k := range []int{1, 5} {
		p, _ := b.PassAtK(k)
		fmt.Printf("k=%d %.4f\n", k, p)
	}
	fmt.Printf("%.3g FLOPs\n", b.Checkpoints[1].Compute())
	// Output:
	// k=1 [0.0500 0.5000]
	// k=5 [0.2500 NaN]
	// 1.2e+20 FLOPs
}

func ExampleLoadPythia() {
	// 81 checkpoints in the file, 27 of them flagged "Warming Up" in
	// models_pythia.csv (counted with Python's csv module).
	b, err := geneval.LoadPythia("gsm8k")
	if err != nil {
		fmt.Println(err)
		return
	}
	last := b.Checkpoints[len(b.Checkpoints)-1]
	fmt.Printf("%d checkpoints (%d warm-up ones left out); largest %s, %d problems, %.3g FLOPs\n",
		len(b.Checkpoints), len(b.Excluded), last.Name, last.Counts.Len(), last.Compute())
	// Output:
	// 54 checkpoints (27 warm-up ones left out); largest Pythia_12B_300B, 128 problems, 2.16e+22 FLOPs
}

func ExampleFitLawGrid() {
	b, err := geneval.LoadPythia("gsm8k")
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := geneval.FitLawGrid(b, nil, geneval.LawCompute, []int{1, 10, 100}, geneval.GridOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	alpha, _ := g.Series("alpha")
	fmt.Printf("k %v alpha %.3f\n", g.K, alpha)
	// Output:
	// k [1 10 100] alpha [0.082 0.127 0.217]
}

func ExampleLaw() {
	// The three laws, their data columns and parameters.
	for _, l := range geneval.Laws() {
		fmt.Printf("%-14s columns %v parameters %v: %s\n", l, l.Vars(), l.Params(), l.Formula())
	}
	// Output:
	// compute        columns [C] parameters [E0 C0 alpha]: E0 + C0 * C^(-alpha)
	// params_tokens  columns [N D] parameters [E0 N0 beta D0 gamma]: E0 + N0 * N^(-beta) + D0 * D^(-gamma)
	// gold_reference columns [G] parameters [xi0 K0 kappa]: xi0 + K0 * G^kappa
}

func ExampleLawFit_Envelope() {
	// A parameters+tokens fit gives the compute-optimal envelope: exact
	// values of Hoffmann et al.'s eq. (10) law at 12 (N, D) pairs.
	var n, d []float64
	for _, x := range []float64{1e8, 1e9, 1e10} {
		for _, r := range []float64{5, 20, 80, 320} {
			n, d = append(n, x), append(d, r*x)
		}
	}
	cols := map[string][]float64{"N": n, "D": d}
	y, _ := geneval.LawParamsTokens.Predict([]float64{1.69, 406.4, 0.34, 410.7, 0.28}, cols)
	f, err := geneval.FitLaw(geneval.LawParamsTokens, cols, y)
	if err != nil {
		fmt.Println(err)
		return
	}
	e, _ := f.Envelope()
	fmt.Printf("envelope exponent %.4f (Hoffmann %.4f)\n", e.Alpha(), geneval.HoffmannEnvelope().Alpha())
	// Output:
	// envelope exponent 0.1535 (Hoffmann 0.1535)
}

func ExampleBacktest() {
	// Fit the compute law on ever smaller shares of GSM8K's checkpoints and
	// predict pass@1 of the largest one.
	b, err := geneval.LoadPythia("gsm8k")
	if err != nil {
		fmt.Println(err)
		return
	}
	bt, err := geneval.Backtest(b, nil, geneval.LawCompute, 1, geneval.BacktestOptions{Ratios: []float64{1, 0.1, 0.01}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("target %s, pass@1 %.4f\n", bt.Target, bt.TargetPass)
	for i, r := range bt.Ratios {
		fmt.Printf("C_max/C_target %g: %d checkpoints, relative error %.3f\n", r, bt.Points[i], bt.RelError[i])
	}
	// Output:
	// target Pythia_12B_300B, pass@1 0.0109
	// C_max/C_target 1: 54 checkpoints, relative error 0.708
	// C_max/C_target 0.1: 45 checkpoints, relative error 0.928
	// C_max/C_target 0.01: 31 checkpoints, relative error 0.152
}
