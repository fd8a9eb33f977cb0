// Package fit is gophernote's fit engine: it minimizes a loss of a law
// (a fitlib/formula Formula over data columns) or a hand-written objective,
// from many starts in parallel, and reports what it found honestly.
//
// Losses: squared error (linear or log space), Huber(delta) on log
// residuals, smoothed pinball(tau, kappa), or any ObjectiveFunc (for
// example a negative log-likelihood) returning value and gradient.
// Positivity and bounds come from reparameterization (Transform: Log,
// Softplus, Logit), since gonum's L-BFGS has no bounds; Result.AtBound
// names parameters that ended on a bound.
//
// Multi-start: the product of per-parameter grids, explicit starts and
// seeded random starts run on GOMAXPROCS workers, each with preallocated
// buffers (evaluation does not allocate). Each start runs L-BFGS with
// scipy L-BFGS-B's stopping rules and falls back to Nelder-Mead when
// L-BFGS fails. The Result gives named parameters, objective, convergence
// status (never claimed when not reached), iterations, evaluations,
// standard errors (see SEKind) and, on request, a per-start table.
// Bootstrap, FitRows (leave-out) and Backtest reuse the same engine
// through row weights.
//
// Standard errors come from the Hessian at the optimum (central differences
// of the exact gradient) when it is positive definite: for squared error the
// classical s^2 (J'J)^-1; for Huber and pinball losses the sandwich
// H^-1 B H^-1 of M-estimation (B = sum of per-row score outer products),
// because H^-1 alone scales with the arbitrary delta or kappa and is not a
// standard error; for an ObjectiveFunc the inverse Hessian, which is a
// standard error only if the objective is a negative log-likelihood.
// Result.SEKind says which. Bootstrap intervals make fewer assumptions.
//
// The default local method is the engine's own L-BFGS (lbfgs.go says why);
// Method GonumLBFGS runs gonum's optimize.LBFGS with the same stopping rules.
//
//	f, _ := formula.Parse("E + A*N^(-alpha)", "N")
//	res, err := fit.Fit(fit.Problem{
//		Formula: f, Data: map[string][]float64{"N": n}, Y: loss, Loss: fit.Huber(1e-3),
//		Params: []fit.Param{
//			{Name: "A", Transform: fit.Log, Grid: []float64{10, 100, 1000}},
//			{Name: "alpha", Grid: []float64{0.1, 0.5}},
//			{Name: "E", Transform: fit.Log, Init: 1},
//		},
//	}, fit.Options{RandomStarts: 20, Seed: 1})
//	alpha, _ := res.Get("alpha")
package fit
