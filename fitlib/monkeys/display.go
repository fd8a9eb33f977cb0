package monkeys

import (
	"fmt"
	"strings"

	"github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/internal/report"
)

// This file gives the package's results their rich form in a notebook
// (rule R3 of fitlib/doc.go): MIMEBundle returns a table (text/html, or the
// Markdown the results already write) and text/plain that is text.

// Report is the fit report (fitlib's one report, fit.Report): alpha,
// beta and scale, the record, and the closed-form power law of the fitted
// distribution.
func (f *MLEFit) Report() *fit.Report {
	r := &fit.Report{Title: fmt.Sprintf("Scaled %v-binomial maximum likelihood", f.Family), Outcome: f.Outcome, Params: f.Parameters(),
		Stats: []fit.Stat{{Name: "power law", Value: fmt.Sprintf("-log pass@k ≈ %s k^-%s (Dist.Asymptote)", report.Num(f.A), report.Num(f.B))},
			{Name: "starts", Value: fmt.Sprint(len(f.PerStart))}}}
	if len(f.AtBound) > 0 {
		r.Stats = append(r.Stats, fit.Stat{Name: "at a bound", Value: strings.Join(f.AtBound, "; ")})
	}
	return r
}

// MIMEBundle shows the fit report when the fit ends a notebook cell.
func (f *MLEFit) MIMEBundle() map[string]string { return f.Report().MIMEBundle() }

// Report is the fit report of the least-squares power law.
func (f *PowerLawFit) Report() *fit.Report {
	return &fit.Report{Title: "-log pass_B@k ≈ A k^(-B) (least squares in log-log space)", Outcome: f.Outcome, Params: f.Parameters(),
		Stats: []fit.Stat{{Name: "R²", Value: report.Num(f.R2)}, {Name: "points", Value: fmt.Sprintf("%d; %d left out (pass@k of 0 or 1)", len(f.Ks), f.Dropped)}}}
}

// MIMEBundle shows the fit report when the fit ends a notebook cell.
func (f *PowerLawFit) MIMEBundle() map[string]string { return f.Report().MIMEBundle() }

// String is the text report.
func (f *PowerLawFit) String() string { return f.Report().String() }

// Report is the fit report of the discretized estimator: the record
// (Objective the total NLL over bins), the bins and conventions it ran
// with, and the mean NLL per bin the authors' code prints.
func (f *DiscretizedFit) Report() *fit.Report {
	r := &fit.Report{Title: fmt.Sprintf("Discretized estimator: scaled %v fitted to a histogram of pass_i@1", f.Family), Outcome: f.Outcome, Params: f.Parameters(),
		Stats: []fit.Stat{{Name: "bins", Value: fmt.Sprintf("%d (%v, resolution %g)", len(f.Counts), f.Options.Bins, f.Options.Resolution)},
			{Name: "mean NLL per bin", Value: report.Num(f.MeanNLL)}, {Name: "power law b", Value: report.Num(f.B)}}}
	if f.Family == FamilyKumaraswamy {
		r.Stats = append(r.Stats, fit.Stat{Name: "Kumaraswamy", Value: f.Options.Kumaraswamy.String()})
	}
	if len(f.AtBound) > 0 {
		r.Stats = append(r.Stats, fit.Stat{Name: "at a bound", Value: strings.Join(f.AtBound, "; ")})
	}
	return r
}

// MIMEBundle shows the fit report when the fit ends a notebook cell.
func (f *DiscretizedFit) MIMEBundle() map[string]string { return f.Report().MIMEBundle() }

// String is the text report.
func (f *DiscretizedFit) String() string { return f.Report().String() }

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
