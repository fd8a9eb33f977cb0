// Package plots draws the figures of fitlib and of notebooks the way a
// matplotlib user expects them, on gonum/plot: every fitlib figure function
// returns a *Figure (or a *Grid for multi-panel figures) built here.
//
//	f := plots.LogLog("Chinchilla", "parameters N", "loss")
//	err := f.Scatter("runs", n, loss)                   // next palette colour, a legend entry
//	err = f.LineBand("fit", xs, pred, lo, hi)           // a curve and its translucent band
//	err = f.ErrorBars("bootstrap", k, y, lower, upper)  // points with intervals
//	err = f.HLine("E", 1.69, plots.Style{Dashed: true}) // a reference line
//	f                                                   // a cell's final value shows the PNG
//	err = f.Save("fit.svg")                             // or .png, .pdf
//
// What it adds to gonum/plot:
//   - log axes readable at any range (LogTicks): labels inside one decade
//     (2, 2.5, 3 on a loss axis), 1-2-5 labels over one or two decades,
//     powers of ten beyond, written 10⁶ with a raised exponent, never
//     1e+06; linear axes label large numbers the same way (LinearTicks);
//   - one palette for every figure, readable in grayscale (Color(i): ten
//     hues whose lightness differs, TestPaletteGrayscale);
//   - a legend entry per named series, placed in the emptiest corner;
//   - bands (Band, LineBand) with real transparency (Style.Alpha), and an
//     error for a color.RGBA that is not premultiplied: gonum treats
//     color.RGBA as premultiplied, so {31, 119, 180, 64} has components
//     above its alpha and un-premultiplies to a wrapped, saturated,
//     opaque-looking colour;
//   - compiled error bars (ErrorBars): gonum's idiom passes a value of a
//     cell-declared type through an interface, which crashes yaegi;
//   - a bootstrap corner plot (Pair), residual plots (Residuals),
//     histograms (Hist), reference lines (HLine, VLine), axis limits
//     (XLim, YLim);
//   - figure size and resolution (Axes.Width, Height, DPI; 6×4 inches at
//     96 dpi by default, as display.Plot), PNG at two pixels per layout
//     pixel (Density; 1152×768 for the default layout), SVG and PDF output,
//     and errors instead of gonum's panics (a log axis over a value <= 0
//     names the series and row);
//   - figures for a paper in one call: f.SavePaper("fig.pdf",
//     plots.PaperOptions{}) writes PDF or SVG one journal column wide
//     (ColumnWidth, TwoColumnWidth, ICMLColumnWidth, NeurIPSTextWidth),
//     text at 8 pt, fonts embedded.
//
// Every function is non-generic and takes plain slices, so notebook cells
// reach it through yaegi symbol tables at compiled speed.
package plots
