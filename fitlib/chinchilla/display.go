package chinchilla

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/gophernote/gophernote/fitlib/fit"
	"github.com/gophernote/gophernote/fitlib/internal/report"
)

// This file gives the package's results their rich form in a notebook
// (rule R3 of fitlib/doc.go): MIMEBundle returns text/html and a text/plain
// table, which gophernote's display layer shows when the value ends a cell.

// Report is the fit report (fitlib's one report, fit.Report): the law's
// parameters, the record, the starts, the log-form values the fit worked
// in and the compute-optimal exponents.
func (f *LawFit) Report() *fit.Report {
	r := &fit.Report{Title: "Chinchilla law L(N, D) = E + A N^-alpha + B D^-beta", Outcome: f.Outcome, Params: f.Parameters()}
	r.Stats = append(r.Stats, fit.Stat{Name: "starts", Value: strconv.Itoa(f.Starts)})
	if len(f.Theta) > 0 {
		names := []string{"a", "b", "e", "alpha", "beta", "log sigma"}
		var parts []string
		for j, v := range f.Theta {
			if j < len(names) {
				parts = append(parts, names[j]+" = "+report.Num(v))
			}
		}
		r.Stats = append(r.Stats, fit.Stat{Name: "log form", Value: strings.Join(parts, ", ")})
	}
	if f.StepSE > 0 {
		r.Stats = append(r.Stats, fit.Stat{Name: "BFGS's distance", Value: fmt.Sprintf("%.2g standard errors from the optimum", f.StepSE)})
	}
	r.Notes = append(r.Notes, fmt.Sprintf("N_opt ∝ C^%.4f, D_opt ∝ C^%.4f", f.Params.ExponentA(), f.Params.ExponentB()))
	return r
}

// MIMEBundle shows the fit report (text/html and text/plain) when the fit
// ends a notebook cell.
func (f *LawFit) MIMEBundle() map[string]string { return f.Report().MIMEBundle() }

// String is the text report.
func (f *LawFit) String() string { return f.Report().String() }

func (b *BootstrapResult) table() *report.Table {
	t := &report.Table{Title: fmt.Sprintf("Bootstrap of the Chinchilla law: %d resamples, %g%% percentile intervals", b.Resamples, 100*b.Level),
		Header: []string{"parameter", "estimate", "SE", "interval", "median"}}
	for j, n := range b.Names {
		t.Add(n, report.Num(at(b.Estimate, j)), report.Num(at(b.SE, j)), report.Interval(at(b.Lo, j), at(b.Hi, j)), report.Num(at(b.Median, j)))
	}
	t.Note("%d resample fits did not converge (kept, as Besiroglu et al. keep them)", b.Failed)
	return t
}

// MIMEBundle shows the bootstrap as a table when it ends a notebook cell.
func (b *BootstrapResult) MIMEBundle() map[string]string { return report.Bundle(b.table()) }

// String is the text table.
func (b *BootstrapResult) String() string { return b.table().Text() }

// Report is the fit report of Approach 2: the exponents with their
// jackknife errors, and every budget's vertex.
func (f *IsoFLOPFit) Report() *fit.Report {
	r := &fit.Report{Title: "Approach 2: IsoFLOP parabolas", Outcome: f.Outcome, Params: f.Parameters(),
		Stats: []fit.Stat{{Name: "budgets", Value: strconv.Itoa(len(f.Budgets))}, {Name: "a + b", Value: fmt.Sprintf("%.6f", f.SumAB)}}}
	for _, b := range f.Budgets {
		r.Notes = append(r.Notes, fmt.Sprintf("budget C = %s: %d runs, N_opt = %s, D_opt = %s, min loss %s",
			report.Num(b.C), len(b.N), report.Num(b.NOpt), report.Num(b.DOpt), report.Num(b.MinLoss)))
	}
	return r
}

// MIMEBundle shows the fit report when the fit ends a notebook cell.
func (f *IsoFLOPFit) MIMEBundle() map[string]string { return f.Report().MIMEBundle() }

// String is the text report.
func (f *IsoFLOPFit) String() string { return f.Report().String() }

// Report is the fit report of Approach 1.
func (f *EnvelopeFit) Report() *fit.Report {
	interior := 0
	for _, in := range f.Interior {
		if in {
			interior++
		}
	}
	return &fit.Report{Title: "Approach 1: lower envelope of the training curves", Outcome: f.Outcome, Params: f.Parameters(),
		Stats: []fit.Stat{{Name: "grid points", Value: strconv.Itoa(len(f.C))}, {Name: "interior points regressed", Value: strconv.Itoa(interior)}}}
}

// MIMEBundle shows the fit report when the fit ends a notebook cell.
func (f *EnvelopeFit) MIMEBundle() map[string]string { return f.Report().MIMEBundle() }

// String is the text report.
func (f *EnvelopeFit) String() string { return f.Report().String() }

func at(x []float64, i int) float64 {
	if i < len(x) {
		return x[i]
	}
	return math.NaN()
}
