package catalog

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// Plot draws entry e against variable x over its valid range (log axis
// when the range spans more than a factor 100 and is positive), with the
// other variables fixed at the values in fixed (default: the geometric
// mean of their range, or the arithmetic mean when it includes 0).
func (e Entry) Plot(x string, fixed map[string]float64) (*plot.Plot, error) {
	pl := plot.New()
	if err := e.addTo(pl, x, fixed, e.Name, 0); err != nil {
		return nil, err
	}
	pl.Title.Text = e.Name
	pl.Legend.Top = true
	return pl, nil
}

func (e Entry) rangeOf(v string) ([]float64, bool, error) {
	r, ok := e.ValidRange[v]
	if !ok || len(r) != 2 || !(r[1] > r[0]) {
		return nil, false, fmt.Errorf("catalog %s: no valid range for %s", e.Name, v)
	}
	return r, r[0] > 0 && r[1]/r[0] > 100, nil
}

func (e Entry) addTo(pl *plot.Plot, x string, fixed map[string]float64, label string, idx int) error {
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
	var xy plotter.XYs
	for i := range xs {
		if !math.IsNaN(ys[i]) && !math.IsInf(ys[i], 0) {
			xy = append(xy, plotter.XY{X: xs[i], Y: ys[i]})
		}
	}
	if len(xy) < 2 {
		return fmt.Errorf("catalog %s: no finite values over %s in %v", e.Name, x, r)
	}
	if logx {
		pl.X.Scale = plot.LogScale{}
		pl.X.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	pl.X.Label.Text = x
	// the y label is what the law returns: the last "; "-separated part
	// of Units (the earlier parts describe the inputs)
	y := e.Units
	if i := strings.LastIndex(y, "; "); i >= 0 {
		y = y[i+2:]
	}
	pl.Y.Label.Text = y
	l, err := plotter.NewLine(xy)
	if err != nil {
		return err
	}
	l.Width = vg.Points(1.5)
	l.Color = plotutil.Color(idx)
	l.Dashes = plotutil.Dashes(idx)
	pl.Add(l)
	pl.Legend.Add(label+fixedText, l)
	return nil
}

// PlotFamily draws every entry of a family on one plot against its first
// variable over its valid range (other variables at range midpoints).
// Entries whose first variable differs from the first entry's are drawn on
// the same axes only when they share it; the others are skipped and named
// in the title.
func PlotFamily(family string) (*plot.Plot, error) {
	var es []Entry
	for _, e := range All() {
		if e.Family == family {
			es = append(es, e)
		}
	}
	if len(es) == 0 {
		return nil, fmt.Errorf("catalog: no family %q (families: %v)", family, Families())
	}
	pl := plot.New()
	x := es[0].Vars[0]
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
		if err := e.addTo(pl, x, nil, e.Name, i); err != nil {
			return nil, err
		}
	}
	pl.Title.Text = family
	if len(skipped) > 0 {
		pl.Title.Text += fmt.Sprintf(" (not on this axis: %v)", skipped)
	}
	pl.Legend.Top = true
	return pl, nil
}

// FamilyPlots draws every entry of a family: one plot per distinct first
// variable and unit (Kaplan's L(N), L(D) and L(C_min) need three axes; a
// loss and a FLOP count never share a y axis), each entry
// over its valid range with other variables at their range midpoints.
func FamilyPlots(family string) ([]*plot.Plot, error) {
	var order []string
	groups := map[string][]Entry{}
	for _, e := range All() {
		if e.Family != family {
			continue
		}
		key := e.Vars[0] + "\x00" + e.Units
		if _, ok := groups[key]; !ok {
			order = append(order, key)
		}
		groups[key] = append(groups[key], e)
	}
	if len(order) == 0 {
		return nil, fmt.Errorf("catalog: no family %q (families: %v)", family, Families())
	}
	var out []*plot.Plot
	for _, key := range order {
		pl := plot.New()
		x := groups[key][0].Vars[0]
		for i, e := range groups[key] {
			if err := e.addTo(pl, x, nil, e.Name, i); err != nil {
				return nil, err
			}
		}
		pl.Title.Text = family
		pl.Legend.Top = true
		out = append(out, pl)
	}
	return out, nil
}
