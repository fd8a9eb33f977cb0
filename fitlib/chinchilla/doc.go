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
//	grid, err := chinchilla.GridFit(runs, chinchilla.FitOptions{}) // 4,500-start grid on fitlib/fit
//	ml, err := chinchilla.FitHuberLikelihood(runs, chinchilla.FitOptions{Starts: [][]float64{grid.Theta}})
//	bs, err := chinchilla.Bootstrap(runs, chinchilla.BootstrapOptions{Resamples: 4000, Seed: 1, Progress: bar})
//	rows, err := chinchilla.MeanPitfall(runs) // sum vs mean under three stopping rules
//
// The objective is the Huber loss of log residuals in log-sum-exp form with
// its exact gradient, hand-written here (HuberObjective, HuberNLL); the
// grid fit and the bootstrap minimise it with the project's fit engine,
// the likelihood fit with gonum's BFGS, refined and judged on the
// statistical scale (likelihood.go: Converged means within 0.01 standard
// errors of the optimum, and the status says how far BFGS stopped).
//
// Inference (inference.go): EngineFit is the same fit on fitlib/fit with
// standard errors, covariance and a fit report; TestHoffmann redoes
// Besiroglu et al.'s Wald, likelihood-ratio and t tests of Hoffmann et
// al.'s estimates; ExprA, ExprNOpt, ExprDOpt, ExprTokensPerParam,
// ExprEnvelope and ExprLossOpt are derived quantities for fit.Derive /
// fit.DeriveLog (delta method) and BootstrapResult.Derive (percentiles);
// BandPlot draws their bands over compute.
//
// Closed-form optimum under C = 6 N D: Params.NOpt, Params.DOpt,
// Params.AllocationTable(TableSizes()), Params.RatioDriftExponent and the
// step-by-step Params.DerivationMarkdown.
//
// Approach 2 (IsoFLOP parabolas with jackknife, FitIsoFLOP; sweep-width
// bias, VertexBias) and Approach 1 (lower envelope of training curves,
// Envelope) are demonstrated on runs generated from a law with seeded
// noise (GenerateIsoFLOP, GenerateCurves), because the digitized data hold
// no IsoFLOP sweeps or training curves; CompareApproaches puts the three
// exponents side by side. Figures: SurfacePlot, HistogramPlot,
// IsoFLOPPlot, EnvelopePlot. Summary builds the notebook's final JSON.
//
// Everything here returns errors for bad input and never panics on user
// data. The exported API has no generic functions so notebook cells can call
// it through yaegi symbol tables.
package chinchilla
