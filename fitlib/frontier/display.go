package frontier

import (
	"fmt"
	"strings"

	"github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/internal/report"
)

// This file gives the package's results their rich form in a notebook
// (rule R3 of fitlib/doc.go): MIMEBundle returns text/html and a text/plain
// table, which gophernote's display layer shows when the value ends a cell.

// Report is the fit report (fitlib's one report, fit.Report): the
// parameters with their standard errors and intervals, the record, the
// frontier at 1e24 FLOPs, coverage and pinball loss.
func (r *Result) Report() *fit.Report {
	rep := &fit.Report{Title: fmt.Sprintf("%s frontier q(z) = y0 + L sigmoid(a + b z), tau %g", label(r.Options.Task), r.Options.Tau),
		Outcome: r.Outcome, Params: r.Parameters(), Corr: r.Corr}
	lo, hi := r.Interval(24, 0.95)
	rep.Stats = []fit.Stat{
		{Name: "points", Value: fmt.Sprint(r.N)},
		{Name: "q at 1e24 FLOPs", Value: report.Num(r.Params.At(24)) + ", 95% " + report.Interval(lo, hi)},
		{Name: "in-sample coverage", Value: fmt.Sprintf("%.4f", r.Coverage)},
		{Name: "mean pinball loss", Value: fmt.Sprintf("%.4g", r.Pinball)},
	}
	if r.Bandwidth > 0 {
		rep.Stats = append(rep.Stats, fit.Stat{Name: "sandwich bandwidth", Value: fmt.Sprintf("1/kappa = %.3g", r.Bandwidth)})
	}
	if len(r.Samples) > 0 {
		rep.Stats = append(rep.Stats, fit.Stat{Name: "bootstrap refits", Value: fmt.Sprint(len(r.Samples))})
	}
	return rep
}

// MIMEBundle shows the fit report when the fit ends a notebook cell.
func (r *Result) MIMEBundle() map[string]string { return r.Report().MIMEBundle() }

// String is the text report.
func (r *Result) String() string { return r.Report().String() }

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

// Report is the fit report of the method's frontier: its parameters, the
// record and the frontier at a few compute values.
func (m *MethodFit) Report() *fit.Report {
	if m.Method == MethodSigmoid && m.Sigmoid != nil {
		r := m.Sigmoid.Report()
		r.Title = fmt.Sprintf("%s frontier of %s", m.Name(), label(m.Task))
		return r
	}
	r := &fit.Report{Title: fmt.Sprintf("%s frontier of %s", m.Name(), label(m.Task)), Outcome: m.Outcome, Params: m.Parameters()}
	var at []string
	for _, z := range []float64{21, 22, 23, 24, 25} {
		at = append(at, fmt.Sprintf("q(%g) = %s", z, report.Num(m.At(z))))
	}
	r.Stats = append(r.Stats, fit.Stat{Name: "frontier", Value: strings.Join(at, ", ")})
	return r
}

// MIMEBundle shows the fit report when the fit ends a notebook cell.
func (m *MethodFit) MIMEBundle() map[string]string { return m.Report().MIMEBundle() }

// String is the text report.
func (m *MethodFit) String() string { return m.Report().String() }

func (r *TaskReport) tables() []*report.Table {
	t := &report.Table{Title: fmt.Sprintf("%s: %d models", r.Task, r.Points.Len()), Header: []string{"method", "in-distribution pinball", "q at 1e24 FLOPs"}}
	for _, m := range r.Methods {
		t.Add(m.Name(), report.Num(r.IDPinball[m.Method.String()]), report.Num(m.At(24)))
	}
	a := r.Attainable
	t.Note("attainable at %.3g FLOPs: %.4f, %g%% interval %s; the paper's value %s", a.FLOPs, a.Value, 100*a.Level, report.Interval(a.Lo, a.Hi), report.Num(r.Paper))
	return []*report.Table{t}
}

// MIMEBundle shows the task's methods as a table and the sigmoid's fit
// report when the report ends a notebook cell.
func (r *TaskReport) MIMEBundle() map[string]string {
	b := report.Bundle(r.tables()...)
	if r.Fit != nil {
		f := r.Fit.Report().MIMEBundle()
		b["text/html"] += "\n" + f["text/html"]
		b["text/plain"] += "\n" + f["text/plain"]
	}
	return b
}

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
