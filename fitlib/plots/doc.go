// Package plots holds small gonum/plot helpers shared by fitlib and the
// notebooks: axes with optional log scales, scatter points, lines, sets of
// lines with distinct colours, and the usual "data as points, fitted law as
// a curve" figure. Functions validate their input and return errors (gonum's
// log scale panics on values <= 0; these helpers name the series and row
// instead).
//
//	p := plots.New(plots.Axes{Title: "Chinchilla", XLabel: "N", YLabel: "loss", LogX: true, LogY: true})
//	err := p.Scatter("runs", n, loss)
//	xs, err := plots.GeomSpace(1e7, 1e11, 200)
//	err = p.Line("fit", xs, law(xs))
//	// display.Plot(p.Plot) in a notebook cell, or p.Plot.Save(6*vg.Inch, 4*vg.Inch, "fit.png")
package plots
