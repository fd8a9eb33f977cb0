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
// Choices, documented where they are made:
//   - pass_B@k is the mean over problems of the unbiased estimator
//     (fitlib/passk); a checkpoint enters k only when every problem has at
//     least k samples (Benchmark.PassAtK gives NaN otherwise), and a checkpoint
//     with pass_B@k = 0 is left out of that k's fit; both are counted.
//   - GoldProb_B averages reference-answer probabilities by log-sum-exp.
//   - LoadPythia drops the learning-rate warm-up checkpoints (WithoutWarmup).
//   - The laws are fitlib/formula formulas fitted on the fitlib/fit engine:
//     least squares on log(-log pass_B@k), every parameter positive through
//     a log transform, L-BFGS from a grid of starts (FitLaw).
//   - Stability (BacktestResult.SettleOrders): exponents within 10% and the
//     constant term within 0.1 nats of the full-data fit, every cap from
//     the target down; prefactors are reported per parameter only.
//
// Everything exported is a plain struct, slice or function so that notebook
// cells can call it through yaegi symbol tables; user data never panics,
// errors name the checkpoint, row, k or parameter at fault.
//
// A Benchmark holds one passk.Counts (the per-problem counts type shared
// with package monkeys) per checkpoint; every derived number (compute,
// fewest samples) is a method, so a Benchmark written as a literal works.
// Grid fits, backtests, the bootstrap and the whole study take a Context
// (display.Context() in a notebook cell) and report progress. A law is a
// Law constant; your own checkpoints are named columns keyed by its Vars
// (C, or N and D, or G):
//
//	f, err := geneval.FitLaw(geneval.LawParamsTokens, map[string][]float64{"N": n, "D": d}, negLogPass)
//	b, err := geneval.LoadPythia("gsm8k")
//	grid, err := geneval.FitLawGrid(b, nil, geneval.LawCompute, geneval.KGrid(10000), geneval.GridOptions{})
//	alpha, err := grid.Series("alpha")
//	boot, err := geneval.BootstrapLaw(b, nil, geneval.LawCompute, 1, geneval.BootstrapOptions{Seed: 1})
//	bt, err := geneval.Backtest(b, nil, geneval.LawCompute, 1, geneval.BacktestOptions{})
//	study, err := geneval.AnalyzePythia(geneval.AnalyzeOptions{}) // all of notebook 03; study.Summary()
//	env := geneval.Envelope{Beta: 0.34, Gamma: 0.28, N0: 406.4, D0: 410.7, C: 6}
//	md, err := geneval.EnvelopeDerivation(env, 1e22)
package geneval
