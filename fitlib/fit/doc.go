// Package fit is gophernote's fit engine: it minimizes a loss of a law
// (a fitlib/formula Formula over data columns) or a hand-written objective,
// from many starts in parallel, and reports what it found honestly. It
// also holds the result shape every fitlib fit shares (outcome.go):
// Outcome, the record a result embeds (objective, Status and Reason,
// iterations, evaluations, time, gradient norm, SEKind, warnings);
// FittedParam, the per-parameter view Param(name) and Parameters() give;
// and Report, the one fit report (report.go).
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
// Method VarPro solves laws linear in some parameters by variable projection
// (vp.go): Fit(pb, Options{Method: VarPro}).
//
// Uncertainty (se.go, measured by coverage_test.go: 95% intervals cover
// the truth 93-97% of 1,000-4,000 simulated datasets for every loss, with
// homoscedastic and heteroscedastic noise, outliers, 10-200 rows and
// starts away from the truth). Formula laws use M-estimation with the
// curvature psi' smoothed by a Gaussian kernel — the raw Hessian of a
// Huber or pinball loss counts the few residuals inside the kink, which
// made Huber standard errors 3-7 times too small — at Silverman's
// bandwidth from the robust scale min(SD, IQR/1.349) of the residuals.
// Squared and Huber losses get the robust HC2 sandwich at every n, with
// Student t intervals on Bell-McCaffrey degrees of freedom per parameter
// (Result.RefDOF; Imbens & Kolesar 2016): the model-based covariance
// s^2 (J'WJ)^-1 covered the asymptote of a law with noise growing along
// it 86-90% of the time at 20 rows, HC1 and HC3 with t(n - p) were off at
// 10 or 33-60 rows. Pinball fits get the model-based covariance below 30
// residual degrees of freedom and Powell's kernel sandwich from 30 on. A
// negative log-likelihood gets the inverse observed information with
// normal intervals; a sum of losses the bootstrap, since no closed form
// is honest for an arbitrary kinked objective. Options.SE selects another
// method (SEModel: the classical s^2 (J'WJ)^-1 that lmfit and curve_fit
// report; SERobust, SEBootstrap). Intervals of Log, Softplus and Logit
// parameters are computed on the optimizer's scale and mapped back, so
// they never cross a bound. Every result carries SE, Cov, Corr, intervals
// Lo/Hi at Options.Level, the log-likelihood with AIC and BIC where the
// loss has one, and a report (Report: its String and HTML; MIMEBundle: a
// notebook cell shows it as tables). A result whose values are not finite is an
// error naming the row, never a NaN with a nil error.
//
// Convergence is judged on the statistical scale (converge.go): the Newton
// step from the final point must be below 0.01 standard errors, else the
// best start is polished (L-BFGS with tighter tolerances, then Newton steps on
// that curvature, which finish noise-free fits) and, failing that, reported as
// not converged (StatusNotConverged) with the distance (Result.StepSE). A
// stop where the curvature is singular (a plateau such as alpha -> large in
// E + A N^-alpha, or parameters the data do not identify) is never
// converged (StatusSingular); the Reason names the parameters.
//
// Inference (inference.go, profile.go, extrapolate.go): Derive and
// DeriveLog (delta method for any expression of the parameters, such as
// beta/(alpha+beta)), Band (confidence and prediction bands of the law on
// new data), BootstrapResult.Derive and .Band (percentile versions), Wald,
// WaldCov, LikelihoodRatio, ProfileInterval (profile-likelihood
// intervals) and Extrapolate (fit below a cutoff, errors with standard
// errors on the held-out rows). The tests refer their statistics to the
// distribution the intervals use: Wald to F(q, nu) when intervals are
// Student t (with one parameter it rejects exactly when the interval
// excludes the null), LikelihoodRatio of two loss fits to F(q, DOF) on the
// drop in the loss (Schrader & Hettmansperger's robust statistic; the
// Huber or pinball "log-likelihood" of a loss fit is not maximised, so
// Wilks does not apply to it), of two negative log-likelihoods to
// chi-squared (TestTestSize: 4-6% rejections of a true null at 5%).
// Bootstrap, Backtest and leave-out fits
// (Problem.Weights with zeros) reuse the same engine through row weights.
//
// The default local method is the engine's own L-BFGS (lbfgs.go says why);
// Methods GonumLBFGS and GonumBFGS run gonum's optimize.LBFGS and BFGS with
// the same stopping rules, NelderMead gonum's simplex.
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
//	alpha, _ := res.Param("alpha")                      // alpha.Value, alpha.SE, alpha.Lo, alpha.Hi
//	a, _ := fit.Derive(res, "alpha/(1 + alpha)", nil) // value, SE, interval
package fit
