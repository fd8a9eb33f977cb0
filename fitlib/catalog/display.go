package catalog

import (
	"fmt"
	"html"
	"sort"

	"github.com/gophernote/gophernote/fitlib/internal/report"
)

// This file gives the package's values their rich form in a notebook (rule
// R3 of fitlib/doc.go): MIMEBundle returns text/html (LaTeX between $ signs
// for the formula, which a notebook typesets) and text/plain that is text.

func sortedParams(p map[string]float64) *report.Table {
	t := &report.Table{Header: []string{"parameter", "value"}}
	var names []string
	for n := range p {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Add(n, report.Num(p[n]))
	}
	return t
}

// MIMEBundle shows the entry — its law typeset, its coefficients, source,
// units and valid range — when it ends a notebook cell.
func (e Entry) MIMEBundle() map[string]string {
	tex := e.TeX
	if tex == "" {
		tex, _ = e.LaTeX()
	}
	t := sortedParams(e.Params)
	t.Title = e.Name + " (" + e.Family + ")"
	t.Note("source: %s", e.Source)
	if e.Units != "" {
		t.Note("units: %s", e.Units)
	}
	if e.Note != "" {
		t.Note("%s", e.Note)
	}
	b := report.Bundle(t)
	b["text/html"] = "<p>$" + html.EscapeString(tex) + "$</p>" + b["text/html"]
	b["text/plain"] = e.Formula + " over " + fmt.Sprint(e.Vars) + "\n" + b["text/plain"]
	return b
}

func (f *BNSLFit) table() *report.Table {
	t := sortedParams(f.Params)
	t.Title = "Broken neural scaling law (one break), fitted in log space"
	t.Note("fit RMSLE %.4g; %d grid points, %s", f.FitRMSLE, f.GridEvaluated, f.Status)
	if len(f.ExtrapX) > 0 {
		t.Note("extrapolation to %d held-out rows: RMSLE %.4g, max relative error %.2f%%", len(f.ExtrapX), f.ExtrapRMSLE, 100*f.ExtrapMaxRel)
	}
	return t
}

// MIMEBundle shows the fit as a table when it ends a notebook cell.
func (f *BNSLFit) MIMEBundle() map[string]string { return report.Bundle(f.table()) }

// MIMEBundle shows the fit as a table when it ends a notebook cell.
func (f *CoverageFit) MIMEBundle() map[string]string {
	t := &report.Table{Title: "coverage c(k) = exp(A k^-B)", Header: []string{"parameter", "value"}}
	t.Add("A", report.Num(f.A))
	t.Add("B", report.Num(f.B))
	t.Add("R² (linearised)", report.Num(f.R2))
	return report.Bundle(t)
}

// MIMEBundle shows the fit as a table when it ends a notebook cell.
func (f *ScaleRLFit) MIMEBundle() map[string]string {
	t := &report.Table{Title: fmt.Sprintf("ScaleRL sigmoid fitted to %d points", f.Points), Header: []string{"", "A", "B", "C_mid", "SSE"}}
	t.Add("grid (the paper's recipe)", report.Num(f.A), report.Num(f.B), report.Num(f.Cmid), report.Num(f.SSE))
	if f.RefinedSSE != 0 || f.RefinedA != 0 {
		t.Add("refined", report.Num(f.RefinedA), report.Num(f.RefinedB), report.Num(f.RefinedCmid), report.Num(f.RefinedSSE))
	}
	return report.Bundle(t)
}

// MIMEBundle shows the refit and its predictions as tables when it ends a
// notebook cell.
func (g *GadreFit) MIMEBundle() map[string]string {
	l := sortedParams(g.Loss)
	l.Title = "Gadre et al. eq. (4), loss, refitted on " + g.Dataset
	e := sortedParams(g.Error)
	e.Title = "eq. (5), top-1 error"
	p := &report.Table{Title: "extrapolations", Header: []string{"N", "M", "loss", "predicted", "rel. error", "error", "predicted", "rel. error"}}
	for _, q := range g.Predictions {
		p.Add(report.Num(q.N), report.Num(q.M), report.Num(q.Loss), report.Num(q.PredLoss), fmt.Sprintf("%.4f%%", 100*q.LossRelErr),
			report.Num(q.Err), report.Num(q.PredErr), fmt.Sprintf("%.4f%%", 100*q.ErrRelErr))
	}
	return report.Bundle(l, e, p)
}
