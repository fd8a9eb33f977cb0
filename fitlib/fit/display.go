package fit

import (
	"fmt"
	"math"
	"strconv"

	"github.com/gophernote/gophernote/fitlib/internal/report"
)

// This file gives the results of the package their rich form in a notebook
// (rule R3 of fitlib/doc.go): MIMEBundle returns text/html and a text/plain
// table, which gophernote's display layer shows when the value ends a cell
// (the package does not import the kernel). Result's report is in
// summary.go.

func pct(level float64) string { return strconv.FormatFloat(100*level, 'g', 4, 64) + "%" }

// table is the bootstrap summary as a report table.
func (b *BootstrapResult) table() *report.Table {
	t := &report.Table{Title: fmt.Sprintf("Bootstrap: %d resamples, %s percentile intervals", b.Resamples, pct(b.Level)),
		Header: []string{"parameter", "estimate", "SE", pct(b.Level) + " interval", "median"}}
	for j, n := range b.Names {
		est := math.NaN()
		if j < len(b.Estimate) {
			est = b.Estimate[j]
		}
		t.Add(n, report.Num(est), report.Num(at(b.SE, j)), report.Interval(at(b.Lo, j), at(b.Hi, j)), report.Num(at(b.Median, j)))
	}
	if n := len(b.Samples); n < b.Resamples {
		t.Note("%d of %d refits converged; the intervals use those %d", n, b.Resamples, n)
	} else {
		t.Note("all %d refits converged", n)
	}
	return t
}

// MIMEBundle shows the bootstrap as a table (text/html and text/plain) when
// it ends a notebook cell.
func (b *BootstrapResult) MIMEBundle() map[string]string { return report.Bundle(b.table()) }

// String is the text table.
func (b *BootstrapResult) String() string { return b.table().Text() }

// table is the estimate as a report table, one row per data row.
func (e *Estimate) table() *report.Table {
	t := &report.Table{Title: e.Expr, Header: []string{"row", "value", "SE", pct(e.Level) + " interval"}}
	pred := len(e.PredLo) == len(e.Value) && len(e.Value) > 0
	if pred {
		t.Header = append(t.Header, "prediction band")
	}
	for i, v := range e.Value {
		row := []string{strconv.Itoa(i), report.Num(v), report.Num(at(e.SE, i)), report.Interval(at(e.Lo, i), at(e.Hi, i))}
		if pred {
			row = append(row, report.Interval(at(e.PredLo, i), at(e.PredHi, i)))
		}
		t.Add(row...)
	}
	if e.How != "" {
		t.Note("interval: %s", e.How)
	}
	if pred && e.PredHow != "" {
		t.Note("prediction band: %s", e.PredHow)
	}
	return t
}

// MIMEBundle shows the estimate as a table when it ends a notebook cell.
func (e *Estimate) MIMEBundle() map[string]string { return report.Bundle(e.table()) }

// String is the text table.
func (e *Estimate) String() string { return e.table().Text() }

// MIMEBundle shows the test as one line of text and a one-row table.
func (t *Test) MIMEBundle() map[string]string {
	tb := &report.Table{Header: []string{"test", "statistic", "df", "p-value", "reference"}}
	tb.Add(t.Name, report.Num(t.Statistic), strconv.Itoa(t.DF), report.Num(t.P), t.Reference)
	return report.Bundle(tb)
}

func (p *Profile) table() *report.Table {
	t := &report.Table{Title: "Profile-likelihood interval of " + p.Name,
		Header: []string{"parameter", "estimate", pct(p.Level) + " interval", "critical value", "refits"}}
	t.Add(p.Name, report.Num(p.Estimate), report.Interval(p.Lo, p.Hi), report.Num(p.Critical), strconv.Itoa(p.Refits))
	if p.Reference != "" {
		t.Note("reference distribution: %s", p.Reference)
	}
	if p.Note != "" {
		t.Note("%s", p.Note)
	}
	return t
}

// MIMEBundle shows the profile interval as a table.
func (p *Profile) MIMEBundle() map[string]string { return report.Bundle(p.table()) }

// String is the text table.
func (p *Profile) String() string { return p.table().Text() }

func (x *Extrapolation) table() *report.Table {
	t := &report.Table{Title: fmt.Sprintf("Extrapolation: fitted on %d rows with %s < %g, checked on %d", len(x.Train), x.Column, x.Below, len(x.Test)),
		Header: []string{"statistic", "value", "SE"}}
	t.Add("RMS residual", report.Num(x.RMSE), report.Num(x.RMSESE))
	t.Add("mean residual", report.Num(x.MeanResidual), report.Num(x.MeanResidSE))
	t.Add("inside the prediction band", report.Num(x.Inside), "")
	return t
}

// MIMEBundle shows the extrapolation check as a table.
func (x *Extrapolation) MIMEBundle() map[string]string { return report.Bundle(x.table()) }

// String is the text table.
func (x *Extrapolation) String() string { return x.table().Text() }

func (b *BacktestResult) table() *report.Table {
	t := &report.Table{Title: fmt.Sprintf("Backtest: fitted on %d rows, tested on %d", len(b.Train), len(b.Test)),
		Header: []string{"test row", "observed - predicted"}}
	for k, i := range b.Test {
		t.Add(strconv.Itoa(i), report.Num(b.Residual[k]))
	}
	t.Note("mean test loss %s", report.Num(b.TestLoss))
	return t
}

// MIMEBundle shows the backtest as a table.
func (b *BacktestResult) MIMEBundle() map[string]string { return report.Bundle(b.table()) }

// String is the text table.
func (b *BacktestResult) String() string { return b.table().Text() }

func at(x []float64, i int) float64 {
	if i < len(x) {
		return x[i]
	}
	return math.NaN()
}
