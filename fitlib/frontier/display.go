package frontier

import (
	"fmt"
	"strings"

	"github.com/gophernote/gophernote/fitlib/internal/report"
)

// This file gives the package's results their rich form in a notebook
// (rule R3 of fitlib/doc.go): MIMEBundle returns text/html and a text/plain
// table, which gophernote's display layer shows when the value ends a cell.

func (r *Result) table() *report.Table {
	t := &report.Table{Title: fmt.Sprintf("%s frontier q(z) = y0 + L sigmoid(a + b z), tau %g", label(r.Options.Task), r.Options.Tau),
		Header: []string{"parameter", "value", "SE"}}
	se := []float64{r.SE.Y0, r.SE.L, r.SE.A, r.SE.B}
	for j, n := range ParamNames() {
		v := r.Params.Vector()
		t.Add(n, report.Num(v[j]), report.Num(se[j]))
	}
	lo, hi := r.Interval(24, 0.95)
	t.Add("q at 1e24 FLOPs", report.Num(r.Params.At(24)), report.Interval(lo, hi))
	t.Note("%d points; in-sample coverage %.4f; mean pinball loss %.4g; objective %s", r.N, r.Coverage, r.Pinball, report.Num(r.Objective))
	t.Note("converged: %v (%s); standard errors: %s", r.Converged, r.Status, r.SEKind)
	for _, w := range r.Warnings {
		t.Note("warning: %s", w)
	}
	return t
}

// MIMEBundle shows the fit as a table when it ends a notebook cell.
func (r *Result) MIMEBundle() map[string]string { return report.Bundle(r.table()) }

// String is the text table.
func (r *Result) String() string { return r.table().Text() }

func (b *BootstrapResult) table() *report.Table {
	t := &report.Table{Title: fmt.Sprintf("Frontier bootstrap: %d resamples, %g%% percentile intervals", b.Resamples, 100*b.Level),
		Header: []string{"parameter", "estimate", "SE", "interval", "median"}}
	for j, n := range b.Names {
		t.Add(n, report.Num(b.Estimate[j]), report.Num(b.SE[j]), report.Interval(b.Lo[j], b.Hi[j]), report.Num(b.Median[j]))
	}
	t.Note("%d refits failed (left out); band over %d grid points", b.Failed, len(b.Grid))
	return t
}

// MIMEBundle shows the bootstrap as a table when it ends a notebook cell.
func (b *BootstrapResult) MIMEBundle() map[string]string { return report.Bundle(b.table()) }

// String is the text table.
func (b *BootstrapResult) String() string { return b.table().Text() }

func (m *MethodFit) table() *report.Table {
	t := &report.Table{Title: fmt.Sprintf("%s frontier of %s", m.Name(), label(m.Task)), Header: []string{"z", "q(z)"}}
	for _, z := range []float64{21, 22, 23, 24, 25} {
		t.Add(fmt.Sprint(z), report.Num(m.At(z)))
	}
	t.Note("objective %s; converged: %v (%s)", report.Num(m.Objective), m.Converged, m.Status)
	return t
}

// MIMEBundle shows the fitted frontier at a few compute values when it
// ends a notebook cell.
func (m *MethodFit) MIMEBundle() map[string]string { return report.Bundle(m.table()) }

func (r *TaskReport) tables() []*report.Table {
	t := &report.Table{Title: fmt.Sprintf("%s: %d models", r.Task, r.Points.Len()), Header: []string{"method", "in-distribution pinball", "q at 1e24 FLOPs"}}
	for _, m := range r.Methods {
		t.Add(m.Name(), report.Num(r.IDPinball[m.Method.String()]), report.Num(m.At(24)))
	}
	a := r.Attainable
	t.Note("attainable at %.3g FLOPs: %.4f, %g%% interval %s; the paper's value %s", a.FLOPs, a.Value, 100*a.Level, report.Interval(a.Lo, a.Hi), report.Num(r.Paper))
	return []*report.Table{t, r.Fit.table()}
}

// MIMEBundle shows the task's methods and the sigmoid fit as tables when
// the report ends a notebook cell.
func (r *TaskReport) MIMEBundle() map[string]string { return report.Bundle(r.tables()...) }

func (s *BudgetStudy) table() *report.Table {
	t := &report.Table{Title: fmt.Sprintf("%s: budget study (%d models)", s.Task, s.Points.Len()),
		Header: []string{"budget fraction", "I-optimal models", "I-optimal gap", "balanced gap", "random gap (mean ± sd)"}}
	for _, b := range s.Curve {
		t.Add(report.Num(b.Fraction), fmt.Sprint(b.NSelected), report.Num(b.Gap), report.Num(b.BalancedGap),
			strings.TrimSpace(fmt.Sprintf("%.4g ± %.2g", b.RandomGap, b.RandomGapSD)))
	}
	return t
}

// MIMEBundle shows the budget study as a table when it ends a notebook
// cell.
func (s *BudgetStudy) MIMEBundle() map[string]string { return report.Bundle(s.table()) }
