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
//	runs, err := chinchilla.LoadRuns(5)          // 245 digitized runs, drop the 5 highest losses
//	fit, err := chinchilla.GridFit(runs, chinchilla.FitOptions{})   // 4,500-start Besiroglu grid
//	ml, err := chinchilla.FitHuberLikelihood(runs, fit.Params)       // learned Huber scale sigma
//	bs, err := chinchilla.Bootstrap(runs, chinchilla.BootstrapOptions{Resamples: 4000, Seed: 1})
//
// Closed-form optimum of L under C = 6 N D (Params.NOpt, Params.DOpt,
// Params.AllocationForParams, Params.DerivationMarkdown).
//
// Approach 2 (IsoFLOP parabolas, IsoFLOP) and Approach 1 (lower envelope of
// training curves, Envelope) are demonstrated on runs generated from a law
// with seeded noise (GenerateIsoFLOP, GenerateCurves), because the digitized
// data hold no IsoFLOP sweeps or training curves.
//
// Everything here returns errors for bad input and never panics on user
// data. The exported API has no generic functions so notebook cells can call
// it through yaegi symbol tables.
package chinchilla
