package passk_test

import (
	"fmt"

	"github.com/gophernote/gophernote/fitlib/passk"
)

func ExamplePassAtK() {
	// 5 samples, 2 correct: pass@2 = 1 - C(3,2)/C(5,2) = 0.7.
	p, _ := passk.PassAtK(5, 2, 2)
	fmt.Printf("%.4f\n", p)
	// 10,000 samples would overflow C(n, k) in float64; the product form does not.
	p, _ = passk.PassAtK(10000, 1, 100)
	fmt.Printf("%.4f\n", p) // = k/n for c = 1
	_, err := passk.PassAtK(5, 6, 2)
	fmt.Println(err)
	// Output:
	// 0.7000
	// 0.0100
	// passk: c = 6 correct > n = 5 samples
}

func ExampleGrid() {
	fmt.Println(passk.Grid(1000))
	fmt.Println(passk.Grid(300))
	// Output:
	// [1 2 5 10 20 50 100 200 500 1000]
	// [1 2 5 10 20 50 100 200 300]
}

func ExampleCounts_Curve() {
	// Two problems, 10 samples each, 0 and 5 correct: pass@5 of the second
	// is 1 - C(5,5)/C(10,5) = 1 - 1/252, so the mean is 0.498.
	c := passk.Counts{N: []int{10, 10}, C: []int{0, 5}}
	curve, _ := c.Curve([]int{1, 5})
	fmt.Printf("%.4f\n", curve)
	// Output:
	// [0.2500 0.4980]
}

func ExampleCurve() {
	// One problem, 20 samples, 2 correct.
	c, _ := passk.Curve(20, 2, []int{1, 2, 10, 19})
	fmt.Printf("%.4f\n", c)
	// Output:
	// [0.1000 0.1947 0.7632 1.0000]
}

func ExampleBootstrap() {
	c := passk.Counts{N: []int{100, 100, 100, 100, 100, 100}, C: []int{0, 1, 3, 10, 40, 90}}
	b, err := passk.Bootstrap(c, []int{1, 10}, passk.BootstrapOptions{Resamples: 2000, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for j, k := range b.Ks {
		// The estimate is the plain mean (checked against Python's math.comb:
		// 0.240 and 0.5064); the interval comes from resampling problems.
		fmt.Printf("k=%d %.3f in [%.2f, %.2f]\n", k, b.Estimate[j], b.Lo[j], b.Hi[j])
	}
	// Output:
	// k=1 0.240 in [0.02, 0.52]
	// k=10 0.506 in [0.17, 0.83]
}

func ExampleCounts() {
	// A literal works: every derived number comes from N and C.
	c := passk.Counts{Name: "toy", N: []int{10, 10, 4}, C: []int{1, 0, 4}}
	p, _ := c.PassAtK(2) // (0.2 + 0 + 1) / 3
	fmt.Printf("pass@2 = %.4f, fewest samples %d, solved %d of %d\n", p, c.MinSamples(), c.Solved(), c.Len())
	_, err := c.PassAtK(5)
	fmt.Println(err)
	// Output:
	// pass@2 = 0.4000, fewest samples 4, solved 2 of 3
	// passk: "toy": row 2 has 4 samples, fewer than k = 5
}

func ExampleReadCounts() {
	// Brown et al. (2024): 7 Pythia models x 128 MATH problems, 10,000 samples each.
	all, err := passk.ReadCounts("llmonkeys/pythia_math_per_problem_counts.csv", "model")
	if err != nil {
		fmt.Println(err)
		return
	}
	c, _ := passk.FindCounts(all, "Pythia 12B")
	// Python's math.comb over the same rows gives 0.023191 and 0.483429.
	p1, _ := c.PassAtK(1)
	p100, _ := c.PassAtK(100)
	fmt.Printf("%d models; %s: %d problems, pass@1 %.4f, pass@100 %.4f\n", len(all), c.Name, c.Len(), p1, p100)
	// Output:
	// 7 models; Pythia 12B: 128 problems, pass@1 0.0232, pass@100 0.4834
}

func ExampleCounts_CurveFirstSuccess() {
	// Best-of-N jailbreaking data stop at a prompt's first success: the
	// third prompt broke on its 3rd attempt, so at k = 10 it counts as
	// solved although it has only 3 samples.
	c := passk.Counts{N: []int{10, 10, 3}, C: []int{1, 0, 1}}
	p, err := c.CurveFirstSuccess([]int{1, 10})
	fmt.Printf("%.4f %v\n", p, err)
	_, err = c.Curve([]int{10})
	fmt.Println(err)
	// Output:
	// [0.1444 0.6667] <nil>
	// passk: k = 10 > n = 3 samples (row 2, ks[0])
}
