package geneval

import (
	"fmt"
	"strconv"

	"github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/internal/report"
)

// This file gives the package's results their rich form in a notebook
// (rule R3 of fitlib/doc.go): MIMEBundle returns a table (text/html, or the
// Markdown the results already write) and text/plain that is text.

// Report is the fit report (fitlib's one report, fit.Report): the law's
// parameters, the engine's record, the checkpoints used and left out,
// and the starts.
func (f *LawFit) Report() *fit.Report {
	return &fit.Report{Title: fmt.Sprintf("%s law at k = %d: -log pass_B@k = %s", f.Law, f.K, f.Law.Formula()), Outcome: f.Outcome, Params: f.Parameters(),
		Stats: []fit.Stat{
			{Name: "checkpoints", Value: fmt.Sprintf("%d (left out: %d with pass@k = 0, %d with fewer than k samples, %d other)", f.Points, f.ZeroPass, f.Undersampled, f.Other)},
			{Name: "RMS log residual", Value: fmt.Sprintf("%.4f", f.RMSLog)},
			{Name: "starts", Value: fmt.Sprintf("%d of %d converged", f.StartsConverged, f.Starts)},
		}}
}

// MIMEBundle shows the fit report when the fit ends a notebook cell.
func (f *LawFit) MIMEBundle() map[string]string { return f.Report().MIMEBundle() }

// String is the text report.
func (f *LawFit) String() string { return f.Report().String() }

// MIMEBundle shows the grid fit as its Markdown table (text/markdown, and
// the same text as text/plain) when it ends a notebook cell.
func (g *GridFit) MIMEBundle() map[string]string {
	md := g.Markdown()
	return map[string]string{"text/markdown": md, "text/plain": md}
}

// MIMEBundle shows the backtest as its Markdown table when it ends a
// notebook cell.
func (bt *BacktestResult) MIMEBundle() map[string]string {
	md := bt.Markdown()
	return map[string]string{"text/markdown": md, "text/plain": md}
}

func (s *Study) tables() []*report.Table {
	fits := &report.Table{Title: "Pythia checkpoints: the laws fitted at every k", Header: []string{"benchmark", "law", "k fitted", "k skipped"}}
	for _, g := range []*GridFit{s.GSM8KCompute, s.GSM8KParamsTokens, s.GSM8KGoldReference, s.MATHCompute, s.MATHParamsTokens} {
		if g == nil {
			continue
		}
		k := ""
		if len(g.K) > 0 {
			k = fmt.Sprintf("%d (%d..%d)", len(g.K), g.K[0], g.K[len(g.K)-1])
		}
		fits.Add(shortName(g.Benchmark), g.Law.String(), k, strconv.Itoa(len(g.Skipped)))
	}
	bts := &report.Table{Title: fmt.Sprintf("Backtests on GSM8K at k = %d", s.BacktestK),
		Header: []string{"law", "target", "observed pass@k", "relative error, all checkpoints", "settles (orders of magnitude)"}}
	for _, bt := range s.Backtests {
		o, _ := bt.SettleOrders("")
		e := "—"
		if len(bt.RelError) > 0 {
			e = report.Num(bt.RelError[0])
		}
		bts.Add(bt.Law.String(), bt.Target, report.Num(bt.TargetPass), e, report.Num(o))
	}
	return []*report.Table{fits, bts}
}

// MIMEBundle shows the study as two tables (the grid fits and the
// backtests) when it ends a notebook cell; the fields hold the details.
func (s *Study) MIMEBundle() map[string]string { return report.Bundle(s.tables()...) }
