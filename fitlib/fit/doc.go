// Package fit is gophernote's fit engine: it minimizes a loss of a law
// (a fitlib/formula Formula over data columns) or a hand-written objective,
// from many starts in parallel, and reports what it found honestly.
//
// Losses: squared error (linear or log space), Huber(delta) on log
// residuals, smoothed pinball(tau, kappa), or any ObjectiveFunc — a
// negative log-likelihood, or (ObjectiveIs: SumOfLosses) a sum of per-row
// losses. Positivity and bounds come from reparameterization (Transform:
// Log, Softplus, Logit), since gonum's L-BFGS has no bounds; Result.AtBound
// names parameters that ended on a bound. Param.Fixed holds a parameter at
// its Init (lmfit's vary=False).
//
// Multi-start: the product of per-parameter grids, explicit starts and
// seeded random starts run on GOMAXPROCS workers, each with preallocated
// buffers (evaluation does not allocate). Each start runs L-BFGS with
// scipy L-BFGS-B's tolerances (the reduction test made relative; see
// Options.ScipyFTol) and falls back to Nelder-Mead when L-BFGS fails.
// FitVP solves laws linear in some parameters by variable projection (vp.go).
//
// Uncertainty (se.go, measured by coverage_test.go: 95% intervals cover
// the truth 93.9-96.9% of 1,000 simulated datasets for every loss).
// Formula laws use M-estimation with the curvature psi' smoothed by a
// Gaussian kernel — the raw Hessian of a Huber or pinball loss counts the
// few residuals inside the kink, which made Huber standard errors 3-7
// times too small — and Student t(n - p) intervals: model-based
// s_psi^2/m^2 (J'WJ)^-1 (exactly s^2 (J'J)^-1 for squared error) below 30
// residual degrees of freedom, the robust sandwich from 30 on (squared and
// Huber; it stays honest for heteroscedastic or misfitting data, as the
// Chinchilla runs are). A negative log-likelihood gets the inverse observed
// information with normal intervals; a sum of losses the bootstrap, since
// no closed form is honest for an arbitrary kinked objective. Options.SE
// selects another method (SEModel, SERobust, SEBootstrap). Every result
// carries SE, Cov, Corr, intervals Lo/Hi at Options.Level, the
// log-likelihood with AIC and BIC where the loss has one, and a report
// (Report, ReportHTML, MIMEBundle: a notebook cell shows it as tables).
//
// Convergence is judged on the statistical scale (converge.go): the Newton
// step from the final point must be below 0.01 standard errors, else the
// best start is polished and, failing that, reported as not converged with
// the distance (Result.StepSE).
//
// Inference (inference.go, profile.go, extrapolate.go): Derive and
// DeriveLog (delta method for any expression of the parameters, such as
// beta/(alpha+beta)), Band (confidence and prediction bands of the law on
// new data), BootstrapResult.Derive and .Band (percentile versions), Wald,
// WaldCov, LikelihoodRatio, ProfileInterval (profile-likelihood
// intervals) and Extrapolate (fit below a cutoff, errors with standard
// errors on the held-out rows). Bootstrap, Backtest and leave-out fits
// (Problem.Weights with zeros) reuse the same engine through row weights.
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
//	alpha, _ := res.Param("alpha")
//	a, _ := fit.Derive(res, "alpha/(1 + alpha)", nil) // value, SE, interval
package fit
