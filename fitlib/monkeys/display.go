package monkeys

import (
	"fmt"
	"strings"

	"github.com/gophernote/gophernote/fitlib/internal/report"
)

// This file gives the package's results their rich form in a notebook
// (rule R3 of fitlib/doc.go): MIMEBundle returns a table (text/html, or the
// Markdown the results already write) and text/plain that is text.

func (f *MLEFit) table() *report.Table {
	t := &report.Table{Title: fmt.Sprintf("Scaled %v-binomial maximum likelihood", f.Family), Header: []string{"parameter", "value"}}
	t.Add("alpha", report.Num(f.Alpha))
	t.Add("beta", report.Num(f.Beta))
	t.Add("scale p_max", report.Num(f.Scale))
	t.Add("power law a", report.Num(f.A))
	t.Add("power law b", report.Num(f.B))
	t.Note("NLL %s; converged: %v (max |gradient| %.2g, %s); %d iterations", report.Num(f.NLL), f.Converged, f.GradNorm, f.Status, f.Iterations)
	if len(f.AtBound) > 0 {
		t.Note("at a bound: %s", strings.Join(f.AtBound, "; "))
	}
	return t
}

// MIMEBundle shows the fit as a table when it ends a notebook cell.
func (f *MLEFit) MIMEBundle() map[string]string { return report.Bundle(f.table()) }

func (f *PowerLawFit) table() *report.Table {
	t := &report.Table{Title: "-log pass_B@k ≈ A k^(-B) (least squares in log-log space)", Header: []string{"parameter", "value"}}
	t.Add("A", report.Num(f.A))
	t.Add("B", report.Num(f.B))
	t.Add("R²", report.Num(f.R2))
	t.Note("%d points; %d left out (pass@k of 0 or 1)", len(f.Ks), f.Dropped)
	return t
}

// MIMEBundle shows the fit as a table when it ends a notebook cell.
func (f *PowerLawFit) MIMEBundle() map[string]string { return report.Bundle(f.table()) }

// String is the text table.
func (f *PowerLawFit) String() string { return f.table().Text() }

func (f *DiscretizedFit) table() *report.Table {
	t := &report.Table{Title: fmt.Sprintf("Discretized estimator: scaled %v fitted to a histogram of pass_i@1", f.Family), Header: []string{"parameter", "value"}}
	t.Add("alpha", report.Num(f.Alpha))
	t.Add("beta", report.Num(f.Beta))
	t.Add("scale p_max", report.Num(f.Scale))
	t.Add("power law b", report.Num(f.B))
	t.Note("%d bins (%v, resolution %g); mean NLL per bin %s; converged: %v (%s)", len(f.Counts), f.Options.Bins, f.Options.Resolution, report.Num(f.MeanNLL), f.Converged, f.Status)
	if f.Family == FamilyKumaraswamy {
		t.Note("Kumaraswamy: %v", f.Options.Kumaraswamy)
	}
	if len(f.AtBound) > 0 {
		t.Note("at a bound: %s", strings.Join(f.AtBound, "; "))
	}
	return t
}

// MIMEBundle shows the fit as a table when it ends a notebook cell.
func (f *DiscretizedFit) MIMEBundle() map[string]string { return report.Bundle(f.table()) }

// String is the text table.
func (f *DiscretizedFit) String() string { return f.table().Text() }

func (m *ModelAnalysis) table() *report.Table {
	t := &report.Table{Title: "Power-law exponent b of " + m.Model, Header: []string{"estimator", "b", "details"}}
	if m.LS != nil {
		t.Add("least squares on pass@k", report.Num(m.LS.B), fmt.Sprintf("A = %.4g, R² = %.4f", m.LS.A, m.LS.R2))
	}
	if m.BetaBinomial != nil {
		t.Add("Beta-binomial MLE (closed form)", report.Num(m.BetaBinomial.B), fmt.Sprintf("alpha %.4g, beta %.4g, scale %.4g", m.BetaBinomial.Alpha, m.BetaBinomial.Beta, m.BetaBinomial.Scale))
	}
	if m.BetaRouteLS != nil {
		t.Add("Beta-binomial, paper's route", report.Num(m.BetaRouteLS.B), "least squares on the fitted F(k)")
	}
	if m.Kumaraswamy != nil {
		t.Add("Kumaraswamy-binomial MLE", report.Num(m.Kumaraswamy.B), fmt.Sprintf("alpha %.4g, beta %.4g", m.Kumaraswamy.Alpha, m.Kumaraswamy.Beta))
	}
	if m.Discretized != nil {
		t.Add("discretized (Beta)", report.Num(m.Discretized.B), "")
	}
	if m.DiscretizedKuma != nil {
		t.Add("discretized (Kumaraswamy)", report.Num(m.DiscretizedKuma.B), "")
	}
	return t
}

// MIMEBundle shows every estimate of b as a table when the analysis ends
// a notebook cell.
func (m *ModelAnalysis) MIMEBundle() map[string]string { return report.Bundle(m.table()) }

// String is the text table.
func (m *ModelAnalysis) String() string { return m.table().Text() }

// MIMEBundle shows the backtest's Markdown table (text/markdown, and the
// same text as text/plain) when it ends a notebook cell.
func (r *BacktestResult) MIMEBundle() map[string]string {
	md := r.Markdown()
	return map[string]string{"text/markdown": md, "text/plain": md}
}

// MIMEBundle shows the demonstration's local slopes as a Markdown table
// when it ends a notebook cell.
func (d *Demo) MIMEBundle() map[string]string {
	md := DemoMarkdown([]*Demo{d})
	return map[string]string{"text/markdown": md, "text/plain": md}
}
