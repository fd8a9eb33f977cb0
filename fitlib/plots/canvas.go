package plots

import (
	"errors"
	"fmt"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Canvas gives the figure's size, resolution and painter. The kernel's
// display package renders any value with this method like a gonum plot
// (PNG beside an SVG whose text fits the layout whatever fonts the viewer
// has), so a figure as a cell's final value shows like a *plot.Plot.
func (f *Figure) Canvas() (w, h vg.Length, dpi int, paint func(draw.Canvas), err error) {
	if f == nil || f.Plot == nil {
		return 0, 0, 0, nil, errors.New("plots: figure is nil")
	}
	if w, h, dpi, err = size(f.Width, f.Height, f.DPI); err != nil {
		return 0, 0, 0, nil, err
	}
	f.applyLimits()
	return w, h, dpi, f.Plot.Draw, nil
}

// Canvas gives the grid's size, resolution and painter (see
// Figure.Canvas).
func (g *Grid) Canvas() (w, h vg.Length, dpi int, paint func(draw.Canvas), err error) {
	if g == nil || len(g.Panels) == 0 || len(g.Panels[0]) == 0 {
		return 0, 0, 0, nil, errors.New("plots: grid has no panels")
	}
	for i, row := range g.Panels {
		if len(row) != len(g.Panels[0]) {
			return 0, 0, 0, nil, fmt.Errorf("plots: grid row %d has %d panels, row 0 has %d", i, len(row), len(g.Panels[0]))
		}
	}
	if w, h, dpi, err = size(g.Width, g.Height, g.DPI); err != nil {
		return 0, 0, 0, nil, err
	}
	return w, h, dpi, g.paint, nil
}
