package catalog

import (
	"fmt"
	"math"
	"strings"

	"github.com/gophernote/gophernote/fitlib/plots"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// Plot draws entry e against variable x over its valid range (log axis
// when the range spans more than a factor 100 and is positive), with the
// other variables fixed at the values in fixed (default: the geometric
// mean of their range, or the arithmetic mean when it includes 0).
func (e Entry) Plot(x string, fixed map[string]float64) (*plots.Figure, error) {
	f, err := e.newFigure(x, e.Name)
	if err != nil {
		return nil, err
	}
	if err := e.addTo(f, x, fixed, e.Name, 0); err != nil {
		return nil, err
	}
	return f, nil
}

func (e Entry) rangeOf(v string) ([]float64, bool, error) {
	r, ok := e.ValidRange[v]
	if !ok || len(r) != 2 || !(r[1] > r[0]) {
		return nil, false, fmt.Errorf("catalog %s: no valid range for %s", e.Name, v)
	}
	return r, r[0] > 0 && r[1]/r[0] > 100, nil
}

// newFigure returns a figure with e's axes for variable x: log x when e's
// range of x asks for it; the y label is what the law returns, the last
// "; "-separated part of Units (the earlier parts describe the inputs).
func (e Entry) newFigure(x, title string) (*plots.Figure, error) {
	_, logx, err := e.rangeOf(x)
	if err != nil {
		return nil, err
	}
	y := e.Units
	if i := strings.LastIndex(y, "; "); i >= 0 {
		y = y[i+2:]
	}
	return plots.New(plots.Axes{Title: title, XLabel: x, YLabel: y, LogX: logx}), nil
}

func (e Entry) addTo(f *plots.Figure, x string, fixed map[string]float64, label string, idx int) error {
	r, logx, err := e.rangeOf(x)
	if err != nil {
		return err
	}
	const n = 200
	cols := map[string][]float64{}
	xs := make([]float64, n)
	for i := range xs {
		u := float64(i) / (n - 1)
		if logx {
			xs[i] = r[0] * math.Pow(r[1]/r[0], u)
		} else {
			xs[i] = r[0] + (r[1]-r[0])*u
		}
	}
	cols[x] = xs
	var fixedText string
	for _, v := range e.Vars {
		if v == x {
			continue
		}
		val, ok := fixed[v]
		if !ok {
			rv, lg, err := e.rangeOf(v)
			if err != nil {
				return err
			}
			val = (rv[0] + rv[1]) / 2
			if lg || rv[0] > 0 {
				val = math.Sqrt(rv[0] * rv[1])
			}
		}
		col := make([]float64, n)
		for i := range col {
			col[i] = val
		}
		cols[v] = col
		fixedText += fmt.Sprintf(" %s=%.3g", v, val)
	}
	ys, err := e.EvalColumns(cols)
	if err != nil {
		return err
	}
	var px, py []float64
	for i := range xs {
		if !math.IsNaN(ys[i]) && !math.IsInf(ys[i], 0) {
			px, py = append(px, xs[i]), append(py, ys[i])
		}
	}
	if len(px) < 2 {
		return fmt.Errorf("catalog %s: no finite values over %s in %v", e.Name, x, r)
	}
	return f.Line(label+fixedText, px, py, plots.Style{Color: plots.Color(idx), Dashed: idx%2 == 1})
}

// PlotFamily draws every entry of a family on one figure against its first
// variable over its valid range (other variables at range midpoints).
// Entries without that variable are skipped and named in the title; use
// PlotFamilyAxes for one figure per variable and unit.
func PlotFamily(family string) (*plots.Figure, error) {
	es := familyEntries(family)
	if len(es) == 0 {
		return nil, fmt.Errorf("catalog: no family %q (families: %v)", family, Families())
	}
	x := es[0].Vars[0]
	f, err := es[0].newFigure(x, family)
	if err != nil {
		return nil, err
	}
	var skipped []string
	for i, e := range es {
		has := false
		for _, v := range e.Vars {
			has = has || v == x
		}
		if !has {
			skipped = append(skipped, e.Name)
			continue
		}
		if err := e.addTo(f, x, nil, e.Name, i); err != nil {
			return nil, err
		}
	}
	if len(skipped) > 0 {
		f.Plot.Title.Text += fmt.Sprintf(" (not on this axis: %v)", skipped)
	}
	return f, nil
}

func familyEntries(family string) []Entry {
	var es []Entry
	for _, e := range All() {
		if e.Family == family {
			es = append(es, e)
		}
	}
	return es
}

// PlotFamilyAxes draws every entry of a family: one figure per distinct
// first variable and unit (Kaplan's L(N), L(D) and L(C_min) need three
// axes; a loss and a FLOP count never share a y axis), each entry over its
// valid range with other variables at their range midpoints.
func PlotFamilyAxes(family string) ([]*plots.Figure, error) {
	var order []string
	groups := map[string][]Entry{}
	for _, e := range familyEntries(family) {
		key := e.Vars[0] + "\x00" + e.Units
		if _, ok := groups[key]; !ok {
			order = append(order, key)
		}
		groups[key] = append(groups[key], e)
	}
	if len(order) == 0 {
		return nil, fmt.Errorf("catalog: no family %q (families: %v)", family, Families())
	}
	var out []*plots.Figure
	for _, key := range order {
		g := groups[key]
		x := g[0].Vars[0]
		f, err := g[0].newFigure(x, family)
		if err != nil {
			return nil, err
		}
		for i, e := range g {
			if err := e.addTo(f, x, nil, e.Name, i); err != nil {
				return nil, err
			}
		}
		out = append(out, f)
	}
	return out, nil
}

// PlotFamilyGrid draws a family as one figure: the panels of
// PlotFamilyAxes (one per variable and unit), two to a row, under the
// family's name.
func PlotFamilyGrid(family string) (*plots.Grid, error) {
	figs, err := PlotFamilyAxes(family)
	if err != nil {
		return nil, err
	}
	cols := 1
	if len(figs) > 1 {
		cols = 2
	}
	rows := (len(figs) + cols - 1) / cols
	g := &plots.Grid{Title: family}
	for r := 0; r < rows; r++ {
		row := make([]*plot.Plot, cols)
		for c := 0; c < cols; c++ {
			if i := r*cols + c; i < len(figs) {
				figs[i].Plot.Title.Text = ""
				row[c] = figs[i].Plot
			}
		}
		g.Panels = append(g.Panels, row)
	}
	if len(figs) > 1 {
		g.Width, g.Height = 9*vg.Inch, vg.Length(rows)*3.4*vg.Inch
	}
	return g, nil
}
