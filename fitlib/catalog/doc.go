// Package catalog lists published scaling laws as formula laws
// (fitlib/formula): each Entry holds the formula text, its data variables,
// the published coefficients, units, the parameter-counting convention, the
// source citation and the range over which the source measured it. An
// entry evaluates (Eval, EvalColumns), renders as LaTeX, and plots over its
// valid range (Plot). Table lists the catalog itself.
//
//	e, err := catalog.Lookup("muennighoff-data-constrained")
//	l, err := e.Eval(map[string]float64{"N": 6.34e9, "D": 242e9, "U": 25e9}) // 2.2256440889984477
//
// Laws whose use is more than one evaluation have compiled helpers:
// Muennighoff epoch efficiency (EpochTable), the Sardana et al.
// inference-aware optimum (InferenceOptimal), the T² budgets and optimum
// (T2Compute, T2Optimal), Gadre et al.'s refit from the authors' released
// runs (FitGadre), ScaleRL's Table 1 and its grid fit (ScaleRLTable,
// FitScaleRL), Kumar et al.'s effective parameters (PrecisionRetention),
// the broken neural scaling law fit with extrapolation (FitBNSL on your
// columns, FitBNSLFile on Caballero et al.'s data) and the best-of-n KL
// divergence (BestOfNKL). An Entry, a fit and Table show themselves when
// they end a notebook cell. Every published number the catalog
// reproduces is listed by References.
package catalog
