// Package frontier estimates prescriptive capability frontiers: a high
// conditional quantile Q_tau(score | z) of benchmark scores given
// z = log10(pre-training FLOPs), modelled as a monotone saturating sigmoid
//
//	q(z) = y0 + L * sigmoid(a + b z),   b >= 0, y0, L in [0,1], y0 + L <= 1,
//
// following Zhang, Jin, Syrgkanis and Kakade (2026), "Prescriptive Scaling
// Reveals the Evolution of Language Model Capabilities" (sigmoid frontier,
// smoothed pinball loss, temporal validation of Table 2, I-optimal budgeted
// design). The constraints hold by construction through a reparameterization
// (y0 = sin^2(g0), L = (1-y0) sin^2(gL), b = softplus(h)).
//
// The objective is the paper's: the smoothed pinball loss SUMMED over the
// points plus lambda Omega, minimised with fitlib/fit's allocation-free
// L-BFGS (and, from the second continuation stage on, damped Newton steps
// on the exact Hessian) by continuation over (tau, kappa) from a
// multi-start grid. PaperOptions reproduces the paper's objective exactly
// (kappa 50, lambda (a^2 + b^2) on raw log10 FLOPs, as the authors'
// sigmoid_legacy.py; checked against scipy). The defaults differ in two
// measured ways (see Options.Kappa and Penalty): the continuation goes on
// to kappa 1000, because at kappa 50 the smoothing lifts the fitted
// quantile (in-sample coverage 0.988 instead of 0.98 on synthetic data with
// a known quantile, the low end 25 standard errors high), and the penalty
// acts on the intercept at the data's mean compute, because on raw z
// lambda a^2 shrinks the slope by 15%. EnhancedOptions gives the objective
// of the authors' released fitter (mean loss + lambda b^2), the one their
// Table 2 script calls; PaperOptions' doc says where the authors' legacy
// (Figure 1) fitter stops short of the paper objective's minimum.
//
// Small samples. Kappa 1000 needs points above the quantile: with fewer
// than SmallSampleAbove = 5 expected there (n (1 - tau) < 5, fewer than
// 250 points at tau 0.98) a 0.98 "quantile" is an upper envelope of the
// top few points, and the continuation to kappa 1000 left the slope to
// those points (on the full leaderboard tasks the default's slopes are
// 1.5-16, the paper objective's 0.07-0.96): the default's out-of-period
// calibration error on the dated file's temporal splits (9-45 training
// models) was 0.58, against 0.09 with the paper's objective. So a default
// fit there stops the continuation at kappa 50 and averages the loss, so
// that lambda weighs against the loss per point as in the authors'
// released fitter (Options.KeepKappa opts out; Result.Warnings says when
// it applied). Measured by TestSmallSampleRule: out-of-period error 0.13
// (cumulative splits; 0.22 sequential, 0.62 before), and on 50- and
// 100-point synthetic scatters with a known quantile the calibration on a
// fresh sample improves from 0.041 and 0.018 to 0.015 and 0.009 while the
// mean distance to the true quantile grows from 0.067 and 0.046 to 0.082
// and 0.060 (the paper's objective: 0.014 and 0.009, but 0.17 and 0.11
// from the truth). From 250 points on nothing changes: the recovery test
// (2,000 points) keeps kappa 1000. The paper's objective does better out
// of period on the leaderboard (0.09) because its raw-z penalty shrinks
// the slope about 500 times harder; that strength depends on where z's
// origin is, and on the synthetic scatters it pulls the curve far from
// the truth, so the default does not copy it.
//
// Table 2. The authors' Table 2 script (sigmoid_pinball_baselines.py @
// 4b6ec39) scores the sigmoid of their released fitter (EnhancedOptions),
// trains on one period at a time, keeps only the test models within the
// training compute range, and averages |coverage - tau| over equal-mass
// compute bins of at least 30 test models (PaperTemporalOptions,
// SplitResult.MacroCoverageError); the in-distribution loss is the
// smoothed pinball loss of the training split. On the dated file here
// that protocol leaves no split that every method can fit (its periods
// hold 2, 7, 4 and 32 models per task), so notebook 05 compares on the
// cumulative splits with all three objectives and the macro metric, which
// with test periods of 4-36 models is one bin, the global error. Standard
// errors, covariance and correlation come from a pairs bootstrap of 1,000
// refits (Result.SE, Cov, Corr, QuantileSE, Interval); Result.Warnings says
// when too few points lie above the quantile for it to be estimated. The
// objective and its exact gradient and Hessian are compiled here (gonum
// has no quantile-regression objective).
//
// Also in the package: three baselines fitted with the same loss (constant,
// binwise constant on equal-mass bins, monotone I-spline through the same
// link), temporal validation over date periods, the greedy I-optimal design
// under a cost budget, bootstrap bands, the attainable score at a compute
// budget, loaders for the public leaderboard files (one task -> column table
// per file) and figures built on fitlib/plots.
//
//	pts, err := frontier.LoadLeaderboard("BBH")
//	fit, err := frontier.Fit(pts.Z, pts.Y, frontier.Options{}) // the defaults
//	v, se := fit.Params.At(24), fit.QuantileSE(24)              // frontier at 1e24 FLOPs
//	lo, hi := fit.Interval(24, 0.95)
//	paper, err := frontier.Fit(pts.Z, pts.Y, frontier.PaperOptions())
//
// One-call helpers keep notebook cells short:
//
//	rep, err := frontier.AnalyzeTask("BBH", frontier.AnalyzeOptions{Seed: 1}) // fit, baselines, bootstrap, q(1e24)
//	rows, err := frontier.BacktestTasks(frontier.Tasks(), frontier.TemporalOptions{})
//	table := frontier.Summarize(frontier.OnlyCumulative(rows, true))        // Table 2 style
//	study, err := frontier.AnalyzeBudget("BBH", frontier.BudgetOptions{})
//	cmp, err := frontier.CompareAt1e24(reports, paperReports)              // beside the paper
//	summary := frontier.Summary(cmp, frontier.CompareTable2(reports, paperReports, table, paperTable), study.Curve)
//
// Speed: the objective groups models by compute (the leaderboard has 26
// distinct values), merges repeated (z, y) pairs, factors
// exp(-|kappa (y - q)|) into per-model and per-group exponentials, and
// sums the points farther than 40/kappa from the frontier through prefix
// sums of their linear terms, so a full continuation fit of one task takes
// about a tenth of a second of CPU (see TestBenchFrontierFit,
// GOPHERNOTE_BENCH=1), and each bootstrap refit, warm-started by Newton
// steps on a regrouped-once objective, a small fraction of that.
//
// Every function validates its input and returns errors naming the task,
// row, period or parameter at fault; none panics on user data.
package frontier
