// Package monkeys explains and measures how repeated sampling acquires its
// power law, after Schaeffer et al., "How Do Large Language Monkeys Get Their
// Power (Laws)?" (ICML 2025).
//
// A problem solved by one attempt with probability p fails all k attempts
// with probability (1-p)^k: per problem, failure falls exponentially in k.
// Over a benchmark whose p are drawn from a distribution D the aggregate
// failure
//
//	F(k) = E_D[(1-p)^k],   pass_B@k = 1 - F(k)
//
// falls as a power law a·k^(-b) exactly when D has a density that behaves as
// p^(b-1) near 0: if the CDF is K·p^b near 0 then a = K·Γ(b+1) (the paper's
// Theorem; Tauberian argument). The paper states the law for
// -log(pass_B@k), which equals -log(1-F(k)) and tends to F(k) as k grows;
// this package follows that convention throughout:
//
//	-log(pass_B@k) ≈ a·k^(-b)      (least squares: log(-log pass_B@k) = log a - b log k)
//
// Per-problem counts are passk.Counts (read with passk.ReadCounts). Long
// fits take a Context.
//
// # The authors' conventions
//
// Where the authors' code (Schaeffer et al. 2025, src/analyze.py; commits
// 274d260 and cd078ae) has more than one convention, the default is the
// one that reproduces their printed fits, and the others are named options
// (pinned in authors_test.go against the printed values and against a
// numpy/scipy re-implementation, testdata/discretized_conventions.py):
//
//   - Discretized bins: edges 0, 5e-5, then 10 per decade from a fixed
//     1e-4 (PaperResolution) for every dataset. DiscretizedOptions.
//     ResolutionPerSample uses 1/max n_i instead (fitlib before issue 23;
//     Gemini 1.5 Flash moves from the printed (0.1805, 4.446) to (0.1453,
//     1.899)); Bins: BinsDense is the later 1,000-edge histogram of cd078ae.
//   - Discretized Kumaraswamy: the data are rescaled to p/s and the
//     distribution left on [0, 1] (KumaraswamyRescaleData, the authors');
//     KumaraswamyScaleDistribution bins p and scales the distribution.
//   - Maximum-likelihood scale: s = (m+1)/m · max c_i/n_i (ScaleInflatedMax,
//     the authors' code at cd078ae); ScaleMax is max c_i/n_i, FitScale fits
//     s (their older code).
//   - Loss: the authors minimise the mean over bins (discretized) or over
//     problems (MLE) of the negative log-likelihood; fitlib's Objective
//     (fit.Outcome) is the total and, for the discretized fits, MeanNLL
//     the authors' mean over bins. The optimum is the same.
//
// Scale 1 (AnalyzeOptions.Scale, MLEOptions.Scale) fits unscaled data,
// where any scale at the largest observed rate bends the fitted shape.
//
// Contents:
//   - Dist: Delta, Uniform, Beta and Kumaraswamy distributions of p, each
//     optionally scaled to [0, s], with the exact F(k) (accurate to 1e-13
//     relative for k up to 1e9) and the closed-form asymptote (a, b).
//   - FitLeastSquares: the paper's estimator, an ordinary least-squares line
//     through log(-log pass_B@k) against log k, pass_B@k from the unbiased
//     estimator (package passk) averaged over problems.
//   - FitBetaBinomial, FitKumaraswamyBinomial: maximum likelihood of scaled
//     Beta- and Kumaraswamy-binomial models over per-problem counts (n_i,
//     c_i); the power law then follows in closed form (b = alpha) or by the
//     paper's route (integrate F(k), then least squares).
//   - FitDiscretized: the paper's histogram-of-pass_i@1 estimator, with a
//     scaled Beta or Kumaraswamy (both in every ModelAnalysis), in the
//     authors' bin conventions (DiscretizedOptions).
//   - Backtest, BacktestSynthetic: sample-efficiency studies by hypergeometric
//     subsampling of counts, parallel and seeded.
//   - Demonstrate: exact curves against Monte Carlo for the theorem.
//   - Plot* functions: the figures, as fitlib/plots figures.
//   - Analyze, AnalyzeAll, AnalyzeFile, AnalyzePythiaMath, AnalyzeBoNText:
//     every estimator on one or more models (a ModelAnalysis shows them
//     as a table when it ends a notebook cell).
//   - EstimateB with an Estimator (EstLeastSquares, EstBetaBinomial,
//     EstKumaraswamy): one exponent by one estimator.
//
// Hand-written numerics (gonum has no equivalent): the log ratio of gamma
// functions with an asymptotic series, the positive-term (Pfaff) series of
// the scaled Beta-binomial pmf summed around its peak, tanh-sinh and
// sinh-mapped trapezoidal quadrature in log space, hypergeometric sampling.
// Optimisation uses gonum/optimize (L-BFGS, Nelder-Mead); gamma, digamma and
// incomplete beta functions come from math and gonum/mathext.
package monkeys
