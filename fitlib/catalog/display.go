package catalog

import (
	"fmt"
	"html"
	"sort"
	"strings"

	"github.com/gophernote/gophernote/fitlib/fit"
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

// Report is the fit report (fitlib's one report, fit.Report): the
// parameters, the BFGS refinement's record, the grid and the
// extrapolation check.
func (f *BNSLFit) Report() *fit.Report {
	r := &fit.Report{Title: "Broken neural scaling law (one break), fitted in log space", Outcome: f.Outcome, Params: f.Parameters(),
		Stats: []fit.Stat{{Name: "fit RMSLE", Value: fmt.Sprintf("%.4g", f.FitRMSLE)}, {Name: "grid points", Value: fmt.Sprint(f.GridEvaluated)}}}
	if len(f.ExtrapX) > 0 {
		r.Stats = append(r.Stats, fit.Stat{Name: "extrapolation", Value: fmt.Sprintf("%d held-out rows: RMSLE %.4g, max relative error %.2f%%", len(f.ExtrapX), f.ExtrapRMSLE, 100*f.ExtrapMaxRel)})
	}
	return r
}

// MIMEBundle shows the fit report when the fit ends a notebook cell.
func (f *BNSLFit) MIMEBundle() map[string]string { return f.Report().MIMEBundle() }

// String is the text report.
func (f *BNSLFit) String() string { return f.Report().String() }

// Report is the fit report of the coverage law.
func (f *CoverageFit) Report() *fit.Report {
	return &fit.Report{Title: "coverage c(k) = exp(A k^-B)", Outcome: f.Outcome, Params: f.Parameters(),
		Stats: []fit.Stat{{Name: "R² (linearised)", Value: report.Num(f.R2)}}}
}

// MIMEBundle shows the fit report when the fit ends a notebook cell.
func (f *CoverageFit) MIMEBundle() map[string]string { return f.Report().MIMEBundle() }

// String is the text report.
func (f *CoverageFit) String() string { return f.Report().String() }

// Report is the fit report of the grid optimum, with the refinement's
// values when there is one (Refined.Report is its own report).
func (f *ScaleRLFit) Report() *fit.Report {
	r := &fit.Report{Title: fmt.Sprintf("ScaleRL sigmoid R0 + (A - R0)/(1 + (C_mid/C)^B) fitted to %d points (the paper's grid recipe)", f.Points),
		Outcome: f.Outcome, Params: f.Parameters()}
	if f.Refined != nil {
		var parts []string
		for _, p := range f.Refined.Parameters() {
			parts = append(parts, p.Name+" = "+report.Num(p.Value))
		}
		r.Stats = append(r.Stats, fit.Stat{Name: "refined", Value: fmt.Sprintf("%s; squared error %s (%s)", strings.Join(parts, ", "), report.Num(f.Refined.Objective), f.Refined.Status)})
	}
	return r
}

// MIMEBundle shows the fit report when the fit ends a notebook cell.
func (f *ScaleRLFit) MIMEBundle() map[string]string { return f.Report().MIMEBundle() }

// String is the text report.
func (f *ScaleRLFit) String() string { return f.Report().String() }

// MIMEBundle shows the three refits' reports and the predictions when
// the result ends a notebook cell.
func (g *GadreFit) MIMEBundle() map[string]string {
	p := &report.Table{Title: "extrapolations", Header: []string{"N", "M", "loss", "predicted", "rel. error", "error", "predicted", "rel. error"}}
	for _, q := range g.Predictions {
		p.Add(report.Num(q.N), report.Num(q.M), report.Num(q.Loss), report.Num(q.PredLoss), fmt.Sprintf("%.4f%%", 100*q.LossRelErr),
			report.Num(q.Err), report.Num(q.PredErr), fmt.Sprintf("%.4f%%", 100*q.ErrRelErr))
	}
	b := report.Bundle(p)
	for _, f := range []struct {
		title string
		r     *fit.Result
	}{{"Gadre et al. eq. (4), loss, refitted on " + g.Dataset, g.Loss}, {"eq. (5), top-1 error", g.Error}, {"eq. (5) without the 1.4B, M = 20 run", g.ErrorWithout14B}} {
		if f.r == nil {
			continue
		}
		rep := f.r.Report()
		rep.Title = f.title + ": " + rep.Title
		m := rep.MIMEBundle()
		b["text/html"] = m["text/html"] + "\n" + b["text/html"]
		b["text/plain"] = m["text/plain"] + "\n" + b["text/plain"]
	}
	return b
}
