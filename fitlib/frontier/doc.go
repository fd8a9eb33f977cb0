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
// (y0 = sin^2(g0), L = (1-y0) sin^2(gL), b = softplus(h)); the loss is the
// smoothed pinball loss averaged over points plus lambda b^2, minimised with
// fitlib/fit's allocation-free L-BFGS by continuation over (tau, kappa) from
// a multi-start grid. The objective and its exact gradient are compiled
// here (gonum has no quantile-regression objective).
//
// Also in the package: three baselines fitted with the same loss (constant,
// binwise constant on equal-mass bins, monotone I-spline through the same
// link), temporal validation over date periods, the greedy I-optimal design
// under a cost budget, bootstrap bands, the attainable score at a compute
// budget, loaders for the public leaderboard files (one task -> column table
// per file) and gonum/plot figures.
//
//	pts, err := frontier.LoadLeaderboard("BBH")
//	fit, err := frontier.Fit(pts.Z, pts.Y, frontier.DefaultOptions())
//	v := fit.Params.At(24)               // frontier at 1e24 FLOPs
//	cov := frontier.Coverage(fit.Params, pts.Z, pts.Y)
//
// One-call helpers keep notebook cells short:
//
//	rep, err := frontier.AnalyzeTask("BBH", frontier.ReportOptions{Seed: 1}) // fit, baselines, bootstrap, q(1e24)
//	rows, err := frontier.TemporalAll(frontier.Tasks, frontier.TemporalOptions{})
//	table := frontier.Summarize(frontier.OnlyCumulative(rows, true))       // Table 2 style
//	curve, pts, full, err := frontier.BudgetStudy("BBH", frontier.BudgetOptions{})
//	summary := frontier.Summary(reports, table, curve)                      // notebook JSON
//
// Speed: the objective groups models by compute (the leaderboard has 26
// distinct values), merges repeated (z, y) pairs, and factors
// exp(-|kappa (y - q)|) into per-model and per-group exponentials, so a
// full continuation fit of one task takes well under a tenth of a second
// of CPU (see TestBenchFrontierFit, GOPHERNOTE_BENCH=1).
//
// Every function validates its input and returns errors naming the task,
// row, period or parameter at fault; none panics on user data.
package frontier
