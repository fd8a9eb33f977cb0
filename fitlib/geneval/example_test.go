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
	cs := []float64{1e18, 1e19, 1e20, 1e21, 1e22, 1e23}
	y, _ := geneval.PredictLaw(geneval.LawCompute, []float64{0.5, 300, 0.1}, cs, nil)
	f, err := geneval.FitLaw(geneval.LawCompute, cs, nil, y)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v %.4g converged=%v\n", f.Names, f.Params, f.Converged)
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

func ExampleFitComputeLawGrid() {
	b, err := geneval.LoadPythia("gsm8k")
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := geneval.FitComputeLawGrid(b, []int{1, 10, 100}, geneval.GridOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	alpha, _ := g.Param("alpha")
	fmt.Printf("k %v alpha %.3f\n", g.K, alpha)
	// Output:
	// k [1 10 100] alpha [0.082 0.127 0.217]
}
