// Package chinchilla reproduces the three compute-optimal estimation
// approaches of Hoffmann et al. (2022), "Training Compute-Optimal Large
// Language Models", for the loss law
//
//	L(N, D) = E + A N^-alpha + B D^-beta
//
// and the replication of Approach 3 by Besiroglu, Erdil, Barnett and You
// (2024), "Chinchilla Scaling: A replication attempt" (arXiv:2404.10102).
//
// Approach 3 (parametric fit, compiled, multi-start, bootstrap):
//
//	runs, err := chinchilla.LoadRuns(5)                            // 245 digitized runs, drop the 5 highest losses
//	grid, err := chinchilla.FitGrid(runs, chinchilla.FitOptions{}) // 4,500-start grid on fitlib/fit
//	ml, err := chinchilla.FitHuberLikelihood(runs, chinchilla.FitOptions{Starts: [][]float64{grid.Theta}})
//	bs, err := chinchilla.Bootstrap(runs, grid, chinchilla.BootstrapOptions{Seed: 1, Progress: bar.Update})
//	rows, err := chinchilla.MeanPitfall(runs) // sum vs mean under three stopping rules
//
// Your own runs are a literal of named columns, &chinchilla.Runs{N: n, D: d,
// Loss: loss}; the fits check them and name the first bad run.
//
// The bootstrap resamples around the fit it is given and starts every
// resample's fit at that fit's optimum, the usual choice. Besiroglu et al.
// start every resample from Hoffmann et al.'s unrounded estimates instead
// (BootstrapOptions.Start: HoffmannUnrounded().ToTheta(), as notebook 06
// does to reproduce their intervals); TestBootstrapStart measures that the
// two agree on these runs.
//
// The objective is the Huber loss of log residuals in log-sum-exp form with
// its exact gradient, hand-written here (HuberObjective, HuberNLL); the
// grid fit and the bootstrap minimise it with the project's fit engine,
// the likelihood fit with gonum's BFGS, refined and judged on the
// statistical scale (likelihood.go: Status StatusWithinSE means within 0.01
// standard errors of the optimum, and the Reason says how far BFGS
// stopped). Every fit's result embeds fit.Outcome, the record all fitlib
// fits share, and gives its parameters by Param(name) and Parameters().
//
// Inference (inference.go): FitEngine is the same fit on fitlib/fit with
// standard errors, covariance and a fit report (Runs.Problem is its
// fit.Problem, for fit.ProfileInterval and fit.Extrapolate); TestHoffmann redoes
// Besiroglu et al.'s Wald, likelihood-ratio and t tests of Hoffmann et
// al.'s estimates; ExprA, ExprNOpt, ExprDOpt, ExprTokensPerParam,
// ExprEnvelope and ExprLossOpt are derived quantities for fit.Derive /
// fit.DeriveLog (delta method) and BootstrapResult.Derive (percentiles);
// PlotBand draws their bands over compute.
//
// Closed-form optimum under C = 6 N D: Params.NOpt, Params.DOpt,
// Params.AllocationTable(TableSizes()), Params.RatioDriftExponent and the
// step-by-step Params.DerivationMarkdown.
//
// Approach 2 (IsoFLOP parabolas with jackknife, FitIsoFLOP; sweep-width
// bias, VertexBias) and Approach 1 (lower envelope of training curves,
// FitEnvelope) are demonstrated on runs generated from a law with seeded
// noise (GenerateIsoFLOP, GenerateCurves), because the digitized data hold
// no IsoFLOP sweeps or training curves; CompareApproaches puts the three
// exponents side by side. Figures (fitlib/plots): PlotSurface,
// PlotBootstrap (Epoch AI's corner plot), PlotIsoFLOP, PlotEnvelope,
// PlotBand. Summary builds the notebook's final JSON.
//
// Everything here returns errors for bad input and never panics on user
// data. The exported API has no generic functions so notebook cells can call
// it through yaegi symbol tables.
package chinchilla
