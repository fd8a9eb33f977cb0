// Package fitlib is the root of gophernote's compiled scaling-law library.
// It holds no code: this comment is the API scheme every package below it
// follows, and api_test.go checks every rule that can be checked
// mechanically (the rule numbers below are the ones its errors cite).
//
// The packages: passk (pass@k and per-problem counts), formula (laws as
// text), fit (the fit engine and its inference), data (CSV tables), plots
// (every figure), chinchilla, geneval, monkeys, frontier and catalog
// (reproduced papers).
//
// # The one obvious way to fit your own law on your own data
//
//	runs, err := data.ReadCSV("losses.csv")                  // ./losses.csv, typed columns
//	cols, err := runs.Columns("N", "D")                      // named input columns
//	loss, err := runs.Floats("loss")
//	law, err := formula.Parse("E + A*N^(-alpha) + B*D^(-beta)", "N", "D")
//	res, err := fit.Fit(fit.Problem{Formula: law, Data: cols, Y: loss, Loss: fit.SquaredLog(),
//		Params: []fit.Param{                                 // positive, two starts each
//			{Name: "E", Transform: fit.Log, Grid: []float64{1, 2}},
//			{Name: "A", Transform: fit.Log, Grid: []float64{100, 1000}},
//			{Name: "B", Transform: fit.Log, Grid: []float64{100, 1000}},
//			{Name: "alpha", Transform: fit.Log, Grid: []float64{0.2, 0.5}},
//			{Name: "beta", Transform: fit.Log, Grid: []float64{0.2, 0.5}},
//		}},
//		fit.Options{Context: display.Context()})
//	res                                                      // a fit report as the cell's value
//	alpha, err := res.Param("alpha")                         // alpha.Value, .SE, .Lo, .Hi, .Fixed, .AtBound
//
// # Names
//
// N1. Functions that do work are verb-first: Fit, Plot, Load, Read,
// Analyze, Bootstrap, Backtest, Simulate, Generate, Compare, Derive, Test.
// One of the verbs Fit, Plot, Load, Read, Analyze, Bootstrap, Backtest,
// Simulate and Generate appears in a function's name only as its first
// word, or after another verb as its object (PlotBacktest, PlotBootstrap).
// No name opens with Run, Do or Get. Why: a reader who knows FitX finds
// FitY; the old mix (GridFit beside FitHuberLikelihood, RunBacktest beside
// Backtest) made every package a dialect. Functions that compute a
// quantity are named for it, as in package math (passk.PassAtK,
// frontier.Pinball); constructors are NewX; types are nouns.
//
// N2. A function that reads a dataset of the shared folder is LoadX; one
// that reads a path is ReadX (data.ReadCSV, passk.ReadCounts). A function
// that runs a paper's whole analysis is AnalyzeX (geneval.AnalyzePythia,
// monkeys.AnalyzePythiaMath, frontier.AnalyzeTask).
//
// N3. Figure functions are PlotX and return a *plots.Figure (or a
// *plots.Grid for several panels) built with package plots, the one figure
// package of fitlib. In package plots itself the figure functions drop the
// prefix (plots.Pair, plots.Residuals): Go names do not repeat their
// package.
//
// # Results
//
// R1. A result — a struct a function returns that no function takes by
// value — is returned by pointer when it holds a slice or a map. Values
// users build and pass (passk.Counts, chinchilla.Params, monkeys.Dist,
// catalog.Entry, fit.Problem) stay values. Why: a result is read, shared
// and annotated, never copied; a value is small and passed around.
//
// R2. FitX returns (*T, error) with T named XFit, or Result for a
// package's own Fit (fit.Result, frontier.Result, chinchilla.LawFit,
// geneval.LawFit, catalog.BNSLFit).
//
// R3. A result a notebook cell ends with shows itself: it has a
// MIMEBundle() map[string]string method with a rich view (text/html,
// text/latex or text/markdown) and a text/plain view that is plain text,
// never HTML. gophernote's display layer renders any value with this
// method (fitlib does not import the kernel). Figures render as PNG
// through their MIME method; no type has both.
//
// R4. A result with named parameters gives each by Param(name)
// (fit.FittedParam, error) — its value, standard error, interval, bounds,
// transform and whether it was fixed or ended at a bound — and all of
// them by Parameters() []fit.FittedParam; fields named Params hold their
// values. Counters are Iterations and Evaluations.
//
// R5. One result shape. Every fit — fit.Fit and every FitX of the paper
// packages — returns a result that embeds fit.Outcome, the record of how
// the fit went: Objective, Status (a typed fit.Status: Converged() tells
// whether it converged) with its Reason in words, Iterations,
// Evaluations, Time, GradNorm, SEKind (a typed fit.SEKind) and Warnings.
// No result redeclares those fields (nor the names they replaced:
// Converged, Seconds, NLL, SSE). Its parameters follow R4 and its
// Report() is a *fit.Report, the one fit report of fitlib (lmfit's
// fit_report: statistics, parameters, correlations, standard-error kind,
// warnings), which its MIMEBundle returns. A collection of fits
// (geneval.GridFit, catalog.GadreFit) holds them as fields instead. The
// choice of a local method is fit.Options.Method, variable projection
// included (fit.VarPro), not a second function. Why: one fit had fifteen
// result shapes, four with Param and the rest with strings for status
// and method; a reader who knows one result now knows them all.
//
// # Options
//
// O1. The options of a call are one struct named XOptions, passed by
// value as the last parameter. The options of an inner call are a field
// named after it (BootstrapOptions.Fit, AnalyzeOptions.Fit), never a second
// parameter.
//
// O2. The zero value of every options struct means the documented
// defaults; each field's comment says what its zero value means. No
// negative value is a setting ("< 0 for none"): a negative count is an
// error. Where zero is a legitimate value different from the default the
// field is a pointer (frontier.Options.Lambda, with frontier.Lambda(v)) or
// a separate boolean (frontier.Options.GridOnly, catalog.ScaleRLOptions.
// KeepAll). Presets are functions returning options (frontier.PaperOptions).
//
// O3. Every exported struct works as a literal — fields left out mean
// their defaults, and methods derive everything else from the exported
// fields (passk.Counts, geneval.Benchmark, chinchilla.Runs, monkeys.Dist
// with Scale 0 meaning 1) — or its state is unexported and a constructor
// or a Fit builds it (formula.Formula, data.Table, fit.Result). A value
// is never NaN by omission: a literal missing what it needs is an error
// naming the field.
//
// O4. A choice among fixed alternatives is a typed constant with a String
// method (fit.Method, chinchilla.Method, geneval.Law, monkeys.Estimator,
// frontier.Method), never a string; the zero value is the default choice.
// So are the kinds results report (fit.Status, fit.SEKind,
// fit.LogLikKind, fit.Loss): no exported field named Status, Method,
// SEKind, Loss, LogLikKind or SEMethod is a string.
//
// # Long-running calls
//
// C1. Every call that can run for seconds — fits with many starts,
// bootstraps, backtests, grid fits, analyses — takes in its options a
// Context context.Context (in a cell: display.Context(), so that an
// interrupt stops compiled work) and a Progress func(done, total int)
// (calls never overlap, arrive in order, at most about 100 times and once
// at the end). Every options struct with one has the other. Bootstrap*,
// Backtest* and Analyze* functions always have both. A cancelled call
// returns an error wrapping the context's and saying how far it got.
//
// # Bootstraps
//
// B1. One shape. BootstrapOptions has Resamples int, Level float64, Seed
// uint64, Workers int, Context and Progress (plus what a package needs:
// fit's Fit options, chinchilla's Start and Delta, frontier's band Grid).
// BootstrapResult has Names []string, Estimate, SE, Lo, Hi, Median
// []float64, Samples [][]float64 ([resample][parameter]), Failed int,
// Resamples int and Level float64. Results depend on Seed only, never on
// Workers.
//
// B2. One default: DefaultResamples = 1000 resamples wherever Resamples is
// zero (fit, passk, geneval, chinchilla, frontier). Why: the Monte Carlo
// error of a 95% percentile end point is 2.7 SE/sqrt(B), 0.19 SE at 200
// resamples and 0.08 SE at 1000 (fit.TestDefaultResamplesEndpointError).
// Papers that used another count pass it (notebook 06: Besiroglu et al.'s
// 4,000).
//
// S1. One per-start record: fit.Start (Index, Start, Params, Method and
// the embedded fit.Outcome), in a field PerStart filled when the options
// ask for KeepStarts.
//
// # User data
//
// D1. One input column and a response are positional (x, y), as numpy and
// matplotlib take them (frontier.Fit(z, y), catalog.FitScaleRL(c, r)).
// Two or more input columns are named: a map[string][]float64 keyed by the
// law's variable names (fit.Problem.Data, geneval.FitLaw, Law.Predict,
// fit.Derive, catalog's EvalColumns) or a struct literal of named columns
// (chinchilla.Runs, chinchilla.IsoFLOPRuns); data.Table.Columns turns a
// table into the map. Why: N and D, or C and N and loss, swapped by
// position fit nonsense without an error. Figure methods of package plots
// take coordinates (x, y, lo, hi) positionally, as matplotlib does.
//
// D2. A fit checks that its data and its law agree: a data column whose
// name the formula uses as a parameter (the law parsed without listing
// that column as a variable), a data column the formula does not read, or
// a variable given to formula.Parse that the formula does not mention are
// errors naming the column and the fix (fit.TestColumnMistakes). A fit
// that no start could evaluate is an error, not zeros.
//
// # Errors and the rest
//
// E1. Errors start with the package name and name what was wrong and
// where: the argument, column, row (with its file line), parameter, k or
// task. fitlib returns errors; it never panics on user data.
//
// V1. No exported package-level variables: lists are functions returning
// a fresh copy (data.Sources, data.Datasets, frontier.Methods,
// frontier.Tasks); a process-wide setting is a setter guarded by a lock
// (data.SetAutoContext, data.SetAutoProgress). Why: a cell that assigns a
// package variable changes it for every later cell and for concurrent
// calls, without a trace.
//
// G1. No generic exported functions or types: notebook cells reach fitlib
// through yaegi's symbol tables, which cannot hold them.
//
// X1. Every package has runnable examples, with // Output: where the
// result is deterministic; fitlib has at least 40 (go test
// ./fitlib/... -run Example). An output comment must be its own last
// comment group of the body: joined to a comment above it, go test
// compiles the example but never runs it.
package fitlib
