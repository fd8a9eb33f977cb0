package display

// svgPreferrer may be implemented by a Publisher whose outputs are always
// shown trusted by a front end that ranks SVG above PNG — the output area
// of a Jupyter widget (kernel/widgets): JupyterLab's widget manager renders
// it as trusted, and trusted Lab prefers SVG. There a plot's PNG would never
// be seen, and rasterizing and compressing it is most of a plot's cost
// (about 80% of a slider move in notebook 08), so Plot sends the SVG alone.
// (Unexported: it is plumbing between the engine and kernel/widgets, not
// part of the API cells see.)
type svgPreferrer interface {
	PrefersSVG() bool
}

// svgWhereItWins drops the PNG when the current publisher prefers SVG.
func svgWhereItWins() PlotOption {
	return func(c *plotConfig) {
		if p, ok := current().(svgPreferrer); ok && p.PrefersSVG() {
			c.noPNG = true
		}
	}
}
