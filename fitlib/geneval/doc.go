// Package geneval reproduces the pretraining scaling laws for generative
// evaluations of Schaeffer, Levi, Miranda & Koyejo, "Pretraining Scaling Laws
// for Generative Evaluations of Language Models" (ICLR 2026): three laws for
// the negative log of the benchmark-level pass@k, each fitted separately for
// every k,
//
//	compute:             -log pass_B@k = E0(k) + C0(k) C^-alpha(k),          C = 6ND
//	parameters + tokens: -log pass_B@k = E0(k) + N0(k) N^-beta(k) + D0(k) D^-gamma(k)
//	gold reference:      -log pass_B@k = xi0(k) + K0(k) [-log GoldProb_B]^kappa(k)
//
// backtests that fit on checkpoints below a compute cap and predict the most
// expensive checkpoint, the stability of every parameter against the cap, and
// the compute-optimal envelope of the parameters+tokens law (closed forms for
// N*(C), D*(C), the envelope exponent and prefactor, the mismatch penalty
// Phi(r), the effective-compute multiplier and the fixed-ratio path), with a
// step-by-step derivation rendered as Markdown with LaTeX.
//
// Everything exported is a plain struct, slice or function so that notebook
// cells can call it through yaegi symbol tables; user data never panics,
// errors name the checkpoint, column, k or parameter at fault.
//
//	b, err := geneval.LoadCounts("pythia_checkpoints/gsm8k_per_problem_counts.csv")
//	grid, err := geneval.FitComputeLawGrid(b, geneval.KGrid(10000))
//	env := geneval.Envelope{Beta: 0.34, Gamma: 0.28, N0: 406.4, D0: 410.7, C: 6}
//	md, err := geneval.EnvelopeDerivation(env, 1e22)
package geneval
