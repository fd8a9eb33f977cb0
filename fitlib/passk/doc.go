// Package passk computes the unbiased pass@k estimator of Chen et al. (2021),
// "Evaluating Large Language Models Trained on Code", eq. (1), in the
// numerically stable product form
//
//	pass@k = 1 - prod_{i=n-c+1}^{n} (1 - k/i)      (1 when n - c < k)
//
// for one problem with n samples of which c are correct, the benchmark-level
// mean over problems for a grid of k, and percentile bootstrap intervals over
// problems. Binomial coefficients C(n,k) overflow float64 for the n = 10,000
// samples of repeated-sampling studies; the product never does.
//
//	p, err := passk.PassAtK(10000, 122, 10) // one problem
//	ks := passk.Grid(10000)                 // 1, 2, 5, 10, ..., 5000, 10000
//	c := passk.Counts{N: ns, C: cs}         // per-problem samples and correct
//	curve, err := c.Curve(ks)               // mean over problems, one per k
//	b, err := passk.Bootstrap(c, ks, passk.BootstrapOptions{Seed: 1})
//	// b.Lo[j], b.Hi[j]: 95% percentile interval of the mean at ks[j]
//
// Counts is fitlib's one type for per-problem counts (n_i samples, c_i
// correct): ReadCounts splits a counts file by model, and packages monkeys
// and geneval take it.
//
//	all, err := passk.ReadCounts("llmonkeys/pythia_math_per_problem_counts.csv", "model")
//	c, err := passk.FindCounts(all, "Pythia 12B")
//	p10, err := c.PassAtK(10)
package passk
